package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// FoldRuleID names the rule that gives constant filter expressions this
// package's semantics before GMS folds them (issue 9's range 10_820-10_839).
const FoldRuleID analyzer.RuleId = 10_820

var foldRule = analyzer.Rule{Id: FoldRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return FoldConstants(ctx, n)
}}

// FoldConstants replaces, in every constant part of a WHERE (a Filter's
// expression without columns, subqueries or parameters, at any depth), GMS's
// nodes by this package's. GMS's simplifyFilters, later in the same batch,
// evaluates such parts once and keeps a literal of the value and type GMS's
// own node gives; Replace (after-all) then never sees the expression. So
// COALESCE(3, 3.00) became the INT 3 (MySQL: 3.00, which is not LIKE '_'),
// and the literal's type and value reach the comparisons above it. Filters
// are the only place GMS folds: join conditions, HAVING and projections keep
// their expressions, which Replace reaches.
func FoldConstants(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		e, same, err := foldExpr(ctx, f.Expression)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		return plan.NewFilter(e, f.Child), transform.NewTree, nil
	})
}

// foldExpr evaluates the maximal constant subtrees of e, replaced as
// Replace would, into literals, and folds the filters of subqueries it
// holds. It folds them itself rather than leave them to simplifyFilters,
// which types the literal of a string expression with the expression's type
// and so loses its collation: CONCAT('B', 'a') < 'a' became 'Ba' < 'a'
// under utf8mb4_0900_bin, true, where the connection's utf8mb4_0900_ai_ci
// says false.
func foldExpr(ctx *sql.Context, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	if sq, ok := e.(*plan.Subquery); ok {
		q, same, err := FoldConstants(ctx, sq.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	}
	if constant(e) && foldable(e) {
		r, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return replaceExpr(ctx, e, false)
		})
		if err != nil {
			return e, transform.SameTree, err
		}
		v, err := r.Eval(ctx, nil)
		if err != nil {
			// simplifyFilters evaluates it again and fails the statement.
			return r, transform.NewTree, nil
		}
		// A literal cannot carry every collation derivation: BINARY 'x' is
		// binary with coercibility 2, a blob literal is ignorable (5), so
		// col LIKE BINARY 'jack%' became case-insensitive. Such parts stay
		// expressions (GMS leaves them alone too).
		rc, rk := Coercibility(ctx, r)
		if v == nil {
			// A NULL folded from NULLs alone (CONCAT(NULL, NULL), of
			// NULL's own derivation) is the NULL literal MySQL's is:
			// typed a LONGBLOB it made a CASE around it a BLOB, which GMS
			// compares bytewise, and 'a' <= CASE WHEN c THEN
			// CONCAT(NULL, NULL) ELSE 'A' END was false in WHERE under
			// utf8mb4_general_ci (the oracle's NoREC finding, seed
			// 1795809440667157818). A NULL of another derivation
			// (CONCAT('x', NULL)) keeps its string type below.
			null := expression.NewLiteral(nil, types.Null)
			if lc, lk := Coercibility(ctx, null); lc == rc && lk == rk {
				return null, transform.NewTree, nil
			}
		}
		typ := literalType(ctx, r)
		lit := expression.NewLiteral(v, typ)
		if lc, lk := sql.GetCoercibility(ctx, lit); lc != rc || lk != rk {
			return r, transform.NewTree, nil
		}
		return lit, transform.NewTree, nil
	}
	kids := e.Children()
	if len(kids) == 0 {
		return e, transform.SameTree, nil
	}
	nk := make([]sql.Expression, len(kids))
	same := transform.SameTree
	for i, k := range kids {
		r, s, err := foldExpr(ctx, k)
		if err != nil {
			return e, transform.SameTree, err
		}
		nk[i], same = r, same && s
	}
	if same {
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(nk...)
	if err != nil {
		return e, transform.SameTree, err
	}
	if lit := shortCircuit(ne); lit != nil {
		return lit, transform.NewTree, nil
	}
	if constant(ne) && foldable(ne) {
		// A short-circuited operand below made e constant.
		r, _, err := foldExpr(ctx, ne)
		return r, transform.NewTree, err
	}
	return ne, transform.NewTree, nil
}

// shortCircuit is the boolean literal simplifyFilters turns an AND with a
// false operand, or an OR with a true one, into (MySQL's answer too, NULL
// or not on the other side), or nil. Doing it here first makes the parent
// constant for foldExpr's caller: else simplifyFilters, in its same bottom-up
// pass, evaluated the parent with GMS's node and typed it without the
// collation, and CASE WHEN ('b' < '1') AND c THEN 'x' ELSE 'B' END = 'b'
// was false under utf8mb4_0900_ai_ci (the oracle's NoREC finding).
func shortCircuit(e sql.Expression) sql.Expression {
	var l, r sql.Expression
	var absorbing bool
	switch b := e.(type) {
	case *expression.And:
		l, r, absorbing = b.LeftChild, b.RightChild, false
	case *expression.Or:
		l, r, absorbing = b.LeftChild, b.RightChild, true
	default:
		return nil
	}
	for _, k := range []sql.Expression{l, r} {
		if v, ok := boolLiteral(k); ok && v == absorbing {
			return k
		}
	}
	return nil
}

// boolLiteral reads a BOOLEAN literal as simplifyFilters' isTrue and
// isFalse do.
func boolLiteral(e sql.Expression) (bool, bool) {
	lit, ok := e.(*expression.Literal)
	if !ok || lit.Type() != types.Boolean || lit.Value() == nil {
		return false, false
	}
	switch v := lit.Value().(type) {
	case bool:
		return v, true
	case int8:
		return v != sql.False, true
	}
	return false, false
}

// constant is GMS's test for what simplifyFilters folds: no column,
// subquery, parameter or procedure parameter below e.
func constant(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.UnresolvedColumn, *plan.Subquery, *expression.BindVar,
			*expression.ProcedureParam, sql.Aggregation, sql.WindowAggregation:
			return true
		case *randFn:
			return true // a new number on each row (randseed.go)
		}
		return false
	})
}

// foldable: what simplifyFilters keeps as it is (tuples of IN, intervals,
// COLLATE) and literals are left alone; their constant parts below are
// folded.
func foldable(e sql.Expression) bool {
	switch e.(type) {
	case *expression.Literal, expression.Tuple, *expression.Interval, *expression.CollatedExpression, *expression.MatchAgainst:
		return false
	}
	return true
}

// literalType is r's type, a string type carrying the collation r compares
// with.
func literalType(ctx *sql.Context, r sql.Expression) sql.Type {
	t := r.Type()
	if tc, ok := t.(sql.TypeWithCollation); ok && types.IsText(t) {
		coll, _ := Coercibility(ctx, r)
		if nt, err := tc.WithNewCollation(coll); err == nil {
			return nt
		}
	}
	return t
}
