package server

// The hideMySQL analyzer rule: SHOW DATABASES lists the mysql schema only to
// users with a privilege on it, as MySQL does (GMS lists it to everyone).

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// hideMySQL is installed by Server.init through engine.Install, under
// engine.RuleHideMySQL.
func hideMySQL(mdb *mysql_db.MySQLDb) analyzer.RuleFunc {
	return func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		sd, ok := n.(*plan.ShowDatabases)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, done := sd.Catalog.(mysqlHidingCatalog); done || !mdb.Enabled() {
			return n, transform.SameTree, nil
		}
		return &plan.ShowDatabases{Catalog: mysqlHidingCatalog{Catalog: sd.Catalog, mdb: mdb}}, transform.NewTree, nil
	}
}

// mysqlHidingCatalog answers SHOW DATABASES' question "is mysql visible"
// with the user's privileges.
type mysqlHidingCatalog struct {
	sql.Catalog
	mdb *mysql_db.MySQLDb
}

func (c mysqlHidingCatalog) Database(ctx *sql.Context, name string) (sql.Database, error) {
	if strings.EqualFold(name, "mysql") {
		ps := c.mdb.UserActivePrivilegeSet(ctx)
		if ps.Count() == 0 && !ps.Database("mysql").HasPrivileges() {
			return nil, sql.ErrDatabaseNotFound.New(name)
		}
	}
	return c.Catalog.Database(ctx, name)
}
