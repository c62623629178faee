package server

import "testing"

// TestGreatestLeastEnumSet: GREATEST/LEAST of an ENUM or SET and strings
// compare the members' text as strings, in the collation, as MySQL does;
// GMS refused any ENUM or SET argument with 1105 ("unsupported type for
// greatest/least argument"). Expected values are MariaDB 10.11's.
func TestGreatestLeastEnumSet(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ge")
	mustExec(t, db, "CREATE TABLE ge.t (id INT PRIMARY KEY, e ENUM('b','a','c'), s SET('x','y','z'), v VARCHAR(10))")
	mustExec(t, db, "INSERT INTO ge.t VALUES (1, 'a', 'x,z', 'hello'), (2, 'c', NULL, 'a')")
	for _, c := range []struct{ q, want string }{
		{"SELECT GREATEST(e, 'b'), LEAST(e, 'b'), GREATEST(e, 'aa'), LEAST(e, 'B') FROM ge.t ORDER BY id", "b a aa a|c b c B"},
		{"SELECT GREATEST(s, 'y'), LEAST(s, 'y'), GREATEST(s, e), LEAST(e, s, v) FROM ge.t ORDER BY id", "y x,z x,z a|NULL NULL NULL NULL"},
		{"SELECT GREATEST(e, v), LEAST(e, e), GREATEST(e, NULL) FROM ge.t ORDER BY id", "hello a NULL|c c NULL"},
		{"SELECT id FROM ge.t WHERE GREATEST(e, 'b') = 'c'", "2"},
	} {
		if got := joinRows(queryRows(t, db, c.q)); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.q, got, c.want)
		}
	}
}
