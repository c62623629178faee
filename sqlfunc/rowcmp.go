package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
)

// rowComparison is a comparison of two row constructors, (a1, a2) op
// (b1, b2), as MySQL evaluates it; nil when e is no such comparison. GMS
// compared the tuples as values of its tuple type, which fails on a NULL
// element ("value not nil: 2" for (1, NULL) = (1, 2)). MySQL compares
// element by element:
//
//   - = is the conjunction of the elements' =, <=> of their <=> (so a NULL
//     pair makes = NULL unless another pair differs);
//   - <, <=, >, >= are decided by the first pair that differs, and are NULL
//     when a NULL pair comes before it: a1 < b1 OR (a1 = b1 AND (rest)).
//
// Nested rows are compared the same way; rows of different sizes are left
// to GMS, which fails them with 1241.
func rowComparison(e sql.Expression) sql.Expression {
	cs := e.Children()
	if len(cs) != 2 {
		return nil
	}
	l, lok := cs[0].(expression.Tuple)
	r, rok := cs[1].(expression.Tuple)
	if !lok || !rok || len(l) != len(r) || len(l) < 2 {
		return nil
	}
	var op func(a, b sql.Expression) sql.Expression
	switch e.(type) {
	case *expression.Equals:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewEquals(a, b) }
	case *expression.NullSafeEquals:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewNullSafeEquals(a, b) }
	case *expression.LessThan:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewLessThan(a, b) }
	case *expression.LessThanOrEqual:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewLessThanOrEqual(a, b) }
	case *expression.GreaterThan:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewGreaterThan(a, b) }
	case *expression.GreaterThanOrEqual:
		op = func(a, b sql.Expression) sql.Expression { return expression.NewGreaterThanOrEqual(a, b) }
	default:
		return nil
	}
	pair := func(a, b sql.Expression, f func(a, b sql.Expression) sql.Expression) sql.Expression {
		c := f(a, b)
		if nested := rowComparison(c); nested != nil {
			return nested
		}
		return c
	}
	switch e.(type) {
	case *expression.Equals, *expression.NullSafeEquals:
		var out sql.Expression
		for i := range l {
			c := pair(l[i], r[i], op)
			if out == nil {
				out = c
			} else {
				out = expression.NewAnd(out, c)
			}
		}
		return out
	}
	// Lexicographic: strict for all but the last pair, which decides with
	// op itself.
	var strict func(a, b sql.Expression) sql.Expression
	switch e.(type) {
	case *expression.LessThan, *expression.LessThanOrEqual:
		strict = func(a, b sql.Expression) sql.Expression { return expression.NewLessThan(a, b) }
	default:
		strict = func(a, b sql.Expression) sql.Expression { return expression.NewGreaterThan(a, b) }
	}
	eq := func(a, b sql.Expression) sql.Expression { return expression.NewEquals(a, b) }
	n := len(l)
	out := pair(l[n-1], r[n-1], op)
	for i := n - 2; i >= 0; i-- {
		out = expression.NewOr(pair(l[i], r[i], strict), expression.NewAnd(pair(l[i], r[i], eq), out))
	}
	return out
}
