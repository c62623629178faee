package server

import (
	"context"
	"testing"
)

// TestKeylessMultiTableDeleteCount: a DELETE with explicit targets counts
// the identical rows of a keyless table one by one, as MySQL does; wrong22's
// count deduped them by content (two identical rows deleted counted 1).
func TestKeylessMultiTableDeleteCount(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "CREATE DATABASE w24")
	mustExec(t, conn, "USE w24")
	left := "SELECT (SELECT COUNT(*) FROM p), (SELECT COUNT(*) FROM c)"
	for _, c := range []struct {
		p, c string // rows of p (id) and c (pid), both keyless
		del  string
		want int64
		rest string
	}{
		// Two identical rows of p, one row of c: 2 + 1.
		{p: "(1), (1), (2)", c: "(1), (2)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3, rest: "1 1"},
		// One row of p joined to two identical rows of c: 1 + 2.
		{p: "(1), (2)", c: "(1), (1), (2)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3, rest: "1 1"},
		// Two identical rows of p, each joined to two identical rows of c.
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2, rest: "1 2"},
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id", want: 4, rest: "1 0"},
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE c FROM p JOIN c ON c.pid = p.id", want: 2, rest: "3 0"},
		// Distinct rows still count once each, however often they are joined.
		{p: "(1), (2)", c: "(1), (1), (2)", del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2, rest: "0 3"},
	} {
		mustExec(t, conn, "DROP TABLE IF EXISTS c, p")
		mustExec(t, conn, "CREATE TABLE p (id INT)")
		mustExec(t, conn, "CREATE TABLE c (pid INT)")
		mustExec(t, conn, "INSERT INTO p VALUES "+c.p)
		mustExec(t, conn, "INSERT INTO c VALUES "+c.c)
		res, err := conn.ExecContext(ctx, c.del)
		if err != nil {
			t.Fatalf("%s: %v", c.del, err)
		}
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("p %s, c %s: %s: %d rows affected, want %d", c.p, c.c, c.del, n, c.want)
		}
		var rc int64
		if err := conn.QueryRowContext(ctx, "SELECT ROW_COUNT()").Scan(&rc); err != nil || rc != c.want {
			t.Errorf("p %s, c %s: %s: ROW_COUNT() = %d (%v), want %d", c.p, c.c, c.del, rc, err, c.want)
		}
		rows, err := conn.QueryContext(ctx, left)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.rest {
			t.Errorf("p %s, c %s: %s: left %s, want %s", c.p, c.c, c.del, got, c.rest)
		}
	}
}
