package server

import (
	"fmt"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// windowAggAlias names the derived table windowOverAggregates makes.
const windowAggAlias = "myriad_wagg"

var aggregateNames = map[string]bool{
	"avg": true, "bit_and": true, "bit_or": true, "bit_xor": true, "count": true,
	"json_arrayagg": true, "json_objectagg": true, "max": true, "min": true, "std": true,
	"stddev": true, "stddev_pop": true, "stddev_samp": true, "sum": true, "var_pop": true,
	"var_samp": true, "variance": true, "any_value": true,
}

// windowOverAggregates rewrites a SELECT whose window functions read its
// groups (`SELECT g, SUM(v), RANK() OVER (ORDER BY SUM(v)) FROM w GROUP BY
// g`), which MySQL evaluates over the grouped rows and GMS's planner refuses
// (1140 with an unformatted message), into the same windows over a derived
// table of the groups: `SELECT myriad_wagg.w1, myriad_wagg.w2, RANK() OVER
// (ORDER BY myriad_wagg.w2) FROM (SELECT g AS w1, SUM(v) AS w2 FROM w GROUP
// BY g) myriad_wagg`. Result columns keep the user's text as names. A
// SELECT with a subquery in its select list or ORDER BY, or a HAVING naming
// a select alias, is left alone (then GMS's refusal stands). It reports
// whether stmt changed, and damaged when it gave up half way (the caller
// parses the text again).
func windowOverAggregates(stmt ast.Statement) (changed, damaged bool) {
	sel, ok := stmt.(*ast.Select)
	if !ok || sel.Into != nil || sel.Lock != "" || len(sel.From) == 0 {
		return false, false
	}
	hasWindow, hasAgg, hasSub := false, len(sel.GroupBy) > 0, false
	aliases := map[string]bool{}
	var roots []*ast.Expr
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
	for _, o := range sel.OrderBy {
		roots = append(roots, &o.Expr)
	}
	for _, r := range roots {
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			switch n := n.(type) {
			case *ast.FuncExpr:
				if n.Over != nil {
					hasWindow = true
				} else if aggregateNames[n.Name.Lowered()] {
					hasAgg = true
				}
			case *ast.GroupConcatExpr:
				hasAgg = true
			case *ast.Subquery:
				hasSub = true
			}
			return true, nil
		}, *r)
	}
	if !hasWindow || !hasAgg || hasSub {
		return false, false
	}
	if sel.Having != nil {
		named := false
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if c, ok := n.(*ast.ColName); ok && c.Qualifier.IsEmpty() && aliases[c.Name.Lowered()] {
				named = true
			}
			return true, nil
		}, sel.Having.Expr)
		if named {
			return false, false
		}
	}
	// ReplaceExpr does not enter OVER clauses: their expressions are roots
	// of their own (and skipped when walking the others).
	nMain := len(roots)
	for i := 0; i < nMain; i++ {
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if f, ok := n.(*ast.FuncExpr); ok && f.Over != nil {
				for k := range f.Over.PartitionBy {
					roots = append(roots, &f.Over.PartitionBy[k])
				}
				for _, o := range f.Over.OrderBy {
					roots = append(roots, &o.Expr)
				}
			}
			return true, nil
		}, *roots[i])
	}
	// The groups' values the select list and ORDER BY read: aggregates
	// (outside a window) and columns outside aggregates; ORDER BY may name
	// a select alias, which stays.
	var items []ast.Expr
	for i, r := range roots {
		inOrder := i >= len(sel.SelectExprs) && i < nMain
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			switch n := n.(type) {
			case *ast.Over:
				return false, nil
			case *ast.FuncExpr:
				if n.Over == nil && aggregateNames[n.Name.Lowered()] {
					items = append(items, n)
					return false, nil
				}
			case *ast.GroupConcatExpr:
				items = append(items, n)
				return false, nil
			case *ast.ColName:
				if inOrder && n.Qualifier.IsEmpty() && aliases[n.Name.Lowered()] {
					return false, nil
				}
				items = append(items, n)
				return false, nil
			}
			return true, nil
		}, *r)
	}
	// A bare column keeps its name (GMS names a column reference by the
	// column, not by the text).
	for _, se := range sel.SelectExprs {
		if ae := se.(*ast.AliasedExpr); ae.As.IsEmpty() {
			if c, ok := ae.Expr.(*ast.ColName); ok {
				ae.As = ast.NewColIdent(c.Name.String())
			}
		}
	}
	inner := &ast.Select{From: sel.From, Where: sel.Where, GroupBy: sel.GroupBy, Having: sel.Having}
	for i, it := range items {
		name := fmt.Sprintf("w%d", i+1)
		inner.SelectExprs = append(inner.SelectExprs, &ast.AliasedExpr{Expr: it, As: ast.NewColIdent(name)})
		ref := &ast.ColName{Name: ast.NewColIdent(name), Qualifier: ast.TableName{Name: ast.NewTableIdent(windowAggAlias)}}
		for _, r := range roots {
			*r = ast.ReplaceExpr(*r, it, ref)
		}
	}
	// Every item must have been replaced (ReplaceExpr reaches into every
	// expression the parser builds, OVER clauses included).
	if itemLeft(roots, items, func(n ast.SQLNode) bool { _, ok := n.(*ast.Over); return ok }) {
		return false, true
	}
	sel.From = ast.TableExprs{&ast.AliasedTableExpr{Expr: &ast.Subquery{Select: inner}, As: ast.NewTableIdent(windowAggAlias),
		Auth: ast.AuthInformation{AuthType: ast.AuthType_IGNORE}}}
	sel.Where, sel.GroupBy, sel.Having = nil, nil, nil
	return true, false
}

// itemLeft reports whether an expression of items is still in one of the
// rewritten roots (not entering the nodes skip names): a rewrite over a
// derived table must have replaced every one, or it reads a column the
// derived table does not have. windowOverAggregates and outer aggregates
// (outeragg.go) check their rewrites with it.
func itemLeft(roots []*ast.Expr, items []ast.Expr, skip func(ast.SQLNode) bool) bool {
	left := false
	for _, r := range roots {
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if skip(n) {
				return false, nil
			}
			for _, it := range items {
				if e, ok := n.(ast.Expr); ok && e == it {
					left = true
				}
			}
			return !left, nil
		}, *r)
	}
	return left
}
