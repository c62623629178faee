package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// selectListDoubles: MySQL folds a DECIMAL column compared with a constant
// into a DECIMAL comparison only in WHERE, ON and HAVING (fold_condition,
// see decimalAsDouble); in a select list, GROUP BY or ORDER BY, d = 0.1e0
// stays a DOUBLE comparison, true for d = 0.100000000000000005.
// compareDecimalsWide, which cannot tell where it is, kept those exact;
// here the expressions of projections, groupings, windows and sorts get the
// DOUBLE reading back.
func selectListDoubles(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n.(type) {
		case *plan.Project, *plan.GroupBy, *plan.Window, *plan.Sort, *plan.TopN:
		default:
			return n, transform.SameTree, nil
		}
		x := n.(sql.Expressioner)
		old := x.Expressions()
		exprs := make([]sql.Expression, len(old))
		changed := false
		for i, e := range old {
			ne, same, err := transform.Expr(e, foldedAsDouble)
			if err != nil {
				return nil, transform.SameTree, err
			}
			exprs[i] = ne
			changed = changed || same == transform.NewTree
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		nn, err := x.WithExpressions(exprs...)
		return nn, transform.NewTree, err
	})
}

// foldedAsDouble reads the DECIMAL column of a comparison that
// decimalAsDouble left exact (column against constant) as a DOUBLE.
func foldedAsDouble(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
	default:
		return e, transform.SameTree, nil
	}
	cs := e.Children()
	if len(cs) != 2 {
		return e, transform.SameTree, nil
	}
	l, r := cs[0], cs[1]
	switch {
	case types.IsFloat(r.Type()) && foldsToDecimal(l, r):
		l = &toDouble{unary: unary{plainColumn(l)}}
	case types.IsFloat(l.Type()) && foldsToDecimal(r, l):
		r = &toDouble{unary: unary{plainColumn(r)}}
	default:
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(l, r)
	return ne, transform.NewTree, err
}

// plainColumn is e without compareDecimalsWide's wideDecimal wrappers.
func plainColumn(e sql.Expression) sql.Expression {
	for {
		w, ok := e.(*wideDecimal)
		if !ok {
			return e
		}
		e = w.child
	}
}
