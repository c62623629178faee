package server

import (
	"context"
	"testing"
)

// TestJSONStringCasts: a JSON string cast to DECIMAL, an integer or DOUBLE
// is its numeric prefix with warning 3156 when that is not all of it, as
// MySQL 8.0's Json_wrapper::coerce_decimal / coerce_int / coerce_real read
// it (MariaDB has no JSON type; the answers are from MySQL's source). GMS
// answered 0 without a warning.
func TestJSONStringCasts(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	cases := []struct {
		expr, want, warn string
	}{
		{`CAST(CAST('"12abc"' AS JSON) AS DECIMAL)`, "12", "3156"},
		{`CAST(CAST('"12.5"' AS JSON) AS DECIMAL(5,2))`, "12.50", ""},
		{`CAST(CAST('"1e3"' AS JSON) AS DECIMAL)`, "1000", ""},
		{`CAST(CAST('"abc"' AS JSON) AS DECIMAL)`, "0", "3156"},
		{`CAST(CAST('"12.7"' AS JSON) AS SIGNED)`, "12", "3156"},
		{`CAST(CAST('" 42"' AS JSON) AS SIGNED)`, "42", ""},
		{`CAST(CAST('"-7x"' AS JSON) AS SIGNED)`, "-7", "3156"},
		{`CAST(CAST('"abc"' AS JSON) AS UNSIGNED)`, "0", "3156"},
		{`CAST(CAST('"99999999999999999999"' AS JSON) AS UNSIGNED)`, "18446744073709551615", "3155"},
		// coerce_int returns my_strtoll10's ULLONG_MAX as a longlong: -1.
		{`CAST(CAST('"99999999999999999999"' AS JSON) AS SIGNED)`, "-1", "3155"},
		{`CAST(CAST('"18446744073709551615"' AS JSON) AS SIGNED)`, "-1", ""},
		{`CAST(CAST('"2.5x"' AS JSON) AS DOUBLE)`, "2.5", "3156"},
		{`CAST(CAST('[1]' AS JSON) AS DOUBLE)`, "0", "3156"},
		{`CAST(CAST('2.5' AS JSON) AS SIGNED)`, "2", ""},
	}
	for _, c := range cases {
		// From a derived table: a SELECT that uses no table and raises
		// no warning leaves the previous statement's listed, as MySQL.
		got := connRows(t, conn, "SELECT "+c.expr+" FROM (SELECT 1) AS one")
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s = %q, want %s", c.expr, got, c.want)
		}
		if w := warningCodes(t, conn); w != c.warn {
			t.Errorf("%s: warnings %q, want %q", c.expr, w, c.warn)
		}
	}
	if _, err := conn.ExecContext(context.Background(), "CREATE DATABASE js"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"USE js", "CREATE TABLE j (id INT PRIMARY KEY, d JSON)",
		`INSERT INTO j VALUES (1, '"1"'), (2, '"x"'), (3, '"7abc"'), (4, '{"n": "15kg"}')`} {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	want := []string{"1,1,1.0,NULL", "2,0,0.0,NULL", "3,7,7.0,NULL", "4,0,0.0,15"}
	if got := connRows(t, conn, "SELECT id, CAST(d AS SIGNED), CAST(d AS DECIMAL(5,1)), CAST(d->'$.n' AS UNSIGNED) FROM j ORDER BY id"); len(got) != len(want) ||
		got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("casts of a JSON column: %q, want %q", got, want)
	}
}
