package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// unionOrderByConstant: a UNION's ORDER BY naming a column whose left side
// is an unaliased constant (`SELECT NULL, NULL ... UNION ALL SELECT v, i
// ... ORDER BY 1, 2`, `SELECT 2 UNION ALL SELECT 1 ORDER BY 1`) sorts by
// that column's values, NULLs first ascending. GMS's planner resolves such
// an ORDER BY item to the left projection's expression itself, the
// constant, so every row had the same key and the rows came out unsorted.
// The item is found among the left side's projections by identity (two
// NULL columns are two expressions) and becomes a read of that column of
// the union's row.
func unionOrderByConstant(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		so, ok := n.(*plan.SetOp)
		if !ok || len(so.SortFields) == 0 {
			return n, transform.SameTree, nil
		}
		var fields sql.SortFields
		for i, sf := range so.SortFields {
			if hasGetField(sf.Column) {
				continue
			}
			idx := leftColumnOf(so.Left(), sf.Column)
			if idx < 0 {
				continue
			}
			if fields == nil {
				fields = append(sql.SortFields(nil), so.SortFields...)
			}
			sch := so.Schema()
			fields[i].Column = &unionColumn{idx: idx, typ: sch[idx].Type, name: sf.Column.String()}
		}
		if fields == nil {
			return n, transform.SameTree, nil
		}
		ns := *so
		ns.SortFields = fields
		return &ns, transform.NewTree, nil
	})
}

func hasGetField(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		_, ok := e.(*expression.GetField)
		return ok
	})
}

// leftColumnOf is the position of e among the columns of a set operation's
// left side n (e itself, or aliased), -1 when e is none of them.
func leftColumnOf(n sql.Node, e sql.Expression) int {
	for n != nil {
		switch x := n.(type) {
		case *plan.SetOp:
			n = x.Left()
		case *plan.Project:
			for i, p := range x.Projections {
				if sameExpr(p, e) || isAliasOf(p, e) {
					return i
				}
			}
			n = x.Child
		default:
			return -1
		}
	}
	return -1
}

func isAliasOf(p, e sql.Expression) bool {
	a, ok := p.(*expression.Alias)
	return ok && sameExpr(a.Child, e)
}

// sameExpr is identity for the pointer expressions GMS builds literals and
// operators as; expressions of other kinds (not comparable) are never the
// same.
func sameExpr(a, b sql.Expression) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// unionColumn reads column idx of a set operation's row.
type unionColumn struct {
	idx  int
	typ  sql.Type
	name string
}

var _ sql.Expression = (*unionColumn)(nil)

func (u *unionColumn) Resolved() bool             { return true }
func (u *unionColumn) IsNullable() bool           { return true }
func (u *unionColumn) Type() sql.Type             { return u.typ }
func (u *unionColumn) Children() []sql.Expression { return nil }
func (u *unionColumn) String() string             { return u.name }
func (u *unionColumn) DebugString() string        { return fmt.Sprintf("unionColumn(%d, %s)", u.idx, u.name) }
func (u *unionColumn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(u, len(children), 0)
	}
	return u, nil
}

func (u *unionColumn) Eval(_ *sql.Context, row sql.Row) (any, error) {
	if u.idx >= len(row) {
		return nil, fmt.Errorf("union ORDER BY column %d of a %d-column row", u.idx+1, len(row))
	}
	return row[u.idx], nil
}
