package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/myriaddb/myriad/engine"
)

// keylessTable creates tbl without a primary key (id, k, v and an index
// on k) holding n rows.
func keylessTable(t *testing.T, db *sql.DB, tbl string, n int) {
	t.Helper()
	mustExec(t, db, fmt.Sprintf("CREATE TABLE %s (id BIGINT NOT NULL, k INT NOT NULL, v VARCHAR(32), KEY kx (k), KEY ix (id))", tbl))
	for i := 0; i < n; i += 500 {
		var b strings.Builder
		fmt.Fprintf(&b, "INSERT INTO %s VALUES ", tbl)
		for j := i; j < i+500 && j < n; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'v%d')", j, j%97, j)
		}
		mustExec(t, db, b.String())
	}
}

// sameThroughIndex fails unless the rows read through index kx are the
// rows of a scan.
func sameThroughIndex(t *testing.T, db *sql.DB, tbl string) int {
	t.Helper()
	byIndex := queryRows(t, db, fmt.Sprintf("SELECT * FROM %s FORCE INDEX (kx) WHERE k >= -1000000000 ORDER BY id", tbl))
	scan := queryRows(t, db, fmt.Sprintf("SELECT * FROM %s IGNORE INDEX (kx) ORDER BY id", tbl))
	if fmt.Sprint(byIndex) != fmt.Sprint(scan) {
		t.Fatalf("index kx of %s gives %d rows, the table %d", tbl, len(byIndex), len(scan))
	}
	return len(scan)
}

// TestPKRewriteUnderDML runs each primary key change (and an ALTER of
// several parts) while clients insert, update and delete rows. Every
// client transaction does the same to the table being altered and to a
// control table; after the ALTER the control table gets the same ALTER
// with nobody writing, and the two must agree in definition and rows,
// also through the secondary index. The copy must have run as a job (seen
// in MYRIAD_DDL_JOBS), no client may fail, and the offline checker passes.
func TestPKRewriteUnderDML(t *testing.T) {
	cases := []struct {
		name    string
		keyless bool
		alter   string
		def     string // in SHOW CREATE TABLE afterwards
	}{
		{"add", true, "ALTER TABLE %s ADD PRIMARY KEY (id)", "PRIMARY KEY (`id`)"},
		{"drop", false, "ALTER TABLE %s DROP PRIMARY KEY", "KEY `kx` (`k`)\n)"},
		{"change", false, "ALTER TABLE %s DROP PRIMARY KEY, ADD PRIMARY KEY (k, id)", "PRIMARY KEY (`k`,`id`)"},
		{"several", false, "ALTER TABLE %s MODIFY k BIGINT NOT NULL, ADD COLUMN w INT DEFAULT 7 AFTER id, DROP COLUMN v", "`w` int DEFAULT '7'"},
		{"keyless modify", true, "ALTER TABLE %s MODIFY k BIGINT NOT NULL", "`k` bigint NOT NULL"},
		{"keyless several", true, "ALTER TABLE %s MODIFY k BIGINT NOT NULL, ADD COLUMN w INT DEFAULT 7 AFTER id, DROP COLUMN v", "`w` int DEFAULT '7'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ts := startServer(t, dir)
			db := ts.connect("")
			// DDL settings are process-wide globals: earlier tests of the
			// package may have left a batch delay or throttle set.
			mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
			mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
			mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
			defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
			mustExec(t, db, "CREATE DATABASE d")
			db = ts.connect("d")
			db.SetMaxOpenConns(16)
			const n = 4000
			for _, tbl := range []string{"t", "c"} {
				if c.keyless {
					keylessTable(t, db, tbl, n)
				} else {
					fillTable(t, db, tbl, n, func(i int) int { return i % 97 })
					mustExec(t, db, "CREATE INDEX kx ON "+tbl+" (k)")
				}
			}
			mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
			defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
			var observed sync.Once
			seen := make(chan string, 1)
			pauseBackfill(t, "t", func(done int64) {
				time.Sleep(3 * time.Millisecond)
				if done >= 1000 {
					observed.Do(func() {
						job := ""
						for _, r := range queryRows(t, db, "SELECT SCHEMA_NAME, TABLE_NAME, STATE FROM information_schema.MYRIAD_DDL_JOBS") {
							job = strings.Join(r, ",")
						}
						seen <- job
					})
				}
			})
			w := startControlWriters(db, n, false)
			time.Sleep(100 * time.Millisecond)
			start := time.Now()
			mustExec(t, db, fmt.Sprintf(c.alter, "t"))
			took := time.Since(start)
			time.Sleep(100 * time.Millisecond)
			w.finish(t)
			select {
			case job := <-seen:
				if job != "d,t,rewrite write-only" {
					t.Errorf("MYRIAD_DDL_JOBS during the copy: %q", job)
				}
			default:
				t.Fatal("the copy never reached 1,000 rows as a job")
			}
			noJobs(t, db)
			engine.BackfillHook.Store(nil)
			mustExec(t, db, fmt.Sprintf(c.alter, "c"))
			// Both tables take writes in their new form; a new row of t must
			// not land on a copied row's key (the row ID sequence moved on).
			for _, q := range []string{"INSERT INTO %s (id, k) VALUES (99999999, 1)", "INSERT INTO %s (id, k) VALUES (99999998, 1)",
				"UPDATE %s SET k = 2 WHERE id = 99999999", "DELETE FROM %s WHERE id = 99999998"} {
				if err := applyBoth(db, []string{q}); err != nil {
					t.Fatalf("%s after the ALTER: %v", q, err)
				}
			}
			def := createTableOf(t, db, "t")
			if want := strings.Replace(createTableOf(t, db, "c"), "`c`", "`t`", 1); def != want {
				t.Fatalf("definitions differ:\n%s\n%s", def, want)
			}
			if !strings.Contains(def, c.def) {
				t.Fatalf("definition after %s lacks %q:\n%s", c.alter, c.def, def)
			}
			got := queryRows(t, db, "SELECT * FROM t ORDER BY id")
			want := queryRows(t, db, "SELECT * FROM c ORDER BY id")
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("altered table (%d rows) differs from the control table (%d rows)", len(got), len(want))
			}
			rows := sameThroughIndex(t, db, "t")
			if cnt := queryRows(t, db, "SELECT COUNT(*) FROM t"); cnt[0][0] != fmt.Sprint(rows) {
				t.Fatalf("COUNT(*) %s, rows %d", cnt[0][0], rows)
			}
			t.Logf("%s: %v under %d transactions (%d retried); %d rows", c.alter, took, w.ops.Load(), w.retries.Load(), rows)
			ts.srv.Close()
			checkDir(t, dir)
		})
	}
}

// TestPKRewriteFailures: every way a primary key change fails leaves the
// table, its rows and the catalog as they were (no job, no shadow rows,
// the checker passes): a NULL in a new key column (1138), a duplicate
// stored far behind the first batch or written by a client during the copy
// (1062), two identical rows, KILL QUERY (1317); MySQL's 1075 for an
// AUTO_INCREMENT column left without a key, and its ALGORITHM/LOCK
// answers.
func TestPKRewriteFailures(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	keylessTable(t, db, "t", 3000)
	mustExec(t, db, "ALTER TABLE t MODIFY id BIGINT NULL")
	before := createTableOf(t, db, "t")
	sum := queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")
	unchanged := func(what string) {
		t.Helper()
		if got := createTableOf(t, db, "t"); got != before {
			t.Fatalf("%s changed the definition: %s", what, got)
		}
		if got := queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t"); fmt.Sprint(got) != fmt.Sprint(sum) {
			t.Fatalf("%s changed the rows: %v, want %v", what, got, sum)
		}
		sameThroughIndex(t, db, "t")
		noJobs(t, db)
	}
	fails := func(q string, no int, msg string) {
		t.Helper()
		_, err := db.Exec(q)
		if mysqlErrNo(err) != no || !strings.Contains(fmt.Sprint(err), msg) {
			t.Fatalf("%s: %v, want %d %s", q, err, no, msg)
		}
		unchanged(q)
	}

	// A NULL midway: MySQL 8.0's 1138 (MariaDB 10.11: 1265 Data truncated).
	mustExec(t, db, "UPDATE t SET id = NULL WHERE id = 2500")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")
	fails("ALTER TABLE t ADD PRIMARY KEY (id)", 1138, "Invalid use of NULL value")
	mustExec(t, db, "UPDATE t SET id = 2500 WHERE id IS NULL")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")

	// A duplicate far behind the first batch.
	mustExec(t, db, "UPDATE t SET id = 10 WHERE id = 2500")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")
	fails("ALTER TABLE t ADD PRIMARY KEY (id)", 1062, "Duplicate entry '10' for key 't.PRIMARY'")
	fails("ALTER TABLE t ADD PRIMARY KEY (id), ADD COLUMN z INT, MODIFY v VARCHAR(40)", 1062, "Duplicate entry '10' for key 't.PRIMARY'")
	mustExec(t, db, "UPDATE t SET id = 2500 WHERE id = 10 AND v = 'v2500'")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")

	// Two identical rows: the same key and the same values.
	mustExec(t, db, "INSERT INTO t VALUES (77, 77, 'v77')")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")
	fails("ALTER TABLE t ADD PRIMARY KEY (id)", 1062, "Duplicate entry '77' for key 't.PRIMARY'")
	mustExec(t, db, "DELETE FROM t WHERE id = 77 LIMIT 1")
	sum = queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t")

	// A client writes a duplicate while the copy runs.
	var once sync.Once
	pauseBackfill(t, "t", func(done int64) {
		once.Do(func() {
			if _, err := db.Exec("INSERT INTO t VALUES (2999, 1, 'late')"); err != nil {
				t.Errorf("insert during the copy: %v", err)
			}
		})
	})
	_, err := db.Exec("ALTER TABLE t ADD PRIMARY KEY (id)")
	if mysqlErrNo(err) != 1062 || !strings.Contains(err.Error(), "Duplicate entry '2999' for key 't.PRIMARY'") {
		t.Fatalf("ADD PRIMARY KEY with a duplicate written during the copy: %v", err)
	}
	engine.BackfillHook.Store(nil)
	mustExec(t, db, "DELETE FROM t WHERE v = 'late'")
	unchanged("ADD PRIMARY KEY with a concurrent duplicate")

	// KILL QUERY during the copy.
	if err := killDuringBackfill(t, db, "t", "ALTER TABLE t ADD PRIMARY KEY (id)"); mysqlErrNo(err) != 1317 {
		t.Fatalf("killed ADD PRIMARY KEY: %v, want 1317", err)
	}
	engine.BackfillHook.Store(nil)
	unchanged("killed ADD PRIMARY KEY")

	// KILL QUERY during DROP PRIMARY KEY (a keyless shadow with its index
	// of the old key) and during a keyless table's type change.
	fillTable(t, db, "kq", 3000, func(i int) int { return i % 7 })
	kqBefore := createTableOf(t, db, "kq")
	killAlter(t, db, "kq", "ALTER TABLE kq DROP PRIMARY KEY")
	if got := createTableOf(t, db, "kq"); got != kqBefore {
		t.Fatalf("killed DROP PRIMARY KEY changed the definition: %s", got)
	}
	killAlter(t, db, "t", "ALTER TABLE t MODIFY k BIGINT NOT NULL")
	unchanged("killed MODIFY of a keyless table")
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(k) FROM kq"); fmt.Sprint(got) != "[[3000 8994]]" {
		t.Fatalf("kq after the killed DROP PRIMARY KEY: %v", got)
	}

	// MySQL's ALGORITHM answers: ADD is in place, DROP alone is a copy,
	// DROP with ADD is a change of key (in place).
	fails("ALTER TABLE t ADD PRIMARY KEY (id), ALGORITHM=INSTANT", 1845, "ALGORITHM=INSTANT is not supported")
	mustExec(t, db, "ALTER TABLE t ADD PRIMARY KEY (id), ALGORITHM=INPLACE, LOCK=NONE")
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`id` bigint NOT NULL") || !strings.Contains(def, "PRIMARY KEY (`id`)") {
		t.Fatalf("after ADD PRIMARY KEY: %s", def)
	}
	before = createTableOf(t, db, "t")
	fails("ALTER TABLE t DROP PRIMARY KEY, ALGORITHM=INPLACE", 1846, "Dropping a primary key is not allowed without also adding a new primary key")
	fails("ALTER TABLE t DROP PRIMARY KEY, DROP COLUMN id, LOCK=NONE", 1846, "LOCK=NONE is not supported")
	fails("ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (v(3))", 1235, "a primary key on a column prefix")
	fails("ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (k)", 1062, "for key 't.PRIMARY'")
	fails("ALTER TABLE t MODIFY k BIGINT, DROP COLUMN v, ALGORITHM=INPLACE", 1846, "Cannot change column type INPLACE")
	mustExec(t, db, "ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (k, id), ALGORITHM=INPLACE, LOCK=NONE")
	// Myriad drops a key online: LOCK=NONE is met (MySQL: 1846).
	mustExec(t, db, "ALTER TABLE t DROP PRIMARY KEY, LOCK=NONE")
	if def := createTableOf(t, db, "t"); strings.Contains(def, "PRIMARY KEY") {
		t.Fatalf("after DROP PRIMARY KEY: %s", def)
	}
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(id), SUM(k) FROM t"); fmt.Sprint(got) != fmt.Sprint(sum) {
		t.Fatalf("rows after the change of key: %v, want %v", got, sum)
	}

	// AUTO_INCREMENT needs a key that starts with its column (1075).
	mustExec(t, db, "CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO a (v) VALUES (1), (2), (3)")
	for _, c := range []struct {
		q   string
		no  int
		msg string
	}{
		{"ALTER TABLE a DROP PRIMARY KEY", 1075, "Incorrect table definition; there can be only one auto column and it must be defined as a key"},
		{"ALTER TABLE a ADD PRIMARY KEY (v)", 1068, "Multiple primary key defined"},
		{"ALTER TABLE t DROP PRIMARY KEY", 1091, "Can't DROP 'PRIMARY'; check that column/key exists"},
	} {
		if _, err := db.Exec(c.q); mysqlErrNo(err) != c.no || !strings.HasSuffix(err.Error(), c.msg) {
			t.Fatalf("%s: %v, want %d %s", c.q, err, c.no, c.msg)
		}
	}
	mustExec(t, db, "ALTER TABLE a DROP PRIMARY KEY, ADD PRIMARY KEY (id, v)")
	mustExec(t, db, "ALTER TABLE a DROP PRIMARY KEY, ADD KEY iv (id, v)")
	mustExec(t, db, "INSERT INTO a (v) VALUES (4)")
	if got := queryRows(t, db, "SELECT id, v FROM a ORDER BY id"); fmt.Sprint(got) != "[[1 1] [2 2] [3 3] [4 4]]" {
		t.Fatalf("AUTO_INCREMENT after dropping the key: %v", got)
	}
	noJobs(t, db)
	ts.srv.Close()
	checkDir(t, dir)
}

// killAlter runs alter on its own connection, KILL QUERYs it once its copy
// has started and expects 1317 and no job left.
func killAlter(t *testing.T, db *sql.DB, tbl, alter string) {
	t.Helper()
	release, paused := make(chan struct{}), make(chan struct{})
	var once sync.Once
	pauseBackfill(t, tbl, func(done int64) {
		once.Do(func() { close(paused) })
		<-release
	})
	defer engine.BackfillHook.Store(nil)
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var id int64
	if err := conn.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		_, err := conn.ExecContext(context.Background(), alter)
		errc <- err
	}()
	<-paused
	mustExec(t, db, fmt.Sprintf("KILL QUERY %d", id))
	close(release)
	if err := <-errc; mysqlErrNo(err) != 1317 {
		t.Fatalf("killed %s: %v, want 1317", alter, err)
	}
	noJobs(t, db)
}
