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
	return walkExprs(transform.NodeExprs, n, f)
}

// exprsDeepOpaque is exprsDeep through opaque nodes too.
func exprsDeepOpaque(n sql.Node, f transform.ExprFunc) (sql.Node, transform.TreeIdentity, error) {
	return walkExprs(transform.NodeExprsWithOpaque, n, f)
}

// walkExprs is exprsDeep with nodes visited by visit, at every depth.
func walkExprs(visit func(sql.Node, transform.ExprFunc) (sql.Node, transform.TreeIdentity, error),
	n sql.Node, f transform.ExprFunc) (sql.Node, transform.TreeIdentity, error) {
	return visit(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		same := transform.SameTree
		if sq, ok := e.(*plan.Subquery); ok {
			q, qsame, err := walkExprs(visit, sq.Query, f)
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
