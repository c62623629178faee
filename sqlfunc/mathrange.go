package sqlfunc

import (
	"fmt"
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// realFn is a DOUBLE function whose result MySQL checks with
// check_float_overflow: an infinite or NaN result is error 1690 "DOUBLE
// value is out of range in 'exp(1000)'" (Item_func_exp, Item_func_pow,
// Item_func_units for DEGREES/RADIANS, Item_func_cot). GMS returned NULL
// for EXP(710), POW(2, 1024), POW(0, -1) and POW(-8, 1/3), and +Inf for
// DEGREES(1e308) — and RADIANS(1e308) overflowed where MySQL's
// x * (pi / 180) does not.
type realFn struct {
	name string
	args []sql.Expression
	f    func(xs []float64) float64
}

var _ sql.FunctionExpression = (*realFn)(nil)

// realFunction registers name with arity n computed by f.
func realFunction(name string, n int, f func(xs []float64) float64) sql.FunctionN {
	return sql.FunctionN{Name: name, Fn: func(as ...sql.Expression) (sql.Expression, error) {
		if len(as) != n {
			return nil, sql.ErrInvalidArgumentNumber.New(strings.ToUpper(name), n, len(as))
		}
		args := make([]sql.Expression, len(as))
		for i, a := range as {
			args[i] = numericArg(i, a)
		}
		return &realFn{name: name, args: args, f: f}, nil
	}}
}

func (r *realFn) FunctionName() string       { return r.name }
func (r *realFn) Description() string        { return r.name + "()" }
func (r *realFn) Type() sql.Type             { return types.Float64 }
func (r *realFn) IsNullable() bool           { return true }
func (r *realFn) Children() []sql.Expression { return r.args }
func (r *realFn) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (r *realFn) Resolved() bool {
	for _, a := range r.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}

func (r *realFn) String() string {
	parts := make([]string, len(r.args))
	for i, a := range r.args {
		parts[i] = mysqlString(a)
	}
	return fmt.Sprintf("%s(%s)", r.name, strings.Join(parts, ","))
}

func (r *realFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(r.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), len(r.args))
	}
	return &realFn{name: r.name, args: children, f: r.f}, nil
}

func (r *realFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	xs := make([]float64, len(r.args))
	for i, a := range r.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		if xs[i], err = toFloat(ctx, v); err != nil {
			return nil, err
		}
	}
	y := r.f(xs)
	if math.IsInf(y, 0) || math.IsNaN(y) {
		return nil, mysql.NewSQLError(ErDataOutOfRange, "22003", "DOUBLE value is out of range in '%s'", r.String())
	}
	return y, nil
}

// The functions MySQL computes as check_float_overflow(f(x)).
var (
	realExp     = func(xs []float64) float64 { return libmExp(xs[0]) }
	realPow     = func(xs []float64) float64 { return libmPow(xs[0], xs[1]) }
	realCot     = func(xs []float64) float64 { return cot(xs[0]) }
	realDegrees = func(xs []float64) float64 { return xs[0] * (180 / math.Pi) }
	realRadians = func(xs []float64) float64 { return xs[0] * (math.Pi / 180) }
)

// repeatCount is REPEAT's count argument: MySQL repeats a string a
// negative number of times as the empty string (Item_func_repeat: "if
// (count <= 0) return empty string"); GMS's REPEAT failed with 1105
// "negative Repeat count".
type repeatCount struct {
	unary
	numeric
}

func repeatArgs(i int, a sql.Expression) sql.Expression {
	if i == 1 {
		return &repeatCount{unary: unary{a}}
	}
	return a
}

func (r *repeatCount) Type() sql.Type { return r.child.Type() }

func (r *repeatCount) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	return &repeatCount{unary: unary{children[0]}}, nil
}

func (r *repeatCount) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if _, ok := asString(v); ok {
		return v, nil
	}
	if f, err := toFloat(ctx, v); err == nil && f < 0 {
		return int32(0), nil
	}
	return v, nil
}
