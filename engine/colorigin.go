package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// colOrigins finds the table column a column reference of a plan reads:
// by the name of the table (or its alias) that the reference carries, and
// through a view or derived table (a SubqueryAlias) to the column its
// select list passes on unchanged. The text of a FLOAT(M,D), ZEROFILL or
// BIT column depends on its declaration, which GMS's types do not carry,
// so a view or derived table over one lost it (LENGTH(z) of a view's
// INT(5) ZEROFILL column was 2 where MySQL's is 5).
type colOrigins struct {
	tables map[string]*Table
	sq     map[string]map[string]colRef // lower-case subquery alias -> lower-case column -> origin
	incr   int                          // div_precision_increment, for floatDecimals
	// exprs are the expressions behind column references that are no
	// table column: a GROUP BY's aggregates (named by their text) and a
	// derived table's computed columns, each with the origins it reads.
	exprs map[string]exprRef
}

type exprRef struct {
	e sql.Expression
	o *colOrigins
	// setOp: the column is column col of this UNION (setopdec.go).
	setOp sql.Node
	col   int
}

func originKey(table, name string) string {
	return strings.ToLower(table) + "\x00" + strings.ToLower(name)
}

// expr is the expression behind gf when it names no table column.
func (o *colOrigins) expr(gf *expression.GetField) (exprRef, bool) {
	r, ok := o.exprs[originKey(gf.Table(), gf.Name())]
	return r, ok && (r.e != nil || r.setOp != nil)
}

func (o *colOrigins) addExpr(table, name string, r exprRef) {
	if o.exprs == nil {
		o.exprs = map[string]exprRef{}
	}
	k := originKey(table, name)
	if _, dup := o.exprs[k]; dup {
		o.exprs[k] = exprRef{} // two of one name: neither is known
		return
	}
	o.exprs[k] = r
}

type colRef struct {
	t *Table
	i int // column index in t.def
}

// planOrigins is the origins of n's column references: its tables
// (planTables) and its views' and derived tables' bare columns.
func planOrigins(n sql.Node) *colOrigins {
	o := &colOrigins{tables: planTables(n)}
	transform.Inspect(n, func(n sql.Node) bool {
		if gb, ok := n.(*plan.GroupBy); ok {
			for _, e := range gb.SelectedExprs {
				if _, isAlias := e.(*expression.Alias); !isAlias {
					o.addExpr("", e.String(), exprRef{e: e, o: o})
				}
			}
			return true
		}
		sa, ok := n.(*plan.SubqueryAlias)
		if !ok {
			return true
		}
		cols := subqueryColumns(sa, o)
		if len(cols) == 0 {
			return true
		}
		if o.sq == nil {
			o.sq = map[string]map[string]colRef{}
		}
		name := strings.ToLower(sa.Name())
		if _, dup := o.sq[name]; dup {
			o.sq[name] = nil // two subqueries of one name: neither is known
			return true
		}
		o.sq[name] = cols
		return true
	})
	return o
}

func (o *colOrigins) empty() bool { return len(o.tables) == 0 && len(o.sq) == 0 }

// hasTable: table (or derived table) name is one of o's.
func (o *colOrigins) hasTable(name string) bool {
	name = strings.ToLower(name)
	_, sq := o.sq[name]
	return o.tables[name] != nil || sq
}

// column is the table and column index gf reads; nil when unknown.
func (o *colOrigins) column(gf *expression.GetField) (*Table, int) {
	name := strings.ToLower(gf.Table())
	if t := o.tables[name]; t != nil {
		if i := t.def.ColumnByName(gf.Name()); i >= 0 {
			return t, i
		}
		return nil, -1
	}
	if r, ok := o.sq[name][strings.ToLower(gf.Name())]; ok {
		return r.t, r.i
	}
	return nil, -1
}

// subqueryColumns maps the columns of sa that are a bare column of a
// table below it (through further views or derived tables) to that
// column; expressions, aggregates and set operations are left out. A
// LATERAL derived table's column may be a column of the tables before it
// (outer's): `SELECT CONCAT(d.f2) FROM t, LATERAL (SELECT t.f AS f2) d`
// of a FLOAT(6,2) 3.5 is 3.50 (it was 3.5).
func subqueryColumns(sa *plan.SubqueryAlias, outer *colOrigins) map[string]colRef {
	sch := sa.Schema()
	inner := planOrigins(sa.Child)
	if inner.empty() && !sa.IsLateral {
		return nil
	}
	inner.incr = outer.incr
	var out map[string]colRef
	add := func(i int, t *Table, ci int) {
		if t == nil || i >= len(sch) {
			return
		}
		if out == nil {
			out = map[string]colRef{}
		}
		out[strings.ToLower(sch[i].Name)] = colRef{t, ci}
	}
	n := sa.Child
	for {
		switch x := n.(type) {
		case *plan.Sort, *plan.Limit, *plan.Offset, *plan.Distinct, *plan.OrderedDistinct,
			*plan.Filter, *plan.Having, *plan.TopN:
			n = x.Children()[0]
			continue
		case *plan.Project:
			if len(x.Projections) != len(sch) {
				return nil
			}
			for i, e := range x.Projections {
				if a, ok := e.(*expression.Alias); ok {
					e = a.Child
				}
				if gf, ok := e.(*expression.GetField); ok {
					t, ci := inner.column(gf)
					if t == nil && sa.IsLateral && !inner.hasTable(gf.Table()) {
						t, ci = outer.column(gf)
					}
					if t != nil {
						add(i, t, ci)
						continue
					}
				}
				if i < len(sch) {
					outer.addExpr(sa.Name(), sch[i].Name, exprRef{e: e, o: inner})
				}
			}
			return out
		case *plan.SubqueryAlias:
			// A view or derived table read whole (GMS drops the
			// projection of `SELECT * FROM v` and of its columns in
			// order): its columns' origins, by position.
			xs := x.Schema()
			if len(xs) != len(sch) {
				return out
			}
			name := strings.ToLower(x.Name())
			for i := range sch {
				if r, ok := inner.sq[name][strings.ToLower(xs[i].Name)]; ok {
					add(i, r.t, r.i)
				} else if r, ok := inner.exprs[originKey(x.Name(), xs[i].Name)]; ok && (r.e != nil || r.setOp != nil) {
					outer.addExpr(sa.Name(), sch[i].Name, r)
				}
			}
			return out
		case *plan.SetOp:
			// A UNION's columns: their aggregated decimals, derived
			// when read (floatDecimals).
			for i := range sch {
				outer.addExpr(sa.Name(), sch[i].Name, exprRef{setOp: x, col: i})
			}
			return out
		default:
			// SELECT * read straight from one table: its columns in
			// order.
			if t := tableOfNode(n); t != nil && len(t.def.Columns) == len(sch) {
				for i := range sch {
					add(i, t, i)
				}
			}
			return out
		}
	}
}
