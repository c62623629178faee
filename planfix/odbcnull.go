package planfix

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	sqltypes "github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/sqlfunc"
)

// odbcZeroDatesID is from the lead's session-20 range 11_760-11_769.
const odbcZeroDatesID analyzer.RuleId = 11_760

var odbcZeroDatesRule = analyzer.Rule{Id: odbcZeroDatesID, Apply: odbcZeroDates}

// odbcZeroDates gives `date_col IS NULL` MySQL's ODBC meaning: for a DATE or
// DATETIME column declared NOT NULL, a WHERE condition `col IS NULL` (or
// ISNULL(col)) also finds the rows holding the zero date '0000-00-00'
// (MySQL's manual, "IS NULL"; Item_func_isnull in remove_eq_conds turns it
// into `col = 0`, or `col IS NULL OR col = 0` on the inner side of an outer
// join — one predicate here, which is both). GMS evaluated a plain IS NULL,
// so `WHERE d IS NULL` found nothing where MySQL and MariaDB find the
// zero-date rows, and an UPDATE/DELETE with it changed nothing.
//
// As in MySQL, only the conjuncts and disjuncts of a WHERE (a Filter) and of
// an inner join's ON are rewritten: not IS NOT NULL, not under NOT, IF, CASE
// or XOR, not in a select list, HAVING or an outer join's ON (MariaDB 10.11
// agrees on each). It runs before GMS turns filters into index ranges, which
// would otherwise look the NULL key up.
func odbcZeroDates(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return odbcZeroDatesIn(n)
}

func odbcZeroDatesIn(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := odbcZeroDatesNodes(n)
	if err != nil {
		return nil, transform.SameTree, err
	}
	// A subquery's plan hangs in an expression, out of the node walk.
	n, same2, err := transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok {
			return e, transform.SameTree, nil
		}
		q, same, err := odbcZeroDatesIn(sq.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	return n, same && same2, err
}

func odbcZeroDatesNodes(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch nn := n.(type) {
		case *plan.Filter:
			c, same := odbcCondition(nn.Expression)
			if same {
				return n, transform.SameTree, nil
			}
			return plan.NewFilter(c, nn.Child), transform.NewTree, nil
		case *plan.JoinNode:
			if !nn.Op.IsInner() || nn.Filter == nil {
				return n, transform.SameTree, nil
			}
			c, same := odbcCondition(nn.Filter)
			if same {
				return n, transform.SameTree, nil
			}
			nj := *nn
			nj.Filter = c
			return &nj, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

func odbcCondition(e sql.Expression) (sql.Expression, bool) {
	switch c := e.(type) {
	case *expression.And:
		l, ls := odbcCondition(c.LeftChild)
		r, rs := odbcCondition(c.RightChild)
		if ls && rs {
			return e, true
		}
		return expression.NewAnd(l, r), false
	case *expression.Or:
		l, ls := odbcCondition(c.LeftChild)
		r, rs := odbcCondition(c.RightChild)
		if ls && rs {
			return e, true
		}
		return expression.NewOr(l, r), false
	case *expression.IsNull, *function.IsNull:
		gf, ok := c.Children()[0].(*expression.GetField)
		if !ok || gf.IsNullable() {
			return e, true
		}
		switch gf.Type().Type() {
		case sqltypes.Date, sqltypes.Datetime:
			return &zeroDateIsNull{gf}, false
		}
	}
	return e, true
}

// zeroDateIsNull is `col IS NULL OR col = zero date` for a NOT NULL DATE or
// DATETIME column.
type zeroDateIsNull struct{ col sql.Expression }

var _ sql.Expression = (*zeroDateIsNull)(nil)

func (z *zeroDateIsNull) Resolved() bool             { return z.col.Resolved() }
func (z *zeroDateIsNull) String() string             { return fmt.Sprintf("%s IS NULL", z.col) }
func (z *zeroDateIsNull) Type() sql.Type             { return types.Boolean }
func (z *zeroDateIsNull) IsNullable() bool           { return false }
func (z *zeroDateIsNull) Children() []sql.Expression { return []sql.Expression{z.col} }

func (z *zeroDateIsNull) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(z, len(children), 1)
	}
	return &zeroDateIsNull{children[0]}, nil
}

func (z *zeroDateIsNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := z.col.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	return v == nil || sqlfunc.IsZeroDateValue(v), nil
}
