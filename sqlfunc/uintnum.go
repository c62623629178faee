package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// uintNum is a YEAR or BIT value as an operand of + - * / DIV MOD: MySQL
// reads both as unsigned integers there (Field_year and Field_bit are
// UNSIGNED, INT_RESULT), so y + 0 and b + 0 are BIGINT UNSIGNED. GMS typed
// YEAR arithmetic DOUBLE and BIT arithmetic signed BIGINT.
type uintNum struct {
	child sql.Expression
}

// newUintNum is e as a uintNum when it is YEAR or BIT, else e.
func newUintNum(e sql.Expression) sql.Expression {
	switch e.Type().Type() {
	case sqltypes.Year, sqltypes.Bit:
		return &uintNum{child: e}
	}
	return e
}

var _ sql.Expression = (*uintNum)(nil)
var _ sql.CollationCoercible = (*uintNum)(nil)

func (n *uintNum) Type() sql.Type             { return types.Uint64 }
func (n *uintNum) Resolved() bool             { return n.child.Resolved() }
func (n *uintNum) IsNullable() bool           { return n.child.IsNullable() }
func (n *uintNum) Children() []sql.Expression { return []sql.Expression{n.child} }
func (n *uintNum) String() string             { return n.child.String() }
func (n *uintNum) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (n *uintNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 1)
	}
	return &uintNum{child: children[0]}, nil
}

func (n *uintNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	u, _, err := types.Uint64.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	return u, nil
}
