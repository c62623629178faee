package server

import (
	"strings"
	"testing"
)

// TestZeroPartDateFunctions: MONTH/YEAR/QUARTER/DAYOFWEEK of a text or
// integer date with a zero month or day, or the zero date. MySQL 8.0 reads
// these with TIME_FUZZY_DATE and adds NO_ZERO_DATE (not NO_ZERO_IN_DATE)
// from sql_mode (str_to_datetime_with_warn), so MONTH('2024-00-05') is 0
// and YEAR('2024-00-00') 2024, while '0000-00-00' is NULL with warning 1292
// under the default sql_mode and 0 under sql_mode=”. DAYOFWEEK needs a
// real date: NULL with 1292. Myriad gave MONTH('0000-00-00') 1,
// MONTH('2024-00-05') NULL, DAYOFWEEK('0000-00-00') 7 and YEAR(20240305) NULL.
func TestZeroPartDateFunctions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	// A fresh connection per case: sql_mode and warnings stay apart.
	db.SetMaxIdleConns(0)
	runScalarCases(t, db, []scalarCase{ // datezero_test.go
		{"", "MONTH(?)", "2024-00-05", "0", ""},
		{"", "YEAR(?)", "2024-00-00", "2024", ""},
		{"", "QUARTER(?)", "2024-00-05", "0", ""},
		{"", "QUARTER(?)", "2024-05-00", "2", ""},
		{"", "MONTH(?)", 20240005, "0", ""},
		{"", "YEAR(?)", 20240305, "2024", ""},
		{"", "MONTH(?)", 20240305, "3", ""},
		{"", "DAYOFWEEK(?)", 20241128, "5", ""},
		{"", "DAYOFWEEK(?)", "2024-11-28", "5", ""},
		{"", "MONTH(?)", "2024-03-05 10:00:00", "3", ""},
		{"", "DAYOFWEEK(?)", "2024-00-05", "NULL", "Incorrect datetime value"},
		{"", "MONTH(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"", "MONTH(?)", 0, "0", ""}, // a number's zero date: no NO_ZERO_DATE (datezero_test.go)
		{"", "YEAR(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"", "DAYOFWEEK(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"''", "MONTH(?)", "0000-00-00", "0", ""},
		{"''", "MONTH(?)", 0, "0", ""},
		{"''", "QUARTER(?)", "0000-00-00", "0", ""},
		{"''", "DAYOFWEEK(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
	})
}

// TestZeroDateColumnParts: a DATE/DATETIME column holding '0000-00-00'
// (stored under sql_mode=”) is read with the function's flags only, so
// MONTH/YEAR/QUARTER are 0 and DAYOFWEEK NULL; Myriad gave 1, 0, 1 and 7
// (GMS holds the zero date as 0000-01-01).
func TestZeroDateColumnParts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE zc")
	db := ts.connect("zc")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "SET sql_mode = ''")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME)")
	mustExec(t, db, "INSERT INTO t VALUES (1, '0000-00-00', '0000-00-00 00:00:00'), (2, '2024-11-28', '2024-03-01 10:00:00')")
	mustExec(t, db, "SET sql_mode = DEFAULT")
	q := "SELECT id, MONTH(d), YEAR(d), QUARTER(d), DAYOFWEEK(d), MONTH(dt), YEAR(dt), QUARTER(dt), DAYOFWEEK(dt) FROM t WHERE id >= ? ORDER BY id"
	want := []string{"1,0,0,0,NULL,0,0,0,NULL", "2,11,2024,4,5,3,2024,1,6"}
	wantRows(t, db, strings.Replace(q, "?", "1", 1), want...)
	wantPreparedRows(t, db, q, []any{1}, want...)
}
