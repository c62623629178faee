package sqlfunc

import (
	"math/big"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// intConstArgs turns a string constant compared with a BIGINT column into
// the integer it spells, when it is an integer text in the column's range,
// as MySQL's convert_constant_item does (item_cmpfunc.cc: the constant is
// stored into the field and, stored without error, replaced by an
// Item_int_with_ref, so the comparison is INT_RESULT). Compared as DOUBLE,
// b = '9007199254740993' missed 9007199254740993 and matched
// 9007199254740992, both being 2^53 as doubles. Only 64-bit columns need
// it (every smaller integer is exact in a DOUBLE). Which texts convert is
// intConstFor's; the others ('1.5', '12abc', out of range) keep MySQL's
// DOUBLE comparison.
//
// It covers the forms MySQL converts: the six comparison operators with
// the column on either side, IN with the column on the left (each
// element, Item_func_in::resolve_type) and BETWEEN with the column first
// (each bound, Item_func_between::resolve_type).
func intConstArgs(ctx *sql.Context, e sql.Expression) (sql.Expression, bool) {
	switch e := e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
		cs := e.Children()
		l, r := cs[0], cs[1]
		if c, ok := intConstFor(ctx, l, r); ok {
			r = c
		} else if c, ok := intConstFor(ctx, r, l); ok {
			l = c
		} else if realConstFor(ctx, l, r) {
			l = &toDouble{unary: unary{l}}
		} else if realConstFor(ctx, r, l) {
			r = &toDouble{unary: unary{r}}
		} else {
			return nil, false
		}
		ne, err := e.WithChildren(l, r)
		return ne, err == nil
	case *expression.InTuple, *expression.HashInTuple:
		cs := e.Children()
		tup, ok := cs[1].(expression.Tuple)
		if !ok {
			return nil, false
		}
		var nt expression.Tuple
		for i, el := range tup {
			c, ok := intConstFor(ctx, cs[0], el)
			if !ok {
				continue
			}
			if nt == nil {
				nt = append(expression.Tuple(nil), tup...)
			}
			nt[i] = c
		}
		if nt == nil {
			return nil, false
		}
		if h, ok := e.(*expression.HashInTuple); ok {
			// HashInTuple hashed its elements when it was built.
			r, err := expression.NewHashInTuple(ctx, h.Left(), nt)
			return r, err == nil
		}
		return expression.NewInTuple(cs[0], nt), true
	case *expression.Between:
		lo, okLo := intConstFor(ctx, e.Val, e.Lower)
		hi, okHi := intConstFor(ctx, e.Val, e.Upper)
		if !okLo && !okHi {
			return nil, false
		}
		if !okLo {
			lo = e.Lower
		}
		if !okHi {
			hi = e.Upper
		}
		return expression.NewBetween(e.Val, lo, hi), true
	}
	return nil, false
}

// intConstFor is c as an integer literal of col's type, when col is a
// BIGINT (or BIGINT UNSIGNED) column and c a string literal that MySQL
// stores into the column and keeps: a number (trailing spaces aside)
// rounded to an integer the column holds (my_strntoull10rnd, so
// '9007199254740993.0' and '9.007199254740993e15' are 9007199254740993)
// whose DOUBLE equals the text's DOUBLE (stored_field_cmp_to_item for
// MYSQL_TYPE_LONGLONG: '1.5', stored as 2, is not converted). Texts with
// anything after the number keep GMS's reading with its 1292 warning.
//
// A constant string expression (`CONCAT('9007', '199254740993')`) is a
// const item to MySQL too, converted the same way: it is evaluated once,
// here, and its text read as a literal's.
func intConstFor(ctx *sql.Context, col, c sql.Expression) (sql.Expression, bool) {
	if _, ok := col.(*expression.GetField); !ok {
		return nil, false
	}
	t := col.Type()
	if !isInt(t) || (t.Type() != sqltypes.Int64 && t.Type() != sqltypes.Uint64) {
		return nil, false
	}
	if !types.IsText(c.Type()) {
		return nil, false
	}
	var val any
	if lit, ok := c.(*expression.Literal); ok {
		val = lit.Value()
	} else if ctx != nil && ctx.Session != nil && constant(c) && !nonDeterministic(c) { // fold.go
		var err error
		if val, err = c.Eval(ctx, nil); err != nil {
			return nil, false
		}
	}
	s, ok := val.(string)
	if !ok {
		return nil, false
	}
	lit := c
	num, clean := numPrefix(s)
	if !clean {
		return nil, false
	}
	d, err := decimal.NewFromString(num)
	if err != nil || d.Exponent() > 20 || d.Exponent() < -100 {
		return nil, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return nil, false
	}
	v := d.Round(0).BigInt()
	// MySQL compares the stored integer as a DOUBLE (rounded to nearest).
	if fv, _ := new(big.Float).SetInt(v).Float64(); fv != f {
		return nil, false
	}
	if types.IsUnsigned(t) {
		if v.Sign() < 0 || !v.IsUint64() {
			return nil, false
		}
		return &intConstant{unary{lit}, v.Uint64(), types.Uint64}, true
	}
	if !v.IsInt64() {
		return nil, false
	}
	return &intConstant{unary{lit}, v.Int64(), types.Int64}, true
}

// realConstFor: col is a BIGINT column and c a string constant with text
// after its number ('9007199254740993abc'). MySQL's convert_constant_item
// does not convert it (storing it into the column warns: Field_num::
// check_int's TYPE_WARN_TRUNCATED), so the comparison is item_cmp_type's
// REAL_RESULT: the column read as a DOUBLE, which GMS did not do for a
// literal (it converted the literal to the column's integer: b =
// '9007199254740993abc' matched 9007199254740992 only, where the DOUBLEs
// of 9007199254740992 and 9007199254740993 are equal).
func realConstFor(ctx *sql.Context, col, c sql.Expression) bool {
	if _, ok := col.(*expression.GetField); !ok {
		return false
	}
	t := col.Type()
	if !isInt(t) || (t.Type() != sqltypes.Int64 && t.Type() != sqltypes.Uint64) || !types.IsText(c.Type()) {
		return false
	}
	lit, ok := c.(*expression.Literal)
	if !ok {
		return false
	}
	s, ok := lit.Value().(string)
	if !ok {
		return false
	}
	num, clean := numPrefix(s)
	return !clean && num != ""
}

// intConstant is a string literal read as the integer MySQL converts it
// to. Its text stays the literal's: GMS finds the arguments of aggregates
// (GROUP_CONCAT(b = '5')) among the projected columns by their text.
type intConstant struct {
	unary
	v   any
	typ sql.Type
}

func (c *intConstant) Type() sql.Type                          { return c.typ }
func (c *intConstant) IsNullable() bool                        { return false }
func (c *intConstant) Eval(*sql.Context, sql.Row) (any, error) { return c.v, nil }
func (c *intConstant) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

// nonDeterministic: e draws or reads something that changes between
// evaluations (RAND(), UUID(), NOW() is constant within a statement).
func nonDeterministic(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		nd, ok := e.(sql.NonDeterministicExpression)
		return ok && nd.IsNonDeterministic()
	})
}
