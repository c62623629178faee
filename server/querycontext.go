package server

import (
	"context"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// queryContext is GMS's SessionManager.NewContextWithQuery for the plan
// cache's statements, made cheaper from the second statement of a
// connection on: GMS builds every statement's sql.Context from nine option
// closures, takes the session manager's one mutex twice (the session, a
// process id) and starts a tracing span (3.7% of a prepared point select,
// docs/PROFILES.md, Session 9). What it sets is the connection's
// (session, memory manager, process list, services, tracer) except the
// statement's context, process id, query text and query time, so the
// first statement's context is kept as a template and later ones are a
// copy of it with those four set.
//
// The template serves only while the connection's session is the one it
// holds (a session the builder made anew, as after COM_RESET_CONNECTION
// or COM_CHANGE_USER, replaces it). Its root span is the no-op tracer's:
// the server configures no tracer (Start), so a span has nothing to record
// and the statement's context carries none.
func (h *handler) queryContext(ctx context.Context, c *mysql.Conn, query string) (*sql.Context, error) {
	sm := h.srv.srv.SessionManager()
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return sm.NewContextWithQuery(ctx, c, query)
	}
	w := v.(*wireConn)
	tmpl, sess := w.qctx.Load(), w.sess.Load()
	if tmpl == nil || sess == nil || tmpl.Session != sess.Session {
		sqlCtx, err := sm.NewContextWithQuery(ctx, c, query)
		if err == nil && sess != nil && sqlCtx.Session == sess.Session {
			// A copy, as fresh as GMS made it: the statement may change
			// its own context.
			t := *sqlCtx
			w.qctx.Store(&t)
		}
		return sqlCtx, err
	}
	nc := new(sql.Context)
	*nc = *tmpl
	nc.Context = ctx
	sql.WithPid(nextQueryPid())(nc)
	sql.WithQuery(query)(nc)
	nc.SetQueryTime(sql.Now())
	queryContexts.Add(1)
	return nc, nil
}

// queryPids numbers the statements queryContext starts apart from GMS's
// session manager's numbers (which start at 1): the process list indexes
// running statements by this number.
var queryPids atomic.Uint64

func nextQueryPid() uint64 { return 1<<48 + queryPids.Add(1) }

// queryContexts counts the contexts queryContext made from a template
// (tests).
var queryContexts atomic.Int64
