package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/timetype"
)

// bitNum is &, |, ^, << or >> with a DECIMAL, DOUBLE, FLOAT or temporal
// operand: MySQL reads each operand as BIGINT UNSIGNED (Item_func_bit's
// val_uint: a DECIMAL or DOUBLE rounded half away from zero, -0.5 to -1
// and so 18446744073709551615; a DATE as YYYYMMDD) and answers BIGINT
// UNSIGNED. GMS typed the result DOUBLE when an operand was not an integer
// (`-0.5 | 0` reached the client as 1.8446744073709552e19) and read
// temporals as Unix timestamps.
type bitNum struct {
	op          string
	left, right sql.Expression
}

var _ sql.Expression = (*bitNum)(nil)

// newBitNum returns nil unless b has an operand of a kind bitNum reads and
// none it leaves to GMS (strings, binary strings, JSON, BIT).
func newBitNum(b *expression.BitOp) sql.Expression {
	numeric := false
	for _, c := range []sql.Expression{b.LeftChild, b.RightChild} {
		t := c.Type()
		switch {
		case isInt(t) || t == types.Null:
		case types.IsDecimal(t) || types.IsFloat(t) || isTemporal(t) || timetype.Is(t) || types.IsYear(t):
			numeric = true
		case types.IsText(t) && !types.IsBinaryType(t):
			// A string is read as a number (typed DOUBLE by GMS: '-0.5' | 0
			// was 1.8446744073709552e19); binary strings, hexadecimal and
			// bit literals stay GMS's.
			numeric = true
		default:
			return nil
		}
	}
	if !numeric {
		return nil
	}
	return &bitNum{op: strings.ToLower(b.Op), left: bitNumArg(b.LeftChild), right: bitNumArg(b.RightChild)}
}

// bitNumArg is a temporal or YEAR operand as its number.
func bitNumArg(e sql.Expression) sql.Expression {
	if types.IsYear(e.Type()) {
		return &yearNum{unary: unary{e}} // temporalargs.go
	}
	return newTemporalNum(e) // tempnum.go
}

func (b *bitNum) Type() sql.Type             { return types.Uint64 }
func (b *bitNum) IsNullable() bool           { return true }
func (b *bitNum) Resolved() bool             { return b.left.Resolved() && b.right.Resolved() }
func (b *bitNum) Children() []sql.Expression { return []sql.Expression{b.left, b.right} }
func (b *bitNum) String() string             { return fmt.Sprintf("(%s %s %s)", b.left, b.op, b.right) }
func (b *bitNum) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (b *bitNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(b, len(children), 2)
	}
	return &bitNum{op: b.op, left: children[0], right: children[1]}, nil
}

func (b *bitNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	lv, err := b.left.Eval(ctx, row)
	if err != nil || lv == nil {
		return nil, err
	}
	rv, err := b.right.Eval(ctx, row)
	if err != nil || rv == nil {
		return nil, err
	}
	l, err := bitOperand(ctx, lv) // bitops.go
	if err != nil {
		return nil, err
	}
	r, err := bitOperand(ctx, rv)
	if err != nil {
		return nil, err
	}
	switch b.op {
	case ast.BitAndStr:
		return l & r, nil
	case ast.BitOrStr:
		return l | r, nil
	case ast.BitXorStr:
		return l ^ r, nil
	case ast.ShiftLeftStr:
		if r >= 64 {
			return uint64(0), nil
		}
		return l << r, nil
	case ast.ShiftRightStr:
		if r >= 64 {
			return uint64(0), nil
		}
		return l >> r, nil
	}
	return nil, fmt.Errorf("unknown bit operator %s", b.op)
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
	return bitOperand(ctx, v)
}

// bitAggArg wraps a BIT_AND / BIT_OR / BIT_XOR aggregate's DECIMAL or
// floating argument in bitArg (temporal ones are numbers already:
// temporalNumericArgs), or reports false.
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
	if t := cs[0].Type(); !types.IsDecimal(t) && !types.IsFloat(t) {
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
