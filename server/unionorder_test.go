package server

import "testing"

// A UNION's ORDER BY of a column whose left side is an unaliased constant
// sorts by that column (GMS resolved the item to the constant itself, so
// the rows came out unsorted: a NULL row after 'ab', 2 before 1). And an
// ORDER BY on a grouped CONCAT of a NO PAD column sorts in the column's
// collation (fixed by the CONCAT typing of a1fdcab; it sorted bytes, 'C'
// before 'a').
func TestUnionOrderByConstantColumn(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE uo")
	db = ts.connect("uo")
	mustExec(t, db, "CREATE TABLE un (id INT PRIMARY KEY, v VARCHAR(10), i INT)")
	mustExec(t, db, "INSERT INTO un VALUES (1, 'ab', 7), (2, NULL, NULL), (3, 'a', 2), (4, 'a', 1)")
	mustExec(t, db, "CREATE TABLE gk (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_0900_ai_ci)")
	mustExec(t, db, "INSERT INTO gk VALUES (1, 'b'), (2, 'B'), (3, 'a'), (4, 'C'), (5, 'A'), (6, 'é'), (7, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT NULL, NULL FROM un WHERE id = 1 UNION ALL SELECT v, i FROM un ORDER BY 1, 2",
			[]string{"NULL,NULL", "NULL,NULL", "a,1", "a,2", "ab,7"}},
		{"SELECT NULL, NULL FROM un WHERE id = 1 UNION ALL SELECT v, i FROM un ORDER BY 1 DESC, 2 DESC",
			[]string{"ab,7", "a,2", "a,1", "NULL,NULL", "NULL,NULL"}},
		{"SELECT 2 UNION ALL SELECT 1 ORDER BY 1", []string{"1", "2"}},
		{"SELECT 2 x, 'q' UNION ALL SELECT 1, 'p' ORDER BY 2", []string{"1,p", "2,q"}},
		{"SELECT 3 UNION SELECT 1 UNION SELECT 2 ORDER BY 1", []string{"1", "2", "3"}},
		{"SELECT NULL, 5 UNION ALL SELECT 1, 2 UNION ALL SELECT 1, 1 ORDER BY 1, 2 LIMIT 2", []string{"NULL,5", "1,1"}},
		{"SELECT CONCAT(c, '') k, COUNT(*) FROM gk GROUP BY k ORDER BY k", []string{"NULL,1", "a,2", "b,2", "C,1", "é,1"}},
		{"SELECT CONCAT(c, '') k FROM gk GROUP BY k ORDER BY k DESC LIMIT 3", []string{"é", "C", "b"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
