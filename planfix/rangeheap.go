package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// noRangeHeapJoins keeps GMS from planning a range heap join, by hiding the
// column operands of column-to-column inequalities (and BETWEENs) in join
// conditions behind colRef, which evaluates to the column itself.
//
// GMS plans `a JOIN b ON a.v BETWEEN b.lo AND b.hi` (or `a.v >= b.lo AND
// a.v <= b.hi`) as a range heap join whose left side is a full scan of an
// index on a.v, built from the index alone: the filters the join planner had
// pushed onto that side are lost. `ON a.v BETWEEN b.lo AND b.hi AND 1 = 0`
// and `... AND a.id = 100` returned every row in range (TLP found it). The
// join is then planned as any other join of that condition (nested loops
// over the inequality), which keeps every conjunct.
func noRangeHeapJoins(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || j.Filter == nil {
			return n, transform.SameTree, nil
		}
		f, same := hideRangeColumns(j.Filter)
		if same {
			return n, transform.SameTree, nil
		}
		nj := *j
		nj.Filter = f
		return &nj, transform.NewTree, nil
	})
}

// hideRangeColumns wraps the columns of p's top-level conjuncts that GMS
// reads as a range (see noRangeHeapJoins).
func hideRangeColumns(p sql.Expression) (sql.Expression, bool) {
	switch e := p.(type) {
	case *expression.And:
		l, ls := hideRangeColumns(e.LeftChild)
		r, rs := hideRangeColumns(e.RightChild)
		if ls && rs {
			return p, true
		}
		return expression.NewAnd(l, r), false
	case *expression.Between:
		if !isCol(e.Val) || !(isCol(e.Lower) || isCol(e.Upper)) {
			return p, true
		}
		return expression.NewBetween(&colRef{e.Val}, e.Lower, e.Upper), false
	case *expression.GreaterThan, *expression.GreaterThanOrEqual, *expression.LessThan, *expression.LessThanOrEqual:
		cs := p.Children()
		if !isCol(cs[0]) || !isCol(cs[1]) {
			return p, true
		}
		ne, err := p.WithChildren(&colRef{cs[0]}, &colRef{cs[1]})
		if err != nil {
			return p, true
		}
		return ne, false
	}
	return p, true
}

func isCol(e sql.Expression) bool {
	_, ok := e.(*expression.GetField)
	return ok
}

// colRef is its column (see noRangeHeapJoins).
type colRef struct {
	sql.Expression
}

func (c *colRef) Children() []sql.Expression { return []sql.Expression{c.Expression} }
func (c *colRef) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &colRef{children[0]}, nil
}
func (c *colRef) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, c.Expression)
}
