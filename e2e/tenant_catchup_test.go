package e2e

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type catchUpOut struct {
	transferOut
	Snapshot string
	Since    string
}

func runCatchUp(t *testing.T, args ...string) catchUpOut {
	t.Helper()
	code, out, stderr := runMyriad(t, append(args, "--json", "--progress", "never")...)
	if code != 0 {
		t.Fatalf("myriad %v: exit %d\n%s%s", args, code, out, stderr)
	}
	var s catchUpOut
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("summary %q: %v", out, err)
	}
	return s
}

// TestTenantMoveWithCatchUp is the short-freeze move of docs/TENANTS.md:
// while the tenant's application keeps inserting, updating and deleting,
// the schema is exported at a snapshot the source retains and imported on
// the new server; then, under the write freeze, only the delta since that
// snapshot is exported and applied on the new server in one transaction,
// and the application switches. Afterwards the new server holds exactly
// the source's final rows (updates and deletes included), exact row counts
// and an AUTO_INCREMENT that continues, every acknowledged write, and
// passes `myriad check`. The freeze is measured.
func TestTenantMoveWithCatchUp(t *testing.T) {
	src := StartServer(t, "--durability", "async")
	dst := StartServer(t, "--durability", "async")
	sdb, ddb := src.DB(""), dst.DB("")
	mustExec(t, sdb, "CREATE DATABASE t1")
	mustExec(t, sdb, "CREATE TABLE t1.orders (id INT AUTO_INCREMENT PRIMARY KEY, v BIGINT, note VARCHAR(100), KEY (v))")
	const preload = 20000
	for i := 0; i < preload/250; i++ {
		mustExec(t, sdb, "INSERT INTO t1.orders (v, note) SELECT -1, REPEAT('n', 80) FROM information_schema.COLLATIONS LIMIT 250")
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
		acked   []int64 // inserted v values acknowledged
		changes atomic.Int64
		refused atomic.Int64
		wg      sync.WaitGroup
	)
	target.Store(open(src))
	ctx, cancel := context.WithCancel(context.Background())
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			for ctx.Err() == nil {
				var err error
				v := seq.Add(1)
				switch {
				case w < 2:
					_, err = target.Load().ExecContext(ctx, "INSERT INTO orders (v, note) VALUES (?, 'new')", v)
				case v%2 == 0:
					_, err = target.Load().ExecContext(ctx, "UPDATE orders SET v = ?, note = 'updated' WHERE id = ?", -v, 1+rng.Intn(preload))
				default:
					_, err = target.Load().ExecContext(ctx, "DELETE FROM orders WHERE id = ?", 1+rng.Intn(preload))
				}
				if err != nil {
					refused.Add(1)
					time.Sleep(2 * time.Millisecond)
					continue
				}
				if w < 2 {
					mu.Lock()
					acked = append(acked, v)
					mu.Unlock()
				} else {
					changes.Add(1)
				}
			}
		}(w)
	}
	time.Sleep(300 * time.Millisecond)

	dir := t.TempDir()
	sp, dp := strconv.Itoa(src.Port), strconv.Itoa(dst.Port)
	// The bulk copy, while the application writes.
	bulk := time.Now()
	ex := runCatchUp(t, "tenant", "export", "--port", sp, "--schema", "t1", "--out", filepath.Join(dir, "t1.myt"), "--retain")
	if ex.Snapshot == "" {
		t.Fatalf("export --retain printed no snapshot token: %+v", ex)
	}
	runCatchUp(t, "tenant", "import", "--port", dp, "--file", filepath.Join(dir, "t1.myt"))
	bulkTime := time.Since(bulk)
	// Let writes accumulate after the snapshot, so the delta has inserts,
	// updates and deletes to carry.
	for start := changes.Load(); changes.Load() < start+50; {
		time.Sleep(10 * time.Millisecond)
	}

	freeze := time.Now()
	mustExec(t, sdb, "REVOKE INSERT, UPDATE, DELETE ON t1.* FROM 'app'@'%'")
	for _, r := range queryRows(t, sdb, "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'app'") {
		sdb.Exec("KILL " + r[0]) // a connection may be gone already
	}
	mu.Lock()
	ackedBefore := len(acked)
	mu.Unlock()
	// The catch-up from clients already connected (the CLI's process
	// start would be most of the freeze): TENANT EXPORT ... SINCE on A,
	// its chunks sent to B as TENANT IMPORT BEGIN ... DELTA.
	exAt := time.Now()
	var delta []byte
	rows, err := sdb.Query("TENANT EXPORT `t1` SINCE '" + ex.Snapshot + "'")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var chunk []byte
		if err := rows.Scan(&chunk); err != nil {
			t.Fatal(err)
		}
		delta = append(delta, chunk...)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	exTime := time.Since(exAt)
	apAt := time.Now()
	conn, err := ddb.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"TENANT IMPORT BEGIN `t1` DELTA", "TENANT IMPORT DATA '" + base64.StdEncoding.EncodeToString(delta) + "'"} {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%.40s: %v", q, err)
		}
	}
	res, err := conn.ExecContext(context.Background(), "TENANT IMPORT END")
	if err != nil {
		t.Fatal(err)
	}
	deltaRows, _ := res.RowsAffected()
	conn.Close()
	apTime := time.Since(apAt)
	frozen := time.Since(freeze)
	// Checked before the switch (the application cannot write to the new
	// server until GRANT), outside the measured freeze.
	srcRows := formatRows(queryRows(t, sdb, "SELECT id, v, note FROM t1.orders ORDER BY id"))
	maxID := queryRows(t, sdb, "SELECT MAX(id) FROM t1.orders")[0][0]
	srcCount := queryRows(t, sdb, "SELECT COUNT(*) FROM t1.orders")[0][0]
	if got := formatRows(queryRows(t, ddb, "SELECT id, v, note FROM t1.orders WHERE id <= "+maxID+" ORDER BY id")); got != srcRows {
		g, w := strings.Split(got, "\n"), strings.Split(srcRows, "\n")
		i := 0
		for i < len(g) && i < len(w) && g[i] == w[i] {
			i++
		}
		t.Fatalf("the new server's rows differ from the frozen source's (%d vs %d lines) at line %d: %q vs %q",
			len(g), len(w), i, g[min(i, len(g)-1)], w[min(i, len(w)-1)])
	}
	checkRows(t, ddb, "SELECT COUNT(*) FROM t1.orders FORCE INDEX (v) WHERE v IS NOT NULL AND id <= "+maxID, srcCount+"\n")

	switchAt := time.Now()
	mustExec(t, ddb, "GRANT SELECT, INSERT, UPDATE, DELETE ON t1.* TO 'app'@'%'")
	target.Store(open(dst))
	frozen += time.Since(switchAt)

	afterSwitch := func() int { mu.Lock(); defer mu.Unlock(); return len(acked) }
	for deadline := time.Now().Add(20 * time.Second); afterSwitch() < ackedBefore+100 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	t.Logf("bulk export + import while writing (CLI): %.0f ms (%d rows, %d bytes); write freeze %.0f ms: "+
		"delta of %d rows, %d bytes (TENANT EXPORT ... SINCE %.0f ms, TENANT IMPORT ... DELTA %.0f ms; the rest is REVOKE, KILL and GRANT); "+
		"%d inserts acknowledged, %d updates/deletes, %d refused or retried",
		bulkTime.Seconds()*1000, ex.Rows, ex.Bytes, frozen.Seconds()*1000, deltaRows, len(delta),
		exTime.Seconds()*1000, apTime.Seconds()*1000, len(acked), changes.Load(), refused.Load())
	if int64(len(delta)) >= ex.Bytes/2 || deltaRows == 0 {
		t.Fatalf("the delta (%d rows, %d bytes) is empty or not much smaller than the export (%d bytes)", deltaRows, len(delta), ex.Bytes)
	}
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
			t.Fatalf("acknowledged insert %d missing on the new server", v)
		}
	}
	// AUTO_INCREMENT continued past the source's ids, and the exact row
	// count carried over.
	if n, _ := strconv.Atoi(queryRows(t, ddb, "SELECT MIN(id) FROM t1.orders WHERE note = 'new' AND id > "+maxID)[0][0]); n <= 0 {
		t.Fatalf("no insert after the switch got an id above the source's %s", maxID)
	}
	checkRows(t, ddb, "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't1' AND TABLE_NAME = 'orders'",
		queryRows(t, ddb, "SELECT COUNT(*) FROM t1.orders")[0][0]+"\n")
	if code := dst.Stop(); code != 0 {
		t.Fatalf("stop: exit %d", code)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", dst.DataDir); code != 0 {
		t.Fatalf("check of the new server: exit %d\n%s%s", code, out, stderr)
	}
}

// TestTenantDeltaRefused: a delta needs a retained snapshot of the same
// schema, refuses DDL between the snapshots, and is not a whole import
// (nor the other way round); `tenant import --delta` applies one.
func TestTenantDeltaRefused(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE a")
	mustExec(t, db, "CREATE DATABASE b")
	mustExec(t, db, "CREATE TABLE a.t (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO a.t VALUES (1)")
	dir := t.TempDir()
	sp := strconv.Itoa(s.Port)
	ex := runCatchUp(t, "tenant", "export", "--port", sp, "--schema", "a", "--out", filepath.Join(dir, "a.myt"), "--retain")
	fails := func(want string, args ...string) {
		t.Helper()
		code, out, stderr := runMyriad(t, args...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Fatalf("myriad %v: exit %d, want %q\n%s%s", args, code, want, out, stderr)
		}
	}
	fails("unknown or expired export snapshot", "tenant", "export", "--port", sp, "--schema", "a", "--out", filepath.Join(dir, "x1"), "--since", "00ff")
	fails("is of schema 'a', not 'b'", "tenant", "export", "--port", sp, "--schema", "b", "--out", filepath.Join(dir, "x2"), "--since", ex.Snapshot)
	fails("is a whole export, not a delta", "tenant", "import", "--port", sp, "--file", filepath.Join(dir, "a.myt"), "--as", "c", "--delta")
	mustExec(t, db, "INSERT INTO a.t VALUES (2)")
	d := runCatchUp(t, "tenant", "export", "--port", sp, "--schema", "a", "--out", filepath.Join(dir, "a.delta"), "--since", ex.Snapshot)
	if d.Rows != 1 {
		t.Fatalf("delta of one insert holds %d rows", d.Rows)
	}
	fails("is a delta", "tenant", "import", "--port", sp, "--file", filepath.Join(dir, "a.delta"), "--as", "c")
	// Applied through the CLI to a copy of the first export.
	runCatchUp(t, "tenant", "import", "--port", sp, "--file", filepath.Join(dir, "a.myt"), "--as", "c")
	checkRows(t, db, "SELECT id FROM c.t ORDER BY id", "1\n")
	runCatchUp(t, "tenant", "import", "--port", sp, "--file", filepath.Join(dir, "a.delta"), "--as", "c", "--delta")
	checkRows(t, db, "SELECT id FROM c.t ORDER BY id", "1\n2\n")
	mustExec(t, db, "ALTER TABLE a.t ADD COLUMN x INT")
	fails("changed since the export snapshot", "tenant", "export", "--port", sp, "--schema", "a", "--out", filepath.Join(dir, "x3"), "--since", ex.Snapshot)
}
