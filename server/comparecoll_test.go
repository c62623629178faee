package server

import "testing"

// Comparisons of strings decide their collation (and, with numbers, their
// type) in one place (engine/padspace.go's comparisonCollation, sqlfunc's
// inPairs), so a WHERE, the select list, CASE, HAVING and ON agree, and
// agree with MySQL. Each group is a wrong answer TestOracles found (seed
// 1795779892214647069): GMS compared two operands of one type (every CONCAT
// is a LONGTEXT of utf8mb4_0900_bin) in that type's collation instead of
// the column's, compared an IN list in its left operand's type, and
// converted numbers in an IN list of strings to strings.
func TestComparisonCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE cc")
	db = ts.connect("cc")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, g VARCHAR(10) COLLATE utf8mb4_general_ci, "+
		"a VARCHAR(10) COLLATE utf8mb4_0900_ai_ci, b VARCHAR(10) COLLATE utf8mb4_0900_ai_ci, KEY (g))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'a', 'A', 'b'), (2, 'b', 'a ', 'BB'), (3, 'a ', 'x', 'Bb'), (4, '2.0', 'a', 'B'), (5, NULL, NULL, NULL)")
	mustExec(t, db, "CREATE TABLE n (id INT PRIMARY KEY, i INT, d DOUBLE, f DOUBLE)")
	mustExec(t, db, "INSERT INTO n VALUES (1, 0, NULL, 0.1), (2, 0, -0.5, 2), (3, 2, NULL, 2), (4, NULL, NULL, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		// 1. IN of a CONCAT of literals and a column: the column's
		// utf8mb4_0900_ai_ci (IMPLICIT beats COERCIBLE), NO PAD.
		{"SELECT id, CONCAT('', 'a') NOT IN ('a ', a) FROM t ORDER BY id", []string{"1,0", "2,1", "3,1", "4,0", "5,NULL"}},
		{"SELECT id FROM t WHERE CONCAT('', 'a') NOT IN ('a ', a) ORDER BY id", []string{"2", "3"}},
		{"SELECT SUM(CASE WHEN CONCAT('', 'a') NOT IN ('a ', a) THEN 1 ELSE 0 END) FROM t", []string{"2"}},
		{"SELECT id FROM t WHERE CONCAT(a, '') IN ('A', 'X') ORDER BY id", []string{"1", "3", "4"}},
		// 2. An IN list of a string and a number: each pair as '=' compares
		// it ('a' = 'a ' under PAD SPACE; '2.0' = 2 as DOUBLE).
		{"SELECT id, g NOT IN ('a ', 2), g IN ('x', 2) FROM t ORDER BY id", []string{"1,0,0", "2,1,0", "3,0,0", "4,0,1", "5,NULL,NULL"}},
		{"SELECT id FROM t WHERE g NOT IN ('a ', 2) ORDER BY id", []string{"2"}},
		{"SELECT id FROM t WHERE NOT (g NOT IN ('a ', 2)) ORDER BY id", []string{"1", "3", "4"}},
		{"SELECT id FROM t WHERE (g NOT IN ('a ', 2)) IS NULL ORDER BY id", []string{"5"}},
		{"SELECT id FROM t WHERE g IN ('a ', 2, NULL) ORDER BY id", []string{"1", "3", "4"}},
		{"SELECT id, g IN ('zz', 7, NULL) FROM t ORDER BY id", []string{"1,NULL", "2,NULL", "3,NULL", "4,NULL", "5,NULL"}},
		// 3. Two CONCATs: the column's collation, case-insensitive.
		{"SELECT id, CONCAT(b, b) > CONCAT('B', 'B'), CONCAT(b, b) = CONCAT('B', 'B') FROM t ORDER BY id", []string{"1,0,1", "2,1,0", "3,1,0", "4,0,1", "5,NULL,NULL"}},
		{"SELECT id FROM t WHERE CONCAT(b, b) > CONCAT('B', 'B') ORDER BY id", []string{"2", "3"}},
		{"SELECT id, CASE WHEN CONCAT(b, b) > CONCAT('B', 'B') THEN 1 ELSE 0 END FROM t ORDER BY id", []string{"1,0", "2,1", "3,1", "4,0", "5,0"}},
		{"SELECT id FROM t GROUP BY id, b HAVING CONCAT(b, b) = CONCAT('B', 'B') ORDER BY id", []string{"1", "4"}},
		{"SELECT t1.id, t2.id FROM t t1 JOIN t t2 ON CONCAT(t1.b, '') = CONCAT(t2.b, '') AND t1.id < t2.id ORDER BY 1, 2", []string{"1,4", "2,3"}},
		{"SELECT id, CONCAT(b, '') BETWEEN CONCAT('b', '') AND CONCAT('b', '') FROM t ORDER BY id", []string{"1,1", "2,0", "3,0", "4,1", "5,NULL"}},
		// A constant part of a WHERE is folded in the collation the whole
		// comparison resolves: 'a' >= 'a ' in g's PAD SPACE collation (NoREC,
		// seed 1795784008614836356: no row in a WHERE, 3 in the select list).
		{"SELECT COUNT(*) FROM t WHERE 'a' BETWEEN 'a ' AND g", []string{"3"}},
		{"SELECT SUM(CASE WHEN 'a' BETWEEN 'a ' AND g THEN 1 ELSE 0 END) FROM t", []string{"3"}},
		{"SELECT COUNT(*) FROM t WHERE 'a' = 'a ' COLLATE utf8mb4_general_ci", []string{"5"}},
		{"SELECT COUNT(*) FROM t WHERE CONCAT('a', '') = 'A' COLLATE utf8mb4_0900_ai_ci AND 'a' <> 'a ' COLLATE utf8mb4_0900_ai_ci", []string{"5"}},
		// A simple CASE compares as '=' (GMS built its '=' per row, past
		// every correction).
		{"SELECT id, CASE g WHEN 'a ' THEN 1 WHEN 2 THEN 2 ELSE 0 END, CASE CONCAT(b, '') WHEN CONCAT('b', '') THEN 1 ELSE 0 END FROM t ORDER BY id",
			[]string{"1,1,1", "2,0,0", "3,1,0", "4,2,1", "5,0,0"}},
		{"SELECT id FROM t WHERE CASE g WHEN 'A ' THEN 1 ELSE 0 END = 1 ORDER BY id", []string{"1", "3"}},
		// Sorting, grouping and MIN/MAX of a CONCAT of a column: the
		// column's collation, not the CONCAT type's utf8mb4_0900_bin.
		{"SELECT id FROM t ORDER BY CONCAT(b, ''), id", []string{"5", "1", "4", "2", "3"}},
		{"SELECT COUNT(*) FROM t GROUP BY CONCAT(b, '') ORDER BY 1", []string{"1", "2", "2"}},
		{"SELECT COUNT(*) FROM (SELECT DISTINCT CONCAT(b, '') FROM t) d", []string{"3"}},
		{"SELECT UPPER(MAX(CONCAT(b, ''))), UPPER(MIN(CONCAT(b, ''))) FROM t", []string{"BB,B"}},
		// GREATEST/LEAST of strings compare in the arguments' collation
		// (GMS compared bytes).
		{"SELECT id, LEAST(b, 'a'), GREATEST(CONCAT(b, ''), CONCAT('BA', '')), LEAST(g, 'a ') FROM t ORDER BY id",
			[]string{"1,a,BA,a", "2,a,BB,a ", "3,a,Bb,a ", "4,a,BA,2.0", "5,NULL,NULL,NULL"}},
		{"SELECT id FROM t WHERE GREATEST(b, 'a') = 'b' ORDER BY id", []string{"1", "4"}},
		// NULLIF and STRCMP compare as '=' and '<' (GMS: an '=' per row,
		// and no padding).
		{"SELECT id, NULLIF(g, 'a '), NULLIF(CONCAT(b, ''), CONCAT('b', '')), NULLIF(g, 2), STRCMP(g, 'a '), STRCMP(CONCAT(b, ''), CONCAT('b', '')) FROM t ORDER BY id",
			[]string{"1,NULL,NULL,a,0,0", "2,b,BB,b,1,1", "3,NULL,Bb,a ,0,1", "4,2.0,NULL,NULL,-1,0", "5,NULL,NULL,NULL,NULL,NULL"}},
		{"SELECT id FROM t WHERE NULLIF(g, 'A ') IS NULL ORDER BY id", []string{"1", "3", "5"}},
		// IFNULL of an integer and a DOUBLE is a DOUBLE (GMS: the first
		// argument's BIGINT, so 0.1 compared as 0; TestOracles, TLP, seed
		// 1795786461191181539).
		{"SELECT id, IFNULL(d DIV 2, f), i <=> IFNULL(d DIV 2, f), i = IFNULL(d DIV 2, f) FROM n ORDER BY id",
			[]string{"1,0.1,0,0", "2,0,1,1", "3,2,1,1", "4,NULL,1,NULL"}},
		{"SELECT id FROM n WHERE NOT (i <=> IFNULL(d DIV 2, f)) ORDER BY id", []string{"1"}},
		// A CASE, IF, IFNULL or COALESCE takes its branches' collation
		// (GMS: its type's, or one branch's; TestOracles, NoREC, seed
		// 1795788019228820712).
		{"SELECT id, (CASE WHEN id > 2 THEN NULL ELSE CONCAT('B', 'A') END) >= 'a', IF(id > 2, NULL, CONCAT('B', 'A')) >= 'a', " +
			"IFNULL(NULL, CONCAT(b, '')) = 'bb', CASE WHEN id = 1 THEN b ELSE 'X' END = 'B' FROM t ORDER BY id",
			[]string{"1,1,1,0,1", "2,1,1,1,0", "3,NULL,NULL,1,0", "4,NULL,NULL,0,0", "5,NULL,NULL,NULL,0"}},
		{"SELECT COUNT(*) FROM t WHERE (CASE WHEN id > 2 THEN NULL ELSE CONCAT('B', 'A') END) >= 'a'", []string{"2"}},
		// A folded constant CASE keeps that collation (NoREC, seed
		// 1795789161753988561: 'a' >= 'B' in bytes in a WHERE).
		{"SELECT COUNT(*) FROM t WHERE (CASE WHEN id > 2 THEN (CASE WHEN '1' THEN 'a' ELSE 'a' END) ELSE 'a' END) >= 'B'", []string{"0"}},
		{"SELECT SUM(CASE WHEN (CASE WHEN id > 2 THEN (CASE WHEN '1' THEN 'a' ELSE 'a' END) ELSE 'a' END) >= 'B' THEN 1 ELSE 0 END) FROM t", []string{"0"}},
		// Constants alone: the connection's collation.
		{"SELECT CONCAT('B', 'B') = CONCAT('b', 'b') COLLATE utf8mb4_0900_ai_ci, CONCAT('B', 'B') = CONCAT('b', 'b') COLLATE utf8mb4_0900_bin", []string{"1,0"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
