package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// hexLiteral is a hexadecimal or bit-value literal compared with
// something, as the parser left it (HexLiteralFunc): the literal's bytes
// until hexComparison decides, a marker nothing else looks at.
type hexLiteral struct{ unary }

func newHexLiteral(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New(HexLiteralFunc, 1, len(args))
	}
	return &hexLiteral{unary{args[0]}}, nil
}

func (h *hexLiteral) Type() sql.Type                                  { return h.child.Type() }
func (h *hexLiteral) IsNullable() bool                                { return h.child.IsNullable() }
func (h *hexLiteral) String() string                                  { return h.child.String() }
func (h *hexLiteral) Eval(ctx *sql.Context, row sql.Row) (any, error) { return h.child.Eval(ctx, row) }
func (h *hexLiteral) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(h, children)
}

func init() {
	functions[HexLiteralFunc] = sql.FunctionN{Name: HexLiteralFunc, Fn: newHexLiteral}
}

// hexComparison gives the hexadecimal and bit-value literals among a
// comparison's operands MySQL's meaning, now that the other operands' types
// are known: a hex literal is a binary string (Item_hex_string,
// STRING_RESULT), so beside a number (an integer, DECIMAL, DOUBLE, BIT or
// YEAR column) the comparison is numeric (agg_cmp_type: REAL_RESULT) and
// the literal is the BIGINT UNSIGNED its bytes spell (val_real), and beside
// a string it is compared as bytes. GMS always read the bytes as a string,
// so `WHERE bit_col = b'1'` and `WHERE n = 0x41` found nothing: the
// literal read as text is 0 (b'1' is the byte 0x01). The literal becomes a
// plain literal of the chosen kind, so an index on the other operand still
// serves the comparison.
func hexComparison(e sql.Expression) (sql.Expression, bool) {
	var ops []sql.Expression
	switch x := e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual, *expression.Between:
		ops = e.Children()
	case *expression.InTuple:
		return hexIn(x.Left(), x.Right())
	case *expression.HashInTuple:
		return hexIn(x.Left(), x.Right())
	case *expression.Case:
		if x.Expr == nil {
			return e, false
		}
		ops = []sql.Expression{x.Expr}
		for _, b := range x.Branches {
			ops = append(ops, b.Cond)
		}
	default:
		return e, false
	}
	found, numeric := false, false
	for _, o := range ops {
		if _, ok := o.(*hexLiteral); ok {
			found = true
		} else if !isNullLiteral(o) && numericOperand(o.Type()) {
			numeric = true
		}
	}
	if !found {
		return e, false
	}
	fix := func(o sql.Expression) sql.Expression { return hexAs(o, numeric) }
	if x, ok := e.(*expression.Case); ok {
		bs := make([]expression.CaseBranch, len(x.Branches))
		for i, b := range x.Branches {
			bs[i] = expression.CaseBranch{Cond: fix(b.Cond), Value: b.Value}
		}
		return expression.NewCase(fix(x.Expr), bs, x.Else), true
	}
	cs := e.Children()
	for i := range cs {
		cs[i] = fix(cs[i])
	}
	ne, err := e.WithChildren(cs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// hexAs is o, a hex literal's marker made the BIGINT UNSIGNED its bytes
// spell (numeric) or its bytes, or any other operand unchanged.
func hexAs(o sql.Expression, numeric bool) sql.Expression {
	h, ok := o.(*hexLiteral)
	if !ok {
		return o
	}
	if !numeric {
		return h.child
	}
	v, err := (&hexNumber{unary: unary{h.child}}).Eval(nil, nil)
	if err != nil || v == nil {
		return h.child
	}
	return expression.NewLiteral(v, types.Uint64)
}

// hexIn: MySQL's IN compares its left operand with each element in the
// pair's own comparison type (Item_func_in with mixed types uses one
// cmp_item per type), so a hex element is a number beside a numeric left
// operand; a hex left operand beside both numbers and strings is compared
// both ways, as the disjunction of the element comparisons it is.
func hexIn(left, right sql.Expression) (sql.Expression, bool) {
	tup, ok := right.(expression.Tuple)
	if !ok {
		return nil, false
	}
	_, leftHex := left.(*hexLiteral)
	found := leftHex
	nums, strs := 0, 0
	for _, el := range tup {
		switch {
		case isHexLiteral(el):
			found = true
			strs++
		case isNullLiteral(el):
		case numericOperand(el.Type()):
			nums++
		default:
			strs++
		}
	}
	if !found {
		return nil, false
	}
	if leftHex && nums > 0 && strs > 0 {
		var or sql.Expression
		for _, el := range tup {
			num := !isHexLiteral(el) && numericOperand(el.Type())
			eq := expression.NewEquals(hexAs(left, num), hexAs(el, false))
			if or == nil {
				or = eq
			} else {
				or = expression.NewOr(or, eq)
			}
		}
		return or, true
	}
	leftNum := !leftHex && !isNullLiteral(left) && numericOperand(left.Type())
	nt := make(expression.Tuple, len(tup))
	for i, el := range tup {
		nt[i] = hexAs(el, leftNum)
	}
	// A HashInTuple is built again by the IN rules (inAsDouble).
	return expression.NewInTuple(hexAs(left, nums > 0), nt), true
}

func isHexLiteral(e sql.Expression) bool {
	_, ok := e.(*hexLiteral)
	return ok
}

// numericOperand reports whether MySQL compares an operand of type t with
// a string as numbers: Field_bit and Field_year are INT_RESULT too.
func numericOperand(t sql.Type) bool {
	return isNumber(t) || types.IsBit(t) || types.IsYear(t)
}
