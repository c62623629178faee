package server

import (
	"context"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
)

// executedText is ctx carrying the text of the prepared statement that
// query, an `EXECUTE name [USING ...]`, runs: GMS binds the statement
// PREPARE parsed again without its text, and the types sqlfunc reads from a
// statement's text (a float literal's length as written, `1.5e0` five
// characters) would otherwise be looked up in the EXECUTE's.
func (h *handler) executedText(ctx context.Context, c *mysql.Conn, query string) (out context.Context) {
	q := strings.TrimLeft(query, " \t\r\n")
	if len(q) < 8 || !strings.EqualFold(q[:7], "execute") || h.srv.sqle == nil {
		return ctx
	}
	stmt, err := sqlparser.Parse(q)
	if err != nil {
		return ctx
	}
	ex, ok := stmt.(*sqlparser.Execute)
	if !ok {
		return ctx
	}
	prep, ok := h.srv.sqle.PreparedDataCache.GetCachedStmt(c.ConnectionID, ex.Name)
	if !ok {
		return ctx
	}
	// The text only refines column types: a statement the formatter
	// cannot print runs without it.
	defer func() {
		if recover() != nil {
			out = ctx
		}
	}()
	return sqlfunc.WithExecutedText(ctx, sqlparser.String(prep))
}
