package server

import (
	"fmt"
	"strings"
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
			d := startDDLTest(t, 100, 16)
			db := d.db
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
				took = append(took, l.alter(db, q))
				if l.first.Load() != nil {
					break
				}
				time.Sleep(30 * time.Millisecond)
			}
			rows := l.settle(db)
			t.Logf("%d client operations, 0 errors, %d rows\n%s", l.ops.Load(), rows, strings.Join(took, "\n"))
			// The checker compares index kx with the rows, entry by entry.
			d.closeAndCheck()
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
	d := startDDLTest(t, 10, 16)
	db := d.db
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
		took = append(took, alterTimed(t, db, q, &w.txns, "client transactions", w.finish))
		time.Sleep(100 * time.Millisecond)
	}
	w.finish()
	noJobs(t, db)
	wantRows(t, db, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM t", fmt.Sprintf("%d,%d,1,%d", n, n, n))
	t.Logf("%d client transactions (%d deadlocks retried)\n%s", w.txns.Load(), w.deadlocks.Load(), strings.Join(took, "\n"))
	d.closeAndCheck()
}
