package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// realOperand reports whether MySQL computes arithmetic with e as an
// operand in DOUBLE: e is a float, a string, JSON or the NULL literal (whose
// result type is a string's in MySQL). GMS types `2.5 - NULL`, `1 / NULL`
// and MOD of a float or string as DECIMAL, which drivers then read as a
// different type than MySQL's.
func realOperand(e sql.Expression) bool {
	t := e.Type()
	return t == types.Null || types.IsFloat(t) || types.IsText(t) || types.IsJSON(t)
}

// realResult is + - * / MOD with a DOUBLE result (see realOperand): GMS's
// value, converted to DOUBLE and declared so.
type realResult struct {
	sql.Expression
}

func newRealResult(e sql.Expression) sql.Expression {
	for _, c := range e.Children() {
		if types.IsDeferredType(c.Type()) {
			return e
		}
	}
	if types.IsFloat(e.Type()) {
		return e
	}
	for _, c := range e.Children() {
		if realOperand(c) {
			return &realResult{e}
		}
	}
	return e
}

func (r *realResult) Type() sql.Type { return types.Float64 }

func (r *realResult) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := r.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &realResult{n}, nil
}

func (r *realResult) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	f, _, err := types.Float64.Convert(ctx, v)
	return f, err
}
