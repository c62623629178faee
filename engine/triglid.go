package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A trigger's own AUTO_INCREMENT values are not its statement's: MySQL
// restores LAST_INSERT_ID() when a trigger ends (the manual's
// LAST_INSERT_ID(): "For stored functions and triggers that change the
// value, the value is restored when the function or trigger ends, so
// following statements do not see a changed value"). GMS's trigger bodies
// set the session's value like any INSERT, so an AFTER INSERT trigger
// that logs into a table with an AUTO_INCREMENT key made LAST_INSERT_ID()
// the log row's id. keepTriggerLastInsertID puts the body of each AFTER
// trigger executor of a statement in a triggerLID, which puts the value
// back when the body ends. BEFORE executors are left as GMS planned them
// (GMS reads a BEFORE body's type to take its SET NEW row); the chains
// Myriad runs itself restore the value in runTriggers.

// keepTriggerLastInsertID wraps the bodies of n's AFTER trigger executors,
// not those inside trigger bodies (their own analysis did).
func keepTriggerLastInsertID(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	skipBodies := func(c transform.Context) bool {
		_, ok := c.Parent.(*plan.TriggerExecutor)
		return !ok || c.ChildNum != 1
	}
	return transform.NodeWithCtx(n, skipBodies, func(c transform.Context) (sql.Node, transform.TreeIdentity, error) {
		te, ok := c.Node.(*plan.TriggerExecutor)
		if !ok || te.TriggerTime != plan.AfterTrigger {
			return c.Node, transform.SameTree, nil
		}
		if _, done := te.Right().(*triggerLID); done {
			return c.Node, transform.SameTree, nil
		}
		nte, err := te.WithChildren(te.Left(), &triggerLID{child: te.Right()})
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nte, transform.NewTree, nil
	})
}

// triggerLID runs a trigger body and then restores LAST_INSERT_ID().
type triggerLID struct{ child sql.Node }

var _ sql.ExecSourceRel = (*triggerLID)(nil)

func (l *triggerLID) Resolved() bool       { return l.child.Resolved() }
func (l *triggerLID) IsReadOnly() bool     { return l.child.IsReadOnly() }
func (l *triggerLID) String() string       { return l.child.String() }
func (l *triggerLID) Schema() sql.Schema   { return l.child.Schema() }
func (l *triggerLID) Children() []sql.Node { return []sql.Node{l.child} }

func (l *triggerLID) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(l, len(children), 1)
	}
	return &triggerLID{child: children[0]}, nil
}

func (l *triggerLID) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	lid := ctx.Session.GetLastQueryInfoInt(sql.LastInsertId)
	it, err := rowexec.DefaultBuilder.Build(ctx, l.child, r)
	if err != nil {
		ctx.SetLastQueryInfoInt(sql.LastInsertId, lid)
		return nil, err
	}
	return &triggerLIDIter{child: it, lid: lid}, nil
}

type triggerLIDIter struct {
	child sql.RowIter
	lid   int64
}

func (i *triggerLIDIter) Next(ctx *sql.Context) (sql.Row, error) { return i.child.Next(ctx) }

func (i *triggerLIDIter) Close(ctx *sql.Context) error {
	err := i.child.Close(ctx)
	ctx.SetLastQueryInfoInt(sql.LastInsertId, i.lid)
	return err
}
