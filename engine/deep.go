package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// deep applies rule to n and to the plan of every subquery in n's
// expressions (and theirs): a subquery's plan hangs in an expression, out
// of the node walks the rules make.
func deep(ctx *sql.Context, n sql.Node, rule func(*sql.Context, sql.Node) (sql.Node, transform.TreeIdentity, error)) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := rule(ctx, n)
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, same2, err := transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok {
			return e, transform.SameTree, nil
		}
		q, qsame, err := deep(ctx, sq.Query, rule)
		if err != nil || qsame {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return n, same && same2, nil
}
