package server

import "testing"

// TestZeroDateExpressions: GMS holds '0000-00-00' as 0000-01-01, so
// expressions over a zero date (stored under a sql_mode without
// NO_ZERO_DATE, as legacy schemas with DEFAULT '0000-00-00 00:00:00' do)
// printed 0000-01-01, counted 101 in SUM/AVG/BIT_OR and + 0, and `d = 0`
// found nothing. MySQL: '0000-00-00', 0, and the zero-date rows.
func TestZeroDateExpressions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE zd")
	mustExec(t, db, "CREATE TABLE zd.t (id INT PRIMARY KEY, dt DATE, ts DATETIME(3))")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO zd.t VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125'), (4, '0000-00-00', '0000-00-00 00:00:00')")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT dt + 0, CONCAT(dt), CAST(dt AS CHAR), CONCAT(ts), COALESCE(dt, 1) FROM zd.t WHERE id = 4", want: "0 | 0000-00-00 | 0000-00-00 | 0000-00-00 00:00:00.000 | 0000-00-00"},
		{q: "SELECT GROUP_CONCAT(dt ORDER BY id), SUM(dt), AVG(dt), BIT_OR(dt) FROM zd.t", want: "2024-01-31,0000-00-00 | 20240131 | 10120065.5000 | 20240131"},
		{q: "SELECT COUNT(*), SUM(id) FROM zd.t WHERE dt = 0", want: "1 | 4"},
		{q: "SELECT COUNT(*) FROM zd.t WHERE dt IN (0, 20240131)", want: "2"},
		{q: "SELECT COUNT(*) FROM zd.t WHERE dt > 0", want: "1"},
	})
}

// TestTemporalNumberBranches: IF/CASE/COALESCE mixing a DATE or DATETIME
// with a number is MySQL's VARCHAR, the temporal value as its text. GMS
// answered the date's Unix timestamp for IF(c, 0, d) (1706659200), a
// DATETIME for IF(c, d, 0), and a DOUBLE for a DOUBLE literal branch.
func TestTemporalNumberBranches(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tb")
	mustExec(t, db, "CREATE TABLE tb.t (id INT PRIMARY KEY, dt DATE, ts DATETIME(3))")
	mustExec(t, db, "INSERT INTO tb.t VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT IF(1, dt, 0), IF(0, 0, dt), CASE WHEN id THEN dt ELSE 1.5 END, IF(id > 1, 2.5e0, ts) FROM tb.t",
			want: "2024-01-31 | 2024-01-31 | 2024-01-31 | 2024-01-31 10:00:00.125", types: "VARCHAR | VARCHAR | VARCHAR | VARCHAR"},
	})
}

// TestBitOperandsNotIntegers: &, |, ^, <<, >> and BIT_AND/OR/XOR read a
// DECIMAL, DOUBLE, temporal or string operand as BIGINT UNSIGNED (rounded
// half away from zero, clamped to 64 bits) and answer BIGINT UNSIGNED.
// GMS typed `-0.5 | 0` DOUBLE (1.8446744073709552e19), cut
// 18446744073709551616.0 to 0, and its aggregates read -0.125 as
// 9223372036854775808.
func TestBitOperandsNotIntegers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE bo")
	mustExec(t, db, "CREATE TABLE bo.t (id INT PRIMARY KEY, d DECIMAL(10,3), f FLOAT, dt DATE, tm TIME)")
	mustExec(t, db, "INSERT INTO bo.t VALUES (1, 1.5, 1.25, '2024-01-31', '10:11:12'), (2, -0.125, -3.5, '2023-12-01', '-01:00:00'), (3, 99999.999, 0, NULL, NULL)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT -0.125 | 0, -0.5 | 0, 2.5 | 0, -0.6e0 | 0, '-0.5' | 0", want: "0 | 18446744073709551615 | 3 | 18446744073709551615 | 18446744073709551615",
			types: "UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT"},
		{q: "SELECT 18446744073709551616.0 | 0, -9223372036854775809 | 0, 1.5 << 64", want: "18446744073709551615 | 9223372036854775808 | 0"},
		{q: "SELECT d | 0, f & 255, dt | 0, tm | 0 FROM bo.t WHERE id = 1", want: "2 | 1 | 20240131 | 101112"},
		{q: "SELECT BIT_XOR(d), BIT_OR(d), BIT_OR(f), BIT_OR(-0.5), BIT_OR(-0.125) FROM bo.t", want: "100002 | 100002 | 18446744073709551613 | 18446744073709551615 | 0"},
	})
}

// TestTemporalAndDoubleCasts: CAST(temporal AS DOUBLE) is the value's
// number (GMS: the Unix timestamp, a TIME 0); CAST(string AS DATE) and
// date arithmetic on a string read MySQL's delimiters and two-digit years
// (GMS: NULL); a DOUBLE's text in CAST AS CHAR and string functions is
// MySQL's 1e20 (GMS: 21 digits; SUBSTR and LENGTH of a DOUBLE failed 1105).
func TestTemporalAndDoubleCasts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tc")
	mustExec(t, db, "CREATE TABLE tc.t (id INT PRIMARY KEY, dt DATE, ts DATETIME(3), tm TIME, g DOUBLE)")
	mustExec(t, db, "INSERT INTO tc.t VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125', '10:11:12', 1e20)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CONCAT(CAST(ts AS DOUBLE)), CONCAT(CAST(dt AS DOUBLE)), CAST(tm AS DOUBLE) FROM tc.t", want: "20240131100000.125 | 20240131 | 101112"},
		{q: "SELECT CAST('24-01-31' AS DATE), CAST('2024/1/3' AS DATE), CAST('2024.01.31 10.20.30' AS DATETIME)", want: "2024-01-31 | 2024-01-03 | 2024-01-31 10:20:30"},
		{q: "SELECT '24-1-31' + INTERVAL 0 DAY, DATE_ADD('2024/01/31', INTERVAL 1 DAY)", want: "2024-01-31 | 2024-02-01"},
		{q: "SELECT CAST(g AS CHAR), CONCAT(g), LENGTH(g), SUBSTR(g, 1, 3), CAST(1e16 AS CHAR) FROM tc.t", want: "1e20 | 1e20 | 4 | 1e2 | 1e16"},
		{q: "SELECT GROUP_CONCAT(g), MAX(CRC32(g) = CRC32('1e20')) FROM tc.t", want: "1e20 | 1"},
	})
}

// TestStoreNumbersAsDates: a number stored into a DATE/DATETIME column is
// read as MySQL's number_to_datetime reads it, a string with any
// punctuation as str_to_datetime does, and a DOUBLE stored into a string
// column is MySQL's text of it. GMS refused each: INSERT ... VALUES
// (20240131) and UPDATE ... SET d = 20231231 failed 1292, '24-1-31' 1292,
// 1e20 into VARCHAR(5) 1406.
func TestStoreNumbersAsDates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE sd")
	mustExec(t, db, "CREATE TABLE sd.t (id INT PRIMARY KEY, dt DATE, ts DATETIME, s VARCHAR(5), g DOUBLE)")
	mustExec(t, db, "INSERT INTO sd.t (id, dt, ts, s) VALUES (1, 20240131, 20240131101010, 1e20), (2, 240131, '2024/01/31 10.20.30', 1.5e0), (3, '24-1-31', 20240131, -0.5e0)")
	mustExec(t, db, "INSERT INTO sd.t (id, g) VALUES (4, 1e20)")
	mustExec(t, db, "UPDATE sd.t SET dt = 20231231, ts = 19991231235958, s = g WHERE id = 4")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(CONCAT_WS(' ', id, dt, ts, s) ORDER BY id SEPARATOR ', ') FROM sd.t",
			want: "1 2024-01-31 2024-01-31 10:10:10 1e20, 2 2024-01-31 2024-01-31 10:20:30 1.5, 3 2024-01-31 2024-01-31 00:00:00 -0.5, 4 2023-12-31 1999-12-31 23:59:58 1e20"},
	})
	wantErrNo(t, db, 1292, "INSERT INTO sd.t (id, dt) VALUES (5, 20240231)")
	wantErrNo(t, db, 1292, "INSERT INTO sd.t (id, dt) VALUES (5, 20241301)")
	// A DOUBLE into an integer column: rint, half to even (GMS: half away).
	mustExec(t, db, "CREATE TABLE sd.ri (id INT PRIMARY KEY, i INT, b BIGINT)")
	mustExec(t, db, "INSERT INTO sd.ri VALUES (1, 2.5e0, -2.5e0), (2, 3.5e0, -0.5e0), (3, 2.5, -2.5)")
	mustExec(t, db, "UPDATE sd.ri SET i = i + 0.5e0 WHERE id = 1")
	mustExec(t, db, "INSERT INTO sd.t (id, dt, s) SELECT 9, 20240229, 3e20")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(CONCAT_WS(' ', id, i, b) ORDER BY id SEPARATOR ', ') FROM sd.ri", want: "1 2 -2, 2 4 0, 3 3 -3"},
		{q: "SELECT dt, s FROM sd.t WHERE id = 9", want: "2024-02-29 | 3e20"},
	})
}

// TestTemporalConditions: a DATE/DATETIME/TIME used as a condition is
// tested as its number, so the zero date and TIME '00:00:00' are false
// (GMS took every time value as true).
func TestTemporalConditions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tcd")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "CREATE TABLE tcd.t (id INT PRIMARY KEY, pd DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00', tm TIME)")
	mustExec(t, conn, "INSERT INTO tcd.t (id, pd, tm) VALUES (1, '2024-01-31 10:00:00', '00:00:00'), (2, DEFAULT, '00:00:01')")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(CONCAT(id, IF(pd, 'y', 'n'), IF(tm, 'y', 'n')) ORDER BY id) FROM tcd.t", want: "1yn,2ny"},
		{q: "SELECT GROUP_CONCAT(id) FROM tcd.t WHERE pd", want: "1"},
		{q: "SELECT GROUP_CONCAT(id) FROM tcd.t WHERE NOT pd", want: "2"},
		{q: "SELECT IF(TIME'00:00:00', 'y', 'n'), IF(DATE'2024-01-01', 'y', 'n')", want: "n | y"},
	})
}

// TestRangeIntervalFrames: a RANGE frame with INTERVAL offsets over a DATE
// or DATETIME ORDER BY key holds the rows whose key is within the interval
// of the current row's (calendar arithmetic, DESC reversing the
// direction, NULL keys framing their NULL peers). GMS framed the whole
// partition: every COUNT(*) below was 5. MariaDB 10.11 has no INTERVAL
// frames (1064), so the expected values are MySQL 8.0's rule applied by
// hand.
func TestRangeIntervalFrames(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE rf")
	mustExec(t, db, "CREATE TABLE rf.t (id INT PRIMARY KEY, dt DATE, ts DATETIME, n INT)")
	mustExec(t, db, "INSERT INTO rf.t VALUES (1,'2024-01-01','2024-01-01 10:00:00',1),(2,'2024-01-20','2024-01-01 10:30:00',5),(3,'2024-03-01','2024-01-01 12:00:00',6),(4,'2024-03-02','2024-01-02 10:00:00',20),(5,NULL,NULL,NULL)")
	frame := func(w string) string {
		return "SELECT GROUP_CONCAT(c ORDER BY id SEPARATOR ',') FROM (SELECT id, " + w + " c FROM rf.t) d"
	}
	runArithCases(t, db, "", []arithCase{
		{q: frame("COUNT(*) OVER (ORDER BY dt RANGE BETWEEN INTERVAL 30 DAY PRECEDING AND CURRENT ROW)"), want: "1,2,1,2,1"},
		{q: frame("COUNT(*) OVER (ORDER BY ts RANGE BETWEEN INTERVAL 1 HOUR PRECEDING AND CURRENT ROW)"), want: "1,2,1,1,1"},
		{q: frame("IFNULL(SUM(n) OVER (ORDER BY dt RANGE BETWEEN CURRENT ROW AND INTERVAL 1 DAY FOLLOWING), 'null')"), want: "1,5,26,20,null"},
		{q: frame("COUNT(*) OVER (ORDER BY dt DESC RANGE BETWEEN INTERVAL 30 DAY PRECEDING AND CURRENT ROW)"), want: "2,1,2,1,1"},
		{q: frame("COUNT(*) OVER (ORDER BY dt RANGE BETWEEN INTERVAL 1 MONTH PRECEDING AND INTERVAL 1 MONTH FOLLOWING)"), want: "2,2,2,2,1"},
	})
}

// TestFindInSetSetColumn: FIND_IN_SET('z', set_col) answers z's position
// among the SET's members (3 for SET('x','y','z') holding 'x,z'), as
// MySQL's resolve_type lookup does; GMS answered its position in the
// value's text (2). FIND_IN_SET of an empty list is 0 (GMS: 1 for ”).
func TestFindInSetSetColumn(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE fis")
	mustExec(t, db, "CREATE TABLE fis.t (id INT PRIMARY KEY, st SET('x','y','z'))")
	mustExec(t, db, "INSERT INTO fis.t VALUES (1, 'x,z')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT FIND_IN_SET('z', st), FIND_IN_SET('Y', st), FIND_IN_SET('z', CONCAT(st)), FIND_IN_SET('', '') FROM fis.t", want: "3 | 0 | 2 | 0"},
	})
}

// TestFractionalInSubqueryOverDerived: 0.1 IN (SELECT int_col ...) as a
// WHERE over a derived table found the row holding 0: planfix left the IN
// for GMS's semi join, which GMS does not make above a derived table, and
// GMS's InSubquery.Eval converted 0.1 to the INT 0 (TestOracles, seed
// 1795879538094078700).
func TestFractionalInSubqueryOverDerived(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE fi")
	mustExec(t, db, "CREATE TABLE fi.a (id INT PRIMARY KEY, c2 DOUBLE)")
	mustExec(t, db, "INSERT INTO fi.a VALUES (1, 2), (2, NULL), (3, 0), (4, NULL)")
	mustExec(t, db, "CREATE TABLE fi.b (id INT PRIMARY KEY, c1 INT)")
	mustExec(t, db, "INSERT INTO fi.b VALUES (1, -2), (2, 0), (3, NULL)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT COUNT(*) FROM (SELECT c2 FROM fi.a) d WHERE (CASE WHEN d.c2 IS NULL THEN 0.1 END) IN (SELECT c1 FROM fi.b WHERE c1 IS NOT NULL)", want: "0"},
		{q: "SELECT COUNT(*) FROM (SELECT c2 FROM fi.a) d WHERE (d.c2 IS NULL) * 0.1 IN (SELECT c1 FROM fi.b WHERE c1 IS NOT NULL)", want: "2"},
	})
}
