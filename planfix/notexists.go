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

// nullFreeNotExists rewrites the correlated WHERE conjuncts of every
// NOT EXISTS and NOT IN subquery so that none of them can evaluate to NULL.
//
// GMS's unnestExistsSubqueries turns NOT EXISTS (... WHERE u.a = t.a) into an
// anti join on u.a = t.a, and GMS executes every anti join with NOT IN's
// semantics: a join condition that is NULL for some inner row rejects the
// outer row. For NOT EXISTS only TRUE may reject it, so a NULL on either side
// wrongly removed rows (all of them, once the inner table held one NULL).
//
// GMS's hoistOutOfScopeFilters moves a conjunct that reads only the outer
// row (t.a > 1) out of the subquery: NOT EXISTS (... WHERE p) becomes
// NOT (EXISTS (...) AND p), which is NULL, not TRUE, when p is NULL, so the
// outer row was dropped; NOT IN likewise. A null-free p keeps it right.
//
// hoistOutOfScopeFilters also reaches into derived tables (SubqueryAlias,
// opaque to transform.NodeExprs), so this rule must too: inside
// (SELECT ... WHERE t.c NOT IN (SELECT ... WHERE t.c = 'x')) u the NULL rows
// were dropped.
//
// Inside a WHERE clause NULL and FALSE filter alike, so the rewrite leaves
// the subquery's meaning alone:
//
//	l = r  =>  trueEq(l, r)   (l = r, FALSE where it is NULL; still an equality join)
//	c      =>  c IS TRUE      (anything else that could be NULL)
func nullFreeNotExists(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return exprsDeepOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		not, ok := e.(*expression.Not)
		if !ok {
			return e, transform.SameTree, nil
		}
		var sq *plan.Subquery
		switch c := not.Child.(type) {
		case *plan.ExistsSubquery:
			sq = c.Query
		case *plan.InSubquery:
			sq, _ = c.RightChild.(*plan.Subquery)
		}
		if sq == nil || sq.Correlated().Empty() {
			return e, transform.SameTree, nil
		}
		corr := sq.Correlated()
		if _, ok := not.Child.(*plan.ExistsSubquery); ok {
			if ne := notExistsAsNotIn(sq, corr); ne != nil {
				return ne, transform.NewTree, nil
			}
		}
		q, same, err := transform.Node(sq.Query, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			f, ok := n.(*plan.Filter)
			if !ok {
				return n, transform.SameTree, nil
			}
			conj := expression.SplitConjunction(f.Expression)
			changed := false
			for i, c := range conj {
				// A conjunct that reads no column at all (a NULL literal
				// beside a correlated one: WHERE t.x AND NULL) is hoisted
				// with them.
				if !refsCols(c, corr) && !readsNoColumn(c) {
					continue
				}
				if nc := nullFree(c); nc != c {
					conj[i], changed = nc, true
				}
			}
			if !changed {
				return n, transform.SameTree, nil
			}
			return plan.NewFilter(expression.JoinAnd(conj...), f.Child), transform.NewTree, nil
		})
		if err != nil || same {
			return e, transform.SameTree, err
		}
		if in, ok := not.Child.(*plan.InSubquery); ok {
			return expression.NewNot(plan.NewInSubquery(in.LeftChild, sq.WithQuery(q))), transform.NewTree, nil
		}
		return expression.NewNot(plan.NewExistsSubquery(sq.WithQuery(q))), transform.NewTree, nil
	})
}

// nullFree returns a predicate that is TRUE exactly when c is, and FALSE
// otherwise; c itself when it can never be NULL.
func nullFree(c sql.Expression) sql.Expression {
	switch c := c.(type) {
	case *expression.Literal:
		if c.Value() == nil {
			return expression.NewLiteral(false, types.Boolean)
		}
		return c
	case *expression.NullSafeEquals, *expression.IsNull, *expression.IsTrue, *trueEq:
		return c
	case *expression.And:
		l, r := nullFree(c.LeftChild), nullFree(c.RightChild)
		if l == c.LeftChild && r == c.RightChild {
			return c
		}
		return expression.NewAnd(l, r)
	case *expression.Not:
		if _, ok := c.Child.(*expression.IsNull); ok {
			return c
		}
	case *expression.Equals:
		// GMS's operand validation accepts rows only under its own
		// comparison types, so a row comparison is wrapped whole.
		// Nor strings: engine's PadSpace makes `=` compare as MySQL does
		// (PAD SPACE, the coercibility's collation) by rewriting an Equals,
		// which trueEq is not, so 'a ' = 'a' under utf8mb4_bin was FALSE
		// there and NOT EXISTS kept the row. IS TRUE keeps the Equals.
		if types.NumColumns(c.Left().Type()) == 1 && !types.IsText(c.Left().Type()) &&
			!types.IsText(c.Right().Type()) {
			return &trueEq{c}
		}
	}
	return expression.NewIsTrue(c)
}

// readsNoColumn: e reads no column (nor a subquery, which may).
func readsNoColumn(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *plan.Subquery:
			return true
		}
		return false
	})
}

// refsCols reports whether e reads any of cols.
func refsCols(e sql.Expression, cols sql.ColSet) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		return ok && cols.Contains(gf.Id())
	})
}

// trueEq is l = r with NULL turned into FALSE. It is an equality to GMS's join
// planner, so the anti join can still become an outer join with an index
// lookup (a NULL key looks up nothing, which is what it should match).
type trueEq struct{ *expression.Equals }

var _ expression.Equality = (*trueEq)(nil)

func (e *trueEq) IsNullable() bool { return false }

func (e *trueEq) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	v, err := e.Equals.Eval(ctx, row)
	if err == nil && v == nil {
		return false, nil
	}
	return v, err
}

func (e *trueEq) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return &trueEq{expression.NewEquals(children[0], children[1])}, nil
}

func (e *trueEq) SwapParameters(*sql.Context) (expression.Equality, error) {
	return &trueEq{expression.NewEquals(e.Right(), e.Left())}, nil
}

func (e *trueEq) String() string {
	return fmt.Sprintf("(%s = %s IS TRUE)", e.Left(), e.Right())
}

// notExistsAsNotIn rewrites NOT EXISTS (SELECT ... FROM r WHERE i = o AND p)
// — one correlation, an equality between an inner expression i and an outer
// one o of the same kind, the rest reading only r — into
//
//	(o IN (SELECT i FROM r WHERE i IS NOT NULL AND p)) IS NOT TRUE
//
// The subquery is then uncorrelated: it runs once and rowIn probes a hash
// of its values for each outer row, where the anti join GMS would otherwise
// plan compares every outer row with every inner row when i has no index
// (minutes for 20,000 x 20,000 rows). A NULL o finds nothing, so IS NOT TRUE
// keeps the row, as NOT EXISTS does. It returns nil for any other shape.
func notExistsAsNotIn(sq *plan.Subquery, corr sql.ColSet) sql.Expression {
	proj, ok := sq.Query.(*plan.Project)
	if !ok {
		return nil
	}
	f, ok := proj.Child.(*plan.Filter)
	if !ok || nodeRefsCols(f.Child, corr) {
		return nil
	}
	var inner, outer sql.Expression
	var rest []sql.Expression
	for _, c := range expression.SplitConjunction(f.Expression) {
		if !refsCols(c, corr) {
			rest = append(rest, c)
			continue
		}
		eq, ok := c.(*expression.Equals)
		if !ok || inner != nil {
			return nil
		}
		l, r := eq.Left(), eq.Right()
		switch {
		case !refsCols(l, corr) && onlyCols(r, corr):
			inner, outer = l, r
		case !refsCols(r, corr) && onlyCols(l, corr):
			inner, outer = r, l
		default:
			return nil
		}
	}
	if inner == nil || hasSubquery(inner) || hasSubquery(outer) || !sameKind(inner.Type(), outer.Type()) ||
		types.NumColumns(inner.Type()) != 1 {
		return nil
	}
	rest = append(rest, expression.NewNot(expression.NewIsNull(inner)))
	q := plan.NewProject([]sql.Expression{inner}, plan.NewFilter(expression.JoinAnd(rest...), f.Child))
	nsq := sq.WithQuery(q).WithCorrelated(sql.ColSet{})
	in := &rowIn{in: plan.NewInSubquery(outer, nsq)}
	return expression.NewNot(expression.NewIsTrue(in))
}

// sameKind reports whether IN, which takes the left value in the right
// side's type, compares the two as = would.
func sameKind(a, b sql.Type) bool {
	if types.IsInteger(a) && types.IsInteger(b) {
		return true
	}
	return a.Equals(b)
}

// onlyCols reports whether e reads columns, all of them in cols.
func onlyCols(e sql.Expression, cols sql.ColSet) bool {
	some, other := false, false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok {
			if cols.Contains(gf.Id()) {
				some = true
			} else {
				other = true
			}
		}
		return false
	})
	return some && !other
}

func hasSubquery(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		_, ok := e.(*plan.Subquery)
		return ok
	})
}

// nodeRefsCols reports whether any expression in n reads one of cols.
func nodeRefsCols(n sql.Node, cols sql.ColSet) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if ne, ok := n.(sql.Expressioner); ok {
			for _, e := range ne.Expressions() {
				if refsCols(e, cols) || hasSubquery(e) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
