package server

import (
	"strings"
	"testing"
)

// TestDerivedUnionCollation: a UNION's string column has the collation
// MySQL aggregates from its sides (an IMPLICIT column beats a COERCIBLE
// literal or a number), and a derived table, CTE or view over the UNION
// groups, sorts, DISTINCTs, compares and takes MIN/MAX of it in that
// collation. GMS typed the column LONGTEXT of utf8mb4_0900_bin whenever the
// sides' types differed, so 'Sz' sorted before 'sr' and 'a ' and 'A' were
// two groups. Sides whose collations do not aggregate are refused as MySQL
// refuses them (1267 for two EXPLICIT collations, 1271 for two IMPLICIT
// ones of one character set). The wants are MariaDB 10.11's answers, with
// utf8mb4_uca1400_ai_ci standing for utf8mb4_0900_ai_ci (no value has
// trailing spaces there, where the two differ).
func TestDerivedUnionCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE dun", "USE dun",
		"CREATE TABLE u (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_0900_ai_ci)",
		"INSERT INTO u VALUES (1, 'st'), (2, 'ß'), (3, 'sr'), (4, 'Sz')",
		"CREATE TABLE p (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci)",
		"INSERT INTO p VALUES (1, 'a '), (2, 'a\\t'), (3, 'A'), (4, 'b')",
		"CREATE TABLE q (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin)",
		"INSERT INTO q VALUES (1, 'a'), (2, 'A')",
		"CREATE VIEW vu AS SELECT c FROM u UNION ALL SELECT 'ss'",
	} {
		mustExec(t, db, q)
	}
	db = ts.connect("dun")
	cases := []struct{ q, want string }{
		{"SELECT c FROM (SELECT c FROM u UNION ALL SELECT 'ss') d ORDER BY c, BINARY c", "sr|ss|ß|st|Sz"},
		{"SELECT GROUP_CONCAT(c ORDER BY c) FROM (SELECT c FROM u UNION ALL SELECT 'sr') d", "sr,sr,ß,st,Sz"},
		{"SELECT c FROM (SELECT c FROM u UNION ALL SELECT 'SR') d ORDER BY c, BINARY c", "SR|sr|ß|st|Sz"},
		{"SELECT c FROM (SELECT 'SR' c UNION ALL SELECT c FROM u) d ORDER BY c, BINARY c", "SR|sr|ß|st|Sz"},
		{"SELECT MIN(c), MAX(c) FROM (SELECT c FROM u UNION ALL SELECT 'ss') d", "sr|Sz"},
		{"SELECT COUNT(DISTINCT c) FROM (SELECT c FROM u UNION ALL SELECT 'SS') d", "4"},
		{"SELECT COUNT(*) FROM (SELECT c FROM u UNION ALL SELECT 'x') d WHERE c = 'SS'", "1"},
		{"SELECT CONCAT('[', c, ']'), COUNT(*) FROM (SELECT c FROM p UNION ALL SELECT 'A') d GROUP BY c ORDER BY c", "[a\t]|1|[a ]|3|[b]|1"},
		{"SELECT COUNT(*) FROM (SELECT c FROM p UNION ALL SELECT 'A') d GROUP BY c ORDER BY c", "1|3|1"},
		{"SELECT CONCAT('[', c, ']') FROM (SELECT DISTINCT c FROM (SELECT c FROM p UNION ALL SELECT 'A') d0) d ORDER BY c", "[a\t]|[a ]|[b]"},
		{"SELECT c FROM (SELECT c FROM u UNION SELECT 'SS') d ORDER BY c", "sr|ß|st|Sz"},
		{"WITH d AS (SELECT c FROM u UNION ALL SELECT 'sr') SELECT GROUP_CONCAT(c ORDER BY c) FROM d", "sr,sr,ß,st,Sz"},
		{"SELECT c FROM vu WHERE c <> 'ss' ORDER BY c", "sr|st|Sz"},
		{"SELECT MIN(c), MAX(c) FROM vu", "sr|Sz"},
		{"SELECT c FROM (SELECT c FROM u UNION ALL SELECT 1) d ORDER BY c", "1|sr|ß|st|Sz"},
		{"SELECT COLLATION(c), COERCIBILITY(c) FROM (SELECT c FROM u UNION ALL SELECT 'ss') d LIMIT 1", "utf8mb4_0900_ai_ci|2"},
		{"SELECT COLLATION(c) FROM (SELECT c FROM u UNION ALL SELECT c FROM q) d LIMIT 1", "utf8mb4_bin"},
		{"SELECT c FROM (SELECT c FROM q UNION ALL SELECT 'b') d ORDER BY c", "A|a|b"},
		{"SELECT c FROM (SELECT 'b' c UNION ALL SELECT 'a' COLLATE utf8mb4_bin UNION ALL SELECT 'B') d ORDER BY c", "B|a|b"},
		{"SELECT c FROM (SELECT c FROM u UNION ALL SELECT 'ss' UNION ALL SELECT 'SR') d WHERE c < 'ss' ORDER BY c, BINARY c", "SR|sr"},
		// A top-level UNION's own ORDER BY was already right.
		{"SELECT c FROM u UNION SELECT 'SS' ORDER BY c", "sr|ß|st|Sz"},
	}
	for _, c := range cases {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, strings.Join(r, "|"))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s: %q, want %q", c.q, g, c.want)
		}
	}
	for _, c := range []struct {
		q    string
		code int
	}{
		{"SELECT c FROM u UNION ALL SELECT c FROM p", 1271},
		{"SELECT c FROM (SELECT c FROM p UNION SELECT c FROM u) d", 1271},
		{"WITH d AS (SELECT 'x' c UNION ALL SELECT c FROM p UNION ALL SELECT c FROM u) SELECT c FROM d", 1271},
		{"SELECT c FROM (SELECT c COLLATE utf8mb4_bin c FROM u UNION ALL SELECT c COLLATE utf8mb4_general_ci FROM p) d", 1267},
		{"SELECT 'a' COLLATE utf8mb4_bin UNION SELECT 'A' COLLATE utf8mb4_general_ci", 1267},
	} {
		wantErrNo(t, db, c.code, c.q)
	}
}

// TestGroupConcatOrderByExpression: GROUP_CONCAT(... ORDER BY expr) in an
// aggregate query without GROUP BY runs under ONLY_FULL_GROUP_BY, as in
// MySQL: GMS also selects the columns expr reads in its GroupBy, which
// the 1140 check took for a bare column of the select list. A column the
// select list does read outside an aggregate is still 1140. The wants are
// MariaDB 10.11's answers.
func TestGroupConcatOrderByExpression(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE gob")
	db = ts.connect("gob")
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_0900_ai_ci)")
	mustExec(t, db, "INSERT INTO u VALUES (1, 'st'), (2, 'ß'), (3, 'sr'), (4, 'Sz')")
	for _, c := range []struct{ q, want string }{
		{"SELECT GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')) FROM u", "3,2,1,4"},
		{"SELECT GROUP_CONCAT(id ORDER BY BINARY c) FROM u", "4,3,1,2"},
		{"SELECT GROUP_CONCAT(id ORDER BY c, BINARY c) FROM u", "3,2,1,4"},
		{"SELECT GROUP_CONCAT(id ORDER BY id + 1 DESC) FROM u", "4,3,2,1"},
		{"SELECT GROUP_CONCAT(id ORDER BY LENGTH(c) DESC, id), COUNT(*) FROM u", "1,2,3,4|4"},
		{"SELECT GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')) FROM u HAVING COUNT(*) > 1", "3,2,1,4"},
	} {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, strings.Join(r, "|"))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s: %q, want %q", c.q, g, c.want)
		}
	}
	for _, q := range []string{
		"SELECT c, GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')) FROM u",
		"SELECT GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')), c FROM u",
		"SELECT GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')) + id FROM u",
	} {
		wantErrNo(t, db, 1140, q)
	}
}

// TestWindowDistinctRefused: an aggregate with DISTINCT used as a window
// function is MySQL 8.0's 1235 ('<window function>(DISTINCT ..)'); GMS
// answered it, de-duplicating by bytes ('a ' and 'A' counted twice under
// utf8mb4_general_ci, where COUNT(DISTINCT c) without OVER counts them
// once). MAX(DISTINCT c) OVER () stays allowed, as in MySQL, whose grammar
// drops the DISTINCT of MIN and MAX.
func TestWindowDistinctRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE wdr")
	db = ts.connect("wdr")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "INSERT INTO p VALUES (1, 'a '), (2, 'a\\t'), (3, 'A'), (4, 'b')")
	for _, q := range []string{
		"SELECT COUNT(DISTINCT c) OVER () FROM p",
		"SELECT SUM(DISTINCT id) OVER (PARTITION BY c) FROM p",
		"SELECT AVG(DISTINCT id) OVER (ORDER BY id) FROM p",
		"SELECT (SELECT COUNT(DISTINCT id) OVER () FROM p LIMIT 1)",
		"SELECT id FROM p WHERE id IN (SELECT COUNT(DISTINCT c) OVER w FROM p WINDOW w AS ())",
	} {
		wantErrNo(t, db, 1235, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT COUNT(DISTINCT c) FROM p", "3"},
		{"SELECT MAX(DISTINCT c) OVER () FROM p ORDER BY id LIMIT 1", "b"},
		{"SELECT COUNT(c) OVER () FROM p ORDER BY id LIMIT 1", "4"},
	} {
		if g := joinRows(queryRows(t, db, c.q)); g != c.want {
			t.Errorf("%s: %q, want %q", c.q, g, c.want)
		}
	}
}
