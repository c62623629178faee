package server

import (
	"context"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/engine"
)

// directTxns counts the statements directTxn ran (tests).
var directTxns atomic.Int64

// txnStatementOf recognises the statements directTxn runs: the whole text
// is BEGIN, START TRANSACTION, COMMIT or ROLLBACK, in any case, with
// surrounding white space and at most one trailing semicolon. Anything
// else (WORK, AND CHAIN, RELEASE, characteristics, comments) is left to
// the general path and its parser.
func txnStatementOf(q string) (engine.TxnStatement, bool) {
	if len(q) > 32 {
		return 0, false
	}
	q = strings.TrimSpace(q)
	q = strings.TrimSpace(strings.TrimSuffix(q, ";"))
	switch {
	case strings.EqualFold(q, "BEGIN"):
		return engine.TxnBegin, true
	case strings.EqualFold(q, "COMMIT"):
		return engine.TxnCommit, true
	case strings.EqualFold(q, "ROLLBACK"):
		return engine.TxnRollback, true
	case len(q) > 5 && strings.EqualFold(q[:5], "START"):
		// One or more spaces between the words, as the parser allows.
		if rest := strings.TrimLeft(q[5:], " \t\r\n"); len(rest) < len(q)-5 && strings.EqualFold(rest, "TRANSACTION") {
			return engine.TxnBegin, true
		}
	}
	return 0, false
}

// directTxn runs a plain BEGIN, COMMIT or ROLLBACK (txnStatementOf) from
// the text protocol or a prepared statement with engine.DirectTxn, inside
// the bracket GMS's handler puts around a statement, and sends its OK;
// done is false when the general path must run it (another statement, or
// the session turned myriad_direct_dml off, which makes GMS's path the
// reference for these too).
func (h *handler) directTxn(ctx context.Context, c *mysql.Conn, query string, cb func(*sqltypes.Result) error) (done bool, err error) {
	st, ok := txnStatementOf(query)
	if !ok || h.srv.srv == nil {
		return false, nil
	}
	sqlCtx, err := h.srv.srv.SessionManager().NewContextWithQuery(ctx, c, query)
	if err != nil {
		return false, nil
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, directDMLVar); err != nil || !isOn(on) {
		return false, nil
	}
	directTxns.Add(1)
	sql.IncrementStatusVariable(sqlCtx, "Questions", 1)
	err = h.bracket(sqlCtx, query, func(sqlCtx *sql.Context) error {
		if err := engine.DirectTxn(sqlCtx, st); err != nil {
			return sql.CastSQLError(err)
		}
		if err := statusFlags(sqlCtx, c); err != nil {
			return err
		}
		return cb(&sqltypes.Result{})
	})
	return true, h.translate(err, c, query)
}
