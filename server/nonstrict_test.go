package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nonStrictCase is one INSERT run without a strict sql_mode or with
// IGNORE: the row MySQL 8.0 stores and the warnings it raises, in SHOW
// WARNINGS' "Level Code Message" form joined by "|". The expected values
// were checked against MariaDB 10.11 where it agrees with MySQL; where it
// does not (1366's column naming `db`.`t`.`c`, FLOAT's 1265 for a string
// without a number, no warning for trailing spaces after an integer, 1292
// for an unreadable date) MySQL's sql/field.cc and its manual decide.
type nonStrictCase struct {
	mode string // sql_mode; "" is non-strict
	stmt string
	args []any // for the prepared run; nil: the text as it is
	// sel reads what was stored; rows is its answer.
	sel, rows string
	warns     string
}

var nonStrictCases = []nonStrictCase{
	// Integers, signed and unsigned: clamped with 1264; a string read for
	// the number at its front (1265 when more follows, 1366 without one).
	{stmt: "INSERT INTO t5 VALUES (60, 99999999999, 'toolongvalue')", sel: "SELECT v, w FROM t5 WHERE id = 60", rows: "2147483647 toolo",
		warns: "Warning 1264 Out of range value for column 'v' at row 1|Warning 1265 Data truncated for column 'w' at row 1"},
	{stmt: "INSERT INTO t5 VALUES (61, '12abc', 'zz')", sel: "SELECT v FROM t5 WHERE id = 61", rows: "12",
		warns: "Warning 1265 Data truncated for column 'v' at row 1"},
	{stmt: "INSERT INTO t5 VALUES (62, 'abc', 'zy')", sel: "SELECT v FROM t5 WHERE id = 62", rows: "0",
		warns: "Warning 1366 Incorrect integer value: 'abc' for column 'v' at row 1"},
	{stmt: "INSERT INTO t5 VALUES (63, 1.5e300, 'zx')", sel: "SELECT v FROM t5 WHERE id = 63", rows: "2147483647",
		warns: "Warning 1264 Out of range value for column 'v' at row 1"},
	{stmt: "INSERT INTO t5 VALUES (64, 1, 'q1'), (65, 1e20, 'q2'), (66, -1e20, 'q3333333')", sel: "SELECT v, w FROM t5 WHERE id BETWEEN 64 AND 66 ORDER BY id",
		rows:  "1 q1|2147483647 q2|-2147483648 q3333",
		warns: "Warning 1264 Out of range value for column 'v' at row 2|Warning 1264 Out of range value for column 'v' at row 3|Warning 1265 Data truncated for column 'w' at row 3"},
	{stmt: "INSERT INTO ti (id, a, b, c, d) VALUES (1, 300, -1, 99999999999999999999, -5)", sel: "SELECT a, b, c, d FROM ti WHERE id = 1",
		rows: "127 0 9223372036854775807 0",
		warns: "Warning 1264 Out of range value for column 'a' at row 1|Warning 1264 Out of range value for column 'b' at row 1|" +
			"Warning 1264 Out of range value for column 'c' at row 1|Warning 1264 Out of range value for column 'd' at row 1"},
	{stmt: "INSERT INTO ti (id, a, b, c, d) VALUES (2, '1.5', '2.5e1', ' 7 ', '')", sel: "SELECT a, b, c, d FROM ti WHERE id = 2",
		rows: "2 25 7 0", warns: "Warning 1366 Incorrect integer value: '' for column 'd' at row 1"},
	{stmt: "INSERT INTO ti (id, a, b) VALUES (3, ?, ?)", args: []any{"-300x", int64(-7)}, sel: "SELECT a, b FROM ti WHERE id = 3",
		rows: "-128 0", warns: "Warning 1264 Out of range value for column 'a' at row 1|Warning 1264 Out of range value for column 'b' at row 1"},
	// DECIMAL, FLOAT, DOUBLE.
	{stmt: "INSERT INTO ti (id, e, f, g) VALUES (4, 12345.678, 1e300, '1e400')", sel: "SELECT e, f, g FROM ti WHERE id = 4",
		rows: "999.99 3.40282e+38 1.7976931348623157e+308", // the driver reads FLOAT and DOUBLE text as numbers
		warns: "Warning 1264 Out of range value for column 'e' at row 1|Warning 1264 Out of range value for column 'f' at row 1|" +
			"Warning 1264 Out of range value for column 'g' at row 1"},
	{stmt: "INSERT INTO ti (id, e, f, g) VALUES (5, 'abc', 'abc', '12x')", sel: "SELECT e, f, g FROM ti WHERE id = 5", rows: "0.00 0 12",
		warns: "Warning 1366 Incorrect decimal value: 'abc' for column 'e' at row 1|Warning 1265 Data truncated for column 'f' at row 1|" +
			"Warning 1265 Data truncated for column 'g' at row 1"},
	{stmt: "INSERT INTO ti (id, e) VALUES (6, '-5000x')", sel: "SELECT e FROM ti WHERE id = 6", rows: "-999.99",
		warns: "Warning 1265 Data truncated for column 'e' at row 1|Warning 1264 Out of range value for column 'e' at row 1"},
	{stmt: "INSERT INTO ti (id, e) VALUES (14, '1.256x')", sel: "SELECT e FROM ti WHERE id = 14", rows: "1.26",
		warns: "Warning 1265 Data truncated for column 'e' at row 1|Note 1265 Data truncated for column 'e' at row 1"},
	// Strings: cut to the column, 1265; spaces cut from a VARCHAR are a
	// Note, from a CHAR nothing.
	{stmt: "INSERT INTO ti (id, h, i, j, k, l) VALUES (7, 'abcd', 'abcd', 'x', 'abcd', 'abcd')", sel: "SELECT h, i, j, k, l FROM ti WHERE id = 7",
		rows: "abc abc x abc abc",
		warns: "Warning 1265 Data truncated for column 'h' at row 1|Warning 1265 Data truncated for column 'i' at row 1|" +
			"Warning 1265 Data truncated for column 'k' at row 1|Warning 1265 Data truncated for column 'l' at row 1"},
	{stmt: "INSERT INTO ti (id, i, l) VALUES (15, 123456, 98765)", sel: "SELECT i, l FROM ti WHERE id = 15", rows: "123 987",
		warns: "Warning 1265 Data truncated for column 'i' at row 1|Warning 1265 Data truncated for column 'l' at row 1"},
	{stmt: "INSERT INTO ti (id, h, i) VALUES (8, 'ab   ', 'ab   ')", sel: "SELECT CONCAT(h, '|'), CONCAT(i, '|') FROM ti WHERE id = 8",
		rows: "ab| ab |", warns: "Note 1265 Data truncated for column 'i' at row 1"},
	// ENUM and SET: a non-member is '' (a SET keeps its members).
	{stmt: "INSERT INTO ti (id, m, n) VALUES (9, 'z', 'p,z,q')", sel: "SELECT CONCAT('[', m, ']'), n FROM ti WHERE id = 9", rows: "[] p,q",
		warns: "Warning 1265 Data truncated for column 'm' at row 1|Warning 1265 Data truncated for column 'n' at row 1"},
	{stmt: "INSERT INTO ti (id, m) VALUES (10, 5)", sel: "SELECT CONCAT('[', m, ']') FROM ti WHERE id = 10", rows: "[]",
		warns: "Warning 1265 Data truncated for column 'm' at row 1"},
	// Temporal types.
	{stmt: "INSERT INTO ti (id, o, p, q, r) VALUES (11, 'abc', 'abc', 'abc', 'abc')", sel: "SELECT o, p, q FROM ti WHERE id = 11",
		rows: "0000-00-00 0000-00-00 00:00:00 00:00:00",
		warns: "Warning 1292 Incorrect date value: 'abc' for column 'o' at row 1|Warning 1292 Incorrect datetime value: 'abc' for column 'p' at row 1|" +
			"Warning 1292 Incorrect time value: 'abc' for column 'q' at row 1|Warning 1366 Incorrect integer value: 'abc' for column 'r' at row 1"},
	{stmt: "INSERT INTO ti (id, o, p, q, r) VALUES (12, '2020-02-30', '2020-01-01 25:00:00', '900:00:00', 3000)", sel: "SELECT o, p, q FROM ti WHERE id = 12",
		rows: "0000-00-00 0000-00-00 00:00:00 838:59:59",
		warns: "Warning 1292 Incorrect date value: '2020-02-30' for column 'o' at row 1|Warning 1292 Incorrect datetime value: '2020-01-01 25:00:00' for column 'p' at row 1|" +
			"Warning 1264 Out of range value for column 'q' at row 1|Warning 1264 Out of range value for column 'r' at row 1"},
	{stmt: "INSERT INTO ti (id, o) VALUES (13, '2020-01-01 10:11:12')", sel: "SELECT o FROM ti WHERE id = 13", rows: "2020-01-01",
		warns: "Note 1265 Data truncated for column 'o' at row 1"},
	// NOT NULL: a NULL in a multi-row INSERT is the implicit default
	// (1048); a column left out without a default too (1364, once; an
	// ENUM's default is its first member, nothing to warn about).
	{stmt: "INSERT INTO nn (id, s, t, u) VALUES (1, NULL, NULL, NULL), (2, 5, 'x', 'y')", sel: "SELECT s, CONCAT('[', t, ']'), u FROM nn ORDER BY id",
		rows:  "0 [] x|5 [x] y",
		warns: "Warning 1048 Column 's' cannot be null|Warning 1048 Column 't' cannot be null|Warning 1048 Column 'u' cannot be null"},
	{stmt: "INSERT INTO nn (id) VALUES (3), (4)", sel: "SELECT s, CONCAT('[', t, ']'), u FROM nn WHERE id > 2 ORDER BY id",
		rows:  "0 [] x|0 [] x",
		warns: "Warning 1364 Field 's' doesn't have a default value|Warning 1364 Field 't' doesn't have a default value"},
	// REPLACE, a second time over the row it wrote.
	{stmt: "REPLACE INTO t5 VALUES (80, 99999999999, 'r'), (80, -99999999999, 'rrrrrrr')", sel: "SELECT v, w FROM t5 WHERE id = 80", rows: "-2147483648 rrrrr",
		warns: "Warning 1264 Out of range value for column 'v' at row 1|Warning 1264 Out of range value for column 'v' at row 2|Warning 1265 Data truncated for column 'w' at row 2"},
	// UPDATE: each row's number in the statement.
	{stmt: "UPDATE ti SET a = 1000, i = 'abcdef' WHERE id IN (1, 2)", sel: "SELECT a, i FROM ti WHERE id IN (1, 2) ORDER BY id", rows: "127 abc|127 abc",
		warns: "Warning 1264 Out of range value for column 'a' at row 1|Warning 1265 Data truncated for column 'i' at row 1|" +
			"Warning 1264 Out of range value for column 'a' at row 2|Warning 1265 Data truncated for column 'i' at row 2"},
	{stmt: "UPDATE ti SET a = ? WHERE id = ?", args: []any{"77x", int64(2)}, sel: "SELECT a FROM ti WHERE id = 2", rows: "77",
		warns: "Warning 1265 Data truncated for column 'a' at row 1"},
	{stmt: "UPDATE nn SET s = NULL WHERE id = 2", sel: "SELECT s FROM nn WHERE id = 2", rows: "0",
		warns: "Warning 1048 Column 's' cannot be null"},
	// INSERT ... SELECT.
	{stmt: "INSERT INTO ti (id, a, i) SELECT 100 + LENGTH(a), a, b FROM src ORDER BY a", sel: "SELECT id, a, i FROM ti WHERE id > 100 ORDER BY id",
		rows:  "101 5 x|105 127 too",
		warns: "Warning 1264 Out of range value for column 'a' at row 2|Warning 1265 Data truncated for column 'i' at row 2"},
	{stmt: "INSERT INTO nn (id, s, t, u) SELECT 30, NULL, 'a', 'x'", sel: "SELECT s FROM nn WHERE id = 30", rows: "0",
		warns: "Warning 1048 Column 's' cannot be null"},
	// IGNORE under the strict default: the same values and warnings; a
	// duplicate key is Warning 1062 in MySQL's words.
	{mode: "strict", stmt: "INSERT IGNORE INTO t5 (id, v, w) VALUES (53, 99999999999, 'abcdefgh')", sel: "SELECT v, w FROM t5 WHERE id = 53",
		rows:  "2147483647 abcde",
		warns: "Warning 1264 Out of range value for column 'v' at row 1|Warning 1265 Data truncated for column 'w' at row 1"},
	{mode: "strict", stmt: "INSERT IGNORE INTO t5 VALUES (1, 1, 'new')", sel: "SELECT v, w FROM t5 WHERE id = 1", rows: "1 a",
		warns: "Warning 1062 Duplicate entry '1' for key 't5.PRIMARY'"},
	{mode: "strict", stmt: "INSERT IGNORE INTO nn (id, s, t, u) VALUES (10, NULL, 'a', 'x')", sel: "SELECT s FROM nn WHERE id = 10", rows: "0",
		warns: "Warning 1048 Column 's' cannot be null"},
	{mode: "strict", stmt: "UPDATE IGNORE ti SET b = -5 WHERE id = 1", sel: "SELECT b FROM ti WHERE id = 1", rows: "0",
		warns: "Warning 1264 Out of range value for column 'b' at row 1"},
	{mode: "strict", stmt: "INSERT IGNORE INTO nn (id, t) SELECT 40, b FROM src ORDER BY a", sel: "SELECT id, s, t, u FROM nn WHERE id = 40", rows: "40 0 x x",
		warns: "Warning 1364 Field 's' doesn't have a default value|" +
			"Warning 1265 Data truncated for column 't' at row 2|Warning 1062 Duplicate entry '40' for key 'nn.PRIMARY'"},
}

// TestNonStrictInsert: INSERT without a strict sql_mode and INSERT IGNORE
// store what MySQL stores, with its warnings (level, code, message with
// the column and the statement's row), over the text and the binary
// protocol. Strict mode refuses '12abc' for an INT with MySQL's 1265.
func TestNonStrictInsert(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		db.SetMaxOpenConns(1) // SHOW WARNINGS and sql_mode are the session's.
		for _, q := range []string{
			"DROP TABLE IF EXISTS t5", "DROP TABLE IF EXISTS ti", "DROP TABLE IF EXISTS nn",
			"CREATE TABLE t5 (id INT PRIMARY KEY, v INT, w VARCHAR(5) UNIQUE)",
			"INSERT INTO t5 VALUES (1, 1, 'a')",
			"CREATE TABLE ti (id INT PRIMARY KEY, a TINYINT, b TINYINT UNSIGNED, c BIGINT, d BIGINT UNSIGNED, e DECIMAL(5,2), f FLOAT, g DOUBLE," +
				" h CHAR(3), i VARCHAR(3), j TEXT, k BINARY(3), l VARBINARY(3), m ENUM('x','y'), n SET('p','q'), o DATE, p DATETIME, q TIME, r YEAR)",
			"CREATE TABLE nn (id INT PRIMARY KEY, s INT NOT NULL, t VARCHAR(3) NOT NULL, u ENUM('x','y') NOT NULL)",
			"DROP TABLE IF EXISTS src", "CREATE TABLE src (a VARCHAR(10), b VARCHAR(10))", "INSERT INTO src VALUES ('5', 'x'), ('99999', 'toolong')",
		} {
			mustExec(t, db, q)
		}
		for _, c := range nonStrictCases {
			mode := "''"
			if c.mode == "strict" {
				mode = "DEFAULT"
			}
			mustExec(t, db, "SET sql_mode = "+mode)
			var err error
			if c.args != nil {
				_, err = db.Exec(c.stmt, c.args...)
			} else {
				_, err = db.Exec(c.stmt)
			}
			if err != nil {
				t.Errorf("%s: %s: %v", params, c.stmt, err)
				continue
			}
			if got := warningsText(t, queryRows(t, db, "SHOW WARNINGS")); got != c.warns {
				t.Errorf("%s: %s: warnings\n %s\nwant\n %s", params, c.stmt, got, c.warns)
			}
			if got := joinRows(queryRows(t, db, c.sel)); got != c.rows {
				t.Errorf("%s: %s: stored %q, want %q", params, c.stmt, got, c.rows)
			}
		}
		mustExec(t, db, "SET sql_mode = DEFAULT")
		// Strict: a number followed by more is MySQL's 1265, an error.
		wantErrNo(t, db, 1265, "INSERT INTO t5 VALUES (50, '12abc', 'q')")
		wantErrNo(t, db, 1264, "INSERT INTO t5 VALUES (50, 99999999999, 'q')")
		// A single-row INSERT of NULL into a NOT NULL column fails even
		// when not strict, as in MySQL.
		mustExec(t, db, "SET sql_mode = ''")
		wantErrNo(t, db, 1048, "INSERT INTO nn (id, s, t, u) VALUES (20, NULL, 'a', 'x')")
		mustExec(t, db, "SET sql_mode = DEFAULT")
		// One prepared statement across a change of sql_mode: its plan is
		// not reused under the other mode.
		st, err := db.Prepare("INSERT INTO t5 VALUES (?, ?, 'p')")
		if err != nil {
			t.Fatalf("%s: prepare: %v", params, err)
		}
		if _, err := st.Exec(70, int64(1)<<40); mysqlErrNo(err) != 1264 {
			t.Errorf("%s: strict prepared INSERT: %v, want 1264", params, err)
		}
		mustExec(t, db, "SET sql_mode = ''")
		if _, err := st.Exec(71, int64(1)<<40); err != nil {
			t.Errorf("%s: non-strict prepared INSERT: %v", params, err)
		} else if got := warningsText(t, queryRows(t, db, "SHOW WARNINGS")); got != "Warning 1264 Out of range value for column 'v' at row 1" {
			t.Errorf("%s: non-strict prepared INSERT warnings %s", params, got)
		}
		st.Close()
		mustExec(t, db, "SET sql_mode = DEFAULT")
		if got := joinRows(queryRows(t, db, "SELECT id, v FROM t5 WHERE id IN (70, 71)")); got != "71 2147483647" {
			t.Errorf("%s: prepared INSERTs stored %q, want 71 2147483647", params, got)
		}
	}
}

func warningsText(t *testing.T, rows [][]string) string {
	t.Helper()
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, " "))
	}
	return strings.Join(out, "|")
}

// TestNonStrictLoadData: LOAD DATA shares INSERT ... SELECT's path: its
// values are adjusted with MySQL's warnings and row numbers under a
// non-strict sql_mode and, as LOCAL implies IGNORE, under the strict
// default too (MariaDB 10.11 answers the same, but for 1366's column
// naming).
func TestNonStrictLoadData(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	mustExec(t, root, "SET GLOBAL local_infile = 1")
	defer mustExec(t, root, "SET GLOBAL local_infile = 0")
	db := ts.connectWith("d", "allowAllFiles=true")
	db.SetMaxOpenConns(1)
	p := filepath.Join(t.TempDir(), "ld.txt")
	if err := os.WriteFile(p, []byte("1\t99999999999\ttoolongvalue\n2\t12abc\tok\n3\tabc\tx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const warns = "Warning 1264 Out of range value for column 'v' at row 1|Warning 1265 Data truncated for column 'w' at row 1|" +
		"Warning 1265 Data truncated for column 'v' at row 2|Warning 1366 Incorrect integer value: 'abc' for column 'v' at row 3"
	for _, mode := range []string{"''", "DEFAULT"} {
		mustExec(t, db, "SET sql_mode = "+mode)
		mustExec(t, db, "DROP TABLE IF EXISTS ld")
		mustExec(t, db, "CREATE TABLE ld (id INT PRIMARY KEY, v INT, w VARCHAR(5))")
		mustExec(t, db, "LOAD DATA LOCAL INFILE '"+p+"' INTO TABLE ld")
		if got := warningsText(t, queryRows(t, db, "SHOW WARNINGS")); got != warns {
			t.Errorf("sql_mode %s: warnings\n %s\nwant\n %s", mode, got, warns)
		}
		if got := joinRows(queryRows(t, db, "SELECT id, v, w FROM ld ORDER BY id")); got != "1 2147483647 toolo|2 12 ok|3 0 x" {
			t.Errorf("sql_mode %s: stored %q", mode, got)
		}
	}
}
