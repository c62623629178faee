package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// onlyFullGroupBy refuses, under ONLY_FULL_GROUP_BY (in MySQL's default
// sql_mode), an aggregate query without GROUP BY that also selects a column
// outside any aggregate (`SELECT k, COUNT(*) FROM g`): MySQL fails with
// 1140; GMS answered one row with k taken from an arbitrary row, a value
// MySQL never gives. Columns of an outer query (a correlated subquery's
// references) are constants there and stay allowed.
func onlyFullGroupBy(ctx *sql.Context, n sql.Node) error {
	if ctx == nil || ctx.Session == nil || !sql.LoadSqlMode(ctx).ModeEnabled("ONLY_FULL_GROUP_BY") {
		return nil
	}
	var err error
	// A GroupBy under HAVING also selects the columns the HAVING clause
	// reads (`SELECT SUM(age) FROM a HAVING SUM(age) >= 0` selects age
	// too), which are no select-list columns: such a query is not checked
	// (Django's HAVING without GROUP BY got 1140).
	underHaving := map[*plan.GroupBy]bool{}
	// The select list is the Project above a GroupBy: GroupBy's own
	// SelectedExprs put aggregates first, so their positions are not the
	// ones MySQL's 1140 message names.
	selectList := map[*plan.GroupBy]*plan.Project{}
	// What the select list and the nodes between it and the GroupBy read
	// (a Sort's keys): GMS also selects the columns a GROUP_CONCAT's ORDER
	// BY expression reads in its GroupBy, where nothing above reads them.
	above := map[*plan.GroupBy][]sql.Expression{}
	transform.Inspect(n, func(n sql.Node) bool {
		if p, ok := n.(*plan.Project); ok {
			var between []sql.Expression
			for c := p.Child; c != nil; {
				if gb, ok := c.(*plan.GroupBy); ok {
					selectList[gb] = p
					above[gb] = append(append([]sql.Expression(nil), p.Projections...), between...)
					break
				}
				if ex, ok := c.(sql.Expressioner); ok {
					between = append(between, ex.Expressions()...)
				}
				ch := c.Children()
				if _, isProject := c.(*plan.Project); isProject || len(ch) != 1 {
					break
				}
				c = ch[0]
			}
		}
		if h, ok := n.(*plan.Having); ok {
			for c := h.Child; c != nil; {
				if gb, ok := c.(*plan.GroupBy); ok {
					underHaving[gb] = true
					break
				}
				ch := c.Children()
				if len(ch) != 1 {
					break
				}
				c = ch[0]
			}
		}
		return true
	})
	transform.Inspect(n, func(n sql.Node) bool {
		gb, ok := n.(*plan.GroupBy)
		if !ok || len(gb.GroupByExprs) > 0 || err != nil || underHaving[gb] {
			return err == nil
		}
		local := map[string]bool{}
		transform.Inspect(gb.Child, func(c sql.Node) bool {
			switch c := c.(type) {
			case *plan.TableAlias, *plan.SubqueryAlias:
				// Its name, not the table's under it: `FROM g AS h` in a
				// subquery of `FROM g` reads g's columns from outside.
				local[strings.ToLower(c.(sql.Nameable).Name())] = true
				return false
			case sql.Nameable:
				local[strings.ToLower(c.Name())] = true
			}
			return true
		})
		for i, e := range gb.SelectedExprs {
			if gf := bareColumn(e, local); gf != nil {
				if gf == e && selectList[gb] != nil && orderedByAggregate(gb.SelectedExprs, gf) && !reads(above[gb], gf) {
					// `GROUP_CONCAT(id ORDER BY CONCAT(c, 'x'))`: GMS's
					// own column for the ORDER BY, which MySQL accepts.
					continue
				}
				name := gf.Name()
				if gf.Table() != "" {
					name = gf.Table() + "." + name
				}
				if gf.Database() != "" {
					name = gf.Database() + "." + name
				}
				err = sql.ErrNonAggregatedColumnWithoutGroupBy.New(selectPosition(selectList[gb], gf, i+1), name)
				return false
			}
		}
		return true
	})
	return err
}

// bareColumn is the first column of a local table that e reads outside an
// aggregate, or nil.
func bareColumn(e sql.Expression, local map[string]bool) *expression.GetField {
	switch e := e.(type) {
	case sql.Aggregation, *plan.Subquery:
		return nil
	case *expression.GetField:
		if local[strings.ToLower(e.Table())] {
			return e
		}
		return nil
	}
	for _, c := range e.Children() {
		if gf := bareColumn(c, local); gf != nil {
			return gf
		}
	}
	return nil
}

// selectPosition is the 1-based position in p's projections of the first one
// reading gf's column, else def.
func selectPosition(p *plan.Project, gf *expression.GetField, def int) int {
	if p == nil {
		return def
	}
	for i, e := range p.Projections {
		found := false
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if f, ok := e.(*expression.GetField); ok && strings.EqualFold(f.Name(), gf.Name()) &&
				strings.EqualFold(f.Table(), gf.Table()) {
				found = true
			}
			return found
		})
		if found {
			return i + 1
		}
	}
	return def
}

// orderedByAggregate: an aggregate among exprs (a GROUP_CONCAT, whose
// children are its ORDER BY's and its arguments) reads gf's column.
func orderedByAggregate(exprs []sql.Expression, gf *expression.GetField) bool {
	for _, e := range exprs {
		found := false
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if _, ok := e.(sql.Aggregation); ok && reads(e.Children(), gf) {
				found = true
			}
			return found
		})
		if found {
			return true
		}
	}
	return false
}

// reads: one of exprs reads gf's column (by table and name: the select
// list reads a GroupBy's columns through its own references).
func reads(exprs []sql.Expression, gf *expression.GetField) bool {
	for _, e := range exprs {
		found := false
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if f, ok := e.(*expression.GetField); ok && strings.EqualFold(f.Name(), gf.Name()) &&
				strings.EqualFold(f.Table(), gf.Table()) {
				found = true
			}
			return found
		})
		if found {
			return true
		}
	}
	return false
}
