package engine_test

import "testing"

func TestUniqueIndexes(t *testing.T) {
	cases := []struct {
		scriptCase
		create string
	}{
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b VARCHAR(20), UNIQUE KEY ub (b))", scriptCase: scriptCase{
			name: "case-insensitive collation: 'A' duplicates 'a'", table: "u", rowCount: 1, steps: []step{
				{q: "INSERT INTO u VALUES (1, 'a')"},
				{q: "INSERT INTO u VALUES (2, 'A')", err: 1062},
				{q: "UPDATE u SET b = 'B' WHERE id = 1"},
				{q: "INSERT INTO u VALUES (2, 'a')"},
				{q: "DELETE FROM u WHERE b = 'b'"},
				{q: "SELECT id, b FROM u WHERE b = 'A'", rows: rows("2|a")},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b VARCHAR(20), UNIQUE KEY ub (b))", scriptCase: scriptCase{
			name: "NULLs never collide", table: "u", rowCount: 4, steps: []step{
				{q: "INSERT INTO u VALUES (1, NULL), (2, NULL), (3, 'x')"},
				{q: "INSERT INTO u VALUES (4, NULL)"},
				{q: "UPDATE u SET b = NULL WHERE id = 3"},
				{q: "SELECT COUNT(*) FROM u WHERE b IS NULL", rows: rows("4")},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, a INT, b INT, UNIQUE KEY uab (a, b))", scriptCase: scriptCase{
			name: "composite key: a NULL part never collides", table: "u", rowCount: 4, steps: []step{
				{q: "INSERT INTO u VALUES (1, 1, 1), (2, 1, 2), (3, 1, NULL), (4, 1, NULL)"},
				{q: "INSERT INTO u VALUES (5, 1, 2)", err: 1062},
				{q: "UPDATE u SET b = 1 WHERE id = 2", err: 1062},
				{q: "SELECT id FROM u WHERE a = 1 AND b = 2", rows: rows("2")},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b VARCHAR(20), UNIQUE KEY ub (b(2)))", scriptCase: scriptCase{
			name: "unique prefix: only the first characters count", table: "u", rowCount: 2, steps: []step{
				{q: "INSERT INTO u VALUES (1, 'abc'), (2, 'xyz')"},
				{q: "INSERT INTO u VALUES (3, 'abd')", err: 1062},
				{q: "INSERT INTO u VALUES (3, 'AB')", err: 1062},
				{q: "UPDATE u SET b = 'xyzzy' WHERE id = 1", err: 1062},
				{q: "SELECT id FROM u WHERE b = 'abc'", rows: rows("1")},
				{q: "SELECT id FROM u WHERE b = 'ab'", rows: rows()},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b VARBINARY(20), KEY kb (b(3)))", scriptCase: scriptCase{
			name: "non-unique prefix: rows sharing it are all found", table: "u", rowCount: 3, steps: []step{
				{q: "INSERT INTO u VALUES (1, 'abc1'), (2, 'abc2'), (3, 'abd')"},
				{q: "SELECT id FROM u WHERE b = 'abc2'", rows: rows("2")},
				{q: "SELECT id FROM u WHERE b LIKE 'abc%' ORDER BY id", rows: rows("1", "2")},
				{q: "UPDATE u SET b = 'abd2' WHERE id = 2"},
				{q: "SELECT id FROM u WHERE b >= 'abd' ORDER BY id", rows: rows("2", "3")},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b INT, UNIQUE KEY ub (b))", scriptCase: scriptCase{
			name: "delete frees the key", table: "u", rowCount: 1, steps: []step{
				{q: "INSERT INTO u VALUES (1, 7)"},
				{q: "DELETE FROM u WHERE id = 1"},
				{q: "INSERT INTO u VALUES (2, 7)"},
				{q: "SELECT id FROM u WHERE b = 7", rows: rows("2")},
			}}},
		{create: "CREATE TABLE u (id INT PRIMARY KEY, b INT, UNIQUE KEY ub (b))", scriptCase: scriptCase{
			name: "swap in one transaction", table: "u", rowCount: 2, steps: []step{
				{q: "INSERT INTO u VALUES (1, 1), (2, 2)"},
				{q: "BEGIN"},
				{q: "UPDATE u SET b = 3 WHERE id = 1"},
				{q: "UPDATE u SET b = 1 WHERE id = 2"},
				{q: "UPDATE u SET b = 2 WHERE id = 1"},
				{q: "COMMIT"},
				{q: "SELECT id, b FROM u ORDER BY b", rows: rows("2|1", "1|2")},
			}}},
	}
	for _, c := range cases {
		runScripts(t, []string{c.create}, []scriptCase{c.scriptCase})
	}
}

// Index entries after each kind of write, on every indexed column type
// family, are checked by runScripts' consistency check.
func TestIndexEntriesPerType(t *testing.T) {
	setup := []string{`CREATE TABLE ty (id BIGINT PRIMARY KEY, i INT, d DECIMAL(10,2), f DOUBLE, s VARCHAR(10),
		bn BINARY(4), dt DATETIME(6), y YEAR, e ENUM('a','b'), st SET('x','y'),
		KEY (i), KEY (d), KEY (f), KEY (s), KEY (bn), KEY (dt), KEY (y), KEY (e), KEY (st), KEY (d, s, dt))`}
	runScripts(t, setup, []scriptCase{
		{name: "insert update delete", table: "ty", rowCount: 2, steps: []step{
			{q: `INSERT INTO ty VALUES
				(1, -1, 1.5, 0.25, 'Ab', 'ab', '2024-01-02 03:04:05.6', 2024, 'a', 'x,y'),
				(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
				(3, 3, '3.25', -0.0, 'b ', 0x00, '1999-12-31', '99', 2, 'y')`},
			{q: "UPDATE ty SET d = d + 1, s = 'c', dt = '2024-01-03 03:04:05.6' WHERE id = 1"},
			{q: "DELETE FROM ty WHERE id = 3"},
			{q: "SELECT id FROM ty WHERE d = 2.5 AND s = 'C' AND dt = '2024-01-03 03:04:05.6'", rows: rows("1")},
			{q: "SELECT id FROM ty WHERE bn = 'ab'", rows: rows()},
			{q: "SELECT id FROM ty WHERE bn = X'61620000'", rows: rows("1")},
			{q: "SELECT id FROM ty WHERE st = 'x,y'", rows: rows("1")},
		}},
	})
}
