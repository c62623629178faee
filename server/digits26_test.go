package server

import (
	"strings"
	"testing"
)

// TestRoundDecimalsText: ROUND(x, D) and TRUNCATE(x, D) of a DOUBLE (or of
// a string) print D decimals in the text protocol whatever x's decimals,
// as MySQL's Item_func_round::resolve_type fixes them and my_fcvt prints
// them (ROUND(f, 2) of 2.5 is "2.50"); Myriad printed the shortest DOUBLE
// unless x read a FLOAT(M,D) column. Found by the differential corpus once
// it compared the servers' text (digits26). Read through the mariadb CLI,
// which shows the text protocol's bytes; expected values are MariaDB
// 10.11's, which prints as MySQL 8.0 here.
func TestRoundDecimalsText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE rd")
	mustExec(t, db, "CREATE TABLE rd.g (id INT PRIMARY KEY, f DOUBLE, i INT, k VARCHAR(5))")
	mustExec(t, db, "INSERT INTO rd.g VALUES (1, 2.5, 7, 'a'), (2, 1e20, 8, 'a'), (3, -7.75, 9, 'b')")
	for _, c := range []struct{ q, want string }{
		{"SELECT id, ROUND(f, 2), TRUNCATE(f, 1), ROUND(f), ROUND(f, -1) FROM g ORDER BY id",
			"1,2.50,2.5,2,0 2,100000000000000000000.00,100000000000000000000.0,100000000000000000000,100000000000000000000 3,-7.75,-7.7,-8,-10"},
		{"SELECT ROUND(1.5e0, 3), TRUNCATE(1e2, 1), TRUNCATE('abc', 1), ROUND('2.5', 2), ROUND(1e20)", "1.500,100.0,0.0,2.50,100000000000000000000"},
		{"SELECT k, ROUND(STD(i), 6), ROUND(AVG(f), 1) * 2 FROM g GROUP BY k ORDER BY k", "a,0.500000,100000000000000000000.0 b,0.000000,-15.6"},
		{"SELECT id, ROUND(VAR_POP(i) OVER (PARTITION BY k), 3) FROM g ORDER BY id", "1,0.250 2,0.250 3,0.000"},
		// Not fixed: an INT argument's result is a BIGINT, a D past 30 or
		// a column D leaves the shortest DOUBLE.
		{"SELECT ROUND(i, 2), ROUND(f, 40), ROUND(f, i) FROM g WHERE id = 1", "7,2.5,2.5"},
	} {
		got := strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(cliRun(t, ts, "rd", c.q), "\t", ","), "\n", " ")), " ")
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}

// TestDigits26Texts: printed digits the differential corpus found once it
// compared the servers' text (digits26). A ZEROFILL column read through a
// CTE is padded, as through a derived table (MySQL materializes both);
// a UNION's result column is a new field of the aggregated type
// (Item::tmp_table_field_from_field_type), never ZEROFILL, so it is not
// padded; a FLOAT(M,D)/DOUBLE(M,D) value that rounds to zero is stored as
// +0 (Field_real::truncate adds the rounded fraction to floor(v)), so it
// prints 0.0000, not -0.0000. Expected values are MariaDB 10.11's, which
// prints as MySQL 8.0 here.
func TestDigits26Texts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE dg")
	mustExec(t, db, "CREATE TABLE dg.z (id INT PRIMARY KEY, t TINYINT(3) ZEROFILL, i INT(6) ZEROFILL, d DOUBLE(10,4), f FLOAT(6,2))")
	mustExec(t, db, "INSERT INTO dg.z VALUES (1, 5, 42, -0.00005, -0.001), (2, 255, 0, -0.00004, 0.004), (3, NULL, 7, -0.0, -0.0)")
	for _, c := range []struct{ q, want string }{
		{"WITH c AS (SELECT id, t, i FROM z) SELECT t, i FROM c ORDER BY id", "005,000042 255,000000 NULL,000007"},
		{"WITH c (x, y) AS (SELECT t, i FROM z) SELECT a.x, a.y FROM c a JOIN z ON z.t = a.x ORDER BY a.x", "005,000042 255,000000"},
		{"SELECT t FROM z WHERE id = 1 UNION ALL SELECT t FROM z WHERE id = 2", "5 255"},
		{"SELECT i FROM z WHERE id = 1 UNION SELECT t FROM z WHERE id = 2", "42 255"},
		{"SELECT t FROM z WHERE id = 1", "005"},
		{"SELECT id, d, f, LENGTH(d), CONCAT(f) FROM z ORDER BY id", "1,0.0000,0.00,6,0.00 2,0.0000,0.00,6,0.00 3,0.0000,0.00,6,0.00"},
	} {
		got := strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(cliRun(t, ts, "dg", c.q), "\t", ","), "\n", " ")), " ")
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
