package server

import (
	"fmt"
	"io"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/engine"
)

// directDMLVar turns the direct executor of cached single-row UPDATE and
// DELETE (engine.DirectDML) off for a session or for new sessions: with
// it off the same cached plans run through GMS's iterators, the reference
// the direct executor is tested against.
const directDMLVar = "myriad_direct_dml"

// directDMLs counts statements engine.DirectDML ran (directRebinds those of
// them rebound without Bind, engine.RebindDirect), directInserts those
// spoolDirectInsert ran, engineInserts those of them engine.DirectInsert
// ran (tests, profiles).
var directDMLs, directRebinds, directInserts, engineInserts atomic.Int64

// directOn reports whether the direct executors may run for the session:
// the server is writable and the session has not turned them off.
func (h *handler) directOn(sqlCtx *sql.Context) bool {
	if h.srv.sqle.IsReadOnly() {
		return false
	}
	// Read once per change of the session's variables: a lookup per
	// statement was ~0.5% of the server's instructions under sysbench's
	// oltp_write_only (docs/PROFILES.md "perf27").
	return engine.DerivedSettings(sqlCtx, engine.SettingsDirect, func() string {
		if on, err := sqlCtx.GetSessionVariable(sqlCtx, directDMLVar); err == nil && isOn(on) {
			return "1"
		}
		return "0"
	}) == "1"
}

// updateOrDelete reports whether n is an UPDATE or DELETE, the plans
// engine.KeepDirect may keep (an INSERT's cached plan is never kept).
func updateOrDelete(n sql.Node) bool {
	switch n.(type) {
	case *plan.Update, *plan.DeleteFrom:
		return true
	}
	return false
}

// spoolDirectRun is spoolDirect for a plan engine.RebindDirect rebound
// (runCached checked directOn): done is false when GMS's iterators must
// run the statement after all.
func (h *handler) spoolDirectRun(sqlCtx *sql.Context, c *mysql.Conn, r *engine.DirectRun, cb func(*sqltypes.Result) error) (done bool, err error) {
	ok, done, err := h.eng.RunDirect(sqlCtx, r)
	if !done {
		return false, nil
	}
	directDMLs.Add(1)
	directRebinds.Add(1)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	return true, sendDirectOK(sqlCtx, c, ok, cb)
}

// spoolDirect runs a bound cached DML plan with engine.DirectDML and
// sends its OK result as spoolOk does; done is false when the plan is not
// one it runs (or the session turned it off) and spoolOk must build GMS's
// iterators. Called by spoolOk inside the command bracket, after the
// locking marks.
func (h *handler) spoolDirect(sqlCtx *sql.Context, c *mysql.Conn, node sql.Node, cb func(*sqltypes.Result) error) (done bool, err error) {
	if !h.directOn(sqlCtx) {
		return false, nil
	}
	if ins, isIns := node.(*plan.InsertInto); isIns {
		return h.spoolDirectInsert(sqlCtx, c, ins, cb)
	}
	ok, done, err := h.eng.DirectDML(sqlCtx, node)
	if !done {
		return false, nil
	}
	directDMLs.Add(1)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	return true, sendDirectOK(sqlCtx, c, ok, cb)
}

// spoolDirectInsert runs a cached single-row INSERT ... VALUES with
// engine.DirectInsert, or, for a plan that declines, with GMS's own insert
// iterator (its conversions, defaults, AUTO_INCREMENT and LAST_INSERT_ID
// handling, statement savepoint) and accumulator (affected rows, insert
// ID), but without the wrappers PrepQueryPlanForExecution puts around them
// for any statement: TrackedRowIter, whose Close walks the whole plan to
// dispose of nodes, and TransactionCommittingIter, whose commit
// engine.DirectCommit does.
func (h *handler) spoolDirectInsert(sqlCtx *sql.Context, c *mysql.Conn, ins *plan.InsertInto, cb func(*sqltypes.Result) error) (bool, error) {
	if ins.IsReplace || ins.Ignore || len(ins.OnDupExprs) > 0 || len(ins.Returning) > 0 {
		return false, nil
	}
	directInserts.Add(1)
	if ok, done, err := h.eng.DirectInsert(sqlCtx, ins); done {
		engineInserts.Add(1)
		if err != nil {
			return true, sql.CastSQLError(err)
		}
		return true, sendDirectOK(sqlCtx, c, ok, cb)
	}
	autoCommit, err := engine.DirectBegin(sqlCtx)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	iter, err := h.srv.sqle.Analyzer.ExecBuilder.Build(sqlCtx, ins, nil)
	if err != nil {
		// PrepQueryPlanForExecution's clearAutocommitTransaction.
		if !sqlCtx.GetIgnoreAutoCommit() && autoCommit {
			sqlCtx.SetTransaction(nil)
		}
		return true, sql.CastSQLError(err)
	}
	iter, _ = rowexec.AddAccumulatorIter(sqlCtx, iter)
	// As GMS's handler: a failed statement's iterator is not closed (the
	// accumulator has closed the editor, undoing the statement), so an
	// autocommit statement is not committed.
	row, err := iter.Next(sqlCtx)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	if _, err := iter.Next(sqlCtx); err != io.EOF {
		if err == nil {
			err = fmt.Errorf("a cached INSERT returned more than one OK row")
		}
		return true, sql.CastSQLError(err)
	}
	if err := iter.Close(sqlCtx); err != nil {
		return true, sql.CastSQLError(err)
	}
	ok, isOK := row[0].(types.OkResult)
	if !isOK {
		return true, fmt.Errorf("a cached INSERT returned %T", row[0])
	}
	if err := engine.DirectCommit(sqlCtx, autoCommit); err != nil {
		return true, sql.CastSQLError(err)
	}
	return true, sendDirectOK(sqlCtx, c, ok, cb)
}

// sendDirectOK sends a directly run statement's OK result with the status
// flags spoolOk would have set, so a client cannot tell the direct path
// from GMS's.
func sendDirectOK(sqlCtx *sql.Context, c *mysql.Conn, ok types.OkResult, cb func(*sqltypes.Result) error) error {
	r := &sqltypes.Result{RowsAffected: ok.RowsAffected, InsertID: ok.InsertID}
	if ok.Info != nil {
		r.Info = ok.Info.String()
	}
	if err := statusFlags(sqlCtx, c); err != nil {
		return err
	}
	return cb(r)
}

// valueInserts counts the INSERTs spoolDirectValues ran (tests).
var valueInserts atomic.Int64

// spoolDirectValues runs a cached single-row INSERT ... VALUES from its
// template ins and this execution's VALUES row (plans.Plan.InsertValues)
// with engine.DirectInsertValues, as spoolDirectInsert runs a bound copy;
// done is false when the engine declines, before doing anything: the
// caller binds the plan and runs it as before. runCached checked
// directOn.
func (h *handler) spoolDirectValues(sqlCtx *sql.Context, c *mysql.Conn, ins *plan.InsertInto, row []sql.Expression, cb func(*sqltypes.Result) error) (bool, error) {
	if ins.IsReplace || ins.Ignore || len(ins.OnDupExprs) > 0 || len(ins.Returning) > 0 {
		return false, nil
	}
	ok, done, err := h.eng.DirectInsertValues(sqlCtx, ins, row)
	if !done {
		return false, nil
	}
	directInserts.Add(1)
	engineInserts.Add(1)
	valueInserts.Add(1)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	return true, sendDirectOK(sqlCtx, c, ok, cb)
}
