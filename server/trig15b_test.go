package server

import (
	"testing"
)

// TestDeleteOwnTargetFiresTriggers: `DELETE q FROM t AS q WHERE ...` (one
// table read, and it is the explicit target) of a table with DELETE
// triggers deletes and fires BEFORE and AFTER DELETE once per row, as
// MySQL; a failing AFTER trigger undoes the whole statement. Before, GMS
// refused each of them with 1105 ("delete from with explicit target tables
// does not support triggers"; engine/dmlsubquery.go ownTargetDelete). A
// multi-table DELETE of a table with triggers deletes and fires too since
// mtdel (engine/multidelete.go, mtdel_test.go). Text and prepared;
// expected values are MariaDB 10.11's (rows affected, rows, the log
// ordered by text).
func TestDeleteOwnTargetFiresTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE tr")
	db := ts.connect("tr")
	reset := []string{
		"DROP TABLE IF EXISTS a, b, lg",
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40))",
		"INSERT INTO a VALUES (1, 10), (2, 20), (3, 30)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 9, 7)",
		"CREATE TRIGGER bbd BEFORE DELETE ON b FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('bb', OLD.id, ':', OLD.m))",
		"CREATE TRIGGER bad AFTER DELETE ON b FOR EACH ROW BEGIN " +
			"INSERT INTO lg (what) VALUES (CONCAT('ba', OLD.id)); " +
			"IF OLD.m > 5 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'big'; END IF; END",
	}
	const rowsQ = "SELECT CONCAT((SELECT GROUP_CONCAT(id ORDER BY id) FROM b), '/', " +
		"IFNULL((SELECT GROUP_CONCAT(what ORDER BY what SEPARATOR ';') FROM lg), ''))"
	const start = "1,2,3,4/"
	cases := []dmlCase{
		{"DELETE q FROM b AS q WHERE q.id = 3",
			"DELETE q FROM b AS q WHERE q.id = ?", 3, 0, 1, "1,2,4/ba3;bb3:0"},
		{"DELETE b FROM b WHERE aid = 1",
			"DELETE b FROM b WHERE aid = ?", 1, 0, 2, "3,4/ba1;ba2;bb1:0;bb2:0"},
		{"DELETE q FROM b q WHERE EXISTS (SELECT 1 FROM a WHERE a.id = q.aid AND a.n = 20)",
			"DELETE q FROM b q WHERE EXISTS (SELECT 1 FROM a WHERE a.id = q.aid AND a.n = ?)", 20, 0, 1, "1,2,4/ba3;bb3:0"},
		{"DELETE q FROM b q WHERE q.aid IN (SELECT id FROM a WHERE n < 15)",
			"DELETE q FROM b q WHERE q.aid IN (SELECT id FROM a WHERE n < ?)", 15, 0, 2, "3,4/ba1;ba2;bb1:0;bb2:0"},
		// bad fails for row 4: nothing of the statement stays.
		{"DELETE q FROM b AS q WHERE q.id > 0",
			"DELETE q FROM b AS q WHERE q.id > ?", 0, 1644, 0, start},
		// A multi-table DELETE deletes and fires too (since mtdel).
		{"DELETE b FROM a JOIN b ON a.id = b.aid WHERE a.n = 10",
			"DELETE b FROM a JOIN b ON a.id = b.aid WHERE a.n = ?", 10, 0, 2, "3,4/ba1;ba2;bb1:0;bb2:0"},
	}
	runDMLCases(t, db, reset, rowsQ, cases)
}

// TestExplainSingleRowDML: EXPLAIN PLAN (and FORMAT=TREE) of a single-table
// UPDATE or DELETE by primary key prints its plan, a row per line, and
// changes nothing. It failed 1105 "result max1Row iterator returned more
// than one row": GMS plans such a statement with batches that skip the
// post-analyzer rule clearing the statement's single-row flag for an
// EXPLAIN (engine/extensions.go explainManyRowsDMLID).
func TestExplainSingleRowDML(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE ex")
	db := ts.connect("ex")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY, m INT)")
	mustExec(t, db, "INSERT INTO b VALUES (1, 0), (2, 0)")
	for _, q := range []string{
		"EXPLAIN PLAN UPDATE b SET m = 2 WHERE id = 1",
		"EXPLAIN FORMAT=TREE UPDATE b SET m = 2 WHERE id = 1",
		"EXPLAIN PLAN DELETE FROM b WHERE id = 1",
		"EXPLAIN FORMAT=TREE DELETE FROM b WHERE id = 2",
	} {
		if rows := queryRows(t, db, q); len(rows) < 2 {
			t.Errorf("%s: %q, want a row per plan line", q, rows)
		}
	}
	if got := joinRows(queryRows(t, db, "SELECT CONCAT(id, ':', m) FROM b ORDER BY id")); got != "1:0|2:0" {
		t.Errorf("rows after EXPLAIN: %s, want 1:0|2:0", got)
	}
}
