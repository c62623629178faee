package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// branchDouble is CASE, IF, IFNULL or COALESCE over numeric branches of
// which one is a DOUBLE or FLOAT: MySQL's result is a DOUBLE, or a FLOAT
// when every branch is one. GMS types an IF as its first branch, so IF(c,
// int_col, dbl_col) was an INT that printed 3.5 as 4, compared it with 4 as
// equal and took it IN (3, 4) (found by suborc's check of IF/CASE join and
// IN keys); CASE of an INT and a FLOAT was a FLOAT, and IF of two FLOATs a
// DOUBLE that printed FLOAT 0.1 as 0.10000000149011612.
type branchDouble struct {
	unary // the GMS node evaluated, whose children and text are kept
	numeric
	typ sql.Type // types.Float64 or types.Float32
}

// newBranchDouble returns nil unless e's branches are numbers (or NULL)
// with a floating-point one, and GMS's type for e is not already theirs.
func newBranchDouble(e sql.Expression) *branchDouble {
	branches, ok := branchesOf(e)
	if !ok {
		return nil
	}
	float, notFloat32 := false, false
	for _, b := range branches {
		t := b.Type()
		switch {
		case t == types.Null:
		case types.IsFloat(t):
			float = true
			notFloat32 = notFloat32 || !t.Equals(types.Float32)
		case types.IsNumber(t):
			notFloat32 = true
		default:
			return nil
		}
	}
	if !float {
		return nil
	}
	t := types.Float64
	if !notFloat32 {
		t = types.Float32
	}
	if e.Type().Equals(t) {
		return nil
	}
	return &branchDouble{unary: unary{e}, typ: t}
}

func (b *branchDouble) Type() sql.Type { return b.typ }

func (b *branchDouble) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *branchDouble) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	f, _, err := b.typ.Convert(ctx, v)
	return f, err
}
