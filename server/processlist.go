package server

import (
	"regexp"
	"strconv"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// SHOW PROCESSLIST's State column is GMS's ("running"); a connection
// running an online index build shows the build's progress instead
// ("backfilling index (n of m rows)"), as MySQL shows its stage, and one
// waiting for a metadata lock (engine/mdl.go) shows MySQL's "Waiting for
// table metadata lock".

var showProcesslist = regexp.MustCompile(`(?is)^\s*show\s+(full\s+)?processlist\s*;?\s*$`)

// processlistCallback wraps cb for a SHOW PROCESSLIST statement.
func (h *handler) processlistCallback(query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	if !showProcesslist.MatchString(query) {
		return cb
	}
	idCol, stateCol := -1, -1
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			for i, f := range res.Fields {
				switch {
				case f.Name == "Id":
					idCol = i
				case f.Name == "State":
					stateCol = i
				}
			}
			if idCol >= 0 && stateCol >= 0 {
				for _, row := range res.Rows {
					if idCol >= len(row) || stateCol >= len(row) {
						continue
					}
					id, err := strconv.ParseUint(row[idCol].ToString(), 10, 32)
					if err != nil {
						continue
					}
					if st, ok := h.eng.BuildState(uint32(id)); ok {
						row[stateCol] = sqltypes.MakeTrusted(querypb.Type_VARCHAR, []byte(st))
					} else if h.eng.WaitingForMDL(uint32(id)) {
						row[stateCol] = sqltypes.MakeTrusted(querypb.Type_VARCHAR, []byte("Waiting for table metadata lock"))
					}
				}
			}
		}
		return cb(res, more)
	}
}
