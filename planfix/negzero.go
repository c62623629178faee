package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// normalizeGroupingZeros makes GROUP BY treat -0 and 0 as one value and
// return it as 0.
//
// GMS hashes each grouping value's %v text, so a float -0 (from - col * 0,
// say) and 0 fell into two groups, and a group's non-aggregated value was
// returned as -0 when no projection sat above the GROUP BY (GMS's Project
// normalizes -0, the GroupBy node does not). MySQL compares -0 = 0 and so
// groups them together; it shows the group as 0 (MariaDB 10.11 too).
//
// Float grouping expressions, and float non-aggregate selected expressions
// other than plain columns, are wrapped in zeroNorm, whose text is its
// child's so GROUP BY validation and result column names are unchanged.
func normalizeGroupingZeros(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		g, ok := n.(*plan.GroupBy)
		if !ok {
			return n, transform.SameTree, nil
		}
		same := transform.SameTree
		grouping := make([]sql.Expression, len(g.GroupByExprs))
		for i, e := range g.GroupByExprs {
			grouping[i] = e
			if needsZeroNorm(e) {
				grouping[i], same = &zeroNorm{e}, transform.NewTree
			}
		}
		selected := make([]sql.Expression, len(g.SelectedExprs))
		for i, e := range g.SelectedExprs {
			selected[i] = e
			if a, ok := e.(*expression.Alias); ok {
				if needsZeroNorm(a.Child) && !hasAggregation(a.Child) {
					na, err := a.WithChildren(&zeroNorm{a.Child})
					if err != nil {
						return nil, transform.SameTree, err
					}
					selected[i], same = na, transform.NewTree
				}
			} else if needsZeroNorm(e) && !hasAggregation(e) {
				selected[i], same = &zeroNorm{e}, transform.NewTree
			}
		}
		if same {
			return n, transform.SameTree, nil
		}
		return plan.NewGroupBy(selected, grouping, g.Child), transform.NewTree, nil
	})
}

func needsZeroNorm(e sql.Expression) bool {
	switch e.(type) {
	case *zeroNorm, *expression.GetField, *expression.Literal:
		return false
	}
	return types.IsFloat(e.Type())
}

func hasAggregation(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		_, ok := e.(sql.Aggregation)
		return ok
	})
}

// zeroNorm evaluates its child and turns a float -0 into 0.
type zeroNorm struct{ sql.Expression }

func (z *zeroNorm) Children() []sql.Expression { return []sql.Expression{z.Expression} }
func (z *zeroNorm) String() string             { return z.Expression.String() }

func (z *zeroNorm) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(z, len(children), 1)
	}
	return &zeroNorm{children[0]}, nil
}

func (z *zeroNorm) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	v, err := z.Expression.Eval(ctx, row)
	switch f := v.(type) {
	case float64:
		if f == 0 {
			return float64(0), err
		}
	case float32:
		if f == 0 {
			return float32(0), err
		}
	}
	return v, err
}
