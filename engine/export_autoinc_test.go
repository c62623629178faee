package engine

import (
	"runtime"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

var runtimeGosched = runtime.Gosched

// SetMoveCountersFault lets engine_test act between a batch of
// MoveLegacyCounters reading its counters and committing their move.
func SetMoveCountersFault(f func()) { moveCountersFault = f }

// SetAutoIncCap sets how many loaded AUTO_INCREMENT sequences e keeps
// before a sweep evicts idle ones (0: the default).
func SetAutoIncCap(e *Engine, n int64) { e.autoInc.capacity.Store(n) }

// SweepAutoInc runs a sweep now, after any running one.
func SweepAutoInc(e *Engine) {
	for !e.autoInc.sweeping.CompareAndSwap(false, true) {
		runtimeGosched()
	}
	defer e.autoInc.sweeping.Store(false)
	e.sweepAutoInc()
}

// AutoIncEvictions is how many sequences e evicted.
func AutoIncEvictions(e *Engine) uint64 { return e.autoInc.evictions.Load() }

// AutoIncSweepReads is how many counters e's sweeps read to decide an
// eviction.
func AutoIncSweepReads(e *Engine) uint64 { return e.autoInc.reads.Load() }

// AutoIncLoaded is how many sequences e holds, counted.
func AutoIncLoaded(e *Engine) (n int) {
	e.autoInc.Range(func(any, any) bool { n++; return true })
	return n
}

// SetAutoIncDrawFault runs f between an INSERT getting its table's
// AUTO_INCREMENT sequence and drawing a value from it (nil: nothing).
func SetAutoIncDrawFault(f func()) { autoIncDrawFault = f }

// SetRowIDCap sets how many loaded hidden row-ID sequences e keeps before a
// sweep evicts idle ones (0: the default).
func SetRowIDCap(e *Engine, n int64) { e.rowIDSeq.capacity.Store(n) }

// SweepRowIDs runs a sweep of the row-ID sequences now, after any running
// one.
func SweepRowIDs(e *Engine) {
	for !e.rowIDSeq.sweeping.CompareAndSwap(false, true) {
		runtimeGosched()
	}
	defer e.rowIDSeq.sweeping.Store(false)
	e.sweepRowIDs()
}

// RowIDEvictions is how many row-ID sequences e evicted.
func RowIDEvictions(e *Engine) uint64 { return e.rowIDSeq.evictions.Load() }

// RowIDLoaded is how many row-ID sequences e holds, counted.
func RowIDLoaded(e *Engine) (n int) {
	e.rowIDSeq.Range(func(any, any) bool { n++; return true })
	return n
}

// SetRowIDDrawFault runs f between an insert getting its table's row-ID
// sequence and drawing an ID from it (nil: nothing).
func SetRowIDDrawFault(f func()) { rowIDDrawFault = f }

// AutoIncForAllocs is how many allocations getting the loaded
// AUTO_INCREMENT sequence of db.table takes (-1: no such table).
func AutoIncForAllocs(e *Engine, ctx *sql.Context, db, table string) float64 {
	sch, err := e.cat.Schema(nil, db)
	if err != nil || sch == nil {
		return -1
	}
	t, err := e.cat.Table(nil, sch, table)
	if err != nil || t == nil {
		return -1
	}
	if _, err := e.autoIncFor(ctx, t); err != nil {
		return -1
	}
	return testing.AllocsPerRun(100, func() {
		if _, err := e.autoIncFor(ctx, t); err != nil {
			panic(err)
		}
	})
}
