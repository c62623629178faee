package server

import (
	"testing"
)

// TestFoldedCaseCollation: a searched CASE whose condition folds to false is
// its ELSE literal, which keeps the connection's collation (utf8mb4_0900_ai_ci
// here), so 'é' NOT IN ('b', 'e') is 0 and 'B' = 'b' is 1 in WHERE as in the
// select list. The randomized oracle (NoREC) found WHERE counting the
// opposite of SUM(...) for seeds 1795799966062910179 and 1795800331712296761.
func TestFoldedCaseCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE fc")
	mustExec(t, db, "CREATE TABLE fc.t1 (c0 INT, c1 INT)")
	mustExec(t, db, "INSERT INTO fc.t1 VALUES (1, 1), (0, 0), (2, NULL), (NULL, 3)")
	for _, c := range []struct{ q, want string }{
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN (t1.c1 AND ('-2' > 'ab')) THEN '' ELSE 'é' END) NOT IN ('b', 'e')", "0"},
		{"SELECT SUM((CASE WHEN (t1.c1 AND ('-2' > 'ab')) THEN '' ELSE 'é' END) NOT IN ('b', 'e')) FROM t1", "0"},
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN (('b' < '1') AND t1.c0) THEN '-2' ELSE 'B' END) = 'b'", "4"},
		{"SELECT SUM((CASE WHEN (('b' < '1') AND t1.c0) THEN '-2' ELSE 'B' END) = 'b') FROM t1", "4"},
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN (('a' = 'A') OR t1.c0) THEN 'B' ELSE 'x' END) = 'b'", "4"},
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN 1 = 0 THEN 'x' ELSE 'B' END) = 'b'", "4"},
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN 1 = 0 THEN 'x' ELSE 'é' END) IN ('e')", "4"},
		{"SELECT COUNT(*) FROM t1 WHERE (CASE WHEN c0 > 100 THEN 'x' ELSE 'B' END) = 'b'", "4"},
	} {
		if got := rowsText(t, ts, "fc", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
