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
// decimals, DOUBLE, a string) gets fromUnixFrac; the rest fromUnixWhole.
// Both take the session zone's offset at the instant (GMS took the offset
// at the instant whose wall time is the UTC time: an hour off for the
// hours after a DST change).
func newFromUnixtime(args ...sql.Expression) (sql.Expression, error) {
	gms, err := function.NewFromUnixtime(args...)
	if err != nil {
		return gms, err
	}
	if len(args) != 1 {
		return &fromUnixWhole{gms: gms.(*function.FromUnixtime)}, nil
	}
	t := args[0].Type()
	prec := 6
	switch {
	case types.IsDecimal(t):
		dt, ok := t.(sql.DecimalType)
		if !ok || dt.Scale() == 0 {
			return &fromUnixWhole{gms: gms.(*function.FromUnixtime)}, nil
		}
		prec = min(int(dt.Scale()), 6)
	case types.IsFloat(t), types.IsText(t):
	default:
		return &fromUnixWhole{gms: gms.(*function.FromUnixtime)}, nil
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
	t, ok := unixToSession(ctx, sec.IntPart())
	if !ok {
		return nil, nil
	}
	return t.Add(time.Duration(micros) * time.Microsecond), nil
}

// unixToSession is the wall time in the session's zone of sec seconds
// after the epoch; false outside GMS's (and MySQL's) range.
func unixToSession(ctx *sql.Context, sec int64) (time.Time, bool) {
	if sec > function.MaxUnixTimeSecs || sec < 0 {
		return time.Time{}, false
	}
	return ToZone(time.Unix(sec, 0).UTC(), SessionZone(ctx)), true
}

// fromUnixWhole is FROM_UNIXTIME of whole seconds, DATETIME(0) (GMS said
// DATETIME(6): timeprecfix.go), and FROM_UNIXTIME(n, format), GMS's
// argument conversions kept.
type fromUnixWhole struct {
	gms *function.FromUnixtime
}

var _ sql.FunctionExpression = (*fromUnixWhole)(nil)
var _ sql.CollationCoercible = (*fromUnixWhole)(nil)

func (f *fromUnixWhole) FunctionName() string       { return "from_unixtime" }
func (f *fromUnixWhole) Description() string        { return f.gms.Description() }
func (f *fromUnixWhole) Resolved() bool             { return f.gms.Resolved() }
func (f *fromUnixWhole) IsNullable() bool           { return true }
func (f *fromUnixWhole) Children() []sql.Expression { return f.gms.Children() }
func (f *fromUnixWhole) String() string             { return f.gms.String() }
func (f *fromUnixWhole) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return f.gms.CollationCoercibility(ctx)
}
func (f *fromUnixWhole) Type() sql.Type {
	if len(f.gms.Children()) == 1 {
		return types.Datetime
	}
	return f.gms.Type()
}
func (f *fromUnixWhole) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newFromUnixtime(children...)
}

func (f *fromUnixWhole) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	args := f.gms.Children()
	v, err := args[0].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n, _, err := types.Int64.Convert(ctx, v)
	if err != nil || n == nil {
		return nil, err
	}
	t, ok := unixToSession(ctx, n.(int64))
	if !ok {
		return nil, nil
	}
	if len(args) == 1 {
		return t, nil
	}
	fv, err := args[1].Eval(ctx, row)
	if err != nil || fv == nil {
		return nil, err
	}
	// The format as text, as GMS's FROM_UNIXTIME took it (DATE_FORMAT
	// refuses a format that is no string).
	format, _, err := types.Text.Convert(ctx, fv)
	if err != nil || format == nil {
		return nil, err
	}
	return function.NewDateFormat(expression.NewLiteral(t, types.DatetimeMaxPrecision), expression.NewLiteral(format, types.Text)).Eval(ctx, nil)
}
