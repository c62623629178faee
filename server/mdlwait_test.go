package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// txnSpan is one writer transaction as its client saw it.
type txnSpan struct{ begin, end time.Time }

// mdlWriters runs sysbench oltp_read_write-shaped transactions (prepared
// statements: point selects, a range, two updates, a delete and an insert
// of the same id) on table tbl from n connections, logging every
// transaction's span, until stop.
type mdlWriters struct {
	mu    sync.Mutex
	spans []txnSpan
	errs  atomic.Int64
	last  atomic.Value // the last error's text
	stop  atomic.Bool
	wg    sync.WaitGroup
}

func startMDLWriters(t *testing.T, db *sql.DB, tbl string, rows, n int) *mdlWriters {
	w := &mdlWriters{}
	for i := 0; i < n; i++ {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		w.wg.Add(1)
		go func(seed int64) {
			defer w.wg.Done()
			defer c.Close()
			r := rand.New(rand.NewSource(seed))
			ctx := context.Background()
			for !w.stop.Load() {
				b := time.Now()
				err := w.txn(ctx, c, r, tbl, rows)
				if err != nil {
					w.errs.Add(1)
					w.last.Store(err.Error())
					c.ExecContext(ctx, "ROLLBACK")
					continue
				}
				w.mu.Lock()
				w.spans = append(w.spans, txnSpan{b, time.Now()})
				w.mu.Unlock()
			}
		}(int64(i))
	}
	return w
}

func (w *mdlWriters) txn(ctx context.Context, c *sql.Conn, r *rand.Rand, tbl string, rows int) error {
	if _, err := c.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	var s string
	for j := 0; j < 10; j++ {
		if err := c.QueryRowContext(ctx, "SELECT c FROM "+tbl+" WHERE id = ?", 1+r.Intn(rows)).Scan(&s); err != nil && err != sql.ErrNoRows {
			return err
		}
	}
	lo := 1 + r.Intn(rows)
	rs, err := c.QueryContext(ctx, "SELECT c FROM "+tbl+" WHERE id BETWEEN ? AND ?", lo, lo+99)
	if err != nil {
		return err
	}
	for rs.Next() {
	}
	rs.Close()
	// The written ids in ascending order: writers never deadlock on rows
	// (a 1213 here would be the test's, not the ALTER's).
	ids := []int{1 + r.Intn(rows), 1 + r.Intn(rows), 1 + r.Intn(rows)}
	sort.Ints(ids)
	if _, err := c.ExecContext(ctx, "UPDATE "+tbl+" SET k = k + 1 WHERE id = ?", ids[0]); err != nil {
		return err
	}
	if _, err := c.ExecContext(ctx, "UPDATE "+tbl+" SET c = ? WHERE id = ?", fmt.Sprint(r.Int63()), ids[1]); err != nil {
		return err
	}
	if _, err := c.ExecContext(ctx, "DELETE FROM "+tbl+" WHERE id = ?", ids[2]); err != nil {
		return err
	}
	if _, err := c.ExecContext(ctx, "INSERT INTO "+tbl+" (id, k, c) VALUES (?, ?, ?)", ids[2], r.Intn(rows), "x"); err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, "COMMIT")
	return err
}

func (w *mdlWriters) finish(t *testing.T) {
	w.stop.Store(true)
	w.wg.Wait()
	if n := w.errs.Load(); n > 0 {
		t.Errorf("%d writer transactions failed, last: %v", n, w.last.Load())
	}
}

// longestOpen is how long the transactions open at time a still ran after
// it: what an ALTER arriving at a may have to wait for.
func (w *mdlWriters) longestOpen(a time.Time) (d time.Duration, open int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.spans {
		if s.begin.Before(a) && s.end.After(a) {
			open++
			d = max(d, s.end.Sub(a))
		}
	}
	return d, open
}

// TestInstantAlterWaitUnderWriters runs instant ADD/DROP COLUMN while four
// clients run sysbench-shaped transactions on the table. Once an ALTER
// waits for its metadata lock, transactions that start later must queue
// behind it (MySQL's MDL queue): so its wait is bounded by the
// transactions open when it arrived, not by a stream of new ones. Each
// ALTER's time must stay within the longest of those plus the ALTER's own
// work (measured on the idle table, with a margin for a loaded machine).
func TestInstantAlterWaitUnderWriters(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	db.SetMaxOpenConns(8)
	const rows = 5000
	mustExec(t, db, "CREATE TABLE sb (id INT PRIMARY KEY, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', KEY kk (k))")
	for i := 1; i <= rows; i += 500 {
		q := "INSERT INTO sb (id, k, c) VALUES "
		for j := i; j < i+500; j++ {
			if j > i {
				q += ","
			}
			q += fmt.Sprintf("(%d, %d, 'c%d')", j, j%97, j)
		}
		mustExec(t, db, q)
	}
	alter := ts.connect("d")
	alter.SetMaxOpenConns(1)
	// An ALTER that waited for a stream of new transactions would wait
	// for minutes: fail (1205) instead.
	mustExec(t, alter, "SET SESSION lock_wait_timeout = 10")
	add := "ALTER TABLE sb ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT"
	drop := "ALTER TABLE sb DROP COLUMN x, ALGORITHM=INSTANT"
	var idle time.Duration
	for i := 0; i < 3; i++ {
		for _, q := range []string{add, drop} {
			s := time.Now()
			mustExec(t, alter, q)
			idle = max(idle, time.Since(s))
		}
	}

	w := startMDLWriters(t, db, "sb", rows, 4)
	time.Sleep(500 * time.Millisecond)
	var worst time.Duration
	for i := 0; i < 6; i++ {
		q := add
		if i%2 == 1 {
			q = drop
		}
		a := time.Now()
		mustExec(t, alter, q)
		took := time.Since(a)
		time.Sleep(300 * time.Millisecond) // the spans of the transactions open at a end
		longest, open := w.longestOpen(a)
		t.Logf("%s: %v; %d transactions open at its arrival, the longest ran %v more", q[:25], took, open, longest)
		worst = max(worst, took-longest)
	}
	w.finish(t)
	w.mu.Lock()
	var sum, long time.Duration
	for _, s := range w.spans {
		sum += s.end.Sub(s.begin)
		long = max(long, s.end.Sub(s.begin))
	}
	n := len(w.spans)
	w.mu.Unlock()
	t.Logf("idle ALTER at most %v; %d transactions, mean %v, longest %v; ALTER beyond the longest open transaction at most %v",
		idle, n, sum/time.Duration(max(n, 1)), long, worst)
	if n < 20 {
		t.Fatalf("only %d writer transactions ran", n)
	}
	if limit := 3*idle + 150*time.Millisecond; worst > limit {
		t.Errorf("an ALTER took %v longer than the longest transaction open when it arrived (limit %v): it waited for later ones", worst, limit)
	}
}
