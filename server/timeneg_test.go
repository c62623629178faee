package server

import (
	"strings"
	"testing"
)

// TestClockPartsOfNegativeTimes: MINUTE, SECOND and MICROSECOND of a
// negative TIME are the parts of its magnitude, as MySQL's get_arg0_time
// gives them (the sign apart): MINUTE('-10:20:30') is 20. Myriad read a
// negative string as a time of day before midnight (39) and failed on a
// negative number. Date-only strings keep MySQL's reading (20 for
// '2024-03-05', with a warning).
func TestClockPartsOfNegativeTimes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "multiStatements=true")
	db.SetMaxIdleConns(0)
	runScalarCases(t, db, []scalarCase{
		{"", "MINUTE(?)", "-10:20:30", "20", ""},
		{"", "SECOND(?)", "-10:20:30", "30", ""},
		{"", "MICROSECOND(?)", "-10:20:30.5", "500000", ""},
		{"", "MINUTE(?)", "-838:59:59", "59", ""},
		{"", "SECOND(?)", "-00:00:01", "1", ""},
		{"", "MINUTE(?)", "-1 10:20:30", "20", ""},
		{"", "SECOND(?)", -102030, "30", ""},
		{"", "MINUTE(?)", "2024-03-05", "20", "Truncated incorrect time value: '2024-03-05'"},
		{"", "MINUTE(CAST(? AS TIME))", "-10:20:30", "20", ""},
		{"", "MICROSECOND(CAST(? AS TIME(3)))", "-10:20:30.123", "123000", ""},
	})
	mustExec(t, ts.connect(""), "CREATE DATABASE tn")
	cdb := ts.connectWith("tn", "multiStatements=true")
	mustExec(t, cdb, "CREATE TABLE t (id INT PRIMARY KEY, a TIME(2))")
	mustExec(t, cdb, "INSERT INTO t VALUES (1, '-10:20:30.25'), (2, '-838:59:59'), (3, '11:12:13.5')")
	q := "SELECT MINUTE(a), SECOND(a), MICROSECOND(a), HOUR(a), MINUTE(TIME '-01:02:03.25') FROM t ORDER BY id"
	wantRows(t, cdb, q, strings.Split("20,30,250000,10,2|59,59,0,838,2|12,13,500000,11,2", "|")...)
}

// TestModOfHugeDoubles: MOD and % of DOUBLEs are C's fmod, as MySQL's
// Item_func_mod::real_op: MOD(1e300, 7) is 1. Myriad answered 0 (GMS took
// the remainder of decimals rounded to a fixed scale).
func TestModOfHugeDoubles(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE md")
	db := ts.connectWith("md", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, x DOUBLE)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 1e300), (2, -1e300), (3, 7.5)")
	wantRows(t, db, "SELECT id, MOD(x, 7), x % 2, MOD(x, 0) FROM t ORDER BY id",
		"1,1,0,NULL", "2,-1,0,NULL", "3,0.5,1.5,NULL")
	wantRows(t, db, "SELECT MOD(1e300, 7), 1e300 % 7, MOD('1e300', 7)", "1,1,1")
}
