package planfix

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// rowInListID is from round 15's range 11_060-11_079.
const rowInListID analyzer.RuleId = 11_060

// rowInLists replaces a row IN list, `(a, b) IN ((1, 2), (3, 4))`, by
// rowInList. GMS's InTuple compares whole rows by a type conversion of the
// left row: a NULL element made `(NULL, 1) IN ((1, 1))` fail with 1105
// ("value not nil") and `(a, 1) IN ((1, 1))` with a NULL a answer 0, where
// MySQL's IN is the OR of row equalities and answers NULL. It runs after
// index selection, so the ranges GMS builds from the IN are kept.
func rowInLists(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rowInNode(n)
}

func rowInNode(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		return MapNodeExprs(n, rowInExpr)
	})
}

// rowInExpr wraps the row IN lists of e, top-down: not again under a rowInList
// (the analyzer runs over subqueries more than once).
func rowInExpr(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch e := e.(type) {
	case *rowInList:
		return e, transform.SameTree, nil
	case *plan.Subquery:
		q, same, err := rowInNode(e.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return e.WithQuery(q), transform.NewTree, nil
	case *expression.InTuple, *expression.HashInTuple:
		if r := newRowIn(e); r != nil {
			return r, transform.NewTree, nil
		}
	}
	children := e.Children()
	var nc []sql.Expression
	for i, c := range children {
		c2, same, err := rowInExpr(c)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !same {
			if nc == nil {
				nc = append([]sql.Expression(nil), children...)
			}
			nc[i] = c2
		}
	}
	if nc == nil {
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(nc...)
	return ne, transform.NewTree, err
}

// newRowIn is the rowInList of in, or nil when in is no row IN list.
func newRowIn(in sql.Expression) *rowInList {
	var left, right sql.Expression
	switch in := in.(type) {
	case *expression.InTuple:
		left, right = in.Left(), in.Right()
	case *expression.HashInTuple:
		left, right = in.Left(), in.Right()
	default:
		return nil
	}
	tup, ok := right.(expression.Tuple)
	lt, lok := left.(expression.Tuple)
	if !ok || !lok || len(lt) < 2 {
		return nil
	}
	r := &rowInList{orig: in, left: left, rows: make([]sql.Expression, len(tup)), fast: true}
	for i, row := range tup {
		if r.rows[i] = rowEquals(lt, row); r.rows[i] == nil {
			return nil
		}
		if !nullFreeConstant(row) {
			r.fast = false
		}
	}
	return r
}

// rowEquals is l = r as MySQL reads a row comparison: the AND of its
// elements' equalities (GMS's tuple comparison takes NULL for a value), or
// nil when r is no row of l's width.
func rowEquals(l expression.Tuple, r sql.Expression) sql.Expression {
	rt, ok := r.(expression.Tuple)
	if !ok || len(rt) != len(l) {
		return nil
	}
	var and sql.Expression
	for i := range l {
		var eq sql.Expression
		if lt, ok := l[i].(expression.Tuple); ok && len(lt) > 1 {
			if eq = rowEquals(lt, rt[i]); eq == nil {
				return nil
			}
		} else {
			eq = expression.NewEquals(l[i], rt[i])
		}
		if and == nil {
			and = eq
		} else {
			and = expression.NewAnd(and, eq)
		}
	}
	return and
}

// nullFreeConstant: e is a row of literals none of which is NULL.
func nullFreeConstant(e sql.Expression) bool {
	switch e := e.(type) {
	case expression.Tuple:
		for _, c := range e {
			if !nullFreeConstant(c) {
				return false
			}
		}
		return true
	case *expression.Literal:
		return e.Value() != nil
	}
	return false
}

func hasNullElement(v any) bool {
	if v == nil {
		return true
	}
	if vs, ok := v.([]any); ok {
		for _, x := range vs {
			if hasNullElement(x) {
				return true
			}
		}
	}
	return false
}

// rowInList is MySQL's row IN list: TRUE when one row equals the left row,
// else NULL when an equality is NULL, else FALSE. GMS's own evaluation
// (orig, a hash lookup for constant lists) answers when no NULL takes part.
type rowInList struct {
	orig sql.Expression
	left sql.Expression
	rows []sql.Expression // left = row, one per row of the list
	fast bool             // the list is constant rows without NULLs
}

var _ sql.Expression = (*rowInList)(nil)

func (r *rowInList) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if r.fast {
		l, err := r.left.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if l == nil {
			return nil, nil
		}
		if !hasNullElement(l) {
			return r.orig.Eval(ctx, row)
		}
	}
	var res any = false
	for _, eq := range r.rows {
		v, err := eq.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil {
			res = nil
			continue
		}
		if b, err := sql.ConvertToBool(ctx, v); err == nil && b {
			return true, nil
		}
	}
	return res, nil
}

func (r *rowInList) Type() sql.Type   { return types.Boolean }
func (r *rowInList) IsNullable() bool { return true }
func (r *rowInList) Resolved() bool   { return r.orig.Resolved() }
func (r *rowInList) String() string   { return r.orig.String() }
func (r *rowInList) DebugString() string {
	return fmt.Sprintf("rowInList(%s)", sql.DebugString(r.orig))
}
func (r *rowInList) Children() []sql.Expression {
	return []sql.Expression{r.orig}
}

func (r *rowInList) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	if children[0] == r.orig {
		return r, nil
	}
	// A rule rewrote the IN under this node (a field index fix-up, the
	// plan cache's parameters): rebuild the equalities from it.
	nr := newRowIn(children[0])
	if nr == nil {
		return nil, fmt.Errorf("rowInList: unexpected child %T", children[0])
	}
	return nr, nil
}
