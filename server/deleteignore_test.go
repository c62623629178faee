package server

import (
	"testing"
)

// TestDeleteIgnore: DELETE IGNORE parses (GMS's parser refused it, 1064)
// and, as MySQL 8.0, keeps a row a foreign key refuses to let go of with
// warning 1451 while deleting the others; a division by zero in its WHERE
// is a warning under strict mode. Text and binary protocol.
func TestDeleteIgnore(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		db.SetMaxOpenConns(1) // SHOW WARNINGS reads the previous statement's.
		for _, q := range []string{
			"DROP TABLE IF EXISTS gc", "DROP TABLE IF EXISTS cc", "DROP TABLE IF EXISTS c", "DROP TABLE IF EXISTS p",
			"CREATE TABLE p (id INT PRIMARY KEY)",
			"CREATE TABLE c (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p (id))",
			"INSERT INTO p VALUES (1), (2), (3), (4)",
			"INSERT INTO c VALUES (10, 2), (11, 4)",
		} {
			mustExec(t, db, q)
		}
		wantErrNo(t, db, 1451, "DELETE FROM p WHERE id < 3")
		res, err := db.Exec("DELETE IGNORE FROM p WHERE id < ?", 3)
		if err != nil {
			t.Fatalf("%s: DELETE IGNORE: %v", params, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			t.Errorf("%s: DELETE IGNORE affected %d rows, want 1", params, n)
		}
		w := queryRows(t, db, "SHOW WARNINGS")
		if len(w) != 1 || w[0][1] != "1451" ||
			w[0][2] != "Cannot delete or update a parent row: a foreign key constraint fails (`d`.`c`, CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))" {
			t.Errorf("%s: warnings %v, want one 1451", params, w)
		}
		if s := joinRows(queryRows(t, db, "SELECT id FROM p ORDER BY id")); s != "2|3|4" {
			t.Errorf("%s: p after DELETE IGNORE: %s, want 2|3|4", params, s)
		}
		res, err = db.Exec("DELETE LOW_PRIORITY QUICK IGNORE FROM p")
		if err != nil {
			t.Fatalf("%s: DELETE LOW_PRIORITY QUICK IGNORE: %v", params, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			t.Errorf("%s: second DELETE IGNORE affected %d rows, want 1", params, n)
		}
		if s := joinRows(queryRows(t, db, "SELECT id FROM p ORDER BY id")); s != "2|4" {
			t.Errorf("%s: p after second DELETE IGNORE: %s, want 2|4", params, s)
		}
		// Division by zero: an error without IGNORE (strict), a warning with.
		wantErrNo(t, db, 1365, "DELETE FROM c WHERE pid DIV 0 IS NULL")
		mustExec(t, db, "DELETE IGNORE FROM c WHERE pid DIV 0 = 1")
		if w := queryRows(t, db, "SHOW WARNINGS"); len(w) == 0 || w[0][1] != "1365" {
			t.Errorf("%s: DELETE IGNORE dividing by zero: warnings %v, want 1365", params, w)
		}
		if s := joinRows(queryRows(t, db, "SELECT COUNT(*) FROM c")); s != "2" {
			t.Errorf("%s: c has %s rows, want 2", params, s)
		}
		// A refusal below an ON DELETE CASCADE is not skipped: the
		// statement fails whole (MySQL would skip the row).
		mustExec(t, db, "CREATE TABLE cc (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE)")
		mustExec(t, db, "CREATE TABLE gc (id INT PRIMARY KEY, ccid INT, FOREIGN KEY (ccid) REFERENCES cc (id))")
		mustExec(t, db, "DELETE FROM c")
		mustExec(t, db, "INSERT INTO cc VALUES (20, 2), (21, 4)")
		mustExec(t, db, "INSERT INTO gc VALUES (30, 21)")
		wantErrNo(t, db, 1451, "DELETE IGNORE FROM p")
		if s := joinRows(queryRows(t, db, "SELECT (SELECT COUNT(*) FROM p), (SELECT COUNT(*) FROM cc)")); s != "2 2" {
			t.Errorf("%s: after the failed cascade: %s, want nothing deleted", params, s)
		}
	}
}
