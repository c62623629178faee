package sqlfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// trigFn is a one-argument DOUBLE function computed by the C library as
// MySQL computes it (libm_cgo.go). GMS's built-in stays inside for its
// name, argument checks and whatever the C function does not answer (a
// NaN or infinite result: GMS's NULL or error).
type trigFn struct {
	fixedFn
	f func(float64) float64
}

// libm is fixed(name, numericArg, DOUBLE) with the value from f.
func libm(name string, f func(float64) float64) sql.FunctionN {
	base := fixed(name, numericArg, fixedType(types.Float64), nil)
	return sql.FunctionN{Name: name, Fn: func(as ...sql.Expression) (sql.Expression, error) {
		e, err := base.Fn(as...)
		if err != nil {
			return nil, err
		}
		return &trigFn{fixedFn: *e.(*fixedFn), f: f}, nil
	}}
}

func (t *trigFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := t.fixedFn.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &trigFn{fixedFn: *e.(*fixedFn), f: t.f}, nil
}

func (t *trigFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	args := t.Children()
	if len(args) != 1 {
		return t.fixedFn.Eval(ctx, row)
	}
	v, err := args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	c, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return t.fixedFn.Eval(ctx, row)
	}
	x, ok := c.(float64)
	if !ok {
		return t.fixedFn.Eval(ctx, row)
	}
	r := t.f(x)
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return t.fixedFn.Eval(ctx, row)
	}
	return r, nil
}

// cot is MySQL's COT: 1 / tan(x) (GMS: cos(x) / sin(x), which differs in
// the last bit: COT(1) is 0.6420926159343306 in MySQL).
func cot(x float64) float64 { return 1 / libmTan(x) }
