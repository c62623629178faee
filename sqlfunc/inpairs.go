package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// inPairs is `s IN (e1, e2, ...)` with a string s and a list that mixes
// numbers with other values, as MySQL evaluates it: each element against s
// as `=` compares that pair (a string element as strings, in the pair's
// collation; a number as DOUBLE). GMS converts every element to s's type
// and compares strings only: under utf8mb4_general_ci, 'a' IN ('a ', 2) was
// false in the select list (no padding) while its hashed form in a WHERE
// answered differently again, and '2.0' IN ('x', 2) was false.
//
// The IN becomes s = e1 OR s = e2 OR ..., whose three-valued logic is IN's
// (NULL when nothing matches and an element is NULL); every '=' then gets
// the corrections all comparisons get (compareAsDouble here, the collation
// in engine/padspace.go). s is evaluated once per element, so an s that
// reads a subquery or anything nondeterministic is left to GMS. nil when
// the IN is not of that shape.
func inPairs(left sql.Expression, tup expression.Tuple) sql.Expression {
	if len(tup) < 2 || !types.IsText(left.Type()) {
		return nil
	}
	num, other := false, false
	for _, el := range tup {
		switch t := el.Type(); {
		case t == types.Null:
		case types.IsTuple(t):
			return nil
		case isNumber(t):
			num = true
		default:
			other = true
		}
	}
	if !num || !other || !repeatable(left) {
		return nil
	}
	var or sql.Expression
	for _, el := range tup {
		var eq sql.Expression = expression.NewEquals(left, el)
		if ne, _, err := compareAsDouble(eq); err == nil {
			eq = ne
		}
		if or == nil {
			or = eq
		} else {
			or = expression.NewOr(or, eq)
		}
	}
	return or
}

// repeatable: evaluating e twice for one row gives the same value at no
// more than twice the cost (no subquery, nothing nondeterministic).
func repeatable(e sql.Expression) bool {
	ok := true
	transform.InspectExpr(e, func(x sql.Expression) bool {
		switch x.(type) {
		case *plan.Subquery, sql.NonDeterministicExpression:
			ok = false
		}
		return !ok
	})
	return ok
}
