package sqlfunc

import (
	"fmt"
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// Functions go-mysql-server v0.20 does not have at all (1305 "FUNCTION
// db.truncate does not exist"). Django's MySQL backend writes both:
// TRUNCATE(YEARWEEK(x, 3), -2) / 100 for the ISO year, MAKEDATE(YEAR(x), 1)
// for truncating to a quarter or year.

// truncateFunc is TRUNCATE(X, D): X with the digits after D decimal places
// (before the point for a negative D) dropped, of X's kind: an integer stays
// an integer, a DECIMAL a DECIMAL of scale D, anything else a DOUBLE.
type truncateFunc struct {
	expression.BinaryExpressionStub
}

var _ sql.FunctionExpression = (*truncateFunc)(nil)

func newTruncate(x, d sql.Expression) sql.Expression {
	return &truncateFunc{expression.BinaryExpressionStub{LeftChild: x, RightChild: d}}
}

func (t *truncateFunc) FunctionName() string { return "truncate" }
func (t *truncateFunc) Description() string {
	return "truncates X to D decimal places"
}
func (t *truncateFunc) String() string {
	return fmt.Sprintf("truncate(%s, %s)", t.LeftChild, t.RightChild)
}
func (t *truncateFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 2)
	}
	return newTruncate(children[0], children[1]), nil
}

// places is D when it is a constant (it fixes a DECIMAL result's scale).
func (t *truncateFunc) places() (int64, bool) {
	l, ok := t.RightChild.(*expression.Literal)
	if !ok || l.Value() == nil {
		return 0, false
	}
	v, _, err := types.Int64.Convert(sql.NewEmptyContext(), l.Value())
	if err != nil {
		return 0, false
	}
	return v.(int64), true
}

func (t *truncateFunc) Type() sql.Type {
	xt := t.LeftChild.Type()
	switch {
	case types.IsInteger(xt):
		// GMS types a literal like 255 UNSIGNED TINYINT; MySQL's is a
		// signed BIGINT unless it does not fit one
		// (TRUNCATE(18446744073709551615, -1) was 9223372036854775807).
		if l, lit := t.LeftChild.(*expression.Literal); types.IsUnsigned(xt) {
			if !lit {
				return types.Uint64
			}
			if b, ok := toBig(l.Value()); ok && b.Cmp(maxInt64) > 0 {
				return types.Uint64
			}
		}
		return types.Int64
	case types.IsDecimal(xt):
		dt := xt.(sql.DecimalType)
		scale := int64(dt.Scale())
		if d, ok := t.places(); ok {
			// Item_func_round (TRUNCATE's too) sets the scale to D,
			// at most 30, whatever X's: TRUNCATE(1.5, 3) is 1.500.
			scale = min(max(d, 0), types.DecimalTypeMaxScale)
		}
		prec := int64(dt.Precision()) - int64(dt.Scale()) + scale
		return types.MustCreateDecimalType(uint8(max(prec, 1)), uint8(scale))
	}
	return types.Float64
}

func (t *truncateFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	xv, err := t.LeftChild.Eval(ctx, row)
	if err != nil || xv == nil {
		return nil, err
	}
	dv, err := t.RightChild.Eval(ctx, row)
	if err != nil || dv == nil {
		return nil, err
	}
	dc, _, err := types.Int64.Convert(ctx, dv)
	if err != nil {
		return nil, err
	}
	d := dc.(int64)
	switch typ := t.Type().(type) {
	case sql.DecimalType:
		xc, _, err := types.InternalDecimalType.Convert(ctx, xv)
		if err != nil {
			return nil, err
		}
		x := xc.(decimal.Decimal)
		if d < -65 {
			return decimal.Zero, nil
		}
		// Truncate toward zero at 10^-d, then show the column's scale.
		r := x.Shift(int32(min(d, 65))).Truncate(0).Shift(-int32(min(d, 65)))
		// Adding a zero of the scale pads 1.5 to 1.500 for a constant
		// folded into a literal, which prints the value's own digits.
		return r.Truncate(int32(typ.Scale())).Add(decimal.New(0, -int32(typ.Scale()))), nil
	}
	if types.IsInteger(t.LeftChild.Type()) {
		if d >= 0 {
			v, _, err := t.Type().Convert(ctx, xv)
			return v, err
		}
		if types.IsUnsigned(t.LeftChild.Type()) {
			xc, _, err := types.Uint64.Convert(ctx, xv)
			if err != nil {
				return nil, err
			}
			x := xc.(uint64)
			if d < -19 {
				x = 0
			} else {
				p := uint64(math.Pow10(int(-d)))
				x -= x % p
			}
			v, _, err := t.Type().Convert(ctx, x)
			return v, err
		}
		xc, _, err := types.Int64.Convert(ctx, xv)
		if err != nil {
			return nil, err
		}
		x := xc.(int64)
		if d < -18 {
			return int64(0), nil
		}
		p := int64(math.Pow10(int(-d)))
		return x - x%p, nil // Go's % truncates toward zero, as TRUNCATE does
	}
	var x float64
	if str, ok := asString(xv); ok {
		x = strToFloat(ctx, str) // 'abc' is 0 with a warning, not 1366
	} else {
		xc, _, err := types.Float64.Convert(ctx, xv)
		if err != nil {
			return nil, err
		}
		x = xc.(float64)
	}
	if d >= 0 {
		if d > 30 {
			return x, nil
		}
		p := math.Pow10(int(d))
		return math.Trunc(x*p) / p, nil
	}
	if d < -308 {
		return 0.0, nil
	}
	p := math.Pow10(int(-d))
	return math.Trunc(x/p) * p, nil
}

// makeDate is MAKEDATE(year, dayofyear): the DATE dayofyear-1 days after
// January 1 of year (a two-digit year as MySQL reads one), NULL for a day
// below 1 or a result past 9999.
type makeDate struct {
	expression.BinaryExpressionStub
}

var _ sql.FunctionExpression = (*makeDate)(nil)

func newMakeDate(y, d sql.Expression) sql.Expression {
	return &makeDate{expression.BinaryExpressionStub{LeftChild: y, RightChild: d}}
}

func (m *makeDate) FunctionName() string { return "makedate" }
func (m *makeDate) Description() string {
	return "creates a date from the year and day of year"
}
func (m *makeDate) String() string {
	return fmt.Sprintf("makedate(%s, %s)", m.LeftChild, m.RightChild)
}
func (m *makeDate) Type() sql.Type   { return types.Date }
func (m *makeDate) IsNullable() bool { return true }
func (m *makeDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(m, len(children), 2)
	}
	return newMakeDate(children[0], children[1]), nil
}

func (m *makeDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var n [2]int64
	for i, e := range []sql.Expression{m.LeftChild, m.RightChild} {
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		// MySQL rounds a fractional argument to the nearest integer.
		f, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return nil, nil
		}
		n[i] = int64(math.Round(f.(float64)))
	}
	year, day := n[0], n[1]
	if day < 1 || year < 0 || year > 9999 {
		return nil, nil
	}
	switch {
	case year < 70:
		year += 2000
	case year < 100:
		year += 1900
	}
	if day > 366*10000 {
		return nil, nil
	}
	t := time.Date(int(year), time.January, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(day-1))
	if t.Year() > 9999 {
		return nil, nil
	}
	return t, nil
}
