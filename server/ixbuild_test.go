package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
)

// pauseBackfill installs a backfill hook that calls fn after each batch
// of table tbl; removed when the test ends.
func pauseBackfill(t *testing.T, tbl string, fn func(rowsDone int64)) {
	h := func(table string, rowsDone int64) {
		if table == tbl {
			fn(rowsDone)
		}
	}
	engine.BackfillHook.Store(&h)
	t.Cleanup(func() { engine.BackfillHook.Store(nil) })
}

func fillTable(t *testing.T, db *sql.DB, tbl string, n int, kOf func(i int) int) {
	t.Helper()
	mustExec(t, db, fmt.Sprintf("CREATE TABLE %s (id BIGINT PRIMARY KEY, k INT NOT NULL, v VARCHAR(32))", tbl))
	for i := 0; i < n; i += 500 {
		var b strings.Builder
		fmt.Fprintf(&b, "INSERT INTO %s VALUES ", tbl)
		for j := i; j < i+500 && j < n; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'v%d')", j, kOf(j), j)
		}
		mustExec(t, db, b.String())
	}
}

// agree checks that reading through index ix returns exactly the rows a
// full scan returns.
func agree(t *testing.T, db *sql.DB, tbl, ix string) int {
	t.Helper()
	byIndex := queryRows(t, db, fmt.Sprintf("SELECT id, k, v FROM %s FORCE INDEX (%s) WHERE k >= -1000000000 ORDER BY id", tbl, ix))
	plan := fmt.Sprint(queryRows(t, db, fmt.Sprintf("EXPLAIN FORMAT=TREE SELECT id, k, v FROM %s FORCE INDEX (%s) WHERE k >= -1000000000", tbl, ix)))
	if !strings.Contains(plan, "IndexedTableAccess("+tbl+")") || !strings.Contains(plan, "index: ["+tbl+".k]") {
		t.Fatalf("the query does not read index %s: %v", ix, plan)
	}
	scan := queryRows(t, db, fmt.Sprintf("SELECT id, k, v FROM %s IGNORE INDEX (%s) ORDER BY id", tbl, ix))
	if fmt.Sprint(byIndex) != fmt.Sprint(scan) {
		t.Fatalf("index %s gives %d rows, the table %d", ix, len(byIndex), len(scan))
	}
	return len(scan)
}

// TestOnlineIndexUnderDML builds an index while clients insert, update
// and delete rows of the table; the backfill runs in small batches with a
// pause after each. DML must never fail, the index must agree with the
// table row for row, SHOW PROCESSLIST and MYRIAD_DDL_JOBS must show the
// build's progress while it runs, and the offline checker must pass.
func TestOnlineIndexUnderDML(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	db.SetMaxOpenConns(16)
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(16)
	const n = 6000
	fillTable(t, db, "t", n, func(i int) int { return i % 97 })
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
					if strings.HasPrefix(r[6], "backfilling index") {
						st = r[6]
					}
				}
				for _, r := range queryRows(t, db, "SELECT SCHEMA_NAME, TABLE_NAME, INDEX_NAME, STATE, ROWS_DONE, ROWS_TOTAL FROM information_schema.MYRIAD_DDL_JOBS") {
					job = strings.Join(r, ",")
				}
				seen <- [2]string{st, job}
			})
		}
	})

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var ops, fails atomic.Int64
	var firstErr atomic.Value
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(int64(w)))
			next := n + w*1_000_000
			for {
				select {
				case <-stop:
					return
				default:
				}
				var err error
				switch rnd.Intn(4) {
				case 0:
					_, err = db.Exec("INSERT INTO t VALUES (?, ?, 'new')", next, rnd.Intn(200))
					next++
				case 1:
					_, err = db.Exec("UPDATE t SET k = ? WHERE id = ?", rnd.Intn(200), rnd.Intn(n))
				case 2:
					_, err = db.Exec("DELETE FROM t WHERE id = ?", rnd.Intn(n))
				case 3:
					tx, berr := db.Begin()
					if berr != nil {
						err = berr
						break
					}
					id := rnd.Intn(n)
					if _, err = tx.Exec("UPDATE t SET k = k + 1, v = 'tx' WHERE id = ?", id); err == nil {
						_, err = tx.Exec("INSERT INTO t VALUES (?, ?, 'tx')", next, rnd.Intn(200))
						next++
					}
					if err == nil {
						err = tx.Commit()
					} else {
						tx.Rollback()
					}
				}
				ops.Add(1)
				if err != nil {
					fails.Add(1)
					firstErr.CompareAndSwap(nil, err)
				}
			}
		}(w)
	}
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	mustExec(t, db, "CREATE INDEX kx ON t (k)")
	took := time.Since(start)
	time.Sleep(100 * time.Millisecond) // writers after public
	close(stop)
	wg.Wait()
	if f := fails.Load(); f > 0 {
		t.Fatalf("%d of %d DML statements failed during the build; first: %v", f, ops.Load(), firstErr.Load())
	}
	select {
	case s := <-seen:
		if !strings.HasPrefix(s[0], "backfilling index (") || !strings.HasSuffix(s[0], " rows)") {
			t.Errorf("SHOW PROCESSLIST state during the backfill: %q", s[0])
		}
		if !strings.HasPrefix(s[1], "d,t,kx,write-only,") {
			t.Errorf("MYRIAD_DDL_JOBS during the backfill: %q", s[1])
		}
	default:
		t.Fatal("the backfill never reached 1,000 rows")
	}
	rows := agree(t, db, "t", "kx")
	t.Logf("build %v under %d DML statements; %d rows", took, ops.Load(), rows)
	if jobs := queryRows(t, db, "SELECT * FROM information_schema.MYRIAD_DDL_JOBS"); len(jobs) != 0 {
		t.Fatalf("job records left: %v", jobs)
	}
	ts.srv.Close()
	rep, err := check.Dir(dir, check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("check: %v", rep.Problems)
	}
}

// TestOnlineUniqueIndexViolation: a duplicate among the rows, or one a
// client writes while the index is write-only, fails CREATE UNIQUE INDEX
// with 1062 and leaves no index, no entries and no job.
func TestOnlineUniqueIndexViolation(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 3000, func(i int) int {
		if i == 2500 {
			return 7 // the same k as row 7
		}
		return i
	})
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	_, err := db.Exec("CREATE UNIQUE INDEX ku ON t (k)")
	if mysqlErrNo(err) != 1062 {
		t.Fatalf("CREATE UNIQUE INDEX over a duplicate: %v, want 1062", err)
	}

	// Second case: no duplicate among the rows, but a client writes one
	// while the backfill runs (behind the cursor, so only the writer's
	// check can see it).
	mustExec(t, db, "UPDATE t SET k = 1000000 WHERE id = 2500")
	var once sync.Once
	pauseBackfill(t, "t", func(done int64) {
		once.Do(func() {
			if _, err := db.Exec("INSERT INTO t VALUES (5000000, 3, 'dup')"); err != nil {
				t.Errorf("insert during the build: %v", err)
			}
		})
	})
	_, err = db.Exec("CREATE UNIQUE INDEX ku ON t (k)")
	if mysqlErrNo(err) != 1062 {
		t.Fatalf("CREATE UNIQUE INDEX with a concurrent duplicate: %v, want 1062", err)
	}
	engine.BackfillHook.Store(nil)
	for _, r := range queryRows(t, db, "SHOW INDEX FROM t") {
		if r[2] == "ku" {
			t.Fatalf("index ku left behind: %v", r)
		}
	}
	if jobs := queryRows(t, db, "SELECT * FROM information_schema.MYRIAD_DDL_JOBS"); len(jobs) != 0 {
		t.Fatalf("job records left: %v", jobs)
	}
	// The name is free and a non-unique index builds.
	mustExec(t, db, "CREATE INDEX ku ON t (k)")
	agree(t, db, "t", "ku")
	ts.srv.Close()
	rep, err := check.Dir(dir, check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("check: %v", rep.Problems)
	}
}

// TestOnlineIndexKillQuery: KILL QUERY during the backfill fails the
// statement with 1317 and rolls the index back.
func TestOnlineIndexKillQuery(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 3000, func(i int) int { return i })
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	if err := killDuringBackfill(t, db, "t", "CREATE INDEX kx ON t (k)"); mysqlErrNo(err) != 1317 {
		t.Fatalf("killed CREATE INDEX: %v, want 1317", err)
	}
	for _, r := range queryRows(t, db, "SHOW INDEX FROM t") {
		if r[2] == "kx" {
			t.Fatalf("index kx left behind: %v", r)
		}
	}
	if jobs := queryRows(t, db, "SELECT * FROM information_schema.MYRIAD_DDL_JOBS"); len(jobs) != 0 {
		t.Fatalf("job records left: %v", jobs)
	}
	engine.BackfillHook.Store(nil)
	mustExec(t, db, "CREATE INDEX kx ON t (k)")
	agree(t, db, "t", "kx")
}

// TestOnlineIndexBlocksOtherDDL: another schema change of the table waits
// for a running build (1205 after lock_wait_timeout), then runs; DML does
// not wait.
func TestOnlineIndexBlocksOtherDDL(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 2000, func(i int) int { return i })
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	release := make(chan struct{})
	paused := make(chan struct{})
	var once sync.Once
	pauseBackfill(t, "t", func(done int64) {
		once.Do(func() { close(paused) })
		<-release
	})
	errc := make(chan error, 2)
	go func() {
		_, err := db.Exec("CREATE INDEX kx ON t (k)")
		errc <- err
	}()
	<-paused
	// DML goes on while the build is paused.
	mustExec(t, db, "INSERT INTO t VALUES (100000, 5, 'during')")
	mustExec(t, db, "UPDATE t SET k = 6 WHERE id = 1")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "SET SESSION lock_wait_timeout = 1")
	if _, err := conn.ExecContext(context.Background(), "ALTER TABLE t ADD COLUMN x INT"); mysqlErrNo(err) != 1205 {
		t.Fatalf("ALTER during a build with lock_wait_timeout = 1: %v, want 1205", err)
	}
	mustExec(t, conn, "SET SESSION lock_wait_timeout = 60")
	go func() {
		_, err := conn.ExecContext(context.Background(), "ALTER TABLE t ADD COLUMN y INT DEFAULT 3")
		errc <- err
	}()
	select {
	case err := <-errc:
		t.Fatalf("a statement ended while the build was paused: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	close(release)
	for i := 0; i < 2; i++ {
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	}
	if got := queryRows(t, db, "SELECT COUNT(*) FROM t WHERE y = 3"); got[0][0] != "2001" {
		t.Fatalf("rows with the new column: %v", got)
	}
	agree(t, db, "t", "kx")
}

// killDuringBackfill runs stmt on its own connection, holds the first
// backfill batch of tbl, kills the statement with KILL QUERY from db while
// the batch is held, and returns the statement's error.
func killDuringBackfill(t *testing.T, db *sql.DB, tbl, stmt string) error {
	t.Helper()
	release, paused := make(chan struct{}), make(chan struct{})
	var once sync.Once
	pauseBackfill(t, tbl, func(int64) {
		once.Do(func() { close(paused) })
		<-release
	})
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
		_, err := conn.ExecContext(context.Background(), stmt)
		errc <- err
	}()
	<-paused
	mustExec(t, db, fmt.Sprintf("KILL QUERY %d", id))
	close(release)
	return <-errc
}
