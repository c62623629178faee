package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// temporalBitOperands is a bit operator with a DATE, DATETIME, TIME or YEAR
// operand, that operand read as MySQL's number of it (YYYYMMDD[hhmmss],
// hhmmss, the year) before bitOp reads the bits (arith.go): GMS read a
// DATE as its Unix timestamp and a TIME as 0 (`time_col | 0` was 0, MySQL
// hhmmss). nil when b has no such operand or another operand bitOp leaves
// to GMS.
func temporalBitOperands(b *expression.BitOp) sql.Expression {
	l, r := bitNumArg(b.LeftChild), bitNumArg(b.RightChild)
	if l == b.LeftChild && r == b.RightChild {
		return nil
	}
	if !bitOperandType(l.Type()) || !bitOperandType(r.Type()) {
		return nil
	}
	return &bitOp{expression.NewBitOp(l, r, b.Op)}
}

// bitNumArg is a temporal or YEAR operand as its number.
func bitNumArg(e sql.Expression) sql.Expression {
	if types.IsYear(e.Type()) {
		return &yearNum{unary: unary{e}} // temporalargs.go
	}
	return newTemporalNum(e) // tempnum.go
}

// bitArg is a BIT_AND / BIT_OR / BIT_XOR argument that is a DECIMAL or
// DOUBLE, read as MySQL's val_uint reads it (rounded half away from zero,
// clamped to 64 bits): GMS's aggregates converted -0.125 to
// 9223372036854775808 and -0.5 likewise, where MySQL has 0 and
// 18446744073709551615.
type bitArg struct {
	unary
	numeric
}

func (b *bitArg) Type() sql.Type { return types.Uint64 }
func (b *bitArg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *bitArg) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		// Item_sum_bit::add reads a non-binary string with val_int: its
		// integer prefix ('3.5e2' is 3, ' 12abc' 12, '-1' every bit), where
		// the bit operators read it as a DOUBLE. GMS's conversion made
		// ' 12abc' and '-1' 0 and '3.5e2' 350.
		t := strings.TrimRight(s, " ")
		mag, negative, clean, overflow := intPrefix(t)
		if !clean || overflow {
			warnTruncated(ctx, "INTEGER", s)
		}
		if overflow && strings.HasPrefix(strings.TrimLeft(t, " \t\n\r\v\f"), "-") {
			return uint64(1) << 63, nil // my_strtoll10 saturates at LONGLONG_MIN
		}
		if negative {
			return -mag, nil
		}
		return mag, nil
	}
	return bitOperand(ctx, v)
}

// bitAggArg wraps a BIT_AND / BIT_OR / BIT_XOR aggregate's DECIMAL,
// floating or non-binary string argument in bitArg (temporal ones are
// numbers already: temporalNumericArgs), or reports false. Binary strings
// stay GMS's.
func bitAggArg(e sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *aggregation.BitAnd, *aggregation.BitOr, *aggregation.BitXor:
	default:
		return e, false
	}
	cs := e.Children()
	if len(cs) == 0 {
		return e, false
	}
	if t := cs[0].Type(); !types.IsDecimal(t) && !types.IsFloat(t) && !types.IsTextOnly(t) {
		return e, false
	}
	ncs := append([]sql.Expression(nil), cs...)
	ncs[0] = &bitArg{unary: unary{cs[0]}}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}
