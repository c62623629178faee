package engine

import "runtime"

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

// AutoIncLoaded is how many sequences e holds, counted.
func AutoIncLoaded(e *Engine) (n int) {
	e.autoInc.Range(func(any, any) bool { n++; return true })
	return n
}

// SetAutoIncDrawFault runs f between an INSERT getting its table's
// AUTO_INCREMENT sequence and drawing a value from it (nil: nothing).
func SetAutoIncDrawFault(f func()) { autoIncDrawFault = f }
