package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// compareDecimalsWide widens the DECIMAL operands of a comparison whose other
// operand is a DOUBLE or a DECIMAL with more fractional or integer digits.
// GMS compares such a pair in the DECIMAL operand's own type, rounding the
// other value to its scale first: with a DECIMAL(5,0) column, dc = 1.5e0
// matched 2 and dc = 0.123456789 matched 0. MySQL compares DECIMAL with
// DECIMAL exactly and with DOUBLE as DOUBLE; in DECIMAL(65,30) both values
// keep their digits. Comparisons with integers (exact in any DECIMAL that
// holds them) and between equal types keep their operands, and their index
// ranges.
func compareDecimalsWide(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	cs := e.Children()
	if len(cs) != 2 {
		return e, transform.SameTree, nil
	}
	l, r := cs[0], cs[1]
	lt, rt := l.Type(), r.Type()
	if !lossyInDecimal(rt, lt) && !lossyInDecimal(lt, rt) {
		return e, transform.SameTree, nil
	}
	if nl, nr, ok := decimalAsDouble(l, r); ok {
		ne, err := e.WithChildren(nl, nr)
		return ne, transform.NewTree, err
	}
	if types.IsDecimal(lt) {
		l = &wideDecimal{transparent{unary{l}}}
	}
	if types.IsDecimal(rt) {
		r = &wideDecimal{transparent{unary{r}}}
	}
	ne, err := e.WithChildren(l, r)
	return ne, transform.NewTree, err
}

// lossyInDecimal: d is a DECIMAL type and converting values of type t to it
// may change them.
func lossyInDecimal(t, d sql.Type) bool {
	dt, ok := d.(sql.DecimalType)
	if !ok || t == types.Null {
		return false
	}
	switch {
	case types.IsFloat(t):
		return true
	case types.IsDecimal(t):
		tt := t.(sql.DecimalType)
		return tt.Scale() > dt.Scale() || int(tt.Precision())-int(tt.Scale()) > int(dt.Precision())-int(dt.Scale())
	}
	return false
}

// wideDecimal is its DECIMAL operand typed DECIMAL(65,30), the widest, so a
// comparison converts neither operand lossily.
type wideDecimal struct{ transparent }

var _ sql.Expression = (*wideDecimal)(nil)

func (w *wideDecimal) Type() sql.Type                                  { return types.InternalDecimalType }
func (w *wideDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) { return w.child.Eval(ctx, row) }
func (w *wideDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(w, children)
}

// widenInDecimals is compareDecimalsWide for `x IN (...)` with a number x:
// GMS's InTuple converts x to the type of each DECIMAL element, so with
// x = 0.0625 (DECIMAL(17,4)) the element 0.1 (DECIMAL(1,1)) matched: x was
// rounded to 0.1 first, and NOT IN was false in WHERE where MySQL (and
// GMS's hashed IN of the select list) said true. Each DECIMAL element that
// x's type does not fit into is typed DECIMAL(65,30), which both values fit;
// for a DOUBLE x it becomes a DOUBLE, since MySQL compares DOUBLE with
// DECIMAL as DOUBLE. nil when no element needs it.
func widenInDecimals(x sql.Expression, tup expression.Tuple) expression.Tuple {
	var out expression.Tuple
	for i, el := range tup {
		if !lossyInDecimal(x.Type(), el.Type()) {
			continue
		}
		if out == nil {
			out = append(expression.Tuple(nil), tup...)
		}
		if types.IsFloat(x.Type()) {
			out[i] = &toDouble{unary: unary{el}}
		} else {
			out[i] = &wideDecimal{transparent{unary{el}}}
		}
	}
	return out
}

// decimalAsDouble: a DECIMAL compared with a DOUBLE or FLOAT compares as
// DOUBLE in MySQL (Arg_comparator with REAL_RESULT), so the DECIMAL side is
// read as a DOUBLE: d = f held for d = 0.100000000000000005 and f = 0.1 in
// MySQL, and widened to DECIMAL(65,30) both differed. One exception keeps
// the exact DECIMAL comparison (and its index range): a DECIMAL column
// against a constant, which MySQL 8.0's constant folding turns into a
// DECIMAL constant before comparing (sql_const_folding.cc,
// analyze_decimal_field_constant: REAL_RESULT via double2decimal), so
// WHERE d = 0.1e0 matches 0.1 alone. (MySQL folds only WHERE, ON and
// HAVING; in a select list d = 0.1e0 is a DOUBLE comparison there, here it
// stays exact: docs/COMPATIBILITY.md, misc11.) ok is false when l and r
// are not a DECIMAL and a DOUBLE/FLOAT.
func decimalAsDouble(l, r sql.Expression) (sql.Expression, sql.Expression, bool) {
	lt, rt := l.Type(), r.Type()
	switch {
	case types.IsDecimal(lt) && types.IsFloat(rt):
		if foldsToDecimal(l, r) {
			return nil, nil, false
		}
		return &toDouble{unary: unary{l}}, r, true
	case types.IsFloat(lt) && types.IsDecimal(rt):
		if foldsToDecimal(r, l) {
			return nil, nil, false
		}
		return l, &toDouble{unary: unary{r}}, true
	}
	return nil, nil, false
}

// foldsToDecimal: dec is a column and c a constant MySQL's fold_condition
// converts to dec's DECIMAL (a literal, a negated literal, a placeholder).
func foldsToDecimal(dec, c sql.Expression) bool {
	// The rule runs again over its own answer (wideDecimal).
	if _, ok := plainColumn(dec).(*expression.GetField); !ok || !types.IsDecimal(plainColumn(dec).Type()) {
		return false
	}
	if n, ok := c.(*expression.UnaryMinus); ok {
		c = n.Child
	}
	switch c := c.(type) {
	case *expression.Literal:
		return c.Value() != nil
	case *expression.BindVar:
		return true
	}
	return false
}

func anyFloat(tup expression.Tuple) bool {
	for _, el := range tup {
		if types.IsFloat(el.Type()) {
			return true
		}
	}
	return false
}

// decimalInPairs is `d IN (e1, e2, ...)` with a DECIMAL d and a list that
// mixes DOUBLE/FLOAT elements with other numbers. MySQL's Item_func_in
// finds two comparison types among the pairs (REAL for d against a
// DOUBLE, DECIMAL against a DECIMAL) and then compares each element with
// its own pair's type, not the whole list as DOUBLE. The IN becomes
// d = e1 OR d = e2 ..., a DOUBLE element compared with d read as a DOUBLE
// (IN is not constant-folded), the others left to the corrections every
// '=' gets. nil when the IN is not of that shape or d is not repeatable.
func decimalInPairs(left sql.Expression, tup expression.Tuple) sql.Expression {
	if !types.IsDecimal(left.Type()) || len(tup) < 2 || !repeatable(left) {
		return nil
	}
	floats, others := 0, 0
	for _, el := range tup {
		switch t := el.Type(); {
		case types.IsTuple(t):
			return nil
		case types.IsFloat(t):
			floats++
		default:
			others++
		}
	}
	if floats == 0 || others == 0 {
		return nil
	}
	var or sql.Expression
	for _, el := range tup {
		var eq sql.Expression
		if types.IsFloat(el.Type()) {
			eq = expression.NewEquals(&toDouble{unary: unary{left}}, el)
		} else {
			eq = expression.NewEquals(left, el)
		}
		if or == nil {
			or = eq
		} else {
			or = expression.NewOr(or, eq)
		}
	}
	return or
}
