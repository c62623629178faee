package server

import (
	"fmt"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// outerAggAlias names the derived table outerAggregates makes.
const outerAggAlias = "myriad_oagg"

// outerAggregates rewrites a SELECT whose subqueries (in the select list,
// HAVING or ORDER BY) hold an aggregate of only the SELECT's own columns.
// SQL aggregates such an aggregate in the query its columns come from
// (MySQL: Item_sum::check_sum_func; `SELECT (SELECT SUM(t.a)) FROM t` is one
// row, the sum), while GMS aggregates it inside the subquery, once per outer
// row. The statement is read as the same SELECT over a derived table of its
// groups, computing the lifted aggregates beside the query's own aggregates
// and the columns it reads outside them:
//
//	SELECT a, (SELECT COUNT(*) FROM u WHERE u.x < MAX(t.b)) FROM t GROUP BY a
//	SELECT myriad_oagg.o1 AS a, (SELECT COUNT(*) FROM u WHERE u.x < myriad_oagg.o2)
//	  FROM (SELECT a AS o1, MAX(t.b) AS o2 FROM t GROUP BY a) myriad_oagg
//
// Result columns keep the user's text as names. Only a column it can place
// is lifted: qualified by a table of the SELECT that no subquery in between
// shadows, or unqualified inside subqueries without FROM. Anything it is not
// sure of is left as it is, and planfix.refuseOuterAggregates refuses what
// still has the fault (1235) rather than answer one row per outer row. It
// reports whether stmt changed, and damaged when it gave up half way (the
// caller parses the text again).
func outerAggregates(stmt ast.Statement) (changed, damaged bool) {
	sel, ok := stmt.(*ast.Select)
	if !ok || sel.Into != nil || sel.Lock != "" || len(sel.From) == 0 || len(sel.Window) > 0 {
		return false, false
	}
	outer, ok := fromNames(sel.From)
	if !ok {
		return false, false
	}
	aliases := map[string]bool{}
	var roots []*ast.Expr // the outer query's own expressions
	for _, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return false, false // SELECT *: the inner query would need the columns spelled
		}
		if !ae.As.IsEmpty() {
			aliases[ae.As.Lowered()] = true
		}
		roots = append(roots, &ae.Expr)
	}
	nSelect := len(roots)
	if sel.Having != nil {
		roots = append(roots, &sel.Having.Expr)
	}
	for _, o := range sel.OrderBy {
		roots = append(roots, &o.Expr)
	}
	// GROUP BY moves into the derived table, where a position or a select
	// alias would mean something else.
	for _, g := range sel.GroupBy {
		switch x := g.(type) {
		case *ast.SQLVal:
			return false, false
		case *ast.ColName:
			if x.Qualifier.IsEmpty() && aliases[x.Name.Lowered()] {
				return false, false
			}
		}
	}
	c := &oaggCollect{outer: outer, slots: append([]*ast.Expr{}, roots...)}
	for i, r := range roots {
		// HAVING and ORDER BY may name a select alias, which stays.
		c.aliases = nil
		if i >= nSelect {
			c.aliases = aliases
		}
		if !c.expr(*r, nil) {
			return false, false
		}
	}
	if c.lifted == 0 {
		return false, false
	}
	// A bare column keeps its name (GMS names a column reference by the
	// column, not by the text).
	for _, se := range sel.SelectExprs {
		if ae := se.(*ast.AliasedExpr); ae.As.IsEmpty() {
			if col, ok := ae.Expr.(*ast.ColName); ok {
				ae.As = ast.NewColIdent(col.Name.String())
			}
		}
	}
	inner := &ast.Select{From: sel.From, Where: sel.Where, GroupBy: sel.GroupBy}
	for i, it := range c.items {
		name := fmt.Sprintf("o%d", i+1)
		inner.SelectExprs = append(inner.SelectExprs, &ast.AliasedExpr{Expr: it, As: ast.NewColIdent(name)})
		ref := &ast.ColName{Name: ast.NewColIdent(name), Qualifier: ast.TableName{Name: ast.NewTableIdent(outerAggAlias)}}
		for _, s := range c.slots {
			*s = ast.ReplaceExpr(*s, it, ref)
		}
	}
	// Every item must have been replaced.
	// A subquery's expressions are slots of their own.
	if itemLeft(c.slots, c.items, func(n ast.SQLNode) bool { _, ok := n.(*ast.Subquery); return ok }) {
		return false, true
	}
	sel.From = ast.TableExprs{&ast.AliasedTableExpr{Expr: &ast.Subquery{Select: inner}, As: ast.NewTableIdent(outerAggAlias),
		Auth: ast.AuthInformation{AuthType: ast.AuthType_IGNORE}}}
	sel.Where, sel.GroupBy = nil, nil
	if sel.Having != nil {
		// GMS resolves a HAVING of an ungrouped query against the select
		// list only: the outer query's HAVING becomes its WHERE, each select
		// alias it names replaced by the aliased expression.
		h := sel.Having.Expr
		var named []*ast.ColName
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			switch x := n.(type) {
			case *ast.Subquery:
				return false, nil
			case *ast.ColName:
				if x.Qualifier.IsEmpty() && aliases[x.Name.Lowered()] {
					named = append(named, x)
				}
			}
			return true, nil
		}, h)
		for _, col := range named {
			for _, se := range sel.SelectExprs {
				if ae := se.(*ast.AliasedExpr); ae.As.Lowered() == col.Name.Lowered() {
					h = ast.ReplaceExpr(h, col, ae.Expr)
					break
				}
			}
		}
		sel.Where, sel.Having = &ast.Where{Type: ast.WhereStr, Expr: h}, nil
	}
	return true, false
}

// outerAggregatesIn applies outerAggregates to every SELECT of stmt that
// reads no column of an enclosing query: the statement, the parts of a set
// operation, an INSERT's or a view's SELECT, derived tables (not LATERAL)
// and CTEs at any depth. A correlated subquery is left alone (its derived
// table would need its enclosing query's columns). damaged: the text must be
// parsed again.
func outerAggregatesIn(stmt ast.Statement) (damaged bool) {
	// Most statements have no subquery: one walk and nothing else.
	sub := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if _, ok := n.(*ast.Subquery); ok {
			sub = true
		}
		return !sub, nil
	}, stmt)
	if !sub {
		return false
	}
	var sels []*ast.Select
	var top func(s ast.SQLNode)
	top = func(s ast.SQLNode) {
		switch x := s.(type) {
		case *ast.Select:
			sels = append(sels, x)
		case *ast.SetOp:
			top(x.Left)
			top(x.Right)
		case *ast.ParenSelect:
			top(x.Select)
		case *ast.Insert:
			if r, ok := x.Rows.(ast.SelectStatement); ok {
				top(r)
			}
		case *ast.DDL:
			if x.ViewSpec != nil {
				top(x.ViewSpec.ViewExpr)
			}
		}
	}
	top(stmt)
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch x := n.(type) {
		case *ast.AliasedTableExpr:
			if sq, ok := x.Expr.(*ast.Subquery); ok && !x.Lateral {
				top(sq.Select)
			}
		case *ast.CommonTableExpr:
			if sq, ok := x.AliasedTableExpr.Expr.(*ast.Subquery); ok {
				top(sq.Select)
			}
		}
		return true, nil
	}, stmt)
	for _, sel := range sels {
		if _, d := outerAggregates(sel); d {
			return true
		}
	}
	return false
}

// oaggScope is one subquery between the outer query and an expression.
type oaggScope struct {
	names map[string]bool // tables and aliases of its FROM
}

// oaggCollect gathers what the derived table computes: items (the outer
// query's aggregates and lifted ones, and the outer columns read outside
// them, each node once), and slots, every expression position of the outer
// query and of its subqueries, where the items are replaced.
type oaggCollect struct {
	outer   map[string]bool
	aliases map[string]bool
	items   []ast.Expr
	slots   []*ast.Expr
	lifted  int
}

// isAggregate reports whether n is an aggregate call (not a window); ROLLUP
// (rollup.go) and the outer-aggregate rewrite share it.
func isAggregate(n ast.SQLNode) bool {
	switch x := n.(type) {
	case *ast.FuncExpr:
		return x.Over == nil && aggregateNames[x.Name.Lowered()]
	case *ast.GroupConcatExpr:
		return true
	}
	return false
}

// expr collects from e, which lies inside the subqueries chain (nil: the
// outer query itself). It reports false for a shape it does not handle.
func (c *oaggCollect) expr(e ast.Expr, chain []oaggScope) bool {
	ok := true
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if !ok {
			return false, nil
		}
		switch x := n.(type) {
		case *ast.Over:
			if x != nil {
				ok = false
			}
		case *ast.Subquery:
			sub, isSel := x.Select.(*ast.Select)
			if !isSel {
				return false, nil // a UNION: left alone (planfix refuses a fault in it)
			}
			if !c.subquery(sub, chain) {
				ok = false
			}
			return false, nil
		case *ast.FuncExpr, *ast.GroupConcatExpr:
			if !isAggregate(x) {
				return true, nil
			}
			if chain == nil {
				c.items = append(c.items, x.(ast.Expr))
				return false, nil
			}
			if c.outerOnly(x, chain) {
				c.items = append(c.items, x.(ast.Expr))
				c.lifted++
				return false, nil
			}
			return true, nil
		case *ast.ColName:
			if chain == nil {
				if x.Qualifier.IsEmpty() && c.aliases[x.Name.Lowered()] {
					return false, nil
				}
				c.items = append(c.items, x)
			} else if c.level(x, chain) == 0 {
				c.items = append(c.items, x)
			}
			return false, nil
		}
		return true, nil
	}, e)
	return ok
}

// subquery collects from sub, nested in chain, and records its slots.
func (c *oaggCollect) subquery(sub *ast.Select, chain []oaggScope) bool {
	names, ok := fromNames(sub.From)
	if !ok || sub.With != nil {
		return false
	}
	inner := append(append([]oaggScope{}, chain...), oaggScope{names: names})
	var slots []*ast.Expr
	for _, se := range sub.SelectExprs {
		switch ae := se.(type) {
		case *ast.AliasedExpr:
			slots = append(slots, &ae.Expr)
		case *ast.StarExpr:
		default:
			return false
		}
	}
	if sub.Where != nil {
		slots = append(slots, &sub.Where.Expr)
	}
	for i := range sub.GroupBy {
		slots = append(slots, &sub.GroupBy[i])
	}
	if sub.Having != nil {
		slots = append(slots, &sub.Having.Expr)
	}
	for _, o := range sub.OrderBy {
		slots = append(slots, &o.Expr)
	}
	// ON conditions of its joins.
	var onSlots func(te ast.TableExpr)
	onSlots = func(te ast.TableExpr) {
		switch x := te.(type) {
		case *ast.JoinTableExpr:
			onSlots(x.LeftExpr)
			onSlots(x.RightExpr)
			if x.Condition.On != nil {
				slots = append(slots, &x.Condition.On)
			}
		case *ast.ParenTableExpr:
			for _, t := range x.Exprs {
				onSlots(t)
			}
		}
	}
	for _, te := range sub.From {
		onSlots(te)
	}
	c.slots = append(c.slots, slots...)
	for _, s := range slots {
		if !c.expr(*s, inner) {
			return false
		}
	}
	return true
}

// level tells where col comes from: 0 the outer query, 1.. a subquery of
// chain, -1 not known here (an unqualified name where a FROM in between may
// have a column of that name).
func (c *oaggCollect) level(col *ast.ColName, chain []oaggScope) int {
	if col.Qualifier.IsEmpty() {
		for i := len(chain) - 1; i >= 0; i-- {
			if len(chain[i].names) > 0 {
				return -1
			}
		}
		return 0
	}
	q := strings.ToLower(col.Qualifier.Name.String())
	for i := len(chain) - 1; i >= 0; i-- {
		if chain[i].names[q] {
			return i + 1
		}
	}
	if c.outer[q] {
		return 0
	}
	return -1
}

// outerOnly reports whether the aggregate agg, inside chain, reads at least
// one column and only columns of the outer query (no subquery).
func (c *oaggCollect) outerOnly(agg ast.SQLNode, chain []oaggScope) bool {
	cols, only := 0, true
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch x := n.(type) {
		case *ast.Subquery:
			only = false
		case *ast.ColName:
			cols++
			if c.level(x, chain) != 0 {
				only = false
			}
		}
		return only, nil
	}, agg)
	return only && cols > 0
}

// fromNames lists the tables and aliases a FROM makes visible, lowercased;
// ok is false for a table expression it does not know.
func fromNames(from ast.TableExprs) (map[string]bool, bool) {
	names := map[string]bool{}
	var add func(te ast.TableExpr) bool
	add = func(te ast.TableExpr) bool {
		switch x := te.(type) {
		case *ast.AliasedTableExpr:
			if !x.As.IsEmpty() {
				names[strings.ToLower(x.As.String())] = true
				return true
			}
			tn, ok := x.Expr.(ast.TableName)
			if !ok {
				return false
			}
			names[strings.ToLower(tn.Name.String())] = true
			return true
		case *ast.JoinTableExpr:
			return add(x.LeftExpr) && add(x.RightExpr)
		case *ast.ParenTableExpr:
			for _, t := range x.Exprs {
				if !add(t) {
					return false
				}
			}
			return true
		}
		return false
	}
	for _, te := range from {
		if !add(te) {
			return nil, false
		}
	}
	return names, true
}
