package server

import (
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
)

func checkDir(t *testing.T, dir string) {
	t.Helper()
	rep, err := check.Dir(dir, check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("check: %v", rep.Problems)
	}
}

// noJobs fails if a DDL job record is left.
func noJobs(t *testing.T, db *sql.DB) {
	t.Helper()
	if jobs := queryRows(t, db, "SELECT * FROM information_schema.MYRIAD_DDL_JOBS"); len(jobs) != 0 {
		t.Fatalf("job records left: %v", jobs)
	}
}

func createTableOf(t *testing.T, db *sql.DB, tbl string) string {
	t.Helper()
	r := queryRows(t, db, "SHOW CREATE TABLE "+tbl)
	return r[0][1]
}

// TestOnlineRewriteUnderDML changes a column's type while clients insert,
// update and delete rows. Each client transaction applies the same change
// to the table being rewritten and to a control table, so when the rewrite
// is done the table must equal the control table after the same ALTER,
// row for row and through its secondary index. SHOW PROCESSLIST and
// MYRIAD_DDL_JOBS show the copy while it runs, and the offline checker
// passes.
func TestOnlineRewriteUnderDML(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(16)
	const n = 6000
	fillTable(t, db, "t", n, func(i int) int { return i % 97 })
	mustExec(t, db, "CREATE INDEX kx ON t (k)")
	mustExec(t, db, "CREATE TABLE c LIKE t")
	mustExec(t, db, "INSERT INTO c SELECT * FROM t")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")

	var observed sync.Once
	seen := make(chan [2]string, 1)
	pauseBackfill(t, "t", func(done int64) {
		time.Sleep(3 * time.Millisecond)
		if done >= 1000 {
			observed.Do(func() {
				var st, job string
				for _, r := range queryRows(t, db, "SHOW PROCESSLIST") {
					if strings.HasPrefix(r[6], "copy to tmp table") {
						st = r[6]
					}
				}
				for _, r := range queryRows(t, db, "SELECT SCHEMA_NAME, TABLE_NAME, STATE FROM information_schema.MYRIAD_DDL_JOBS") {
					job = strings.Join(r, ",")
				}
				seen <- [2]string{st, job}
			})
		}
	})

	w := startControlWriters(db, n, true)
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	mustExec(t, db, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
	took := time.Since(start)
	time.Sleep(100 * time.Millisecond) // writers after the swap
	w.finish(t)
	select {
	case s := <-seen:
		if !strings.HasPrefix(s[0], "copy to tmp table (") || !strings.HasSuffix(s[0], " rows)") {
			t.Errorf("SHOW PROCESSLIST state during the copy: %q", s[0])
		}
		if s[1] != "d,t,rewrite write-only" {
			t.Errorf("MYRIAD_DDL_JOBS during the copy: %q", s[1])
		}
	default:
		t.Fatal("the copy never reached 1,000 rows")
	}
	noJobs(t, db)
	mustExec(t, db, "ALTER TABLE c MODIFY k BIGINT NOT NULL")
	if a, b := createTableOf(t, db, "t"), strings.Replace(createTableOf(t, db, "c"), "`c`", "`t`", 1); a != b {
		t.Fatalf("definitions differ:\n%s\n%s", a, b)
	}
	if !strings.Contains(createTableOf(t, db, "t"), "`k` bigint NOT NULL") {
		t.Fatalf("k is not BIGINT: %s", createTableOf(t, db, "t"))
	}
	got := queryRows(t, db, "SELECT id, k, v FROM t ORDER BY id")
	want := queryRows(t, db, "SELECT id, k, v FROM c ORDER BY id")
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rewritten table (%d rows) differs from the control table (%d rows)", len(got), len(want))
	}
	rows := agree(t, db, "t", "kx")
	if cnt := queryRows(t, db, "SELECT COUNT(*) FROM t"); cnt[0][0] != fmt.Sprint(rows) {
		t.Fatalf("COUNT(*) %s, rows %d", cnt[0][0], rows)
	}
	t.Logf("rewrite %v under %d transactions (%d retried); %d rows", took, w.ops.Load(), w.retries.Load(), rows)
	ts.srv.Close()
	checkDir(t, dir)
}

// applyBoth runs each statement (with %s for the table) on t and on c in
// one transaction.
func applyBoth(db *sql.DB, stmts []string) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	for _, s := range stmts {
		for _, tbl := range []string{"t", "c"} {
			if _, err := tx.Exec(fmt.Sprintf(s, tbl)); err != nil {
				tx.Rollback()
				return err
			}
		}
	}
	return tx.Commit()
}

// TestOnlineRewriteConversionFailure: a value the new type cannot hold,
// whether stored midway through the table or written by a client during
// the copy, fails the ALTER with MySQL's error and leaves the table, its
// data and the catalog as they were (no shadow rows, no job).
func TestOnlineRewriteConversionFailure(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 3000, func(i int) int { return i })
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	mustExec(t, db, "UPDATE t SET k = 200000, v = 'abc' WHERE id = 2500")
	before := createTableOf(t, db, "t")
	sum := queryRows(t, db, "SELECT COUNT(*), SUM(k), MAX(v) FROM t")

	cases := []struct {
		alter string
		no    int
		msg   string
	}{
		{"ALTER TABLE t MODIFY k SMALLINT NOT NULL", 1264, "Out of range value for column 'k' at row 2501"},
		{"ALTER TABLE t MODIFY v INT", 1366, "Incorrect integer value: 'v0' for column 'v' at row 1"},
		{"ALTER TABLE t MODIFY v VARCHAR(3)", 1265, "Data truncated for column 'v' at row 101"},
		{"ALTER TABLE t MODIFY v VARCHAR(32) NOT NULL", 0, ""},
	}
	mustExec(t, db, "UPDATE t SET v = NULL WHERE id = 2999")
	cases[3].no, cases[3].msg = 1138, "Invalid use of NULL value"
	for _, c := range cases {
		_, err := db.Exec(c.alter)
		if mysqlErrNo(err) != c.no || !strings.Contains(err.Error(), c.msg) {
			t.Fatalf("%s: %v, want %d %s", c.alter, err, c.no, c.msg)
		}
		if got := createTableOf(t, db, "t"); got != before {
			t.Fatalf("%s changed the definition: %s", c.alter, got)
		}
		noJobs(t, db)
	}
	mustExec(t, db, "UPDATE t SET v = 'v2999' WHERE id = 2999")

	// A client writes a value that does not fit while the copy runs.
	mustExec(t, db, "UPDATE t SET k = 2500 WHERE id = 2500")
	var once sync.Once
	pauseBackfill(t, "t", func(done int64) {
		once.Do(func() {
			if _, err := db.Exec("INSERT INTO t VALUES (9000000, 70000, 'big')"); err != nil {
				t.Errorf("insert during the copy: %v", err)
			}
		})
	})
	_, err := db.Exec("ALTER TABLE t MODIFY k SMALLINT NOT NULL")
	if mysqlErrNo(err) != 1264 {
		t.Fatalf("ALTER with a concurrent out-of-range value: %v, want 1264", err)
	}
	engine.BackfillHook.Store(nil)
	if got := createTableOf(t, db, "t"); got != before {
		t.Fatalf("the failed ALTER changed the definition: %s", got)
	}
	noJobs(t, db)
	mustExec(t, db, "DELETE FROM t WHERE id = 9000000")
	mustExec(t, db, "UPDATE t SET k = 200000 WHERE id = 2500")
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(k), MAX(v) FROM t"); fmt.Sprint(got) != fmt.Sprint(sum) {
		t.Fatalf("rows changed: %v, want %v", got, sum)
	}
	ts.srv.Close()
	checkDir(t, dir)
}

// TestOnlineRewriteDuplicateKey: a type change that maps two primary keys
// (or two values of a UNIQUE index) to one value fails with 1062, leaving
// no trace.
func TestOnlineRewriteDuplicateKey(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	mustExec(t, db, "CREATE TABLE p (id DECIMAL(8,1) PRIMARY KEY, u DECIMAL(8,1), UNIQUE KEY uu (u))")
	var b strings.Builder
	b.WriteString("INSERT INTO p VALUES ")
	for i := 0; i < 2000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "(%d.0, %d.0)", i*10, i*10)
	}
	mustExec(t, db, b.String())
	// 15000.2 rounds to the key of row 1500, far behind the first batch.
	mustExec(t, db, "INSERT INTO p VALUES (15000.2, 1.0)")
	before := createTableOf(t, db, "p")
	_, err := db.Exec("ALTER TABLE p MODIFY id INT")
	if mysqlErrNo(err) != 1062 || !strings.Contains(err.Error(), "Duplicate entry '15000' for key 'p.PRIMARY'") {
		t.Fatalf("ALTER mapping two keys to one: %v, want 1062 for 15000", err)
	}
	mustExec(t, db, "DELETE FROM p WHERE id = 15000.2")
	mustExec(t, db, "INSERT INTO p VALUES (15000.5, 10000.2)")
	_, err = db.Exec("ALTER TABLE p MODIFY u INT")
	if mysqlErrNo(err) != 1062 || !strings.Contains(err.Error(), "for key 'p.uu'") {
		t.Fatalf("ALTER mapping two unique values to one: %v, want 1062 on uu", err)
	}
	if got := createTableOf(t, db, "p"); got != before {
		t.Fatalf("the failed ALTER changed the definition: %s", got)
	}
	noJobs(t, db)
	mustExec(t, db, "DELETE FROM p WHERE id = 15000.5")

	// Two keys that convert to one identical row (nothing but the key).
	mustExec(t, db, "CREATE TABLE q (id DECIMAL(8,1) PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO q SELECT id FROM p")
	mustExec(t, db, "INSERT INTO q VALUES (15000.2)")
	_, err = db.Exec("ALTER TABLE q MODIFY id INT")
	if mysqlErrNo(err) != 1062 || !strings.Contains(err.Error(), "Duplicate entry '15000' for key 'q.PRIMARY'") {
		t.Fatalf("ALTER mapping two keys to one identical row: %v, want 1062 for 15000", err)
	}
	if got := queryRows(t, db, "SELECT COUNT(*) FROM q"); got[0][0] != "2001" {
		t.Fatalf("rows of q after the failed ALTER: %v", got)
	}
	noJobs(t, db)
	mustExec(t, db, "ALTER TABLE p MODIFY id INT, MODIFY u INT")
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(u) FROM p"); fmt.Sprint(got) != "[[2000 19990000 19990000]]" {
		t.Fatalf("after the rewrite: %v", got)
	}
	ts.srv.Close()
	checkDir(t, dir)
}

// TestOnlineRewriteKillQuery: KILL QUERY during the copy fails the ALTER
// with 1317 and removes the shadow; the table keeps its definition and
// rows, and the same ALTER then succeeds.
func TestOnlineRewriteKillQuery(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 3000, func(i int) int { return i })
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	before := createTableOf(t, db, "t")
	if err := killDuringBackfill(t, db, "t", "ALTER TABLE t MODIFY k BIGINT NOT NULL"); mysqlErrNo(err) != 1317 {
		t.Fatalf("killed ALTER: %v, want 1317", err)
	}
	if got := createTableOf(t, db, "t"); got != before {
		t.Fatalf("the killed ALTER changed the definition: %s", got)
	}
	noJobs(t, db)
	engine.BackfillHook.Store(nil)
	mustExec(t, db, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(k) FROM t"); fmt.Sprint(got) != "[[3000 4498500]]" {
		t.Fatalf("after the rewrite: %v", got)
	}
	ts.srv.Close()
	checkDir(t, dir)
}

// TestOnlineRewriteConvertCharset: CONVERT TO CHARACTER SET rewrites each
// text column online; the rows read back the same, the definition says
// the new character set, and no job is left.
func TestOnlineRewriteConvertCharset(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE cs (id INT PRIMARY KEY, a VARCHAR(20), b TEXT, KEY ax (a)) CHARACTER SET utf8mb4")
	for i := 0; i < 3000; i += 500 {
		var b strings.Builder
		b.WriteString("INSERT INTO cs VALUES ")
		for j := i; j < i+500; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d, 'caf\u00e9 %d', 'na\u00efve %d')", j, j, j)
		}
		mustExec(t, db, b.String())
	}
	want := queryRows(t, db, "SELECT id, a, b FROM cs ORDER BY id")
	mustExec(t, db, "ALTER TABLE cs CONVERT TO CHARACTER SET latin1")
	def := createTableOf(t, db, "cs")
	if !strings.Contains(def, "CHARSET=latin1") {
		t.Fatalf("definition after CONVERT: %s", def)
	}
	if got := queryRows(t, db, "SELECT id, a, b FROM cs ORDER BY id"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows changed by CONVERT TO CHARACTER SET (%d rows, want %d)", len(got), len(want))
	}
	if got := queryRows(t, db, "SELECT COUNT(*) FROM cs FORCE INDEX (ax) WHERE a >= 'c'"); got[0][0] != "3000" {
		t.Fatalf("rows through ax: %v", got)
	}
	noJobs(t, db)

	// A keyless table converts too (online, its rows keep their row IDs);
	// a character latin1 lacks fails with MySQL's 1366 and changes nothing.
	mustExec(t, db, "CREATE TABLE kl (a VARCHAR(10)) CHARACTER SET utf8mb4")
	mustExec(t, db, "INSERT INTO kl VALUES ('caf\u00e9'), ('x')")
	mustExec(t, db, "ALTER TABLE kl CONVERT TO CHARACTER SET latin1")
	if got := queryRows(t, db, "SELECT a FROM kl ORDER BY a"); fmt.Sprint(got) != "[[caf\u00e9] [x]]" {
		t.Fatalf("keyless table after CONVERT: %v", got)
	}
	mustExec(t, db, "CREATE TABLE cs2 (id INT PRIMARY KEY, a VARCHAR(10)) CHARACTER SET utf8mb4")
	mustExec(t, db, "INSERT INTO cs2 VALUES (1, 'caf\u00e9'), (2, 'x\u4e2d\u6587 y')")
	before := createTableOf(t, db, "cs2")
	_, err := db.Exec("ALTER TABLE cs2 CONVERT TO CHARACTER SET latin1")
	if no := mysqlErrNo(err); no != 1366 || !strings.Contains(err.Error(), `Incorrect string value: '\xE4\xB8\xAD\xE6\x96\x87...' for column 'a' at row 2`) {
		t.Fatalf("CONVERT TO a character set lacking a stored character: %v, want 1366", err)
	}
	if got := createTableOf(t, db, "cs2"); got != before {
		t.Fatalf("the failed CONVERT changed the definition: %s", got)
	}
	noJobs(t, db)
	// The table default alone: no column changes.
	mustExec(t, db, "ALTER TABLE cs DEFAULT CHARACTER SET utf8mb4")
	if def := createTableOf(t, db, "cs"); !strings.Contains(def, "CHARSET=utf8mb4") || !strings.Contains(def, "`a` varchar(20) CHARACTER SET latin1") {
		t.Fatalf("after changing the table default: %s", def)
	}
	ts.srv.Close()
	checkDir(t, dir)
}
