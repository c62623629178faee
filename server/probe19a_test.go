package server

import (
	"strings"
	"testing"
)

// TestProbe19aTimeToSec: TIME_TO_SEC reads its argument as a TIME, as
// MySQL's Item_func_time_to_sec (an integer of whole seconds, signed). GMS
// read a DATETIME's time of day: '838:59:59' was 82799, '-01:00:00' 82800, a
// negative TIME 3601, a number failed 1292. SEC_TO_TIME of a number past
// BIGINT's range was -838:59:59.
func TestProbe19aTimeToSec(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE ts")
	mustExec(t, db, "CREATE TABLE ts.t (id INT PRIMARY KEY, tm TIME, dt DATETIME)")
	mustExec(t, db, "INSERT INTO ts.t VALUES (1, '-01:00:00', '2024-01-01 10:00:00'), (2, '838:59:59', NULL)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT TIME_TO_SEC('838:59:59'), TIME_TO_SEC('-01:00:00'), TIME_TO_SEC('1 10:00:00'), TIME_TO_SEC('10:00')", want: "3020399 | -3600 | 122400 | 36000"},
		{q: "SELECT TIME_TO_SEC(123456), TIME_TO_SEC(-100), TIME_TO_SEC(12.5), TIME_TO_SEC('12:00:00.5')", want: "45296 | -60 | 12 | 43200", types: "BIGINT | BIGINT | BIGINT | BIGINT"},
		{q: "SELECT TIME_TO_SEC(TIME '-838:59:59'), TIME_TO_SEC('2024-01-01 10:00:00.5'), TIME_TO_SEC(NULL)", want: "-3020399 | 36000 | NULL"},
		{q: "SELECT GROUP_CONCAT(TIME_TO_SEC(tm) ORDER BY id), GROUP_CONCAT(TIME_TO_SEC(dt) ORDER BY id) FROM ts.t", want: "-3600,3020399 | 36000"},
		{q: "SELECT SEC_TO_TIME(99999999999999999999) > 0, SEC_TO_TIME(-99999999999999999999) < 0, SEC_TO_TIME(1e300) > 0", want: "1 | 1 | 1"},
	})
}

// TestProbe19aBitOperands: bit operators and BIT_COUNT read their operands
// as MySQL's Item_func_bit does. GMS converted them to its declared type
// first: 18446744073709551615 | 0 was 9223372036854775808 and
// BIT_COUNT(18446744073709551615) 63; a DECIMAL or DOUBLE operand made a
// DOUBLE result (-1.5 | 0 was 1.8446744073709552e+19, 1e19 | 0
// 9.223372036854776e+18). ABS(-9223372036854775808) was itself (MySQL 1690).
func TestProbe19aBitOperands(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE bo")
	mustExec(t, db, "CREATE TABLE bo.t (id INT PRIMARY KEY, u BIGINT UNSIGNED, d DECIMAL(5,1), f DOUBLE)")
	mustExec(t, db, "INSERT INTO bo.t VALUES (1, 18446744073709551615, -1.5, 1e19)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT 18446744073709551615 | 0, 18446744073709551615 & 18446744073709551614, 18446744073709551615 ^ 1, 18446744073709551615 >> 60", want: "18446744073709551615 | 18446744073709551614 | 18446744073709551614 | 15"},
		{q: "SELECT 1.5 | 0, -1.5 | 0, 1e19 | 0, -1e19 | 0, 2.5 & 7", want: "2 | 18446744073709551614 | 10000000000000000000 | 9223372036854775808 | 3", types: "UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT"},
		{q: "SELECT u | 0, d | 0, f | 0, u >> 63, 1 << 64, -1 >> 1 FROM bo.t", want: "18446744073709551615 | 18446744073709551614 | 10000000000000000000 | 1 | 0 | 9223372036854775807"},
		{q: "SELECT '3abc' | 0", want: "3", warn: 1292},
		{q: "SELECT BIT_COUNT(18446744073709551615), BIT_COUNT(-1), BIT_COUNT(7), BIT_COUNT(1.5), BIT_COUNT('15'), BIT_COUNT(NULL), BIT_COUNT(b'1011')", want: "64 | 64 | 3 | 1 | 4 | NULL | 3"},
		{q: "SELECT BIT_COUNT(u), BIT_COUNT(d), BIT_COUNT(f) FROM bo.t", want: "64 | 63 | 19"},
		{q: "SELECT ABS(-9223372036854775807), ABS(-5), ABS(-1.5), ABS('-3x')", want: "9223372036854775807 | 5 | 1.5 | 3", warn: 1292},
	})
	wantErrNo(t, db, 1690, "SELECT ABS(-9223372036854775808)")
	wantErrNo(t, db, 1690, "SELECT ABS(CAST(-9223372036854775808 AS SIGNED)) FROM bo.t")
}

// TestProbe19aQuoteRand: QUOTE writes Control+Z as \Z (GMS a backslash and
// the byte); RAND(N) is MySQL's generator seeded from N, each row the next
// number of the sequence when N is constant, reseeded per row otherwise
// (GMS: Go's generator, the same number on every row).
func TestProbe19aQuoteRand(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT HEX(QUOTE(CHAR(26))), HEX(QUOTE(CONCAT('a\\\\', CHAR(26)))), QUOTE('Don''t'), QUOTE(NULL)", want: "275C5A27 | 27615C5C5C5A27 | 'Don\\'t' | NULL"},
		{q: "SELECT RAND(1), RAND(0), RAND(-1), RAND(3.7), RAND(NULL), RAND('5'), RAND(18446744073709551615)", want: "0.40540353712197724 | 0.15522042769493574 | 0.9050373219931845 | 0.15595286540310166 | 0.15522042769493574 | 0.40613597483014313 | 0.9050373219931845"},
	})
	mustExec(t, db, "CREATE DATABASE rs")
	mustExec(t, db, "CREATE TABLE rs.t (id INT PRIMARY KEY, s INT)")
	mustExec(t, db, "INSERT INTO rs.t VALUES (1, 5), (2, 5), (3, 7)")
	want := "1 0.40540353712197724 0.40613597483014313; 2 0.8716141803857071 0.40613597483014313; 3 0.1418603212962489 0.9065021936842261"
	for i := 0; i < 2; i++ { // the sequence starts again with each statement
		var parts []string
		for _, r := range queryRows(t, db, "SELECT id, RAND(1), RAND(s) FROM rs.t ORDER BY id") {
			parts = append(parts, strings.Join(r, " "))
		}
		if got := strings.Join(parts, "; "); got != want {
			t.Errorf("run %d: got %s, want %s", i, got, want)
		}
	}
}

// TestProbe19aTimeParts: EXTRACT of a negative TIME is negative (MySQL's
// Item_extract multiplies by the sign; GMS took the clock time before
// midnight: HOUR of -01:02:03 was 22); TIME_FORMAT's date specifiers print
// MySQL's zeros or make the result NULL (GMS printed the letters);
// JSON_VALUE unquotes a string and is NULL for an array or object (GMS
// answered their JSON text).
func TestProbe19aTimeParts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tp")
	mustExec(t, db, "CREATE TABLE tp.t (id INT PRIMARY KEY, tm TIME, j JSON)")
	mustExec(t, db, `INSERT INTO tp.t VALUES (1, '-01:02:03', '{"a": "x\\"y", "b": [1], "c": 2}')`)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT EXTRACT(HOUR FROM TIME '-01:02:03'), EXTRACT(MINUTE_SECOND FROM TIME '-01:02:03'), EXTRACT(HOUR_SECOND FROM '-01:02:03'), EXTRACT(MICROSECOND FROM '-00:00:05.25')", want: "-1 | -203 | -10203 | -250000"},
		{q: "SELECT EXTRACT(HOUR FROM tm), EXTRACT(SECOND FROM tm), EXTRACT(HOUR FROM TIME '10:00:00') FROM tp.t", want: "-1 | -3 | 10"},
		{q: "SELECT TIME_FORMAT('12:34:56', '%Y %y %m %c %d %e|%H'), TIME_FORMAT('12:34:56', '%D'), TIME_FORMAT(TIME '10:00:00', '%W'), TIME_FORMAT('12:34:56', '%q%%')", want: "0000 00 00 0 00 0|12 | NULL | NULL | q%"},
		{q: "SELECT TIME_FORMAT('2024-05-06 07:08:09', '%Y-%m-%d %T'), TIME_FORMAT(tm, '%H:%i:%s %y') FROM tp.t", want: "0000-00-00 07:08:09 | -01:02:03 00"},
		{q: `SELECT JSON_VALUE('{"a":"1.50"}', '$.a'), JSON_VALUE('{"a":[1]}', '$.a'), JSON_VALUE('{"a":{"b":1}}', '$.a'), JSON_VALUE('{"a":1}', '$.a'), JSON_VALUE('{"a":null}', '$.a')`, want: "1.50 | NULL | NULL | 1 | NULL"},
		{q: "SELECT JSON_VALUE(j, '$.a'), JSON_VALUE(j, '$.b'), JSON_VALUE(j, '$.c') + 1, JSON_VALUE(j, '$.a') = 'x\"y' FROM tp.t", want: "x\"y | NULL | 3 | 1"},
	})
}

// TestProbe19aStringArgs: LEFT and RIGHT of a number (GMS failed 1105
// "invalid type: int32"); CHAR(... USING latin1) is the latin1 character
// (HEX and LENGTH of it panicked, 1105), a byte not in the character set
// NULL with warning 1300.
func TestProbe19aStringArgs(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE sa")
	mustExec(t, db, "CREATE TABLE sa.t (id INT PRIMARY KEY, i INT, u BIGINT UNSIGNED)")
	mustExec(t, db, "INSERT INTO sa.t VALUES (1, 123456, 18446744073709551615)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT LEFT(123456, 3), RIGHT(123456, 2), LEFT(12.5e0, 2), RIGHT(-12, 1), LEFT(1.50, 3)", want: "123 | 56 | 12 | 2 | 1.5"},
		{q: "SELECT LEFT(i, 2), RIGHT(u, 3) FROM sa.t", want: "12 | 615"},
		{q: "SELECT HEX(CHAR(0xE4 USING latin1)), HEX(CHAR(65, 0xE4 USING latin1)), CHAR(0xE9 USING latin1), LENGTH(CHAR(0xE9 USING latin1)), CHAR(0xE9 USING latin1) = 'é'", want: "E4 | 41E4 | é | 1 | 1"},
		{q: "SELECT HEX(CHAR(0xFF USING ascii))", want: "NULL", warn: 1300},
	})
}

// TestProbe19aTruncate: TRUNCATE of an integer literal past BIGINT keeps
// it unsigned (TRUNCATE(18446744073709551615, -1) was 9223372036854775807)
// and a DECIMAL's scale is D up to 30 (TRUNCATE(1.5, 3) was 1.5, MySQL
// 1.500).
func TestProbe19aTruncate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tr")
	mustExec(t, db, "CREATE TABLE tr.t (id INT PRIMARY KEY, d DECIMAL(5,2))")
	mustExec(t, db, "INSERT INTO tr.t VALUES (1, 1.25)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT TRUNCATE(18446744073709551615, -1), TRUNCATE(18446744073709551615, 0), TRUNCATE(18446744073709551614, -19), TRUNCATE(18446744073709551615, -20)", want: "18446744073709551610 | 18446744073709551615 | 10000000000000000000 | 0", types: "UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT"},
		{q: "SELECT TRUNCATE(1.5, 3), TRUNCATE(1.5, 31), TRUNCATE(-0.001, 2), TRUNCATE(123, -1)", want: "1.500 | 1.500000000000000000000000000000 | 0.00 | 120"},
		{q: "SELECT TRUNCATE(d, 4), TRUNCATE(d, 1), TRUNCATE(d, -1) FROM tr.t", want: "1.2500 | 1.2 | 0"},
	})
}

// TestProbe19aStrToDateRanges: STR_TO_DATE refuses a part out of its
// range (NULL with 1411), as MySQL's extract_date_time; GMS's parser
// carried it (12:60:00 was 13:00:00, 13:00 PM with %h 13:00:00).
func TestProbe19aStrToDateRanges(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{"SELECT STR_TO_DATE('12:60:00', '%H:%i:%s')", "SELECT STR_TO_DATE('13:00 PM', '%h:%i %p')",
		"SELECT STR_TO_DATE('00:30 AM', '%h:%i %p')", "SELECT STR_TO_DATE('24:00:00', '%H:%i:%s')",
		"SELECT STR_TO_DATE('10:00:60', '%H:%i:%s')", "SELECT STR_TO_DATE('2024-13-01', '%Y-%m-%d')",
		"SELECT STR_TO_DATE('2024-12-32', '%Y-%m-%d')", "SELECT STR_TO_DATE('2024-01-01 10:61:12', '%Y-%m-%d %T')"} {
		runArithCases(t, db, "", []arithCase{{q: q, want: "NULL", warn: 1411}})
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT STR_TO_DATE('12:30 AM', '%h:%i %p'), STR_TO_DATE('12:30 PM', '%h:%i %p'), STR_TO_DATE('23:59:59', '%H:%i:%s'), STR_TO_DATE('2024-12-31', '%Y-%m-%d'), STR_TO_DATE('1:2:3', '%k:%i:%s')", want: "00:30:00 | 12:30:00 | 23:59:59 | 2024-12-31 | 01:02:03"},
	})
}
