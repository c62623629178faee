package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// joinUpdateTriggersID is from upd9's range 11_340-11_349.
const joinUpdateTriggersID analyzer.RuleId = 11_341

// refuseJoinUpdateTriggers refuses a multi-table UPDATE that changes a
// table with an UPDATE trigger. GMS looks for triggers only on the first
// table of the statement (analyzer.getTableName) and, when it finds one,
// evaluates the body over the whole joined row; a trigger on any other
// target never fired, so the rows were written without it (a BEFORE
// trigger's SET NEW.x was lost, an AFTER trigger's audit row missing).
// MySQL and MariaDB fire the target's triggers once per updated row. Until
// joinUpdate runs them per target row, the statement is refused (1235)
// rather than answered without them. A table whose schema has no triggers
// costs nothing: Database.GetTriggers answers from the schema's record.
// A trigger GMS wrongly applies to a table the statement only reads is
// dropped (dropJoinUpdateTrigger).
func refuseJoinUpdateTriggers(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var err error
	transform.Inspect(n, func(c sql.Node) bool {
		if err != nil {
			return false
		}
		var uj *plan.UpdateJoin
		switch c := c.(type) {
		case *plan.UpdateJoin:
			uj = c
		case *joinUpdate:
			uj = c.uj
		default:
			return true
		}
		err = joinTargetTriggers(ctx, uj)
		return err == nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return transform.Node(n, dropJoinUpdateTrigger)
}

// dropJoinUpdateTrigger removes an UPDATE TriggerExecutor GMS put around a
// multi-table UPDATE (AFTER) or its UpdateJoin (BEFORE). GMS picks the
// trigger by the first table of the planned join, which after join
// reordering can be a table the statement only reads: its trigger fired
// once per joined row, with the joined row as OLD/NEW. A target's trigger
// was refused above, so any left belongs to a table nothing updates, and
// MySQL fires none.
func dropJoinUpdateTrigger(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	te, ok := n.(*plan.TriggerExecutor)
	if !ok || te.TriggerEvent != plan.UpdateTrigger {
		return n, transform.SameTree, nil
	}
	switch l := te.Left().(type) {
	case *plan.UpdateJoin, *joinUpdate:
		return l, transform.NewTree, nil
	case *plan.Update:
		switch l.Child.(type) {
		case *plan.UpdateJoin, *joinUpdate:
			return l, transform.NewTree, nil
		}
	}
	return n, transform.SameTree, nil
}

// joinTargetTriggers is the 1235 for uj when one of its targets has an
// UPDATE trigger.
func joinTargetTriggers(ctx *sql.Context, uj *plan.UpdateJoin) error {
	var err error
	transform.Inspect(uj.Child, func(c sql.Node) bool {
		if err != nil {
			return false
		}
		nn, ok := c.(sql.NameableNode)
		if !ok {
			return true
		}
		if _, target := uj.Updaters[nn.Name()]; !target {
			return true
		}
		rt := resolvedUnder(c)
		if rt == nil {
			return true
		}
		var has bool
		has, err = hasUpdateTrigger(ctx, rt)
		if err == nil && has {
			err = mysql.NewSQLError(1235, "42000",
				"This version of MySQL doesn't yet support 'multi-table UPDATE of a table with UPDATE triggers'")
		}
		return false
	})
	return err
}

// resolvedUnder is the table n reads: n itself, or the table under an
// alias or an index access.
func resolvedUnder(n sql.Node) *plan.ResolvedTable {
	var rt *plan.ResolvedTable
	transform.Inspect(n, func(c sql.Node) bool {
		if rt != nil {
			return false
		}
		switch c := c.(type) {
		case *plan.ResolvedTable:
			rt = c
		case *plan.IndexedTableAccess:
			if r, ok := c.TableNode.(*plan.ResolvedTable); ok {
				rt = r
			}
		}
		return rt == nil
	})
	return rt
}

// hasUpdateTrigger says whether rt's table has a BEFORE or AFTER UPDATE
// trigger (a trigger lives in its table's schema).
func hasUpdateTrigger(ctx *sql.Context, rt *plan.ResolvedTable) (bool, error) {
	return hasTrigger(ctx, rt, sqlparser.UpdateStr)
}

// hasTrigger says whether rt's table has a BEFORE or AFTER trigger on event
// (sqlparser.InsertStr, UpdateStr or DeleteStr).
func hasTrigger(ctx *sql.Context, rt *plan.ResolvedTable, event string) (bool, error) {
	tdb, ok := rt.SqlDatabase.(sql.TriggerDatabase)
	if !ok {
		return false, nil
	}
	defs, err := tdb.GetTriggers(ctx)
	if err != nil {
		return false, err
	}
	for _, d := range defs {
		opts := sql.NewSqlModeFromString(d.SqlMode).ParserOptions()
		stmt, err := sqlparser.ParseWithOptions(ctx, d.CreateStatement, opts)
		if err != nil {
			return false, err
		}
		ddl, ok := stmt.(*sqlparser.DDL)
		if !ok || ddl.TriggerSpec == nil {
			continue
		}
		if strings.EqualFold(ddl.TriggerSpec.Event, event) && strings.EqualFold(ddl.Table.Name.String(), rt.Name()) {
			return true, nil
		}
	}
	return false, nil
}
