package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// setOpFiltersID is from oracle3's range 11_540-11_549.
const setOpFiltersID analyzer.RuleId = 11_540

// keepFiltersAboveSetOps runs just before GMS's pushdownSubqueryAliasFilters,
// which moves a WHERE over a derived table (or CTE, or view) into it by
// replacing each column with the expression the derived table's scope maps
// it to. Over a UNION, INTERSECT or EXCEPT that expression is the first
// arm's column, with the first arm's type, collation and column id, not the
// set operation's: `c1 DIV 2` over (SELECT 0 AS c1 UNION ALL SELECT 1.5)
// was planned as an integer DIV (1.5 read as 2, so the row was kept where
// MySQL drops it), a comparison took the first arm's collation, and
// assignExecIndexes could resolve the first arm's id to another column of
// the union (engine/colids.go filterOverSetOp patches that one afterwards).
//
// Without a scope mapping GMS leaves such a filter where it is, above the
// derived table, reading the set operation's own columns. Nothing is lost:
// GMS pushes no filter into the arms of a set operation, so the pushed
// filter ran over the union's rows anyway.
func keepFiltersAboveSetOps(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sa, ok := n.(*plan.SubqueryAlias)
		if !ok || sa.ScopeMapping == nil || !setOpRows(sa.Child) {
			return n, transform.SameTree, nil
		}
		return sa.WithScopeMapping(nil), transform.NewTree, nil
	})
}

// setOpRows reports whether n's rows are a set operation's, through the
// nodes that keep its columns as they are.
func setOpRows(n sql.Node) bool {
	for {
		switch c := n.(type) {
		case *plan.SetOp:
			return true
		case *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct, *plan.Filter:
			n = c.Children()[0]
		default:
			return false
		}
	}
}
