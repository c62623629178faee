package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// numericArgFuncs read their arguments as numbers: MySQL reads a DATE,
// DATETIME, TIMESTAMP or TIME argument as YYYYMMDD, YYYYMMDDhhmmss[.f] or
// hhmmss (the temporal's val_real / val_decimal) and a YEAR as its
// integer. GMS read DATEs and DATETIMEs as Unix timestamps in SUM, AVG,
// STD, VARIANCE and BIT_OR (SUM of three DATEs was 5114793600, MySQL
// 60711533), TIMEs as 0 there, answered NULL for ROUND(year_col), and
// failed ROUND, ABS, LN, EXP ... of a temporal with 1105.
var numericArgFuncs = map[string]bool{
	"round": true, "truncate": true, "abs": true, "sign": true, "ceil": true, "ceiling": true,
	"floor": true, "mod": true, "exp": true, "ln": true, "log": true, "log10": true, "log2": true,
	"sqrt": true, "pow": true, "power": true, "sin": true, "cos": true, "tan": true, "cot": true,
	"asin": true, "acos": true, "atan": true, "atan2": true, "degrees": true, "radians": true,
	"sum": true, "avg": true, "std": true, "stddev": true, "stddev_pop": true, "stddev_samp": true,
	"variance": true, "var_pop": true, "var_samp": true, "bit_and": true, "bit_or": true, "bit_xor": true,
	// GMS's aggregates' own names (STD and VARIANCE are aliases of these).
	"bitand": true, "bitor": true, "bitxor": true, "stddevpop": true, "stddevsamp": true, "varpop": true,
	"varsamp": true,
}

// temporalNumericArgs wraps the temporal and YEAR arguments of a
// numericArgFuncs function as numbers (an aggregate's first child only:
// the others are its window's), or reports false.
func temporalNumericArgs(e sql.Expression) (sql.Expression, bool) {
	f, ok := e.(sql.FunctionExpression)
	if !ok || !numericArgFuncs[strings.ToLower(f.FunctionName())] {
		return e, false
	}
	cs := e.Children()
	n := len(cs)
	if _, agg := e.(sql.Aggregation); agg && n > 0 {
		n = 1
	}
	var ncs []sql.Expression
	for i := 0; i < n; i++ {
		c := cs[i]
		r := newTemporalNum(c)
		if r == c && types.IsYear(c.Type()) {
			r = &yearNum{unary: unary{c}}
		}
		if r == c {
			continue
		}
		if ncs == nil {
			ncs = append([]sql.Expression(nil), cs...)
		}
		ncs[i] = r
	}
	if ncs == nil {
		return e, false
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// yearNum is a YEAR read as the integer it shows (2020; 0 for 0000).
type yearNum struct {
	unary
	numeric
}

func (y *yearNum) Type() sql.Type { return types.Int64 }

func (y *yearNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(y, len(children), 1)
	}
	return &yearNum{unary: unary{children[0]}}, nil
}

func (y *yearNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := y.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	n, _, err := types.Int64.Convert(ctx, v)
	return n, err
}
