package server

import (
	"database/sql"
	"strings"
	"testing"
)

// TestScaledFloatText: a FLOAT(M,D)/DOUBLE(M,D) column read as a string is
// its value with D decimals, as MySQL's Field_double::val_str writes it:
// CONCAT(f) was '1.5' and `WHERE f LIKE '10.00'` found no row (issue #9).
// Numeric positions keep the number. Expected values are MariaDB 10.11's.
func TestScaledFloatText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE fx")
	mustExec(t, db, "CREATE TABLE fx.d (id INT PRIMARY KEY, f DOUBLE(10,2), g FLOAT(7,3))")
	mustExec(t, db, "INSERT INTO fx.d VALUES (1, 1.5, 2.25), (2, 10, -0.5), (3, 123.456, 1), (4, NULL, NULL)")
	rows := func(q string) string {
		t.Helper()
		rs, err := db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rs.Close()
		cols, _ := rs.Columns()
		var out []string
		for rs.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rs.Scan(ptrs...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			var row []string
			for _, v := range vals {
				if v.Valid {
					row = append(row, v.String)
				} else {
					row = append(row, "NULL")
				}
			}
			out = append(out, strings.Join(row, ","))
		}
		if err := rs.Err(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT CONCAT(f), LENGTH(f), f LIKE '10.00', CONCAT(g), UPPER(f), SUBSTRING(f, 1), CAST(f AS CHAR) FROM fx.d ORDER BY id",
			"1.50,4,0,2.250,1.50,1.50,1.50 10.00,5,1,-0.500,10.00,10.00,10.00 123.46,6,0,1.000,123.46,123.46,123.46 NULL,NULL,NULL,NULL,NULL,NULL,NULL"},
		{"SELECT id FROM fx.d WHERE f LIKE '10.00'", "2"},
		{"SELECT GROUP_CONCAT(f ORDER BY id) FROM fx.d", "1.50,10.00,123.46"},
		{"SELECT CONCAT_WS('-', f, g), LEFT(f, 3), RIGHT(g, 3), LPAD(f, 8, '*'), REPLACE(f, '0', 'x'), REVERSE(f), INSTR(f, '.'), QUOTE(f) FROM fx.d WHERE id = 2",
			"10.00--0.500,10.,500,***10.00,1x.xx,00.01,3,'10.00'"},
		{"SELECT CONCAT(x.f, '|', y.g) FROM fx.d x JOIN fx.d y ON x.id = y.id WHERE x.id = 1", "1.50|2.250"},
		{"SELECT IF(1, f, 'x'), COALESCE(f, 'n'), IFNULL(g, 'n'), CASE WHEN id = 1 THEN g ELSE 'x' END FROM fx.d WHERE id = 1", "1.50,1.50,2.250,2.250"},
		// Numeric positions and comparisons stay numeric.
		{"SELECT ROUND(f), FORMAT(f, 1), SUBSTRING('abcdef', f), f = '10.00' FROM fx.d WHERE id = 2", "10,10.0,,1"},
	} {
		if got := rows(c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// Into a TEXT or BLOB column INSERT ... SELECT and UPDATE store the
	// column's val_str; into a VARCHAR the double (field_conv_slow).
	mustExec(t, db, "CREATE TABLE fx.w (id INT PRIMARY KEY, s VARCHAR(20), t TEXT, b BLOB)")
	mustExec(t, db, "INSERT INTO fx.w SELECT id, f, g, f FROM fx.d")
	if got, want := rows("SELECT s, t, b FROM fx.w ORDER BY id"), "1.5,2.250,1.50 10,-0.500,10.00 123.46,1.000,123.46 NULL,NULL,NULL"; got != want {
		t.Errorf("INSERT ... SELECT: %q, want %q", got, want)
	}
	mustExec(t, db, "UPDATE fx.w JOIN fx.d USING (id) SET w.s = d.g, w.t = d.f, w.b = d.g")
	if got, want := rows("SELECT s, t, b FROM fx.w WHERE id = 2"), "-0.5,10.00,-0.500"; got != want {
		t.Errorf("UPDATE: %q, want %q", got, want)
	}
	// A DOUBLE result column of IF/CASE over the column has its D
	// decimals (result field decimals): the text protocol prints them.
	for _, c := range []struct{ q, want string }{
		{"SELECT IF(1, f, 2), CASE WHEN 1 THEN f END, CASE id WHEN 1 THEN g ELSE f END FROM d WHERE id < 3 ORDER BY id",
			"1.50,1.50,2.250 10.00,10.00,10.000"},
		// A UNION's decimals are the largest of its branches', not fixed
		// when a branch's are not (Item_aggregate_type): the field named
		// the first branch's column, whose D it printed.
		{"SELECT f FROM d WHERE id < 3 UNION SELECT 1.5e0 ORDER BY 1", "1.5 10"},
		{"SELECT f FROM d WHERE id < 3 UNION ALL SELECT g FROM d WHERE id = 1 ORDER BY 1", "1.500 2.250 10.000"},
		{"SELECT f FROM d WHERE id = 1 UNION SELECT 2 ORDER BY 1", "1.50 2.00"},
	} {
		got := strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(cliRun(t, ts, "fx", c.q), "\t", ","), "\n", " ")), " ")
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
