package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// setOpFiltersID is from oracle3's range 11_540-11_549.
const setOpFiltersID analyzer.RuleId = 11_540

// keepTypedFiltersAbove runs just before GMS's pushdownSubqueryAliasFilters,
// which moves a WHERE over a derived table (or CTE, or view) into it by
// replacing each column with the expression the derived table's scope maps
// it to. Over a UNION, INTERSECT or EXCEPT that expression is the first
// arm's column, with the first arm's type, collation and column id, not the
// set operation's: `c1 DIV 2` over (SELECT 0 AS c1 UNION ALL SELECT 1.5)
// was planned as an integer DIV (1.5 read as 2, so the row was kept where
// MySQL drops it), a comparison took the first arm's collation, and
// assignExecIndexes could resolve the first arm's id to another column of
// the union (engine/colids.go filterOverSetOp patches that one afterwards).
//
// Without a scope mapping GMS leaves such a filter where it is, above the
// derived table, reading the set operation's own columns. Nothing is lost:
// GMS pushes no filter into the arms of a set operation, so the pushed
// filter ran over the union's rows anyway.
//
// Likewise where a filter reads a computed column (an aggregate, a window
// function, an expression over the groups) of a grouped or windowed derived
// table: the pushed filter reads the inner column with the type GMS gave it
// when planning, not the one Myriad's sqlfunc gives it afterwards (SUM of a
// DECIMAL is GMS's DOUBLE), so `d.k * d.s LIKE '_'` over (SELECT id % 3 AS
// k, SUM(dec) AS s ... GROUP BY id % 3) d read 0 for 0.00, and
// `COALESCE(1.5, d.k) NOT IN (d.k, d.n)` compared 1.5 as an integer. Such a
// filter could reach no index anyway; a filter that reads only grouping
// columns of a table still goes below the GROUP BY. (Its plain conjuncts
// stay above too when one conjunct reads a computed column.)
func keepTypedFiltersAbove(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var read sql.ColSet
	collected := false
	return transform.Node(n, func(m sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sa, ok := m.(*plan.SubqueryAlias)
		if !ok || sa.ScopeMapping == nil {
			return m, transform.SameTree, nil
		}
		if !setOpRows(sa.Child) {
			computed := computedColumns(sa)
			if computed.Empty() {
				return m, transform.SameTree, nil
			}
			if !collected {
				read, collected = filteredColumns(n), true
			}
			if read.Intersection(computed).Empty() {
				return m, transform.SameTree, nil
			}
		}
		return sa.WithScopeMapping(nil), transform.NewTree, nil
	})
}

// filteredColumns are the column ids that the filters of n read (not
// through opaque nodes, as GMS's pushdown does not look there).
func filteredColumns(n sql.Node) sql.ColSet {
	var cols sql.ColSet
	transform.Inspect(n, func(n sql.Node) bool {
		if f, ok := n.(*plan.Filter); ok {
			transform.InspectExpr(f.Expression, func(e sql.Expression) bool {
				if gf, ok := e.(*expression.GetField); ok && gf.Id() != 0 {
					cols.Add(gf.Id())
				}
				return false
			})
		}
		return true
	})
	return cols
}

// computedColumns are the ids of the output columns of sa, a grouped or
// windowed derived table, whose select item is not a table's column (an
// aggregate, a window function, an expression); empty for any other
// derived table or when they cannot be told.
func computedColumns(sa *plan.SubqueryAlias) sql.ColSet {
	var exprs []sql.Expression
	n := sa.Child
	for exprs == nil {
		switch c := n.(type) {
		case *plan.Project:
			switch c.Child.(type) {
			case *plan.GroupBy, *plan.Window:
			default:
				return sql.ColSet{}
			}
			exprs = c.Projections
		case *plan.GroupBy:
			exprs = c.SelectedExprs
		case *plan.Window:
			exprs = c.SelectExprs
		case *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct,
			*plan.Filter, *plan.Having:
			n = c.Children()[0]
		default:
			return sql.ColSet{}
		}
	}
	var ids []sql.ColumnId
	sa.Columns().ForEach(func(id sql.ColumnId) { ids = append(ids, id) })
	var out sql.ColSet
	if len(ids) != len(exprs) {
		return out
	}
	for i, e := range exprs {
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		if gf, ok := e.(*expression.GetField); ok && gf.Table() != "" {
			continue
		}
		out.Add(ids[i])
	}
	return out
}

// setOpRows reports whether n's rows are a set operation's, through the
// nodes that keep its columns as they are.
func setOpRows(n sql.Node) bool {
	for {
		switch c := n.(type) {
		case *plan.SetOp:
			return true
		case *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct, *plan.Filter:
			n = c.Children()[0]
		default:
			return false
		}
	}
}
