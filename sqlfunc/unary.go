package sqlfunc

import "github.com/dolthub/go-mysql-server/sql"

// unary is the one child of a Myriad expression that wraps a single
// expression, and what follows from the child alone: resolved and nullable
// when it is, shown as its text. A wrapper that prints or types itself
// otherwise declares its own String or IsNullable, which take precedence.
// GMS's expression.UnaryExpression answers three of these but not
// WithChildren, and names its field Child, which every Eval here would then
// spell differently from its constructor.
type unary struct{ child sql.Expression }

func (u *unary) Resolved() bool             { return u.child.Resolved() }
func (u *unary) IsNullable() bool           { return u.child.IsNullable() }
func (u *unary) Children() []sql.Expression { return []sql.Expression{u.child} }
func (u *unary) String() string             { return u.child.String() }
func (u *unary) setChild(c sql.Expression)  { u.child = c }

// withChild is e's WithChildren for a wrapper that embeds unary: a copy of
// *e, every other field kept, around children's one expression.
func withChild[T any, P interface {
	*T
	sql.Expression
	setChild(sql.Expression)
}](e P, children []sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	c := *e
	P(&c).setChild(children[0])
	return P(&c), nil
}

// numeric is the collation of a wrapper whose value is a number: binary,
// of coercibility 5 (numeric), as GMS's numeric expressions answer. It
// declares nothing else, so embedding it beside unary is unambiguous.
type numeric struct{}

func (numeric) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// transparent is a wrapper that checks or converts its child's value but
// shows as the child: the same type and collation.
type transparent struct{ unary }

func (t *transparent) Type() sql.Type { return t.child.Type() }
func (t *transparent) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, t.child)
}
