package engine

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/locks"
)

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

// PlanLocks is what a cached plan's locking depends on that its nodes
// alone fix, found once per cached plan (PlanLocksOf) instead of by a walk
// of the bound plan on every execution: the tables whose metadata locks it
// takes and the modes of its UPDATE/DELETE's row locks. Everything that
// depends on the session (the metadata locks' mode, a locking clause,
// SERIALIZABLE, the transaction) is still read per execution. It holds
// table names and IDs of the catalog version the plan was cached at, as
// the plan does.
type PlanLocks struct {
	mdl  []planTable
	rows map[uint64]locks.Mode // read-only once built
}

type planTable struct {
	schemaID uint64
	name     string
}

// PlanLocksOf finds the PlanLocks of n, an execution of a cached plan
// bound to its values (or kept from one: RebindRange, RebindDirect); any
// execution of the plan gives the same.
func PlanLocksOf(n sql.Node) *PlanLocks {
	pl := &PlanLocks{}
	if r, ok := n.(*rangeScan); ok {
		// A compiled read holds its table, not a table node.
		pl.mdl = append(pl.mdl, planTable{r.t.db.schema.ID, r.t.def.Name})
		return pl
	}
	tablesUnder(n, func(t *Table, _ ...string) {
		pl.mdl = append(pl.mdl, planTable{t.db.schema.ID, t.def.Name})
	})
	pl.rows = rowLockTables(n)
	return pl
}

// LockPlanTables takes the shared metadata locks of the tables a cached
// plan reads or writes (package plans skips resolution, where the general
// path takes them). The caller checks afterwards that the catalog version
// the plan was cached at is still current: a swap that committed before
// the locks were granted makes the plan stale.
func (e *Engine) LockPlanTables(ctx *sql.Context, pl *PlanLocks) error {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return nil
	}
	for _, t := range pl.mdl {
		if err := e.lockShared(ctx, s, t.schemaID, t.name); err != nil {
			return err
		}
	}
	return nil
}

// MarkCachedLocking records, for the statement about to run a cached
// plan, the tables it reads with row locks, as the analyzer rule
// markLocking does when a statement is analyzed: an UPDATE or DELETE reads
// its target by current read under exclusive row locks. Call it after the
// session's command began (SessionCommandBegin); CommandEnd clears it.
func (e *Engine) MarkCachedLocking(ctx *sql.Context, pl *PlanLocks) error {
	if s, ok := ctx.Session.(*Session); ok {
		s.markStatement(pl.rows)
	}
	return nil
}
