package server

import (
	"context"
	"errors"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestDecimalStoredWithColumnScale: a value with fewer fractional digits
// than a DECIMAL(M,D) column, given in exponent form ('1e2', 1e2, 2e1 as a
// DEFAULT), is stored and read back with D digits, as MySQL stores a
// fixed-point value. GMS kept the exponent: the column read 100 and d*1
// read 100 where MySQL prints 100.00.
func TestDecimalStoredWithColumnScale(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE d",
		"CREATE TABLE d.x (d DECIMAL(5,2) PRIMARY KEY, e DECIMAL(6,1), KEY (e))",
		"INSERT INTO d.x VALUES ('1e2', 1e1), (2e0, '3e1')",
		"UPDATE d.x SET e = 2e2 WHERE d = 2",
		"INSERT INTO d.x VALUES (2, 5) ON DUPLICATE KEY UPDATE e = e + 4e1",
		"REPLACE INTO d.x VALUES (5e1, 5e1)",
		"INSERT INTO d.x SELECT d + 1e2, e * 1e1 FROM d.x WHERE d < 100",
		"CREATE TABLE d.z (d DECIMAL(5,2) DEFAULT 1e1, g DECIMAL(7,3) AS (d * 1) STORED)",
		"INSERT INTO d.z (d) VALUES (DEFAULT), (2e1)",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT d, e FROM d.x ORDER BY d", "2.00 240.0|50.00 50.0|100.00 10.0|102.00 2400.0|150.00 500.0"},
		{"SELECT d * 1, e * 1 FROM d.x WHERE d = 100", "100.00 10.0"},
		{"SELECT e FROM d.x WHERE e > 100 ORDER BY e", "240.0|500.0|2400.0"},
		{"SELECT d, g FROM d.z ORDER BY d", "10.00 10.000|20.00 20.000"},
	} {
		if got := joinRows(queryRows(t, db, c.q)); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
}

// TestExpressionDefaultOfValuesRow: an expression DEFAULT that a VALUES
// tuple asks for (the DEFAULT keyword, or `() VALUES ()`) reads the row
// being inserted, as in MySQL. GMS evaluated it without a row: d INT
// DEFAULT (a * 10) was stored NULL without a warning, and `(d) VALUES
// (DEFAULT)` failed with "unable to find field with index -1".
func TestExpressionDefaultOfValuesRow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE d",
		"CREATE TABLE d.df (id INT PRIMARY KEY, a INT DEFAULT (1 + 1), b VARCHAR(10) DEFAULT 'q', d INT DEFAULT (a * 10), e INT DEFAULT (LENGTH(b) + d))",
		"INSERT INTO d.df (id) VALUES (1)",
		"INSERT INTO d.df VALUES (2, DEFAULT, DEFAULT, DEFAULT, DEFAULT)",
		"INSERT INTO d.df (id, d) VALUES (3, DEFAULT)",
		"INSERT INTO d.df (id, b, d, e) VALUES (4, 'abc', DEFAULT, DEFAULT)",
		"INSERT INTO d.df VALUES (5, '7', DEFAULT, DEFAULT, DEFAULT), (6, DEFAULT, 'xy', 1, DEFAULT)",
		"CREATE TABLE d.dz (a INT DEFAULT (1 + 1), d INT DEFAULT (a * 10))",
		"INSERT INTO d.dz () VALUES ()",
		"INSERT INTO d.dz VALUES ()",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT * FROM d.df ORDER BY id", "1 2 q 20 21|2 2 q 20 21|3 2 q 20 21|4 2 abc 20 23|5 7 q 70 71|6 2 xy 1 3"},
		{"SELECT * FROM d.dz", "2 20|2 20"},
	} {
		if got := joinRows(queryRows(t, db, c.q)); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
}

// TestUnsignedIntegerRange: a value for an integer UNSIGNED column is
// rounded as MySQL rounds it and then range-checked: 1264 under a strict
// sql_mode, else the nearest end of the range with a warning. GMS wrapped
// it silently: '300' was stored 44 in a TINYINT UNSIGNED, 255.5 0 and
// '70000' 4464 in a SMALLINT UNSIGNED, even under STRICT_TRANS_TABLES.
func TestUnsignedIntegerRange(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE uir", "USE uir",
		"CREATE TABLE u (id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY, ti TINYINT UNSIGNED, si SMALLINT UNSIGNED, bu BIGINT UNSIGNED)"} {
		mustExec(t, conn, q)
	}
	for _, q := range []string{
		"INSERT INTO u (ti) VALUES ('300')",
		"INSERT INTO u (ti) VALUES (255.5)",
		"INSERT INTO u (ti) VALUES (-0.4)",
		"INSERT INTO u (si) VALUES ('70000')",
		"INSERT INTO u (bu) VALUES ('18446744073709551616')",
		"INSERT INTO u (ti) SELECT 300",
	} {
		_, err := conn.ExecContext(context.Background(), q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1264 {
			t.Errorf("%s: %v, want error 1264", q, err)
		}
	}
	for _, q := range []string{
		"INSERT INTO u (ti, si, bu) VALUES (254.5, '65535.4', 18446744073709551615)",
		"INSERT IGNORE INTO u (ti, si, bu) VALUES ('300', '70000', '18446744073709551616')",
		"SET sql_mode = ''",
		"INSERT INTO u (ti, si, bu) VALUES (255.5, 65535.5, 18446744073709551615.5)",
		"INSERT INTO u (ti, si, bu) VALUES (254.5e0, '-1', '1e30')",
		"UPDATE u SET ti = '256' WHERE si = 0",
	} {
		mustExec(t, conn, q)
	}
	want := "255 65535 18446744073709551615|255 65535 18446744073709551615|255 65535 18446744073709551615|255 0 18446744073709551615"
	rows, err := conn.QueryContext(context.Background(), "SELECT ti, si, bu FROM u ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	if got := joinRows(scanRows(t, rows)); got != want {
		t.Errorf("rows: %s, want %s", got, want)
	}
}

// TestStrictBlankNumber: under a strict sql_mode a string of spaces only
// (the empty string included) stored into an integer or DECIMAL column fails with 1366,
// as in MySQL (Field_num::check_int); GMS stored 0 without a warning, in
// INSERT ... VALUES and UPDATE alike. A statement matching no row, or
// IGNORE, still succeeds.
func TestStrictBlankNumber(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE sbn", "USE sbn",
		"CREATE TABLE z (id INT PRIMARY KEY, i INT, de DECIMAL(5,2), u INT UNSIGNED)",
		"INSERT INTO z VALUES (1, 1, 1, 1)"} {
		mustExec(t, conn, q)
	}
	for _, q := range []string{
		"INSERT INTO z (id, i) VALUES (2, '')",
		"INSERT INTO z (id, i) VALUES (2, 3), (3, '  ')",
		"INSERT INTO z (id, de) VALUES (2, '')",
		"INSERT INTO z (id, u) VALUES (2, '')",
		"UPDATE z SET i = ''",
		"UPDATE z SET de = ' '",
	} {
		_, err := conn.ExecContext(context.Background(), q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1366 {
			t.Errorf("%s: %v, want error 1366", q, err)
		}
	}
	mustExec(t, conn, "UPDATE z SET i = '' WHERE id = 5")
	mustExec(t, conn, "INSERT IGNORE INTO z (id, i) VALUES (4, '')")
	mustExec(t, conn, "UPDATE z SET i = '7' WHERE id = 1")
	rows, err := conn.QueryContext(context.Background(), "SELECT id, i, de, u FROM z ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := joinRows(scanRows(t, rows)), "1 7 1.00 1|4 0 NULL NULL"; got != want {
		t.Errorf("rows: %s, want %s", got, want)
	}
}
