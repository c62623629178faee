package engine

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// GCHeadroomVar bounds the Go heap's garbage while a backfill runs, in
// MiB: the collector runs once the heap holds that much (or half the live
// heap, if more) beyond what the last collection kept. 0 leaves the
// collector at the server's GOGC.
//
// The server runs at GOGC 200 (server.DefaultGCPercent), so the heap
// grows to three times its live size between collections. A backfill
// keeps little live but allocates for every row (decoding, keys, the
// write buffer), and on a server with a small live heap that garbage was
// ~70 MB of a 10M-row build's ~+250-280 MB of RSS (docs/BENCHMARKS.md,
// mem13d). The bound is a soft memory limit (debug.SetMemoryLimit),
// recomputed every 100 ms from the live heap, so it follows what the
// program keeps (foreground work included) instead of holding the
// collector to a fixed size; the limit the process had before the first
// build is restored when the last one ends, and is never raised.
const GCHeadroomVar = "myriad_ddl_backfill_gc_headroom_mb"

// DefaultGCHeadroomMB is GCHeadroomVar's default. At ~300 bytes allocated
// per backfilled row (engine/ixbuild.go's batchFrom) it is a collection
// every ~60,000 rows, each marking the live heap (tens of MB on an idle
// server): a few seconds of CPU over a 10M-row build (ixmem19).
const DefaultGCHeadroomMB = 16

// gcAdjustEvery is how often the limit follows the live heap while
// backfills run: a timer rather than the backfill's batches, which a
// throttle or a lock wait can pause while the foreground's live heap grows
// (a limit left below it would have the collector run back to back).
const gcAdjustEvery = 100 * time.Millisecond

// buildGC is the memory limit shared by the backfills running in this
// process.
var buildGC struct {
	mu    sync.Mutex
	n     int           // backfills holding it
	prev  int64         // the limit before the first of them
	limit int64         // the limit last set by adjust; 0 none
	stop  chan struct{} // closed when the last one ends
}

// gcSampleNames are the runtime metrics adjust reads.
var gcSampleNames = [...]string{
	"/gc/heap/live:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes",
}

// holdBuildGC registers a running backfill; the first one sets the limit
// and starts following the live heap. Call the returned func once, when
// the backfill ends.
func holdBuildGC() (release func()) {
	buildGC.mu.Lock()
	defer buildGC.mu.Unlock()
	buildGC.n++
	if buildGC.n == 1 {
		buildGC.prev = debug.SetMemoryLimit(-1)
		buildGC.limit = 0
		stop := make(chan struct{})
		buildGC.stop = stop
		samples := make([]metrics.Sample, len(gcSampleNames))
		for i, n := range gcSampleNames {
			samples[i].Name = n
		}
		adjustBuildGC(samples)
		go func() {
			t := time.NewTicker(gcAdjustEvery)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
				}
				buildGC.mu.Lock()
				if buildGC.stop == stop {
					adjustBuildGC(samples)
				}
				buildGC.mu.Unlock()
			}
		}()
	}
	var once sync.Once
	return func() { once.Do(releaseBuildGC) }
}

// adjustBuildGC sets the limit from the live heap the last collection
// found: the memory the runtime holds beyond heap objects and free heap
// pages, plus the live heap, plus the headroom. Free pages count against
// the headroom, so the runtime returns them to the system (its scavenger
// keeps a process under its limit) rather than keeping a spike's pages
// resident. Called with buildGC.mu held.
func adjustBuildGC(samples []metrics.Sample) {
	mb := globalInt(GCHeadroomVar, DefaultGCHeadroomMB)
	metrics.Read(samples)
	v := func(i int) int64 {
		if samples[i].Value.Kind() != metrics.KindUint64 {
			return -1
		}
		return int64(min(samples[i].Value.Uint64(), math.MaxInt64))
	}
	live, total, released, objects, free := v(0), v(1), v(2), v(3), v(4)
	limit := buildGC.prev
	if mb > 0 && min(live, total, released, objects, free) >= 0 {
		limit = min(limit, total-released-objects-free+live+max(mb<<20, live/2))
	}
	if limit != buildGC.limit {
		debug.SetMemoryLimit(limit)
		buildGC.limit = limit
	}
}

// releaseBuildGC ends one hold; the last one restores the limit from
// before the first.
func releaseBuildGC() {
	buildGC.mu.Lock()
	defer buildGC.mu.Unlock()
	buildGC.n--
	if buildGC.n == 0 {
		close(buildGC.stop)
		buildGC.stop = nil
		debug.SetMemoryLimit(buildGC.prev)
		buildGC.limit = 0
	}
}
