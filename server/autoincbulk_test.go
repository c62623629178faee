package server

import "testing"

// TestInsertSelectAutoIncrementBatches: INSERT ... SELECT takes its
// AUTO_INCREMENT values in InnoDB's batches of 1, 2, 4, 8 ... (the row
// count is unknown when it starts), and values left in the last batch are
// lost: after a 4-row INSERT ... SELECT into an empty table the next id is
// 8 (InnoDB with innodb_autoinc_lock_mode 1 or 2; MariaDB's answer here),
// where one value per row gave 5. INSERT ... VALUES takes one per row.
func TestInsertSelectAutoIncrementBatches(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE ai",
		"CREATE TABLE ai.src (x INT)",
		"INSERT INTO ai.src VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9)",
		"CREATE TABLE ai.a (id INT AUTO_INCREMENT PRIMARY KEY, x INT)",
		"INSERT INTO ai.a (x) SELECT x FROM ai.src WHERE x <= 4",
		"INSERT INTO ai.a (x) VALUES (9)",
		"INSERT INTO ai.a (x) SELECT x FROM ai.src",
		"INSERT INTO ai.a (x) VALUES (10), (11)",
	} {
		mustExec(t, db, q)
	}
	want := "1,2,3,4,8,9,10,11,12,13,14,15,16,17,24,25"
	if got := joinRows(queryRows(t, db, "SELECT GROUP_CONCAT(id ORDER BY id) FROM ai.a")); got != want {
		t.Errorf("ids %s, want %s", got, want)
	}
}

// TestInsertValuesSpellingSelectAutoIncrement: an INSERT ... VALUES whose
// text holds the word SELECT (in a literal) still knows its row count and
// takes one AUTO_INCREMENT value per row, as MariaDB and MySQL 8 do
// (innodb_autoinc_lock_mode 2: a "simple insert"); it was taken for a bulk
// insert, and the next id after its 4 rows was 8, not 5.
func TestInsertValuesSpellingSelectAutoIncrement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE aiv",
		"CREATE TABLE aiv.a (id INT AUTO_INCREMENT PRIMARY KEY, x VARCHAR(20))",
		"INSERT INTO aiv.a (x) VALUES ('select'), ('b'), ('c'), ('d')",
		"INSERT INTO aiv.a (x) VALUES ('e')",
		"INSERT INTO aiv.a (x) VALUES ('SELECT 1'), ('f') AS new",
		"INSERT INTO aiv.a (x) VALUES ('g')",
	} {
		mustExec(t, db, q)
	}
	want := "1,2,3,4,5,6,7,8"
	if got := joinRows(queryRows(t, db, "SELECT GROUP_CONCAT(id ORDER BY id) FROM aiv.a")); got != want {
		t.Errorf("ids %s, want %s", got, want)
	}
}
