package server

import "testing"

// A simple CASE or a mixed IN whose operand reads a subquery or RAND()
// compares as the plain-column case does (the collation's PAD SPACE, a
// string against a number as DOUBLE), the operand evaluated once per row.
// GMS's own CASE and IN compared them uncorrected: CASE (SELECT c) WHEN
// 'a ' was not 1 for c = 'a' under utf8mb4_general_ci.
func TestCaseOperandOnce(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE co")
	db = ts.connect("co")
	mustExec(t, db, "CREATE TABLE cs (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_general_ci, k VARCHAR(10) COLLATE utf8mb4_unicode_ci)")
	mustExec(t, db, "INSERT INTO cs VALUES (1, 'a', 'A'), (2, '2.0', 'b'), (3, NULL, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT id, CASE c WHEN 'a ' THEN 1 WHEN 2 THEN 2 ELSE 0 END, CASE (SELECT c) WHEN 'a ' THEN 1 WHEN 2 THEN 2 ELSE 0 END," +
			" CASE (SELECT c FROM cs x WHERE x.id = cs.id) WHEN 'A ' THEN 'one' WHEN 2 THEN (SELECT COUNT(*) FROM cs y WHERE y.id <= cs.id) ELSE 'none' END FROM cs ORDER BY id",
			[]string{"1,1,1,one", "2,2,2,2", "3,0,0,none"}},
		{"SELECT id, c IN ('a ', 2), (SELECT c) IN ('a ', 2), (SELECT x.c FROM cs x WHERE x.id = cs.id) IN ('A ', 2, (SELECT 'zz' FROM cs y WHERE y.id = cs.id))," +
			" (SELECT c) NOT IN ('a ', 2) FROM cs ORDER BY id",
			[]string{"1,1,1,1,0", "2,1,1,1,0", "3,NULL,NULL,NULL,NULL"}},
		{"SELECT id FROM cs WHERE CASE (SELECT k) WHEN 'a' THEN 1 ELSE 0 END = 1 ORDER BY id", []string{"1"}},
		{"SELECT id FROM cs WHERE (SELECT c) IN ('A  ', 2) ORDER BY id", []string{"1", "2"}},
		{"SELECT CASE FLOOR(RAND()*0) WHEN '0' THEN 'z' WHEN 1 THEN 'o' ELSE 'x' END, CASE CONCAT(FLOOR(RAND()*0), '.0') WHEN 0 THEN 'z' ELSE 'x' END," +
			" CONCAT(FLOOR(RAND()*0), '.0') IN (0, 'q')", []string{"z,z,1"}},
		{"SELECT id, CASE CONCAT(c, FLOOR(RAND()*0)) WHEN 'a0 ' THEN 'pad' WHEN 2 THEN 'num' ELSE '-' END FROM cs ORDER BY id",
			[]string{"1,pad", "2,num", "3,-"}},
		{"SELECT SUM(CASE (SELECT c) WHEN 'a ' THEN 1 ELSE 0 END) FROM cs", []string{"1"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
