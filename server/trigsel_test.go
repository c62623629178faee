package server

import (
	"strings"
	"testing"
)

// TestTriggerInsertSelect: a trigger body's INSERT ... SELECT stores the
// row MySQL stores (plain SELECT, WHERE, JOIN, a column list), and the
// shapes GMS ran wrongly in a trigger's scope are refused with 1235 at
// CREATE TRIGGER: with LIMIT it stored (1, a, 101) for SELECT NEW.id + 100,
// NEW.doc, NULL, with a UNION or a scalar subquery it failed 1366.
func TestTriggerInsertSelect(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE o (k INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO o VALUES (1, 10), (2, 20)")
	for _, c := range []struct {
		body string
		want string // rows of lg after INSERT INTO s VALUES (1, 'a'); "" when refused
	}{
		{"INSERT INTO lg SELECT NEW.id + 100, NEW.doc, NULL FROM dual LIMIT 1", ""},
		{"INSERT INTO lg SELECT NEW.id + k, NEW.doc, v FROM o ORDER BY k DESC LIMIT 1", ""},
		{"INSERT INTO lg SELECT NEW.id + 100, NEW.doc, NULL UNION SELECT NEW.id + 200, NEW.doc, 1", ""},
		{"INSERT INTO lg SELECT NEW.id + 100, NEW.doc, (SELECT MAX(v) FROM o)", ""},
		{"INSERT INTO lg SELECT NEW.id + k, NEW.doc, v FROM (SELECT k, v FROM o WHERE k = 1) dt", ""},
		{"BEGIN INSERT INTO lg VALUES (7, 'b', 0); INSERT INTO lg SELECT NEW.id, NEW.doc, 1 LIMIT 1; END", ""},
		{"INSERT INTO lg SELECT NEW.id + 100, NEW.doc, NULL", "101,a,NULL"},
		{"INSERT INTO lg SELECT NEW.id + k, NEW.doc, v FROM o WHERE k = 2", "3,a,20"},
		{"INSERT INTO lg SELECT NEW.id + k, NEW.doc, v FROM o ORDER BY k DESC", "2,a,10;3,a,20"},
		{"INSERT INTO lg SELECT NEW.id + a.k, NEW.doc, b.v FROM o a JOIN o b ON a.k = b.k WHERE a.k = 1", "2,a,10"},
		{"INSERT INTO lg (id, doc) SELECT NEW.id + 100, NEW.doc", "101,a,NULL"},
		{"INSERT INTO lg SELECT k + 100, 'x', v FROM o WHERE k = 1", "101,x,10"},
	} {
		mustExec(t, db, "DROP TABLE IF EXISTS s, lg")
		mustExec(t, db, "CREATE TABLE s (id INT PRIMARY KEY, doc VARCHAR(10))")
		mustExec(t, db, "CREATE TABLE lg (id INT PRIMARY KEY, doc VARCHAR(10), n INT)")
		q := "CREATE TRIGGER t AFTER INSERT ON s FOR EACH ROW " + c.body
		if c.want == "" {
			wantErrNo(t, db, 1235, q)
			continue
		}
		mustExec(t, db, q)
		mustExec(t, db, "INSERT INTO s VALUES (1, 'a')")
		wantRows(t, db, "SELECT * FROM lg ORDER BY id", strings.Split(c.want, ";")...)
	}

	// A stored procedure's INSERT ... SELECT with LIMIT has no trigger row
	// in scope and stores the right row.
	mustExec(t, db, "DELETE FROM lg")
	mustExec(t, db, "CREATE PROCEDURE p(x INT) INSERT INTO lg SELECT x + 100, 'p', NULL FROM dual LIMIT 1")
	mustExec(t, db, "CALL p(1)")
	wantRows(t, db, "SELECT * FROM lg ORDER BY id", "101,p,NULL")
}
