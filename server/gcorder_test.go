package server

import (
	"strings"
	"testing"
)

// TestCollationSortFields: every ORDER BY that sorts strings, not only a
// statement's own, sorts as MySQL's collation does: PAD SPACE under
// utf8mb4_general_ci ('a ' = 'A', 'a\t' < 'a') and expansions under
// utf8mb4_0900_ai_ci ('ß' = 'ss', so 'sr' < 'ß' < 'st'). GMS sorted
// GROUP_CONCAT's ORDER BY with the column type's own Compare, which
// neither pads nor expands. The wants are MariaDB 10.11's answers (with
// utf8mb4_uca1400_ai_ci standing for utf8mb4_0900_ai_ci; no value has
// trailing spaces, where the two differ).
func TestCollationSortFields(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE gco", "USE gco",
		"CREATE TABLE p (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci)",
		"INSERT INTO p VALUES (1, 'a '), (2, 'a\\t'), (3, 'A'), (4, 'b')",
		"CREATE TABLE u (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_0900_ai_ci)",
		"INSERT INTO u VALUES (1, 'st'), (2, 'ß'), (3, 'sr'), (4, 'Sz')",
		"CREATE VIEW v AS SELECT id FROM u ORDER BY c LIMIT 2",
	} {
		mustExec(t, db, q)
	}
	db = ts.connect("gco")
	cases := []struct{ q, want string }{
		{"SELECT GROUP_CONCAT(id ORDER BY c, id) FROM p", "2,1,3,4"},
		{"SELECT GROUP_CONCAT(id ORDER BY c DESC, id) FROM p", "4,1,3,2"},
		{"SELECT GROUP_CONCAT(id ORDER BY c, id) FROM u", "3,2,1,4"},
		{"SELECT GROUP_CONCAT(c ORDER BY c) FROM u", "sr,ß,st,Sz"},
		{"SELECT GROUP_CONCAT(id ORDER BY c, id) FROM u GROUP BY id > 0", "3,2,1,4"},
		{"SELECT id FROM (SELECT id, c FROM u ORDER BY c LIMIT 2) d ORDER BY id", "2|3"},
		{"(SELECT id, c FROM u) UNION ALL (SELECT 9, 'ss') ORDER BY c, id", "3|2|9|1|4"},
		{"(SELECT id, c FROM u) UNION (SELECT 9, 'ss') ORDER BY c, id LIMIT 3", "3|2|9"},
		{"SELECT GROUP_CONCAT(id ORDER BY id) FROM ((SELECT id, c FROM u WHERE id < 3) UNION ALL (SELECT id, c FROM u WHERE id >= 3) ORDER BY c LIMIT 2) d", "2,3"},
		{"SELECT GROUP_CONCAT(id ORDER BY id) FROM v", "2,3"},
		{"SELECT CONCAT('[', c, ']') FROM ((SELECT c FROM p) UNION (SELECT 'A') ORDER BY c) d", "[a\t]|[a ]|[b]"},
		{"SELECT CONCAT('[', c, ']') FROM ((SELECT c FROM p) UNION (SELECT 'A') ORDER BY c LIMIT 1 OFFSET 1) d", "[a ]"},
		{"SELECT CONCAT('[', GROUP_CONCAT(DISTINCT c ORDER BY c SEPARATOR '|'), ']') FROM p", "[a\t|a |b]"},
		{"SELECT CONCAT('[', GROUP_CONCAT(DISTINCT c ORDER BY c DESC SEPARATOR '|'), ']') FROM p", "[b|a |a\t]"},
		{"SELECT CONCAT(MIN(c), MAX(c)) FROM u", "srSz"},
		{"SELECT CONCAT(GREATEST(c, 'ss'), LEAST(c, 'ss')) FROM u WHERE id <> 2 ORDER BY id", "stss|sssr|Szss"},
		{"SELECT ROW_NUMBER() OVER (ORDER BY c) FROM u ORDER BY id", "3|2|1|4"},
	}
	for _, c := range cases {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, r[0])
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s: %q, want %q", c.q, g, c.want)
		}
	}
	// Which rows an ORDER BY ... LIMIT touches.
	dml := []struct{ stmt, check, want string }{
		{"INSERT INTO x SELECT id FROM u ORDER BY c LIMIT 2", "SELECT GROUP_CONCAT(id ORDER BY id) FROM x", "2,3"},
		{"UPDATE u SET c = CONCAT(c, '!') ORDER BY c LIMIT 2", "SELECT GROUP_CONCAT(id ORDER BY id) FROM u WHERE c LIKE '%!'", "2,3"},
		{"DELETE FROM p ORDER BY c DESC, id LIMIT 1", "SELECT GROUP_CONCAT(id ORDER BY id) FROM p", "1,2,3"},
		{"DELETE FROM p ORDER BY c, id LIMIT 1", "SELECT GROUP_CONCAT(id ORDER BY id) FROM p", "1,3"},
	}
	mustExec(t, db, "CREATE TABLE x (id INT PRIMARY KEY)")
	for _, c := range dml {
		mustExec(t, db, c.stmt)
		if g := queryRows(t, db, c.check)[0][0]; g != c.want {
			t.Errorf("%s; %s: %q, want %q", c.stmt, c.check, g, c.want)
		}
	}
}
