package sqlfunc

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// rowLimitSum is the row count GMS's TopN (ORDER BY ... LIMIT n OFFSET m)
// keeps, n + m, saturating instead of failing: Django's "no limit" is
// LIMIT 18446744073709551615, which with an OFFSET overflowed BIGINT and
// this package's checked + answered 1690 where MySQL returns the rows.
type rowLimitSum struct {
	expression.BinaryExpressionStub
}

func (r *rowLimitSum) Type() sql.Type { return types.Int64 }
func (r *rowLimitSum) String() string {
	return fmt.Sprintf("(%s + %s)", r.LeftChild, r.RightChild)
}

func (r *rowLimitSum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 2)
	}
	return &rowLimitSum{expression.BinaryExpressionStub{LeftChild: children[0], RightChild: children[1]}}, nil
}

func (r *rowLimitSum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var sum uint64
	for _, c := range []sql.Expression{r.LeftChild, r.RightChild} {
		v, err := c.Eval(ctx, row)
		if err != nil || v == nil {
			return v, err
		}
		u, _, err := types.Uint64.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		n := u.(uint64)
		if sum+n < sum {
			sum = math.MaxUint64
		} else {
			sum += n
		}
	}
	if sum > math.MaxInt64 {
		return int64(math.MaxInt64), nil
	}
	return int64(sum), nil
}

// saturateTopN gives every TopN whose limit GMS built as n + m a
// rowLimitSum instead.
func saturateTopN(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		t, ok := n.(*plan.TopN)
		if !ok {
			return n, transform.SameTree, nil
		}
		a, ok := t.Limit.(*expression.Arithmetic)
		if !ok || a.Op != "+" {
			return n, transform.SameTree, nil
		}
		exprs := t.Expressions()
		exprs[0] = &rowLimitSum{expression.BinaryExpressionStub{LeftChild: a.LeftChild, RightChild: a.RightChild}}
		nn, err := t.WithExpressions(exprs...)
		return nn, transform.NewTree, err
	})
}
