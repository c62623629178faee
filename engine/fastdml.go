package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// Cached DML plans (package plans, server/plancache.go): a prepared
// single-table INSERT ... VALUES, UPDATE or DELETE whose plan was analyzed
// once is run again with new parameter values without GMS's binder and
// analyzer. What the analyzer does besides planning must then be done
// here: the row-lock marking of markLocking (MarkCachedLocking). What a
// plan cannot carry safely keeps the statement on the general path
// (CacheableDML).

// CacheableDML reports whether the analyzed DML plan n may be cached: every
// Myriad table it touches has no foreign keys (declared or referencing it),
// no CHECK constraints and no generated columns, so the plan holds all the
// statement does. (Triggers show in the plan as nodes package plans
// refuses.) The answer holds for the catalog version the plan is cached
// at: each of these is DDL, which advances it.
func (e *Engine) CacheableDML(ctx *sql.Context, n sql.Node) bool {
	ok, seen := true, 0
	tablesUnder(n, func(t *Table, _ ...string) {
		seen++
		if !ok {
			return
		}
		if len(t.def.FKs) > 0 || len(t.def.Checks) > 0 {
			ok = false
			return
		}
		// A rewrite in progress changes what a write to the table must
		// also write (the shadow copy): statements take the general path
		// until it ends. An index build does not need to: the editor
		// switches to the build's newest definition (syncBuild) whatever
		// plan it runs under, and each state change advances the catalog
		// version the plan is cached at. (Sessions 8-9 measured sysbench at
		// 45-71% of its before rate during builds whose backfill was
		// throttled to ~5% of a core and 86-95% right after, with the
		// same index upkeep: the general path was the difference.)
		if b := e.buildOf(t.def.ID); b != nil && !b.ended.Load() && b.rw != nil {
			ok = false
			return
		}
		for _, c := range t.Schema() {
			if c.Generated != nil || c.Virtual {
				ok = false
				return
			}
		}
		refs, err := t.GetReferencedForeignKeys(ctx)
		if err != nil || len(refs) > 0 {
			ok = false
		}
	})
	if ins, isIns := n.(*plan.InsertInto); isIns {
		// Only VALUES: the rows' source (not among the insert's
		// children) reads no table.
		tablesUnder(ins.Source, func(*Table, ...string) { ok = false })
	}
	return ok && seen > 0
}
