package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// newFromUnixtime is FROM_UNIXTIME. GMS reads its argument as an integer
// (rounded), so FROM_UNIXTIME(1704067200.5) was '2024-01-01 00:00:01';
// MySQL keeps the fraction, with the argument's decimals (at most 6):
// '2024-01-01 00:00:00.5'. One argument with a fraction (DECIMAL with
// decimals, DOUBLE, a string) gets fromUnixFrac; the rest stays GMS's.
func newFromUnixtime(args ...sql.Expression) (sql.Expression, error) {
	gms, err := function.NewFromUnixtime(args...)
	if err != nil || len(args) != 1 {
		return gms, err
	}
	t := args[0].Type()
	prec := 6
	switch {
	case types.IsDecimal(t):
		dt, ok := t.(sql.DecimalType)
		if !ok || dt.Scale() == 0 {
			return wholeSecondsFromUnix(gms), nil // timeprecfix.go
		}
		prec = min(int(dt.Scale()), 6)
	case types.IsFloat(t), types.IsText(t):
	default:
		return wholeSecondsFromUnix(gms), nil // timeprecfix.go
	}
	return &fromUnixFrac{unary: unary{args[0]}, prec: prec}, nil
}

type fromUnixFrac struct {
	unary
	numeric
	prec int
}

var _ sql.Expression = (*fromUnixFrac)(nil)
var _ sql.CollationCoercible = (*fromUnixFrac)(nil)

func (f *fromUnixFrac) Type() sql.Type   { return datetimeOf(f.prec) }
func (f *fromUnixFrac) IsNullable() bool { return true }
func (f *fromUnixFrac) String() string   { return fmt.Sprintf("FROM_UNIXTIME(%s)", f.child) }
func (f *fromUnixFrac) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(f, children)
}

func (f *fromUnixFrac) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	dv, _, err := types.InternalDecimalType.Convert(ctx, v)
	if err != nil {
		return nil, nil
	}
	d := dv.(decimal.Decimal).Round(int32(f.prec))
	if d.Sign() < 0 {
		return nil, nil
	}
	sec := d.Truncate(0)
	micros := d.Sub(sec).Shift(6).IntPart()
	// The whole seconds go through GMS's FROM_UNIXTIME, which owns the
	// range check and the session time zone; the fraction is added after.
	whole, err := function.NewFromUnixtime(expression.NewLiteral(sec.IntPart(), types.Int64))
	if err != nil {
		return nil, err
	}
	r, err := whole.Eval(ctx, nil)
	if err != nil || r == nil {
		return r, err
	}
	t, ok := r.(time.Time)
	if !ok {
		return r, nil
	}
	return t.Add(time.Duration(micros) * time.Microsecond), nil
}
