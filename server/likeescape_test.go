package server

import "testing"

// TestLikeEmptyEscape: `LIKE ... ESCAPE ”` is the default escape (a
// backslash) as in MySQL; GMS indexed the empty string's first rune, a
// panic the handler turned into 1105. Under NO_BACKSLASH_ESCAPES, and for an
// escape of two characters, MySQL's 1210 (GMS: 1105). sqlfunc/likeescape.go.
func TestLikeEmptyEscape(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.le (id INT PRIMARY KEY, s VARCHAR(10), e VARCHAR(2), KEY (s))")
	mustExec(t, db, `INSERT INTO d.le VALUES (1, 'a_c', ''), (2, 'abc', '|'), (3, 'a%', NULL)`)
	for _, proto := range []string{"interpolateParams=true", "interpolateParams=false"} {
		c := ts.connectWith("d", proto)
		for q, want := range map[string]string{
			`SELECT 'abc' LIKE 'a%' ESCAPE '', 'a_c' LIKE 'a\\_c' ESCAPE '', 'abc' LIKE 'a\\_c' ESCAPE ''`: "1|1|0",
			`SELECT COUNT(*) FROM le WHERE s LIKE 'a%' ESCAPE '' AND id > ?`:                               "3",
			`SELECT COUNT(*) FROM le WHERE s LIKE 'a\\_c' ESCAPE '' AND id > ?`:                            "1",
			`SELECT 'x' LIKE 'x' ESCAPE NULL, 'a%' LIKE 'a|%' ESCAPE '|', 'ab' LIKE 'a|%' ESCAPE '|'`:      "1|1|0",
		} {
			var args []any
			if len(q) > 3 && q[len(q)-1] == '?' {
				args = append(args, 0)
			}
			rows := queryRows(t, c, q, args...)
			got := ""
			for i, v := range rows[0] {
				if i > 0 {
					got += "|"
				}
				got += v
			}
			if got != want {
				t.Errorf("%s (%s): %s, want %s", q, proto, got, want)
			}
		}
		if _, err := c.Exec("SELECT 'ab' LIKE 'a_' ESCAPE 'ab'"); mysqlErrNo(err) != 1210 {
			t.Errorf("two-character ESCAPE (%s): %v, want 1210", proto, err)
		}
		// An escape that varies per row: MySQL's 1210 (GMS: 1105).
		if _, err := c.Exec("SELECT id FROM le WHERE s LIKE 'a|%' ESCAPE e"); mysqlErrNo(err) != 1210 {
			t.Errorf("column ESCAPE (%s): %v, want 1210", proto, err)
		}
	}
	conn := ts.connectWith("d", "interpolateParams=false")
	conn.SetMaxOpenConns(1)
	mustExec(t, conn, "SET sql_mode = 'NO_BACKSLASH_ESCAPES'")
	if _, err := conn.Exec("SELECT 'abc' LIKE 'a%' ESCAPE ''"); mysqlErrNo(err) != 1210 {
		t.Errorf("empty ESCAPE under NO_BACKSLASH_ESCAPES: %v, want 1210", err)
	}
}
