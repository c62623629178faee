package server

import (
	"context"
	"strconv"
	"testing"
)

// A cached plan's locks are found once and kept with the plan
// (engine.PlanLocks); every later execution must still take them: an
// UPDATE's row locks on the rows it matched, changed or not (InnoDB locks
// what an UPDATE reads, so SET k=k takes no write lock to stand in for
// them), and a SELECT's metadata lock, held to the end of its transaction.
func TestCachedPlanLocksEveryExecution(t *testing.T) {
	ts, root, cached, _ := dmlPair(t)
	ctx := context.Background()
	other, err := root.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	mustExec(t, other, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, other, "SET SESSION lock_wait_timeout = 1")
	for _, c := range []struct {
		q    string
		args func(id int) []any
	}{
		{"UPDATE sb SET k=k WHERE id=?", func(id int) []any { return []any{id} }},
		{"UPDATE sb SET pad=pad WHERE id BETWEEN ? AND ?", func(id int) []any { return []any{id, id} }},
		{"UPDATE sb SET c=? WHERE id=?", func(id int) []any { return []any{"c" + strconv.Itoa(id), id} }},
	} {
		t.Run(c.q, func(t *testing.T) {
			st, err := cached.PrepareContext(ctx, c.q)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			mustExec(t, cached, "BEGIN")
			defer mustExec(t, cached, "ROLLBACK")
			runs := ts.srv.fastDMLs.Load()
			ids := []int{11, 12, 13, 14}
			for _, id := range ids {
				if o := runDML(t, cached, st, c.args(id)...); o.err != "" || o.affected != 0 {
					t.Fatalf("id %d: %+v, want no change", id, o)
				}
			}
			if n := ts.srv.fastDMLs.Load() - runs; n < int64(len(ids)-1) {
				t.Fatalf("%d of %d executions ran from the cached plan", n, len(ids))
			}
			for _, id := range ids {
				_, err := other.ExecContext(ctx, "UPDATE fa.sb SET pad='w' WHERE id=?", id)
				if mysqlErrNo(err) != 1205 {
					t.Errorf("writer of row %d, matched by an open transaction's cached UPDATE: %v, want 1205", id, err)
				}
			}
			// A row no execution matched stays free.
			mustExec(t, other, "UPDATE fa.sb SET pad='w' WHERE id=20")
		})
	}
	t.Run("SELECT", func(t *testing.T) {
		st, err := cached.PrepareContext(ctx, "SELECT c FROM sb WHERE id=?")
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		read := func() {
			var s string
			if err := st.QueryRowContext(ctx, 1).Scan(&s); err != nil {
				t.Fatal(err)
			}
		}
		read()
		read() // cached now: the transaction's reads all run the cached plan
		mustExec(t, cached, "BEGIN")
		defer mustExec(t, cached, "ROLLBACK")
		read()
		read()
		_, err = other.ExecContext(ctx, "ALTER TABLE fa.sb ADD COLUMN x INT")
		if mysqlErrNo(err) != 1205 {
			t.Errorf("ALTER TABLE while a transaction's cached SELECT read the table: %v, want 1205", err)
		}
	})
}
