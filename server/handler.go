package server

import (
	"context"

	"github.com/myriaddb/myriad/engine"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// handler wraps GMS's protocol handler so every error a client sees carries
// MySQL's error number, SQLSTATE and message (see errors.go).
type handler struct {
	mysql.Handler
	eng *engine.Engine
}

func (s *Server) wrapHandler(h mysql.Handler) (mysql.Handler, error) {
	return &handler{Handler: h, eng: s.eng}, nil
}

func (h *handler) translate(err error, c *mysql.Conn, query string) error {
	if err == nil {
		return nil
	}
	return translateError(err, query, h.eng.CurrentDatabase(c.ConnectionID))
}

// NewConnection links the wire guard (wire.go) to the library's connection
// and gives the library the socket itself, which go-mysql-server needs to
// notice a client that went away during a long query.
func (h *handler) NewConnection(c *mysql.Conn) {
	if w, ok := c.Conn.(*wireConn); ok {
		w.mc = c
		c.Conn = w.Conn
	}
	h.Handler.NewConnection(c)
}

func (h *handler) ComInitDB(c *mysql.Conn, schemaName string) error {
	return h.translate(h.Handler.ComInitDB(c, schemaName), c, "USE "+schemaName)
}

func (h *handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) error {
	return h.translate(h.Handler.ComQuery(ctx, c, query, cb), c, query)
}

func (h *handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, error) {
	rest, err := h.Handler.ComMultiQuery(ctx, c, query, cb)
	return rest, h.translate(err, c, query)
}

func (h *handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, p *mysql.PrepareData) ([]*querypb.Field, error) {
	f, err := h.Handler.ComPrepare(ctx, c, query, p)
	return f, h.translate(err, c, query)
}

func (h *handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) error {
	// The statement ID and parameters parsed: replies need no correction.
	if w, ok := c.Conn.(*wireConn); ok {
		c.Conn = w.Conn
	}
	return h.translate(h.Handler.ComStmtExecute(ctx, c, p, cb), c, p.PrepareStmt)
}
