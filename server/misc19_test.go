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

// TestChainedComparisons: comparisons chain left-associatively, as in
// MySQL ((a = b) = c); the parser refused them with 1064.
func TestChainedComparisons(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE cc")
	db = ts.connect("cc")
	mustExec(t, db, "CREATE TABLE c (a INT, b INT, c INT)")
	mustExec(t, db, "INSERT INTO c VALUES (1,1,1),(1,2,0),(2,2,0),(1,2,1)")
	if got := queryRows(t, db, "SELECT 1 = 1 = 1, 1 < 2 < 3, 3 > 2 > 1"); strings.Join(got[0], ",") != "1,1,0" {
		t.Errorf("constants: %v", got)
	}
	if got := queryRows(t, db, "SELECT a, b, c FROM c WHERE a = b = c ORDER BY a, b, c"); len(got) != 2 || strings.Join(got[1], ",") != "1,2,0" {
		t.Errorf("WHERE a = b = c: %v", got)
	}
	if _, err := db.Exec("SELECT 1 + 1 = 2 = 1"); err == nil {
		t.Errorf("an operand with an operator of its own is refused (not rewritten)")
	}
}

// TestGreatestOfStringsIsVarchar: GREATEST/LEAST of strings are VARCHAR of
// the longest argument, in the arguments' collation (MySQL), not LONGTEXT:
// drivers saw a BLOB column and CREATE TABLE ... SELECT made a LONGTEXT.
func TestGreatestOfStringsIsVarchar(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE gl")
	db = ts.connect("gl")
	mustExec(t, db, "CREATE TABLE g (a VARCHAR(3) COLLATE utf8mb4_bin, b CHAR(4) COLLATE utf8mb4_bin)")
	mustExec(t, db, "INSERT INTO g VALUES ('a', 'B')")
	rows, err := db.Query("SELECT GREATEST(a, b), LEAST(a, 'zzzzz') FROM g")
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	rows.Close()
	for _, ct := range cts {
		if ct.DatabaseTypeName() != "VARCHAR" {
			t.Errorf("%s: %s", ct.Name(), ct.DatabaseTypeName())
		}
	}
	mustExec(t, db, "CREATE TABLE gt AS SELECT GREATEST(a, b) AS g, LEAST(a, 'zzzzz') AS l FROM g")
	got := queryRows(t, db, "SELECT column_name, column_type, collation_name FROM information_schema.columns WHERE table_schema = 'gl' AND table_name = 'gt' ORDER BY ordinal_position")
	if len(got) != 2 || strings.Join(got[0], " ") != "g varchar(4) utf8mb4_bin" || strings.Join(got[1], " ") != "l varchar(5) utf8mb4_bin" {
		t.Errorf("CREATE TABLE ... SELECT: %v", got)
	}
}
