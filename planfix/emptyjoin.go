package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// emptyJoinsID is from issue 9's range 10_820-10_839.
const emptyJoinsID analyzer.RuleId = 10_821

// dropEmptyJoins answers joins with a side known to be empty before GMS's
// join planner sees them. A subquery whose WHERE is constantly false
// (`id IN (SELECT id FROM t WHERE 1 = 0)`) is an EmptyTable after
// simplifyFilters; unnested into a semi join, it has no table for the join
// order builder, which panicked ("vertex not found") and dropped the
// connection. A semi or inner join with an empty side has no rows; an anti
// join with an empty right side keeps every left row.
func dropEmptyJoins(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			return n, transform.SameTree, nil
		}
		switch {
		case j.Op.IsSemi() && (empty(j.Right()) || empty(j.Left())),
			j.Op.IsInner() && (empty(j.Left()) || empty(j.Right())):
			return plan.NewEmptyTableWithSchema(j.Schema()), transform.NewTree, nil
		case j.Op.IsAnti() && empty(j.Right()):
			return j.Left(), transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// empty reports whether n returns no rows whatever the data: an EmptyTable
// under nodes that only filter, project, order or rename rows.
func empty(n sql.Node) bool {
	switch n := n.(type) {
	case *plan.EmptyTable:
		return true
	case *plan.Project, *plan.Filter, *plan.Distinct, *plan.OrderedDistinct, *plan.Sort, *plan.Limit,
		*plan.TopN, *plan.SubqueryAlias, *plan.TableAlias:
		cs := n.Children()
		return len(cs) == 1 && empty(cs[0])
	}
	return false
}
