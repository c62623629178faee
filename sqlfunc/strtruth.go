package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// strTruth is a string used as a condition. MySQL tests it as its number
// (Item::val_bool: val_real() != 0 for a string, the numeric prefix with
// warning 1292): ' 1', '1a' and '-1x' are true. GMS's ConvertToBool parsed
// the whole string as a float and took anything else as false, so WHERE
// ' 1' returned no row and IF('1a', ...) took the else branch.
type strTruth struct {
	unary
	numeric
}

func (s *strTruth) Type() sql.Type { return types.Float64 }

func (s *strTruth) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return &strTruth{unary: unary{children[0]}}, nil
}

func (s *strTruth) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if str, ok := asString(v); ok {
		return strToFloat(ctx, str), nil
	}
	return v, nil
}

// truthOf wraps a string-typed condition in strTruth, and a temporal one
// in its number: MySQL tests a DATE/DATETIME/TIME by val_int, so the zero
// date and TIME '00:00:00' are false (GMS took every time value as true:
// IF(zero_datetime_col, 'y', 'n') was 'y').
func truthOf(e sql.Expression) (sql.Expression, bool) {
	if e != nil && (isTemporal(e.Type()) || timetype.Is(e.Type())) {
		if n := newTemporalNum(e); n != e { // tempnum.go
			return n, true
		}
	}
	if e == nil || !types.IsText(e.Type()) {
		return e, false
	}
	if _, ok := e.(*strTruth); ok {
		return e, false
	}
	return &strTruth{unary: unary{e}}, true
}

// stringConditionArgs wraps the string-typed conditions of AND, OR, XOR,
// NOT, IS [NOT] TRUE/FALSE, IF and CASE WHEN, or reports false.
func stringConditionArgs(e sql.Expression) (sql.Expression, bool) {
	switch x := e.(type) {
	case *expression.And, *expression.Or, *expression.Xor, *expression.Not, *expression.IsTrue:
		cs := e.Children()
		ncs := make([]sql.Expression, len(cs))
		changed := false
		for i, c := range cs {
			var ok bool
			ncs[i], ok = truthOf(c)
			changed = changed || ok
		}
		if !changed {
			return e, false
		}
		ne, err := e.WithChildren(ncs...)
		if err != nil {
			return e, false
		}
		return ne, true
	case *function.If:
		cs := x.Children()
		c, ok := truthOf(cs[0])
		if !ok {
			return e, false
		}
		return function.NewIf(c, cs[1], cs[2]), true
	case *expression.Case:
		if x.Expr != nil {
			return e, false
		}
		branches := make([]expression.CaseBranch, len(x.Branches))
		changed := false
		for i, b := range x.Branches {
			c, ok := truthOf(b.Cond)
			branches[i] = expression.CaseBranch{Cond: c, Value: b.Value}
			changed = changed || ok
		}
		if !changed {
			return e, false
		}
		return expression.NewCase(nil, branches, x.Else), true
	}
	return e, false
}

// stringConditions wraps the string-typed conditions of WHERE, HAVING and
// JOIN ... ON in strTruth.
func stringConditions(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.Filter:
			if c, ok := truthOf(x.Expression); ok {
				return plan.NewFilter(c, x.Child), transform.NewTree, nil
			}
		case *plan.Having:
			if c, ok := truthOf(x.Cond); ok {
				return plan.NewHaving(c, x.Child), transform.NewTree, nil
			}
		case *plan.JoinNode:
			if x.Filter == nil || x.Op.IsDegenerate() {
				break
			}
			if c, ok := truthOf(x.Filter); ok {
				nj, err := x.WithExpressions(c)
				return nj, transform.NewTree, err
			}
		}
		return n, transform.SameTree, nil
	})
}
