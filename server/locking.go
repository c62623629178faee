package server

import (
	"context"
	"strings"
	"sync"

	"github.com/dolthub/vitess/go/mysql"

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
func (h *handler) stripLocking(c *mysql.Conn, query string, fs *firstStatement) string {
	first, rest, err := fs.split(query)
	if err != nil {
		return query
	}
	stripped, l, ok := sqltext.LockingClause(first)
	if !ok {
		return query
	}
	h.eng.SetNextLocking(c.ConnectionID, toEngineClause(l))
	h.srv.kills.setText(c.ConnectionID, stripped, first)
	if rest != "" {
		return stripped + ";" + rest
	}
	return stripped
}

// lockDDLTable first commits the open transaction when the statement
// commits implicitly (engine.CommitBeforeDDL), then makes a schema change
// wait for the transactions holding locks on its table
// (engine.LockTableForDDL); the table is found in the text because GMS
// resolves it, and fixes the statement's snapshot, before any engine code
// could wait.
func (h *handler) lockDDLTable(ctx context.Context, c *mysql.Conn, query string, fs *firstStatement) (context.Context, func(), error) {
	query, _, err := fs.split(query)
	if err != nil {
		return ctx, func() {}, nil
	}
	if sqltext.CommitsImplicitly(query) {
		if err := h.eng.CommitBeforeDDL(ctx, c.ConnectionID); err != nil {
			return ctx, func() {}, err
		}
	}
	db, table, ok := sqltext.DDLTable(query)
	if !ok {
		return ctx, func() {}, nil
	}
	// The statement runs under the same kill registration as its wait
	// (killList.begin).
	ctx, end := h.srv.kills.begin(ctx, c.ConnectionID, query)
	if err := h.eng.LockTableForDDL(ctx, c.ConnectionID, db, table); err != nil {
		if end() {
			err = errQueryInterrupted
		}
		return ctx, func() {}, err
	}
	return ctx, func() { end() }, nil
}

// preparedLocking is connection c's map of statement ID -> the locking
// clause stripped from that prepared statement, set again before each
// execution. Per connection, so a disconnect drops its entries without
// looking at other connections'.
func (h *handler) preparedLocking(c *mysql.Conn, create bool) *sync.Map {
	if v, ok := h.srv.prepLocking.Load(c.ConnectionID); ok {
		return v.(*sync.Map)
	}
	if !create {
		return nil
	}
	v, _ := h.srv.prepLocking.LoadOrStore(c.ConnectionID, new(sync.Map))
	return v.(*sync.Map)
}

// stripPreparedLocking finds a prepared statement's locking clause: the
// wire guard blanked it out before the protocol library parsed the text
// (wireConn.blankPrepareLocking; its parser rejects FOR SHARE, NOWAIT and
// SKIP LOCKED), else, where the guard cannot see the packets (a TLS
// connection whose guard stayed below TLS, guardAboveTLS), the
// clause the library's parser let through (FOR UPDATE, LOCK IN SHARE MODE)
// is cut here.
func (h *handler) stripPreparedLocking(c *mysql.Conn, query *string, p *mysql.PrepareData) {
	var found *sqltext.Locking
	if v, ok := h.wires.Load(c.ConnectionID); ok {
		if l := v.(*wireConn).takePrepareLocking(); l != nil {
			found = l
			*query = strings.TrimRight(*query, " ")
		}
	}
	if found == nil {
		stripped, l, ok := sqltext.LockingClause(*query)
		if !ok {
			return
		}
		*query, found = stripped, &l
	}
	p.PrepareStmt = *query
	h.preparedLocking(c, true).Store(p.StatementID, toEngineClause(*found))
}

func (h *handler) executeLocking(c *mysql.Conn, p *mysql.PrepareData) (locking bool) {
	m := h.preparedLocking(c, false)
	if m == nil {
		return false
	}
	if v, ok := m.Load(p.StatementID); ok {
		h.eng.SetNextLocking(c.ConnectionID, v.(*engine.LockingClause))
		return true
	}
	return false
}
