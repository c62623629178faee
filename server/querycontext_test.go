package server

import (
	"context"
	"testing"
)

// TestQueryContextReuse checks that statement contexts copied from the
// connection's template (queryContext) serve the cached executions after a
// connection's first and follow its session: after COM_RESET_CONNECTION,
// the new session's settings, not those of the old session the template
// held.
func TestQueryContextReuse(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE qc")
	db := ts.connectWith("qc", "parseTime=false")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmt, err := conn.PrepareContext(ctx, "SELECT c FROM t WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	contexts, hits := queryContexts.Load(), ts.srv.plans.Hits.Load()
	for i := 0; i < 4; i++ {
		var c string
		if err := stmt.QueryRowContext(ctx, 2).Scan(&c); err != nil || c != "b" {
			t.Fatalf("execution %d: %q, %v", i, c, err)
		}
	}
	if n := queryContexts.Load() - contexts; n < 3 {
		t.Errorf("statement contexts copied from the template: %d, want the executions after the first", n)
	}
	if n := ts.srv.plans.Hits.Load() - hits; n < 3 {
		t.Errorf("plan cache hits: %d, want the executions served from the cache", n)
	}
	// COM_RESET_CONNECTION (0x1f; PyMySQL has no call for it, so its
	// command writer sends it) gives the connection a new session, with
	// the plan cache on again: its statements must be served from the
	// cache, which a context of the old session the template held (cache
	// off) would not. The same client runs with the plan cache off for new
	// sessions: the reference.
	prog := `
def get(n):
    cur.execute("SELECT c FROM t WHERE id = %s", (n,))
    return cur.fetchall()[0][0]
cur.execute("SET SESSION myriad_plan_cache = OFF")
print(get(1), get(2), get(1), get(2))
c._execute_command(0x1f, b"")
c._read_ok_packet()
print(get(1), get(2), get(1), get(2), get(3))
`
	hits = ts.srv.plans.Hits.Load()
	got := pyRun(t, ts, "qc", prog)
	if n := ts.srv.plans.Hits.Load() - hits; n < 4 {
		t.Errorf("plan cache hits through PyMySQL: %d, want most", n)
	}
	mustExec(t, db, "SET GLOBAL myriad_plan_cache = OFF")
	defer mustExec(t, db, "SET GLOBAL myriad_plan_cache = ON")
	hits = ts.srv.plans.Hits.Load()
	want := pyRun(t, ts, "qc", prog)
	if n := ts.srv.plans.Hits.Load() - hits; n != 0 {
		t.Errorf("plan cache hits with the cache off: %d", n)
	}
	if got != want {
		t.Errorf("through PyMySQL:\n cached   %q\n uncached %q", got, want)
	}
	t.Logf("%q", got)
}
