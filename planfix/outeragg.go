package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// outerAggregatesID is from wrong18's range 11_120-11_139.
const outerAggregatesID analyzer.RuleId = 11_120

// refuseOuterAggregates refuses a subquery holding an aggregate whose
// arguments read only columns of an enclosing query.
//
// SQL (and MySQL, Item_sum::check_sum_func) aggregates such an aggregate in
// the query its columns come from: `SELECT (SELECT SUM(t.a)) FROM t` is one
// row holding the sum. GMS's planbuilder aggregates it inside the subquery,
// over a single outer row each time, and answers one row per row of t with
// each row's own value: a silent wrong row count and wrong values. The
// server rewrites the shapes it can (a top-level SELECT, see
// server/outeragg.go) before GMS sees them; whatever reaches this rule
// still has the fault and is refused with 1235 rather than answered.
func refuseOuterAggregates(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	_, _, err := exprsDeepOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if sq, ok := e.(*plan.Subquery); ok && aggregatesOuterOnly(sq.Query) {
			return nil, transform.SameTree, errOuterAggregate
		}
		return e, transform.SameTree, nil
	})
	return n, transform.SameTree, err
}

var errOuterAggregate = mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
	"This version of MySQL doesn't yet support 'an aggregate of only outer query columns inside this subquery'")

// aggregatesOuterOnly reports whether a GroupBy of q (not of a subquery
// nested in it) aggregates an expression that reads columns, none of them
// output by a node of q: all come from an enclosing query.
func aggregatesOuterOnly(q sql.Node) bool {
	found := false
	transform.Inspect(q, func(n sql.Node) bool {
		if found {
			return false
		}
		g, ok := n.(*plan.GroupBy)
		if !ok {
			return true
		}
		for _, e := range g.SelectedExprs {
			transform.InspectExpr(e, func(e sql.Expression) bool {
				if agg, ok := e.(sql.Aggregation); ok && readsOnlyOuter(agg, q) {
					found = true
				}
				return found
			})
		}
		return !found
	})
	return found
}

// readsOnlyOuter reports whether agg reads at least one column and every
// column it reads is one no node of q outputs. An argument holding a
// subquery is left alone (its columns are that subquery's business).
func readsOnlyOuter(agg sql.Expression, q sql.Node) bool {
	var cols []*expression.GetField
	sub := false
	transform.InspectExpr(agg, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *plan.Subquery:
			sub = true
		case *expression.GetField:
			cols = append(cols, x)
		}
		return false
	})
	if sub || len(cols) == 0 {
		return false
	}
	for _, c := range cols {
		if c.Id() == 0 || definedBelow(q, c.Id()) {
			return false
		}
	}
	return true
}
