package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// exprsDeep applies f to every expression of every node of n, bottom-up,
// including the plans of subquery expressions (which transform.NodeExprs
// treats as opaque), so a rule reaches predicates at any nesting depth.
func exprsDeep(n sql.Node, f transform.ExprFunc) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		same := transform.SameTree
		if sq, ok := e.(*plan.Subquery); ok {
			q, qsame, err := exprsDeep(sq.Query, f)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if !qsame {
				e, same = sq.WithQuery(q), transform.NewTree
			}
		}
		ne, esame, err := f(e)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return ne, same && esame, nil
	})
}
