package server

import (
	"strings"
	"testing"
)

// TestBranchCollation: CASE, IF, IFNULL and COALESCE of strings have the
// collation and derivation MySQL aggregates from their result branches
// (agg_arg_charsets_for_string_result), in COLLATION() and COERCIBILITY()
// and wherever their values are grouped, sorted, DISTINCTed or unioned
// through a reference to the select list. GMS typed a CASE or COALESCE by
// its branches' common type (a literal branch made it utf8mb4_0900_bin),
// an IF by its THEN and an IFNULL by its first argument: `GROUP BY g` over
// CASE ... a_ci ELSE 'z' END made 'a' and 'A' two groups, over IF(p,
// a_ci, b_bin) one (MySQL: utf8mb4_bin, derivation NONE). The answers are
// MariaDB 10.11's, which aggregates alike.
func TestBranchCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "collation=utf8mb4_general_ci")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE bc", "USE bc",
		"CREATE TABLE t (id INT PRIMARY KEY, a VARCHAR(8) COLLATE utf8mb4_general_ci, b VARCHAR(8) COLLATE utf8mb4_bin, " +
			"c VARCHAR(8) COLLATE utf8mb4_general_ci, u VARCHAR(8) COLLATE utf8mb4_unicode_ci)",
		"INSERT INTO t VALUES (1,'a','a','A','x'), (2,'A','A','a','X'), (3,'b','B','b','y'), (4,'B','b','B','Y')",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT COLLATION(CASE WHEN id>0 THEN a ELSE b END), COERCIBILITY(CASE WHEN id>0 THEN a ELSE b END) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(COALESCE(a,b)), COERCIBILITY(COALESCE(a,b)) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(IF(id>0,a,b)), COERCIBILITY(IF(id>0,a,b)) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(IFNULL(a,b)), COERCIBILITY(IFNULL(a,b)) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(CASE WHEN id>0 THEN a ELSE 'z' END), COERCIBILITY(CASE WHEN id>0 THEN a ELSE 'z' END) FROM t LIMIT 1", "utf8mb4_general_ci|2"},
		{"SELECT COLLATION(COALESCE(a,u)), COERCIBILITY(COALESCE(a,u)) FROM t LIMIT 1", "utf8mb4_bin|1"},
		{"SELECT COLLATION(COALESCE(NULL,a)), COERCIBILITY(COALESCE(NULL,a)) FROM t LIMIT 1", "utf8mb4_general_ci|2"},
		{"SELECT COLLATION(IF(id>0,a COLLATE utf8mb4_unicode_ci,b)), COERCIBILITY(IF(id>0,a COLLATE utf8mb4_unicode_ci,b)) FROM t LIMIT 1", "utf8mb4_unicode_ci|0"},
		{"SELECT COLLATION(LEAST(a,b)), COERCIBILITY(LEAST(a,b)) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(CONCAT_WS(',',a,b)), COERCIBILITY(CONCAT_WS(',',a,b)) FROM t LIMIT 1", "utf8mb4_bin|2"},
		{"SELECT COLLATION(g) FROM (SELECT COALESCE(a,b) g FROM t) d LIMIT 1", "utf8mb4_bin"},
		// grouped through a reference to the select list
		{"SELECT CASE WHEN id>0 THEN a ELSE 'z' END g, COUNT(*) FROM t GROUP BY g ORDER BY g", "a|2,b|2"},
		{"SELECT IF(id>0,a,b) g, COUNT(*) FROM t GROUP BY g ORDER BY g", "A|1,B|1,a|1,b|1"},
		{"SELECT IF(id>0,a,b), COUNT(*) FROM t GROUP BY IF(id>0,a,b) ORDER BY 1", "A|1,B|1,a|1,b|1"},
		{"SELECT g, COUNT(*) FROM (SELECT COALESCE(a,b) g FROM t) d GROUP BY g ORDER BY g", "A|1,B|1,a|1,b|1"},
		{"SELECT g, COUNT(*) FROM (SELECT IFNULL(a,'q') g FROM t) d GROUP BY g ORDER BY g", "a|2,b|2"},
		{"SELECT DISTINCT COALESCE(a,b) FROM t ORDER BY 1", "A,B,a,b"},
		{"SELECT DISTINCT COALESCE(a,c) FROM t ORDER BY 1", "a,b"},
		{"SELECT COUNT(DISTINCT COALESCE(a,c)), COUNT(DISTINCT COALESCE(a,b)), COUNT(DISTINCT IFNULL(a,'q')) FROM t", "2|4|2"},
		{"SELECT COALESCE(a,b) g FROM t UNION SELECT 'a' ORDER BY 1", "A,B,a,b"},
		// a union with its own ORDER BY / LIMIT dedupes under its collation too
		{"SELECT IFNULL(a,'q') g FROM t UNION SELECT 'a' ORDER BY 1", "a,b"},
		{"SELECT a FROM t UNION SELECT 'c' ORDER BY 1 DESC", "c,b,a"},
		{"SELECT a FROM t UNION SELECT 'A' ORDER BY 1 LIMIT 1", "a"},
		{"SELECT a FROM t UNION SELECT 'A' ORDER BY 1 LIMIT 1 OFFSET 1", "b"},
		{"SELECT COUNT(*) FROM (SELECT a FROM t UNION SELECT 'x' LIMIT 5) d", "3"},
		// compared, partitioned and joined in it
		{"SELECT COUNT(*) FROM t WHERE IF(id>0,b,a) = 'A'", "1"},
		{"SELECT COUNT(*) FROM t WHERE CASE WHEN id>0 THEN a ELSE 'z' END = 'A'", "2"},
		{"SELECT id, DENSE_RANK() OVER (ORDER BY IF(id>0,a,b)) FROM t ORDER BY id", "1|3,2|1,3|4,4|2"},
		{"SELECT id, COUNT(*) OVER (PARTITION BY CASE WHEN id>0 THEN a ELSE 'z' END) FROM t ORDER BY id", "1|2,2|2,3|2,4|2"},
		{"SELECT COUNT(*) FROM t x JOIN t y ON COALESCE(x.a,x.b) = y.a", "4"},
	} {
		var rows []string
		for _, r := range queryRows(t, db, c.q) {
			rows = append(rows, strings.Join(r, "|"))
		}
		if got := strings.Join(rows, ","); got != c.want {
			t.Errorf("%s: got %s, want %s", c.q, got, c.want)
		}
	}
}
