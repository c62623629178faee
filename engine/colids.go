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

// filterOverSetOp re-points the fields of a filter above a UNION (or the
// GROUP BY that unionOnKeys made of one, and the union's own ORDER BY /
// LIMIT) at its column ids. GMS's filter pushdown leaves them with the ids of the union's first
// side, and assignExecIndexes then resolved them against the union's own
// ids: `n` in `SELECT * FROM (SELECT id AS o, n FROM a UNION ALL SELECT
// id, n FROM b) d WHERE n = 2` read column 0, and the rows with o = 2 came
// back.
func filterOverSetOp(f *plan.Filter) (sql.Node, bool) {
	var u *plan.SetOp
	for n := f.Child; u == nil; {
		switch c := n.(type) {
		case *plan.SetOp:
			u = c
		case *plan.GroupBy:
			s, ok := c.Child.(*plan.SetOp)
			if !ok {
				return f, false
			}
			u = s
		case *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN:
			// The union's own ORDER BY ... LIMIT, moved above it.
			n = c.Children()[0]
		default:
			return f, false
		}
	}
	ids := outputColumnIDs(f.Child)
	if len(ids) == 0 {
		return f, false
	}
	at := sideColumnIDs(u.Left(), len(ids))
	cond, same, err := transform.Expr(f.Expression, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		i, ok := at[gf.Id()]
		if !ok || ids[i] == 0 || ids[i] == gf.Id() {
			return e, transform.SameTree, nil
		}
		return gf.WithIndex(i).(*expression.GetField).WithId(ids[i]), transform.NewTree, nil
	})
	if err != nil || same == transform.SameTree {
		return f, false
	}
	return plan.NewFilter(cond, f.Child), true
}

// sideColumnIDs maps every column id that names column i of side n (its
// output, and down through the planner's conversion projections over it:
// `convert(o2a.c, char) as c` over `o2a.c`) to i.
func sideColumnIDs(n sql.Node, width int) map[sql.ColumnId]int {
	at := make(map[sql.ColumnId]int)
	pos := make([]int, width)
	for i := range pos {
		pos[i] = i
	}
	for depth := 0; depth < 8 && n != nil; depth++ {
		ids := outputColumnIDs(n)
		if len(ids) < len(pos) {
			break
		}
		for i, p := range pos {
			if p >= 0 && ids[p] != 0 {
				if _, seen := at[ids[p]]; !seen {
					at[ids[p]] = i
				}
			}
		}
		proj, ok := n.(*plan.Project)
		if !ok {
			break
		}
		child := outputColumnIDs(proj.Child)
		next := make([]int, len(pos))
		for i, p := range pos {
			next[i] = -1
			if p < 0 || p >= len(proj.Projections) {
				continue
			}
			e := proj.Projections[p]
			// Through the aliases and conversions (the planner's, and
			// sqlfunc's unionText) to the column they convert.
			for {
				if _, ok := e.(*expression.GetField); ok {
					break
				}
				cs := e.Children()
				if len(cs) != 1 {
					break
				}
				e = cs[0]
			}
			gf, ok := e.(*expression.GetField)
			if !ok {
				continue
			}
			for j, id := range child {
				if id == gf.Id() && id != 0 {
					next[i] = j
					break
				}
			}
			if _, seen := at[gf.Id()]; !seen && gf.Id() != 0 {
				at[gf.Id()] = i
			}
		}
		pos, n = next, proj.Child
	}
	return at
}
