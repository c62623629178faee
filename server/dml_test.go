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
