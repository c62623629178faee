package server

import "testing"

// A string expression compared with numbers is compared as DOUBLE, as MySQL
// does (a STRING_RESULT against a number is REAL_RESULT, the string read by
// its numeric prefix), wherever the comparison is evaluated. GMS's IN
// compared such a string with the numbers as strings ('3.00' against '3'),
// and its '=' read nothing of '3abc'. The first group is the final finding
// of session 11's oracle run (TestOracles, NoREC, seed 1795791866344205844:
// the WHERE counted every row, SUM(CASE ...) none).
func TestStringExpressionComparedWithNumber(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE sn")
	db = ts.connect("sn")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c2 INT, s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 3, '3abc'), (2, NULL, 'x'), (3, 4, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT id, COALESCE(3.00, 'b') IN (c2, 3), COALESCE(3.00, 'b') IN (3) FROM t ORDER BY id",
			[]string{"1,1,1", "2,1,1", "3,1,1"}},
		{"SELECT COUNT(*) FROM t WHERE COALESCE(3.00, 'b') IN (c2, 3)", []string{"3"}},
		{"SELECT SUM(CASE WHEN COALESCE(3.00, 'b') IN (c2, 3) THEN 1 ELSE 0 END) FROM t", []string{"3"}},
		{"SELECT id, IF(id > 0, 3.00, 'b') IN (3), CASE WHEN id = 1 THEN 3.00 ELSE 'b' END IN (3, c2), IFNULL(NULL, '3.0') NOT IN (3, 5) FROM t ORDER BY id",
			[]string{"1,1,1,0", "2,1,NULL,0", "3,1,0,0"}},
		// Any string function: IN, '=', '<=>', '>' and BETWEEN read its
		// numeric prefix.
		{"SELECT id, CONCAT(c2, '.0') IN (3, 4), LOWER(s) IN (3, 7), CONCAT(s, '') = 3, CONCAT(s, '') <=> 3, UPPER(s) > 2.5, CONCAT(s, '') BETWEEN 2 AND 4 FROM t ORDER BY id",
			[]string{"1,1,1,1,1,1,1", "2,NULL,0,0,0,0,0", "3,1,NULL,NULL,0,NULL,NULL"}},
		{"SELECT id FROM t WHERE CONCAT(s, '') = 3 OR CONCAT(c2, '.0') IN (4, 5) ORDER BY id", []string{"1", "3"}},
		{"SELECT id, 3 IN (CONCAT(s, ''), 5), 3 = CONCAT(s, '') FROM t ORDER BY id", []string{"1,1,1", "2,0,0", "3,NULL,NULL"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
