package server

import (
	"testing"
)

// TestBranchOfNumbersWithDouble: CASE, IF, IFNULL and COALESCE over an
// integer or DECIMAL branch and a DOUBLE branch are DOUBLE in MySQL, and a
// DOUBLE branch keeps its fraction. GMS typed IF as its first branch:
// IF(id = 1, i, f) was a BIGINT and f's 1.5 came back as 2 (in the select
// list, in WHERE and under SUM); IF(c, dec, f) was a DECIMAL that rounded f
// to the DECIMAL's scale (issue #9). Expected values are MariaDB 10.11's,
// which types these as MySQL does. Text and binary protocol.
func TestBranchOfNumbersWithDouble(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		mustExec(t, db, "DROP TABLE IF EXISTS nb")
		mustExec(t, db, "CREATE TABLE nb (id INT PRIMARY KEY, f DOUBLE, i INT, dc DECIMAL(5,2), s VARCHAR(10))")
		mustExec(t, db, "INSERT INTO nb VALUES (1, NULL, NULL, NULL, NULL), (2, 1.5, 3, 2.25, 'abc'), (3, 0.125, 4, 1.5, 'x')")
		for _, c := range []struct {
			expr, typ, want string
		}{
			{"IF(id = 2, i, f)", "DOUBLE", "NULL|3|0.125"},
			{"IF(id <> 2, i, f)", "DOUBLE", "NULL|1.5|4"},
			{"IF(id <> 2, dc, f)", "DOUBLE", "NULL|1.5|1.5"},
			{"IF(id = 2, dc, f + 0.001)", "DOUBLE", "NULL|2.25|0.126"},
			{"IF(id <> 2, 7, f)", "DOUBLE", "7|1.5|7"},
			{"CASE WHEN id <> 2 THEN i ELSE f END", "DOUBLE", "NULL|1.5|4"},
			{"CASE id WHEN 3 THEN dc ELSE f END", "DOUBLE", "NULL|1.5|1.5"},
			{"COALESCE(IF(id <> 2, i, f), 0)", "DOUBLE", "0|1.5|4"},
			{"IFNULL(i, f)", "DOUBLE", "NULL|3|4"},
			{"COALESCE(dc, f)", "DOUBLE", "NULL|2.25|1.5"},
			{"IFNULL(f, 'text')", "", "text|1.5|0.125"},
			{"COALESCE(f, 'text')", "", "text|1.5|0.125"},
			{"IF(id = 1, 'text', f)", "", "text|1.5|0.125"},
			{"CASE WHEN id = 1 THEN 'text' ELSE f END", "", "text|1.5|0.125"},
			{"NULLIF(f, 'text')", "DOUBLE", "NULL|1.5|0.125"},
			{"IFNULL(i, dc)", "DECIMAL", "NULL|3.00|4.00"},
		} {
			q := "SELECT " + c.expr + " FROM nb WHERE id > ? ORDER BY id"
			rows, err := db.Query(q, 0)
			if err != nil {
				t.Errorf("%s %s: %v", params, q, err)
				continue
			}
			cts, err := rows.ColumnTypes()
			if err != nil {
				t.Fatal(err)
			}
			typ := cts[0].DatabaseTypeName()
			// A number and a string are a string: never a number type
			// whose value a driver would parse.
			if c.typ == "" && (typ == "DOUBLE" || typ == "DECIMAL" || typ == "BIGINT" || typ == "INT") ||
				c.typ != "" && typ != c.typ {
				t.Errorf("%s %s: column %s, want %q", params, c.expr, typ, c.typ)
			}
			if got := joinRowsOf(t, rows); got != c.want {
				t.Errorf("%s %s: %q, want %q", params, c.expr, got, c.want)
			}
		}
		// The value compared and summed is the DOUBLE's.
		if got := rowsText(t, ts, "d", "SELECT id FROM nb WHERE IF(id <> 2, i, f) = ?", 1.5); got != "2" {
			t.Errorf("%s WHERE IF(id <> 2, i, f) = 1.5: %q, want 2", params, got)
		}
		if got := rowsText(t, ts, "d", "SELECT SUM(IF(id <> 2, i, f)) FROM nb WHERE id > ?", 0); got != "5.5" {
			t.Errorf("%s SUM(IF(id <> 2, i, f)): %q, want 5.5", params, got)
		}
	}
}

// TestJSONColumnNumber: a number, TRUE/FALSE, a YEAR or a BIT value written
// into a JSON column is refused with MySQL 8.0's 3140 (Field_json::store of
// a longlong, double or decimal is unsupported_conversion(); MariaDB 10.11
// stores them), on INSERT VALUES, INSERT ... SELECT (with LIMIT too),
// UPDATE, ON DUPLICATE KEY UPDATE, and from a prepared statement's integer
// or float parameter. GMS stored the number. Text that is JSON ('1', a
// UNION of a string and a number, which MySQL types VARCHAR) and CAST(x AS
// JSON) are stored. Nothing is written by a refused statement.
func TestJSONColumnNumber(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		mustExec(t, db, "DROP TABLE IF EXISTS tj, u")
		mustExec(t, db, "CREATE TABLE tj (id INT PRIMARY KEY, j JSON)")
		mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, i INT, y YEAR, b BIT(8), dc DECIMAL(5,2), f DOUBLE, s VARCHAR(10))")
		mustExec(t, db, "INSERT INTO u VALUES (1, 5, 2024, b'101', 1.5, 2.5, '[1]')")
		mustExec(t, db, `INSERT INTO tj VALUES (1, '{"a": 1}')`)
		const before = `1,{"a": 1}`
		for _, c := range []struct {
			q   string
			arg any
		}{
			{"INSERT INTO tj VALUES (?, 1)", 10},
			{"INSERT INTO tj VALUES (?, 1.5)", 10},
			{"INSERT INTO tj VALUES (?, 1e0)", 10},
			{"INSERT INTO tj VALUES (?, TRUE)", 10},
			{"INSERT INTO tj VALUES (10, ?)", 1},
			{"INSERT INTO tj VALUES (10, ?)", 1.5},
			{"INSERT INTO tj SELECT 10, i FROM u WHERE id = ?", 1},
			{"INSERT INTO tj SELECT 10, y FROM u WHERE id = ?", 1},
			{"INSERT INTO tj SELECT 10, b FROM u WHERE id = ?", 1},
			{"INSERT INTO tj SELECT 10, dc FROM u WHERE id = ?", 1},
			{"INSERT INTO tj SELECT 10, f FROM u WHERE id = ?", 1},
			{"INSERT INTO tj SELECT 10, i + ? FROM u LIMIT 1", 1},
			{"REPLACE INTO tj VALUES (1, ?)", 2},
			{"UPDATE tj SET j = 2 WHERE id = ?", 1},
			{"UPDATE tj SET j = ? WHERE id = 1", 2},
			{"UPDATE tj JOIN u ON tj.id = u.id SET tj.j = u.y WHERE u.id = ?", 1},
			{"INSERT INTO tj VALUES (?, '[]') ON DUPLICATE KEY UPDATE j = 3", 1},
		} {
			_, err := db.Exec(c.q, c.arg)
			if mysqlErrNo(err) != 3140 {
				t.Errorf("%s %s [%v]: %v, want 3140", params, c.q, c.arg, err)
			} else if want := `Invalid JSON text: "not a JSON text, may need CAST" at position 0 in value for column 'tj.j'.`; err.Error()[len("Error 3140 (22032): "):] != want {
				t.Errorf("%s %s: %q, want %q", params, c.q, err, want)
			}
			if got := rowsText(t, ts, "d", "SELECT id, j FROM tj ORDER BY id"); got != before {
				t.Fatalf("%s after %s: %q, want %q", params, c.q, got, before)
			}
		}
		for _, c := range []struct {
			q   string
			arg any
		}{
			{"INSERT INTO tj VALUES (?, '1')", 2},
			{"INSERT INTO tj VALUES (3, ?)", "[2]"},
			{"INSERT INTO tj VALUES (?, CAST(1.5 AS JSON))", 4},
			{"INSERT INTO tj SELECT ?, s FROM u UNION ALL SELECT 6, i FROM u", 5},
			{"INSERT INTO tj VALUES (?, NULL)", 7},
			{"UPDATE tj SET j = JSON_ARRAY(?) WHERE id = 7", 8},
		} {
			mustExec(t, db, c.q, c.arg)
		}
		if got, want := rowsText(t, ts, "d", "SELECT id, j FROM tj ORDER BY id"), before+` 2,1 3,[2] 4,1.5 5,[1] 6,5 7,[8]`; got != want {
			t.Errorf("%s: %q, want %q", params, got, want)
		}
	}
}

// TestGroupConcatWindow: GROUP_CONCAT(...) OVER (...) is MySQL 8.0's 1235
// "group_concat as window function" (its grammar takes the windowing
// clause and the function refuses it); the vitess grammar has no OVER
// there, so it was 1064. A statement that is a syntax error elsewhere
// stays 1064, and GROUP_CONCAT without OVER runs.
func TestGroupConcatWindow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	const msg = "This version of MySQL doesn't yet support 'group_concat as window function'"
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		mustExec(t, db, "DROP TABLE IF EXISTS gw")
		mustExec(t, db, "CREATE TABLE gw (id INT PRIMARY KEY, g INT)")
		mustExec(t, db, "INSERT INTO gw VALUES (1, 1), (2, 1)")
		for _, c := range []struct {
			q    string
			want int
		}{
			{"SELECT id, GROUP_CONCAT(id) OVER (ORDER BY id) FROM gw WHERE id > ?", 1235},
			{"SELECT id, GROUP_CONCAT(id) OVER () FROM gw WHERE id > ?", 1235},
			{"SELECT GROUP_CONCAT(DISTINCT id ORDER BY (id + ?) SEPARATOR ';') OVER (PARTITION BY g) FROM gw", 1235},
			{"SELECT GROUP_CONCAT(id) OVER w FROM gw WHERE id > ? WINDOW w AS ()", 1235},
			{"SELECT GROUP_CONCAT(id) OVER FROM gw WHERE id > ?", 1064},
			{"SELECT GROUP_CONCAT(id) FROM gw WHERE id > ? OVER", 1064},
		} {
			rows, err := db.Query(c.q, 0)
			if err == nil {
				rows.Close()
			}
			if mysqlErrNo(err) != c.want {
				t.Errorf("%s %s: %v, want %d", params, c.q, err, c.want)
			} else if c.want == 1235 && err.Error() != "Error 1235 (42000): "+msg {
				t.Errorf("%s %s: %q, want %q", params, c.q, err, msg)
			}
		}
		if got := rowsText(t, ts, "d", "SELECT GROUP_CONCAT(id ORDER BY id) FROM gw WHERE id > ?", 0); got != "1,2" {
			t.Errorf("GROUP_CONCAT without OVER: %q", got)
		}
	}
}

// TestWarningsKeptByTablelessStatement: a SELECT, SET or DO that reads no
// table keeps the previous statement's warnings listed (MySQL resets the
// conditions only for a statement with tables, sql_parse.cc; MariaDB 10.11
// answers the same), decided by the parsed statement: the word FROM in a
// string literal, a quoted alias, a comment or FROM DUAL made Myriad clear
// the list. A statement reading a table (in a subquery too) clears it.
func TestWarningsKeptByTablelessStatement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	conn := pinnedConn(t, ts.connect("d"))
	mustExec(t, conn, "CREATE TABLE t (a INT)")
	mustExec(t, conn, "INSERT INTO t VALUES (1)")
	const div = "Warning 1365 Division by 0"
	for _, c := range []struct{ q, want string }{
		{"SELECT 'from'", div},
		{"SELECT 'x' AS `from`", div},
		{"SELECT 'x' /* from */", div},
		{"SELECT 1 FROM DUAL", div},
		{"SET @a = 'from'", div},
		{"DO 'from'", div},
		{"SELECT 'x'", div},
		{"SELECT a FROM t", ""},
		{"SELECT (SELECT a FROM t LIMIT 1)", ""},
		{"SELECT 'from' FROM t", ""},
		{"SET @a = (SELECT MAX(a) FROM t)", ""},
		{"SELECT * FROM (SELECT 1 AS x) AS dt", ""},
		{"WITH c AS (SELECT 1) SELECT * FROM c", ""},
		{"SELECT EXTRACT(YEAR FROM '2024-01-02')", div},
	} {
		if _, err := queryText(t, conn, "SELECT 1/0"); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(t.Context(), c.q); err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if got, err := queryText(t, conn, "SHOW WARNINGS"); err != nil || got != c.want {
			t.Errorf("SHOW WARNINGS after %s: %q, %v; want %q", c.q, got, err, c.want)
		}
	}
}
