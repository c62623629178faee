package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleSetOpOffset: see setOpOffset. From wrong20's 11_200-11_219 range.
const ruleSetOpOffset analyzer.RuleId = 11_200

// setOpOffset puts a UNION's (INTERSECT's, EXCEPT's) own ORDER BY, LIMIT
// and OFFSET above it as Sort, Offset and Limit nodes when it has an
// OFFSET. GMS's SetOp executor skips the OFFSET's rows before it sorts:
// `SELECT ... UNION ALL SELECT ... ORDER BY 1 DESC LIMIT 2 OFFSET 1` over
// 1, 2, 11, 12 answered 12, 11 (skipped 1, then took the top two of the
// rest) where MySQL answers 11, 2. A literal OFFSET or a placeholder alike.
func setOpOffset(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		s, ok := n.(*plan.SetOp)
		if !ok || s.Offset == nil || len(s.SortFields) == 0 {
			return n, transform.SameTree, nil
		}
		inner := *s
		inner.Limit, inner.Offset, inner.SortFields = nil, nil, nil
		var out sql.Node = plan.NewOffset(s.Offset, plan.NewSort(s.SortFields, &inner))
		if s.Limit != nil {
			out = plan.NewLimit(s.Limit, out)
		}
		return out, transform.NewTree, nil
	})
}
