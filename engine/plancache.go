package engine

import "github.com/dolthub/go-mysql-server/sql"

// PlanVersion prepares the statement in ctx to run a cached plan (package
// plans): it starts the statement's transaction and fixes its start version
// as a definition lookup would, then returns the catalog version. Read in
// that order, a plan cached at that version describes definitions no older
// than the transaction's snapshot, so a DDL that commits later conflicts
// with the statement's writes exactly as on the uncached path. ok is false
// while the transaction has uncommitted catalog changes: its definitions
// are not the shared ones.
func (e *Engine) PlanVersion(ctx *sql.Context) (version uint64, ok bool, err error) {
	t, err := txnOf(ctx)
	if err != nil {
		return 0, false, err
	}
	if t.catalogDirty() {
		return 0, false, nil
	}
	t.kv.Pin()
	return e.cat.Version(), true, nil
}

// DefinitionBytes is the memory a cached plan keeps alive by holding this
// handle (package plans charges it to the plan).
func (t *Table) DefinitionBytes() int64 { return t.def.Bytes() + 256 }

// PlanCachePassThrough marks exactUpdateSource as a node package plans may
// keep in a cached plan: it passes its child's rows through and holds only
// the table and its bytewise schema, fixed by the catalog version.
func (*exactUpdateSource) PlanCachePassThrough() {}
