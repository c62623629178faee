package e2e

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/myriaddb/myriad/tenantfile"
)

type transferOut struct {
	Schema  string
	Tables  int
	Rows    uint64
	Bytes   int64
	Seconds float64
}

func runTransfer(t *testing.T, args ...string) transferOut {
	t.Helper()
	code, out, stderr := runMyriad(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("myriad %v: exit %d\n%s%s", args, code, out, stderr)
	}
	var s transferOut
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("summary %q: %v", out, err)
	}
	return s
}

// sameSchema compares every table's rows (in primary key order), the
// tables' definitions and a view between two servers.
func sameSchema(t *testing.T, a *sql.DB, as string, b *sql.DB, bs string, tables ...string) {
	t.Helper()
	for _, tb := range tables {
		qa := fmt.Sprintf("SELECT * FROM `%s`.`%s` ORDER BY 1, 2", as, tb)
		qb := fmt.Sprintf("SELECT * FROM `%s`.`%s` ORDER BY 1, 2", bs, tb)
		if x, y := formatRows(queryRows(t, a, qa)), formatRows(queryRows(t, b, qb)); x != y {
			t.Fatalf("%s.%s differs from %s.%s:\n%s\nvs\n%s", bs, tb, as, tb, tail(y, 400), tail(x, 400))
		}
		ca := queryRows(t, a, fmt.Sprintf("SHOW CREATE TABLE `%s`.`%s`", as, tb))[0][1]
		cb := queryRows(t, b, fmt.Sprintf("SHOW CREATE TABLE `%s`.`%s`", bs, tb))[0][1]
		if ca != cb {
			t.Fatalf("SHOW CREATE TABLE %s differs:\n%s\nvs\n%s", tb, cb, ca)
		}
	}
}

func fillTransferSchema(t *testing.T, db *sql.DB, schema string, rows int) {
	t.Helper()
	mustExec(t, db, "CREATE DATABASE "+schema)
	mustExec(t, db, "CREATE TABLE "+schema+".a (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(40) COLLATE utf8mb4_general_ci, "+
		"n BIGINT, d DECIMAL(10,2), ts DATETIME(3), b BLOB, KEY v (v), UNIQUE KEY n (n)) COMMENT 'main'")
	mustExec(t, db, "CREATE TABLE "+schema+".nokey (x INT, y TEXT)")
	mustExec(t, db, "CREATE TABLE "+schema+".log (id INT AUTO_INCREMENT PRIMARY KEY, msg VARCHAR(40))")
	mustExec(t, db, "CREATE VIEW "+schema+".big AS SELECT id, v FROM "+schema+".a WHERE n >= 100")
	mustExec(t, db, "CREATE TRIGGER "+schema+".tr AFTER INSERT ON "+schema+".nokey FOR EACH ROW INSERT INTO "+
		schema+".log (msg) VALUES (CONCAT('nokey ', NEW.x))")
	for i := 0; i < rows; i += 250 {
		var sb strings.Builder
		sb.WriteString("INSERT INTO " + schema + ".a (v, n, d, ts, b) VALUES ")
		for j := i; j < i+250 && j < rows; j++ {
			if j > i {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, "('Val %d', %d, %d.%02d, '2024-01-02 03:04:05.%03d', x'%06x00ff')", j%97, j*3, j, j%100, j%1000, j)
		}
		mustExec(t, db, sb.String())
	}
	mustExec(t, db, "INSERT INTO "+schema+".nokey VALUES (1, 'x'), (1, 'x'), (NULL, NULL), (2, 'two')")
	mustExec(t, db, "DELETE FROM "+schema+".a WHERE id % 10 = 0")
}

// TestTenantExportImport: a schema moved between two servers through the
// CLI answers every query alike (rows, secondary indexes, definitions, a
// view, a trigger) and its AUTO_INCREMENT continues; an existing name is
// refused with 1007; corrupted, truncated and newer-version files are
// refused with a clear message and change nothing; an import whose client
// disappears midway, or whose server is killed midway, leaves nothing.
func TestTenantExportImport(t *testing.T) {
	src := StartServer(t, "--durability", "async")
	dst := StartServer(t, "--durability", "async")
	sdb, ddb := src.DB(""), dst.DB("")
	fillTransferSchema(t, sdb, "shop", 3000)
	// An id handed out then deleted: the copy must not reuse it.
	mustExec(t, sdb, "INSERT INTO shop.a (v, n) VALUES ('last', -1)")
	mustExec(t, sdb, "DELETE FROM shop.a WHERE n = -1")
	nextID := queryRows(t, sdb, "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'a'")[0][0]

	dir := t.TempDir()
	file := filepath.Join(dir, "shop.myt")
	sp, dp := strconv.Itoa(src.Port), strconv.Itoa(dst.Port)
	ex := runTransfer(t, "tenant", "export", "--port", sp, "--schema", "shop", "--out", file)
	if ex.Tables != 3 || ex.Rows != 2700+4+4 || ex.Schema != "shop" {
		t.Fatalf("export summary %+v", ex)
	}
	if left, _ := filepath.Glob(file + ".partial*"); len(left) != 0 {
		t.Fatalf("partial file left: %v", left)
	}
	if code, _, stderr := runMyriad(t, "tenant", "export", "--port", sp, "--schema", "shop", "--out", file); code == 0 || !strings.Contains(stderr, "exists") {
		t.Fatalf("export over an existing file: exit %d, %s", code, stderr)
	}
	im := runTransfer(t, "tenant", "import", "--port", dp, "--file", file)
	if im.Rows != ex.Rows || im.Bytes != ex.Bytes || im.Schema != "shop" {
		t.Fatalf("import summary %+v, export %+v", im, ex)
	}
	sameSchema(t, sdb, "shop", ddb, "shop", "a", "nokey", "log")
	for _, q := range []string{
		"SELECT id, n FROM %s.a WHERE v = 'val 5' ORDER BY id", // secondary index, _ci collation
		"SELECT id FROM %s.a WHERE n = 2997",
		"SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%s' ORDER BY 1",
	} {
		if x, y := formatRows(queryRows(t, sdb, fmt.Sprintf(q, "shop"))), formatRows(queryRows(t, ddb, fmt.Sprintf(q, "shop"))); x != y {
			t.Fatalf("%s: %q vs %q", q, y, x)
		}
	}
	// The view (queried with the schema selected: a view read from another
	// current database fails with 1046 on any schema today).
	checkRows(t, dst.DB("shop"), "SELECT COUNT(*), SUM(id) FROM big", formatRows(queryRows(t, src.DB("shop"), "SELECT COUNT(*), SUM(id) FROM big")))
	mustExec(t, ddb, "INSERT INTO shop.a (v, n) VALUES ('after import', -2)")
	checkRows(t, ddb, "SELECT id FROM shop.a WHERE n = -2", nextID+"\n")
	if _, err := ddb.Exec("INSERT INTO shop.a (v, n) VALUES ('dup', 6)"); mysqlErrNo(err) != 1062 {
		t.Fatalf("unique index after import: %v", err)
	}
	tdb := dst.DB("shop")
	mustExec(t, tdb, "INSERT INTO nokey VALUES (9, 'nine')")
	checkRows(t, ddb, "SELECT COUNT(*) FROM shop.log WHERE msg = 'nokey 9'", "1\n")

	// Under an existing name: 1007 before any row is sent; --as works.
	code, out, stderr := runMyriad(t, "tenant", "import", "--port", dp, "--file", file)
	if code == 0 || !strings.Contains(stderr, "1007") {
		t.Fatalf("import onto an existing schema: exit %d\n%s%s", code, out, stderr)
	}
	runTransfer(t, "tenant", "import", "--port", dp, "--file", file, "--as", "shop2")
	sameSchema(t, sdb, "shop", ddb, "shop2", "a", "nokey")

	// Damaged files change nothing.
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)*2/3] ^= 0x40
	newer := append([]byte(nil), good...)
	binary.BigEndian.PutUint16(newer[8:], tenantfile.Version+1)
	schemasBefore := formatRows(queryRows(t, ddb, "SHOW DATABASES"))
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"flipped":   {flipped, "corrupted"},
		"truncated": {good[:len(good)/2], "truncated"},
		"newer":     {newer, "newer than this Myriad reads"},
	} {
		p := filepath.Join(dir, name+".myt")
		if err := os.WriteFile(p, c.b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runMyriad(t, "tenant", "import", "--port", dp, "--file", p, "--as", "bad_"+name)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Fatalf("%s file: exit %d, want %q\n%s%s", name, code, c.want, out, stderr)
		}
	}
	if after := formatRows(queryRows(t, ddb, "SHOW DATABASES")); after != schemasBefore {
		t.Fatalf("schemas changed by refused imports:\n%s\nvs\n%s", after, schemasBefore)
	}

	// A client that goes away midway (as a killed `myriad tenant import`
	// does: its connection closes without TENANT IMPORT END).
	abandon := func(server *Server, name string) {
		one := server.DB("")
		one.SetMaxOpenConns(1)
		mustExec(t, one, "TENANT IMPORT BEGIN `"+name+"`")
		for off := 0; off < len(good)/2; off += 64 << 10 {
			mustExec(t, one, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(good[off:min(off+64<<10, len(good)/2)])+"'")
		}
		one.Close()
	}
	abandon(dst, "killed")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && len(queryRows(t, ddb, "SHOW DATABASES LIKE 'killed'")) != 0 {
		time.Sleep(50 * time.Millisecond)
	}
	checkRows(t, ddb, "SHOW DATABASES LIKE 'killed'", "")
	// The same name is free afterwards (nothing was published).
	runTransfer(t, "tenant", "import", "--port", dp, "--file", file, "--as", "killed")
	mustExec(t, ddb, "DROP DATABASE killed")
	time.Sleep(300 * time.Millisecond) // the abandoned import's cleanup runs as the connection closes
	dst.Stop()
	if code, out, stderr := runMyriad(t, "check", "--data-dir", dst.DataDir); code != 0 {
		t.Fatalf("check after an abandoned import: exit %d\n%s%s", code, out, stderr)
	}
	dst.Start()

	// The server killed midway: after restart nothing is visible.
	abandonNoClose := dst.DB("")
	abandonNoClose.SetMaxOpenConns(1)
	mustExec(t, abandonNoClose, "TENANT IMPORT BEGIN `crashed`")
	mustExec(t, abandonNoClose, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(good[:len(good)*3/4])+"'")
	dst.Kill()
	abandonNoClose.Close()
	dst.Start()
	ddb = dst.DB("")
	checkRows(t, ddb, "SHOW DATABASES LIKE 'crashed'", "")
	sameSchema(t, sdb, "shop", ddb, "shop2", "a", "nokey")
}

// TestTenantExportWhileWriting exports a schema while writers commit
// two-row transactions and a transfer keeps a sum constant: the imported
// copy holds every transaction whole or not at all and the sum intact.
// The same schema restored from a `myriad backup` directory (offline
// export of the backup) matches the data committed at the backup point.
func TestTenantExportWhileWriting(t *testing.T) {
	src := StartServer(t, "--durability", "async")
	dst := StartServer(t, "--durability", "async")
	sdb, ddb := src.DB(""), dst.DB("")
	mustExec(t, sdb, "CREATE DATABASE live")
	mustExec(t, sdb, "CREATE TABLE live.t (txn INT, part INT, PRIMARY KEY (txn, part), KEY (part))")
	mustExec(t, sdb, "CREATE TABLE live.acct (id INT PRIMARY KEY, bal INT)")
	var sb strings.Builder
	sb.WriteString("INSERT INTO live.acct VALUES ")
	for i := 0; i < 100; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, "(%d, 1000)", i)
	}
	mustExec(t, sdb, sb.String())
	for i := 0; i < 20000; i += 1000 {
		sb.Reset()
		sb.WriteString("INSERT INTO live.t VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, "(%d, 1), (%d, 2)", -j-1, -j-1)
		}
		mustExec(t, sdb, sb.String())
	}

	var (
		next    atomic.Int64
		commits atomic.Int64
		wg      sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(context.Background())
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for ctx.Err() == nil {
				tx, err := sdb.BeginTx(ctx, nil)
				if err != nil {
					return
				}
				var err1, err2 error
				if w == 0 {
					from, to := next.Add(1)%100, next.Add(1)%100
					_, err1 = tx.Exec("UPDATE live.acct SET bal = bal - 7 WHERE id = ?", from)
					_, err2 = tx.Exec("UPDATE live.acct SET bal = bal + 7 WHERE id = ?", to)
				} else {
					id := next.Add(1)
					_, err1 = tx.Exec("INSERT INTO live.t VALUES (?, 1)", id)
					_, err2 = tx.Exec("INSERT INTO live.t VALUES (?, 2)", id)
				}
				if err1 != nil || err2 != nil {
					tx.Rollback()
					continue
				}
				if tx.Commit() == nil {
					commits.Add(1)
				}
			}
		}(w)
	}
	waitFor := func(n int64) {
		for deadline := time.Now().Add(30 * time.Second); commits.Load() < n && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor(50)
	dir := t.TempDir()
	file := filepath.Join(dir, "live.myt")
	sp := strconv.Itoa(src.Port)
	before := commits.Load()
	runTransfer(t, "tenant", "export", "--port", sp, "--schema", "live", "--out", file)
	during := commits.Load() - before
	bk := filepath.Join(dir, "bk")
	if code, out, stderr := runMyriad(t, "backup", "--port", sp, "--out", bk); code != 0 {
		t.Fatalf("backup: exit %d\n%s%s", code, out, stderr)
	}
	waitFor(commits.Load() + 50)
	cancel()
	wg.Wait()
	t.Logf("%d commits while the export ran", during)

	check := func(schema string) {
		t.Helper()
		checkRows(t, ddb, "SELECT COUNT(*), SUM(bal) FROM "+schema+".acct", "100\t100000\n")
		checkRows(t, ddb, "SELECT COUNT(*) FROM (SELECT txn FROM "+schema+".t GROUP BY txn HAVING COUNT(*) <> 2) x", "0\n")
		checkRows(t, ddb, "SELECT COUNT(*) FROM "+schema+".t WHERE part = 2", formatRows(queryRows(t, ddb, "SELECT COUNT(*) FROM "+schema+".t WHERE part = 1")))
	}
	dp := strconv.Itoa(dst.Port)
	runTransfer(t, "tenant", "import", "--port", dp, "--file", file)
	check("live")

	// One schema out of a whole-server backup.
	file2 := filepath.Join(dir, "from-backup.myt")
	ex := runTransfer(t, "tenant", "export", "--data-dir", bk, "--schema", "live", "--out", file2)
	runTransfer(t, "tenant", "import", "--port", dp, "--file", file2, "--as", "restored")
	check("restored")
	restore := filepath.Join(dir, "restored-dir")
	if code, out, stderr := runMyriad(t, "restore", "--from", bk, "--data-dir", restore); code != 0 {
		t.Fatalf("restore: exit %d\n%s%s", code, out, stderr)
	}
	whole := NewServer(t)
	whole.DataDir = restore
	whole.Start()
	wdb := whole.DB("")
	sameSchema(t, wdb, "live", ddb, "restored", "t", "acct")
	if got := queryRows(t, wdb, "SELECT COUNT(*) FROM live.t")[0][0]; got != strconv.FormatUint(ex.Rows-100, 10) {
		t.Fatalf("backup holds %s rows of t, the export from it %d", got, ex.Rows-100)
	}
}

// TestTenantMoveWithWriteFreeze is the procedure of docs/TENANTS.md: a
// tenant's application keeps writing through its own account while the
// tenant moves to another server; writes are frozen (REVOKE the account's
// write privileges on the schema, KILL its connections so no open
// transaction commits after the snapshot), the schema is exported and
// imported, the account gets its grants on the new server and the
// application switches. Every write acknowledged before the freeze or after
// the switch is on the new server; the freeze is measured.
func TestTenantMoveWithWriteFreeze(t *testing.T) {
	src := StartServer(t, "--durability", "async")
	dst := StartServer(t, "--durability", "async")
	sdb, ddb := src.DB(""), dst.DB("")
	mustExec(t, sdb, "CREATE DATABASE t1")
	mustExec(t, sdb, "CREATE TABLE t1.orders (id INT AUTO_INCREMENT PRIMARY KEY, v BIGINT, KEY (v))")
	for i := 0; i < 20; i++ {
		mustExec(t, sdb, "INSERT INTO t1.orders (v) SELECT -1 FROM information_schema.COLLATIONS LIMIT 250")
	}
	for _, db := range []*sql.DB{sdb, ddb} {
		mustExec(t, db, "CREATE USER 'app'@'%' IDENTIFIED BY 'pw'")
	}
	mustExec(t, sdb, "GRANT SELECT, INSERT, UPDATE, DELETE ON t1.* TO 'app'@'%'")
	open := func(s *Server) *sql.DB {
		db, err := sql.Open("mysql", fmt.Sprintf("app:pw@tcp(%s)/t1?timeout=5s", s.Addr()))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	var (
		target  atomic.Pointer[sql.DB]
		seq     atomic.Int64
		mu      sync.Mutex
		acked   []int64
		refused atomic.Int64
		wg      sync.WaitGroup
	)
	target.Store(open(src))
	ctx, cancel := context.WithCancel(context.Background())
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				v := seq.Add(1)
				if _, err := target.Load().ExecContext(ctx, "INSERT INTO orders (v) VALUES (?)", v); err != nil {
					refused.Add(1)
					time.Sleep(2 * time.Millisecond)
					continue
				}
				mu.Lock()
				acked = append(acked, v)
				mu.Unlock()
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)

	file := filepath.Join(t.TempDir(), "t1.myt")
	freeze := time.Now()
	mustExec(t, sdb, "REVOKE INSERT, UPDATE, DELETE ON t1.* FROM 'app'@'%'")
	for _, r := range queryRows(t, sdb, "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'app'") {
		sdb.Exec("KILL " + r[0]) // a connection may be gone already
	}
	mu.Lock()
	ackedBefore := len(acked)
	mu.Unlock()
	ex := runTransfer(t, "tenant", "export", "--port", strconv.Itoa(src.Port), "--schema", "t1", "--out", file)
	im := runTransfer(t, "tenant", "import", "--port", strconv.Itoa(dst.Port), "--file", file)
	mustExec(t, ddb, "GRANT SELECT, INSERT, UPDATE, DELETE ON t1.* TO 'app'@'%'")
	target.Store(open(dst))
	frozen := time.Since(freeze)
	afterSwitch := func() int { mu.Lock(); defer mu.Unlock(); return len(acked) }
	for deadline := time.Now().Add(10 * time.Second); afterSwitch() < ackedBefore+100 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	t.Logf("write freeze %.0f ms (export + import of %d rows; the commands' own time %.0f + %.0f ms, the rest is "+
		"their process start and the SQL steps); %d writes acknowledged, %d refused or retried",
		frozen.Seconds()*1000, im.Rows, ex.Seconds*1000, im.Seconds*1000, len(acked), refused.Load())

	if len(acked) < ackedBefore+100 {
		t.Fatalf("only %d writes acknowledged after the switch", len(acked)-ackedBefore)
	}
	have := map[int64]bool{}
	for _, r := range queryRows(t, ddb, "SELECT v FROM t1.orders WHERE v > 0") {
		n, _ := strconv.ParseInt(r[0], 10, 64)
		have[n] = true
	}
	for _, v := range acked {
		if !have[v] {
			t.Fatalf("acknowledged write %d missing on the new server", v)
		}
	}
	// Nothing reached the old copy after the freeze.
	if _, err := open(src).Exec("INSERT INTO orders (v) VALUES (0)"); mysqlErrNo(err) != 1142 {
		t.Fatalf("write to the frozen source: %v, want 1142", err)
	}
	// Everything the source committed (acknowledged or not) moved.
	for _, r := range queryRows(t, sdb, "SELECT v FROM t1.orders WHERE v > 0") {
		n, _ := strconv.ParseInt(r[0], 10, 64)
		if !have[n] {
			t.Fatalf("write %d committed on the source is missing on the new server", n)
		}
	}
}
