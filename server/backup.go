package server

import (
	"fmt"
	"regexp"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/backup"
)

// backupStmt is Myriad's admin statement for an online backup. GMS's parser
// knows no such statement, so it is recognised here before parsing; it is
// Myriad's own (MySQL has no SQL-level BACKUP), used by `myriad backup`.
var backupStmt = regexp.MustCompile(`(?is)^\s*BACKUP\s+TO\s+'([^'\\]*)'\s*;?\s*$`)

// comBackup runs BACKUP TO '/dir' when query is one: a Pebble checkpoint of
// the running store (backup.Create) while other sessions keep writing.
// Requires SUPER. The directory is on the server's machine.
func (h *handler) comBackup(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	m := backupStmt.FindStringSubmatch(query)
	if m == nil {
		return false, nil
	}
	host := ""
	if v, ok := h.srv.auth.hosts.Load(c.ConnectionID); ok {
		host = v.(string)
	}
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	rd := mdb.Reader()
	u := mdb.GetUser(rd, c.User, host, false)
	rd.Close()
	if u == nil || !u.PrivilegeSet.Has(sql.PrivilegeType_Super) {
		return true, mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000", // MySQL's SQLSTATE for 1227
			"Access denied; you need (at least one of) the SUPER privilege(s) for this operation")
	}
	s, err := backup.Create(h.srv.db, m[1])
	if err != nil {
		return true, mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "%s", err.Error())
	}
	res := &sqltypes.Result{
		Fields: []*querypb.Field{
			{Name: "files", Type: querypb.Type_INT64},
			{Name: "bytes", Type: querypb.Type_INT64},
			{Name: "seconds", Type: querypb.Type_FLOAT64},
		},
		Rows: [][]sqltypes.Value{{
			sqltypes.NewInt64(int64(s.Files)), sqltypes.NewInt64(s.Bytes), sqltypes.NewFloat64(s.Seconds),
		}},
	}
	if err := cb(res, false); err != nil {
		return true, fmt.Errorf("backup: send result: %w", err)
	}
	return true, nil
}
