package server

import (
	"context"
	"fmt"
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
	for _, c := range []struct {
		mode, expr string
		arg        any
		want       string
		warn       bool
	}{
		{"", "MONTH(?)", "2024-00-05", "0", false},
		{"", "YEAR(?)", "2024-00-00", "2024", false},
		{"", "QUARTER(?)", "2024-00-05", "0", false},
		{"", "QUARTER(?)", "2024-05-00", "2", false},
		{"", "MONTH(?)", 20240005, "0", false},
		{"", "YEAR(?)", 20240305, "2024", false},
		{"", "MONTH(?)", 20240305, "3", false},
		{"", "DAYOFWEEK(?)", 20241128, "5", false},
		{"", "DAYOFWEEK(?)", "2024-11-28", "5", false},
		{"", "MONTH(?)", "2024-03-05 10:00:00", "3", false},
		{"", "DAYOFWEEK(?)", "2024-00-05", "NULL", true},
		{"", "MONTH(?)", "0000-00-00", "NULL", true},
		{"", "MONTH(?)", 0, "NULL", true},
		{"", "YEAR(?)", "0000-00-00", "NULL", true},
		{"", "DAYOFWEEK(?)", "0000-00-00", "NULL", true},
		{"''", "MONTH(?)", "0000-00-00", "0", false},
		{"''", "MONTH(?)", 0, "0", false},
		{"''", "QUARTER(?)", "0000-00-00", "0", false},
		{"''", "DAYOFWEEK(?)", "0000-00-00", "NULL", true},
	} {
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
				if a, ok := c.arg.(string); ok {
					lit = "'" + a + "'"
				}
				q, args = strings.Replace(q, "?", lit, 1), nil
			}
			var got string
			var s *string
			if err := conn.QueryRowContext(ctx, q, args...).Scan(&s); err != nil {
				t.Fatalf("%s %v: %v", q, args, err)
			}
			got = "NULL"
			if s != nil {
				got = *s
			}
			w := warningsOn(t, conn)
			if got != c.want || (len(w) > 0) != c.warn || (c.warn && !strings.Contains(w[0], "1292")) {
				t.Errorf("sql_mode %s, %s %v (prepared %v): got %v, warnings %q; want %s, warning %v", c.mode, q, args, prepared, got, w, c.want, c.warn)
			}
			conn.Close()
		}
	}
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
