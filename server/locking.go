package server

import (
	"context"
	"sync"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/locks"
	"github.com/myriaddb/myriad/sqltext"
)

// Locking reads: the parser drops FOR UPDATE / LOCK IN SHARE MODE and
// rejects FOR SHARE, NOWAIT and SKIP LOCKED, so the clause is taken off the
// text here (sqltext.LockingClause) and passed to the engine, which locks
// the rows the statement reads (engine/locking.go). OF tbl is accepted and
// widened: every table the statement reads is locked.

func toEngineClause(l sqltext.Locking) *engine.LockingClause {
	c := &engine.LockingClause{Mode: locks.X, NoWait: l.NoWait, SkipLocked: l.SkipLocked}
	if l.Share {
		c.Mode = locks.S
	}
	return c
}

// stripLocking handles a text statement (the first one of a multi-statement
// text): it returns the text to run.
func (h *handler) stripLocking(c *mysql.Conn, query string, multi bool) string {
	first, rest := query, ""
	if multi {
		f, r, err := sqlparser.SplitStatement(query)
		if err != nil {
			return query
		}
		first, rest = f, r
	}
	stripped, l, ok := sqltext.LockingClause(first)
	if !ok {
		return query
	}
	h.eng.SetNextLocking(c.ConnectionID, toEngineClause(l))
	if rest != "" {
		return stripped + ";" + rest
	}
	return stripped
}

// lockDDLTable makes a schema change wait for the transactions holding
// locks on its table (engine.LockTableForDDL); the table is found in the
// text because GMS resolves it, and fixes the statement's snapshot, before
// any engine code could wait.
func (h *handler) lockDDLTable(ctx context.Context, c *mysql.Conn, query string, multi bool) error {
	if multi {
		f, _, err := sqlparser.SplitStatement(query)
		if err != nil {
			return nil
		}
		query = f
	}
	db, table, ok := sqltext.DDLTable(query)
	if !ok {
		return nil
	}
	return h.eng.LockTableForDDL(ctx, c.ConnectionID, db, table)
}

type prepKey struct{ conn, stmt uint32 }

// preparedLocking remembers the locking clause of prepared statements, set
// again before each execution.
var preparedLocking sync.Map // prepKey -> *engine.LockingClause

func (h *handler) stripPreparedLocking(c *mysql.Conn, query *string, p *mysql.PrepareData) {
	stripped, l, ok := sqltext.LockingClause(*query)
	if !ok {
		return
	}
	*query = stripped
	p.PrepareStmt = stripped
	preparedLocking.Store(prepKey{c.ConnectionID, p.StatementID}, toEngineClause(l))
}

func (h *handler) executeLocking(c *mysql.Conn, p *mysql.PrepareData) (locking bool) {
	if v, ok := preparedLocking.Load(prepKey{c.ConnectionID, p.StatementID}); ok {
		h.eng.SetNextLocking(c.ConnectionID, v.(*engine.LockingClause))
		return true
	}
	return false
}

func forgetPreparedLocking(connID uint32) {
	preparedLocking.Range(func(k, _ any) bool {
		if k.(prepKey).conn == connID {
			preparedLocking.Delete(k)
		}
		return true
	})
}
