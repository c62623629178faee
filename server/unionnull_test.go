package server

import (
	"strings"
	"testing"
)

// TestUnionWithNullKeepsType: a UNION column whose other side is NULL has
// the column's own type, as MySQL (Item_type_holder) and MariaDB type it;
// GMS made a VARCHAR LONGTEXT (TEXT to the client), an INT and a SMALLINT
// BIGINT, a DATE LONGTEXT with a time of day in its value.
func TestUnionWithNullKeepsType(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE un")
	db = ts.connect("un")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10), i INT, si SMALLINT, dt DATE)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'ab', 7, -3, '2024-01-02')")
	for _, c := range []struct{ q, types, rows string }{
		{"SELECT v, i, si, dt FROM t UNION ALL SELECT NULL, NULL, NULL, NULL", "VARCHAR INT SMALLINT DATE", "ab,7,-3,2024-01-02T00:00:00Z NULL,NULL,NULL,NULL"},
		{"SELECT NULL, NULL FROM t UNION ALL SELECT v, i FROM t", "VARCHAR INT", "NULL,NULL ab,7"},
		{"SELECT v, i FROM t UNION SELECT NULL, NULL", "VARCHAR INT", "ab,7 NULL,NULL"},
	} {
		rows, err := db.Query(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		cts, err := rows.ColumnTypes()
		rows.Close()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, ct := range cts {
			names = append(names, ct.DatabaseTypeName())
		}
		if got := strings.Join(names, " "); got != c.types {
			t.Errorf("%s: types %s, want %s", c.q, got, c.types)
		}
		if got := rowsText(t, ts, "un", c.q); got != c.rows {
			t.Errorf("%s: %q, want %q", c.q, got, c.rows)
		}
	}
}
