package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// columnField reads column i of n's output. GMS's GetField constructors set
// the column id to the row index, and GMS's assignExecIndexes later
// re-resolves every field by its id: a field built for index 1 then reads
// whichever column of the child has id 1 — `SELECT * FROM (SELECT 'a' k, 1
// v UNION SELECT 'b', 2) t` answered ('a', 'a'), ('b', 'b'). So the field
// gets the id the child really gives column i, or none (0: resolved by
// name) when the child's ids are unknown.
func columnField(n sql.Node, i int, c *sql.Column) *expression.GetField {
	gf := expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
	var id sql.ColumnId
	if ids := outputColumnIDs(n); i < len(ids) {
		id = ids[i]
	}
	return gf.WithId(id).(*expression.GetField)
}

// outputColumnIDs are the column ids of n's output columns as GMS's
// assignExecIndexes sees them (its columnIdsForNode is unexported), or nil
// when they cannot be told.
func outputColumnIDs(n sql.Node) []sql.ColumnId {
	switch n := n.(type) {
	case sql.Projector:
		exprs := n.ProjectedExprs()
		ids := make([]sql.ColumnId, len(exprs))
		for i, e := range exprs {
			if ide, ok := e.(sql.IdExpression); ok {
				ids[i] = ide.Id()
			}
		}
		return ids
	case plan.TableIdNode:
		// Tables, table aliases, and a UNION (its own column set).
		var ids []sql.ColumnId
		n.Columns().ForEach(func(c sql.ColumnId) { ids = append(ids, c) })
		if len(ids) != len(n.Schema()) {
			return nil
		}
		return ids
	case *plan.Distinct, *plan.OrderedDistinct, *plan.Sort, *plan.TopN, *plan.Limit, *plan.Offset,
		*plan.Filter, *plan.Having:
		if cs := n.Children(); len(cs) == 1 {
			return outputColumnIDs(cs[0])
		}
	}
	return nil
}

// sortFieldsOver re-points fields, u's own ORDER BY, at sel, the fields of the node
// that replaced u: the planner resolved them against u's first side (its
// column ids), and above the replacement they must name sel's ids, or
// assignExecIndexes resolves them to another column.
func sortFieldsOver(u *plan.SetOp, fields sql.SortFields, sel []sql.Expression) sql.SortFields {
	if len(fields) == 0 {
		return fields
	}
	left := outputColumnIDs(u.Left())
	at := make(map[sql.ColumnId]int, len(left))
	for i, id := range left {
		if id != 0 {
			at[id] = i
		}
	}
	out := make(sql.SortFields, len(fields))
	for k, f := range fields {
		ne, _, _ := transform.Expr(f.Column, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			gf, ok := e.(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			i, ok := at[gf.Id()]
			if !ok || i >= len(sel) {
				return e, transform.SameTree, nil
			}
			s, ok := sel[i].(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			return gf.WithIndex(i).(*expression.GetField).WithId(s.Id()), transform.NewTree, nil
		})
		out[k] = f
		out[k].Column = ne
	}
	return out
}
