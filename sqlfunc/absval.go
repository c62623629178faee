package sqlfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// newAbs is ABS with a string argument read as MySQL reads it, a DOUBLE by
// its numeric prefix (warning 1292): GMS's AbsVal has no case for strings
// and answered NULL for ABS('12abc') (MySQL 12) and ABS('ab') (MySQL 0),
// typed as the string, so a CASE around it compared as text (the oracle's
// NoREC finding, seed 1795811458939751641).
func newAbs(arg sql.Expression) sql.Expression {
	if arg.Resolved() && (types.IsText(arg.Type()) || arg.Type() == types.Float32) {
		// Item_func_abs of a FLOAT is a DOUBLE too (REAL_RESULT): ABS
		// of FLOAT 2.2 is 2.200000047683716.
		arg = &toDouble{unary: unary{arg}}
	}
	return &absVal{function.NewAbsVal(arg).(*function.AbsVal)}
}

// absVal fails with 1690 where the BIGINT result does not fit, as MySQL's
// Item_func_abs::int_op: GMS negated -9223372036854775808 into itself.
type absVal struct {
	*function.AbsVal
}

func (a *absVal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	return newAbs(children[0]), nil
}

func (a *absVal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.AbsVal.Eval(ctx, row)
	if n, ok := v.(int64); ok && err == nil && n == math.MinInt64 {
		return nil, outOfRange(false, a)
	}
	return v, err
}

func init() {
	functions["abs"] = sql.Function1{Name: "abs", Fn: newAbs}
}
