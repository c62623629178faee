package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// flatTextColumns gives a UNION chain's text columns MySQL's typing over all
// its arms at once. MySQL aggregates the column types of every query block
// of `a UNION b UNION c` before converting any (Item_aggregate_type), so a
// string in one arm makes the column VARCHAR and each arm's value is
// converted to text from its own type. GMS nests the chain as `(a UNION b)
// UNION c` and the inner UNION is typed first: `SELECT 1 UNION SELECT 1.0
// UNION SELECT 'a'` made 1 and 1.0 one DECIMAL 1.0 before the string arm
// was seen (two rows; MySQL three: '1', '1.0', 'a'), and printed '1.0' for
// MySQL's '1'.
//
// For each column that holds a string in one arm and no string in another,
// the arms of the nested UNIONs (through projections only: a derived
// table's UNION is its own query expression) are converted to text here,
// each from its own value; the top UNION's own sides keep the planner's
// conversions, which already do so.
func flatTextColumns(so *plan.SetOp) *plan.SetOp {
	width := len(so.Schema())
	text := make([]bool, width)
	other := make([]bool, width)
	if !chainLeafTypes(so, width, text, other) {
		return so
	}
	var cols []int
	for i := range text {
		if text[i] && other[i] {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return so
	}
	sides := []sql.Node{so.Left(), so.Right()}
	changed := false
	for i, s := range sides {
		inner := chainSetOp(s)
		if inner == nil {
			continue
		}
		ni, ok := textArms(inner, cols)
		if !ok {
			return so
		}
		ns, ok := replaceChainSetOp(s, ni, cols)
		if !ok {
			return so
		}
		sides[i], changed = ns, true
	}
	if !changed {
		return so
	}
	n, err := so.WithChildren(sides...)
	if err != nil {
		return so
	}
	return n.(*plan.SetOp)
}

// chainSetOp is the set operation n is, or projects; nil for an arm.
func chainSetOp(n sql.Node) *plan.SetOp {
	switch n := n.(type) {
	case *plan.SetOp:
		return n
	case *plan.Project:
		return chainSetOp(n.Child)
	}
	return nil
}

// replaceChainSetOp is n with so for the set operation it is or projects;
// the projections between read the columns cols as the text they now are
// (the planner's conversions of them to the nested UNION's first type
// become conversions to CHAR).
func replaceChainSetOp(n sql.Node, so *plan.SetOp, cols []int) (sql.Node, bool) {
	switch p := n.(type) {
	case *plan.SetOp:
		return so, true
	case *plan.Project:
		c, ok := replaceChainSetOp(p.Child, so, cols)
		if !ok {
			return nil, false
		}
		projs := append([]sql.Expression(nil), p.Projections...)
		for _, i := range cols {
			if i >= len(projs) {
				return nil, false
			}
			name, gf := armColumn(projs[i])
			if gf == nil {
				return nil, false
			}
			// As the planner's conversion to CHAR, which the text
			// column typing (unionTextColumn) reads and collates.
			var a sql.Expression = expression.NewAlias(name, expression.NewConvert(retypedField(gf, types.LongText), expression.ConvertToChar))
			if ide, ok := projs[i].(sql.IdExpression); ok {
				a = a.(*expression.Alias).WithId(ide.Id())
			}
			projs[i] = a
		}
		np, err := p.WithExpressions(projs...)
		if err != nil {
			return nil, false
		}
		np, err = np.WithChildren(c)
		return np, err == nil
	}
	return nil, false
}

// chainLeafTypes marks, per column, whether an arm of the chain under n has
// a string type (text) or another one (other). false when an arm's width
// differs.
func chainLeafTypes(n sql.Node, width int, text, other []bool) bool {
	if so := chainSetOp(n); so != nil {
		return chainLeafTypes(so.Left(), width, text, other) && chainLeafTypes(so.Right(), width, text, other)
	}
	sch := n.Schema()
	if p, ok := n.(*plan.Project); ok && plannerConversions(p) {
		sch = p.Child.Schema()
	}
	if len(sch) != width {
		return false
	}
	for i, c := range sch {
		switch {
		case textual(c.Type):
			text[i] = true
		case c.Type.Type() == sqlNullType:
			// A NULL arm takes no part (MySQL's type holder skips it).
		default:
			other[i] = true
		}
	}
	return true
}

var sqlNullType = types.Null.Type()

func textual(t sql.Type) bool {
	return types.IsText(t) || types.IsEnum(t) || types.IsSet(t)
}

// textArms is so with the columns cols of all its arms, and those of the
// set operations nested in it, converted to text.
func textArms(so *plan.SetOp, cols []int) (*plan.SetOp, bool) {
	sides := []sql.Node{so.Left(), so.Right()}
	for i, s := range sides {
		if inner := chainSetOp(s); inner != nil {
			ni, ok := textArms(inner, cols)
			if !ok {
				return nil, false
			}
			ns, ok := replaceChainSetOp(s, ni, cols)
			if !ok {
				return nil, false
			}
			sides[i] = ns
			continue
		}
		p, ok := setOpSide(s)
		if !ok {
			return nil, false
		}
		projs := append([]sql.Expression(nil), p.Projections...)
		for _, c := range cols {
			if c >= len(projs) {
				return nil, false
			}
			name, gf := armColumn(projs[c])
			if gf == nil {
				return nil, false
			}
			if textual(gf.Type()) {
				continue
			}
			if !isNumber(gf.Type()) && gf.Type().Type() != sqlNullType {
				// A temporal or other arm: its text is left to the
				// typing as before.
				return nil, false
			}
			a := expression.NewAlias(name, &armText{expression.NewConvert(gf, expression.ConvertToChar)})
			if ide, ok := projs[c].(sql.IdExpression); ok {
				projs[c] = a.WithId(ide.Id())
			} else {
				projs[c] = a
			}
		}
		np, err := p.WithExpressions(projs...)
		if err != nil {
			return nil, false
		}
		sides[i] = np
	}
	n, err := so.WithChildren(sides...)
	if err != nil {
		return nil, false
	}
	return n.(*plan.SetOp), true
}

// armColumn is an arm projection's column name and the column it reads
// under the planner's (or this package's) conversion.
func armColumn(e sql.Expression) (string, *expression.GetField) {
	name := ""
	if a, ok := e.(*expression.Alias); ok {
		name, e = a.Name(), a.Child
	}
	e = unionTextChild(e)
	switch c := e.(type) {
	case *expression.Convert:
		e = c.Child
	case *castDecimal:
		e = c.Child
	case *armText:
		e = c.Child
	}
	gf, ok := e.(*expression.GetField)
	if !ok {
		return "", nil
	}
	if name == "" {
		name = gf.Name()
	}
	return name, gf
}

// armText is a chain arm's column converted to text by flatTextColumns:
// the UNION column typing leaves it as it is (armTextColumn), where it
// would retype a number beside a number from the arms' own types.
type armText struct{ *expression.Convert }

func (a *armText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	c, err := a.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &armText{c.(*expression.Convert)}, nil
}

// Eval is the number's text: a DOUBLE's as MySQL prints it (1e20, where
// GMS's conversion wrote 21 digits).
func (a *armText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := floatText(a.Child.Type(), v); ok {
		return s, nil
	}
	return a.Convert.Eval(ctx, row)
}

func isArmText(e sql.Expression) bool {
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	_, ok := e.(*armText)
	return ok
}

// armTextColumn: a UNION column one side of which flatTextColumns made text,
// the other text too (so made, or a string): nothing more to type.
func armTextColumn(l, r sql.Expression, lt, rt sql.Type) bool {
	return (isArmText(l) || isArmText(r)) && (isArmText(l) || textual(lt)) && (isArmText(r) || textual(rt))
}
