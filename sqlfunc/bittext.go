package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// bitText is a BIT(M) value as a string function reads it: MySQL's
// Field_bit::val_str gives the value's ceil(M/8) bytes, big-endian, a binary
// string (LENGTH of a BIT(8) is 1, CONCAT of b'01000001' is 'A'); GMS gave
// the decimal digits of the number (LENGTH 2, CONCAT '65'). HEX keeps the
// number (numericArgs: HEX of b'101' is 5).
type bitText struct{ unary }

func (b *bitText) width() int {
	if bt, ok := b.child.Type().(types.BitType); ok {
		return (int(bt.NumberOfBits()) + 7) / 8
	}
	return 8
}

func (b *bitText) Type() sql.Type {
	return types.MustCreateBinary(sqltypes.VarBinary, int64(b.width()))
}
func (b *bitText) DebugString() string { return sql.DebugString(b.child) }
func (b *bitText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 2
}

func (b *bitText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *bitText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	u, ok := v.(uint64)
	if !ok {
		return v, nil
	}
	n := b.width()
	out := make([]byte, n)
	for i := n - 1; i >= 0; i-- {
		out[i] = byte(u)
		u >>= 8
	}
	// A string, not []byte: GMS's BIT_LENGTH has no case for []byte.
	return string(out), nil
}
