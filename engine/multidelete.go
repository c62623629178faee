package engine

import (
	"fmt"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// A DELETE with explicit targets (`DELETE a, b FROM a JOIN b ...`,
// `DELETE b FROM a JOIN b ...`) deletes each target's rows of the join,
// each row once, and fires each target's BEFORE and AFTER DELETE triggers
// once per row it deletes, OLD that row (MySQL's multi_delete). GMS v0.20
// refused any such statement whose target has DELETE triggers (1105
// "delete from with explicit target tables does not support triggers").
//
// GMS's delete iterator also deleted while the join was still reading:
// with b scanned and a looked up by key, `DELETE a, b FROM a JOIN b ON
// a.id = b.aid` deleted a's row with the first b row joined to it, and the
// next b row of that a found no a to join and stayed (2 rows deleted where
// MySQL deletes 3). MySQL deletes from the other tables only after the
// join (multi_delete buffers their row IDs); here the whole join is read
// before the first row is deleted (deleteAfterJoin).
//
// The triggers are planned as for jointrig.go's UPDATE targets: GMS's
// applyTriggers over a single-table DELETE of the target, its executors
// kept over a one-row source (trigRow) and run by the target's deleter
// (trigDeleter) around each row it deletes.

// wireDeleteTargets is n with each DELETE with explicit targets it holds
// made to read its join first and fire its targets' triggers; handled says
// whether n held one (GMS's applyTriggers is not to see it).
func wireDeleteTargets(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (out sql.Node, handled bool, err error) {
	out, _, err = transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		d, ok := c.(*plan.DeleteFrom)
		if !ok || !d.HasExplicitTargets() {
			return c, transform.SameTree, nil
		}
		handled = true
		nd, err := wireDelete(ctx, a, d, scope, qFlags)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nd, transform.NewTree, nil
	})
	return out, handled, err
}

func wireDelete(ctx *sql.Context, a *analyzer.Analyzer, d *plan.DeleteFrom, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, error) {
	targets := d.GetDeleteTargets()
	out := make([]sql.Node, len(targets))
	var used map[string]bool
	for i, t := range targets {
		out[i] = t
		if _, done := t.(*trigDeleteTarget); done {
			continue
		}
		rt := resolvedUnder(t)
		if rt == nil {
			continue
		}
		has, err := hasTrigger(ctx, rt, sqlparser.DeleteStr)
		if err != nil {
			return nil, err
		}
		if !has {
			continue
		}
		if keylessSchema(rt.Schema()) {
			// A keyless table's identical rows cannot be told from one
			// row joined twice: which of them fire is not known.
			return nil, mysql.NewSQLError(1235, "42000",
				"This version of MySQL doesn't yet support 'multi-table DELETE of a table without a primary key that has DELETE triggers'")
		}
		before, after, err := deleteTargetTriggers(ctx, a, rt, scope, qFlags)
		if err != nil {
			return nil, err
		}
		if before == nil && after == nil {
			continue
		}
		if used == nil {
			used = map[string]bool{}
			statementTables(d, used)
		}
		for _, chain := range []*sql.Node{&before, &after} {
			if *chain == nil {
				continue
			}
			if _, _, err := RefuseTriggerInsertSelect(ctx, *chain); err != nil {
				return nil, err
			}
			if *chain, _, err = refuseUsedWrites(*chain, used); err != nil {
				return nil, err
			}
		}
		out[i] = &trigDeleteTarget{Node: t, before: before, after: after}
	}
	nd := d.WithExplicitTargets(out)
	if _, done := nd.Child.(*deleteAfterJoin); done || relations(nd.Child) < 2 {
		return nd, nil
	}
	return nd.WithChildren(&deleteAfterJoin{child: nd.Child})
}

// relations counts the tables and derived tables n reads (not those of
// subquery expressions).
func relations(n sql.Node) int {
	count := 0
	transform.Inspect(n, func(c sql.Node) bool {
		switch c.(type) {
		case *plan.TableAlias, *plan.ResolvedTable, *plan.IndexedTableAccess, *plan.SubqueryAlias:
			count++
			return false
		}
		return true
	})
	return count
}

func keylessSchema(sch sql.Schema) bool {
	for _, c := range sch {
		if c.PrimaryKey {
			return false
		}
	}
	return true
}

// deleteTargetTriggers is the BEFORE and AFTER DELETE trigger executors GMS
// plans for a single-table DELETE of rt (nil when none), each chain over a
// trigRow.
func deleteTargetTriggers(ctx *sql.Context, a *analyzer.Analyzer, rt *plan.ResolvedTable, scope *plan.Scope, qFlags *sql.QueryFlags) (before, after sql.Node, err error) {
	if applyTriggersGMS == nil {
		return nil, nil, fmt.Errorf("deleteTargetTriggers: GMS's applyTriggers rule not found")
	}
	single := plan.NewDeleteFrom(rt, nil)
	flags := &sql.QueryFlags{}
	flags.Set(sql.QFlagDelete)
	out, _, err := applyTriggersInSchema(ctx, a, single, scope, analyzer.DefaultRuleSelector, flags)
	if err != nil {
		return nil, nil, err
	}
	if flags.IsSet(sql.QFlagTrigger) && qFlags != nil {
		qFlags.Set(sql.QFlagTrigger)
	}
	leaf := &trigRow{sch: rt.Schema()}
	del := underTriggers(out)
	nd, ok := del.(*plan.DeleteFrom)
	if !ok {
		return nil, nil, fmt.Errorf("deleteTargetTriggers: GMS planned %T, want *plan.DeleteFrom", del)
	}
	if after, err = onTrigRow(out, leaf, plan.DeleteTrigger); err != nil {
		return nil, nil, err
	}
	if before, err = onTrigRow(nd.Child, leaf, plan.DeleteTrigger); err != nil {
		return nil, nil, err
	}
	return before, after, nil
}

// trigDeleteTarget is a delete target whose deleter fires its triggers.
type trigDeleteTarget struct {
	sql.Node
	before, after sql.Node
}

var _ sql.DeletableTable = (*trigDeleteTarget)(nil)

func (t *trigDeleteTarget) deletable() sql.DeletableTable {
	del, err := plan.GetDeletable(t.Node)
	if err != nil {
		return nil
	}
	return del
}

func (t *trigDeleteTarget) Name() string {
	if del := t.deletable(); del != nil {
		return del.Name()
	}
	return ""
}

func (t *trigDeleteTarget) Collation() sql.CollationID {
	if del := t.deletable(); del != nil {
		return del.Collation()
	}
	return sql.Collation_Default
}

func (t *trigDeleteTarget) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	del, err := plan.GetDeletable(t.Node)
	if err != nil {
		return nil, err
	}
	return del.Partitions(ctx)
}

func (t *trigDeleteTarget) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	del, err := plan.GetDeletable(t.Node)
	if err != nil {
		return nil, err
	}
	return del.PartitionRows(ctx, p)
}

func (t *trigDeleteTarget) String() string       { return t.Node.String() }
func (t *trigDeleteTarget) Children() []sql.Node { return []sql.Node{t.Node} }

func (t *trigDeleteTarget) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	n := *t
	n.Node = children[0]
	return &n, nil
}

func (t *trigDeleteTarget) Deleter(ctx *sql.Context) sql.RowDeleter {
	del := t.deletable()
	if del == nil {
		return &failingDeleter{err: plan.ErrDeleteFromNotSupported.New()}
	}
	return &trigDeleter{RowDeleter: del.Deleter(ctx), t: t, seen: map[uint64]struct{}{}}
}

// trigDeleter deletes a target's row once, however many joined rows hold
// it, between its BEFORE and AFTER triggers.
type trigDeleter struct {
	sql.RowDeleter
	t    *trigDeleteTarget
	seen map[uint64]struct{}
	// deleted is whether the last row was deleted here: not when another
	// joined row had it, nor when DELETE IGNORE kept it for a foreign key
	// (planfix's deleter, Skipped). planfix's row count reads it through
	// LastDeleteFound.
	deleted bool
}

// skipper is planfix's DELETE IGNORE deleter, which keeps a row that a
// RESTRICT foreign key refers to (warning 1451) and says so.
type skipper interface{ Skipped() bool }

// LastDeleteFound is whether the last Delete deleted a row.
func (d *trigDeleter) LastDeleteFound() bool {
	if !d.deleted {
		return false
	}
	if f, ok := d.RowDeleter.(interface{ LastDeleteFound() bool }); ok {
		return f.LastDeleteFound()
	}
	return true
}

func (d *trigDeleter) Delete(ctx *sql.Context, row sql.Row) error {
	h, err := sql.HashOf(ctx, row)
	if err != nil {
		return err
	}
	d.deleted = false
	if _, dup := d.seen[h]; dup {
		return nil
	}
	d.seen[h] = struct{}{}
	if d.t.before != nil {
		if _, err := runTriggers(ctx, d.t.before, row); err != nil {
			return err
		}
	}
	if err := d.RowDeleter.Delete(ctx, row); err != nil {
		return err
	}
	if s, ok := d.RowDeleter.(skipper); ok && s.Skipped() {
		// MySQL's BEFORE trigger ran, the delete failed on the foreign
		// key and IGNORE made that a warning: no AFTER trigger.
		return nil
	}
	d.deleted = true
	if d.t.after != nil {
		if _, err := runTriggers(ctx, d.t.after, row); err != nil {
			return err
		}
	}
	return nil
}

// failingDeleter answers every call with err.
type failingDeleter struct{ err error }

func (f *failingDeleter) StatementBegin(*sql.Context)              {}
func (f *failingDeleter) DiscardChanges(*sql.Context, error) error { return nil }
func (f *failingDeleter) StatementComplete(*sql.Context) error     { return nil }
func (f *failingDeleter) Delete(*sql.Context, sql.Row) error       { return f.err }
func (f *failingDeleter) Close(*sql.Context) error                 { return nil }

// deleteAfterJoin reads its whole join before handing on the first row,
// so that no row is deleted while the join still reads the tables.
type deleteAfterJoin struct{ child sql.Node }

var _ sql.ExecSourceRel = (*deleteAfterJoin)(nil)

func (j *deleteAfterJoin) Resolved() bool       { return j.child.Resolved() }
func (j *deleteAfterJoin) IsReadOnly() bool     { return true }
func (j *deleteAfterJoin) String() string       { return j.child.String() }
func (j *deleteAfterJoin) Schema() sql.Schema   { return j.child.Schema() }
func (j *deleteAfterJoin) Children() []sql.Node { return []sql.Node{j.child} }

func (j *deleteAfterJoin) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return &deleteAfterJoin{child: children[0]}, nil
}

func (j *deleteAfterJoin) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, j.child, row)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			it.Close(ctx)
			return nil, err
		}
		rows = append(rows, r)
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(rows...), nil
}
