package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// normalizeNegZeros makes GROUP BY treat -0 and 0 as one value, and makes
// results show a float -0 as 0.
//
// GMS hashes each grouping value's %v text, so a float -0 (from - col * 0,
// say) and 0 fell into two groups. MySQL compares -0 = 0 and groups them
// together. GMS means to show -0 as 0 (its Project normalizes it) but the
// server evaluates the top projection itself ("deferred projections") and
// GroupBy computes its values itself, so - col * 0 came back as -0 where
// MySQL (and MariaDB 10.11) show 0.
//
// Float grouping expressions and float projections other than plain columns
// are wrapped in zeroNorm, whose text is its child's, so GROUP BY validation
// and result column names are unchanged.
func normalizeNegZeros(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n.(type) {
		case *plan.GroupBy, *plan.Project:
			// A GroupBy's expressions are its selected and its grouping
			// ones, both wrapped alike.
			return MapNodeExprs(n, wrapSelected)
		}
		return n, transform.SameTree, nil
	})
}

// wrapSelected wraps a selected or grouping float expression in zeroNorm,
// inside its alias so that the result column's name stays; aggregates are
// left to their own buffers.
func wrapSelected(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	if needsZeroNorm(e) && !hasAggregation(e) {
		return &zeroNorm{e}, transform.NewTree, nil
	}
	a, ok := e.(*expression.Alias)
	if !ok || !needsZeroNorm(a.Child) || hasAggregation(a.Child) {
		return e, transform.SameTree, nil
	}
	na, err := a.WithChildren(&zeroNorm{a.Child})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return na, transform.NewTree, nil
}

func needsZeroNorm(e sql.Expression) bool {
	switch e.(type) {
	case *zeroNorm, *expression.GetField, *expression.Alias:
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
