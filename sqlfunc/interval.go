package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/sqltext"
)

// interval is MySQL's INTERVAL(N, N1, N2, ...) (sqltext.Operators writes
// it as sqltext.IntervalFunc): 0 if N < N1, 1 if N < N2, and so on; -1
// when N is NULL. The Ni are meant to be ascending. As in MySQL, a list of
// constants is searched by bisection and any other list from the left (so
// an unsorted list answers as MySQL's does); a NULL Ni counts as 0.
// Values compare as DECIMAL when every argument is an integer or DECIMAL,
// otherwise as DOUBLE.
type interval struct {
	args []sql.Expression
}

func newInterval(args ...sql.Expression) (sql.Expression, error) {
	if len(args) < 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("INTERVAL", 2, len(args))
	}
	return &interval{args: args}, nil
}

func (f *interval) Type() sql.Type             { return types.Int64 }
func (f *interval) IsNullable() bool           { return false }
func (f *interval) Children() []sql.Expression { return f.args }
func (f *interval) Resolved() bool {
	for _, a := range f.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}
func (f *interval) String() string {
	s := make([]string, len(f.args))
	for i, a := range f.args {
		s[i] = a.String()
	}
	return fmt.Sprintf("interval(%s)", strings.Join(s, ", "))
}
func (f *interval) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (f *interval) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newInterval(children...)
}

func (f *interval) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	exact := true
	for _, a := range f.args {
		t := a.Type()
		exact = exact && (isInt(t) || types.IsDecimal(t) || t == types.Null)
	}
	n, err := f.args[0].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if n == nil {
		return int64(-1), nil
	}
	key, err := intervalValue(ctx, n, exact)
	if err != nil {
		return nil, err
	}
	list := make([]decimal.Decimal, len(f.args)-1)
	for i, a := range f.args[1:] {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v != nil {
			if list[i], err = intervalValue(ctx, v, exact); err != nil {
				return nil, err
			}
		}
	}
	allConst := true
	for _, a := range f.args[1:] {
		allConst = allConst && constant(a)
	}
	if !allConst {
		for i, v := range list {
			if v.GreaterThan(key) {
				return int64(i), nil
			}
		}
		return int64(len(list)), nil
	}
	lo, hi := 0, len(list)-1
	for lo != hi {
		mid := (lo + hi + 1) / 2
		if list[mid].LessThanOrEqual(key) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if key.LessThan(list[lo]) {
		return int64(0), nil
	}
	return int64(lo + 1), nil
}

// intervalValue is v as the number INTERVAL compares: exactly, or the
// DOUBLE it converts to (held as a decimal of the same value).
func intervalValue(ctx *sql.Context, v any, exact bool) (decimal.Decimal, error) {
	if exact {
		c, _, err := types.InternalDecimalType.Convert(ctx, v)
		if err != nil {
			return decimal.Decimal{}, err
		}
		return c.(decimal.Decimal), nil
	}
	var f float64
	if s, ok := asString(v); ok {
		f = strToFloat(ctx, s)
	} else {
		c, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return decimal.Decimal{}, err
		}
		f = c.(float64)
	}
	return decimal.NewFromFloat(f), nil
}

func init() {
	functions[sqltext.IntervalFunc] = sql.FunctionN{Name: sqltext.IntervalFunc, Fn: newInterval}
}
