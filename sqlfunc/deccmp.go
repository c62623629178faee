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
