package server

import (
	"fmt"
	"testing"
)

// TestTriggerTableInUse: a trigger writing a table its firing statement
// reads or writes fails with MySQL's 1442 when it fires, and the statement
// leaves no row behind. INSERT INTO a SELECT ... FROM b with a trigger on a
// writing b used to succeed, the trigger's rows landing in b while the
// statement read it; a trigger writing its own table was GMS's 1105. A
// statement firing no row succeeds, as MySQL checks when the trigger's
// statement opens the table.
func TestTriggerTableInUse(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE tg")
	db = ts.connect("tg")
	for _, s := range []string{
		"CREATE TABLE a (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE c (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE f (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE g (id INT PRIMARY KEY, v INT)",
		"INSERT INTO b VALUES (1, 10), (2, 20)",
		"INSERT INTO g VALUES (1, 1)",
		"CREATE TRIGGER ta AFTER INSERT ON a FOR EACH ROW INSERT INTO b VALUES (NEW.id + 100, NEW.v)",
		"CREATE TRIGGER tc AFTER INSERT ON c FOR EACH ROW UPDATE c SET v = v + 1",
		"CREATE TRIGGER tf BEFORE INSERT ON f FOR EACH ROW DELETE FROM b WHERE id = NEW.id",
		"CREATE TRIGGER tg BEFORE UPDATE ON g FOR EACH ROW UPDATE b SET v = v + 1",
	} {
		mustExec(t, db, s)
	}
	const msg = "Can't update table '%s' in stored function/trigger because it is already used by statement which invoked this stored function/trigger"
	for _, tc := range []struct{ stmt, table string }{
		{"INSERT INTO a SELECT id, v FROM b", "b"},
		{"INSERT INTO a SELECT id, v FROM b WHERE id IN (SELECT id FROM b)", "b"},
		{"INSERT INTO c VALUES (1, 1)", "c"},
		{"INSERT INTO f SELECT id, v FROM b", "b"},
		{"INSERT INTO f VALUES (1, (SELECT MAX(v) FROM b))", "b"},
	} {
		_, err := db.Exec(tc.stmt)
		wantError(t, tc.stmt, err, 1442, fmt.Sprintf(msg, tc.table))
	}
	wantRows(t, db, "SELECT COUNT(*) FROM a", "0")
	wantRows(t, db, "SELECT id, v FROM b ORDER BY id", "1,10", "2,20")
	wantRows(t, db, "SELECT COUNT(*) FROM f", "0")
	wantRows(t, db, "SELECT id, v FROM g", "1,1")
	// No row fires the trigger; a table the trigger does not write.
	mustExec(t, db, "INSERT INTO a SELECT id, v FROM b WHERE id > 5")
	mustExec(t, db, "INSERT INTO a SELECT id, v FROM g")
	mustExec(t, db, "UPDATE g SET v = 3")
	wantRows(t, db, "SELECT id, v FROM b ORDER BY id", "1,11", "2,21", "101,2")
	ts.srv.Close()
	checkDir(t, dir)
}
