package server

import (
	"strings"
	"testing"
)

// TestDoubleText: DOUBLE values in the text protocol print as MySQL's
// my_gcvt does (floatfmt): literals, table columns, arithmetic,
// aggregates and window functions alike. GMS printed Go's 'g' text
// ("1e+10", "1.5e-05", "1.234567890125e+11"). Read through the mariadb
// CLI, which shows the text protocol's bytes. Expected values are
// MariaDB 10.11's, which prints as MySQL 8.0 here.
func TestDoubleText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ff")
	mustExec(t, db, "CREATE TABLE ff.g (id INT PRIMARY KEY, g DOUBLE, f FLOAT, d DOUBLE(10,2))")
	mustExec(t, db, "INSERT INTO ff.g VALUES (1, 1e10, 3.4e38, 1.5), (2, 123456789012.5, 12345.678, 2), (3, 1.5e-5, 0.1, NULL)")
	for _, c := range []struct{ q, want string }{
		{"SELECT 1234567e0, 12345678.5e0, -1e6", "1234567,12345678.5,-1000000"},
		{"SELECT 1e10, 1e15, 1e20, 123456789012345678e0", "10000000000,1e15,1e20,1.2345678901234568e17"},
		{"SELECT 1.5e-5, 1e-7, 0.00001e0", "0.000015,0.0000001,0.00001"},
		{"SELECT id, g, f, d FROM g ORDER BY id", "1,10000000000,3.4e38,1.50 2,123456789012.5,12345.7,2.00 3,0.000015,0.1,NULL"},
		{"SELECT g FROM g WHERE id = 2", "123456789012.5"},
		{"SELECT SUM(g), MAX(g), MIN(g), AVG(g) FROM g WHERE id < 3", "133456789012.5,123456789012.5,10000000000,66728394506.25"},
		{"SELECT id, g + 0, f * 1, g * 2 FROM g ORDER BY id",
			"1,10000000000,3.3999999521443642e38,20000000000 2,123456789012.5,12345.677734375,246913578025 3,0.000015,0.10000000149011612,0.00003"},
		{"SELECT id, SUM(g) OVER (ORDER BY id), MAX(g) OVER () FROM g ORDER BY id",
			"1,10000000000,123456789012.5 2,133456789012.5,123456789012.5 3,133456789012.50002,123456789012.5"},
		{"SELECT CONCAT(g), CAST(g AS CHAR) FROM g ORDER BY id", "10000000000,10000000000 123456789012.5,123456789012.5 0.000015,0.000015"},
	} {
		// The mariadb CLI prints the text the server sent; go-sql-driver
		// parses a DOUBLE column's text into a float64, and
		// database/sql formats that again with Go's 'g'.
		got := strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(cliRun(t, ts, "ff", c.q), "\t", ","), "\n", " ")), " ")
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
