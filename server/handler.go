package server

import (
	"context"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// handler wraps GMS's protocol handler so every error a client sees carries
// MySQL's error number, SQLSTATE and message (see errors.go).
type handler struct {
	mysql.Handler
}

func wrapHandler(h mysql.Handler) (mysql.Handler, error) { return &handler{Handler: h}, nil }

func (h *handler) ComInitDB(c *mysql.Conn, schemaName string) error {
	return translateError(h.Handler.ComInitDB(c, schemaName), "USE "+schemaName)
}

func (h *handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) error {
	return translateError(h.Handler.ComQuery(ctx, c, query, cb), query)
}

func (h *handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, error) {
	rest, err := h.Handler.ComMultiQuery(ctx, c, query, cb)
	return rest, translateError(err, query)
}

func (h *handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, p *mysql.PrepareData) ([]*querypb.Field, error) {
	f, err := h.Handler.ComPrepare(ctx, c, query, p)
	return f, translateError(err, query)
}

func (h *handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) error {
	return translateError(h.Handler.ComStmtExecute(ctx, c, p, cb), p.PrepareStmt)
}
