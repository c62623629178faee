package planfix

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// outerLookupsID is from oracle14's range 11_320-11_339.
const outerLookupsID analyzer.RuleId = 11_320

// keepDisguisedColumnsOffOuterLookups runs just before GMS's
// applyIndexesFromOuterScope, which turns a correlated subquery's
// `inner_col = outer_expr` into an index lookup on inner_col keyed by
// outer_expr. It finds inner_col by the printed text of the comparison's
// side, so an expression that wraps a column and prints as that column
// passes for the column: engine's collation keys (collKey(s.a) =
// collKey(t.b), for a utf8mb4_bin column against a utf8mb4_general_ci one)
// print as their child. The lookup's key was then the collation key of
// t.b, converted to s.a's type and looked up as a string, which matches no
// row: `(SELECT COUNT(*) FROM t s WHERE s.a = t.b)` counted 0 where MySQL
// counts 1 (the randomized oracles' NoREC finding with subqueries,
// oracle14). Such a conjunct becomes `(cmp) IS TRUE`, which filters the
// same rows (NULL and FALSE both drop a row) and which the rule does not
// take for an equality, so the subquery scans and the Filter compares.
func keepDisguisedColumnsOffOuterLookups(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if scope.IsEmpty() {
		return n, transform.SameTree, nil
	}
	corr := scope.Correlated()
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		conj := expression.SplitConjunction(f.Expression)
		changed := false
		for i, c := range conj {
			switch c.(type) {
			case *expression.Equals, *expression.NullSafeEquals:
			default:
				continue
			}
			cmp := c.(expression.Comparer)
			if disguisedInnerColumn(cmp.Left(), corr) || disguisedInnerColumn(cmp.Right(), corr) {
				conj[i] = expression.NewIsTrue(c)
				changed = true
			}
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(conj...), f.Child), transform.NewTree, nil
	})
}

// disguisedInnerColumn: e is not a bare column but prints as the one column
// it reads, a column of the subquery's own tables (not of the outer scope,
// whose side is the lookup's key, not its index).
func disguisedInnerColumn(e sql.Expression, corr sql.ColSet) bool {
	if _, ok := e.(*expression.GetField); ok {
		return false
	}
	gf := expression.ExtractGetField(e)
	if gf == nil || corr.Contains(sql.ColumnId(gf.Id())) {
		return false
	}
	return strings.EqualFold(e.String(), gf.String())
}
