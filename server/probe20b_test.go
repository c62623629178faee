package server

import "testing"

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
