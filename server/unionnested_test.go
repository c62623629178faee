package server

import (
	"database/sql"
	"strings"
	"testing"
)

// A three-way UNION is nested as Union(Union(a, b), c) by GMS, so the
// outer UNION sees the inner one's column as the CHAR GMS converted it
// to: TIME(2) UNION TIME(6) UNION TIME(2) printed the inner rows with six
// digits and the outer TIME(2) row with two (issue #9). MySQL types the
// whole column with the largest precision, and so does it for DATETIME(n)
// (GMS printed each side's value with that side's digits) and for the
// numeric union types (unionNumberColumn).
func TestNestedUnionColumnTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, t2 TIME(2), t6 TIME(6), dt2 DATETIME(2), dt3 DATETIME(3), d2 DECIMAL(10,2), d4 DECIMAL(12,4), i INT)")
	mustExec(t, db, "INSERT INTO d.t VALUES (1, '10:00:00.12', '11:00:00.123456', '2024-01-02 10:00:00.12', '2024-01-02 11:00:00.12', 1.25, 2.0625, 7)")
	text := ts.connectWith("d", "interpolateParams=true")
	binary := ts.connectWith("d", "interpolateParams=false")
	for _, c := range []struct{ q, want string }{
		{"SELECT t2 FROM t UNION SELECT t6 FROM t UNION SELECT t2 FROM t ORDER BY 1",
			"10:00:00.120000|11:00:00.123456"},
		{"SELECT t6 FROM t UNION ALL SELECT t2 FROM t UNION ALL SELECT t2 FROM t ORDER BY 1",
			"10:00:00.120000|10:00:00.120000|11:00:00.123456"},
		{"SELECT t2 FROM t UNION SELECT t2 FROM t UNION SELECT t6 FROM t ORDER BY 1",
			"10:00:00.120000|11:00:00.123456"},
		{"SELECT t2 FROM t UNION SELECT t6 FROM t UNION SELECT t6 FROM t UNION SELECT t2 FROM t ORDER BY 1",
			"10:00:00.120000|11:00:00.123456"},
		{"SELECT dt2 FROM t UNION SELECT dt3 FROM t ORDER BY 1",
			"2024-01-02 10:00:00.120|2024-01-02 11:00:00.120"},
		{"SELECT dt2 FROM t UNION SELECT dt3 FROM t UNION SELECT dt2 FROM t ORDER BY 1",
			"2024-01-02 10:00:00.120|2024-01-02 11:00:00.120"},
		{"SELECT d2 FROM t UNION SELECT d4 FROM t UNION SELECT d2 FROM t ORDER BY 1",
			"1.2500|2.0625"},
		{"SELECT i FROM t UNION SELECT d2 FROM t UNION SELECT i FROM t ORDER BY 1",
			"1.25|7.00"},
		{"SELECT t2, d2 FROM t UNION SELECT t6, d4 FROM t UNION SELECT t2, i FROM t ORDER BY 1, 2",
			"10:00:00.120000 1.2500|10:00:00.120000 7.0000|11:00:00.123456 2.0625"},
	} {
		if got := joinRows(queryRows(t, text, c.q)); got != c.want {
			t.Errorf("%s: %s, want %s (text)", c.q, got, c.want)
		}
		// A parameter makes go-sql-driver prepare the statement.
		bq := strings.Replace(c.q, "FROM t", "FROM t WHERE id > ?", 1)
		if got := joinRows(queryRows(t, binary, bq, 0)); got != c.want {
			t.Errorf("%s: %s, want %s (binary)", c.q, got, c.want)
		}
	}
}

// SUM and AVG of DECIMAL (and integers) are DECIMAL in MySQL, but GMS's
// planner typed the UNION before this package's aggregates gave them
// their types: `SELECT SUM(d) ... UNION SELECT 1` was DOUBLE with the row
// 1 (MySQL: DECIMAL, 1.00), `SELECT AVG(d) ... UNION SELECT 1` and
// `SELECT SUM(d) ... UNION ALL SELECT dbl` failed with GMS's 1105 "the
// schema of the left side of union does not match the right side".
func TestUnionAggregateTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, f DOUBLE, d DECIMAL(10,2))")
	mustExec(t, db, "INSERT INTO d.t VALUES (1, 1.5, 2.25)")
	text := ts.connectWith("d", "interpolateParams=true")
	binary := ts.connectWith("d", "interpolateParams=false")
	for _, c := range []struct{ q, want, typ string }{
		{"SELECT SUM(d) FROM t UNION SELECT 1 ORDER BY 1", "1.00|2.25", "DECIMAL"},
		{"SELECT 1 UNION SELECT SUM(d) FROM t ORDER BY 1", "1.00|2.25", "DECIMAL"},
		{"SELECT AVG(d) FROM t UNION SELECT 1 ORDER BY 1", "1.000000|2.250000", "DECIMAL"},
		{"SELECT AVG(id) FROM t UNION SELECT 1.5 ORDER BY 1", "1.0000|1.5000", "DECIMAL"},
		{"SELECT SUM(d) FROM t UNION ALL SELECT f FROM t ORDER BY 1", "1.5|2.25", "DOUBLE"},
		{"SELECT SUM(d) FROM t UNION SELECT 1 UNION SELECT 2.5 ORDER BY 1", "1.00|2.25|2.50", "DECIMAL"},
		{"SELECT SUM(d) FROM t UNION ALL SELECT SUM(d) FROM t UNION ALL SELECT f FROM t ORDER BY 1", "1.5|2.25|2.25", "DOUBLE"},
		{"SELECT SUM(d) FROM t UNION ALL SELECT SUM(d) FROM t UNION ALL SELECT 1 ORDER BY 1", "1.00|2.25|2.25", "DECIMAL"},
		{"SELECT x FROM (SELECT SUM(d) x FROM t UNION SELECT 2) dd ORDER BY 1", "2.00|2.25", "DECIMAL"},
	} {
		for _, side := range []struct {
			name string
			db   *sql.DB
			q    string
			args []any
		}{
			{"text", text, c.q, nil},
			// A parameter makes go-sql-driver prepare the statement.
			{"binary", binary, strings.Replace(c.q, "FROM t", "FROM t WHERE id > ?", 1), []any{0}},
		} {
			rows, err := side.db.Query(side.q, side.args...)
			if err != nil {
				t.Errorf("%s (%s): %v", side.q, side.name, err)
				continue
			}
			cts, err := rows.ColumnTypes()
			if err != nil {
				t.Fatal(err)
			}
			if got := cts[0].DatabaseTypeName(); got != c.typ {
				t.Errorf("%s (%s): type %s, want %s", side.q, side.name, got, c.typ)
			}
			var got []string
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				got = append(got, s)
			}
			rows.Close()
			if g := strings.Join(got, "|"); g != c.want {
				t.Errorf("%s (%s): %s, want %s", side.q, side.name, g, c.want)
			}
		}
	}
}
