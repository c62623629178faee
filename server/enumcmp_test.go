package server

import "testing"

// TestEnumSetCompareWithString: an ENUM or SET compared with a string
// compares the member's text under the column's collation (with a number,
// the index), in WHERE, in the select list and through an index on the
// column. GMS compared indexes: e < 'm' on ENUM('zz','a','m','B') held for
// 'zz' and not for 'B', e = '1' matched 'zz'. Expected values are MariaDB
// 10.11's, which agrees with MySQL 8.0 here; ORDER BY e stays by index.
func TestEnumSetCompareWithString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ec")
	mustExec(t, db, "CREATE TABLE ec.t (id INT PRIMARY KEY, e ENUM('zz','a','m','B'), s SET('q','b','a'), KEY ke (e))")
	mustExec(t, db, "INSERT INTO ec.t VALUES (1, 'zz', 'q'), (2, 'a', 'a,b'), (3, 'm', ''), (4, 'B', 'b'), (5, NULL, NULL)")
	for _, c := range []struct{ q, want string }{
		{"SELECT id FROM t WHERE e < 'm' ORDER BY id", "2 4"},
		{"SELECT id FROM t WHERE e > 'b' ORDER BY id", "1 3"},
		{"SELECT id FROM t WHERE e <= 'b' ORDER BY id", "2 4"},
		{"SELECT id FROM t WHERE e >= 'zz' ORDER BY id", "1"},
		{"SELECT id FROM t WHERE e BETWEEN 'a' AND 'n' ORDER BY id", "2 3 4"},
		{"SELECT id FROM t WHERE e NOT BETWEEN 'a' AND 'n' ORDER BY id", "1"},
		{"SELECT id FROM t WHERE e <> 'a' ORDER BY id", "1 3 4"},
		{"SELECT id FROM t WHERE e = '1' ORDER BY id", ""},
		{"SELECT id FROM t WHERE e = 'b' ORDER BY id", "4"},
		{"SELECT id FROM t WHERE e IN ('m', 'b', 'x') ORDER BY id", "3 4"},
		{"SELECT id FROM t WHERE e NOT IN ('a', '2') ORDER BY id", "1 3 4"},
		// A number compares with the index.
		{"SELECT id FROM t WHERE e = 2 ORDER BY id", "2"},
		{"SELECT id FROM t WHERE e < 3 ORDER BY id", "1 2"},
		{"SELECT e < 'm', e > 'b', e BETWEEN 'a' AND 'n', e IN ('zz', '3'), e = 'A', e <=> 'm' FROM t WHERE id = 3", "0,1,1,0,0,1"},
		{"SELECT s = 'a,b', s = 'b,a', s < 'b', s > 'a', s IN ('q', 'b'), s = '' FROM t WHERE id = 2", "0,1,0,1,0,0"},
		{"SELECT id FROM t WHERE s < 'b' ORDER BY id", "3"},
		{"SELECT id FROM t ORDER BY e, id", "5 1 2 3 4"},
		// Through the index on e.
		{"SELECT id FROM t FORCE INDEX (ke) WHERE e < 'm' ORDER BY id", "2 4"},
		{"SELECT id FROM t FORCE INDEX (ke) WHERE e >= 'b' AND e < 'zz' ORDER BY id", "3 4"},
		{"SELECT id FROM t FORCE INDEX (ke) WHERE e = 'm'", "3"},
		{"SELECT COUNT(*) FROM t WHERE e > 'a'", "3"},
	} {
		if got := rowsText(t, ts, "ec", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
