package server

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestAutoIncrementAddColumnLetsReadersIn: while ALTER TABLE ... ADD
// COLUMN seq INT AUTO_INCREMENT numbers the rows (a job holding the
// table's metadata lock SHARED_NO_WRITE, MySQL's LOCK=SHARED), SELECTs
// of the table run (plain, prepared, FOR SHARE), a writer waits and gets
// 1205 after lock_wait_timeout, a writer with time to wait gets the number
// after the copy's, and a transaction that read the table before the job
// and then writes it (it waits for the job, whose swap waits for its read)
// is the deadlock's victim (1213) at the swap instead of both waiting out
// their timeouts. Before metadata locks had modes the job held the table
// exclusively: the SELECTs here waited for the whole copy.
func TestAutoIncrementAddColumnLetsReadersIn(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	const n = 3000
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	fillTable(t, db, "t", n, func(j int) int { return j % 97 })

	// The copy stops after its fifth batch until released.
	reached, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	// A failing check still lets the copy end (the server's shutdown
	// waits for it).
	releaseCopy := sync.OnceFunc(func() { close(release) })
	t.Cleanup(releaseCopy)
	pauseBackfill(t, "t", func(done int64) {
		if done >= 500 {
			once.Do(func() {
				close(reached)
				<-release
			})
		}
	})
	conn := func() *sql.Conn {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// A transaction that read the table before the job started.
	rw := conn()
	mustExec(t, rw, "SET SESSION lock_wait_timeout = 60")
	mustExec(t, rw, "BEGIN")
	wantRows(t, db, "SELECT COUNT(*) FROM t", fmt.Sprint(n))
	var k int
	if err := rw.QueryRowContext(context.Background(), "SELECT k FROM t WHERE id = 7").Scan(&k); err != nil {
		t.Fatal(err)
	}
	// ... that is what the ALTER's exclusive phase waits for: it commits
	// first, and the ALTER starts once it did.
	alter := make(chan error, 1)
	go func() {
		_, err := db.Exec("ALTER TABLE t ADD COLUMN seq INT AUTO_INCREMENT UNIQUE")
		alter <- err
	}()
	time.Sleep(100 * time.Millisecond)
	mustExec(t, rw, "COMMIT")
	select {
	case <-reached:
	case err := <-alter:
		t.Fatalf("the ALTER ended before its copy paused: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the copy did not reach its fifth batch in 30 s")
	}

	// Readers go on.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var cnt int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&cnt); err != nil || cnt != n {
		t.Fatalf("SELECT during the numbering copy: %d, %v (want %d rows, at once)", cnt, err, n)
	}
	if err := db.QueryRowContext(ctx, "SELECT k FROM t WHERE id = ?", 12).Scan(&k); err != nil || k != 12 {
		t.Fatalf("prepared SELECT during the copy: %d, %v", k, err)
	}
	if err := db.QueryRowContext(ctx, "SELECT k FROM t WHERE id = 13 FOR SHARE").Scan(&k); err != nil || k != 13 {
		t.Fatalf("SELECT ... FOR SHARE during the copy: %d, %v", k, err)
	}

	// A writer waits up to lock_wait_timeout.
	w := conn()
	mustExec(t, w, "SET SESSION lock_wait_timeout = 1")
	for _, q := range []string{"INSERT INTO t (id, k) VALUES (100000, 1)", "UPDATE t SET k = 5 WHERE id = 3", "SELECT k FROM t WHERE id = 3 FOR UPDATE"} {
		start := time.Now()
		_, err := w.ExecContext(ctx, q)
		if mysqlErrNo(err) != 1205 || time.Since(start) < 900*time.Millisecond {
			t.Fatalf("%s during the numbering copy: %v after %v, want 1205 after lock_wait_timeout (1 s)", q, err, time.Since(start))
		}
	}

	// A writer with time to wait, and a reader-then-writer transaction.
	wait := conn()
	mustExec(t, wait, "SET SESSION lock_wait_timeout = 60")
	waited := make(chan error, 1)
	go func() {
		_, err := wait.ExecContext(context.Background(), "INSERT INTO t (id, k) VALUES (200000, 1)")
		waited <- err
	}()
	cyc := conn()
	mustExec(t, cyc, "SET SESSION lock_wait_timeout = 60")
	mustExec(t, cyc, "BEGIN")
	if err := cyc.QueryRowContext(ctx, "SELECT k FROM t WHERE id = 20").Scan(&k); err != nil {
		t.Fatal(err)
	}
	cycErr := make(chan error, 1)
	go func() {
		_, err := cyc.ExecContext(context.Background(), "UPDATE t SET k = 0 WHERE id = 20")
		cycErr <- err
	}()
	time.Sleep(200 * time.Millisecond)
	select {
	case err := <-waited:
		t.Fatalf("INSERT during the copy did not wait: %v", err)
	case err := <-cycErr:
		t.Fatalf("UPDATE during the copy did not wait: %v", err)
	default:
	}
	start := time.Now()
	releaseCopy()
	select {
	case err := <-alter:
		if err != nil {
			t.Fatalf("ALTER: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the ALTER did not finish within 30 s of its copy's release (a missed deadlock?)")
	}
	if err := <-cycErr; mysqlErrNo(err) != 1213 {
		t.Fatalf("a transaction holding a read of the table, waiting to write it, at the swap: %v, want 1213", err)
	}
	if err := <-waited; err != nil {
		t.Fatalf("INSERT that waited for the job: %v", err)
	}
	t.Logf("the ALTER ended %v after the release", time.Since(start))
	mustExec(t, cyc, "ROLLBACK")
	if got := queryRows(t, db, "SELECT seq FROM t WHERE id = 200000"); fmt.Sprint(got) != fmt.Sprintf("[[%d]]", n+1) {
		t.Fatalf("the INSERT that waited got seq %v, want %d", got, n+1)
	}
	for j, r := range queryRows(t, db, "SELECT id, seq FROM t WHERE id < 100000 ORDER BY id") {
		if r[1] != fmt.Sprint(j+1) {
			t.Fatalf("row %d (id %s) has seq %s: not numbered in key order", j, r[0], r[1])
		}
	}
	noJobs(t, db)
	ts.srv.Close()
	checkDir(t, dir)
}
