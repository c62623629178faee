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
	transform.Inspect(n, func(n sql.Node) bool {
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
				name := gf.Name()
				if gf.Table() != "" {
					name = gf.Table() + "." + name
				}
				if gf.Database() != "" {
					name = gf.Database() + "." + name
				}
				err = sql.ErrNonAggregatedColumnWithoutGroupBy.New(i+1, name)
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
