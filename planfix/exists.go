package planfix

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// constantExists replaces EXISTS (subquery) by its value when the subquery's
// shape alone decides it, before GMS's unnestExistsSubqueries sees it.
//
// Unnesting drops the Project, GroupBy, Limit, Sort and Distinct at the top
// of the subquery, since they "cannot change whether a row exists". Two can:
// LIMIT 0 returns no row, so EXISTS is FALSE (GMS kept matching rows), and an
// aggregate without GROUP BY returns one row even over no input, so EXISTS
// is TRUE (GMS returned only the outer rows with a match).
func constantExists(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return exprsDeep(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		ex, ok := e.(*plan.ExistsSubquery)
		if !ok {
			return e, transform.SameTree, nil
		}
		if v, ok := existsByShape(ex.Query.Query); ok {
			return expression.NewLiteral(v, types.Boolean), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// existsByShape walks down the nodes unnesting would drop and reports
// whether they alone fix the subquery's emptiness.
func existsByShape(n sql.Node) (exists bool, known bool) {
	for {
		switch m := n.(type) {
		case *plan.Limit:
			if lit, ok := m.Limit.(*expression.Literal); ok {
				if v, _, err := types.Int64.Convert(context.Background(), lit.Value()); err == nil && v == int64(0) {
					return false, true
				}
			}
			n = m.Child
		case *plan.GroupBy:
			if len(m.GroupByExprs) == 0 {
				return true, true
			}
			return false, false
		case *plan.Project, *plan.Sort, *plan.Distinct:
			n = n.Children()[0]
		default:
			return false, false
		}
	}
}
