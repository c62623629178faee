package server

import (
	"context"
	"io"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/plans"
)

// rowsBatch is how many rows one callback carries, as in GMS's handler.
const rowsBatch = 128

// spoolCachedRows runs a bound multi-row SELECT plan. Its first execution
// takes GMS's path and keeps the column metadata the client got (as for
// single-row plans: it depends only on what the cache key holds); later
// ones are spooled by spoolRows.
func (h *handler) spoolCachedRows(ctx context.Context, sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, pl *plans.Plan, exec boundExecer, cb func(*sqltypes.Result) error) error {
	if fields, ok := pl.Meta().([]*querypb.Field); ok {
		h.srv.cachedRows.Add(1)
		return h.spoolRows(sqlCtx, c, query, node, fields, cb)
	}
	return exec.ComExecuteBound(ctx, c, query, node, func(r *sqltypes.Result, _ bool) error {
		err := cb(r)
		if err == nil && r != nil && r.Fields != nil {
			pl.SetMeta(cloneFields(r.Fields))
		}
		return err
	})
}

// spoolRows executes a cached plan and sends its rows in batches of
// rowsBatch, doing what GMS's handler does for a bound plan (process list
// entry, session command bracket, rows converted by gmsserver.RowToSQL, the
// connection's status flags) on the connection's goroutine: GMS's
// ComExecuteBound starts three goroutines per result set (rows, wire
// conversion, a socket poll for a closed connection) joined by a channel,
// which for sysbench's 100-row range SELECTs cost more than reading the
// rows (docs/PROFILES.md). What is given up is noticing a client that
// hung up before its result is written; KILL QUERY cancels the context
// the iterators and this loop check.
func (h *handler) spoolRows(sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, fields []*querypb.Field, cb func(*sqltypes.Result) error) error {
	return h.bracket(sqlCtx, query, func(sqlCtx *sql.Context) error {
		schema, iter, _, err := h.srv.sqle.PrepQueryPlanForExecution(sqlCtx, query, node, nil)
		if err != nil {
			return sql.CastSQLError(err)
		}
		r := &sqltypes.Result{Fields: fields}
		sent := false
		for {
			if err := sqlCtx.Err(); err != nil {
				// As GMS's handler: an error leaves the iterator unclosed, so
				// an autocommit statement's transaction is not committed.
				return sql.CastSQLError(context.Cause(sqlCtx))
			}
			row, err := iter.Next(sqlCtx)
			if err == io.EOF {
				break
			}
			if err != nil {
				return sql.CastSQLError(err)
			}
			out, err := gmsserver.RowToSQL(sqlCtx, schema, row, nil, nil)
			if err != nil {
				return sql.CastSQLError(err)
			}
			r.Rows = append(r.Rows, out)
			r.RowsAffected++
			if r.RowsAffected == rowsBatch {
				if err := cb(r); err != nil {
					return err
				}
				r, sent = &sqltypes.Result{Fields: fields}, true
			}
		}
		// Close commits an autocommit statement's transaction.
		if err := iter.Close(sqlCtx); err != nil {
			return sql.CastSQLError(err)
		}
		if err := statusFlags(sqlCtx, c); err != nil {
			return err
		}
		if sent && r.RowsAffected == 0 {
			return nil
		}
		return cb(r)
	})
}
