package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// NullSafeIntervals is an analyzer rule (run after GMS's validation) for
// `date ± INTERVAL expr unit`: when expr is NULL, GMS's Arithmetic keeps the
// interval's nil *TimeDelta in an interface, which is then not == nil, and
// dereferences it (the statement panics). MySQL's answer is NULL, which is
// what DATE_ADD/DATE_SUB already give. Each such Arithmetic is wrapped so a
// NULL interval value answers NULL before GMS's code runs.
func NullSafeIntervals(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		a, ok := e.(*expression.Arithmetic)
		if !ok {
			return e, transform.SameTree, nil
		}
		if w := wrapInterval(a); w != nil {
			return w, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

func wrapInterval(a *expression.Arithmetic) sql.Expression {
	if i, ok := a.LeftChild.(*expression.Interval); ok {
		return &nullSafeInterval{Arithmetic: a, interval: i}
	}
	if i, ok := a.RightChild.(*expression.Interval); ok {
		return &nullSafeInterval{Arithmetic: a, interval: i}
	}
	return nil
}

// nullSafeInterval is an interval Arithmetic that answers NULL for a NULL
// interval value. The interval's operand is evaluated once more than GMS
// would (only its NULL-ness is used).
type nullSafeInterval struct {
	*expression.Arithmetic
	interval *expression.Interval
}

func (e *nullSafeInterval) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.interval.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return e.Arithmetic.Eval(ctx, row)
}

func (e *nullSafeInterval) IsNullable() bool { return true }

func (e *nullSafeInterval) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := e.Arithmetic.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if a, ok := n.(*expression.Arithmetic); ok {
		if w := wrapInterval(a); w != nil {
			return w, nil
		}
	}
	return n, nil
}
