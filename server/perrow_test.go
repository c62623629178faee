package server

import (
	"fmt"
	"strings"
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
	d := startDDLTest(t, 200, 0)
	db := d.db
	const n = 3000
	fillTable(t, db, "t", n, func(i int) int { return i % 97 })
	var batches atomic.Int64
	pauseBackfill(t, "t", func(int64) {
		batches.Add(1)
		time.Sleep(2 * time.Millisecond)
	})
	in := startInserter(db, 1_000_000, "INSERT INTO t (id, k, v) VALUES (?, 3, 'new')", func(id int) []any { return []any{id} })
	for _, q := range []string{
		"ALTER TABLE t ADD COLUMN u VARCHAR(36) DEFAULT (UUID())",
		"ALTER TABLE t ADD COLUMN w INT NOT NULL DEFAULT (k * 2 + 1) AFTER id",
	} {
		before := batches.Load()
		start := time.Now()
		if _, err := db.Exec(q); err != nil {
			in.halt()
			t.Fatalf("%s: %v", q, err)
		}
		t.Logf("%s: %v", q, time.Since(start).Round(time.Millisecond))
		if got := batches.Load() - before; got < n/200 {
			t.Errorf("%s copied in %d batches, want an online job of at least %d", q, got, n/200)
		}
	}
	time.Sleep(30 * time.Millisecond)
	in.finish(t)
	noJobs(t, db)
	rows := n + in.inserted.Load()
	wantRows(t, db, "SELECT COUNT(*), COUNT(DISTINCT u), COUNT(u), SUM(w = k * 2 + 1) FROM t",
		fmt.Sprintf("%d,%d,%d,%d", rows, rows, rows, rows))
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE LENGTH(u) <> 36 OR u NOT LIKE '________-____-____-____-____________'", "0")
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`u` varchar(36) DEFAULT (uuid())") || !strings.Contains(def, "`w` int NOT NULL DEFAULT (((`k` * 2) + 1))") {
		t.Fatalf("definition after the ALTERs:\n%s", def)
	}
	mustExec(t, db, "INSERT INTO t (id, k) VALUES (5000000, 10)")
	wantRows(t, db, "SELECT w, LENGTH(u) FROM t WHERE id = 5000000", "21,36")
	t.Logf("%d rows, %d inserted during the ALTERs", rows, in.inserted.Load())
	d.closeAndCheck()
}
