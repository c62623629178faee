package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// NULLIF and STRCMP compare their arguments as the comparison operators do.
// GMS's NULLIF builds an '=' per row, which no correction of '=' reaches
// (NULLIF(c, 'a ') was 'a' for c = 'a' under utf8mb4_general_ci; MySQL:
// NULL), and its STRCMP does not pad. Here each holds its comparisons as
// children, built once, so that this package's corrections and
// engine/padspace.go's collation decision apply to them as to any other
// comparison. The first argument is evaluated again for the answer, so one
// that reads a subquery or anything nondeterministic is left to GMS.

// nullIf is NULLIF(a, b): NULL when a = b is true, else a, with a's type and
// collation derivation.
type nullIf struct {
	eq sql.Expression // a = b
	a  sql.Expression
	b  sql.Expression // only for the text of the expression
}

var _ sql.FunctionExpression = (*nullIf)(nil)
var _ sql.CollationCoercible = (*nullIf)(nil)

func newNullIf(a, b sql.Expression) sql.Expression {
	if !repeatable(a) || a.Type() == types.Null {
		return function.NewNullIf(a, b)
	}
	return &nullIf{eq: expression.NewEquals(a, b), a: a, b: b}
}

func (n *nullIf) FunctionName() string       { return "nullif" }
func (n *nullIf) Description() string        { return "NULL if its arguments are equal, else the first" }
func (n *nullIf) Resolved() bool             { return n.eq.Resolved() && n.a.Resolved() }
func (n *nullIf) IsNullable() bool           { return true }
func (n *nullIf) Type() sql.Type             { return n.a.Type() }
func (n *nullIf) Children() []sql.Expression { return []sql.Expression{n.eq, n.a} }
func (n *nullIf) String() string             { return fmt.Sprintf("nullif(%s,%s)", n.a, n.b) }
func (n *nullIf) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.a)
}

func (n *nullIf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 2)
	}
	return &nullIf{eq: children[0], a: children[1], b: n.b}, nil
}

func (n *nullIf) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	eq, err := n.eq.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if eq == true {
		return nil, nil
	}
	return n.a.Eval(ctx, row)
}

// strCmp is STRCMP(a, b) of two strings: -1, 0 or 1 as a < b, a = b, or
// neither; NULL when either is NULL.
type strCmp struct {
	lt, eq sql.Expression // a < b, a = b
	text   string
}

var _ sql.FunctionExpression = (*strCmp)(nil)

func newStrCmp(a, b sql.Expression) sql.Expression {
	if !types.IsTextOnly(a.Type()) || !types.IsTextOnly(b.Type()) || !repeatable(a) || !repeatable(b) {
		return function.NewStrCmp(a, b)
	}
	return &strCmp{lt: expression.NewLessThan(a, b), eq: expression.NewEquals(a, b),
		text: fmt.Sprintf("strcmp(%s,%s)", a, b)}
}

func (s *strCmp) FunctionName() string       { return "strcmp" }
func (s *strCmp) Description() string        { return "compares two strings in their collation" }
func (s *strCmp) Resolved() bool             { return s.lt.Resolved() && s.eq.Resolved() }
func (s *strCmp) IsNullable() bool           { return true }
func (s *strCmp) Type() sql.Type             { return types.Int8 }
func (s *strCmp) Children() []sql.Expression { return []sql.Expression{s.lt, s.eq} }
func (s *strCmp) String() string             { return s.text }

func (s *strCmp) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 2)
	}
	return &strCmp{lt: children[0], eq: children[1], text: s.text}, nil
}

func (s *strCmp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	lt, err := s.lt.Eval(ctx, row)
	if err != nil || lt == nil {
		return nil, err
	}
	if lt == true {
		return int8(-1), nil
	}
	eq, err := s.eq.Eval(ctx, row)
	if err != nil || eq == nil {
		return nil, err
	}
	if eq == true {
		return int8(0), nil
	}
	return int8(1), nil
}
