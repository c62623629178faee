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
	unary // the GMS node evaluated, whose children and text are kept
	numeric
	typ sql.DecimalType
}

// BranchesOf is branchesOf, for the engine's rules that follow a result
// into its branches (engine/floatdec.go).
func BranchesOf(e sql.Expression) ([]sql.Expression, bool) { return branchesOf(e) }

// branchesOf is the expressions whose value CASE, IF, IFNULL or COALESCE
// e answers with; false when e is none of them.
func branchesOf(e sql.Expression) ([]sql.Expression, bool) {
	switch e := e.(type) {
	case *expression.Case:
		var branches []sql.Expression
		for _, b := range e.Branches {
			branches = append(branches, b.Value)
		}
		if e.Else != nil {
			branches = append(branches, e.Else)
		}
		return branches, true
	case *function.If:
		return e.Children()[1:], true
	case *function.IfNull, *function.Coalesce:
		return e.Children(), true
	}
	return nil, false
}

// newBranchDecimal returns nil unless e's branches are integers and
// DECIMALs with at least one DECIMAL.
func newBranchDecimal(e sql.Expression) *branchDecimal {
	branches, ok := branchesOf(e)
	if !ok {
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
	return &branchDecimal{unary: unary{e}, typ: dt}
}

func (b *branchDecimal) Type() sql.Type { return b.typ }

func (b *branchDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *branchDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	d, ok := exactDecimal(v, nil)
	if !ok {
		return nil, fmt.Errorf("%s gave %T for a DECIMAL result", b.child, v)
	}
	return d.Round(int32(b.typ.Scale())), nil
}
