package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// A multi-table DELETE IGNORE (`DELETE IGNORE p, c FROM p JOIN c ...`)
// deletes each joined row's part of every target table through that
// table's foreign-key handler. MySQL skips a part that a RESTRICT / NO
// ACTION reference keeps, with warning 1451, and deletes the rest; GMS's
// handler failed the whole statement. ignoringTarget is a target whose
// deleter runs the RESTRICT checks first (restrictedRows, which warns) and
// skips such a part. A part the checks pass goes to the handler, which
// checks again and runs the ON DELETE actions; a refusal deeper in a
// CASCADE chain still fails the statement (as for one table).

// ignoringTargets wraps d's foreign-key-handled targets; ok is false when
// none has a handler. A target with DELETE triggers is the engine's
// one-child wrapper over the handler (engine/multidelete.go): the handler
// under it is wrapped, so its rows are still checked, and the wrapper asks
// Skipped whether to fire the AFTER triggers.
func ignoringTargets(d *plan.DeleteFrom) (*plan.DeleteFrom, bool) {
	targets := d.GetDeleteTargets()
	out := make([]sql.Node, len(targets))
	changed := false
	for i, t := range targets {
		out[i] = t
		if h, ok := t.(*plan.ForeignKeyHandler); ok && h.Editor != nil {
			out[i] = &ignoringTarget{ForeignKeyHandler: h}
			changed = true
			continue
		}
		if ch := t.Children(); len(ch) == 1 {
			if h, ok := ch[0].(*plan.ForeignKeyHandler); ok && h.Editor != nil {
				if _, isTable := t.(sql.DeletableTable); !isTable {
					continue
				}
				nt, err := t.WithChildren(&ignoringTarget{ForeignKeyHandler: h})
				if err != nil {
					continue // left as it was: the statement fails 1451 as before
				}
				out[i] = nt
				changed = true
			}
		}
	}
	if !changed {
		return d, false
	}
	return d.WithExplicitTargets(out), true
}

type ignoringTarget struct {
	*plan.ForeignKeyHandler
}

var _ sql.DeletableTable = (*ignoringTarget)(nil)
var _ sql.Node = (*ignoringTarget)(nil)

func (t *ignoringTarget) Deleter(ctx *sql.Context) sql.RowDeleter {
	return &ignoringDeleter{RowDeleter: t.ForeignKeyHandler.Deleter(ctx), check: &restrictedRows{h: t.ForeignKeyHandler}}
}

func (t *ignoringTarget) WithChildren(children ...sql.Node) (sql.Node, error) {
	n, err := t.ForeignKeyHandler.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if h, ok := n.(*plan.ForeignKeyHandler); ok {
		return &ignoringTarget{ForeignKeyHandler: h}, nil
	}
	return n, nil
}

type ignoringDeleter struct {
	sql.RowDeleter
	check *restrictedRows
	// skipped is whether the last row was kept (countingDeleter must not
	// count it as deleted).
	skipped bool
}

// Skipped is whether the last row was kept by a foreign key (and so not
// deleted).
func (d *ignoringDeleter) Skipped() bool { return d.skipped }

func (d *ignoringDeleter) Delete(ctx *sql.Context, row sql.Row) error {
	ok, err := d.check.Eval(ctx, row)
	if err != nil {
		return err
	}
	d.skipped = ok == false
	if d.skipped {
		return nil // skipped, with the 1451 warning restrictedRows gave
	}
	return d.RowDeleter.Delete(ctx, row)
}
