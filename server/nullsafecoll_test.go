package server

import "testing"

// `<=>` between a column and a literal compares in the column's collation,
// as `=` does (found by TestOracles, seed 1795779892214647069): GMS
// compared two string types of different lengths in its binary default
// collation, so `c <=> 'é'` missed 'e' and 'E' in a utf8mb4_0900_ai_ci
// column (a NO PAD collation, which engine/padspace.go had left alone).
func TestNullSafeEqualsCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE n")
	db = ts.connect("n")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_0900_ai_ci, d VARCHAR(8) COLLATE utf8mb4_0900_ai_ci, KEY (c))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'e', 'é'), (2, 'é', NULL), (3, 'E', 'x'), (4, 'a', 'A'), (5, NULL, NULL)")
	for q, want := range map[string][]string{
		"SELECT id FROM t WHERE c <=> 'é' ORDER BY id":                 {"1", "2", "3"},
		"SELECT id FROM t WHERE 'é' <=> c ORDER BY id":                 {"1", "2", "3"},
		"SELECT id FROM t WHERE NOT (c <=> 'é') ORDER BY id":           {"4", "5"},
		"SELECT id, c <=> 'É', c <=> NULL, c <=> d FROM t ORDER BY id": {"1,1,0,1", "2,1,0,0", "3,1,0,0", "4,0,0,1", "5,0,1,1"},
		"SELECT COUNT(*) FROM t a JOIN t b ON 'é' <=> b.c":             {"15"},
		"SELECT SUM(CASE WHEN c <=> 'e' THEN 1 ELSE 0 END) FROM t":     {"3"},
	} {
		wantRows(t, db, q, want...)
	}
}
