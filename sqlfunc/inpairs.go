package sqlfunc

import (
	"fmt"
	"strings"

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
// in engine/padspace.go). An s that reads a subquery or anything
// nondeterministic is evaluated once per row by operandOnce, the '=' reading
// its value from the slot (onceoperand.go). nil when the IN is not of that
// shape.
func inPairs(ctx *sql.Context, left sql.Expression, tup expression.Tuple) sql.Expression {
	// A date or datetime s is MySQL's temporal item with STRING_RESULT:
	// a number element compares as numbers, a string one as dates
	// (CURDATE() IN (20261127, 'x') is 1; GMS read every element as a
	// date and failed on 20261127 with 1292).
	if len(tup) < 2 || !types.IsText(left.Type()) && !isTemporal(left.Type()) {
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
	if !num || !other {
		return nil
	}
	left, tup = inListCollation(ctx, left, tup)
	once := !repeatable(left)
	operand := left
	if once {
		left = &operandSlot{like: operand}
	}
	var or sql.Expression
	for _, el := range tup {
		var eq sql.Expression = expression.NewEquals(left, el)
		if ne, ok := compareTemporalAsNumber(eq); ok {
			eq = ne
		} else if ne, _, err := compareAsDouble(eq); err == nil {
			eq = ne
		}
		if or == nil {
			or = eq
		} else {
			or = expression.NewOr(or, eq)
		}
	}
	if once {
		inner, err := beforeSlot(or)
		if err != nil {
			return nil
		}
		return &operandOnce{operand: operand, inner: inner, text: fmt.Sprintf("(%s IN %s)", operand, tup)}
	}
	return or
}

// inListCollation: MySQL compares the strings of an IN list in one
// collation aggregated over the left operand and every element
// (Item_func_in::resolve_type, agg_arg_charsets_for_comparison over all
// arguments), not pair by pair: 'a' IN (c_ci, c_bin, 2) compares 'a' with
// c_ci under c_bin's collation too, since a _bin collation wins between two
// of one derivation and character set. Where that differs from some pair's
// own collation, the strings get the aggregate as an explicit COLLATE. Two
// collations of one derivation neither of them _bin are MySQL's error 1267;
// they, and lists mixing character sets, keep each pair's collation.
func inListCollation(ctx *sql.Context, left sql.Expression, tup expression.Tuple) (sql.Expression, expression.Tuple) {
	texts := []sql.Expression{left}
	for _, el := range tup {
		if types.IsTextOnly(el.Type()) {
			texts = append(texts, el)
		}
	}
	if len(texts) < 3 || !types.IsTextOnly(left.Type()) {
		return left, tup
	}
	coll, co := Coercibility(ctx, left)
	for _, e := range texts[1:] {
		c, k := Coercibility(ctx, e)
		switch {
		case k < co:
			coll, co = c, k
		case k > co || c == coll:
		case c.CharacterSet() != coll.CharacterSet():
			return left, tup
		case strings.HasSuffix(c.Name(), "_bin"):
			coll = c
		case strings.HasSuffix(coll.Name(), "_bin"):
		default:
			return left, tup
		}
	}
	if coll == sql.Collation_binary || coll == sql.Collation_Unspecified {
		return left, tup
	}
	differs := false
	lc, lk := Coercibility(ctx, left)
	for _, e := range texts {
		st, ok := e.Type().(sql.StringType)
		if !ok || st.Collation().CharacterSet() != coll.CharacterSet() {
			return left, tup
		}
		c, k := Coercibility(ctx, e)
		if pc, _ := sql.ResolveCoercibility(lc, lk, c, k); pc != coll {
			differs = true
		}
	}
	if !differs {
		return left, tup
	}
	nt := make(expression.Tuple, len(tup))
	for i, el := range tup {
		nt[i] = el
		if types.IsTextOnly(el.Type()) {
			nt[i] = expression.NewCollatedExpression(el, coll)
		}
	}
	return expression.NewCollatedExpression(left, coll), nt
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
