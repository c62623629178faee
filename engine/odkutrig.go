package engine

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// INSERT ... ON DUPLICATE KEY UPDATE fires, for a row that hits a
// duplicate key, the table's BEFORE INSERT triggers (NEW the proposed row),
// then BEFORE UPDATE (OLD the stored row, NEW the updated one, which the
// trigger may change and which is what is written), then AFTER UPDATE, and
// no AFTER INSERT trigger (MySQL 8.0 sql_insert.cc write_record, DUP_UPDATE:
// fill_record_n_invoke_before_triggers with TRG_EVENT_UPDATE, then
// process_triggers(TRG_EVENT_UPDATE, TRG_ACTION_AFTER) outside the
// is_row_changed block, so both UPDATE triggers fire for a row the update
// leaves as it was; MariaDB 10.11 does the same). GMS's applyTriggers
// plans only the INSERT triggers of an INSERT, and its insert iterator
// answers an updated row as stored row + updated row, which its AFTER
// INSERT trigger executors took for an inserted row whose NEW was the
// first half, the stored row.
//
// wireODKUTriggers therefore gives an ODKU into a table with INSERT or
// UPDATE triggers a destination (trigODKUDest) whose updater runs the
// UPDATE trigger chains GMS plans for a single-table UPDATE of the table
// (joinTargetTriggers, as for multi-table UPDATE targets) around each
// update, and counts it; puts odkuInserted right over the insert, which
// hands on only the inserted rows (so the AFTER INSERT executors above it
// see no updated row) and counts them; and puts odkuTrigCount over the
// whole, which answers the OK result from the count. The updater decides
// whether an update changed the row after the BEFORE UPDATE triggers, as
// MySQL's compare_records does, bytewise (sameRecord).

// odkuIDs numbers the ODKU statements with triggers planned by the process:
// the count is kept in the executing context, so that a cached plan shared
// by sessions keeps none of its own.
var odkuIDs atomic.Uint64

type odkuTallyKey struct{ id uint64 }

// odkuTally is one execution's affected-row count of an ODKU.
type odkuTally struct{ affected int64 }

func odkuTallyOf(ctx *sql.Context, id uint64) *odkuTally {
	if ctx == nil || ctx.Context == nil {
		return nil
	}
	t, _ := ctx.Value(odkuTallyKey{id}).(*odkuTally)
	return t
}

func wireODKUTriggers(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if te, ok := c.(*plan.TriggerExecutor); ok {
			return hoistODKUCount(te)
		}
		ii, ok := c.(*plan.InsertInto)
		if !ok || ii.IsReplace || len(ii.OnDupExprs) == 0 || len(ii.Returning) > 0 {
			return c, transform.SameTree, nil
		}
		if _, done := ii.Destination.(*trigODKUDest); done {
			return c, transform.SameTree, nil
		}
		rt := resolvedUnder(ii.Destination)
		if rt == nil {
			return c, transform.SameTree, nil
		}
		hasIns, err := hasTrigger(ctx, rt, sqlparser.InsertStr)
		if err != nil {
			return nil, transform.SameTree, err
		}
		hasUpd, err := hasTrigger(ctx, rt, sqlparser.UpdateStr)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !hasIns && !hasUpd {
			// odku.go counts it when it needs to.
			return c, transform.SameTree, nil
		}
		nd := &trigODKUDest{destNode: destNode{ii.Destination}, id: odkuIDs.Add(1), table: rt.Schema(), checks: ii.Checks(), ignore: ii.Ignore, nullErr: nullIsError(ii)}
		if hasUpd {
			before, after, err := joinTargetTriggers(ctx, a, rt, scope, qFlags)
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
		return &odkuTrigCount{child: &odkuInserted{child: &out, id: nd.id, width: len(nd.table)}, id: nd.id}, transform.NewTree, nil
	})
}

// hoistODKUCount moves the odkuTrigCount under an AFTER INSERT trigger
// executor of an ODKU above it.
func hoistODKUCount(te *plan.TriggerExecutor) (sql.Node, transform.TreeIdentity, error) {
	oc, ok := te.Left().(*odkuTrigCount)
	if !ok || te.TriggerEvent != plan.InsertTrigger || te.TriggerTime != plan.AfterTrigger {
		return te, transform.SameTree, nil
	}
	nte, err := te.WithChildren(oc.child, te.Right())
	if err != nil {
		return nil, transform.SameTree, err
	}
	return &odkuTrigCount{child: nte, id: oc.id}, transform.NewTree, nil
}

// trigODKUDest is an ODKU's destination whose updater fires the table's
// UPDATE triggers around each update and counts it.
type trigODKUDest struct {
	destNode
	before, after sql.Node // nil: no such trigger
	table         sql.Schema
	id            uint64
	// checks and ignore are the INSERT's: the CHECK constraints a row the
	// BEFORE UPDATE triggers changed must pass, and INSERT IGNORE.
	checks sql.CheckConstraints
	ignore bool
	// nullErr: a single-row INSERT, whose NULL for a NOT NULL column is
	// 1048 even without a strict sql_mode (see nullIsError).
	nullErr bool
}

var (
	_ sql.InsertableTable = (*trigODKUDest)(nil)
	_ sql.UpdatableTable  = (*trigODKUDest)(nil)
)

func (t *trigODKUDest) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	n := *t
	n.Node = children[0]
	return &n, nil
}

func (t *trigODKUDest) Updater(ctx *sql.Context) sql.RowUpdater {
	ins, err := t.insertable()
	if err != nil {
		return &failingUpdater{err: err}
	}
	up, ok := ins.(sql.UpdatableTable)
	if !ok {
		return &failingUpdater{err: plan.ErrUpdateNotSupported.New()}
	}
	return &odkuUpdater{RowUpdater: up.Updater(ctx), t: t, tally: odkuTallyOf(ctx, t.id),
		foundRows: ctx.Client().Capabilities&mysql.CapabilityClientFoundRows != 0}
}

// odkuUpdater writes an ODKU's update between the table's UPDATE triggers
// and counts it: 2 when the row changed, else 0 (1 with CLIENT_FOUND_ROWS).
type odkuUpdater struct {
	sql.RowUpdater
	t         *trigODKUDest
	tally     *odkuTally
	foundRows bool
}

func (u *odkuUpdater) Update(ctx *sql.Context, old, new sql.Row) error {
	oldNew := make(sql.Row, 0, len(old)+len(new))
	oldNew = append(append(oldNew, old...), new...)
	if u.t.before != nil {
		out, err := runTriggers(ctx, u.t.before, oldNew)
		if err != nil {
			return err
		}
		oldNew = out
		new = out[len(old):]
	}
	// Also without a BEFORE UPDATE trigger: GMS checks NOT NULL on the
	// inserted row only, not on the update.
	if err := u.notNull(ctx, new); err != nil {
		return err
	}
	same, err := sameRecord(ctx, u.t.table, old, new)
	if err != nil {
		return err
	}
	if !same && u.t.before != nil {
		// GMS checked the row before the BEFORE UPDATE triggers changed
		// it; MySQL checks a changed row after them
		// (invoke_table_check_constraints in write_record).
		for _, check := range u.t.checks {
			if !check.Enforced {
				continue
			}
			res, err := sql.EvaluateCondition(ctx, check.Expr, new)
			if err != nil {
				return err
			}
			if sql.IsFalse(res) {
				return sql.ErrCheckConstraintViolated.New(check.Name)
			}
		}
	}
	// MySQL skips the write of an unchanged row (compare_records).
	if !same {
		if err := u.RowUpdater.Update(ctx, old, new); err != nil {
			return err
		}
	}
	if u.tally != nil {
		switch {
		case !same:
			u.tally.affected += 2
		case u.foundRows:
			u.tally.affected++
		}
	}
	if u.t.after != nil {
		if _, err := runTriggers(ctx, u.t.after, oldNew); err != nil {
			return err
		}
	}
	return nil
}

// notNull refuses a NULL the update or a BEFORE UPDATE trigger put in a
// NOT NULL column (1048), or, under IGNORE or without a strict sql_mode, stores the
// column's zero value with a warning, as MySQL does for an UPDATE.
func (u *odkuUpdater) notNull(ctx *sql.Context, row sql.Row) error {
	for i, col := range u.t.table {
		if col.Nullable || i >= len(row) || row[i] != nil {
			continue
		}
		if (strictMode(ctx) || u.t.nullErr) && !u.t.ignore {
			return sql.ErrInsertIntoNonNullableProvidedNull.New(col.Name)
		}
		row[i] = col.Type.Zero()
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1048, Message: fmt.Sprintf("Column '%s' cannot be null", col.Name)})
	}
	return nil
}

// failingUpdater answers every call with err.
type failingUpdater struct{ err error }

func (f *failingUpdater) StatementBegin(*sql.Context)              {}
func (f *failingUpdater) DiscardChanges(*sql.Context, error) error { return nil }
func (f *failingUpdater) StatementComplete(*sql.Context) error     { return nil }
func (f *failingUpdater) Update(*sql.Context, sql.Row, sql.Row) error {
	return f.err
}
func (f *failingUpdater) Close(*sql.Context) error { return nil }

// odkuInserted hands on the rows an ODKU inserted, counting them, and
// drops the stored+updated rows GMS's insert iterator answers for the
// updates (odkuUpdater counted those).
type odkuInserted struct {
	child sql.Node // the *plan.InsertInto
	id    uint64
	// width is the table's row length (an update's row is twice as long).
	width int
}

var _ sql.ExecSourceRel = (*odkuInserted)(nil)

func (h *odkuInserted) Resolved() bool       { return h.child.Resolved() }
func (h *odkuInserted) String() string       { return h.child.String() }
func (h *odkuInserted) IsReadOnly() bool     { return false }
func (h *odkuInserted) Schema() sql.Schema   { return h.child.Schema() }
func (h *odkuInserted) Children() []sql.Node { return []sql.Node{h.child} }

func (h *odkuInserted) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(h, len(children), 1)
	}
	return &odkuInserted{child: children[0], id: h.id, width: h.width}, nil
}

func (h *odkuInserted) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, h.child, r)
	if err != nil {
		return nil, err
	}
	return &odkuInsertedIter{child: it, width: h.width, tally: odkuTallyOf(ctx, h.id)}, nil
}

type odkuInsertedIter struct {
	child sql.RowIter
	width int
	tally *odkuTally
}

func (i *odkuInsertedIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := i.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		if len(row) != i.width {
			continue
		}
		if i.tally != nil {
			i.tally.affected++
		}
		return row, nil
	}
}

func (i *odkuInsertedIter) Close(ctx *sql.Context) error { return i.child.Close(ctx) }

// odkuTrigCount runs an ODKU with triggers (with its AFTER INSERT trigger
// executors) and answers its OK result from the tally; GMS's accumulator
// finds no row handler for its iterator and leaves it alone.
type odkuTrigCount struct {
	child sql.Node
	id    uint64
}

var _ sql.ExecSourceRel = (*odkuTrigCount)(nil)

func (c *odkuTrigCount) Resolved() bool       { return c.child.Resolved() }
func (c *odkuTrigCount) String() string       { return c.child.String() }
func (c *odkuTrigCount) IsReadOnly() bool     { return false }
func (c *odkuTrigCount) Schema() sql.Schema   { return types.OkResultSchema }
func (c *odkuTrigCount) Children() []sql.Node { return []sql.Node{c.child} }

func (c *odkuTrigCount) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &odkuTrigCount{child: children[0], id: c.id}, nil
}

func (c *odkuTrigCount) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	tally := &odkuTally{}
	it, err := rowexec.DefaultBuilder.Build(ctx.WithContext(context.WithValue(ctx.Context, odkuTallyKey{c.id}, tally)), c.child, r)
	if err != nil {
		return nil, err
	}
	return &odkuTrigCountIter{child: it, tally: tally}, nil
}

type odkuTrigCountIter struct {
	child  sql.RowIter
	tally  *odkuTally
	done   bool
	closed bool
}

// Next drains the ODKU and returns its OK result, setting what GMS's
// accumulator sets.
func (o *odkuTrigCountIter) Next(ctx *sql.Context) (sql.Row, error) {
	if o.done {
		return nil, io.EOF
	}
	o.done = true
	if err := drainRows(ctx, o.child); err != nil {
		return nil, err
	}
	if err := o.Close(ctx); err != nil {
		return nil, err
	}
	res := types.NewOkResult(int(o.tally.affected))
	res.InsertID = uint64(ctx.Session.GetLastQueryInfoInt(sql.LastInsertId))
	ctx.SetLastQueryInfoInt(sql.RowCount, o.tally.affected)
	return sql.NewRow(res), nil
}

func (o *odkuTrigCountIter) Close(ctx *sql.Context) error {
	if o.closed {
		return nil
	}
	o.closed = true
	return o.child.Close(ctx)
}

func strictMode(ctx *sql.Context) bool {
	mode := sql.LoadSqlMode(ctx)
	return mode.ModeEnabled("STRICT_TRANS_TABLES") || mode.ModeEnabled("STRICT_ALL_TABLES")
}
