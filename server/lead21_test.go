package server

import "testing"

// TestHexLiteralComparisons: a hexadecimal or bit-value literal compared
// with a number (an integer, DECIMAL, BIT or YEAR operand) is the BIGINT
// UNSIGNED its bytes spell, and bytes beside a string, as in MySQL. GMS
// read it as text everywhere, so `WHERE bit_col = b'1'` (how JPA/Hibernate
// and PHP applications query a BIT(1) flag) and `WHERE n = 0x41` found no
// row, silently.
func TestHexLiteralComparisons(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "")
	mustExec(t, db, "CREATE DATABASE hx")
	mustExec(t, db, "CREATE TABLE hx.b (id INT PRIMARY KEY, flag BIT(1), m BIT(12), n INT, s VARCHAR(10), KEY (m), KEY (n))")
	mustExec(t, db, "INSERT INTO hx.b VALUES (1, b'1', b'101', 65, 'A'), (2, b'0', b'111111111111', 5, '10'), (3, NULL, 0, NULL, NULL), (4, 1, 256, 66, 'abc')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE flag = b'1'", want: "1,4"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE flag = x'01'", want: "1,4"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE flag <> b'1'", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE m = b'101'", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b FORCE INDEX (m) WHERE m = 0x0FFF", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE m IN (b'101', 256)", want: "1,4"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE m BETWEEN b'1' AND b'11111111'", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE n = 0x41", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE 0x05 = n", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE n NOT IN (0x41, 0x42)", want: "2"},
		// Beside a string the literal stays bytes.
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE s = 0x41", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM hx.b WHERE s IN (x'3130', x'616263')", want: "2,4"},
		{q: "SELECT 0b101 = 5, 0x41 = 65, x'41' = 65, 0x41 > 64, 0x41 IN (65), 0b1 = TRUE, 0x41 = 'A', 0x41 IN ('A', 66)", want: "1 | 1 | 1 | 1 | 1 | 1 | 1 | 1"},
		{q: "SELECT CASE 0x41 WHEN 65 THEN 'y' ELSE 'n' END, CASE 0x41 WHEN 'A' THEN 'y' ELSE 'n' END", want: "y | y"},
		{q: "SELECT 0xFFFFFFFFFFFFFFFF = 18446744073709551615, _binary 'A' = 65", want: "1 | 0", warn: 1292},
	})
}

// TestNegateTemporalAndBit: unary minus reads a DATE, DATETIME, TIMESTAMP
// or TIME as its number (YYYYMMDD, YYYYMMDDhhmmss[.f], hhmmss) as MySQL's
// Item_func_neg does, and a BIT as the unsigned integer it is. GMS
// answered 0 for a DATETIME with a fraction and for temporal literals, and
// failed -bit_col with 1105.
func TestNegateTemporalAndBit(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "")
	mustExec(t, db, "CREATE DATABASE ng")
	mustExec(t, db, "CREATE TABLE ng.t (id INT PRIMARY KEY, d DATE, dt DATETIME, ts DATETIME(3), tm TIME, b BIT(8))")
	mustExec(t, db, "INSERT INTO ng.t VALUES (1, '2024-02-29', '2024-02-29 10:11:12', '2024-02-29 10:11:12.345', '-01:30:00', b'11111111')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT -d, -dt, -ts, -tm FROM ng.t", want: "-20240229 | -20240229101112 | -20240229101112.345 | 13000",
			types: "BIGINT | BIGINT | DECIMAL | BIGINT"},
		{q: "SELECT -b FROM ng.t", want: "-255"},
		{q: "SELECT -DATE'2024-01-02', -TIME'10:00:00', -TIMESTAMP'2024-01-02 03:04:05.5'", want: "-20240102 | -100000 | -20240102030405.5"},
		{q: "SELECT id FROM ng.t WHERE -ts < -20240229101112", want: "1"},
	})
}

// TestFixedFloatComparisons: a FLOAT(M,D) or DOUBLE(M,D) column compared
// with an integer or DECIMAL constant is equal within 5/10^(D+1), as
// MySQL's compare_real_fixed has it: a FLOAT(10,4) holding 0.1 holds the
// float 0.10000000149..., and GMS's exact comparison made `WHERE f = 0.1`
// (and the UPDATE or DELETE with it) miss the row. BETWEEN and IN stay
// exact, as in MySQL.
func TestFixedFloatComparisons(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "")
	mustExec(t, db, "CREATE DATABASE ff")
	mustExec(t, db, "CREATE TABLE ff.t (id INT PRIMARY KEY, f FLOAT(10,4), g FLOAT, p DOUBLE(8,2), KEY (f))")
	mustExec(t, db, "INSERT INTO ff.t VALUES (1, 1.1, 1.1, 19.99), (2, 0.1, 0.1, 0.1), (3, 123456.7891, 3, 3)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f = 0.1", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t FORCE INDEX (f) WHERE f = 1.1", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE 123456.7891 = f", want: "3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f <> 0.1", want: "1,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f > 1.1", want: "3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f <= 1.1", want: "1,2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f <=> 0.1", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE p = 19.99", want: "1"},
		// Exact: a FLOAT without (M,D), a DOUBLE literal, BETWEEN, IN.
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE g = 0.1", want: "NULL"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f = 0.1e0", want: "NULL"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f BETWEEN 0.1 AND 1.1", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM ff.t WHERE f IN (0.1, 1.1)", want: "NULL"},
		{q: "SELECT f = 0.1, f <=> NULL FROM ff.t WHERE id = 2", want: "1 | 0"},
	})
	res, err := db.Exec("UPDATE ff.t SET g = 7 WHERE f = 1.1")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("UPDATE ... WHERE f = 1.1 changed %d rows, want 1", n)
	}
	res, err = db.Exec("DELETE FROM ff.t WHERE f = 0.1")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("DELETE ... WHERE f = 0.1 deleted %d rows, want 1", n)
	}
}

// TestNegativeTimeParts: MINUTE, SECOND and MICROSECOND of a negative TIME
// are those of its magnitude (as HOUR's): GMS read a negative TIME as the
// time of day that much before midnight. A date-only string keeps MySQL's
// str_to_time reading ('2024-03-05' is 00:20:24).
func TestNegativeTimeParts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "")
	mustExec(t, db, "CREATE DATABASE tp")
	mustExec(t, db, "CREATE TABLE tp.t (id INT PRIMARY KEY, tm TIME(6))")
	mustExec(t, db, "INSERT INTO tp.t VALUES (1, '-10:20:30.25'), (2, '-838:59:59'), (3, '100:01:02')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT MINUTE('-10:20:30'), SECOND('-10:20:30'), MICROSECOND('-10:20:30.5'), MINUTE('-838:59:59'), SECOND('-00:00:01')", want: "20 | 30 | 500000 | 59 | 1"},
		{q: "SELECT MINUTE(TIME'-10:20:30'), SECOND(CAST('-10:20:30' AS TIME)), MINUTE(-102030)", want: "20 | 30 | 20"},
		{q: "SELECT MINUTE(SEC_TO_TIME(-3661)), SECOND(SEC_TO_TIME(-3661)), MINUTE(TIMEDIFF('10:00:00', '12:20:30'))", want: "1 | 1 | 20"},
		{q: "SELECT GROUP_CONCAT(CONCAT_WS(':', HOUR(tm), MINUTE(tm), SECOND(tm), MICROSECOND(tm)) ORDER BY id) FROM tp.t", want: "10:20:30:250000,838:59:59:0,100:1:2:0"},
		{q: "SELECT MINUTE('2024-03-05'), MINUTE('10:20:30')", want: "20 | 20", warn: 1292},
	})
}
