package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
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

// newIf and newIfNull are IF and IFNULL typed as MySQL types them: GMS
// takes their first branch's type, and the planner fixes the types of
// UNION columns, derived tables' columns, aggregates over them and CREATE
// TABLE ... SELECT's columns from it while building the plan, before
// branchDouble or branchDecimal could retype them (IF(c, int_col, dbl_col)
// UNION SELECT 1 answered 4 for 3.5, MAX over it 6 for 5.5, and a derived
// table's IF(c, int_col, dec_col) = 3 held for 3.01). The first branch is
// read as the type of both (widenFirst), which is what they answer anyway;
// it prints as itself.
func newIf(cond, a, b sql.Expression) sql.Expression {
	return function.NewIf(cond, widenFirst(a, b), b)
}

func newIfNull(a, b sql.Expression) sql.Expression {
	return function.NewIfNull(widenFirst(a, b), b)
}

func init() {
	functions["if"] = sql.Function3{Name: "if", Fn: newIf}
	functions["ifnull"] = sql.Function2{Name: "ifnull", Fn: newIfNull}
}

// widenFirst is a, read as MySQL's type for numbers a and b together when
// a's own type is narrower: DOUBLE beside a DOUBLE or FLOAT (FLOAT for two
// FLOATs), DECIMAL with both sides' integer digits and scale beside a
// DECIMAL.
func widenFirst(a, b sql.Expression) sql.Expression {
	ta, tb := a.Type(), b.Type()
	if !types.IsNumber(ta) || !types.IsNumber(tb) {
		return a
	}
	if types.IsFloat(ta) || types.IsFloat(tb) {
		if ta.Equals(types.Float64) || ta.Equals(types.Float32) && tb.Equals(types.Float32) {
			return a
		}
		return &toDouble{unary: unary{a}}
	}
	if !types.IsDecimal(ta) && !types.IsDecimal(tb) {
		return a
	}
	pa, sa, aok := decimalShape(a)
	pb, sb, bok := decimalShape(b)
	if !aok || !bok {
		return a
	}
	scale := max(sa, sb)
	prec := int(capPrec(max(pa-sa, pb-sb) + scale))
	if types.IsDecimal(ta) && sa == scale && pa == prec {
		return a
	}
	dt, err := types.CreateDecimalType(uint8(prec), uint8(scale))
	if err != nil {
		return a
	}
	return &asDecimal{unary: unary{a}, typ: dt}
}

// asDecimal is its child's number as a DECIMAL of a type wide enough for
// it (widenFirst).
type asDecimal struct {
	unary
	numeric
	typ sql.DecimalType
}

func (e *asDecimal) Type() sql.Type { return e.typ }

func (e *asDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func (e *asDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	d, _, err := e.typ.Convert(ctx, v)
	return d, err
}
