package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// branchDecimal is CASE, IF, IFNULL or COALESCE over integer and DECIMAL
// branches. MySQL's result is DECIMAL with the largest scale of the
// branches, so CASE WHEN 1=1 THEN 1 ELSE 2.5 END is 1.0 and IF(1, 1.5, 2.25)
// is 1.50; GMS declares DECIMAL(65,10) (IF: the first branch's type, INT)
// and prints each value with the scale it happens to have ("1", "1.5").
type branchDecimal struct {
	inner sql.Expression
	typ   sql.DecimalType
}

// newBranchDecimal returns nil unless e's branches are integers and
// DECIMALs with at least one DECIMAL.
func newBranchDecimal(e sql.Expression) *branchDecimal {
	var branches []sql.Expression
	switch e := e.(type) {
	case *expression.Case:
		for _, b := range e.Branches {
			branches = append(branches, b.Value)
		}
		if e.Else != nil {
			branches = append(branches, e.Else)
		}
	case *function.If:
		branches = e.Children()[1:]
	case *function.IfNull, *function.Coalesce:
		branches = e.Children()
	default:
		return nil
	}
	intPart, scale, dec := 0, 0, false
	for _, b := range branches {
		t := b.Type()
		if t == types.Null {
			continue
		}
		p, s, ok := decimalShape(b)
		if !ok {
			return nil
		}
		dec = dec || types.IsDecimal(t)
		intPart, scale = max(intPart, p-s), max(scale, s)
	}
	if !dec {
		return nil
	}
	dt, err := types.CreateDecimalType(capPrec(intPart+scale), uint8(scale))
	if err != nil {
		return nil
	}
	return &branchDecimal{inner: e, typ: dt}
}

func (b *branchDecimal) Type() sql.Type             { return b.typ }
func (b *branchDecimal) Resolved() bool             { return b.inner.Resolved() }
func (b *branchDecimal) IsNullable() bool           { return b.inner.IsNullable() }
func (b *branchDecimal) Children() []sql.Expression { return []sql.Expression{b.inner} }
func (b *branchDecimal) String() string             { return b.inner.String() }
func (b *branchDecimal) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (b *branchDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(b, len(children), 1)
	}
	return &branchDecimal{inner: children[0], typ: b.typ}, nil
}

func (b *branchDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.inner.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	d, ok := exactDecimal(v, nil)
	if !ok {
		return nil, fmt.Errorf("%s gave %T for a DECIMAL result", b.inner, v)
	}
	return d.Round(int32(b.typ.Scale())), nil
}
