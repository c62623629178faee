package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// REPLACE deletes each existing row its new row conflicts with (one per
// unique key it collides on) before inserting it, and MySQL fires the
// table's BEFORE and AFTER DELETE triggers around each such delete, OLD
// the deleted row (sql_insert.cc write_record: with DELETE triggers it
// never updates in place; the manual's REPLACE page: "if a row is deleted,
// DELETE triggers fire"), so the order per row is BEFORE INSERT, then per
// conflict BEFORE DELETE, delete, AFTER DELETE, then the insert and AFTER
// INSERT. GMS's applyTriggers plans only the INSERT triggers of a REPLACE,
// and its insert iterator deletes the conflicting rows through the
// destination's replacer: no DELETE trigger fired.
//
// wireReplaceDeletes gives such a REPLACE a destination (trigReplaceDest)
// whose replacer runs the DELETE trigger chains around each Delete; the
// chains are those GMS plans for a single-table DELETE of the table
// (deleteTargetTriggers, as for multi-table DELETE targets). The affected
// count stays GMS's (1 per inserted row, plus 1 per deleted row).

func wireReplaceDeletes(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ii, ok := c.(*plan.InsertInto)
		if !ok || !ii.IsReplace {
			return c, transform.SameTree, nil
		}
		if _, done := ii.Destination.(*trigReplaceDest); done {
			return c, transform.SameTree, nil
		}
		rt := resolvedUnder(ii.Destination)
		if rt == nil {
			return c, transform.SameTree, nil
		}
		has, err := hasTrigger(ctx, rt, sqlparser.DeleteStr)
		if err != nil || !has {
			return c, transform.SameTree, err
		}
		before, after, err := deleteTargetTriggers(ctx, a, rt, scope, qFlags)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if before == nil && after == nil {
			return c, transform.SameTree, nil
		}
		used := map[string]bool{}
		statementTables(ii, used)
		for _, chain := range []*sql.Node{&before, &after} {
			if *chain == nil {
				continue
			}
			if _, _, err := RefuseTriggerInsertSelect(ctx, *chain); err != nil {
				return nil, transform.SameTree, err
			}
			if *chain, _, err = refuseUsedWrites(*chain, used); err != nil {
				return nil, transform.SameTree, err
			}
		}
		nd := &trigReplaceDest{Node: ii.Destination, before: before, after: after}
		out := *ii
		out.Destination = nd
		return &out, transform.NewTree, nil
	})
}

// trigReplaceDest is a REPLACE's destination whose replacer fires the
// table's DELETE triggers for each row it deletes.
type trigReplaceDest struct {
	sql.Node
	before, after sql.Node
}

var _ sql.ReplaceableTable = (*trigReplaceDest)(nil)

func (t *trigReplaceDest) insertable() (sql.InsertableTable, error) {
	return plan.GetInsertable(t.Node)
}

func (t *trigReplaceDest) Name() string {
	if ins, err := t.insertable(); err == nil {
		return ins.Name()
	}
	return ""
}

func (t *trigReplaceDest) Collation() sql.CollationID {
	if ins, err := t.insertable(); err == nil {
		return ins.Collation()
	}
	return sql.Collation_Default
}

func (t *trigReplaceDest) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	ins, err := t.insertable()
	if err != nil {
		return nil, err
	}
	return ins.Partitions(ctx)
}

func (t *trigReplaceDest) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	ins, err := t.insertable()
	if err != nil {
		return nil, err
	}
	return ins.PartitionRows(ctx, p)
}

func (t *trigReplaceDest) String() string       { return t.Node.String() }
func (t *trigReplaceDest) Children() []sql.Node { return []sql.Node{t.Node} }

func (t *trigReplaceDest) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	n := *t
	n.Node = children[0]
	return &n, nil
}

func (t *trigReplaceDest) Inserter(ctx *sql.Context) sql.RowInserter {
	ins, err := t.insertable()
	if err != nil {
		return &failingReplacer{err: err}
	}
	return ins.Inserter(ctx)
}

func (t *trigReplaceDest) Replacer(ctx *sql.Context) sql.RowReplacer {
	ins, err := t.insertable()
	if err != nil {
		return &failingReplacer{err: err}
	}
	rep, ok := ins.(sql.ReplaceableTable)
	if !ok {
		return &failingReplacer{err: plan.ErrReplaceIntoNotSupported.New()}
	}
	return &trigReplacer{RowReplacer: rep.Replacer(ctx), t: t}
}

// trigReplacer deletes a conflicting row between its DELETE triggers.
type trigReplacer struct {
	sql.RowReplacer
	t *trigReplaceDest
}

func (r *trigReplacer) Delete(ctx *sql.Context, row sql.Row) error {
	if r.t.before != nil {
		if _, err := runTriggers(ctx, r.t.before, row); err != nil {
			return err
		}
	}
	if err := r.RowReplacer.Delete(ctx, row); err != nil {
		return err
	}
	if r.t.after != nil {
		if _, err := runTriggers(ctx, r.t.after, row); err != nil {
			return err
		}
	}
	return nil
}

// failingReplacer answers every call with err.
type failingReplacer struct{ err error }

func (f *failingReplacer) StatementBegin(*sql.Context)              {}
func (f *failingReplacer) DiscardChanges(*sql.Context, error) error { return nil }
func (f *failingReplacer) StatementComplete(*sql.Context) error     { return nil }
func (f *failingReplacer) Insert(*sql.Context, sql.Row) error       { return f.err }
func (f *failingReplacer) Delete(*sql.Context, sql.Row) error       { return f.err }
func (f *failingReplacer) Close(*sql.Context) error                 { return nil }
