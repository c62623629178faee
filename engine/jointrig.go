package engine

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// joinUpdateTriggersID is from upd9's range 11_340-11_349.
const joinUpdateTriggersID analyzer.RuleId = 11_341

// A multi-table UPDATE fires each target table's BEFORE and AFTER UPDATE
// triggers once per target row it updates, OLD and NEW being that row, as
// MySQL's multi_update does (an AFTER trigger fires for a row left
// unchanged too). GMS v0.20 looks for triggers only on the first table of
// the planned join (analyzer.getTableName) and runs them over the whole
// joined row; a trigger on any other target never fired.
//
// The trigger bodies are planned by GMS itself: joinTargetTriggers hands
// GMS's applyTriggers rule the single-table UPDATE of the target and keeps
// the TriggerExecutors it puts around it (BEFORE ones around its source,
// AFTER ones around the update), so a body is analyzed, and runs, exactly
// as for `UPDATE t SET ...` (OLD/NEW the table's row, BEGIN ... END,
// SIGNAL, nested triggers, the savepoint that undoes a failed statement).
// The executors then run over a one-row source holding the target's part
// of the joined row (trigRow): the BEFORE ones in joinUpdate's iterator as
// it hands the target row on (their NEW is what is written), the AFTER
// ones in the target's RowUpdater (trigUpdater) once the row is written,
// or in the iterator for a row the statement leaves unchanged (nothing is
// written for it). Kept in the target's updater rather than in the plan
// tree, the executors survive every copy GMS and Myriad's rules make of
// the UpdateJoin, and no later rule walks into them (GMS's trigger
// execution would put the joined row in front of their bodies' scans).

// joinUpdateTriggers is the rule: it drops the executors GMS put on a
// multi-table UPDATE (dropJoinUpdateTrigger) and wires each target's
// triggers into its updater. It runs before ExactUpdates, which puts the
// joinUpdate in place.
func joinUpdateTriggers(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		c, same, err := dropJoinUpdateTrigger(c)
		if err != nil {
			return nil, transform.SameTree, err
		}
		u, ok := c.(*plan.Update)
		if !ok {
			return c, same, nil
		}
		var uj *plan.UpdateJoin
		switch ch := u.Child.(type) {
		case *plan.UpdateJoin:
			uj = ch
		case *joinUpdate:
			uj = ch.uj
		default:
			return c, same, nil
		}
		nuj, err := wireJoinTriggers(ctx, a, u, uj, scope, qFlags)
		if err != nil || nuj == nil {
			return c, same, err
		}
		var child sql.Node = nuj
		if _, ok := u.Child.(*joinUpdate); ok {
			child = &joinUpdate{uj: nuj}
		}
		nu, err := u.WithChildren(child)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nu, transform.NewTree, nil
	})
}

// dropJoinUpdateTrigger removes an UPDATE TriggerExecutor GMS put around a
// multi-table UPDATE (AFTER) or its UpdateJoin (BEFORE). GMS picks the
// trigger by the first table of the planned join, which can be a table the
// statement only reads (MySQL fires none for it), and runs it with the
// joined row as OLD/NEW; a target's triggers are wired by wireJoinTriggers.
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

// refuseJoinTriggers is the 1235 for a triggered target whose row cannot
// be told apart in the joined row.
func refuseJoinTriggers() error {
	return mysql.NewSQLError(1235, "42000",
		"This version of MySQL doesn't yet support 'multi-table UPDATE of a table with UPDATE triggers'")
}

// wireJoinTriggers is uj with the updater of each target that has UPDATE
// triggers wrapped in a trigUpdater, or nil when no target needs one.
func wireJoinTriggers(ctx *sql.Context, a *analyzer.Analyzer, u *plan.Update, uj *plan.UpdateJoin, scope *plan.Scope, qFlags *sql.QueryFlags) (*plan.UpdateJoin, error) {
	var updaters map[string]sql.RowUpdater
	var used map[string]bool
	for name, up := range uj.Updaters {
		if _, done := up.(*trigUpdater); done {
			continue
		}
		rt := targetTable(uj.Child, name)
		if rt == nil {
			continue
		}
		has, err := hasTrigger(ctx, rt, sqlparser.UpdateStr)
		if err != nil {
			return nil, err
		}
		if !has {
			continue
		}
		src, ok := uj.Child.(*plan.UpdateSource)
		if !ok || !targetPartIsTable(src.Child.Schema(), name, rt.Schema()) {
			return nil, refuseJoinTriggers()
		}
		before, after, err := joinTargetTriggers(ctx, a, rt, scope, qFlags)
		if err != nil {
			return nil, err
		}
		if before == nil && after == nil {
			continue
		}
		// These executors are out of the reach of the rules that check the
		// ones in a plan, so they are applied here: a trigger writing a
		// table the statement reads is MySQL's 1442 when it runs
		// (trigused.go); an INSERT ... SELECT GMS runs wrongly in a
		// trigger is refused (trigsel.go).
		for _, chain := range []sql.Node{before, after} {
			if chain == nil {
				continue
			}
			if _, _, err := RefuseTriggerInsertSelect(ctx, chain); err != nil {
				return nil, err
			}
		}
		if used == nil {
			used = map[string]bool{}
			statementTables(u, used)
		}
		if before != nil {
			if before, _, err = refuseUsedWrites(before, used); err != nil {
				return nil, err
			}
		}
		if after != nil {
			if after, _, err = refuseUsedWrites(after, used); err != nil {
				return nil, err
			}
		}
		if updaters == nil {
			updaters = make(map[string]sql.RowUpdater, len(uj.Updaters))
			for k, v := range uj.Updaters {
				updaters[k] = v
			}
		}
		updaters[name] = &trigUpdater{RowUpdater: up, before: before, after: after, table: rt.Schema()}
	}
	if updaters == nil {
		return nil, nil
	}
	return plan.NewUpdateJoin(updaters, uj.Child), nil
}

// targetTable is the table of the target named name (an alias or a
// table's name) in n.
func targetTable(n sql.Node, name string) *plan.ResolvedTable {
	var rt *plan.ResolvedTable
	transform.Inspect(n, func(c sql.Node) bool {
		if rt != nil {
			return false
		}
		nn, ok := c.(sql.NameableNode)
		if !ok || !strings.EqualFold(nn.Name(), name) {
			return true
		}
		if _, sq := c.(*plan.SubqueryAlias); sq {
			return false
		}
		rt = resolvedUnder(c)
		return false
	})
	return rt
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

// targetPartIsTable says whether the columns of target in the joined
// row's schema are, in one run, the table's columns in its order: the
// trigger bodies index OLD and NEW by the table's schema.
func targetPartIsTable(joinSch sql.Schema, target string, tableSch sql.Schema) bool {
	start, end := joinPart(joinSch, target)
	if start < 0 || end-start != len(tableSch) {
		return false
	}
	for i, c := range joinSch[start:end] {
		if !strings.EqualFold(c.Source, target) || !strings.EqualFold(c.Name, tableSch[i].Name) {
			return false
		}
	}
	return true
}

// joinPart is the first and one past the last column of target in a
// joined row's schema (start -1: none).
func joinPart(sch sql.Schema, target string) (start, end int) {
	start = -1
	for i, c := range sch {
		if strings.EqualFold(c.Source, target) {
			if start < 0 {
				start = i
			}
			end = i + 1
		}
	}
	return start, end
}

// joinTargetTriggers is the BEFORE and AFTER UPDATE trigger executors GMS
// plans for a single-table UPDATE of rt (nil when none), each chain over a
// trigRow in place of the rows GMS's would read.
func joinTargetTriggers(ctx *sql.Context, a *analyzer.Analyzer, rt *plan.ResolvedTable, scope *plan.Scope, qFlags *sql.QueryFlags) (before, after sql.Node, err error) {
	if applyTriggersGMS == nil {
		return nil, nil, refuseJoinTriggers()
	}
	single := plan.NewUpdate(rt, false, nil)
	flags := &sql.QueryFlags{}
	flags.Set(sql.QFlagUpdate)
	out, _, err := applyTriggersInSchema(ctx, a, single, scope, analyzer.DefaultRuleSelector, flags)
	if err != nil {
		return nil, nil, err
	}
	// GMS sets it for a statement with triggers: the statement then runs
	// under a savepoint that a failing trigger rolls back to.
	if flags.IsSet(sql.QFlagTrigger) && qFlags != nil {
		qFlags.Set(sql.QFlagTrigger)
	}
	leaf := &trigRow{sch: single.Child.Schema()}
	upd := underTriggers(out)
	nu, ok := upd.(*plan.Update)
	if !ok {
		return nil, nil, fmt.Errorf("joinTargetTriggers: GMS planned %T, want *plan.Update", upd)
	}
	if after, err = onTrigRow(out, leaf, plan.UpdateTrigger); err != nil {
		return nil, nil, err
	}
	if before, err = onTrigRow(nu.Child, leaf, plan.UpdateTrigger); err != nil {
		return nil, nil, err
	}
	return before, after, nil
}

// onTrigRow is the chain of event's TriggerExecutors at the top of n with
// leaf in place of what the innermost one runs over (nil: n is no
// executor).
func onTrigRow(n sql.Node, leaf sql.Node, event plan.TriggerEvent) (sql.Node, error) {
	te, ok := n.(*plan.TriggerExecutor)
	if !ok || te.TriggerEvent != event {
		return nil, nil
	}
	left, err := onTrigRow(te.Left(), leaf, event)
	if err != nil {
		return nil, err
	}
	if left == nil {
		left = leaf
	}
	return te.WithChildren(left, te.Right())
}

// trigRow is the row a trigger chain runs over: GMS's trigger executor
// builds its child with the row it is built with, which runTriggers makes
// the target's old and new values.
type trigRow struct{ sch sql.Schema }

var _ sql.ExecSourceRel = (*trigRow)(nil)

func (r *trigRow) Resolved() bool       { return true }
func (r *trigRow) IsReadOnly() bool     { return true }
func (r *trigRow) String() string       { return "TriggerRow" }
func (r *trigRow) Schema() sql.Schema   { return r.sch }
func (r *trigRow) Children() []sql.Node { return nil }
func (r *trigRow) WithChildren(children ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(r, children...)
}

func (r *trigRow) RowIter(_ *sql.Context, row sql.Row) (sql.RowIter, error) {
	return sql.RowsToRowIter(row), nil
}

// runTriggers runs the chain over the target's old and new values and
// returns the row it ends with (a BEFORE trigger's NEW is in its second
// half).
func runTriggers(ctx *sql.Context, chain sql.Node, oldNew sql.Row) (sql.Row, error) {
	// A trigger's AUTO_INCREMENT values are not the statement's (triglid.go).
	lid := ctx.Session.GetLastQueryInfoInt(sql.LastInsertId)
	defer ctx.SetLastQueryInfoInt(sql.LastInsertId, lid)
	it, err := rowexec.DefaultBuilder.Build(ctx, chain, oldNew)
	if err != nil {
		return nil, err
	}
	out := oldNew
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			it.Close(ctx)
			return nil, err
		}
		out = r
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	if len(out) != len(oldNew) {
		return nil, fmt.Errorf("joinUpdate: trigger row of %d values, want %d", len(out), len(oldNew))
	}
	return out, nil
}

// trigUpdater is a target's updater with its triggers: the AFTER ones run
// once the row is written.
type trigUpdater struct {
	sql.RowUpdater
	before, after sql.Node
	table         sql.Schema // the target's
}

func (u *trigUpdater) Update(ctx *sql.Context, old, new sql.Row) error {
	if err := u.RowUpdater.Update(ctx, old, new); err != nil {
		return err
	}
	return u.fireAfter(ctx, old, new)
}

func (u *trigUpdater) fireAfter(ctx *sql.Context, old, new sql.Row) error {
	if u.after == nil {
		return nil
	}
	oldNew := make(sql.Row, 0, len(old)+len(new))
	oldNew = append(append(oldNew, old...), new...)
	_, err := runTriggers(ctx, u.after, oldNew)
	return err
}

// underTriggers is the node GMS's trigger executors wrap (a statement with
// BEFORE and AFTER triggers nests them), shared by the multi-table UPDATE
// and DELETE trigger paths.
func underTriggers(n sql.Node) sql.Node {
	for {
		te, ok := n.(*plan.TriggerExecutor)
		if !ok {
			return n
		}
		n = te.Left()
	}
}
