package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A comparison that reads a column of a derived table built over a set
// operation waits for the set operation's column types: GMS's planner
// gives such a column its first arm's type (the union's scope is the left
// arm's), and the union's own type only comes from unionColumns and
// retype, after the comparisons are converted. `SELECT c FROM (SELECT 1
// AS c UNION ALL SELECT '1.0') d WHERE c = '1'` compared d.c as the
// first arm's INT, converting '1' to a number, and returned 1.0 too;
// MySQL's column is VARCHAR and compares text (oracle3's D).

// setOpDerivedColumns are the column IDs of the derived tables (and CTEs,
// views) in n whose query holds a set operation: top those of n's own
// scope, nested those inside its subquery expressions. A comparison
// reading a nested one is left to the subquery's own analysis (GMS runs
// every batch on a subquery's plan again), which sees that derived table
// at its top: unionColumns types no set operation inside an expression,
// so its columns' types are not known here.
func setOpDerivedColumns(n sql.Node) (top, nested sql.ColSet) {
	var walk func(n sql.Node, cols *sql.ColSet)
	walk = func(n sql.Node, cols *sql.ColSet) {
		transform.Inspect(n, func(n sql.Node) bool {
			if sq, ok := n.(*plan.SubqueryAlias); ok && holdsSetOp(sq.Child) {
				*cols = cols.Union(sq.Columns())
			}
			if ex, ok := n.(sql.Expressioner); ok {
				for _, e := range ex.Expressions() {
					transform.InspectExpr(e, func(e sql.Expression) bool {
						if s, ok := e.(*plan.Subquery); ok {
							walk(s.Query, &nested)
						}
						return false
					})
				}
			}
			return true
		})
	}
	walk(n, &top)
	return top, nested
}

func holdsSetOp(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*plan.SetOp); ok {
			found = true
		}
		return !found
	})
	return found
}

// readsColumns: e reads one of cols.
func readsColumns(e sql.Expression, cols sql.ColSet) bool {
	if cols.Len() == 0 {
		return false
	}
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		return ok && cols.Contains(gf.Id())
	})
}

// lateComparisons converts the comparisons ReplaceComparisons left for
// after the set operations' column types, now that the derived tables'
// columns carry them.
func lateComparisons(ctx *sql.Context, n sql.Node, late, nested sql.ColSet) (sql.Node, transform.TreeIdentity, error) {
	return replaceComparisons(ctx, n, func(e sql.Expression) bool {
		return readsColumns(e, late) && !readsColumns(e, nested)
	})
}

// derivedUnionColumns types the set operations inside n's derived tables
// (unionColumns stops at them: GMS analyzes a derived table's query after
// this batch), then the references to their columns, then n's own set
// operations again, which read those types: `SELECT MIN(d.c0) FROM
// (SELECT -3.25 AS c0 UNION SELECT 1e0) d UNION ALL SELECT -3.25` read
// d.c0 as GMS's DECIMAL(10,0) and answered -3 (as DECIMAL(65,30)); MySQL's
// d.c0, and so the outer column, is DOUBLE (oracle3's A).
func derivedUnionColumns(ctx *sql.Context, n sql.Node) (sql.Node, bool, error) {
	derived := derivedEnumSetOps(ctx, n) // unionenum.go
	n, same, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		so, ok := n.(*plan.SetOp)
		if !ok {
			return n, transform.SameTree, nil
		}
		nn, same, err := unionSetOp(withDerivedEnum(ctx, so, derived), so)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if so, ok := nn.(*plan.SetOp); ok {
			// A NULL arm too: the first arm's NULL is the derived
			// table's column type otherwise (COLLATION binary).
			nn2, same2, err := unionNullSetOp(so)
			return nn2, same && same2, err
		}
		return nn, same, nil
	})
	if err != nil || same {
		return n, true, err
	}
	n, _, err = retype(n)
	if err != nil {
		return n, false, err
	}
	n, _, err = unionColumns(ctx, n)
	return n, false, err
}
