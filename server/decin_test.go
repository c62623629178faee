package server

import "testing"

// TestDecimalInList: x IN (...) compares x with each DECIMAL element
// exactly, not after rounding x to the element's scale (0.0625 IN (0.1)
// was true in WHERE: GMS's InTuple converted 0.0625 to DECIMAL(1,1)). The
// select-list and WHERE forms must agree, as MySQL's do (oracle seed
// 1795820666853450683).
func TestDecimalInList(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t0 (c0 DECIMAL(8,2), f DOUBLE, i INT)")
	mustExec(t, db, "INSERT INTO d.t0 VALUES (0.25, 0.0625, 1)")
	for _, c := range []struct{ cond, want string }{
		{"(c0 * c0) NOT IN (0.1, -3)", "1"},
		{"(c0 * c0) IN (0.1, -3)", "0"},
		{"(c0 * c0) IN (0.0625, -3)", "1"},
		{"c0 IN (0.3, 7)", "0"},
		{"c0 IN (0.250, 7)", "1"},
		{"c0 NOT IN (0.2, 7)", "1"},
		{"f IN (0.1, 7)", "0"},
		{"f IN (0.0625, 7)", "1"},
		{"f IN (0.06250000000000000001, 7)", "1"}, // compared as DOUBLE, as MySQL does
		{"f IN (0.0625000001, 7)", "0"},
		{"i IN (1.4, 7)", "0"},
		{"i IN (1.0, 7)", "1"},
		{"(c0 * c0) IN (0.1, 1e0)", "0"},
		{"(c0 * c0) IN (NULL, 0.1)", "NULL"},
		{"(c0 * c0) = ANY (SELECT 0.1)", "0"},
		{"(c0 * c0) IN (SELECT 0.1 UNION SELECT -3)", "0"},
		{"(c0 * c0) NOT IN (SELECT 0.1)", "1"},
		{"f = ANY (SELECT 0.1)", "0"},
	} {
		rows, err := db.Query("SELECT " + c.cond + " FROM d.t0")
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.want {
			t.Errorf("SELECT %s: %s, want %s", c.cond, got, c.want)
		}
		want := "0"
		if c.want == "1" {
			want = "1"
		}
		rows, err = db.Query("SELECT COUNT(*) FROM d.t0 WHERE " + c.cond)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != want {
			t.Errorf("WHERE %s: count %s, want %s", c.cond, got, want)
		}
	}
}
