package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql/expression"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// hexNum is HEX(N) of a DOUBLE, FLOAT or DECIMAL N: MySQL reads it as a
// double, rounds half away from zero and saturates to BIGINT UNSIGNED's
// 64 bits (Item_func_hex: a value at or below LLONG_MIN or at or above
// ULLONG_MAX is ~0), so HEX(CAST(3.4e38 AS FLOAT)) and HEX(-1e20) are
// FFFFFFFFFFFFFFFF. GMS converted the out-of-range double to an integer
// as Go does, 8000000000000000. Other arguments are GMS's.
type hexNum struct{ *function.Hex }

func newHex(e sql.Expression) sql.Expression { return &hexNum{function.NewHex(e).(*function.Hex)} }

func (h *hexNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(h, len(children), 1)
	}
	return newHex(children[0]), nil
}

func (h *hexNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	t := h.Child.Type()
	if !types.IsFloat(t) && !types.IsDecimal(t) {
		return h.Hex.Eval(ctx, row)
	}
	v, err := h.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	f, err := toFloat(ctx, v)
	if err != nil {
		return nil, err
	}
	return strings.ToUpper(strconv.FormatUint(hexUint64(f), 16)), nil
}

// hexUint64 is MySQL's conversion of HEX's double argument.
func hexUint64(f float64) uint64 {
	if f <= math.MinInt64 || f >= math.MaxUint64 || math.IsNaN(f) {
		return math.MaxUint64
	}
	if f > 0 {
		return uint64(f + 0.5)
	}
	return uint64(int64(f - 0.5))
}

// newBin is BIN(N), which MySQL builds as CONV(N, 10, 2) (reading N's
// text): GMS's BIN of a DECIMAL beyond BIGINT was 63 one bits, MySQL's
// 64 (strtoull saturates).
func newBin(e sql.Expression) sql.Expression {
	return newConv(e, expression.NewLiteral(int8(10), types.Int8), expression.NewLiteral(int8(2), types.Int8))
}

// newOct is OCT(N), CONV(N, 10, 8) in MySQL (Item_func_oct): N's text, so
// OCT('1e20') is 1 and OCT(18446744073709551616) saturates to 64 one bits;
// its own reading of N as a number made those 1777777777777777777777 and 0.
func newOct(e sql.Expression) sql.Expression {
	return newConv(e, expression.NewLiteral(int8(10), types.Int8), expression.NewLiteral(int8(8), types.Int8))
}
