package server

import "testing"

// MODIFY of a generated column to a new expression (same type) must not
// leave the rows with the old expression's values: refused 1235 until the
// rewrite computes them again, the rows unchanged. The same expression, or
// STORED <-> VIRTUAL, keeps working.
func TestModifyGeneratedExpression(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE gm")
	db = ts.connect("gm")
	mustExec(t, db, "CREATE TABLE s (id INT PRIMARY KEY, a INT, c INT AS (a*2) STORED)")
	mustExec(t, db, "CREATE TABLE v (id INT PRIMARY KEY, a INT, c INT AS (a*2) VIRTUAL)")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, a INT, c INT)")
	for _, tb := range []string{"s", "v"} {
		mustExec(t, db, "INSERT INTO "+tb+" (id, a) VALUES (1, 1), (2, 5)")
	}
	mustExec(t, db, "INSERT INTO p VALUES (1, 1, 7)")
	const refused = "This version of MySQL doesn't yet support 'changing the expression of a generated column'"
	for _, stmt := range []string{
		"ALTER TABLE s MODIFY c INT AS (a*4) STORED",
		"ALTER TABLE v MODIFY c INT AS (a*4) VIRTUAL",
		"ALTER TABLE s CHANGE c c INT AS (a*4) VIRTUAL",
		"ALTER TABLE p MODIFY c INT AS (a*4) STORED",
	} {
		_, err := db.Exec(stmt)
		wantError(t, stmt, err, 1235, refused)
	}
	wantRows(t, db, "SELECT id, c FROM s ORDER BY id", "1,2", "2,10")
	wantRows(t, db, "SELECT id, c FROM v ORDER BY id", "1,2", "2,10")
	wantRows(t, db, "SELECT id, c FROM p", "1,7")
	mustExec(t, db, "ALTER TABLE s MODIFY c INT AS (a*2) STORED COMMENT 'same'")
	mustExec(t, db, "UPDATE s SET a = 3 WHERE id = 1")
	wantRows(t, db, "SELECT id, c FROM s ORDER BY id", "1,6", "2,10")
}
