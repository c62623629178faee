package server

import "testing"

// TestDeleteWithoutWhereAcrossDatabases: DELETE FROM db.t without WHERE
// deletes t's rows and runs t's DELETE triggers whatever the current
// database: none (it failed with 1049), or one holding another table t
// without triggers (GMS decided on that table and skipped t's triggers).
func TestDeleteWithoutWhereAcrossDatabases(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE d", "CREATE DATABASE e",
		"CREATE TABLE d.t (id INT PRIMARY KEY)", "CREATE TABLE e.t (id INT PRIMARY KEY)",
		"CREATE TABLE d.log (n INT)",
		"CREATE TRIGGER d.tr AFTER DELETE ON d.t FOR EACH ROW INSERT INTO d.log VALUES (OLD.id)",
	} {
		mustExec(t, db, q)
	}
	for _, current := range []string{"", "e", "d"} {
		c := ts.connect(current)
		mustExec(t, c, "DELETE FROM d.log")
		mustExec(t, c, "INSERT INTO d.t VALUES (1), (2)")
		res := mustExec(t, c, "DELETE FROM d.t")
		if n, _ := res.RowsAffected(); n != 2 {
			t.Errorf("current database %q: DELETE affected %d rows, want 2", current, n)
		}
		if got := queryRows(t, c, "SELECT COUNT(*) FROM d.t"); got[0][0] != "0" {
			t.Errorf("current database %q: %s rows left", current, got[0][0])
		}
		if got := queryRows(t, c, "SELECT COUNT(*) FROM d.log"); got[0][0] != "2" {
			t.Errorf("current database %q: the trigger ran %s times, want 2", current, got[0][0])
		}
		c.Close()
	}
}

// TestDeleteWithoutWhereCascadesAcrossSchemas: DELETE FROM parent (no WHERE)
// from the parent's own database cascades to a child in another schema (GMS
// made it a TRUNCATE after looking for referencing keys in the current
// database only).
func TestDeleteWithoutWhereCascadesAcrossSchemas(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE d", "CREATE DATABASE e",
		"CREATE TABLE d.p (id INT PRIMARY KEY)",
		"CREATE TABLE e.c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES d.p (id) ON DELETE CASCADE)",
		"INSERT INTO d.p VALUES (1), (2)", "INSERT INTO e.c VALUES (10, 1), (20, 2)",
	} {
		mustExec(t, db, q)
	}
	d := ts.connect("d")
	mustExec(t, d, "DELETE FROM p")
	if got := queryRows(t, d, "SELECT COUNT(*) FROM e.c"); got[0][0] != "0" {
		t.Fatalf("%s child rows left after DELETE FROM p cascaded", got[0][0])
	}
}
