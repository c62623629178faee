package server

import "testing"

// TestFix23aBigintStringConstant: a string constant compared with a BIGINT
// column is the integer it spells when MySQL's convert_constant_item
// stores it into the column, so the comparison is exact beyond 2^53.
// Compared as DOUBLE, b = '9007199254740993' found 9007199254740992 only
// (with or without an index, in IN and BETWEEN too).
func TestFix23aBigintStringConstant(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f23")
	mustExec(t, db, "CREATE TABLE f23.bb (id INT PRIMARY KEY, b BIGINT)")
	mustExec(t, db, "INSERT INTO f23.bb VALUES (1, 9007199254740993), (2, 9007199254740992), (3, -9007199254740993)")
	mustExec(t, db, "CREATE TABLE f23.bi (id INT PRIMARY KEY, b BIGINT, KEY (b))")
	mustExec(t, db, "INSERT INTO f23.bi SELECT * FROM f23.bb")
	mustExec(t, db, "CREATE TABLE f23.bu (id INT PRIMARY KEY, b BIGINT UNSIGNED, KEY (b))")
	mustExec(t, db, "INSERT INTO f23.bu VALUES (1, 18446744073709551615), (2, 18446744073709551614)")
	db = ts.connectWith("f23", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bb WHERE b = '9007199254740993'", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bi WHERE b = '9007199254740993'", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bi WHERE '9007199254740993' = b", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bb WHERE b IN ('9007199254740993')", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bi WHERE b IN ('9007199254740993', ' -9007199254740993 ')", want: "1,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bi WHERE b BETWEEN '9007199254740993' AND '9007199254740993'", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bb WHERE b < '9007199254740993'", want: "2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bb WHERE b <=> '9007199254740992'", want: "2"},
		{q: "SELECT GROUP_CONCAT(b = '9007199254740992' ORDER BY id) FROM bb", want: "0,1,0"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bb WHERE b = '9007199254740993.0' OR b = '-9.007199254740993e15'", want: "1,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bu WHERE b = '18446744073709551614'", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM bu WHERE b IN ('18446744073709551615')", want: "1"},
		// Not converted: compared as DOUBLE, as in MySQL.
		{q: "SELECT COUNT(*) FROM bu WHERE b = '-1' OR b = '99999999999999999999'", want: "0"},
		{q: "SELECT COUNT(*) FROM bb WHERE b = '1.5'", want: "0"},
	})
	// A string parameter of a prepared statement is converted too.
	var got string
	if err := db.QueryRow("SELECT GROUP_CONCAT(id ORDER BY id) FROM bi WHERE b = ?", "9007199254740993").Scan(&got); err != nil || got != "1" {
		t.Errorf("b = ? with '9007199254740993': got %q, %v; want 1", got, err)
	}
}

// TestFix23aGreatestDateNumber: GREATEST/LEAST of a DATE and a number
// compare as dates, the number read as YYYYMMDD; Myriad compared DOUBLEs
// with the DATE read as 2024 (20200601 and 0).
func TestFix23aGreatestDateNumber(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GREATEST(CAST('2024-01-01' AS DATE), 20200601), LEAST(CAST('2024-01-01' AS DATE), 20200601)", want: "2024-01-01 | 2020-06-01"},
		{q: "SELECT GREATEST(CAST('2024-01-01' AS DATE), 20250601), LEAST(CAST('2024-01-01' AS DATE), 200601)", want: "2025-06-01 | 2020-06-01"},
		{q: "SELECT GREATEST(CAST('2024-01-01 10:00:00' AS DATETIME), 20240101100001), LEAST(CAST('2024-01-01' AS DATE), 20250601.5)", want: "2024-01-01 10:00:01 | 2024-01-01"},
		{q: "SELECT GREATEST(CAST('2024-01-01' AS DATE), 1)", want: "2024-01-01", warn: 1292},
	})
}

// TestFix23aCastCharZero: CAST AS CHAR(0) or BINARY(0) is the empty
// string with warning 1292; GMS cannot tell length 0 from no length and
// kept the whole text.
func TestFix23aCastCharZero(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CAST('abc' AS CHAR(0)), LENGTH(CONVERT('abc', CHAR(0)))", want: " | 0", warn: 1292},
		{q: "SELECT CAST(123 AS CHAR(0)) = '', LENGTH(CAST('ab' AS BINARY(0)))", want: "1 | 0", warn: 1292},
		{q: "SELECT CAST('' AS CHAR(0)), CAST(NULL AS CHAR(0))", want: " | NULL"},
		{q: "SELECT CAST('abc' AS CHAR(1))", want: "a", warn: 1292},
	})
}

// TestFix23aCharOfString: CHAR reads a string argument as MySQL's val_int
// does, its integer prefix with warning 1292; Myriad gave X'00'.
func TestFix23aCharOfString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT HEX(CHAR('65abc')), CHAR('66x' USING utf8mb4)", want: "41 | B", warn: 1292},
		{q: "SELECT HEX(CHAR('65', ' 66 ', '-1')), HEX(CHAR('4294967296abc'))", want: "4142FFFFFFFF | 00", warn: 1292},
		{q: "SELECT HEX(CHAR('65', ' 66 ', '256'))", want: "41420100"},
	})
}
