package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestBenchmarkFunction: BENCHMARK(count, expr) evaluates expr count times
// and answers 0 (NULL for a NULL or negative count); GMS had no such
// function (1105).
func TestBenchmarkFunction(t *testing.T) {
	ts := startServer(t, t.TempDir())
	c := pinnedConn(t, ts.connect(""))
	mustExec(t, c, "SET @c = 0")
	var b, n, m, cnt string
	var nn, mm any
	if err := c.QueryRowContext(t.Context(), "SELECT BENCHMARK(5, @c := @c + 1), BENCHMARK(NULL, 1), BENCHMARK(-1, 1), @c").Scan(&b, &nn, &mm, &cnt); err != nil {
		t.Fatal(err)
	}
	if b != "0" || nn != nil || mm != nil || cnt != "5" {
		t.Errorf("got %s %v %v %s", b, n, m, cnt)
	}
	if _, err := c.QueryContext(t.Context(), "SELECT BENCHMARK(2, (1, 2))"); err == nil || !strings.Contains(err.Error(), "1241") {
		t.Errorf("row operand: %v", err)
	}
}

// TestReleaseLockOfFreeLock: RELEASE_LOCK answers NULL for a lock nobody
// holds (released already, or never taken), 0 for one another session
// holds, 1 for one this session holds; GMS answered 0 for a lock released
// before.
func TestReleaseLockOfFreeLock(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	a, b := pinnedConn(t, db), pinnedConn(t, db)
	row := func(c interface {
		QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	}, q string) string {
		t.Helper()
		var v sql.NullString
		if err := c.QueryRowContext(t.Context(), q).Scan(&v); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if !v.Valid {
			return "NULL"
		}
		return v.String
	}
	for _, c := range []struct {
		conn    *sql.Conn
		q, want string
	}{
		{a, "SELECT RELEASE_LOCK('m19')", "NULL"},
		{a, "SELECT GET_LOCK('m19', 0)", "1"},
		{b, "SELECT RELEASE_LOCK('m19')", "0"},
		{a, "SELECT RELEASE_LOCK('m19')", "1"},
		{a, "SELECT RELEASE_LOCK('m19')", "NULL"},
		{b, "SELECT RELEASE_LOCK('m19')", "NULL"},
		{a, "SELECT IS_FREE_LOCK('m19')", "1"},
		{a, "SELECT IS_USED_LOCK('m19')", "NULL"},
		{a, "SELECT RELEASE_LOCK(NULL)", "NULL"},
	} {
		if got := row(c.conn, c.q); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
}
