package server

import "testing"

// TestInsertColumnSubsetDSTZone: an INSERT naming fewer columns than the
// table has, under a time zone with DST, runs (stampcopy's check of the
// source's columns read the type of a column the INSERT does not name,
// its DEFAULT with no type, and the server dropped the connection).
func TestInsertColumnSubsetDSTZone(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, ny, "DROP TABLE IF EXISTS x")
		mustExec(t, ny, "CREATE TABLE x (id INT PRIMARY KEY, a INT, ts TIMESTAMP NULL)")
		mustExec(t, ny, "INSERT INTO x (id) VALUES (?)", 1)
		mustExec(t, ny, "INSERT INTO x (id, ts) SELECT ?, '2026-11-01 01:30:00'", 2)
		if got := joinRows(queryRows(t, ny, "SELECT id, a, CAST(ts AS CHAR) FROM x ORDER BY id")); got != "1 NULL NULL|2 NULL 2026-11-01 01:30:00" {
			t.Errorf("binary=%v: %s", binary, got)
		}
	}
}
