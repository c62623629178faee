package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// RuleTriggerTableInUse: see TriggerTableInUse. From the 11_361-11_369
// range.
const RuleTriggerTableInUse analyzer.RuleId = 11_361

// erCantUpdateUsedTableInSfOrTrg is MySQL's ER_CANT_UPDATE_USED_TABLE_IN_SF_OR_TRG.
const erCantUpdateUsedTableInSfOrTrg = 1442

// TriggerTableInUse makes a trigger's INSERT, UPDATE or DELETE of a table
// the firing statement reads fail with MySQL's 1442 when it runs, as
// MySQL's does when the substatement opens the table (INSERT INTO a SELECT
// ... FROM b with a trigger on a writing b). GMS refuses only a trigger
// writing its own table (or one an outer statement writes); the others ran,
// and the trigger's rows changed the table the statement was still
// reading. The write is refused when it would run, not when the statement
// is planned: a statement that fires no row, or a trigger branch not
// taken, succeeds as in MySQL.
func TriggerTableInUse(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch n.(type) {
	case *plan.Block, *plan.BeginEndBlock, *plan.TriggerBeginEndBlock:
		// A trigger or routine body analyzed on its own: each of its
		// statements is a statement of its own (a nested trigger's writes
		// conflict with what its firing statement uses, not with the
		// body's other statements; GMS's "double nested triggers" test).
		ch := n.Children()
		out := make([]sql.Node, len(ch))
		changed := false
		for i, c := range ch {
			nc, same, err := TriggerTableInUse(ctx, c)
			if err != nil {
				return nil, transform.SameTree, err
			}
			out[i] = nc
			changed = changed || same == transform.NewTree
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		nn, err := n.WithChildren(out...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	}
	hasTrigger := false
	var find func(n sql.Node) bool
	find = func(c sql.Node) bool {
		switch c := c.(type) {
		case *plan.TriggerExecutor:
			hasTrigger = true
		case *plan.InsertInto:
			if c.Source != nil {
				transform.Inspect(c.Source, find)
			}
		}
		return !hasTrigger
	}
	transform.Inspect(n, find)
	if !hasTrigger {
		return n, transform.SameTree, nil
	}
	used := map[string]bool{}
	statementTables(n, used)
	return refuseUsedWrites(n, used)
}

// refuseUsedWrites puts usedTableWrite in place of the writes of tables in
// used in the trigger bodies of n (an INSERT's source too, where BEFORE
// INSERT triggers run: it is not among the INSERT's children).
func refuseUsedWrites(n sql.Node, used map[string]bool) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if ii, ok := c.(*plan.InsertInto); ok && ii.Source != nil {
			src, same, err := refuseUsedWrites(ii.Source, used)
			if err != nil || same {
				return c, transform.SameTree, err
			}
			return ii.WithSource(src), transform.NewTree, nil
		}
		te, ok := c.(*plan.TriggerExecutor)
		if !ok {
			return c, transform.SameTree, nil
		}
		logic, same, err := transform.Node(te.Right(), func(w sql.Node) (sql.Node, transform.TreeIdentity, error) {
			var target sql.Node
			switch w := w.(type) {
			case *plan.InsertInto:
				target = w.Destination
			case *plan.Update, *plan.DeleteFrom:
				target = w
			default:
				return w, transform.SameTree, nil
			}
			rt := firstTable(target)
			if rt == nil || !used[tableKey(rt)] {
				return w, transform.SameTree, nil
			}
			return &usedTableWrite{orig: w, table: rt.Name()}, transform.NewTree, nil
		})
		if err != nil || same {
			return c, transform.SameTree, err
		}
		nc, err := te.WithChildren(te.Left(), logic)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nc, transform.NewTree, nil
	})
}

// statementTables adds the tables n reads or writes, outside trigger
// bodies, to used.
func statementTables(n sql.Node, used map[string]bool) {
	switch n := n.(type) {
	case *plan.TriggerExecutor:
		statementTables(n.Left(), used)
		return
	case sql.TableNode:
		used[tableKey(n)] = true
	case *plan.InsertInto:
		if n.Source != nil {
			statementTables(n.Source, used)
		}
	}
	if ex, ok := n.(sql.Expressioner); ok {
		for _, e := range ex.Expressions() {
			transform.InspectExpr(e, func(e sql.Expression) bool {
				if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
					statementTables(sq.Query, used)
				}
				return false
			})
		}
	}
	for _, c := range n.Children() {
		statementTables(c, used)
	}
}

// firstTable is the table a DML node writes (the first it holds).
func firstTable(n sql.Node) sql.TableNode {
	var rt sql.TableNode
	transform.Inspect(n, func(c sql.Node) bool {
		if t, ok := c.(sql.TableNode); ok && rt == nil {
			rt = t
		}
		return rt == nil
	})
	return rt
}

func tableKey(rt sql.TableNode) string {
	db := ""
	if d := rt.Database(); d != nil {
		db = d.Name()
	}
	return strings.ToLower(db) + "." + strings.ToLower(rt.Name())
}

// usedTableWrite stands for a trigger's write of a table its statement
// uses: running it is MySQL's 1442.
type usedTableWrite struct {
	orig  sql.Node
	table string
}

var _ sql.ExecSourceRel = (*usedTableWrite)(nil)

func (u *usedTableWrite) Resolved() bool       { return true }
func (u *usedTableWrite) IsReadOnly() bool     { return false }
func (u *usedTableWrite) String() string       { return "UsedTableWrite(" + u.orig.String() + ")" }
func (u *usedTableWrite) Schema() sql.Schema   { return u.orig.Schema() }
func (u *usedTableWrite) Children() []sql.Node { return nil }
func (u *usedTableWrite) WithChildren(ch ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(u, ch...)
}

func (u *usedTableWrite) RowIter(*sql.Context, sql.Row) (sql.RowIter, error) {
	return nil, mysql.NewSQLError(erCantUpdateUsedTableInSfOrTrg, "HY000",
		"Can't update table '%s' in stored function/trigger because it is already used by statement which invoked this stored function/trigger", u.table)
}
