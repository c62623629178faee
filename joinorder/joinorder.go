package joinorder

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleID names the rule (joinorder's range is 10_500-10_599); engine.Install
// adds it to GMS's post-analyzer batch, which runs after GMS has ordered the
// joins and before exec indexes are assigned.
const RuleID analyzer.RuleId = 10_500

// Rule is CacheCrossJoins as an analyzer rule.
func Rule(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return CacheCrossJoins(n, scope)
}

// CacheCrossJoins turns every plain cross join, and every nested-loop inner
// join, whose right side is self-contained into a hash join with an empty
// key (the inner join keeps its filter): GMS's HashLookup
// then reads the right side once and replays it from memory for each left
// row. GMS does this itself only when a subquery alias is involved
// (addCrossHashJoins); for base tables it keeps a nested loop that rescans
// and re-filters the right table per left row, which made the 6- and
// 7-table joins of sqllogictest's select4 take tens of seconds. GMS plans
// joins of more than 15 tables without its cost-based search and leaves
// nested-loop inner joins there (select5's 16-table joins: 35 s).
func CacheCrossJoins(n sql.Node, scope *plan.Scope) (sql.Node, transform.TreeIdentity, error) {
	// Inside a subquery the right side may read the outer row: caching it
	// would freeze the first outer row's values.
	if scope != nil && !scope.IsEmpty() {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || !selfContained(j.Right()) {
			return n, transform.SameTree, nil
		}
		var op plan.JoinType
		switch j.Op {
		case plan.JoinTypeCross:
			op = plan.JoinTypeCrossHash
		case plan.JoinTypeInner:
			// A nested-loop inner join is a cross join plus its filter,
			// which the join still evaluates on every pair.
			op = plan.JoinTypeHash
		default:
			return n, transform.SameTree, nil
		}
		right := plan.NewHashLookup(j.Right(), expression.Tuple{}, expression.Tuple{}, op)
		nj := plan.NewJoin(j.Left(), right, op, j.Filter)
		nj.ScopeLen = j.ScopeLen
		return nj.WithComment(j.Comment()), transform.NewTree, nil
	})
}

// selfContained reports whether a plan's rows depend on nothing but its
// tables: only base tables, aliases, filters, projections, index scans and
// joins of those, and no subquery expression anywhere (a subquery might be
// correlated, non-deterministic or expensive to hold).
func selfContained(n sql.Node) bool {
	ok := true
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.JoinNode:
			if n.Op.IsLateral() {
				ok = false
				return false
			}
		case *plan.ResolvedTable, *plan.TableAlias, *plan.IndexedTableAccess, *plan.Filter,
			*plan.Project, *plan.StripRowNode, *plan.HashLookup:
		case nil:
			return false
		default:
			ok = false
			return false
		}
		if ex, isEx := n.(sql.Expressioner); isEx {
			for _, e := range ex.Expressions() {
				if transform.InspectExpr(e, func(e sql.Expression) bool {
					switch e.(type) {
					case *plan.Subquery, *expression.BindVar:
						return true
					}
					nd, isND := e.(sql.NonDeterministicExpression)
					return isND && nd.IsNonDeterministic()
				}) {
					ok = false
					return false
				}
			}
		}
		return true
	})
	return ok
}
