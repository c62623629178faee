package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// MySQL compares a date or datetime expression with a number as numbers
// (item_cmp_type of the two is REAL_RESULT; the temporal's val_real is
// YYYYMMDD or YYYYMMDDhhmmss[.ffffff]), unless the temporal is a column and
// the number a constant, which is converted to the column's type
// (convert_constant_item; DateComparisons does that). GMS instead read the
// number as a date (or, for the functions it types as text, compared
// '2026-11-27' with 20261127 as numbers, prefix 2026): CURDATE() = 20261127
// was 0, NOW() > 20261127 compared as dates, CURDATE() IN (20261127) was 0.

// temporalAsNumber returns e read as MySQL's number, or nil when e is not a
// date or datetime expression. A column is converted only when col is set.
func temporalAsNumber(e sql.Expression, col bool) sql.Expression {
	if f, ok := e.(sql.FunctionExpression); ok && types.IsText(e.Type()) &&
		temporalTextFunctions[strings.ToLower(f.FunctionName())] {
		return &textTemporalNum{unary: unary{e}}
	}
	if !isTemporal(e.Type()) {
		return nil
	}
	if _, isCol := e.(*expression.GetField); isCol && !col {
		return nil
	}
	if r := newTemporalNum(e); r != e {
		return r
	}
	return nil
}

// compareTemporalAsNumber rewrites `t op n` of a date or datetime t and a
// number n into a comparison of numbers; ok is false when e is not one.
func compareTemporalAsNumber(e sql.Expression) (sql.Expression, bool) {
	cs := e.Children()
	if len(cs) != 2 {
		return e, false
	}
	l, r := cs[0], cs[1]
	switch {
	case isNumber(r.Type()):
		if nl := temporalAsNumber(l, !isConstant(r)); nl != nil {
			l = nl
		} else {
			return e, false
		}
	case isNumber(l.Type()):
		if nr := temporalAsNumber(r, !isConstant(l)); nr != nil {
			r = nr
		} else {
			return e, false
		}
	default:
		return e, false
	}
	ne, err := e.WithChildren(l, r)
	if err != nil {
		return e, false
	}
	return ne, true
}

// temporalsAsNumbers rewrites the date and datetime values among args (an
// IN's left operand and list, or BETWEEN's three) as numbers when another
// of them is a number; a column only when no number is a constant.
// changed is false when there is nothing to rewrite.
func temporalsAsNumbers(args []sql.Expression) (out []sql.Expression, changed bool) {
	num, constant := false, false
	for _, a := range args {
		if isNumber(a.Type()) {
			num = true
			constant = constant || isConstant(a)
		} else if a.Type() != types.Null && !isTemporal(a.Type()) && !types.IsText(a.Type()) {
			return args, false
		}
	}
	if !num {
		return args, false
	}
	out = make([]sql.Expression, len(args))
	for i, a := range args {
		out[i] = a
		if isNumber(a.Type()) || a.Type() == types.Null {
			continue
		}
		n := temporalAsNumber(a, !constant)
		if n == nil {
			// A string or a column among them: MySQL's rules for the
			// mix are not these; leave it all as it was.
			return args, false
		}
		out[i], changed = n, true
	}
	return out, changed
}

// inTemporalAsNumbers is inAsDouble's case of a date or datetime IN a list
// of numbers.
func inTemporalAsNumbers(ctx *sql.Context, left sql.Expression, tup expression.Tuple, hashed bool) (sql.Expression, transform.TreeIdentity, error) {
	args, changed := temporalsAsNumbers(append([]sql.Expression{left}, tup...))
	if !changed {
		return nil, transform.SameTree, nil
	}
	right := expression.Tuple(args[1:])
	if hashed {
		h, err := expression.NewHashInTuple(ctx, args[0], right)
		return h, transform.NewTree, err
	}
	return expression.NewInTuple(args[0], right), transform.NewTree, nil
}

// textTemporalNum is the number of a date or time function GMS types as
// text ('2026-11-27' is 20261127, '10:30:00.5' is 103000.5), as DOUBLE,
// since MySQL compares such a value with a number as DOUBLE.
type textTemporalNum struct {
	unary
	numeric
}

func (n *textTemporalNum) Type() sql.Type { return types.Float64 }
func (n *textTemporalNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *textTemporalNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, ok := asString(v)
	if !ok {
		f, _, err := types.Float64.Convert(ctx, v)
		return f, err
	}
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	var b strings.Builder
	for _, c := range strings.TrimPrefix(s, "-") {
		switch {
		case c >= '0' && c <= '9', c == '.':
			b.WriteRune(c)
		case c == '-' || c == ':' || c == ' ' || c == 'T':
		default:
			// Not a date or a time: the text's numeric prefix, as any
			// other string.
			return strToFloat(ctx, s), nil
		}
	}
	d, err := decimal.NewFromString(b.String())
	if err != nil {
		return strToFloat(ctx, s), nil
	}
	f, _ := d.Float64()
	if neg {
		f = -f
	}
	return f, nil
}
