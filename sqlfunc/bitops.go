package sqlfunc

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// bitNot is MySQL's `~x`: the 64 bits of x read as BIGINT UNSIGNED,
// inverted (~0 is 18446744073709551615). x becomes an unsigned integer
// as MySQL's bit operators make it: a signed integer keeps its two's
// complement bits, a DECIMAL or DOUBLE is rounded half away from zero and
// clamped to the 64-bit range, a string is read as a number.
type bitNot struct {
	unary
	numeric
}

func newBitNot(e sql.Expression) sql.Expression { return &bitNot{unary: unary{e}} }

func (b *bitNot) Type() sql.Type { return types.Uint64 }
func (b *bitNot) String() string { return fmt.Sprintf("~%s", b.child) }
func (b *bitNot) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *bitNot) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	u, err := bitOperand(ctx, v)
	if err != nil {
		return nil, err
	}
	return ^u, nil
}

// bitOperand is v as the 64 bits a bit operator works on.
func bitOperand(ctx *sql.Context, v any) (uint64, error) {
	if d, ok := v.(decimal.Decimal); ok {
		// Before toBig: an integral DECIMAL past 64 bits is clamped, not
		// cut to its low bits (18446744073709551616.0 | 0 was 0).
		return clampBits(d.Round(0).BigInt()), nil // half away from zero
	}
	if n, ok := toBig(v); ok {
		return wrap64(n), nil
	}
	switch x := v.(type) {
	case float64:
		return floatBits(x), nil
	case float32:
		return floatBits(float64(x)), nil
	}
	if s, ok := asString(v); ok {
		return floatBits(strToFloat(ctx, s)), nil
	}
	c, _, err := types.Uint64.Convert(ctx, v)
	if err != nil {
		return 0, err
	}
	u, _ := c.(uint64)
	return u, nil
}

// wrap64 is the low 64 bits of an integer already in range.
func wrap64(n *big.Int) uint64 {
	if n.Sign() < 0 {
		return uint64(n.Int64())
	}
	return n.Uint64()
}

// clampBits: integers past BIGINT UNSIGNED's top or BIGINT's bottom stick
// there, as MySQL's conversions to integer do.
func clampBits(n *big.Int) uint64 {
	switch {
	case n.Cmp(maxUint64) > 0:
		return math.MaxUint64
	case n.Cmp(minInt64) < 0:
		return 1 << 63
	}
	return wrap64(n)
}

func floatBits(f float64) uint64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= 18446744073709551615.0:
		return math.MaxUint64
	case f <= -9223372036854775808.0:
		return 1 << 63
	}
	r := math.Round(f)
	if r < 0 {
		return uint64(int64(r))
	}
	return uint64(r)
}

// negUnsignedConstant is `-x` of a constant BIGINT UNSIGNED at 2^63 or
// more (-~0): MySQL makes such a negation DECIMAL, since BIGINT cannot
// hold it (-18446744073709551615); nil for anything else.
func negUnsignedConstant(ctx *sql.Context, e *expression.UnaryMinus) sql.Expression {
	if !types.IsUnsigned(e.Child.Type()) || !isInt(e.Child.Type()) || !constant(e.Child) {
		return nil
	}
	v, err := e.Child.Eval(ctx, nil)
	if err != nil || v == nil {
		return nil
	}
	if n, ok := toBig(v); !ok || n.Cmp(maxInt64) <= 0 {
		return nil
	}
	return &negDecimal{unary: unary{e.Child}}
}

// negDecimal is the negation of an unsigned integer as a DECIMAL.
type negDecimal struct {
	unary
	numeric
}

func (n *negDecimal) Type() sql.Type { return types.MustCreateDecimalType(20, 0) }
func (n *negDecimal) String() string { return fmt.Sprintf("-%s", n.child) }
func (n *negDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}
func (n *negDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	b, err := bigOperand(ctx, n.child, v)
	if err != nil {
		return nil, err
	}
	return decimal.NewFromBigInt(b.Neg(b), 0), nil
}

// hexNumber is a hexadecimal or bit-value literal in numeric context: the
// BIGINT UNSIGNED its bytes spell, big-endian (of more than 8 bytes, the
// last 8).
type hexNumber struct {
	unary
	numeric
}

func newHexNumber(e sql.Expression) sql.Expression { return &hexNumber{unary: unary{e}} }

func (h *hexNumber) Type() sql.Type   { return types.Uint64 }
func (h *hexNumber) IsNullable() bool { return false }
func (h *hexNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(h, children)
}
func (h *hexNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := h.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	var b []byte
	switch x := v.(type) {
	case []byte:
		b = x
	case string:
		b = []byte(x)
	default:
		c, _, err := types.Uint64.Convert(ctx, v)
		return c, err
	}
	if len(b) > 8 {
		b = b[len(b)-8:]
	}
	var u uint64
	for _, c := range b {
		u = u<<8 | uint64(c)
	}
	return u, nil
}

func init() {
	functions[BitNotFunc] = sql.Function1{Name: BitNotFunc, Fn: newBitNot}
	functions[HexNumberFunc] = sql.Function1{Name: HexNumberFunc, Fn: newHexNumber}
}

// bitCount is BIT_COUNT(x): the bits of x read as the bit operators read
// it (GMS lost the top bit of a BIGINT UNSIGNED: BIT_COUNT(~0) was 63), or
// of a binary string's bytes, which MySQL 8.0 counts as they are.
func bitCount(ctx *sql.Context, vs []any) (any, error) {
	if b, ok := vs[0].([]byte); ok {
		n := 0
		for _, c := range b {
			n += bits.OnesCount8(c)
		}
		return int64(n), nil
	}
	u, err := bitOperand(ctx, vs[0])
	if err != nil {
		return nil, err
	}
	return int64(bits.OnesCount64(u)), nil
}

func init() {
	functions["bit_count"] = typedFn("bit_count", 1, 1, types.Int64, bitCount)
}
