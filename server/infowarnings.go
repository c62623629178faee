package server

import (
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// infoWarningsCallback is cb with an UPDATE's info string counting the
// statement's warnings ("Rows matched: 1  Changed: 1  Warnings: 1"):
// GMS always wrote 0, also when the OK packet beside it counted some.
func (h *handler) infoWarningsCallback(c *mysql.Conn, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(r *sqltypes.Result, more bool) error {
		if r != nil && strings.HasPrefix(r.Info, "Rows matched: ") && strings.HasSuffix(r.Info, "  Warnings: 0") {
			if sess := h.sessionOf(c); sess != nil {
				if n := sess.Session.WarningCount(); n > 0 {
					fixed := *r
					fixed.Info = strings.TrimSuffix(r.Info, "0") + strconv.Itoa(int(n))
					r = &fixed
				}
			}
		}
		return cb(r, more)
	}
}
