package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/plans"
)

// An insertTemplate is where the plan cache keeps, besides each table's
// own plans, one INSERT plan per statement shape and table shape
// (catalog.Table.Shape): with inserts spread over a million identically
// defined tables, nearly every statement names a table whose own plan was
// never made or was evicted, and analyzing it again was a third of the
// server's time (docs/PROFILES.md, "manytables"). The template's plan is
// pointed at the statement's table (engine.RetargetInsert) instead.
type insertTemplate struct {
	key plans.Key
	db  sql.Database
	tbl sql.Table
}

// insertTemplateFor returns the template slot of stmt, an INSERT whose own
// plan key pk missed, or nil when its plan must be its table's own. The
// account must hold INSERT globally: a template analyzed for one table
// vouches for no table-level privilege on another.
//
// generic, when not empty, is the statement printed without its table,
// known from its template (textshape.go).
func (h *handler) insertTemplateFor(ctx *sql.Context, stmt sqlparser.Statement, pk plans.Key, generic string) *insertTemplate {
	ins, ok := stmt.(*sqlparser.Insert)
	if !ok || ins.Table.Name.IsEmpty() {
		return nil
	}
	cat := h.srv.sqle.Analyzer.Catalog
	if cat.MySQLDb.Enabled() && !cat.MySQLDb.UserActivePrivilegeSet(ctx).Has(sql.PrivilegeType_Insert) {
		return nil
	}
	dbName := ins.Table.DbQualifier.String()
	if dbName == "" {
		dbName = ctx.GetCurrentDatabase()
	}
	if dbName == "" {
		return nil
	}
	db, err := cat.Database(ctx, dbName)
	if err != nil {
		return nil
	}
	tbl, found, err := db.GetTableInsensitive(ctx, ins.Table.Name.String())
	if err != nil || !found {
		return nil
	}
	shape, ok := h.eng.InsertTemplateShape(ctx, tbl)
	if !ok {
		return nil
	}
	if generic == "" {
		g := *ins
		g.Table = sqlparser.TableName{}
		generic = sqlparser.String(&g)
	}
	pk.Query = "\x00insert template\x00" + shape + "\x00" + generic
	return &insertTemplate{key: pk, db: db, tbl: tbl}
}

// lookup returns the template's plan pointed at the statement's table, or
// nil when there is none or it cannot be pointed there.
func (it *insertTemplate) lookup(ctx *sql.Context, cache *plans.Cache) *plans.Plan {
	tp, known := cache.Get(it.key)
	if !known || tp == nil {
		return nil
	}
	pl, err := tp.Retarget(func(n sql.Node) (sql.Node, error) {
		return engine.RetargetInsert(ctx, n, it.db, it.tbl)
	})
	if err != nil {
		return nil
	}
	return pl
}
