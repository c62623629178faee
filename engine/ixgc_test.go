package engine_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// While a backfill runs the process has a memory limit a little above its
// live heap (GCHeadroomVar); the limit from before is back once the build
// ends, and 0 leaves the limit alone.
func TestIndexBuildBoundsTheHeapWhileItRuns(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY, k INT, c CHAR(120))")
	ixLoad(s, 3000)
	ixNoThrottle(t, s)
	s.exec(fmt.Sprintf("SET GLOBAL %s = 10", engine.BatchRowsVar))
	t.Cleanup(func() { s.exec(fmt.Sprintf("SET GLOBAL %s = 1000", engine.BatchRowsVar)) })
	const before = int64(8 << 40)
	prev := debug.SetMemoryLimit(before)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	var during []int64
	hook := func(table string, done int64) { during = append(during, debug.SetMemoryLimit(-1)) }
	engine.BackfillHook.Store(&hook)
	t.Cleanup(func() { engine.BackfillHook.Store(nil) })

	s.exec("CREATE INDEX k1 ON t (k)")
	if len(during) == 0 {
		t.Fatal("no batch ran the hook")
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, l := range during {
		if l >= before || l > int64(ms.Sys)+1<<30 {
			t.Fatalf("memory limit %d during the build (before %d, runtime's Sys %d)", l, before, ms.Sys)
		}
	}
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Fatalf("memory limit %d after the build, want %d back", l, before)
	}

	during = nil
	s.exec(fmt.Sprintf("SET GLOBAL %s = 0", engine.GCHeadroomVar))
	t.Cleanup(func() { s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.GCHeadroomVar, engine.DefaultGCHeadroomMB)) })
	s.exec("CREATE INDEX k2 ON t (k)")
	for _, l := range during {
		if l != before {
			t.Fatalf("memory limit %d during a build with %s = 0, want %d", l, engine.GCHeadroomVar, before)
		}
	}
}
