package engine

import (
	"errors"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/kv"
)

// errRollbackPastSpill is returned when a rollback to a savepoint (a
// statement's own, after an error, or ROLLBACK TO SAVEPOINT) would have to
// undo writes that kv already spilled to disk. kv then rolls back the whole
// transaction instead (kv.ErrRollbackPastSpill). The code is InnoDB's
// ER_LOCK_TABLE_FULL, the error with which InnoDB, too, rolls back a whole
// transaction that outgrew its memory: clients treat it as "retry the
// transaction".
var errRollbackPastSpill = mysql.NewSQLError(mysql.ERLockTableFull, "HY000",
	"The transaction's writes since the savepoint were spilled to disk and cannot be undone alone; the whole transaction was rolled back")

// rollbackTo rolls tx back to sp. If kv refuses (the buffer spilled since
// sp) the whole transaction is already rolled back: its locks are released,
// the session leaves it (the next statement starts a new one) and the
// statement fails with 1206 instead of its own error (TakeSpillAbort): a
// client that saw only, say, 1062 would take its earlier statements for
// kept and go on to COMMIT the rest.
func (e *Engine) rollbackTo(ctx *sql.Context, tx *kv.Txn, sp kv.Savepoint) error {
	err := tx.RollbackTo(sp)
	if err == nil {
		return nil
	}
	if errors.Is(err, kv.ErrRollbackPastSpill) {
		if s, ok := ctx.Session.(*Session); ok {
			s.spillAborted.Store(true)
		}
		e.abortTxn(ctx, tx)
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERLockTableFull, Message: errRollbackPastSpill.Message})
		return errRollbackPastSpill
	}
	return err
}

// TakeSpillAbort reports, once, whether connection connID's last statement
// rolled back its whole transaction because the writes to undo had spilled
// (rollbackTo); the server then reports errRollbackPastSpill for it.
func (e *Engine) TakeSpillAbort(connID uint32) bool {
	if v, ok := e.sessions.Load(connID); ok {
		return v.(*Session).spillAborted.Swap(false)
	}
	return false
}

// SpillAbortError is the error a statement gets in place of cause when its
// failure rolled back the whole transaction (TakeSpillAbort).
func SpillAbortError(cause error) error {
	if strings.Contains(cause.Error(), errRollbackPastSpill.Message) {
		return cause // ROLLBACK TO SAVEPOINT's own error
	}
	return mysql.NewSQLError(mysql.ERLockTableFull, "HY000", "%s (the statement failed: %v)", errRollbackPastSpill.Message, cause)
}
