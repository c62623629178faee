package server

// Authorization: the places where GMS's privilege checks differ from MySQL's
// in ways a tenant could notice or exploit. Table access is reported as 1142
// before the table is resolved (so a missing schema and a forbidden one look
// the same), CREATE/DROP DATABASE are checked against the named schema
// rather than the session's current one, and statements that need a global
// privilege fail with 1227 naming it.

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
)

// erTableAccessDenied is ER_TABLEACCESS_DENIED_ERROR.
const erTableAccessDenied = 1142

// authzHandler wraps GMS's authorization handler (installed per catalog, so
// it sees every statement GMS plans).
type authzHandler struct {
	sql.AuthorizationHandler
	mdb *mysql_db.MySQLDb
	a   *authServer
}

func (s *Server) installAuthorization() {
	a := s.sqle.Analyzer
	c := a.Catalog
	c.AuthHandler = authzHandler{AuthorizationHandler: c.AuthHandler, mdb: c.MySQLDb, a: s.auth}
}

// tablePrivileges are the privileges a table-level statement needs, in the
// order MySQL names the first one missing.
var tablePrivileges = map[string][]sql.PrivilegeType{
	ast.AuthType_SELECT:  {sql.PrivilegeType_Select},
	ast.AuthType_INSERT:  {sql.PrivilegeType_Insert},
	ast.AuthType_UPDATE:  {sql.PrivilegeType_Update},
	ast.AuthType_DELETE:  {sql.PrivilegeType_Delete},
	ast.AuthType_REPLACE: {sql.PrivilegeType_Insert, sql.PrivilegeType_Delete},
	ast.AuthType_CREATE:  {sql.PrivilegeType_Create},
	ast.AuthType_DROP:    {sql.PrivilegeType_Drop},
	ast.AuthType_ALTER:   {sql.PrivilegeType_Alter},
	ast.AuthType_INDEX:   {sql.PrivilegeType_Index},
	ast.AuthType_TRIGGER: {sql.PrivilegeType_Trigger},
	ast.AuthType_LOCK:    {sql.PrivilegeType_Select, sql.PrivilegeType_LockTables},
}

func (h authzHandler) HandleAuth(ctx *sql.Context, state sql.AuthorizationQueryState, auth ast.AuthInformation) error {
	if h.mdb.Enabled() {
		if err := h.check(ctx, auth); err != nil {
			return err
		}
	}
	err := h.AuthorizationHandler.HandleAuth(ctx, state, auth)
	if priv, ok := globalPrivileges[auth.AuthType]; ok && sql.ErrPrivilegeCheckFailed.Is(err) {
		return mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000",
			"Access denied; you need (at least one of) the %s privilege(s) for this operation", priv)
	}
	return err
}

// globalPrivileges are the statements that need a global privilege, which
// MySQL names in ER_SPECIFIC_ACCESS_DENIED_ERROR (1227).
var globalPrivileges = map[string]string{
	ast.AuthType_CREATE_USER:        "CREATE USER",
	ast.AuthType_PROCESS:            "PROCESS",
	ast.AuthType_RELOAD:             "RELOAD",
	ast.AuthType_SUPER:              "SUPER",
	ast.AuthType_FILE:               "FILE",
	ast.AuthType_REPLICATION_CLIENT: "REPLICATION CLIENT",
}

func (h authzHandler) check(ctx *sql.Context, auth ast.AuthInformation) error {
	switch auth.TargetType {
	case ast.AuthTargetType_SingleTableIdentifier, ast.AuthTargetType_MultipleTableIdentifiers:
		privs, ok := tablePrivileges[auth.AuthType]
		if !ok {
			return nil
		}
		// TargetNames are (database, table) pairs.
		for i := 0; i+1 < len(auth.TargetNames); i += 2 {
			db, table := auth.TargetNames[i], auth.TargetNames[i+1]
			if db == "" {
				db = ctx.GetCurrentDatabase()
			}
			if db == "" || strings.EqualFold(db, sql.InformationSchemaDatabaseName) {
				continue // 1046 or always readable: GMS decides
			}
			ps := h.mdb.UserActivePrivilegeSet(ctx)
			for _, p := range privs {
				if !ps.Has(p) && !ps.Database(db).Has(p) && !ps.Database(db).Table(table).Has(p) {
					// Checked before the table is resolved, as in MySQL:
					// whether db or table exists is not revealed.
					return mysql.NewSQLError(erTableAccessDenied, "42000",
						"%s command denied to user '%s'@'%s' for table '%s'", p.String(), ctx.Session.Client().User, sessionHost(ctx, h.a), table)
				}
			}
		}
	case ast.AuthTargetType_Global:
		// GMS checks CREATE/DROP DATABASE against the current database;
		// MySQL against the database named.
		var p sql.PrivilegeType
		switch auth.AuthType {
		case ast.AuthType_CREATE:
			p = sql.PrivilegeType_Create
		case ast.AuthType_DROP:
			p = sql.PrivilegeType_Drop
		default:
			return nil
		}
		stmt, _, err := ast.ParseOne(ctx, ctx.Query())
		if err != nil {
			return nil // GMS reports the syntax error
		}
		ddl, ok := stmt.(*ast.DBDDL)
		if !ok {
			return nil
		}
		ps := h.mdb.UserActivePrivilegeSet(ctx)
		if !ps.Has(p) && !ps.Database(ddl.DBName).Has(p) {
			return mysql.NewSQLError(mysql.ERDBAccessDenied, "42000",
				"Access denied for user %s to database '%s'", h.account(ctx), ddl.DBName)
		}
		// CREATE DATABASE ... LIKE template (server/clone.go) reads the
		// template: SELECT on it, denied as USE would be (1044).
		if tmpl, ok := engine.PendingClone(ctx); ok && p == sql.PrivilegeType_Create &&
			!ps.Has(sql.PrivilegeType_Select) && !ps.Database(tmpl).Has(sql.PrivilegeType_Select) {
			return mysql.NewSQLError(mysql.ERDBAccessDenied, "42000",
				"Access denied for user %s to database '%s'", h.account(ctx), tmpl)
		}
	}
	return nil
}

// account is the session's account as MySQL's 1044 names it ('u'@'%').
func (h authzHandler) account(ctx *sql.Context) string {
	client := ctx.Session.Client()
	rd := h.mdb.Reader()
	defer rd.Close()
	if u := h.mdb.GetUser(rd, client.User, client.Address, false); u != nil {
		return u.UserHostToString("'")
	}
	return mysql_db.User{User: client.User, Host: client.Address}.UserHostToString("'")
}

// sessionHost is the client's host as MySQL's 1142 names it (the session
// itself only knows its account).
func sessionHost(ctx *sql.Context, a *authServer) string {
	if h, ok := a.hosts.Load(ctx.Session.ID()); ok {
		return h.(string)
	}
	return ctx.Session.Client().Address
}
