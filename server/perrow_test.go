package server

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestAddColumnPerRowDefault: ADD COLUMN with an expression default gives
// every existing row a value of its own — distinct UUID()s, an
// expression of the row's other columns — and copies the table as an
// online job in batches (seen by the backfill hook), while a client
// inserts rows that get their own values too.
func TestAddColumnPerRowDefault(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 200")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	const n = 3000
	fillTable(t, db, "t", n, func(i int) int { return i % 97 })
	var batches atomic.Int64
	pauseBackfill(t, "t", func(int64) {
		batches.Add(1)
		time.Sleep(2 * time.Millisecond)
	})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var inserted atomic.Int64
	var clientErr atomic.Pointer[string]
	wg.Add(1)
	go func() {
		defer wg.Done()
		for id := 1_000_000; ; id++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := db.Exec("INSERT INTO t (id, k, v) VALUES (?, 3, 'new')", id); err != nil {
				msg := err.Error()
				clientErr.CompareAndSwap(nil, &msg)
				return
			}
			inserted.Add(1)
		}
	}()
	for _, q := range []string{
		"ALTER TABLE t ADD COLUMN u VARCHAR(36) DEFAULT (UUID())",
		"ALTER TABLE t ADD COLUMN w INT NOT NULL DEFAULT (k * 2 + 1) AFTER id",
	} {
		before := batches.Load()
		start := time.Now()
		if _, err := db.Exec(q); err != nil {
			close(stop)
			wg.Wait()
			t.Fatalf("%s: %v", q, err)
		}
		t.Logf("%s: %v", q, time.Since(start).Round(time.Millisecond))
		if got := batches.Load() - before; got < n/200 {
			t.Errorf("%s copied in %d batches, want an online job of at least %d", q, got, n/200)
		}
	}
	time.Sleep(30 * time.Millisecond)
	close(stop)
	wg.Wait()
	if p := clientErr.Load(); p != nil {
		t.Fatalf("client insert failed during the ALTERs: %s", *p)
	}
	noJobs(t, db)
	rows := n + inserted.Load()
	wantRows(t, db, "SELECT COUNT(*), COUNT(DISTINCT u), COUNT(u), SUM(w = k * 2 + 1) FROM t",
		fmt.Sprintf("%d,%d,%d,%d", rows, rows, rows, rows))
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE LENGTH(u) <> 36 OR u NOT LIKE '________-____-____-____-____________'", "0")
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`u` varchar(36) DEFAULT (uuid())") || !strings.Contains(def, "`w` int NOT NULL DEFAULT (((`k` * 2) + 1))") {
		t.Fatalf("definition after the ALTERs:\n%s", def)
	}
	mustExec(t, db, "INSERT INTO t (id, k) VALUES (5000000, 10)")
	wantRows(t, db, "SELECT w, LENGTH(u) FROM t WHERE id = 5000000", "21,36")
	t.Logf("%d rows, %d inserted during the ALTERs", rows, inserted.Load())
	ts.srv.Close()
	checkDir(t, dir)
}
