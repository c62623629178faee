package server

import (
	"testing"
)

// TestGreatestLeastSignCoalesceTypes checks, through go-sql-driver, the
// functions Django's Greatest, Least, Sign and Coalesce write: GREATEST and
// LEAST over DECIMAL columns (1105 before), over DECIMAL and INT (an INT
// before), over DATE and DATETIME; SIGN of a fraction (0 before); COALESCE
// of DATETIMEs of different precisions declared DATETIME (LONGTEXT before,
// which Django read as a string).
func TestGreatestLeastSignCoalesceTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE g")
	db = ts.connectWith("g", "")
	mustExec(t, db, `CREATE TABLE m (id int PRIMARY KEY, n1 decimal(6,2), n2 decimal(8,3), i int, u int unsigned,
		f float, w datetime(6), d date, p datetime(6))`)
	mustExec(t, db, `INSERT INTO m VALUES (1, 1.5, 2.125, 3, 4, 0.33, '2020-01-01 10:00:00.5', '2021-01-01', NULL),
		(2, -7.25, -7.5, -8, 0, -0.4, '2022-05-05 00:00:00', '2019-01-01', '2023-01-01 00:00:00')`)

	wantRows(t, db, "SELECT GREATEST(n1, n2), LEAST(n1, n2), GREATEST(n1, i), LEAST(n1, n2, i) FROM m ORDER BY id",
		"2.125,1.500,3.00,1.500", "-7.250,-7.500,-7.25,-8.000")
	wantRows(t, db, "SELECT id FROM m WHERE GREATEST(n1, n2) > 2 ORDER BY id", "1")
	wantRows(t, db, "SELECT GREATEST(i, u), LEAST(u, 1), GREATEST(f, i), GREATEST(n1, NULL) FROM m ORDER BY id",
		"4,1,3,NULL", "0,0,-0.4000000059604645,NULL")
	// Compared as DATETIME, printed as the DATETIME(6) column itself is.
	wantRows(t, db, "SELECT GREATEST(w, d) = CAST(d AS DATETIME), LEAST(w, d) = w, CAST(GREATEST(w, d) AS CHAR) FROM m ORDER BY id",
		"1,1,2021-01-01 00:00:00.000000", "0,0,2022-05-05 00:00:00.000000")
	wantRows(t, db, "SELECT SIGN(f), SIGN(n1), SIGN(i), SIGN(u), SIGN('0.2'), SIGN(NULL) FROM m ORDER BY id",
		"1,1,1,1,1,NULL", "-1,-1,-1,0,1,NULL")

	cols := []struct{ expr, typ string }{
		{"GREATEST(n1, n2)", "DECIMAL"},
		{"GREATEST(i, 2)", "BIGINT"},
		{"GREATEST(w, d)", "DATETIME"},
		{"COALESCE(p, CAST('2030-01-01 00:00:00' AS DATETIME))", "DATETIME"},
		{"COALESCE(p, NOW())", "DATETIME"},
		{"IFNULL(p, d)", "DATETIME"},
		{"COALESCE(d, d)", "DATE"},
		{"SIGN(f)", "BIGINT"},
	}
	for _, c := range cols {
		rows, err := db.Query("SELECT " + c.expr + " FROM m")
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		ct, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		if got := ct[0].DatabaseTypeName(); got != c.typ {
			t.Errorf("%s: column type %s, want %s", c.expr, got, c.typ)
		}
		rows.Close()
	}
	wantRows(t, db, "SELECT COALESCE(p, w) = w, COALESCE(MAX(p), NOW()) > '2000-01-01' FROM m GROUP BY id, p, w ORDER BY id",
		"1,1", "0,1")
}

// TestBitOpsCastSigned checks Django's bitand/bitor/bitleftshift/bitxor on
// MySQL, CONVERT(x op y, SIGNED): the BIGINT UNSIGNED result wraps to a
// negative number (it stayed 18446744073709551552, and the UPDATE storing
// it failed with 1264).
func TestBitOpsCastSigned(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE b")
	db = ts.connectWith("b", "")
	mustExec(t, db, "CREATE TABLE n (id int PRIMARY KEY, i bigint)")
	mustExec(t, db, "INSERT INTO n VALUES (1, 42), (2, -42)")
	wantRows(t, db, "SELECT -42 & -56, CONVERT(-42 & -56, SIGNED), CAST(i & -56 AS SIGNED), CONVERT(i | 48, SIGNED), CONVERT(i << 2, SIGNED), CONVERT(i ^ 5, SIGNED) FROM n ORDER BY id",
		"18446744073709551552,-64,8,58,168,47", "18446744073709551552,-64,-64,-10,-168,-45")
	mustExec(t, db, "UPDATE n SET i = CONVERT(i & -56, SIGNED) WHERE id = 2")
	wantRows(t, db, "SELECT i FROM n WHERE id = 2", "-64")
}

// TestTimePartsOfStrings checks HOUR, MINUTE, SECOND, MICROSECOND and
// TIME_TO_SEC of a string holding a time, as mysqlclient sends Django's
// time values (TimeField subtraction): GMS read the string as a DATETIME
// only and answered NULL, or 1292 for TIME_TO_SEC.
func TestTimePartsOfStrings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE tp")
	db = ts.connectWith("tp", "")
	mustExec(t, db, "CREATE TABLE t (id int PRIMARY KEY, t time(6), s varchar(30))")
	mustExec(t, db, "INSERT INTO t VALUES (1, '11:15:00.25', '09:08:07.5'), (2, '00:00:01', '2024-01-02 03:04:05.000006')")
	wantRows(t, db, "SELECT HOUR('11:15:07'), MINUTE('11:15:07'), SECOND('11:15:07'), MICROSECOND('11:15:00.5'), TIME_TO_SEC('11:15:00.000000')",
		"11,15,7,500000,40500")
	wantRows(t, db, "SELECT HOUR(s), MINUTE(s), SECOND(s), MICROSECOND(s), TIME_TO_SEC(s) FROM t ORDER BY id",
		"9,8,7,500000,32887", "3,4,5,6,11045")
	wantRows(t, db, "SELECT (TIME_TO_SEC(t) * 1000000 + MICROSECOND(t)) - (TIME_TO_SEC('11:15:00.000000') * 1000000 + MICROSECOND('11:15:00.000000')) FROM t ORDER BY id",
		"250000", "-40499000000")
}

// TestWeekModes checks WEEK(date, mode) against MySQL's documented values
// and Django's ExtractWeek (mode 3, ISO weeks): a week belonging to the
// neighbouring year keeps its number in the 1-53 modes (GMS gave 0 or 53).
func TestWeekModes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	wantRows(t, db, `SELECT WEEK('2008-02-20'), WEEK('2008-02-20', 0), WEEK('2008-02-20', 1), WEEK('2008-12-31', 1)`,
		"7,7,8,53")
	wantRows(t, db, `SELECT WEEK('2014-12-27', 3), WEEK('2014-12-31 13:00:00', 3), WEEK('2015-12-31', 3), WEEK('2016-01-01', 3), WEEK('2016-01-04', 3)`,
		"52,1,53,53,1")
	wantRows(t, db, `SELECT WEEK('2016-01-01', 0), WEEK('2016-01-01', 2), WEEK('2016-01-01', 1), WEEK('2016-01-01', 7), WEEK('2000-01-01', 4), WEEK('2000-01-01', 6)`,
		"0,52,0,52,0,52")
	wantRows(t, db, `SELECT WEEK(NULL, 3), WEEK('2020-01-01', NULL)`, "NULL,NULL")
}

// TestTimeExpressionComparedWithString checks Django's __time lookup and
// TruncTime filters: TIME(datetime) compared with a string (false before
// for an equal time).
func TestTimeExpressionComparedWithString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE tc")
	db = ts.connectWith("tc", "")
	mustExec(t, db, "CREATE TABLE d (id int PRIMARY KEY, s datetime(6), e datetime(6))")
	mustExec(t, db, "INSERT INTO d VALUES (1, '2015-06-15 14:30:26', '2015-06-15 14:30:26.000321'), (2, '2015-06-15 09:00:00', '2015-06-16 23:59:59')")
	wantRows(t, db, "SELECT id FROM d WHERE TIME(s) = '14:30:26' AND TIME(e) = '14:30:26.000321'", "1")
	wantRows(t, db, "SELECT id FROM d WHERE CAST(s AS TIME) < '10:00:00'", "2")
	wantRows(t, db, "SELECT id FROM d WHERE '23:00' < TIME(e)", "2")
	wantRows(t, db, "SELECT TIME(s) = '14:30:26', TIME(e) = '14:30:26.000321', TIME(e) > '14:30:26' FROM d ORDER BY id", "1,1,1", "0,0,1")
}

// TestStdDevVarianceDouble checks STDDEV/VARIANCE over an INT column
// (Django's StdDev and Variance, with and without a filter): DOUBLE with
// the fraction (before: the column's INT type, 25 and 622).
func TestStdDevVarianceDouble(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE sd")
	db = ts.connectWith("sd", "")
	mustExec(t, db, "CREATE TABLE au (id int PRIMARY KEY, name varchar(20), age int)")
	mustExec(t, db, "INSERT INTO au VALUES (1, 'test', 40), (2, 'test2', 60), (3, 'test3', 100), (4, 'x', 30)")
	wantRows(t, db, `SELECT ROUND(STDDEV_POP(CASE WHEN name LIKE 'test%' THEN age ELSE NULL END), 4),
		ROUND(VAR_POP(CASE WHEN name LIKE 'test%' THEN age END), 4), ROUND(STDDEV(age), 4), ROUND(STD(age), 4),
		ROUND(VARIANCE(age), 4), ROUND(STDDEV_SAMP(age), 4), ROUND(VAR_SAMP(age), 4) FROM au`,
		"24.9444,622.2222,26.8095,26.8095,718.75,30.957,958.3333")
	rows, err := db.Query("SELECT STDDEV_POP(age), VAR_SAMP(age) FROM au")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	ct, _ := rows.ColumnTypes()
	for _, c := range ct {
		if c.DatabaseTypeName() != "DOUBLE" {
			t.Errorf("%s: column type %s, want DOUBLE", c.Name(), c.DatabaseTypeName())
		}
	}
}

// TestTopNNoLimitWithOffset checks Django's "no limit" slice with an
// offset under ORDER BY: LIMIT 18446744073709551615 OFFSET n returns the
// rows after the offset (it failed with 1690: the sorted row count
// limit + offset overflowed).
func TestTopNNoLimitWithOffset(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE tn")
	db = ts.connectWith("tn", "")
	mustExec(t, db, "CREATE TABLE a (id int PRIMARY KEY, name varchar(10), age int)")
	mustExec(t, db, "INSERT INTO a VALUES (1, 'd', 1), (2, 'c', 2), (3, 'b', 3), (4, 'a', 4)")
	for i := 0; i < 2; i++ { // the second run may come from the plan cache
		wantRows(t, db, "SELECT a.id, a.name, a.age FROM a ORDER BY a.name ASC LIMIT 18446744073709551615 OFFSET 2", "2,c,2", "1,d,1")
		wantRows(t, db, "SELECT a.id, a.name, a.age FROM a ORDER BY a.name ASC LIMIT 9223372036854775807 OFFSET 5")
		wantRows(t, db, "SELECT id FROM a ORDER BY name LIMIT 1 OFFSET 1", "3")
	}
}
