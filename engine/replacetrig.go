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
// GMS's insert iterator also answers each REPLACEd row as the last row it
// deleted followed by the new one, and that double row is what its AFTER
// INSERT trigger executors and its affected-rows counter are given: the
// trigger's NEW was the deleted row (its fields index the first half), and
// the counter added 1 for "some row was deleted", where MySQL adds one per
// deleted row (a row replacing two counts 3).
//
// wireReplaceDeletes (named when it wired DELETE triggers only) therefore
// gives every REPLACE a destination (trigReplaceDest)
// whose replacer runs the DELETE trigger chains around each Delete (the
// chains GMS plans for a single-table DELETE of the table,
// deleteTargetTriggers, as for multi-table DELETE targets) and tallies the
// rows it writes; puts replaceNewHalf under the AFTER INSERT trigger
// executors, so they see the new row; and puts replaceCount over the
// whole, which answers the OK result from the tally (replacecount.go).

func wireReplaceDeletes(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if te, ok := c.(*plan.TriggerExecutor); ok {
			return hoistReplaceCount(te)
		}
		ii, ok := c.(*plan.InsertInto)
		if !ok || !ii.IsReplace || len(ii.Returning) > 0 {
			return c, transform.SameTree, nil
		}
		if _, done := ii.Destination.(*trigReplaceDest); done {
			return c, transform.SameTree, nil
		}
		rt := resolvedUnder(ii.Destination)
		if rt == nil {
			return c, transform.SameTree, nil
		}
		nd := &trigReplaceDest{destNode: destNode{ii.Destination}, id: replaceIDs.Add(1)}
		has, err := hasTrigger(ctx, rt, sqlparser.DeleteStr)
		if err != nil {
			return nil, transform.SameTree, err
		}
		nd.delTriggers = has
		if has {
			before, after, err := deleteTargetTriggers(ctx, a, rt, scope, qFlags)
			if err != nil {
				return nil, transform.SameTree, err
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
			nd.before, nd.after = before, after
		}
		out := *ii
		out.Destination = nd
		return &replaceCount{child: &out, id: nd.id}, transform.NewTree, nil
	})
}

// hoistReplaceCount moves the replaceCount under an AFTER INSERT trigger
// executor of a REPLACE above it, the executor's rows becoming the new
// halves of the REPLACE's (replaceNewHalf, once, right over the insert).
func hoistReplaceCount(te *plan.TriggerExecutor) (sql.Node, transform.TreeIdentity, error) {
	rc, ok := te.Left().(*replaceCount)
	if !ok || te.TriggerEvent != plan.InsertTrigger || te.TriggerTime != plan.AfterTrigger {
		return te, transform.SameTree, nil
	}
	left := rc.child
	if !rc.underAfter {
		left = &replaceNewHalf{child: left}
	}
	nte, err := te.WithChildren(left, te.Right())
	if err != nil {
		return nil, transform.SameTree, err
	}
	return &replaceCount{child: nte, id: rc.id, underAfter: true}, transform.NewTree, nil
}

// trigReplaceDest is a REPLACE's destination whose replacer fires the
// table's DELETE triggers for each row it deletes and tallies the rows it
// writes.
type trigReplaceDest struct {
	destNode
	before, after sql.Node
	// delTriggers: the table has a DELETE trigger (before or after may
	// still be nil if GMS planned none).
	delTriggers bool
	// id names this REPLACE's tally in the executing context (replaceCount).
	id uint64
}

var _ sql.ReplaceableTable = (*trigReplaceDest)(nil)

func (t *trigReplaceDest) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	n := *t
	n.Node = children[0]
	return &n, nil
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
	return &trigReplacer{RowReplacer: rep.Replacer(ctx), t: t, tally: replaceTallyOf(ctx, t.id)}
}

// trigReplacer deletes a conflicting row between its DELETE triggers and
// counts the rows it inserts and deletes into tally (nil: not counted).
type trigReplacer struct {
	sql.RowReplacer
	t     *trigReplaceDest
	tally *replaceTally
	// deleted is the last row deleted for the row being inserted.
	deleted sql.Row
}

func (r *trigReplacer) Insert(ctx *sql.Context, row sql.Row) error {
	if err := r.RowReplacer.Insert(ctx, row); err != nil {
		return err
	}
	if r.tally != nil {
		r.tally.insertedRow(ctx, row)
		if r.deleted != nil && !r.t.delTriggers {
			same, err := replacedInPlaceUnchanged(ctx, r.t, r.deleted, row)
			if err != nil {
				return err
			}
			if same {
				r.tally.affected--
			}
		}
	}
	r.deleted = nil
	return nil
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
	if r.tally != nil {
		r.tally.affected++
	}
	r.deleted = row
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
