package conformance

import (
	"fmt"
	"slices"
	"strings"

	gmssql "github.com/dolthub/go-mysql-server/sql"
)

// The "derived" kind: FROM items that are not base tables (derived tables,
// DISTINCT, UNION [ALL|DISTINCT] with ORDER BY ... LIMIT, GROUP BY
// subqueries, INTERSECT, EXCEPT, CTEs and a view), whose columns mix
// types and collations across the arms of a set operation, and the set
// operation oracle (setOpCheck). A UNION DISTINCT in a derived table that
// returned its first column's value in the others (fixed in engine/colids.go)
// was out of the base-table generator's reach.

// armSpec is one output column of a set operation: its class (num, str),
// and for strings the collation every arm must agree on (so that the
// result's collation, and so the key its rows are compared by, is known).
type armSpec struct {
	cls  string
	kind string // the result's kind: int, dec, dbl, str, bin
	coll gmssql.CollationID
}

// armSpecs picks n output columns modelled on tb's columns; a string
// column with no table column behind it is all literals, under the
// connection's collation.
func (o *oracle) armSpecs(tb otable) []armSpec {
	n := 1 + o.rng.Intn(3)
	var out []armSpec
	for i := 0; i < n; i++ {
		if o.rng.Intn(5) == 0 {
			if o.rng.Intn(2) == 0 {
				out = append(out, armSpec{cls: "str", kind: "str", coll: o.litColl})
			} else {
				out = append(out, armSpec{cls: "num", kind: "int"})
			}
			continue
		}
		c := tb.cols[o.rng.Intn(len(tb.cols))]
		if kindIn(c.kind, "str") {
			out = append(out, armSpec{cls: "str", kind: c.kind, coll: c.coll})
		} else {
			out = append(out, armSpec{cls: "num", kind: "int"})
		}
	}
	return out
}

// arm is SELECT of one expression per spec from tb, filtered by a random
// predicate one time in two; it widens the specs' numeric kinds to what it
// selects (the set operation's column type is the widest).
func (o *oracle) arm(tb otable, specs []armSpec, first bool, lead string) string {
	sel := []string{}
	if lead != "" {
		sel = append(sel, lead)
	}
	widen := func(i int, k string) {
		rank := map[string]int{"int": 0, "dec": 1, "dbl": 2}
		if rank[k] > rank[specs[i].kind] {
			specs[i].kind = k
		}
	}
	// One arm in four is all literals and has no FROM (a derived UNION of
	// such arms is where the colids bug was; see engine/colids.go), unless
	// it must select a column.
	lit := lead == "" && o.rng.Intn(4) == 0
	for _, sp := range specs {
		if first && sp.cls == "str" && sp.coll != o.litColl {
			lit = false
		}
	}
	for i := range specs {
		sp := &specs[i]
		var e string
		var cands []ocol
		for _, c := range tb.cols {
			if !lit && (sp.cls == "num" && kindIn(c.kind, "num") || sp.cls == "str" && kindIn(c.kind, "str") && c.coll == sp.coll) {
				cands = append(cands, c)
			}
		}
		// The first arm selects a string spec's column, so that the result
		// takes its collation.
		mustCol := first && sp.cls == "str" && sp.coll != o.litColl
		switch r := o.rng.Intn(6); {
		case len(cands) > 0 && (r < 3 || mustCol):
			c := cands[o.rng.Intn(len(cands))]
			e = tb.name + "." + c.name
			if sp.cls == "num" {
				widen(i, c.kind)
			}
		case r == 3 && !first:
			e = "NULL"
		case sp.cls == "num":
			k := []string{"int", "dec", "dbl"}[o.rng.Intn(3)]
			e = o.value(k)
			if e == "NULL" {
				e = "0"
			}
			if strings.ContainsAny(e, "e") {
				widen(i, "dbl")
			} else if strings.Contains(e, ".") {
				widen(i, "dec")
			}
		default:
			e = o.value("str")
			if e == "NULL" {
				e = "'a'"
			}
			if sp.coll != o.litColl && o.rng.Intn(3) == 0 {
				e = fmt.Sprint(o.rng.Intn(3)) // a number takes the column's collation
			}
		}
		sel = append(sel, fmt.Sprintf("%s AS c%d", e, i))
	}
	if lit {
		return "SELECT " + strings.Join(sel, ", ")
	}
	q := fmt.Sprintf("SELECT %s FROM %s", strings.Join(sel, ", "), tb.name)
	if o.rng.Intn(2) == 0 {
		q += " WHERE " + o.pred(o.scopeOf(tb), 2).String()
	}
	return q
}

// specCols are the scope columns of specs, after a leading o if lead.
func specCols(specs []armSpec, lead bool) []ocol {
	var cols []ocol
	if lead {
		cols = append(cols, ocol{name: "o", kind: "int"})
	}
	for i, sp := range specs {
		cols = append(cols, ocol{name: fmt.Sprintf("c%d", i), kind: sp.kind, coll: sp.coll})
	}
	return cols
}

// setQuery is a query that is not a plain table scan, and its columns.
// Rows are defined exactly: an ORDER BY ... LIMIT orders first by o, unique
// in every row (t0's ids and t1's ids + 100); GROUP BY groups only by
// numbers (a string group's spelling would be any member's).
func (o *oracle) setQuery() (string, []ocol) {
	tb := o.tables[o.rng.Intn(2)]
	switch o.rng.Intn(6) {
	case 0: // projection, maybe ordered and limited
		specs := o.armSpecs(tb)
		if o.rng.Intn(2) == 0 {
			q := o.arm(tb, specs, true, "id AS o")
			return fmt.Sprintf("%s ORDER BY o LIMIT %d", q, 1+o.rng.Intn(8)), specCols(specs, true)
		}
		return o.arm(tb, specs, true, ""), specCols(specs, false)
	case 1:
		specs := o.armSpecs(tb)
		return "SELECT DISTINCT" + strings.TrimPrefix(o.arm(tb, specs, true, ""), "SELECT"), specCols(specs, false)
	case 2: // GROUP BY
		k := "id % 3"
		for _, c := range tb.cols {
			if c.kind == "int" && o.rng.Intn(2) == 0 {
				k = c.name
			}
		}
		cols := []ocol{{name: "k", kind: "int"}, {name: "n", kind: "int"}, {name: "s", kind: "int"}}
		sum := "COUNT(*)"
		for _, c := range tb.cols {
			if (c.kind == "int" || c.kind == "dec") && o.rng.Intn(2) == 0 {
				sum, cols[2].kind = "SUM("+c.name+")", "dec"
			}
		}
		q := fmt.Sprintf("SELECT %s AS k, COUNT(*) AS n, %s AS s FROM %s", k, sum, tb.name)
		if o.rng.Intn(2) == 0 {
			q += " WHERE " + o.pred(o.scopeOf(tb), 2).String()
		}
		return q + " GROUP BY " + k, cols
	default: // set operations
		specs := o.armSpecs(o.tables[0])
		op := []string{"UNION", "UNION ALL", "UNION DISTINCT", "INTERSECT", "EXCEPT"}[o.rng.Intn(5)]
		if op != "INTERSECT" && op != "EXCEPT" && o.rng.Intn(3) == 0 {
			a := o.arm(o.tables[0], specs, true, "id AS o")
			b := o.arm(o.tables[1], specs, false, "id + 100 AS o")
			return fmt.Sprintf("%s %s %s ORDER BY o LIMIT %d", a, op, b, 1+o.rng.Intn(12)), specCols(specs, true)
		}
		a := o.arm(o.tables[0], specs, true, "")
		b := o.arm(o.tables[1], specs, false, "")
		return a + " " + op + " " + b, specCols(specs, false)
	}
}

// derivedFrom is a FROM item over setQuery, aliased d: a derived table, a
// CTE (o.with, which query puts before every statement) or the schema's
// view v0.
func (o *oracle) derivedFrom() (string, scope) {
	s := scope{kind: map[string]string{}, coll: map[string]gmssql.CollationID{}, derived: true}
	switch o.rng.Intn(4) {
	case 0:
		if o.view != nil {
			s.add("d", o.view)
			return "v0 AS d", s
		}
		fallthrough
	case 1:
		q, cols := o.setQuery()
		o.with = "WITH d AS (" + q + ") "
		s.add("d", cols)
		return "d", s
	default:
		q, cols := o.setQuery()
		s.add("d", cols)
		return "(" + q + ") AS d", s
	}
}

// rowKey keys a row of s.cols by each column's collation.
func rowKey(s scope) func(string) string {
	keys := make([]func(string) string, len(s.cols))
	for i, c := range s.cols {
		keys[i] = collKey(s.coll[c])
	}
	return func(r string) string {
		vs := strings.Split(r, "\x00")
		for i := range vs {
			if i < len(keys) {
				vs[i] = keys[i](vs[i])
			}
		}
		return strings.Join(vs, "\x00")
	}
}

// tlpKeyed is tlpRows comparing whole rows by key (a derived table's
// DISTINCT or UNION may spell a group as any of its members).
func (o *oracle) tlpKeyed(q string, key func(string) string) check {
	return func(p string) (string, error) {
		base, err := o.query(q)
		if err != nil {
			return "", err
		}
		var union []string
		parts := partitions(q, p)
		for _, pq := range parts {
			rs, err := o.query(pq)
			if err != nil {
				return "", err
			}
			union = append(union, rs...)
		}
		if slices.Equal(keyed(base, key), keyed(union, key)) {
			return "", nil
		}
		slices.Sort(base)
		slices.Sort(union)
		return fmt.Sprintf("  %s%s\n    -> %s\n  %s\n  %s\n  %s\n    -> union %s", o.with, q, show(base), parts[0], parts[1], parts[2], show(union)), nil
	}
}

// setOpCheck is the set operation oracle, over two arms Q1 (of t0) and Q2
// (of t1) with the same column specs:
//
//   - Q1 UNION Q2 has the keys of Q1 UNION ALL Q2, each once;
//   - COUNT(*) of Q1 UNION ALL Q2 is COUNT(Q1) + COUNT(Q2);
//   - Q1 INTERSECT Q2 has the keys of both, each once; Q1 EXCEPT Q2 those
//     of Q1 not in Q2;
//   - SELECT * FROM (Q) d has Q's rows, for Q any setQuery.
//
// Rows are compared by their columns' collation keys. The arms' own rows
// are read with the set operation's column types as Qi UNION ALL (Qj AND
// FALSE). It shrinks nothing: a report shows the whole queries.
func (o *oracle) setOpCheck() (string, string, error) {
	specs := o.armSpecs(o.tables[0])
	a := o.arm(o.tables[0], specs, true, "")
	b := o.arm(o.tables[1], specs, false, "")
	s := scope{kind: map[string]string{}, coll: map[string]gmssql.CollationID{}}
	s.add("u", specCols(specs, false))
	key := rowKey(s)
	empty := func(q string) string {
		if i := strings.Index(q, " WHERE "); i >= 0 {
			return q[:i] + " WHERE (" + q[i+7:] + ") AND FALSE"
		}
		if !strings.Contains(q, " FROM ") {
			return q + " FROM DUAL WHERE FALSE"
		}
		return q + " WHERE FALSE"
	}
	rows := func(qs ...string) ([][]string, error) {
		var out [][]string
		for _, q := range qs {
			rs, err := o.query(q)
			if err != nil {
				return nil, err
			}
			out = append(out, rs)
		}
		return out, nil
	}
	dedup := func(rs []string) []string { return slices.Compact(keyed(rs, key)) }
	switch o.rng.Intn(4) {
	case 0:
		qu, qa := a+" UNION "+b, a+" UNION ALL "+b
		r, err := rows(qu, qa)
		if err != nil {
			return "", "", err
		}
		if !slices.Equal(keyed(r[0], key), dedup(r[1])) {
			return "set UNION", fmt.Sprintf("  %s\n    -> %s\n  %s\n    -> %s", qu, show(r[0]), qa, show(r[1])), nil
		}
	case 1:
		qc := "SELECT COUNT(*) FROM (" + a + " UNION ALL " + b + ") AS u"
		qa, qb := "SELECT COUNT(*) FROM ("+a+") AS u", "SELECT COUNT(*) FROM ("+b+") AS u"
		r, err := rows(qc, qa, qb)
		if err != nil {
			return "", "", err
		}
		var n, m, l int
		fmt.Sscan(r[0][0], &n)
		fmt.Sscan(r[1][0], &m)
		fmt.Sscan(r[2][0], &l)
		if n != m+l {
			return "set COUNT UNION ALL", fmt.Sprintf("  %s\n    -> %d\n  %s\n    -> %d\n  %s\n    -> %d", qc, n, qa, m, qb, l), nil
		}
	case 2:
		op := []string{"INTERSECT", "EXCEPT"}[o.rng.Intn(2)]
		qi, q1, q2 := a+" "+op+" "+b, a+" UNION ALL "+empty(b), empty(a)+" UNION ALL "+b
		r, err := rows(qi, q1, q2)
		if err != nil {
			return "", "", err
		}
		in2 := map[string]bool{}
		for _, k := range keyed(r[2], key) {
			in2[k] = true
		}
		var want []string
		for _, k := range dedup(r[1]) {
			if in2[k] == (op == "INTERSECT") {
				want = append(want, k)
			}
		}
		if !slices.Equal(keyed(r[0], key), want) {
			return "set " + op, fmt.Sprintf("  %s\n    -> %s\n  %s\n    -> %s\n  %s\n    -> %s", qi, show(r[0]), q1, show(r[1]), q2, show(r[2])), nil
		}
	default:
		q, cols := o.setQuery()
		ds := scope{kind: map[string]string{}, coll: map[string]gmssql.CollationID{}}
		ds.add("d", cols)
		key := rowKey(ds)
		qd := "SELECT * FROM (" + q + ") AS d"
		r, err := rows(q, qd)
		if err != nil {
			return "", "", err
		}
		if !slices.Equal(keyed(r[0], key), keyed(r[1], key)) {
			return "set derived", fmt.Sprintf("  %s\n    -> %s\n  %s\n    -> %s", q, show(r[0]), qd, show(r[1])), nil
		}
	}
	return "", "", nil
}
