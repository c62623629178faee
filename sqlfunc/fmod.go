package sqlfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// fmod is MOD or % typed DOUBLE computed as MySQL does, with C's fmod
// (Item_func_mod::real_op): MOD(1e300, 7) is 1. GMS took the remainder of
// the operands as decimals rounded to a fixed scale, which gave 0 for
// every DOUBLE too large for it. Division by zero, NULLs and operands that
// are not plain numbers keep inner's path (its NULL and warnings).
type fmod struct {
	sql.Expression // inner, a DOUBLE MOD
}

func newFmod(e sql.Expression) sql.Expression {
	if !types.IsFloat(e.Type()) || len(e.Children()) != 2 {
		return e
	}
	return &fmod{e}
}

func (f *fmod) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := f.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return newFmod(n), nil
}

func (f *fmod) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cs := f.Children()
	x, okx, err := fmodOperand(ctx, cs[0], row)
	if err != nil {
		return nil, err
	}
	y, oky, err := fmodOperand(ctx, cs[1], row)
	if err != nil {
		return nil, err
	}
	if !okx || !oky || y == 0 {
		return f.Expression.Eval(ctx, row)
	}
	if r := math.Mod(x, y); r != 0 {
		return r, nil
	}
	return 0.0, nil // fmod's -0 (MOD(-6e0, 3)) prints as 0, as MariaDB's
}

// fmodOperand is e's value as a float64 when e yields a number.
func fmodOperand(ctx *sql.Context, e sql.Expression, row sql.Row) (float64, bool, error) {
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return 0, false, err
	}
	switch v.(type) {
	case float64, float32, int64, int32, int16, int8, int, uint64, uint32, uint16, uint8, uint:
	default:
		if _, isDec := v.(interface{ Float64() (float64, bool) }); !isDec {
			return 0, false, nil
		}
	}
	c, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return 0, false, nil
	}
	f, ok := c.(float64)
	return f, ok, nil
}
