package engine_test

import "testing"

// editorSetup: a table with a unique and a plain secondary index, so every
// write has three kv entries per row to keep in step.
var editorSetup = []string{
	"CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), UNIQUE KEY ub (b), KEY ka (a))",
	"INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 30, 'z')",
}

const allRows = "SELECT id, a, b FROM t ORDER BY id"

func TestTableEditor(t *testing.T) {
	runScripts(t, editorSetup, []scriptCase{
		{name: "insert", table: "t", rowCount: 5, steps: []step{
			{q: "INSERT INTO t VALUES (4, 40, 'w'), (5, NULL, NULL)"},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z", "4|40|w", "5|NULL|NULL")},
			{q: "SELECT id FROM t WHERE a = 40", rows: rows("4")},
			{q: "SELECT id FROM t WHERE b = 'w'", rows: rows("4")},
		}},
		{name: "update non-key column moves its index entry", table: "t", rowCount: 3, steps: []step{
			{q: "UPDATE t SET a = a + 1 WHERE id >= 2"},
			{q: "SELECT id FROM t WHERE a = 20", rows: rows()},
			{q: "SELECT id FROM t WHERE a = 21", rows: rows("2")},
			{q: allRows, rows: rows("1|10|x", "2|21|y", "3|31|z")},
		}},
		{name: "update primary key", table: "t", rowCount: 3, steps: []step{
			{q: "UPDATE t SET id = id + 10 WHERE id = 2"},
			{q: allRows, rows: rows("1|10|x", "3|30|z", "12|20|y")},
			{q: "SELECT id FROM t WHERE b = 'y'", rows: rows("12")},
		}},
		{name: "delete", table: "t", rowCount: 1, steps: []step{
			{q: "DELETE FROM t WHERE a >= 20"},
			{q: allRows, rows: rows("1|10|x")},
			{q: "SELECT id FROM t WHERE b = 'y'", rows: rows()},
		}},
		{name: "replace on primary key", table: "t", rowCount: 3, steps: []step{
			{q: "REPLACE INTO t VALUES (2, 22, 'yy')"},
			{q: allRows, rows: rows("1|10|x", "2|22|yy", "3|30|z")},
			{q: "SELECT id FROM t WHERE b = 'y'", rows: rows()},
		}},
		{name: "replace on unique key removes the other row", table: "t", rowCount: 3, steps: []step{
			{q: "REPLACE INTO t VALUES (9, 90, 'y')"},
			{q: allRows, rows: rows("1|10|x", "3|30|z", "9|90|y")},
		}},
		{name: "insert on duplicate key update", table: "t", rowCount: 3, steps: []step{
			{q: "INSERT INTO t VALUES (1, 0, 'q') ON DUPLICATE KEY UPDATE a = 11"},
			{q: allRows, rows: rows("1|11|x", "2|20|y", "3|30|z")},
		}},
		{name: "failed multi-row insert leaves nothing", table: "t", rowCount: 3, steps: []step{
			{q: "INSERT INTO t VALUES (4, 40, 'w'), (5, 50, 'v'), (6, 60, 'x')", err: 1062},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z")},
		}},
		{name: "failed multi-row update leaves nothing", table: "t", rowCount: 3, steps: []step{
			// Row 1 is updated first ('x' -> 'x!'), row 2 then collides.
			{q: "UPDATE t SET b = CASE id WHEN 1 THEN 'x!' WHEN 2 THEN 'z' ELSE b END ORDER BY id", err: 1062},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z")},
		}},
		{name: "failed statement in a transaction rolls back only itself", table: "t", rowCount: 4, steps: []step{
			{q: "BEGIN"},
			{q: "INSERT INTO t VALUES (4, 40, 'w')"},
			{q: "INSERT INTO t VALUES (5, 50, 'v'), (6, 60, 'w')", err: 1062},
			{q: "DELETE FROM t WHERE id = 99"},
			{q: "COMMIT"},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z", "4|40|w")},
		}},
		{name: "rollback", table: "t", rowCount: 3, steps: []step{
			{q: "BEGIN"},
			{q: "DELETE FROM t"},
			{q: "INSERT INTO t VALUES (7, 70, 'x')"},
			{q: allRows, rows: rows("7|70|x")},
			{q: "ROLLBACK"},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z")},
		}},
		{name: "rollback to savepoint", table: "t", rowCount: 4, steps: []step{
			{q: "BEGIN"},
			{q: "INSERT INTO t VALUES (4, 40, 'w')"},
			{q: "SAVEPOINT s"},
			{q: "UPDATE t SET b = 'ww' WHERE id = 4"},
			{q: "DELETE FROM t WHERE id = 1"},
			{q: "ROLLBACK TO SAVEPOINT s"},
			{q: "COMMIT"},
			{q: allRows, rows: rows("1|10|x", "2|20|y", "3|30|z", "4|40|w")},
		}},
	})
}

// A table without a primary key stores identical rows under one hash prefix,
// each with its own row ID; deleting one copy must leave the other.
func TestHiddenPrimaryKey(t *testing.T) {
	runScripts(t, []string{"CREATE TABLE h (a INT, b VARCHAR(10), KEY kb (b))"}, []scriptCase{
		{name: "duplicate rows", table: "h", rowCount: 2, steps: []step{
			{q: "INSERT INTO h VALUES (1, 'a'), (1, 'a'), (2, 'b')"},
			{q: "DELETE FROM h WHERE a = 2"},
			{q: "SELECT a, b FROM h", rows: rows("1|a", "1|a")},
			{q: "SELECT COUNT(*) FROM h WHERE b = 'a'", rows: rows("2")},
		}},
		{name: "update one of identical rows", table: "h", rowCount: 2, steps: []step{
			{q: "INSERT INTO h VALUES (1, 'a'), (1, 'a')"},
			{q: "UPDATE h SET b = 'c' LIMIT 1"},
			{q: "SELECT a, b FROM h ORDER BY b", rows: rows("1|a", "1|c")},
		}},
	})
}
