package server

import (
	"testing"
)

// TestTemporalExpressionFractionDigits: every DATETIME(n)/TIMESTAMP(n)
// result column prints exactly n fractional digits in the text protocol,
// as MySQL does: UNION columns and expressions (CAST(x AS DATETIME(6)),
// NOW(6)) too, not only table columns. GMS drops trailing zeros
// ('2024-01-01 10:00:00' for a DATETIME(6) 10:00:00.000000), and the
// server padded only columns with an original table, because GMS typed
// FROM_UNIXTIME(int) and CONVERT_TZ DATETIME(6) where MySQL's are
// DATETIME(0) (now typed as MySQL's, sqlfunc/timeprecfix.go). Expected
// values are MariaDB 10.11's, the same as MySQL 8.0's here.
func TestTemporalExpressionFractionDigits(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "interpolateParams=true")
	mustExec(t, db, "CREATE DATABASE fx")
	mustExec(t, db, "CREATE TABLE fx.t (id INT PRIMARY KEY, dt DATETIME(6), d3 DATETIME(3), d0 DATETIME, tm TIME(6))")
	mustExec(t, db, "INSERT INTO fx.t VALUES (1, '2024-01-01 10:00:00', '2024-01-01 10:00:00.1', '2024-01-01 10:00:00', '10:00:00')")
	for _, c := range []struct{ q, want string }{
		{"SELECT dt FROM fx.t UNION ALL SELECT d3 FROM fx.t",
			"2024-01-01 10:00:00.000000|2024-01-01 10:00:00.100000"},
		{"SELECT d0 FROM fx.t UNION ALL SELECT d3 FROM fx.t",
			"2024-01-01 10:00:00.000|2024-01-01 10:00:00.100"},
		{"SELECT tm FROM fx.t UNION ALL SELECT TIME '11:00:00' FROM fx.t", "10:00:00.000000|11:00:00.000000"},
		{"SELECT CAST('2024-01-01' AS DATETIME(6)), CAST(d0 AS DATETIME(3)) FROM fx.t",
			"2024-01-01 00:00:00.000000 2024-01-01 10:00:00.000"},
		{"SELECT dt + INTERVAL 1 SECOND, ADDTIME(dt, '1:00'), TIMESTAMP(dt), IFNULL(dt, d0), GREATEST(dt, d3) FROM fx.t",
			"2024-01-01 10:00:01.000000 2024-01-01 11:00:00.000000 2024-01-01 10:00:00.000000 2024-01-01 10:00:00.000000 2024-01-01 10:00:00.100000"},
		{"SELECT (SELECT MIN(dt) FROM fx.t), x.m FROM fx.t, (SELECT MAX(dt) m FROM fx.t) x",
			"2024-01-01 10:00:00.000000 2024-01-01 10:00:00.000000"},
		{"SELECT MAX(dt) FROM fx.t", "2024-01-01 10:00:00.000000"},
		// DATETIME(0) in MySQL, DATETIME(6) in GMS's typing: no digits.
		{"SELECT FROM_UNIXTIME(0) = '1970-01-01 00:00:00', CONVERT_TZ(d0, '+00:00', '+01:00'), CONVERT_TZ('2024-01-01 00:00:00.50', '+00:00', '+01:00') FROM fx.t",
			"1 2024-01-01 11:00:00 2024-01-01 01:00:00.50"},
	} {
		if got := joinRows(queryRows(t, db, c.q)); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.q, got, c.want)
		}
	}
	// NOW(6)'s own text, read as a string: six digits even when the
	// microseconds end in zeros.
	for i := 0; i < 20; i++ {
		var s string
		if err := db.QueryRow("SELECT NOW(6)").Scan(&s); err != nil {
			t.Fatal(err)
		}
		if len(s) != len("2024-01-01 00:00:00.000000") {
			t.Fatalf("NOW(6) = %q, want six fractional digits", s)
		}
	}
	cts := columnTypes(t, db, "SELECT FROM_UNIXTIME(1), CONVERT_TZ(d0, '+00:00', '+01:00'), CONVERT_TZ(dt, '+00:00', '+01:00') FROM fx.t")
	for i, want := range []int64{0, 0, 6} {
		if _, scale, ok := cts[i].DecimalSize(); !ok || scale != want {
			t.Errorf("column %d: decimals %d, want %d", i+1, scale, want)
		}
	}
}
