// Package scalarsubquery makes a scalar subquery compared in a WHERE clause
// fail with MySQL's error 1242 ("Subquery returns more than 1 row") when it
// yields more than one row.
//
// GMS's unnestInSubqueries rule turns `x = (SELECT ...)` (any comparison
// whose right side is an uncorrelated subquery) into a semi-join and drops
// the single-row requirement, so the outer query silently returned a row per
// matching value. This package owns only the analyzer rule that prevents
// that rewrite where the subquery is not provably single-row; it must never
// change what a comparison evaluates to.
package scalarsubquery

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleID names the rule; GMS's own rule IDs are small consecutive integers
// and Myriad's server rules start at 10_000.
const RuleID analyzer.RuleId = 10_300

// Install puts the rule right before GMS's unnestInSubqueries in every batch
// that holds it, so it sees the comparisons before they are unnested.
func Install(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		for i, r := range b.Rules {
			if r.Id.String() != "unnestInSubqueries" {
				continue
			}
			rules := make([]analyzer.Rule, 0, len(b.Rules)+1)
			rules = append(rules, b.Rules[:i]...)
			rules = append(rules, analyzer.Rule{Id: RuleID, Apply: guard})
			b.Rules = append(rules, b.Rules[i:]...)
			break
		}
	}
}

func guard(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector,
	_ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		e, same, err := transform.Expr(f.Expression, wrapComparedSubquery)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		return plan.NewFilter(e, f.Child), transform.NewTree, nil
	})
}

// wrapComparedSubquery hides the right-hand subquery of a comparison from
// GMS's unnesting, which recognises only a bare *plan.Subquery there.
func wrapComparedSubquery(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	c, ok := e.(expression.Comparer)
	if !ok {
		return e, transform.SameTree, nil
	}
	if _, in := e.(*plan.InSubquery); in {
		return e, transform.SameTree, nil
	}
	sq, ok := c.Right().(*plan.Subquery)
	if !ok || atMostOneRow(sq.Query) {
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(c.Left(), &single{sq})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return ne, transform.NewTree, nil
}

// atMostOneRow spots the common single-row shapes (an aggregate without
// GROUP BY, LIMIT 1) so that they keep GMS's join plan and its index use.
func atMostOneRow(n sql.Node) bool {
	for n != nil {
		switch nn := n.(type) {
		case *plan.GroupBy:
			return len(nn.GroupByExprs) == 0
		case *plan.Limit:
			if l, ok := nn.Limit.(*expression.Literal); ok {
				switch v := l.Value().(type) {
				case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64:
					if fmt.Sprint(v) == "0" || fmt.Sprint(v) == "1" {
						return true
					}
				}
			}
			return false
		case *plan.Project, *plan.Filter, *plan.Sort, *plan.SubqueryAlias, *plan.Having:
			n = nn.Children()[0]
		default:
			return false
		}
	}
	return false
}

// single evaluates its subquery as a scalar (Subquery.Eval returns
// ErrExpectedSingleRow, 1242, for a second row); being a different type, it
// is not a candidate for unnesting. The subquery stays its child so GMS's
// other rules still find, resolve and finalize it.
type single struct {
	sq sql.Expression
}

var _ sql.Expression = (*single)(nil)
var _ sql.CollationCoercible = (*single)(nil)

func (s *single) Resolved() bool                                  { return s.sq.Resolved() }
func (s *single) String() string                                  { return s.sq.String() }
func (s *single) Type() sql.Type                                  { return s.sq.Type() }
func (s *single) IsNullable() bool                                { return s.sq.IsNullable() }
func (s *single) Children() []sql.Expression                      { return []sql.Expression{s.sq} }
func (s *single) Eval(ctx *sql.Context, row sql.Row) (any, error) { return s.sq.Eval(ctx, row) }

func (s *single) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return &single{children[0]}, nil
}

func (s *single) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.sq)
}
