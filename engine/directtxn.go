package engine

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// TxnStatement is a transaction statement DirectTxn runs.
type TxnStatement uint8

const (
	TxnBegin    TxnStatement = iota + 1 // BEGIN, START TRANSACTION (no characteristics)
	TxnCommit                           // COMMIT
	TxnRollback                         // ROLLBACK
)

// DirectTxn runs a plain BEGIN, COMMIT or ROLLBACK as GMS's engine runs
// one, without parsing, binding, analyzing or building iterators for it:
// sysbench's write transactions send both ends as statements, and GMS's
// path for them cost as much server CPU as the commit itself
// (docs/PROFILES.md, "Session 8"). The session calls are the ones GMS's
// plan makes, in its order (Engine.beginTransaction, then
// rowexec's buildStartTransaction / buildCommit / buildRollback, then
// clearAutocommitTransaction after a failure), and the statement leaves
// what GMS's TrackedRowIter leaves (ROW_COUNT() -1, FOUND_ROWS() 0). The
// caller runs it inside the command bracket (process list entry,
// CommandBegin/CommandEnd), as it would GMS's plan.
func DirectTxn(ctx *sql.Context, st TxnStatement) error {
	if err := ctx.Session.ValidateSession(ctx); err != nil {
		return err
	}
	ts, ok := ctx.Session.(sql.TransactionSession)
	if !ok {
		return fmt.Errorf("myriad: session %T has no transactions", ctx.Session)
	}
	ctx.ClearWarnings()
	if err := directTxn(ctx, ts, st); err != nil {
		if !ctx.GetIgnoreAutoCommit() {
			if auto, aerr := plan.IsSessionAutocommit(ctx); aerr == nil && auto {
				ctx.SetTransaction(nil)
			}
		}
		return err
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, -1)
	ctx.SetLastQueryInfoInt(sql.FoundRows, 0)
	return nil
}

func directTxn(ctx *sql.Context, ts sql.TransactionSession, st TxnStatement) error {
	cur := ctx.GetTransaction()
	if st == TxnBegin {
		// GMS begins a transaction for any statement that finds none and
		// BEGIN then commits it unused: an empty kv transaction whose only
		// trace was one more myriad_commits_total. It is not made here.
		if cur != nil {
			if err := ts.CommitTransaction(ctx, cur); err != nil {
				return err
			}
		}
		tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
		if err != nil {
			return err
		}
		ctx.SetTransaction(tx)
		// Until COMMIT or ROLLBACK, no statement commits by itself.
		ctx.SetIgnoreAutoCommit(true)
		return nil
	}
	if cur == nil {
		// Rare (COMMIT outside a transaction): the transaction GMS begins
		// for the statement, so that ending it has GMS's side effects.
		tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
		if err != nil {
			return err
		}
		ctx.SetTransaction(tx)
		cur = tx
	}
	var err error
	if st == TxnCommit {
		err = ts.CommitTransaction(ctx, cur)
	} else {
		err = ts.Rollback(ctx, cur)
	}
	if err != nil {
		return err
	}
	ctx.SetIgnoreAutoCommit(false)
	ctx.SetTransaction(nil)
	return nil
}
