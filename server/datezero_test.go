package server

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestDatePartsOfZeroAndNumericDates: date-part functions of dates with
// zero parts, the zero date, numbers (YYMMDD, YYYYMMDD, YYMMDDhhmmss,
// YYYYMMDDhhmmss, DOUBLE/DECIMAL) and invalid values, as MySQL 8.0's
// get_arg0_date reads them (sqlfunc/zeropart.go). MONTH, DAYOFMONTH, YEAR,
// QUARTER, MONTHNAME, EXTRACT's date units, DATE_FORMAT and LAST_DAY read
// with TIME_FUZZY_DATE (a zero part is 0); TO_DAYS, TO_SECONDS, DAYOFYEAR,
// WEEK, YEARWEEK, WEEKDAY, DAYOFWEEK, DAYNAME with TIME_NO_ZERO_DATE only
// (a zero part or the zero date is NULL with 1292). Strings add
// NO_ZERO_DATE from sql_mode, numbers do not. Myriad answered NULL for every
// number, NULL or error 1292 for zero parts, and 1 for parts of the zero
// date (GMS holds it as 0000-01-01).
func TestDatePartsOfZeroAndNumericDates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	// Without parseTime: a DATE's text as the server writes it.
	db := ts.connectWith("", "multiStatements=true")
	db.SetMaxIdleConns(0)
	const strict = "" // sql_mode left at MySQL's default
	runScalarCases(t, db, []scalarCase{
		{"''", "EXTRACT(DAY FROM ?)", "2024-00-00", "0", ""},
		{"''", "EXTRACT(YEAR_MONTH FROM ?)", "2024-00-05", "202400", ""},
		{"''", "EXTRACT(MONTH FROM ?)", "0000-00-00", "0", ""},
		{"''", "EXTRACT(WEEK FROM ?)", "2024-00-05", "613566752", ""},
		{"''", "EXTRACT(HOUR FROM ?)", "2024-00-05 10:20:30", "10", ""},
		{"''", "EXTRACT(DAY_HOUR FROM ?)", "2024-00-05 10:20:30", "510", ""},
		{"''", "EXTRACT(DAY_HOUR FROM ?)", "2024-00-05", "500", ""},
		{"''", "EXTRACT(HOUR_MINUTE FROM ?)", "2016-01-01", "0", ""},
		{"''", "EXTRACT(MINUTE_SECOND FROM ?)", "13:04:05", "405", ""},
		{"''", "DAYOFMONTH(?)", 240305, "5", ""},
		{"''", "YEAR(?)", 240305, "2024", ""},
		{"''", "MONTH(?)", 240305, "3", ""},
		{"''", "TO_DAYS(?)", 240305, "739315", ""},
		{"''", "TO_DAYS(?)", 20240305102030, "739315", ""},
		{"''", "TO_SECONDS(?)", 240305102030, "63876853230", ""},
		{"''", "TO_DAYS(?)", "2024-00-05", "NULL", "Incorrect datetime value: '2024-00-05'"},
		{"''", "TO_DAYS(?)", 20240005, "NULL", "Incorrect datetime value: '20240005'"},
		{"''", "TO_DAYS(?)", 0, "NULL", "Incorrect datetime value: '0'"},
		{"''", "TO_DAYS(?)", "0000-00-00", "NULL", "Incorrect datetime value: '0000-00-00'"},
		{"''", "TO_SECONDS(?)", "2024-01-00", "NULL", "Incorrect datetime value: '2024-01-00'"},
		{"''", "DAYOFYEAR(?)", 20240305, "65", ""},
		{"''", "DAYOFYEAR(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"''", "WEEKDAY(?)", 20240305, "1", ""},
		{"''", "WEEKDAY(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"''", "DAYNAME(?)", 240305102030, "Tuesday", ""},
		{"''", "DAYNAME(?)", "2024-00-05", "NULL", "Incorrect datetime value: '2024-00-05'"},
		{"''", "DAYOFWEEK(?)", 20240305, "3", ""},
		{"''", "MONTHNAME(?)", "2024-00-05", "NULL", ""},
		{"''", "MONTHNAME(?)", "2024-01-00", "January", ""},
		{"''", "MONTHNAME(?)", 20240305, "March", ""},
		{"''", "WEEK(?)", 20240305, "9", ""},
		{"''", "WEEK(?)", "0000-00-00", "NULL", "Incorrect datetime value"},
		{"''", "WEEKOFYEAR(?)", 20240305, "10", ""},
		{"''", "WEEKOFYEAR(?)", "2024-00-05", "NULL", "Incorrect datetime value: '2024-00-05'"},
		{"''", "YEARWEEK(?)", 20240305, "202409", ""},
		{"''", "QUARTER(?)", 240305, "1", ""},
		{"''", "LAST_DAY(?)", "2024-02-00", "2024-02-29", ""},
		{"''", "LAST_DAY(?)", "2024-01-00", "2024-01-31", ""},
		{"''", "LAST_DAY(?)", 20240305, "2024-03-31", ""},
		{"''", "LAST_DAY(?)", "2024-00-05", "NULL", "Incorrect datetime value: '2024-00-05'"},
		{"''", "DATE(?)", 240305, "2024-03-05", ""},
		{"''", "DATE(?)", 20240305102030, "2024-03-05", ""},
		{"''", "DATE(?)", "0000-00-00", "0000-00-00", ""},
		{"''", "DATE_FORMAT(?, '%Y %m %d')", "2024-00-00", "2024 00 00", ""},
		{"''", "DATE_FORMAT(?, '%Y-%c-%e %H:%i:%s')", "2024-00-05 10:20:30", "2024-0-5 10:20:30", ""},
		{"''", "DATE_FORMAT(?, '%M')", "2024-00-05", "NULL", ""},
		{"''", "DATE_FORMAT(?, '%Y %m %d %H')", 20240305102030, "2024 03 05 10", ""},
		{"''", "DATE_FORMAT(?, '%Y %m %d')", 0, "0000 00 00", ""},
		{"''", "HOUR(?)", 20240305102030, "10", ""},
		{"''", "MINUTE(?)", "2024-00-05 10:20:30", "20", ""},
		{"''", "SECOND(?)", 240305, "5", ""},
		{"''", "HOUR(?)", 240305, "24", ""},
		{"''", "MINUTE(?)", "2024-03-05", "20", "Truncated incorrect time value: '2024-03-05'"},
		{"''", "MONTH(?)", "2024-02-30", "NULL", "Incorrect datetime value: '2024-02-30'"},
		{"''", "DAYOFMONTH(?)", "abc", "NULL", "Incorrect datetime value: 'abc'"},
		{"''", "MONTH(?)", 0, "0", ""},
		{"''", "UNIX_TIMESTAMP(?) - UNIX_TIMESTAMP('2024-03-05')", 20240305, "0", ""},
		{"''", "UNIX_TIMESTAMP(?) - UNIX_TIMESTAMP('2024-03-05 10:20:30')", 240305102030, "0", ""},
		{"''", "UNIX_TIMESTAMP(?)", 20240005, "0", ""},
		// Under MySQL's default sql_mode a string's zero date is refused
		// (str_to_datetime_with_warn adds NO_ZERO_DATE); a number's is not.
		{strict, "MONTH(?)", 0, "0", ""},
		{strict, "DAYOFMONTH(?)", "0000-00-00", "NULL", "Incorrect datetime value: '0000-00-00'"},
		{strict, "DATE_FORMAT(?, '%Y')", "0000-00-00", "NULL", "Incorrect datetime value: '0000-00-00'"},
		{strict, "DAYOFMONTH(?)", "2024-00-05", "5", ""},
		{strict, "LAST_DAY(?)", "2024-02-00", "2024-02-29", ""},
	})
}

// TestDatePartsOfFractionalNumbers: a DOUBLE or DECIMAL YYYYMMDD.f is the
// date with its fraction dropped and warning 1292 (lldiv_t_to_datetime),
// except for DATE() (TIME_NO_DATE_FRAC_WARN); YYYYMMDDhhmmss.f keeps the
// fraction as microseconds. Myriad answered NULL.
func TestDatePartsOfFractionalNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "multiStatements=true")
	db.SetMaxIdleConns(0)
	runScalarCases(t, db, []scalarCase{
		{"", "DAYOFMONTH(?)", 20240305.5, "5", "Truncated incorrect date value: '20240305.5'"},
		{"", "TO_DAYS(?)", 20240305.5, "739315", "Truncated incorrect date value: '20240305.5'"},
		{"", "DATE(?)", 20240305.5, "2024-03-05", ""},
		{"", "DATE_FORMAT(?, '%H:%i:%s.%f')", 20240305102030.5, "10:20:30.500000", ""},
		{"", "MICROSECOND(?)", 20240305102030.25, "250000", ""},
	})
}

// TestDatePartsOfColumns: a zero DATE/DATETIME column is read with the
// function's flags only (no sql_mode, no warning): its parts are 0, the
// NO_ZERO_DATE functions NULL. Numeric columns are read as numbers.
func TestDatePartsOfColumns(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE dz")
	db := ts.connectWith("dz", "multiStatements=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "SET sql_mode = ''")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME, n INT, dec_ DECIMAL(16,2), s VARCHAR(30))")
	mustExec(t, db, "INSERT INTO t VALUES (1, '0000-00-00', '0000-00-00 00:00:00', 240305, 20240305102030.00, '2024-00-05'), "+
		"(2, '2024-03-05', '2024-03-05 10:20:30', 20240005, 240305112030.00, '20240305')")
	mustExec(t, db, "SET sql_mode = DEFAULT")
	q := "SELECT id, DAYOFMONTH(d), TO_DAYS(d), DATE_FORMAT(dt, '%Y %m %d'), WEEKDAY(dt), MONTH(n), DAYOFMONTH(n), " +
		"YEAR(dec_), HOUR(dec_), MONTH(s), DAYOFMONTH(s), LAST_DAY(d) FROM t WHERE id >= ? ORDER BY id"
	want := []string{
		"1,0,NULL,0000 00 00,NULL,3,5,2024,10,0,5,NULL",
		"2,5,739315,2024 03 05,1,0,5,2024,11,3,5,2024-03-31",
	}
	wantRows(t, db, strings.Replace(q, "?", "1", 1), want...)
	wantPreparedRows(t, db, q, []any{1}, want...)
}

// scalarCase is SELECT expr with its ? bound to arg (prepared) or written
// in (text), under sql_mode mode ("" leaves the default): the one value
// want, and no warning (warn "") or one 1292 warning containing warn.
type scalarCase struct {
	mode, expr string
	arg        any
	want, warn string
}

// runScalarCases runs each case as text and prepared, on a fresh
// connection each, so sql_mode and warnings stay apart.
func runScalarCases(t *testing.T, db *sql.DB, cases []scalarCase) {
	t.Helper()
	for _, c := range cases {
		for _, prepared := range []bool{false, true} {
			conn := pinnedConn(t, db)
			ctx := context.Background()
			if c.mode != "" {
				if _, err := conn.ExecContext(ctx, "SET sql_mode = "+c.mode); err != nil {
					t.Fatal(err)
				}
			}
			q, args := "SELECT "+c.expr, []any{c.arg}
			if !prepared {
				lit := fmt.Sprint(c.arg)
				switch a := c.arg.(type) {
				case string:
					lit = "'" + a + "'"
				case float64:
					lit = strconv.FormatFloat(a, 'f', -1, 64)
				}
				q, args = strings.Replace(q, "?", lit, 1), nil
			}
			var s *string
			if err := conn.QueryRowContext(ctx, q, args...).Scan(&s); err != nil {
				t.Fatalf("sql_mode %s, %s %v: %v", c.mode, q, args, err)
			}
			got := "NULL"
			if s != nil {
				got = *s
			}
			w := warningsOn(t, conn)
			okWarn := len(w) == 0 && c.warn == "" ||
				len(w) == 1 && c.warn != "" && strings.Contains(w[0], "1292") && strings.Contains(w[0], c.warn)
			if got != c.want || !okWarn {
				t.Errorf("sql_mode %s, %s %v (prepared %v): got %v, warnings %q; want %s, warning %q", c.mode, q, args, prepared, got, w, c.want, c.warn)
			}
			conn.Close()
		}
	}
}
