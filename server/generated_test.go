package server

import (
	"strings"
	"testing"
)

// TestGeneratedColumns: GENERATED ALWAYS AS (expr) STORED and VIRTUAL
// columns (Django's GeneratedField makes both) are computed on INSERT and
// UPDATE, can be indexed, refuse explicit values, are computed for existing
// rows by ALTER TABLE ADD COLUMN, and keep their definitions across a
// restart.
func TestGeneratedColumns(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE g")
	db := ts.connect("g")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(10),"+
		" s INT GENERATED ALWAYS AS (a * 2) STORED,"+
		" v VARCHAR(30) AS (CONCAT(b, '-', a)) VIRTUAL, KEY ks (s))")
	mustExec(t, db, "INSERT INTO t (id, a, b) VALUES (1, 2, 'x'), (2, 5, 'y')")
	wantRows(t, db, "SELECT id, a, b, s, v FROM t ORDER BY id", "1,2,x,4,x-2", "2,5,y,10,y-5")
	mustExec(t, db, "UPDATE t SET a = 10 WHERE id = 1")
	wantRows(t, db, "SELECT id, v FROM t WHERE s = 20", "1,x-10")
	if _, err := db.Exec("INSERT INTO t (id, a, b, s) VALUES (3, 1, 'z', 5)"); err == nil ||
		!strings.Contains(err.Error(), "generated column") {
		t.Fatalf("explicit value for a generated column: %v", err)
	}

	// Existing rows get the expression's value, not NULL.
	mustExec(t, db, "ALTER TABLE t ADD COLUMN w INT AS (a + 100) AFTER a")
	wantRows(t, db, "SELECT id, w FROM t ORDER BY id", "1,110", "2,105")
	mustExec(t, db, "ALTER TABLE t ADD COLUMN x INT AS (s + w) VIRTUAL")
	wantRows(t, db, "SELECT id, x FROM t ORDER BY id", "1,130", "2,115")

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("g")
	mustExec(t, db, "INSERT INTO t (id, a, b) VALUES (3, 1, 'z')")
	mustExec(t, db, "UPDATE t SET a = 0 WHERE id = 1")
	wantRows(t, db, "SELECT id, a, w, s, v, x FROM t ORDER BY id",
		"1,0,100,0,x-0,100", "2,5,105,10,y-5,115", "3,1,101,2,z-1,103")
	wantRows(t, db, "SELECT id FROM t WHERE s = 2", "3")
	ddl := queryRows(t, db, "SHOW CREATE TABLE t")[0][1]
	if !strings.Contains(ddl, "`s` int GENERATED ALWAYS AS ((`a` * 2))") {
		t.Fatalf("SHOW CREATE TABLE lost the generation expression:\n%s", ddl)
	}
}
