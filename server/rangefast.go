package server

import (
	"context"
	"io"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/engine"
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
// entry, session command bracket, rows converted as gmsserver.RowToSQL does
// (rowSlab), the
// connection's status flags) on the connection's goroutine: GMS's
// ComExecuteBound starts three goroutines per result set (rows, wire
// conversion, a socket poll for a closed connection) joined by a channel,
// which for sysbench's 100-row range SELECTs cost more than reading the
// rows (docs/PROFILES.md). What is given up is noticing a client that
// hung up before its result is written; KILL QUERY cancels the context
// the iterators and this loop check.
func (h *handler) spoolRows(sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, fields []*querypb.Field, cb func(*sqltypes.Result) error) error {
	return h.bracket(sqlCtx, query, func(sqlCtx *sql.Context) error {
		schema, iter, err := h.prepRead(sqlCtx, query, node)
		if err != nil {
			return sql.CastSQLError(err)
		}
		r := &sqltypes.Result{Fields: fields}
		var slab rowSlab
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
			out, err := slab.row(sqlCtx, schema, row)
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
				// The batch sent may be kept (a cursor's pending rows):
				// the next one takes new chunks.
				slab = rowSlab{nextBuf: slab.nextBuf, nextVals: slab.nextVals}
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

// prepRead is PrepQueryPlanForExecution for a bound cached SELECT. A node
// engine.CompileRange made is started directly: the same session check and
// transaction as GMS's, its iterator built by the same builder, and
// directRead doing on Close what GMS's wrappers (TransactionCommittingIter,
// TrackedRowIter) do. Those wrappers walk the plan three times per
// statement (query type, FOUND_ROWS, disposal) and allocate each layer,
// which for a point select cost as much as reading the row
// (docs/PROFILES.md, Session 9).
func (h *handler) prepRead(sqlCtx *sql.Context, query string, node sql.Node) (sql.Schema, sql.RowIter, error) {
	if !engine.IsCompiledRange(node) || sqlCtx.IsInterpreted() {
		schema, iter, _, err := h.srv.sqle.PrepQueryPlanForExecution(sqlCtx, query, node, nil)
		return schema, iter, err
	}
	autoCommit, err := engine.DirectBegin(sqlCtx)
	if err != nil {
		return nil, nil, err
	}
	iter, err := h.srv.sqle.Analyzer.ExecBuilder.Build(sqlCtx, node, nil)
	if err != nil {
		// PrepQueryPlanForExecution's clearAutocommitTransaction.
		if !sqlCtx.GetIgnoreAutoCommit() && autoCommit {
			sqlCtx.SetTransaction(nil)
		}
		return nil, nil, err
	}
	directReads.Add(1)
	return node.Schema(), &directRead{RowIter: iter, autoCommit: autoCommit}, nil
}

// directReads counts the statements prepRead started directly (tests).
var directReads atomic.Int64

// directRead ends a directly started read as GMS's wrappers end a SELECT:
// the statement's iterator closed, then an autocommit statement outside an
// explicit transaction committed (engine.DirectCommit), then ROW_COUNT()
// -1 and FOUND_ROWS() the rows returned (a compiled range holds no LIMIT
// ... SQL_CALC_FOUND_ROWS), and the process list entry ended. An iterator
// left unclosed after an error commits nothing, as on GMS's path.
type directRead struct {
	sql.RowIter
	rows       int64
	autoCommit bool
}

func (d *directRead) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := d.RowIter.Next(ctx)
	if err == nil {
		d.rows++
	}
	return row, err
}

func (d *directRead) Close(ctx *sql.Context) error {
	err := d.RowIter.Close(ctx)
	if err == nil {
		err = engine.DirectCommit(ctx, d.autoCommit)
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, -1)
	ctx.SetLastQueryInfoInt(sql.FoundRows, d.rows)
	ctx.ProcessList.EndQuery(ctx)
	if span := ctx.RootSpan(); span != nil {
		span.End()
	}
	return err
}
