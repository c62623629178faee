package server

import (
	"strings"
	"testing"
)

// TestUnionDistinctColumns: a UNION [DISTINCT] or DISTINCT under a derived
// table, a CTE or another UNION returns each column's own values. The
// collation-aware rewrite (engine/padspace.go) built its column reads with
// GMS's default ids (the column's index), which GMS's assignExecIndexes
// resolved against the child's real ids: `SELECT * FROM (SELECT 'a' k, 1 v
// UNION SELECT 'b', 2) t` answered ('a','a'), ('b','b').
func TestUnionDistinctColumns(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE ci")
	c := ts.connect("ci")
	mustExec(t, c, "CREATE TABLE cid (id INT PRIMARY KEY, s VARCHAR(10), x INT)")
	mustExec(t, c, "INSERT INTO cid VALUES (1, 'a', 10), (2, 'b', NULL), (3, NULL, 30), (4, 'A', 10)")
	for _, tc := range []struct{ q, want string }{
		{"SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 3", "a,1;b,2;a,3"},
		{"SELECT * FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2) t ORDER BY k", "a,1;b,2"},
		{"SELECT * FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 1) t ORDER BY k, v", "a,1;b,2"},
		{"WITH t AS (SELECT 'a' k, 1 v UNION SELECT 'b', 2) SELECT * FROM t ORDER BY k", "a,1;b,2"},
		{"SELECT JSON_OBJECTAGG(k, v) FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 3) t", `{"a": 3, "b": 2}`},
		{"SELECT * FROM (SELECT DISTINCT 'x' c, id, s FROM cid) t ORDER BY id", "x,1,a;x,2,b;x,3,NULL;x,4,A"},
		{"SELECT * FROM (SELECT x, s FROM cid UNION SELECT 10, 'q') t ORDER BY x, s", "NULL,b;10,a;10,q;30,NULL"},
		// A derived table's WHERE pushed onto its UNION reads its column.
		{"SELECT * FROM (SELECT id AS o, x FROM cid UNION ALL SELECT id + 10, x FROM cid) d WHERE x = 30 ORDER BY o", "3,30;13,30"},
		{"SELECT * FROM (SELECT id AS o, s FROM cid UNION ALL SELECT id + 100, s FROM cid) d WHERE s = 'b' ORDER BY o", "2,b;102,b"},
		// A NULL arm leaves the union's collation to the other arms.
		{"SELECT COUNT(*) FROM (SELECT s AS a, s AS b FROM cid UNION SELECT 'x', NULL) d", "4"},
		// The union's own ORDER BY ... LIMIT sorts by its column.
		{"SELECT * FROM (SELECT x, s FROM cid UNION SELECT x, s FROM cid ORDER BY x DESC LIMIT 2) t ORDER BY x", "10,a;30,NULL"},
		{"(SELECT id, s FROM cid ORDER BY id DESC LIMIT 2) UNION (SELECT id, s FROM cid ORDER BY x, id LIMIT 1) ORDER BY id", "2,b;3,NULL;4,A"},
	} {
		rows, err := c.Query(tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		var got []string
		for _, r := range scanRows(t, rows) {
			got = append(got, strings.Join(r, ","))
		}
		if g := strings.Join(got, ";"); g != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.q, g, tc.want)
		}
	}
}
