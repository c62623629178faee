package server

import (
	"context"
	"strings"
	"testing"
)

// TestFormatNumbers: FORMAT as MySQL 8.0 computes it (checked against
// MariaDB 10.11, which shares the code; MySQL caps the decimals at 30 where
// MariaDB allows 38). GMS went through float64 and int64: 1e19 printed as
// -8,446,744,073,709,551,616, DECIMALs past 15 digits lost digits, a DATE
// was a Unix timestamp, a TIME failed, 'abc' was NULL, and locales used
// CLDR's separators instead of MySQL's.
func TestFormatNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE fm")
	mustExec(t, db, "CREATE TABLE fm.t (id INT PRIMARY KEY, c DECIMAL(30,3), d DOUBLE, u BIGINT UNSIGNED, dt DATE)")
	mustExec(t, db, "INSERT INTO fm.t VALUES (1, 123456789012345678901234567.255, 1e20, 18446744073709551615, '2024-01-02')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT FORMAT(1e19, 0), FORMAT(1e20, 1), FORMAT(-1e25, 2)", want: "10,000,000,000,000,000,000 | 100,000,000,000,000,000,000.0 | -10,000,000,000,000,000,000,000,000.00"},
		{q: "SELECT FORMAT(12345678901234567.255, 2), FORMAT(18446744073709551615, 0), FORMAT(-9223372036854775808, 1)", want: "12,345,678,901,234,567.26 | 18,446,744,073,709,551,615 | -9,223,372,036,854,775,808.0"},
		{q: "SELECT FORMAT(c, 2), FORMAT(d, 0), FORMAT(u, 1), FORMAT(dt, 1) FROM fm.t", want: "123,456,789,012,345,678,901,234,567.26 | 100,000,000,000,000,000,000 | 18,446,744,073,709,551,615.0 | 20,240,102.0"},
		{q: "SELECT FORMAT(2e0/3, 20), FORMAT(1.2345678901234567e25, 0), FORMAT(2.675e0, 2), FORMAT(-2.5e0, 0), FORMAT(2.5, 0)", want: "0.66666666666666660000 | 12,345,678,901,234,566,000,000,000 | 2.68 | -2 | 3"},
		{q: "SELECT FORMAT(-0.001e0, 2), FORMAT(12, 40), FORMAT(5, 2.5), FORMAT(TIME'10:00:00', 1), FORMAT(0x41, 1)", want: "0.00 | 12.000000000000000000000000000000 | 5.000 | 100,000.0 | 65.0"},
		{q: "SELECT FORMAT('abc', 2)", want: "0.00", warn: 1292},
		{q: "SELECT FORMAT(1234.5, 2, 'fr_FR'), FORMAT(1234567.5, 2, 'en_IN'), FORMAT(1234.5, 2, 'de_CH'), FORMAT(-1234567, 0, 'DE_de')", want: "1234,50 | 12,34,567.50 | 1'234.50 | -1.234.567"},
		{q: "SELECT FORMAT(1234.5, 2, 'xx_XX')", want: "1,234.50", warn: 1649},
		{q: "SELECT FORMAT(NULL, 2), FORMAT(1, NULL)", want: "NULL | NULL"},
	})
}

// TestDoubleFunctionOverflow: EXP, POW, COT, DEGREES whose result is not a
// finite DOUBLE fail with 1690 as in MySQL (check_float_overflow); GMS
// answered NULL (or +Inf, or 1264 for COT(0)). RADIANS(1e308) is finite
// in MySQL (x * (pi/180)); GMS overflowed. REPEAT with a negative count is
// the empty string (GMS failed 1105).
func TestDoubleFunctionOverflow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxIdleConns(0) // a failed statement's error stays in SHOW WARNINGS of its connection
	for _, q := range []string{"SELECT EXP(710)", "SELECT POW(2, 1024)", "SELECT POWER(0, -1)", "SELECT POW(-8, 1/3)",
		"SELECT COT(0)", "SELECT DEGREES(1e308)", "SELECT EXP(1000) IS NULL", "SELECT -POW(10, 400)"} {
		wantErrNo(t, db, 1690, q)
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT EXP(1), POW(2, 0.5), POWER(-2, 3), DEGREES(PI()), RADIANS(180), COT(1), EXP(-1000)", want: "2.718281828459045 | 1.4142135623730951 | -8 | 180 | 3.141592653589793 | 0.6420926159343306 | 0"},
		{q: "SELECT RADIANS(1e308) = 1.7453292519943295e306, POW(NULL, 2), EXP(NULL)", want: "1 | NULL | NULL"},
		{q: "SELECT REPEAT('ab', -1), REPEAT('ab', 0), REPEAT('ab', 2), REPEAT(NULL, -1)", want: " |  | abab | NULL"},
	})
}

// TestStringFunctionEdges: string functions GMS answered differently from
// MySQL 8.0 (checked against MariaDB 10.11): INET_ATON's short forms
// ('127.1' was NULL), FROM_BASE64 of non-base64 text (1105; MySQL NULL)
// and with spaces, SOUNDEX of a string without letters ('0000'; MySQL the empty string),
// SUBSTRING_INDEX with an empty delimiter (GMS split into characters).
func TestStringFunctionEdges(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT INET_ATON('127.1'), INET_ATON('1.2.3'), INET_ATON('1'), INET_ATON('1..2'), INET_ATON('10.0.5.9'), INET_ATON('1.2.3.4.5')", want: "2130706433 | 16908291 | 1 | 16777218 | 167773449 | 4328719365", types: "UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT"},
		{q: "SELECT INET_ATON('1.2.300')", want: "NULL", warn: 1411},
		{q: "SELECT INET_ATON('1.'), INET_ATON(NULL)", want: "NULL | NULL", warn: 1411},
		{q: "SELECT FROM_BASE64('YW Jj'), FROM_BASE64('YWI='), FROM_BASE64('!!'), FROM_BASE64('YWI'), FROM_BASE64('')", want: "abc | ab | NULL | NULL | "},
		{q: "SELECT SOUNDEX(''), SOUNDEX('123'), SOUNDEX('  '), SOUNDEX('a1b'), SOUNDEX('Quadrilateral')", want: " |  |  | A100 | Q364364"},
		{q: "SELECT SUBSTRING_INDEX('a.b', '', 1), SUBSTRING_INDEX('a.b', '', -1), SUBSTRING_INDEX('a.b.c', '.', 2), SUBSTRING_INDEX(NULL, '', 1)", want: " |  | a.b | NULL"},
	})
}

// TestConvertUsing: CONVERT(x USING cs) and CAST(x AS CHAR CHARACTER SET
// cs). GMS's CONVERT ... USING latin1 of a non-ASCII string put latin1
// bytes into the UTF-8 string its functions expect: HEX and LENGTH
// panicked (1105), comparing it with the same text was false; an ENUM
// converted to its member number; CAST's CHARACTER SET was ignored
// (HEX(CAST('é' AS CHAR CHARACTER SET latin1)) C3A9, MySQL E9).
func TestConvertUsing(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE cu")
	mustExec(t, db, "CREATE TABLE cu.t (id INT PRIMARY KEY, l VARCHAR(10) CHARACTER SET latin1, e ENUM('x','y'))")
	mustExec(t, db, "INSERT INTO cu.t VALUES (1, 'é', 'y')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT HEX(CONVERT('é' USING latin1)), LENGTH(CONVERT('é' USING latin1)), CONVERT('é' USING latin1) = 'é', HEX(CONVERT('€' USING latin1)), CONVERT('é' USING ascii)", want: "E9 | 1 | 1 | 80 | ?"},
		{q: "SELECT HEX(CAST('é' AS CHAR CHARACTER SET latin1)), LENGTH(CAST('é' AS CHAR CHARACTER SET latin1)), CHARSET(CAST('é' AS CHAR CHARACTER SET latin1)), CAST('abc' AS CHAR(2) CHARACTER SET latin1)", want: "E9 | 1 | latin1 | ab", warn: 1292}, // the cut warns, as in MySQL and MariaDB
		{q: "SELECT HEX(CONVERT(0xE9 USING latin1)), CONVERT(0xC3A9 USING utf8mb4), HEX(CONVERT('é' USING binary)), CONVERT(5 USING latin1), CHARSET(CONVERT(5 USING latin1))", want: "E9 | é | C3A9 | 5 | latin1"},
		{q: "SELECT HEX(CONVERT(l USING utf8mb4)), HEX(CONVERT(l USING binary)), CONVERT(e USING latin1), CAST(e AS CHAR CHARACTER SET latin1) FROM cu.t", want: "C3A9 | E9 | y | y"},
	})
}

// TestRowCountAfterStatements: ROW_COUNT() is the affected-row count of
// the previous statement as MySQL defines it (mysql_affected_rows), in
// the text and binary protocols, checked against MariaDB 10.11. GMS left
// -1 (a SELECT's value) after an UPDATE or DELETE ... LIMIT that stopped
// before the end of a keyless table's scan and after INSERT ... SELECT ...
// LIMIT (a partition iterator closing after the DML accumulator), and
// after SET, DO and BEGIN (MySQL 0).
func TestRowCountAfterStatements(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE rc")
	mustExec(t, db, "CREATE TABLE rc.k (a INT, b INT)")
	mustExec(t, db, "CREATE PROCEDURE rc.p() BEGIN UPDATE rc.k SET b = b + 1 WHERE a = 1 LIMIT 1; SELECT ROW_COUNT(); END")
	for _, prepared := range []bool{false, true} {
		conn := pinnedConn(t, db)
		rowCount := func() string {
			t.Helper()
			q := "SELECT ROW_COUNT()"
			var got string
			if prepared {
				stmt, err := conn.PrepareContext(context.Background(), q)
				if err != nil {
					t.Fatalf("prepare %s: %v", q, err)
				}
				defer stmt.Close()
				if err := stmt.QueryRowContext(context.Background()).Scan(&got); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				return got
			}
			if err := conn.QueryRowContext(context.Background(), q).Scan(&got); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return got
		}
		exec := func(q string) {
			t.Helper()
			if prepared {
				stmt, err := conn.PrepareContext(context.Background(), q)
				if err != nil {
					t.Fatalf("prepare %s: %v", q, err)
				}
				defer stmt.Close()
				if _, err := stmt.ExecContext(context.Background()); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				return
			}
			if _, err := conn.ExecContext(context.Background(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		exec("DELETE FROM rc.k")
		for _, c := range []struct{ q, want string }{
			{"INSERT INTO rc.k VALUES (1, 1), (1, 1), (2, 2)", "3"},
			{"UPDATE rc.k SET b = 5 WHERE a = 1 LIMIT 1", "1"},
			{"DELETE FROM rc.k WHERE a = 1 LIMIT 1", "1"},
			{"INSERT INTO rc.k SELECT * FROM rc.k LIMIT 1", "1"},
			{"SET @x = 1", "0"},
			{"DO 1", "0"},
			{"UPDATE rc.k SET b = 7 WHERE a = 2", "1"},
			{"CREATE TABLE IF NOT EXISTS rc.other (i INT)", "0"},
			{"DELETE FROM rc.k WHERE a = 9", "0"},
		} {
			exec(c.q)
			if got := rowCount(); got != c.want {
				t.Errorf("prepared %v: ROW_COUNT() after %s = %s, want %s", prepared, c.q, got, c.want)
			}
		}
		if got := rowCount(); got != "-1" {
			t.Errorf("prepared %v: ROW_COUNT() after a SELECT = %s, want -1", prepared, got)
		}
		conn.Close()
	}
	// Inside a procedure ROW_COUNT() is its previous statement's (the
	// handler cannot mend it there: planfix's untrackDMLTables does).
	mustExec(t, db, "INSERT INTO rc.k VALUES (1, 1), (1, 1)")
	if got := queryRows(t, db, "CALL rc.p()"); len(got) != 1 || got[0][0] != "1" {
		t.Errorf("CALL rc.p(): %v, want ROW_COUNT() 1", got)
	}
}

// TestTemporalNumericArgs: numeric functions and aggregates read a DATE,
// DATETIME or TIME argument as YYYYMMDD[hhmmss] / hhmmss and a YEAR as
// its integer, as MySQL does (checked against MariaDB 10.11, whose ROUND
// of a TIME or DATETIME is temporal where MySQL's is a number). GMS
// summed DATEs as Unix timestamps (silently), read TIMEs as 0 in BIT_AND
// and VARIANCE, gave NULL for ROUND(year) and failed SUM(time), ROUND(date)
// and LN(date) with 1105.
func TestTemporalNumericArgs(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tn")
	mustExec(t, db, "CREATE TABLE tn.g (id INT PRIMARY KEY, y YEAR, t TIME, dt DATE, ts DATETIME)")
	mustExec(t, db, "INSERT INTO tn.g VALUES (1, 2020, '01:00:00', '2024-01-01', '2024-01-01 10:00:00'), (2, 2021, '-02:30:00', '2024-02-01', NULL), (3, NULL, NULL, NULL, NULL), (4, 2020, '838:59:59', '2023-12-31', '2023-12-31 23:59:59')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT SUM(dt), AVG(dt), SUM(t), AVG(t), SUM(y), AVG(y) FROM tn.g", want: "60711533 | 20237177.6667 | 8372959 | 2790986.3333 | 6061 | 2020.3333"},
		{q: "SELECT SUM(ts), BIT_OR(dt), BIT_AND(t), BIT_XOR(y), ROUND(STD(dt), 4), ROUND(VARIANCE(t)) = 15652041070374 FROM tn.g", want: "40471332335959 | 20248575 | 9216 | 2021 | 4205.1265 | 1"},
		{q: "SELECT ROUND(dt), ROUND(dt, -2), TRUNCATE(dt, -2), ABS(dt), SIGN(dt), MOD(dt, 7) FROM tn.g WHERE id = 1", want: "20240101 | 20240100 | 20240100 | 20240101 | 1 | 0"},
		{q: "SELECT ROUND(y), ROUND(y, -1), TRUNCATE(y, -1), ABS(y), CEIL(y) FROM tn.g WHERE id = 1", want: "2020 | 2020 | 2020 | 2020 | 2020"},
		{q: "SELECT ABS(t), SIGN(t), MOD(t, 7), ROUND(t, -2) FROM tn.g WHERE id = 2", want: "23000 | -1 | -5 | -23000"},
		{q: "SELECT ROUND(LN(dt), 6), SQRT(y), POW(y, 1) FROM tn.g WHERE id = 1", want: "16.823176 | 44.94441010848846 | 2020"},
		{q: "SELECT SUM(dt) OVER (ORDER BY id) FROM tn.g WHERE id = 2", want: "20240201"},
	})
}

// TestYearComparedWithTwoDigits: a YEAR column compared with a one- or
// two-digit constant reads it as MySQL stores it into the column (20 is
// 2020, 70 is 1970, '0' is 2000); GMS compared the number itself and
// `y = 20` found no row.
func TestYearComparedWithTwoDigits(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE yc")
	mustExec(t, db, "CREATE TABLE yc.t (id INT PRIMARY KEY, y YEAR, KEY (y))")
	mustExec(t, db, "INSERT INTO yc.t VALUES (1, 2020), (2, 2021), (3, NULL), (4, 1970), (5, 2000), (6, 0)")
	for _, c := range []struct{ where, want string }{
		{"y = 20", "1"}, {"y = '20'", "1"}, {"y = 20.0", "1"}, {"21 = y", "2"}, {"y IN (20, 2021)", "1,2"},
		{"y BETWEEN 20 AND 21", "1,2"}, {"y > 20", "2"}, {"y <=> 70", "4"}, {"y = '0'", "5"}, {"y = 0", "6"},
		{"y = 2020", "1"}, {"y < 99", "4,6"},
	} {
		var ids []string
		for _, r := range queryRows(t, db, "SELECT id FROM yc.t WHERE "+c.where+" ORDER BY id") {
			ids = append(ids, r[0])
		}
		if got := strings.Join(ids, ","); got != c.want {
			t.Errorf("WHERE %s: ids %s, want %s", c.where, got, c.want)
		}
	}
}

// TestStringConditions: a string used as a condition is true when its
// numeric prefix is not zero (MySQL's val_bool reads val_real), in WHERE,
// HAVING, ON, AND/OR/XOR/NOT, IS TRUE, IF and CASE WHEN; GMS took any
// string that is not wholly a number as false (WHERE ' 1' returned no
// row, '1a' OR 0 was 0).
func TestStringConditions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE sc")
	mustExec(t, db, "CREATE TABLE sc.t (id INT PRIMARY KEY, s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO sc.t VALUES (1, ' 1'), (2, '1a'), (3, 'a'), (4, '0.0x'), (5, '-2b'), (6, NULL)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM sc.t WHERE s", want: "1,2,5", warn: 1292},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM sc.t WHERE NOT s", want: "3,4", warn: 1292},
		{q: "SELECT GROUP_CONCAT(a.id ORDER BY a.id) FROM sc.t a JOIN sc.t b ON b.id = 1 AND a.s", want: "1,2,5", warn: 1292},
		{q: "SELECT COUNT(*) FROM sc.t WHERE ' 1'", want: "6"},
		{q: "SELECT COUNT(*) FROM sc.t HAVING '1a'", want: "6", warn: 1292},
		{q: "SELECT IF(' 1', 'y', 'n'), IF('1a', 'y', 'n'), IF('a', 'y', 'n'), IF('-1x', 'y', 'n'), IF('0e5', 'y', 'n')", want: "y | y | n | y | n", warn: 1292},
		{q: "SELECT ' 1' AND 1, '1a' OR 0, NOT '1a', '2x' XOR 0, ' 1' IS TRUE, '0a' IS FALSE", want: "1 | 1 | 0 | 1 | 1 | 1", warn: 1292},
		{q: "SELECT CASE WHEN ' 2' THEN 'y' ELSE 'n' END, CASE WHEN 'b' THEN 'y' ELSE 'n' END", want: "y | n", warn: 1292},
	})
}

// TestUnionAliasedColumnBesideConversion: a UNION whose one column needs
// the planner's conversion while another is a bare column (aliased by the
// planner) is typed as MySQL types it (oracle3's finding B): `SELECT id, n
// ... UNION ALL SELECT id + 10, d` gave 1 and 3 for the DECIMALs 1.25 and
// 2.50, and a _general_ci column beside a BIGINT took the literal's
// collation ('a' and 'A' two rows under DISTINCT).
func TestUnionAliasedColumnBesideConversion(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ua")
	mustExec(t, db, "CREATE TABLE ua.t (id INT PRIMARY KEY, n INT, d DECIMAL(5,2), c VARCHAR(5) COLLATE utf8mb4_general_ci, b BIGINT)")
	mustExec(t, db, "INSERT INTO ua.t VALUES (1, 5, 1.25, 'a', 7), (2, 6, 2.50, 'A', 8)")
	for _, c := range []struct{ q, want string }{
		{"SELECT id, n FROM ua.t UNION ALL SELECT id + 10, d FROM ua.t", "1 5.00,2 6.00,11 1.25,12 2.50"},
		{"SELECT DISTINCT c FROM (SELECT c, b FROM ua.t UNION ALL SELECT 'A', 1) x", "a"},
		{"SELECT COUNT(*) FROM (SELECT c, b FROM ua.t UNION SELECT 'a', 7) x", "2"},
	} {
		var rows []string
		for _, r := range queryRows(t, db, c.q) {
			rows = append(rows, strings.Join(r, " "))
		}
		if got := strings.Join(rows, ","); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
}
