package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A simple CASE or a mixed IN whose operand reads a subquery or anything
// nondeterministic (RAND()) cannot become pairwise '=' that each evaluate
// the operand: it would be evaluated once per WHEN or element (a different
// RAND() each time, a subquery run again). GMS's own CASE and IN compared
// such an operand without any of the corrections of '=' (collation, PAD
// SPACE, string against number). Here the operand is evaluated once per
// row by operandOnce, which hands it to the corrected comparisons as one
// more value at the end of the row: operandSlot reads it there, and every
// other part of the expression is given the row without it (rowBefore), so
// that a subquery among them sees the row its columns were numbered for.

// operandOnce evaluates operand and then inner with the row extended by
// operand's value.
type operandOnce struct {
	operand sql.Expression
	inner   sql.Expression
	text    string
}

var _ sql.CollationCoercible = (*operandOnce)(nil)

func (o *operandOnce) Resolved() bool             { return o.operand.Resolved() && o.inner.Resolved() }
func (o *operandOnce) IsNullable() bool           { return o.inner.IsNullable() }
func (o *operandOnce) Type() sql.Type             { return o.inner.Type() }
func (o *operandOnce) Children() []sql.Expression { return []sql.Expression{o.operand, o.inner} }
func (o *operandOnce) String() string             { return o.text }
func (o *operandOnce) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, o.inner)
}

func (o *operandOnce) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(o, len(children), 2)
	}
	return &operandOnce{operand: children[0], inner: children[1], text: o.text}, nil
}

func (o *operandOnce) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := o.operand.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	ext := make(sql.Row, len(row)+1)
	copy(ext, row)
	ext[len(row)] = v
	return o.inner.Eval(ctx, ext)
}

// operandSlot is the operand's value in the row operandOnce extends; it
// has the operand's type and collation, so the comparisons built on it get
// the corrections the operand itself would. The operand is its child too,
// never evaluated in operandOnce, so that the analyzer's tests for columns
// and subqueries see it: nothing folds a comparison on the slot as a
// constant and evaluates it apart from operandOnce. Where something does
// (an operand of no column or subquery, RAND() alone, is folded with the
// whole expression), the slot evaluates the operand itself.
type operandSlot struct {
	like sql.Expression
}

var _ sql.CollationCoercible = (*operandSlot)(nil)

func (s *operandSlot) Resolved() bool             { return s.like.Resolved() }
func (s *operandSlot) IsNullable() bool           { return s.like.IsNullable() }
func (s *operandSlot) Type() sql.Type             { return s.like.Type() }
func (s *operandSlot) Children() []sql.Expression { return []sql.Expression{s.like} }
func (s *operandSlot) String() string             { return s.like.String() }
func (s *operandSlot) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.like)
}

func (s *operandSlot) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return &operandSlot{like: children[0]}, nil
}

func (s *operandSlot) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if len(row) == 0 {
		return s.like.Eval(ctx, row)
	}
	return row[len(row)-1], nil
}

// rowBefore evaluates its child with the row operandOnce was given.
type rowBefore struct{ transparent }

func (r *rowBefore) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(r, children)
}

func (r *rowBefore) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if len(row) == 0 {
		// Folded apart from operandOnce, as operandSlot.
		return r.child.Eval(ctx, row)
	}
	return r.child.Eval(ctx, row[:len(row)-1])
}

// beforeSlot gives every part of e that does not read the slot and reads a
// subquery (or anything else that is not repeatable) the row without the
// operand's value; columns are read by position, so the rest needs none.
func beforeSlot(e sql.Expression) (sql.Expression, error) {
	if _, ok := e.(*operandSlot); ok {
		return e, nil
	}
	if !hasSlot(e) {
		if repeatable(e) {
			return e, nil
		}
		return &rowBefore{transparent{unary{e}}}, nil
	}
	cs := e.Children()
	if len(cs) == 0 {
		return e, nil
	}
	ncs := make([]sql.Expression, len(cs))
	for i, c := range cs {
		nc, err := beforeSlot(c)
		if err != nil {
			return nil, err
		}
		ncs[i] = nc
	}
	return e.WithChildren(ncs...)
}

func hasSlot(e sql.Expression) bool {
	return transform.InspectExpr(e, func(x sql.Expression) bool {
		_, ok := x.(*operandSlot)
		return ok
	})
}
