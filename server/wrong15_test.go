package server

import (
	"strings"
	"testing"
)

// rowsText renders q's rows as "a,b c,d" for compact expectations.
func rowsText(t *testing.T, ts *testServer, db string, q string, args ...any) string {
	t.Helper()
	var out []string
	for _, r := range queryRows(t, ts.connect(db), q, args...) {
		out = append(out, strings.Join(r, ","))
	}
	return strings.Join(out, " ")
}

// TestRowInListNulls: a row IN list is the OR of row equalities, each the
// AND of its elements' equalities, so a NULL element gives NULL unless a
// row matches or an element differs. GMS failed with 1105 ("value not nil")
// on a NULL literal in the left row and answered 0 for a NULL column;
// the prepared path (the plan cache) answers the same.
func TestRowInListNulls(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ri")
	mustExec(t, db, "CREATE TABLE ri.t (id INT PRIMARY KEY, a INT, b INT, KEY ab (a, b))")
	mustExec(t, db, "INSERT INTO ri.t VALUES (1, 1, 2), (2, 3, 4), (3, NULL, 5), (4, 1, NULL)")
	for _, c := range []struct{ q, want string }{
		{"SELECT (NULL, 1) IN ((1, 1), (2, 2)), (1, NULL) IN ((1, 1), (2, 2)), (1, NULL) IN ((2, 1)), (1, 2) IN ((1, 3), (1, NULL))", "NULL,NULL,0,NULL"},
		{"SELECT (1, (2, NULL)) IN ((1, (2, 3))), (1, (2, NULL)) IN ((1, (3, 3))), (1, 2) IN ((1, 2))", "NULL,0,1"},
		{"SELECT id, (a, b) IN ((1, 2), (3, 4)), (a, 5) IN ((a, 5)), (a, b) NOT IN ((1, 2), (NULL, 5)) FROM t ORDER BY id",
			"1,1,1,0 2,1,1,1 3,0,NULL,NULL 4,NULL,1,NULL"},
		{"SELECT id FROM t WHERE (a, b) IN ((1, 2), (3, 4), (NULL, 5)) ORDER BY id", "1 2"},
		{"SELECT id FROM t WHERE (a, b) NOT IN ((1, 2), (NULL, 5)) ORDER BY id", "2"},
		{"SELECT id FROM t WHERE (a, b) IN ((1, NULL)) IS NULL ORDER BY id", "1 3 4"},
	} {
		if got := rowsText(t, ts, "ri", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// prepared, twice (the second execution runs the cached plan)
	for i := 0; i < 2; i++ {
		if got := rowsText(t, ts, "ri", "SELECT id, (a, b) IN ((?, 2), (3, ?)) FROM t ORDER BY id", 1, 4); got != "1,1 2,1 3,0 4,NULL" {
			t.Errorf("prepared row IN, run %d: %q", i, got)
		}
	}
}
