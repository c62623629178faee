package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// div_precision_increment: MySQL adds the session's increment to the scale
// of `/` (and of AVG, agg.go) when the result is DECIMAL: with 2, 1/3 is
// 0.33, DECIMAL(3,2). GMS's Div adds a constant 4 and never reads the
// variable. decDiv is the DECIMAL division with the increment read when the
// statement is analyzed; the plan cache keys plans by the variable
// (server/plancache.go planSettings), so a cached plan never carries
// another session's increment.

// defaultDivIncrement is div_precision_increment's default.
const defaultDivIncrement = 4

// divIncrement is the session's div_precision_increment.
func divIncrement(ctx *sql.Context) int {
	if ctx == nil || ctx.Session == nil {
		return defaultDivIncrement
	}
	v, err := ctx.GetSessionVariable(ctx, "div_precision_increment")
	if err != nil {
		return defaultDivIncrement
	}
	n, _, err := types.Int64.Convert(ctx, v)
	if err != nil {
		return defaultDivIncrement
	}
	return min(max(int(n.(int64)), 0), types.DecimalTypeMaxScale)
}

// decDiv is `/` with a DECIMAL result (neither operand a float, string,
// JSON or NULL). Its value is MySQL's decimal_div: the quotient truncated
// to whole 9-digit words of fraction, enough for both operands' words plus
// the increment (1/3 holds 0.333333333); its type has the left operand's
// scale plus the increment and rounds the value when sent. Like GMS's Div,
// a division that is an operand of another arithmetic operator keeps all
// its digits (inner), so 1/3*3 is 1.0000 (0.999999999 rounded), and one
// that is not is rounded to its scale when evaluated, so a string made of
// it (CONCAT(1/3)) reads as the column does.
type decDiv struct {
	*expression.Div
	incr  int
	inner bool
}

var _ sql.Expression = (*decDiv)(nil)

// newDecDiv is d as a decDiv under the session's increment; ok is false
// when d's result is not DECIMAL or an operand's type is not yet known.
func newDecDiv(ctx *sql.Context, d *expression.Div) (sql.Expression, bool) {
	l, r := d.LeftChild.Type(), d.RightChild.Type()
	if types.IsDeferredType(l) || types.IsDeferredType(r) || realOperand(d.LeftChild) || realOperand(d.RightChild) {
		return d, false
	}
	if !decOperandType(l) || !decOperandType(r) {
		return d, false
	}
	if nd, ok := innerDivs(d).(*expression.Div); ok {
		d = nd
	}
	return &decDiv{Div: d, incr: divIncrement(ctx)}, true
}

// decOperandType: values of t divide as DECIMAL (after temporalOperands has
// turned temporal operands into numbers).
func decOperandType(t sql.Type) bool {
	return isInt(t) || types.IsDecimal(t) || types.IsBit(t) || types.IsYear(t) || t == types.Boolean
}

func (d *decDiv) Type() sql.Type {
	p1, s1, ok := decimalShape(d.LeftChild)
	if !ok {
		p1, s1 = 20, 0
	}
	_, s2, ok := decimalShape(d.RightChild)
	if !ok {
		s2 = 0
	}
	scale := min(s1+d.incr, types.DecimalTypeMaxScale)
	prec := max(min(p1+s2+d.incr, types.DecimalTypeMaxPrecision), scale, 1)
	return types.MustCreateColumnDecimalType(uint8(prec), uint8(scale))
}

func (d *decDiv) IsNullable() bool { return true }

func (d *decDiv) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := d.Div.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	nd, ok := n.(*expression.Div)
	if !ok {
		return n, nil
	}
	return &decDiv{Div: nd, incr: d.incr, inner: d.inner}, nil
}

// asInner is d keeping all its digits, as an operand of arithmetic.
func (d *decDiv) asInner() *decDiv {
	if d.inner {
		return d
	}
	c := *d
	c.inner = true
	return &c
}

func (d *decDiv) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	lv, err := d.LeftChild.Eval(ctx, row)
	if err != nil || lv == nil {
		return nil, err
	}
	rv, err := d.RightChild.Eval(ctx, row)
	if err != nil || rv == nil {
		return nil, err
	}
	l, ls, err := decValue(ctx, d.LeftChild, lv)
	if err != nil {
		return nil, err
	}
	r, rs, err := decValue(ctx, d.RightChild, rv)
	if err != nil {
		return nil, err
	}
	if r.IsZero() {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erDivisionByZero, Message: "Division by 0"})
		return nil, nil
	}
	if l.IsZero() {
		return decimal.Zero, nil
	}
	q := decimalDiv(l, r, ls, rs, d.incr)
	if !d.inner {
		q = q.Round(int32(d.Type().(sql.DecimalType).Scale()))
	}
	return q, nil
}

// decimalDiv is MySQL's decimal_div(l, r, incr) for operands with ls and rs
// fractional digits: each operand's fraction counts as whole 9-digit words,
// the increment is reduced by the digits those words already add, and the
// quotient keeps the words of both plus the increment's, truncated. At most
// 9 words in all (81 digits), the integer part's first.
func decimalDiv(l, r decimal.Decimal, ls, rs, incr int) decimal.Decimal {
	w1, w2 := wordDigits(ls), wordDigits(rs)
	inc := max(incr-(w1-ls)-(w2-rs), 0)
	frac := w1 + w2 + wordDigits(inc)
	q, _ := l.QuoRem(r, int32(frac))
	intWords := (len(q.Truncate(0).Abs().String()) + 8) / 9
	if limit := 9 * (9 - intWords); frac > limit {
		q = q.Truncate(int32(max(limit, 0)))
	}
	return q
}

// wordDigits is n digits rounded up to whole 9-digit words.
func wordDigits(n int) int { return (n + 8) / 9 * 9 }

// decValue is an operand's value as a decimal with its fractional digits:
// the value's own, or its DECIMAL type's scale when that is more (a
// DECIMAL(10,2) column's 1.5 has 2).
func decValue(ctx *sql.Context, e sql.Expression, v any) (decimal.Decimal, int, error) {
	var d decimal.Decimal
	if b, ok := toBig(v); ok {
		d = decimal.NewFromBigInt(b, 0)
	} else if dv, ok := v.(decimal.Decimal); ok {
		d = dv
	} else {
		c, _, err := types.InternalDecimalType.Convert(ctx, v)
		if err != nil {
			return decimal.Zero, 0, err
		}
		d = c.(decimal.Decimal)
	}
	s := max(int(-d.Exponent()), 0)
	if dt, ok := e.Type().(sql.DecimalType); ok {
		s = max(s, int(dt.Scale()))
	}
	return d, s, nil
}

// innerDivs marks the decDiv operands of an arithmetic operator e as inner.
func innerDivs(e sql.Expression) sql.Expression {
	cs := e.Children()
	var ncs []sql.Expression
	for i, c := range cs {
		if d, ok := c.(*decDiv); ok && !d.inner {
			if ncs == nil {
				ncs = append([]sql.Expression(nil), cs...)
			}
			ncs[i] = d.asInner()
		}
	}
	if ncs == nil {
		return e
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e
	}
	return ne
}
