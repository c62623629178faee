package engine

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
)

// SyncBuildForTest runs a writer's index-build check (syncBuild) for
// definition def of table in schema db, in a fresh transaction, and
// reports whether it took the table's intention lock and whether the
// writer switched to another definition.
func (e *Engine) SyncBuildForTest(ctx *sql.Context, db string, def *catalog.Table) (locked, switched bool, err error) {
	sch, err := e.cat.Schema(nil, db)
	if err != nil {
		return false, false, err
	}
	t := (&Database{eng: e, schema: sch}).newTable(def)
	tx := e.db.Begin()
	defer tx.Rollback()
	defer e.locks.ReleaseAll(tx.ID())
	w, err := t.syncBuild(ctx, tx)
	return e.locks.Holds(tx.ID(), t.tableLockKey()) != 0, w.def != def, err
}
