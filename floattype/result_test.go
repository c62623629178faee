package floattype

import (
	"reflect"
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// TestResultColumns: the decimals derived for each select expression over
// f (a FLOAT(7,4), b DOUBLE(10,2), c FLOAT, k INT) are MariaDB 10.11's
// (PyMySQL cursor.description on the same table), where they follow from
// declared scales; the rest stay not OK (NOT_FIXED_DEC).
func TestResultColumns(t *testing.T) {
	lookup := func(db, table, column string) (uint8, uint8, bool) {
		if db != "fz" || table != "f" {
			return 0, 0, false
		}
		switch column {
		case "a", "A":
			return 7, 4, true
		case "b":
			return 10, 2, true
		}
		return 0, 0, false
	}
	bare := func(m, d uint8) Column { return Column{M: m, D: d, Bare: true, OK: true} }
	dec := func(d uint8) Column { return Column{D: d, OK: true} }
	none := Column{}
	for _, c := range []struct {
		q    string
		want []Column
	}{
		{"SELECT a AS x, b AS y, c, k FROM fz.f", []Column{bare(7, 4), bare(10, 2), none, none}},
		{"SELECT t.a, t.b, fz.f.a FROM fz.f t", []Column{bare(7, 4), bare(10, 2), none}},
		{"SELECT f.A FROM f", []Column{bare(7, 4)}},
		{"SELECT a+1, b*2, a+b, -a, ABS(a), a-1.50, a*1e3 FROM fz.f", []Column{dec(4), dec(2), dec(4), dec(4), dec(4), dec(4), none}},
		{"SELECT SUM(a), MIN(a), MAX(b), AVG(a), AVG(b) FROM fz.f", []Column{dec(4), dec(4), dec(2), dec(8), dec(6)}},
		{"SELECT k, SUM(a) s FROM fz.f GROUP BY k", []Column{none, dec(4)}},
		{"SELECT a+c, c+1, a/2, ROUND(a,1), ROUND(a), COALESCE(a,b), IFNULL(a, 0), (SELECT MAX(a) FROM fz.f) AS m, a+k FROM fz.f",
			[]Column{none, none, dec(8), dec(1), dec(0), dec(4), dec(4), dec(4), none}},
		// Derived tables and scalar subqueries pass their columns on (fix24b).
		{"SELECT x FROM (SELECT a AS x FROM fz.f) d", []Column{{M: 7, D: 4, Bare: true, OK: true}}},
		{"SELECT y * 2 FROM (SELECT * FROM fz.f) AS d (y, z)", []Column{none}},
		{"SELECT a FROM (SELECT * FROM fz.f) d", []Column{{M: 7, D: 4, Bare: true, OK: true}}},
		// A CTE is read as the derived table it is (digits26); a
		// recursive one is not.
		{"WITH c AS (SELECT a, b FROM fz.f) SELECT a, x.b * 2 FROM c AS x", []Column{bare(7, 4), dec(2)}},
		{"WITH c (y) AS (SELECT a FROM fz.f) SELECT y FROM c JOIN fz.g", []Column{bare(7, 4)}},
		{"WITH RECURSIVE c AS (SELECT a FROM fz.f) SELECT a FROM c", nil},
		{"SELECT (SELECT a FROM fz.f)", []Column{{M: 7, D: 4, Bare: true, OK: true}}},
		{"SELECT a FROM fz.f UNION SELECT b FROM fz.f", nil},
		{"SELECT *, a FROM fz.f", nil},
		// A join's columns (fix24b): the one table that has the column.
		{"SELECT a FROM fz.f JOIN fz.g", []Column{bare(7, 4)}},
		{"SELECT x.a * 2, y.a, x.b FROM fz.f x JOIN fz.f y ON x.k = y.k", []Column{dec(4), bare(7, 4), bare(10, 2)}},
		{"SELECT a FROM fz.f x JOIN fz.f y ON x.k = y.k", []Column{none}},
		{"SELECT a FROM fz.f JOIN fz.g USING (k)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.f JOIN fz.g USING (a)", []Column{none}},
		{"SELECT a FROM fz.f NATURAL JOIN fz.g", []Column{none}},
		{"SELECT s.a FROM fz.g JOIN (SELECT a FROM fz.f) s ON 1", []Column{bare(7, 4)}},
		{"SELECT g.a FROM fz.f", []Column{none}},
		{"SELECT AVG(1), ROUND(1.5e0, 1), 1.25 + 1, AVG(-a) FROM fz.f", []Column{none, dec(1), none, dec(8)}},
		// ROUND and TRUNCATE fix their literal D whatever their argument
		// (digits26): MySQL prints ROUND(c, 2) of a DOUBLE 2.5 as 2.50.
		{"SELECT ROUND(c, 2), TRUNCATE(c, 1) + 1, ROUND(c), ROUND(c, -1), ROUND(c, 40), ROUND(c, k), ROUND(STD(c), 3) * 2 FROM fz.f",
			[]Column{dec(2), dec(1), dec(0), dec(0), none, none, dec(3)}},
	} {
		stmt, err := ast.Parse(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		db := "fz"
		if got := ResultColumns(stmt, db, 4, lookup); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.q, got, c.want)
		}
	}
	// With a lookup that tells which tables have a column (fix25b): a
	// merged column is the leftmost table's; g has a (DOUBLE) and k.
	known := func(db, table, column string) (uint8, uint8, bool) {
		if db == "fz" && table == "g" {
			switch column {
			case "a", "k":
				return Present, 0, false
			}
			return Absent, 0, false
		}
		if m, d, ok := lookup(db, table, column); ok || db != "fz" || table != "f" {
			return m, d, ok
		}
		switch column {
		case "c", "k":
			return Present, 0, false
		}
		return Absent, 0, false
	}
	for _, c := range []struct {
		q    string
		want []Column
	}{
		{"SELECT a, b FROM fz.f NATURAL JOIN fz.g", []Column{bare(7, 4), bare(10, 2)}},
		{"SELECT a, b FROM fz.g NATURAL JOIN fz.f", []Column{none, bare(10, 2)}},
		{"SELECT a FROM fz.f JOIN fz.g USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.g RIGHT JOIN fz.f USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.f RIGHT JOIN fz.g USING (a)", []Column{none}},
		// At each level a merged column is the left operand's, a RIGHT
		// join's the right operand's (fix26a; MariaDB 10.11 prints so).
		{"SELECT a FROM fz.g RIGHT JOIN fz.f USING (a) JOIN fz.g x USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.f JOIN fz.g USING (a) RIGHT JOIN fz.g x USING (a)", []Column{none}},
		{"SELECT a FROM fz.g JOIN fz.g y USING (a) RIGHT JOIN fz.f USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.f RIGHT JOIN fz.g USING (a) RIGHT JOIN fz.f y USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.g RIGHT JOIN (fz.f JOIN fz.g y USING (a)) USING (a)", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.f NATURAL RIGHT JOIN fz.g NATURAL JOIN fz.f y", []Column{none}},
		// A derived `SELECT *` over a join has its members' columns.
		{"SELECT a FROM (SELECT * FROM fz.f JOIN fz.g USING (a, k)) d NATURAL JOIN fz.g", []Column{bare(7, 4)}},
		{"SELECT a FROM fz.g NATURAL JOIN (SELECT * FROM fz.g JOIN fz.f USING (a, k)) d", []Column{none}},
		{"SELECT b FROM (SELECT * FROM fz.g JOIN fz.g y USING (a, k)) d JOIN fz.f USING (k)", []Column{bare(10, 2)}},
		{"SELECT a FROM fz.f x JOIN fz.f y USING (k)", []Column{none}},
		{"SELECT d.x FROM fz.f, LATERAL (SELECT f.a AS x) d", []Column{bare(7, 4)}},
		{"SELECT d.x FROM fz.f JOIN LATERAL (SELECT b AS x FROM fz.g) d ON 1", []Column{bare(10, 2)}},
		{"SELECT d.x FROM fz.f JOIN LATERAL (SELECT a AS x FROM fz.g) d ON 1", []Column{none}},
	} {
		stmt, err := ast.Parse(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if got := ResultColumns(stmt, "fz", 4, known); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.q, got, c.want)
		}
	}
	stmt, _ := ast.Parse("SELECT a FROM f")
	if got := ResultColumns(stmt, "", 4, lookup); !reflect.DeepEqual(got, []Column{none}) {
		t.Errorf("no database: %+v", got)
	}
}
