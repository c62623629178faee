package server

import (
	"strings"
	"testing"
)

// TestGroupConcatArguments: GROUP_CONCAT of several expressions
// concatenates each row's values, as MySQL does; GMS appended only the
// first (`GROUP_CONCAT(id, ':', n)` was `1,2,3`). A row with a NULL in any
// argument is skipped. Through the text protocol, prepared statements (a
// parameter as an argument), a view and GROUP BY. GROUP_CONCAT(DISTINCT a,
// b) is refused with 1235 (a concatenation cannot stand for the tuple).
func TestGroupConcatArguments(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE gc", "USE gc",
		"CREATE TABLE t (id INT PRIMARY KEY, n INT, s VARCHAR(8))",
		"INSERT INTO t VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, NULL), (4, NULL, 'd')",
		"CREATE VIEW v AS SELECT GROUP_CONCAT(id, ':', n ORDER BY id) AS g FROM t",
	} {
		mustExec(t, db, q)
	}
	db = ts.connect("gc")
	cases := []struct {
		q    string
		args []any
		want string
	}{
		{"SELECT GROUP_CONCAT(id, ':', n ORDER BY id) FROM t", nil, "1:10,2:20,3:30"},
		{"SELECT GROUP_CONCAT(id, s ORDER BY id DESC SEPARATOR ';') FROM t", nil, "4d;2b;1a"},
		{"SELECT GROUP_CONCAT(id, NULL) FROM t", nil, "NULL"},
		{"SELECT GROUP_CONCAT(id, ?, n ORDER BY id) FROM t", []any{"#"}, "1#10,2#20,3#30"},
		{"SELECT GROUP_CONCAT(n, s ORDER BY id) FROM t WHERE id > ?", []any{0}, "10a,20b"},
		{"SELECT g FROM v", nil, "1:10,2:20,3:30"},
		{"SELECT GROUP_CONCAT(id, '-', s ORDER BY id) FROM t GROUP BY n IS NULL ORDER BY n IS NULL", nil, "1-a,2-b|4-d"},
		{"SELECT GROUP_CONCAT(id ORDER BY id) FROM t", nil, "1,2,3,4"},
	}
	for _, c := range cases {
		var got []string
		for _, r := range queryRows(t, db, c.q, c.args...) {
			got = append(got, r[0])
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s %v: %q, want %q", c.q, c.args, g, c.want)
		}
	}
	for _, args := range [][]any{nil, {1}} {
		q := "SELECT GROUP_CONCAT(DISTINCT id, n) FROM t"
		if args != nil {
			q += " WHERE id > ?"
		}
		if _, err := db.Query(q, args...); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: %v, want 1235", q, err)
		}
	}
}
