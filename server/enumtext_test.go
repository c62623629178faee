package server

import "testing"

// TestEnumSetAsText: string functions, LIKE and REGEXP read an ENUM or SET
// value as its members' text, as MySQL; GMS handed them the stored index or
// bit set, so CONCAT(e) of 'yy' was '2', LENGTH(e) 1, e LIKE 'y%' 0, and
// LEFT(e, 1) failed with 1105. Expected values are MariaDB 10.11's (MySQL's
// here).
func TestEnumSetAsText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE et")
	mustExec(t, db, "CREATE TABLE et.t (id INT PRIMARY KEY, e ENUM('x','yy'), s SET('p','qq'))")
	mustExec(t, db, "INSERT INTO et.t VALUES (1, 'yy', 'p,qq'), (2, NULL, '')")
	for _, c := range []struct{ q, want string }{
		{"SELECT CONCAT(e, s), UPPER(e), LOWER(s), LENGTH(s), CHAR_LENGTH(e) FROM t WHERE id = 1", "yyp,qq,YY,p,qq,4,2"},
		{"SELECT CONCAT_WS('/', e, s), LEFT(e, 1), SUBSTRING(e, 2), REPLACE(e, 'y', 'z'), REVERSE(e) FROM t WHERE id = 1", "yy/p,qq,y,y,zz,yy"},
		{"SELECT e LIKE 'y%', e REGEXP 'y', e NOT LIKE 'x', STRCMP(e, 'yy'), LOCATE('q', s), INSTR(s, 'q') FROM t WHERE id = 1", "1,1,1,0,3,3"},
		{"SELECT HEX(e), MD5(e), REPEAT(e, 2), LPAD(e, 4, '-'), COALESCE(e, 'q'), IFNULL(s, 'q') FROM t WHERE id = 1",
			"7979,2fb1c5cf58867b5bbc9a1b145a86f3a0,yyyy,--yy,yy,p,qq"},
		// Numbers stay numbers; NULL and the empty set stay what they are.
		{"SELECT e + 0, s + 0, e = 'yy' FROM t WHERE id = 1", "2,3,1"},
		{"SELECT CONCAT('[', e, ']'), CONCAT('[', s, ']'), LENGTH(s), COALESCE(e, 'none') FROM t WHERE id = 2", "NULL,[],0,none"},
		{"SELECT id FROM t WHERE CONCAT(e, s) LIKE '%q%'", "1"},
		// A string branch beside an ENUM or SET makes a string (GMS typed
		// IFNULL(s, 'none') as the SET and failed to convert 'none').
		{"SELECT IFNULL(e, 'none'), IFNULL(s, 'none'), COALESCE(e, 1) FROM t ORDER BY id", "yy,p,qq,yy none,,1"},
	} {
		if got := rowsText(t, ts, "et", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
