package server

import (
	"context"
	"regexp"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// cloneStmt is CREATE DATABASE new LIKE template [WITH DATA]: Myriad's
// tenant provisioning statement (issue #15; MySQL has none, and the parser
// refuses it), recognised here before parsing like BACKUP TO.
var cloneStmt = regexp.MustCompile("(?is)^\\s*CREATE\\s+(?:DATABASE|SCHEMA)\\s+(IF\\s+NOT\\s+EXISTS\\s+)?" +
	"(`(?:[^`]|``)+`|[A-Za-z0-9_$]+)\\s+LIKE\\s+(`(?:[^`]|``)+`|[A-Za-z0-9_$]+)(\\s+WITH\\s+DATA)?\\s*;?\\s*$")

// comClone runs a clone statement as CREATE DATABASE new with the clone
// request attached to the session, so GMS does everything it does for
// CREATE DATABASE (CREATE privilege on the new name, 1007, IF NOT EXISTS,
// implicit commit) and the engine's CreateDatabase writes the copy in the
// same transaction. SELECT on the template is checked by the authorization
// handler (privileges.go).
func (h *handler) comClone(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	m := cloneStmt.FindStringSubmatch(query)
	if m == nil {
		return false, nil
	}
	defer h.srv.eng.PrepareClone(c.ConnectionID, unquoteIdent(m[3]), m[4] != "")()
	stmt := "CREATE DATABASE " + m[1] + m[2]
	return true, h.translate(h.Handler.ComQuery(ctx, c, stmt, cb), c, stmt)
}

func unquoteIdent(s string) string {
	if len(s) >= 2 && s[0] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}
