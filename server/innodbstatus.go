package server

import (
	"fmt"
	"regexp"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// innodbStatusStmt is SHOW ENGINE INNODB STATUS, which GMS's parser does
// not know (it parses SHOW ENGINES only); it is answered here, before
// parsing, from the engine's lock table (engine.InnoDBStatus).
var innodbStatusStmt = regexp.MustCompile(`(?is)^\s*SHOW\s+ENGINE\s+(?:INNODB|` + "`innodb`" + `)\s+STATUS\s*;?\s*$`)

// comInnoDBStatus answers SHOW ENGINE INNODB STATUS: one row (Type, Name,
// Status) as in MySQL, with the latest deadlock and the transactions that
// hold or wait for locks. Requires PROCESS, as in MySQL.
func (h *handler) comInnoDBStatus(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	if !innodbStatusStmt.MatchString(query) {
		return false, nil
	}
	if !h.hasGlobal(c, sql.PrivilegeType_Process) {
		return true, mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000",
			"Access denied; you need (at least one of) the PROCESS privilege(s) for this operation")
	}
	status := h.eng.InnoDBStatus(h.srv.kills.Processes())
	text := func(s string) sqltypes.Value { return sqltypes.MakeTrusted(querypb.Type_VARCHAR, []byte(s)) }
	res := &sqltypes.Result{
		Fields: []*querypb.Field{
			{Name: "Type", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
			{Name: "Name", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
			{Name: "Status", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
		},
		Rows: [][]sqltypes.Value{{text("InnoDB"), text(""), text(status)}},
	}
	if err := cb(res, false); err != nil {
		return true, fmt.Errorf("show engine innodb status: send result: %w", err)
	}
	return true, nil
}

// hasGlobal reports whether connection c's account has priv globally.
func (h *handler) hasGlobal(c *mysql.Conn, priv sql.PrivilegeType) bool {
	host := ""
	if v, ok := h.srv.auth.hosts.Load(c.ConnectionID); ok {
		host = v.(string)
	}
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	rd := mdb.Reader()
	defer rd.Close()
	u := mdb.GetUser(rd, c.User, host, false)
	return u != nil && u.PrivilegeSet.Has(priv)
}
