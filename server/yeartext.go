package server

import (
	"strings"

	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// yearIsField reports whether the YEAR result column f (the i-th) is sent
// as MySQL sends a column, four digits (Field_year is a ZEROFILL field of
// width 4: YEAR 0 is "0000"), or as an expression: Item::send
// (sql/item.cc) sends MYSQL_TYPE_YEAR with protocol->store_short(nr), whose
// zerofill is 0, so MIN(y), IFNULL(y, y), CASE ... of a YEAR 0 print "0",
// and a field without ZEROFILL (Item::init_make_field).
//
// A grouped (without ROLLUP, which MySQL aggregates from sorted rows),
// DISTINCT or windowed SELECT, and a set operation, are read by MySQL out
// of a temporary table whose YEAR fields every select item becomes: a
// column again, "0000" (MariaDB 10.11 alike). A column of a derived table
// or view that MySQL merges into the query is the expression it names
// there (Item_ref::send sends the referenced item); of one it materializes
// (aggregates, DISTINCT, GROUP BY, LIMIT, a set operation,
// ALGORITHM=TEMPTABLE), a field.
func yearIsField(f *querypb.Field, i int, scales *floatScales) bool {
	if scales == nil || scales.h == nil || scales.query == "" {
		return true
	}
	sel := yearSelect(scales.query)
	if sel == nil || materializedSelect(sel) {
		return true
	}
	if f.Table != "" || f.OrgTable != "" {
		table := f.Table
		if table == "" {
			table = f.OrgTable
		}
		return !mergedExpression(scales, sel, f.Database, table, f.OrgName)
	}
	if i >= len(sel.SelectExprs) {
		return true
	}
	for _, e := range sel.SelectExprs {
		if _, star := e.(*sqlparser.StarExpr); star {
			// The positions of the fields are not those of the list.
			return true
		}
	}
	// `y AS a` names no table in GMS's field, and is still a column.
	ae, ok := sel.SelectExprs[i].(*sqlparser.AliasedExpr)
	return !ok || isColumn(ae.Expr)
}

// yearSelect is query's SELECT (its WITH ROLLUP read as the engine's
// parser reads it, sqltext.RollupEdits), or nil.
func yearSelect(query string) *sqlparser.Select {
	stmt := parsedSelect(query)
	if stmt == nil && sqltext.RollupEdits(query) != nil {
		if txt, _ := sqltext.QuantifiedText(query); txt != query {
			stmt = parsedSelect(txt)
		}
	}
	sel, _ := stmt.(*sqlparser.Select)
	return sel
}

// materializedSelect: MySQL evaluates sel's select list into a temporary
// table before sending it.
func materializedSelect(sel *sqlparser.Select) bool {
	if sel.QueryOpts.Distinct || len(sel.Window) > 0 {
		return true
	}
	if n := len(sel.GroupBy); n > 0 {
		fe, ok := sel.GroupBy[n-1].(*sqlparser.FuncExpr)
		if !ok || !strings.EqualFold(fe.Name.String(), sqltext.RollupMarker) {
			return true
		}
	}
	for _, e := range sel.SelectExprs {
		if strings.Contains(strings.ToLower(sqlparser.String(e)), " over ") {
			return true
		}
	}
	return false
}

// mergeableSelect: MySQL merges a derived table or view of this SELECT
// into the query reading it (no aggregate, grouping, DISTINCT, HAVING,
// LIMIT, window; a set operation is never merged).
func mergeableSelect(sel *sqlparser.Select) bool {
	if materializedSelect(sel) || sel.Having != nil || sel.Limit != nil {
		return false
	}
	agg := false
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *sqlparser.FuncExpr:
			if n.IsAggregate() {
				agg = true
			}
		case *sqlparser.Subquery:
			return false, nil
		}
		return !agg, nil
	}, sel.SelectExprs)
	return !agg
}

// mergedExpression: table (a derived table of sel, or a view) is merged
// into sel and its column is an expression, not a column.
func mergedExpression(scales *floatScales, sel *sqlparser.Select, db, table, column string) bool {
	te := fromTable(sel.From, table)
	if te == nil {
		return false
	}
	var sub sqlparser.SelectStatement
	var cols sqlparser.Columns
	switch x := te.Expr.(type) {
	case *sqlparser.Subquery:
		sub, cols = x.Select, x.Columns
	case sqlparser.TableName:
		if cte := withTable(sel.With, x); cte != nil {
			// A CTE is merged as a derived table is (a recursive one is
			// materialized).
			sq, ok := cte.Expr.(*sqlparser.Subquery)
			if !ok || sel.With.Recursive {
				return false
			}
			sub, cols = sq.Select, cte.Columns
			if len(cols) == 0 {
				cols = sq.Columns
			}
			break
		}
		vdb := x.DbQualifier.String()
		if vdb == "" {
			vdb = db
		}
		if vdb == "" {
			vdb = scales.h.eng.CurrentDatabase(scales.c.ConnectionID)
		}
		vs, vcols, mergeable, ok := scales.h.eng.ViewQuery(vdb, x.Name.String())
		if !ok || !mergeable {
			return false
		}
		sub, cols = vs, vcols
	default:
		return false
	}
	s, ok := sub.(*sqlparser.Select)
	if !ok || !mergeableSelect(s) {
		return false
	}
	e := selectExprNamed(s, cols, column)
	return e != nil && !isColumn(e)
}

// fromTable is the table expression of from named name (its alias, or
// its own name without one).
func fromTable(from sqlparser.TableExprs, name string) *sqlparser.AliasedTableExpr {
	for _, te := range from {
		switch x := te.(type) {
		case *sqlparser.AliasedTableExpr:
			n := x.As.String()
			if n == "" {
				if tn, ok := x.Expr.(sqlparser.TableName); ok {
					n = tn.Name.String()
				}
			}
			if strings.EqualFold(n, name) {
				return x
			}
		case *sqlparser.JoinTableExpr:
			if t := fromTable(sqlparser.TableExprs{x.LeftExpr, x.RightExpr}, name); t != nil {
				return t
			}
		case *sqlparser.ParenTableExpr:
			if t := fromTable(x.Exprs, name); t != nil {
				return t
			}
		}
	}
	return nil
}

// selectExprNamed is the expression of sel's column named name (by cols,
// a derived table's or view's column list, when there is one).
func selectExprNamed(sel *sqlparser.Select, cols sqlparser.Columns, name string) sqlparser.Expr {
	for k, se := range sel.SelectExprs {
		ae, ok := se.(*sqlparser.AliasedExpr)
		if !ok {
			return nil
		}
		var n string
		switch {
		case len(cols) > 0:
			if k >= len(cols) {
				return nil
			}
			n = cols[k].String()
		case !ae.As.IsEmpty():
			n = ae.As.String()
		default:
			if c, ok := ae.Expr.(*sqlparser.ColName); ok {
				n = c.Name.String()
			} else {
				n = sqlparser.String(ae.Expr)
			}
		}
		if strings.EqualFold(strings.ReplaceAll(n, " ", ""), strings.ReplaceAll(name, " ", "")) {
			return ae.Expr
		}
	}
	return nil
}

// isColumn: e is a column reference, in parentheses or not.
func isColumn(e sqlparser.Expr) bool {
	for {
		p, ok := e.(*sqlparser.ParenExpr)
		if !ok {
			break
		}
		e = p.Expr
	}
	_, col := e.(*sqlparser.ColName)
	return col
}

// withTable is the CTE of with that the unqualified name t reads, or nil.
func withTable(with *sqlparser.With, t sqlparser.TableName) *sqlparser.CommonTableExpr {
	if with == nil || !t.DbQualifier.IsEmpty() {
		return nil
	}
	for _, cte := range with.Ctes {
		if cte != nil && cte.AliasedTableExpr != nil && strings.EqualFold(cte.As.String(), t.Name.String()) {
			return cte
		}
	}
	return nil
}
