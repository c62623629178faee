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
)

// TestPKChangeUnderKeyWriters changes a primary key (id, k) to (id) and
// back while clients write as sysbench does: k = k + 1 (which moves the
// row under the old key), a DELETE and an INSERT of the same id in one
// transaction, updates, inserts, deletes and point reads, text and
// prepared, autocommit and in transactions. Each writer owns its ids, so
// no client error is a real duplicate: there must be none, and the table
// must end equal to the acknowledged writes — with and without a
// secondary UNIQUE index.
func TestPKChangeUnderKeyWriters(t *testing.T) {
	for _, c := range []struct{ name, extra string }{
		{"plain", ""},
		{"unique", ", UNIQUE KEY uid (id)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ts := startServer(t, dir)
			db := ts.connect("")
			mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
			mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
			defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
			mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
			defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
			mustExec(t, db, "CREATE DATABASE d")
			db = ts.connect("d")
			db.SetMaxOpenConns(16)
			mustExec(t, db, "CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id, k), KEY kx (k)"+c.extra+")")
			// The copy runs long enough for every writer to meet it.
			pauseBackfill(t, "t", func(int64) { time.Sleep(3 * time.Millisecond) })
			l := startWritersWith(t, db, &writerLoad{tbl: "t", rekey: true}, 1500)
			var took []string
			for _, q := range []string{
				"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
				"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)",
				"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
				"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)",
			} {
				before := l.ops.Load()
				start := time.Now()
				l.ddl.Store(&q)
				_, err := db.Exec(q)
				done := "after " + q
				l.ddl.Store(&done)
				if err != nil {
					l.finish()
					t.Fatalf("%s: %v", q, err)
				}
				took = append(took, fmt.Sprintf("%s: %v (%d client ops)", q, time.Since(start).Round(time.Millisecond), l.ops.Load()-before))
				if l.first.Load() != nil {
					break
				}
				time.Sleep(30 * time.Millisecond)
			}
			l.finish()
			noJobs(t, db)
			rows := l.verify(db)
			t.Logf("%d client operations, 0 errors, %d rows\n%s", l.ops.Load(), rows, strings.Join(took, "\n"))
			ts.srv.Close()
			// The checker compares index kx with the rows, entry by entry.
			checkDir(t, dir)
		})
	}
}

// TestPKChangeUnderSysbenchWriters is sysbench's oltp write mix on shared
// ids: four clients run transactions of UPDATE .. SET k = k + 1 WHERE id
// = a, UPDATE .. SET v = .. WHERE id = b, DELETE .. WHERE id = c and
// INSERT of c again, on a table keyed (id, k), while the key changes to
// (id) and back. Every id stays in the table exactly once, so no client
// may see an error but a deadlock (1213, retried as sysbench does) and
// the ALTERs must succeed. It failed two ways: a writer got 1062 for the
// shadow's new key (a duplicate there fails the job, not the writer), and
// DELETE .. WHERE id = c missed the row another writer had just moved
// with k = k + 1, so its INSERT made a second row with that id (in
// InnoDB the locking read finds the moved row) and the change to (id)
// failed with 1062.
func TestPKChangeUnderSysbenchWriters(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 10")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(16)
	const n = 100
	mustExec(t, db, "CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id, k), KEY kx (k))")
	var vals []string
	for i := 1; i <= n; i++ {
		vals = append(vals, fmt.Sprintf("(%d, %d, 'v')", i, i))
	}
	mustExec(t, db, "INSERT INTO t VALUES "+strings.Join(vals, ","))
	pauseBackfill(t, "t", func(int64) { time.Sleep(50 * time.Millisecond) })
	w := startSysbenchWriters(t, db, "t", n, 4)
	time.Sleep(200 * time.Millisecond)
	var took []string
	for _, q := range []string{
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
	} {
		start := time.Now()
		before := w.txns.Load()
		if _, err := db.Exec(q); err != nil {
			w.finish()
			t.Fatalf("%s: %v", q, err)
		}
		took = append(took, fmt.Sprintf("%s: %v (%d client transactions)", q, time.Since(start).Round(time.Millisecond), w.txns.Load()-before))
		time.Sleep(100 * time.Millisecond)
	}
	w.finish()
	noJobs(t, db)
	wantRows(t, db, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM t", fmt.Sprintf("%d,%d,1,%d", n, n, n))
	t.Logf("%d client transactions (%d deadlocks retried)\n%s", w.txns.Load(), w.deadlocks.Load(), strings.Join(took, "\n"))
	ts.srv.Close()
	checkDir(t, dir)
}

// sysbenchWriters run sysbench's oltp write mix on ids 1..n of a table
// (id, k, v) shared by all of them.
type sysbenchWriters struct {
	t         *testing.T
	stop      chan struct{}
	wg        sync.WaitGroup
	txns      atomic.Int64
	deadlocks atomic.Int64
	first     atomic.Pointer[string]
}

func startSysbenchWriters(t *testing.T, db *sql.DB, tbl string, n, clients int) *sysbenchWriters {
	w := &sysbenchWriters{t: t, stop: make(chan struct{})}
	for c := 0; c < clients; c++ {
		w.wg.Add(1)
		go func(c int) {
			defer w.wg.Done()
			rnd := rand.New(rand.NewSource(int64(c) + 1))
			ctx := context.Background()
			for {
				select {
				case <-w.stop:
					return
				default:
				}
				a, b, d := 1+rnd.Intn(n), 1+rnd.Intn(n), 1+rnd.Intn(n)
				stmts := []string{
					fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE id = %d", tbl, a),
					fmt.Sprintf("UPDATE %s SET v = 'c%d' WHERE id = %d", tbl, rnd.Intn(1000), b),
					fmt.Sprintf("DELETE FROM %s WHERE id = %d", tbl, d),
					fmt.Sprintf("INSERT INTO %s (id, k, v) VALUES (%d, %d, 'i')", tbl, d, rnd.Intn(100000)),
				}
				err := func() error {
					tx, err := db.BeginTx(ctx, nil)
					if err != nil {
						return err
					}
					for _, q := range stmts {
						if _, err := tx.Exec(q); err != nil {
							tx.Rollback()
							return fmt.Errorf("%s: %w", q, err)
						}
					}
					return tx.Commit()
				}()
				w.txns.Add(1)
				if mysqlErrNo(err) == 1213 {
					w.deadlocks.Add(1)
					continue
				}
				if err != nil {
					msg := err.Error()
					w.first.CompareAndSwap(nil, &msg)
					return
				}
			}
		}(c)
	}
	return w
}

// finish stops the writers and fails the test if any client saw an error.
func (w *sysbenchWriters) finish() {
	w.t.Helper()
	close(w.stop)
	w.wg.Wait()
	if p := w.first.Load(); p != nil {
		w.t.Fatalf("client error: %s", *p)
	}
}
