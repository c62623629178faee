package server

import (
	"context"
	"testing"
)

// TestLead23TimeText: a string read as a TIME argument (TIME_TO_SEC, HOUR,
// TIME_FORMAT, TIMEDIFF, ADDTIME/SUBTIME, TIME(), CAST, MINUTE) goes
// through one reading of MySQL's str_to_time. Each reader had its own
// partial grammar: a date alone was NULL in TIME_TO_SEC and TIMEDIFF and a
// datetime in ADDTIME, a value beyond 838:59:59 was NULL (TIME_TO_SEC) or
// its hours modulo 24 (TIME_FORMAT), text after the time made it NULL.
func TestLead23TimeText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT TIME_TO_SEC('2020-10-24'), SEC_TO_TIME(TIME_TO_SEC('2020-10-24'))", want: "1220 | 00:20:20", warn: 1292},
		{q: "SELECT TIMEDIFF('2020-10-24', '10:00:00')", want: "-09:39:40", warn: 1292},
		// A datetime less a time is NULL (get_time's types differ).
		{q: "SELECT TIMEDIFF('2020-10-24 00:00:00', '2020-10-23') IS NULL", want: "1", warn: 1292},
		{q: "SELECT TIMEDIFF('2020-10-24 00:00:00', '2020-10-23 12:00:00'), TIMEDIFF('2020-10-24 00:00:00', '2020-09-23 12:00:00')", want: "12:00:00 | 732:00:00"},
		{q: "SELECT ADDTIME('2020-10-24', '01:00:00'), SUBTIME('2020-10-24', '1:00')", want: "01:20:20 | -00:39:40", warn: 1292},
		{q: "SELECT ADDTIME('2020-10-24 10:11', '1:00')", want: "2020-10-24 11:11:00"},
		{q: "SELECT TIME_FORMAT('2020-10-24', '%H:%i:%s'), TIME_FORMAT('900:00:00', '%H')", want: "00:20:20 | 838", warn: 1292},
		{q: "SELECT TIME_TO_SEC('900:00:00'), TIME_TO_SEC('20201024'), TIME('8390000')", want: "3020399 | 3020399 | 838:59:59", warn: 1292},
		{q: "SELECT TIME_TO_SEC('10:11:12abc'), TIME('10:11:12  x')", want: "36672 | 10:11:12", warn: 1292},
		{q: "SELECT TIME(' 10:11:12 '), MINUTE(' 10:11:12 '), TIME_TO_SEC('12:34:56.'), TIME('-2020-10-24')", want: "10:11:12 | 11 | 45296 | -00:20:20", warn: 1292},
		{q: "SELECT TIME_TO_SEC('12:5'), TIME_TO_SEC('1234'), TIME('1 02'), TIME('10  11:12')", want: "43500 | 754 | 26:00:00 | 251:12:00"},
		{q: "SELECT TIME_TO_SEC('10:11:12.1234567'), TIME_TO_SEC('2020-10-24 10:11:12.5')", want: "36672 | 36672"},
		{q: "SELECT TIME_TO_SEC('10:61:00') IS NULL, TIME('1e5') IS NULL", want: "1 | 1", warn: 1292},
	})
}

// TestLead23DistinctOrder: a SELECT DISTINCT ordered by a column outside
// its select list is MySQL's 3065 (an aggregate: 3066); GMS answered in
// the order of some row's value. Forms MySQL accepts still run.
func TestLead23DistinctOrder(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23")
	mustExec(t, db, "CREATE TABLE l23.d (id INT PRIMARY KEY, a INT, b INT)")
	mustExec(t, db, "INSERT INTO l23.d VALUES (1, 1, 3), (2, 2, 1), (3, 1, 2)")
	for _, c := range []struct {
		q    string
		code uint16
	}{
		{"SELECT DISTINCT a FROM l23.d ORDER BY b", 3065},
		{"SELECT DISTINCT a + 1 FROM l23.d ORDER BY a", 3065},
		{"SELECT DISTINCT x.a FROM l23.d x ORDER BY x.b", 3065},
		{"SELECT DISTINCT a FROM l23.d GROUP BY a ORDER BY COUNT(*)", 3066},
	} {
		_, err := db.Exec(c.q)
		if got := mysqlErrNo(err); got != int(c.code) {
			t.Errorf("%s: got %v, want error %d", c.q, err, c.code)
		}
		// Prepared: the refusal comes at prepare time, as in MySQL.
		st, err := db.Prepare(c.q)
		if err == nil {
			_, err = st.Query()
			st.Close()
		}
		if got := mysqlErrNo(err); got != int(c.code) {
			t.Errorf("%s (prepared): got %v, want error %d", c.q, err, c.code)
		}
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(a ORDER BY a) FROM (SELECT DISTINCT a FROM l23.d ORDER BY -a) s", want: "1,2"},
		{q: "SELECT DISTINCT a AS x FROM l23.d ORDER BY x DESC LIMIT 1", want: "2"},
		{q: "SELECT DISTINCT a + 1 FROM l23.d ORDER BY a + 1 DESC LIMIT 1", want: "3"},
		{q: "SELECT DISTINCT a, COUNT(*) FROM l23.d GROUP BY a ORDER BY COUNT(*) LIMIT 1", want: "2 | 1"},
		{q: "SELECT DISTINCT * FROM l23.d ORDER BY b LIMIT 1", want: "2 | 2 | 1"},
		{q: "SELECT DISTINCT a FROM l23.d ORDER BY 1 DESC LIMIT 1", want: "2"},
	})
}

// TestLead23ZerofillThroughAliases: an INT ZEROFILL or FLOAT(M,D) column
// read through a view or a derived table keeps its text in string
// contexts (LENGTH of a view's INT(5) ZEROFILL column was 2, LIKE '000%'
// false), and a ZEROFILL column under a column or table alias is padded
// in the text protocol (GMS's field names the alias).
func TestLead23ZerofillThroughAliases(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23z")
	mustExec(t, db, "CREATE TABLE l23z.zf (id INT PRIMARY KEY, z INT(5) ZEROFILL, f FLOAT(7,2))")
	mustExec(t, db, "INSERT INTO l23z.zf VALUES (1, 42, 3.5)")
	mustExec(t, db, "CREATE VIEW l23z.vz AS SELECT z, f AS g FROM l23z.zf")
	db = ts.connectWith("l23z", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CONCAT(z), LENGTH(z), z LIKE '000%', CONCAT(g) FROM vz", want: "00042 | 5 | 1 | 3.50"},
		{q: "SELECT CONCAT(z), CONCAT(f) FROM (SELECT z, f FROM l23z.zf) s", want: "00042 | 3.50"},
		{q: "SELECT CONCAT(y) FROM (SELECT x AS y FROM (SELECT z AS x FROM l23z.zf) a) b", want: "00042"},
	})
	// The text protocol's values (go-sql-driver parses integers).
	for _, q := range []string{"SELECT z AS x FROM zf", "SELECT z FROM zf AS a", "SELECT a.z AS x FROM l23z.zf a"} {
		if g, _ := rawText(t, ts, "l23z", q); g != "00042" {
			t.Errorf("%s: got %s, want 00042", q, g)
		}
	}
}

// TestLead23FloatExprText: an expression over FLOAT(M,D) columns read as
// a string prints the decimals MySQL derives for it (f * 2 of a
// FLOAT(7,2) is '7.00', IF(c, f, 2) '3.50', AVG(f) '3.500000'), also
// through aggregates and derived tables; GMS printed the DOUBLE in its
// shortest form ('7').
func TestLead23FloatExprText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23f")
	mustExec(t, db, "CREATE TABLE l23f.t (id INT PRIMARY KEY, f FLOAT(7,2), d DOUBLE(8,3))")
	mustExec(t, db, "INSERT INTO l23f.t VALUES (1, 3.5, 2.25)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CONCAT(IF(1, f, 2)), CONCAT(IFNULL(f, 2)), CONCAT(COALESCE(f, 2)), CONCAT(GREATEST(f, 1)) FROM l23f.t", want: "3.50 | 3.50 | 3.50 | 3.50"},
		{q: "SELECT CONCAT(f * 2), CONCAT(-f), CONCAT(f + 1.555), CONCAT(d + f), CONCAT(f / 3) FROM l23f.t", want: "7.00 | -3.50 | 5.055 | 5.750 | 1.166667"},
		{q: "SELECT CONCAT(MAX(f)), CONCAT(AVG(f)), CONCAT(SUM(d)) FROM l23f.t", want: "3.50 | 3.500000 | 2.250"},
		{q: "SELECT CONCAT(m), CONCAT(x) FROM (SELECT MAX(f) m, MAX(f * 2) x FROM l23f.t) s", want: "3.50 | 7.00"},
		{q: "SELECT LENGTH(f * 1), f * 1 LIKE '%.50', CONCAT(ROUND(f, 1)), CONCAT(CASE WHEN id = 1 THEN f ELSE 0 END) FROM l23f.t", want: "4 | 1 | 3.5 | 3.50"},
	})
}

// TestLead23ProcedureCursors: a cursor loop with a NOT FOUND handler
// (the usual shape) runs: GMS read the cursor at each FETCH from the
// transaction of its OPEN, which the statements between had committed,
// so every such loop failed with 1105. A handler whose body GMS runs
// wrongly (BEGIN ... END ran nothing, a statement ended the CALL silently
// without its results) is refused with 1235; SET and SELECT ... INTO of
// the routine's variables still run.
func TestLead23ProcedureCursors(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23p")
	db = ts.connectWith("l23p", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE src (id INT PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE log (v INT)")
	mustExec(t, db, "INSERT INTO src VALUES (1), (2), (3)")
	mustExec(t, db, `CREATE PROCEDURE loop1() BEGIN
		DECLARE done INT DEFAULT 0; DECLARE i INT; DECLARE s INT DEFAULT 0;
		DECLARE cur CURSOR FOR SELECT id FROM src ORDER BY id;
		DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1;
		DELETE FROM log;
		OPEN cur;
		l: LOOP FETCH cur INTO i; IF done = 1 THEN LEAVE l; END IF; INSERT INTO log VALUES (i * 10); SET s = s + i; END LOOP;
		CLOSE cur;
		SELECT s, COUNT(*), SUM(v) FROM log; END`)
	mustExec(t, db, `CREATE PROCEDURE caught() BEGIN
		DECLARE c INT DEFAULT 0;
		DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SELECT 7 INTO c;
		INSERT INTO src VALUES (1);
		SELECT c; END`)
	// ROW_COUNT(): a SET statement makes it 0, a routine variable's SET
	// and an IF condition leave it (GMS: a SELECT's -1 for all three).
	mustExec(t, db, `CREATE PROCEDURE rc() BEGIN
		DECLARE v INT DEFAULT 0; DECLARE r INT;
		UPDATE src SET id = id + 10 WHERE id = 3;
		IF 1 = 1 THEN SET v = 1; END IF;
		SET r = ROW_COUNT();
		SET @zz = 1;
		SELECT r, ROW_COUNT();
		UPDATE src SET id = id - 10 WHERE id = 13; END`)
	runArithCases(t, db, "", []arithCase{
		{q: "CALL loop1()", want: "6 | 3 | 60"},
		{q: "CALL caught()", want: "7"},
		{q: "CALL rc()", want: "1 | 0"},
	})
	for _, body := range []string{"BEGIN SET c = 8; END", "INSERT INTO log VALUES (8)", "SET @h = 8"} {
		mustExec(t, db, "DROP PROCEDURE IF EXISTS h")
		mustExec(t, db, "CREATE PROCEDURE h() BEGIN DECLARE c INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION "+body+"; INSERT INTO src VALUES (1); SELECT c; END")
		_, err := db.Exec("CALL h()")
		if got := mysqlErrNo(err); got != 1235 {
			t.Errorf("handler %q: got %v, want 1235", body, err)
		}
	}
}

// TestLead23DatetimeNumbers: a datetime text with only the hour (or hour
// and minute) is read with the rest 0 ('2024-01-31 10' + INTERVAL 1 DAY
// was NULL), and UNIX_TIMESTAMP of a DOUBLE or DECIMAL datetime number
// keeps its fraction as MySQL types it (was 0).
func TestLead23DatetimeNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false&time_zone=%27%2B00%3A00%27")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT '2024-01-31 10' + INTERVAL 1 DAY, '2024-01-31 10:30' + INTERVAL 1 DAY", want: "2024-02-01 10:00:00 | 2024-02-01 10:30:00"},
		{q: "SELECT UNIX_TIMESTAMP(20240305e0), UNIX_TIMESTAMP(20240101123456.25), UNIX_TIMESTAMP(20240101.5)", want: "1709596800.000000 | 1704112496.25 | 1704067200.0"},
	})
}

// TestLead23SetGlobalDefault: SET GLOBAL x = DEFAULT restores the
// compiled-in default (GMS kept the current global value); a session's
// DEFAULT is still the global value.
func TestLead23SetGlobalDefault(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "SET GLOBAL max_connections = 200")
	mustExec(t, db, "SET GLOBAL max_connections = DEFAULT")
	mustExec(t, db, "SET GLOBAL sort_buffer_size = 1000000")
	mustExec(t, db, "SET @@global.time_zone = '+01:00'")
	mustExec(t, db, "SET @@global.time_zone = DEFAULT")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT @@global.max_connections, @@global.time_zone", want: "151 | SYSTEM"},
	})
	c := pinnedConn(t, db)
	mustExec(t, c, "SET SESSION sort_buffer_size = 5000000")
	mustExec(t, c, "SET SESSION sort_buffer_size = DEFAULT")
	var v string
	if err := c.QueryRowContext(context.Background(), "SELECT @@session.sort_buffer_size").Scan(&v); err != nil || v != "1000000" {
		t.Errorf("session DEFAULT: %q, %v; want the global value 1000000", v, err)
	}
	mustExec(t, db, "SET GLOBAL sort_buffer_size = DEFAULT")
}

// TestLead23YearText: INSERT ... SELECT '0000' into a YEAR stores YEAR
// 0000 as VALUES does (was 2000), and a YEAR read as a string has four
// digits (Field_year::val_str; CAST(y AS CHAR) of YEAR 0 was '0').
func TestLead23YearText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23y")
	mustExec(t, db, "CREATE TABLE l23y.y (id INT PRIMARY KEY, y YEAR)")
	mustExec(t, db, "INSERT INTO l23y.y SELECT 1, '0000'")
	mustExec(t, db, "INSERT INTO l23y.y SELECT 2, '0'")
	mustExec(t, db, "INSERT INTO l23y.y VALUES (3, 0)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(CAST(y AS CHAR) ORDER BY id), GROUP_CONCAT(CONCAT(y, '') ORDER BY id), SUM(LENGTH(y)) FROM l23y.y", want: "0000,2000,0000 | 0000,2000,0000 | 12"},
	})
}

// TestLead23TruncFracModeRefused: sql_mode TIME_TRUNCATE_FRACTIONAL is
// refused (1231) rather than accepted and ignored (fractions rounded).
func TestLead23TruncFracModeRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	_, err := db.Exec("SET sql_mode = 'STRICT_TRANS_TABLES,TIME_TRUNCATE_FRACTIONAL'")
	if got := mysqlErrNo(err); got != 1231 {
		t.Errorf("got %v, want 1231", err)
	}
}

// TestLead23FloatWithInteger: a FLOAT(M,D) column plus an INT column, and
// a UNION of the two, print with the FLOAT's D decimals (an integer's are
// 0); they printed the DOUBLE's 17 digits ('14.369999885559082').
func TestLead23FloatWithInteger(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE l23k")
	db := ts.connect("l23k")
	mustExec(t, db, "CREATE TABLE f2 (id INT PRIMARY KEY, a FLOAT(7,4), k INT)")
	mustExec(t, db, "INSERT INTO f2 VALUES (1, 13.37, 1)")
	for q, want := range map[string]string{
		"SELECT a + k, a * k, k - a FROM f2":          "14.3700,13.3700,-12.3700",
		"SELECT a FROM f2 UNION SELECT k FROM f2":     "13.3700 1.0000",
		"SELECT k FROM f2 UNION ALL SELECT a FROM f2": "1.0000 13.3700",
	} {
		if g, _ := rawText(t, ts, "l23k", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
}

// TestLead23STDistance: ST_DISTANCE of Cartesian geometries measures to
// the nearest edge and is 0 inside a polygon (outside its holes); GMS
// measured between vertices (a point 2 below a triangle's edge was 2.5).
func TestLead23STDistance(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT ST_Distance(ST_GeomFromText('POINT(1.5 -2)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))')), ST_Distance(ST_GeomFromText('POINT(1 0.5)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'))", want: "2 | 0"},
		{q: "SELECT ST_Distance(ST_GeomFromText('POINT(0.5 2)'), ST_GeomFromText('POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,3 1,3 3,1 3,1 1))')), ST_Distance(ST_GeomFromText('POINT(2 2)'), ST_GeomFromText('POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,3 1,3 3,1 3,1 1))'))", want: "0 | 1"},
		{q: "SELECT ST_Distance(ST_GeomFromText('LINESTRING(-1 1,5 1)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))')), ST_Distance(ST_GeomFromText('POINT(0 0)'), ST_GeomFromText('POINT(3 4)'))", want: "0 | 5"},
	})
}

// TestLead23PiAndDateText: PI() prints its 6 decimals (PI() * 2 printed
// 17 digits, CONCAT(PI()) too); a date text with trailing characters is
// read by the date functions with warning 1292 (DATE('2024-03-05x') was
// NULL).
func TestLead23PiAndDateText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CONCAT(PI()), CONCAT(PI() * 2), LENGTH(PI() / 2)", want: "3.141593 | 6.283185 | 12"},
		{q: "SELECT DATE('2024-03-05x'), DAYOFMONTH('2024-03-05 10:00:00x')", want: "2024-03-05 | 5", warn: 1292},
	})
	if g, _ := rawText(t, ts, "", "SELECT PI() * 2, PI() + 0.0000"); g != "6.283185,3.141593" {
		t.Errorf("PI() texts: got %s", g)
	}
}

// TestLead23FoldedStringVsIndex: NOT (c = IFNULL(-1.50, 'A')) over an
// index on a BIGINT column skipped c = -2: the folded constant reached the
// range as its text, converted to the key's type rounded (the oracles' TLP
// finding, seed 1795926682651984308). The text is compared as the DOUBLE
// it spells, as MySQL compares a string with an integer.
func TestLead23FoldedStringVsIndex(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l23t")
	mustExec(t, db, "CREATE TABLE l23t.t (id INT PRIMARY KEY, c BIGINT, KEY k (c))")
	mustExec(t, db, "INSERT INTO l23t.t VALUES (1, 2), (2, -1), (3, NULL), (6, -2), (7, -3)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM l23t.t WHERE NOT (IFNULL(-1.50, 'A') = c)", want: "1,2,6,7"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM l23t.t WHERE c IN ('-2.0', 5)", want: "6"},
	})
}
