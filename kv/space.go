package kv

import (
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/vfs"
)

// Disk space guard.
//
// Pebble v1.1.5 does not survive ENOSPC in its write path (see "Write
// errors" in the package documentation: a failed WAL write poisons the WAL
// writer, a failed WAL rotation or MANIFEST write panics). So kv makes sure
// Pebble never gets there: it keeps a reserve of free space on the store's
// filesystem and refuses writing commits with ErrDiskFull before the reserve
// would be touched. The reserve is what flushes, compactions and the WAL of
// commits already admitted need to finish; like CockroachDB's ballast it is
// space the database itself never fills.
//
// The filesystem is measured (statfs, through vfs.FS.GetDiskUsage) by a
// background goroutine, never on the write path. Between two measurements
// each admitted commit subtracts an estimate of what it will occupy (its
// batch twice: once in the WAL, once in the sstable its memtable flushes to)
// from the last measurement, so a burst of writes cannot run through the
// reserve between two polls. A commit that would bring the estimate below the
// reserve is refused and triggers an immediate measurement.
//
// Hysteresis: once a measurement finds less than the reserve available (or
// less than the reserve plus a quarter of it right after a commit was
// refused), the guard is "full" and refuses every commit that adds data
// until a measurement finds at least the reserve plus a quarter of it
// available, so a filesystem hovering at the threshold does not flap between
// accepting and refusing. (Without the second condition, the estimate, which
// counts twice what the WAL takes at first, would only ever let writes
// approach the reserve in halving steps, refusing big commits and admitting
// small ones, without the guard ever saying it is full.)
//
// Reads, read-only transactions and commits that only delete (DELETE, DROP
// TABLE, DROP DATABASE: point and range tombstones, no new values) are still
// admitted while full, as long as they leave half the reserve untouched: they
// are how an operator frees space from SQL. Their space comes back once
// Pebble has flushed and compacted the tombstones, which kv requests.

// ErrDiskFull is matched (errors.Is) by the error a writing commit gets when
// the store's filesystem has less free space than Options.MinFreeBytes. The
// commit wrote nothing; the transaction is rolled back. Writes are admitted
// again once space has been freed.
var ErrDiskFull = errors.New("kv: disk full")

// DiskFullError is the concrete error behind ErrDiskFull.
type DiskFullError struct {
	Dir       string // the store directory
	Available int64  // bytes available when the commit was refused (estimate)
	MinFree   int64  // the reserve (Options.MinFreeBytes)
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("kv: disk full, %s available in %s, minimum free space is %s",
		humanBytes(e.Available), e.Dir, humanBytes(e.MinFree))
}

// Is makes errors.Is(err, ErrDiskFull) true.
func (e *DiskFullError) Is(target error) bool { return target == ErrDiskFull }

func humanBytes(n int64) string {
	if n < 0 {
		n = 0
	}
	const mib = 1 << 20
	if n < mib {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/mib)
}

// DefaultMinFreeBytes is the reserve for a filesystem of totalBytes when
// Options.MinFreeBytes is 0: the larger of 256 MiB and 1% of the filesystem.
func DefaultMinFreeBytes(totalBytes uint64) int64 {
	return max(256<<20, int64(totalBytes/100))
}

// defaultSpaceCheckInterval is how often free space is measured. A statfs is
// a few microseconds; the interval bounds how long writes stay refused after
// space was freed, not how far writes can overrun (the estimate does that).
const defaultSpaceCheckInterval = 500 * time.Millisecond

// spaceGuard is the reserve check. Its write-path methods only touch atomics.
type spaceGuard struct {
	fs       vfs.FS
	dir      string
	min      int64 // refuse below this
	resumeAt int64 // leave the full state at or above this
	every    time.Duration
	log      *slog.Logger
	// flush asks Pebble to flush its memtable (so that tombstones admitted
	// while full reach sstables and compactions can drop what they cover).
	flush func()

	avail    atomic.Int64 // last measurement minus the cost of commits admitted since
	total    atomic.Int64 // filesystem size at the last measurement
	full     atomic.Bool
	refused  atomic.Uint64
	measured atomic.Int64 // unix nanos of the last successful measurement
	deleted  atomic.Bool  // a delete-only commit was admitted while full
	// refusedSince: a commit was refused since the last measurement.
	refusedSince atomic.Bool

	kickCh chan struct{}
	stop   chan struct{}
	done   chan struct{}
}

// resolveMinFree turns Options.MinFreeBytes 0 into the default for dir's
// filesystem.
func resolveMinFree(fs vfs.FS, dir string, minFree int64) (int64, error) {
	if minFree != 0 {
		return minFree, nil
	}
	du, err := fs.GetDiskUsage(dir)
	if err != nil {
		return 0, fmt.Errorf("kv: measure free space of %s: %w", dir, err)
	}
	return DefaultMinFreeBytes(du.TotalBytes), nil
}

// memTableForReserve caps the memtable so that what Pebble takes outside
// any commit fits in the reserve. When a memtable fills, Pebble creates the
// next WAL and preallocates 110% of Options.MemTableBytes for it at once
// (fallocate: real blocks, 70 MiB for the default 64 MiB memtable), then
// flushes the old memtable to an sstable of up to its size. A quarter of the
// reserve for the memtable keeps both together under half of it. The
// default reserve (256 MiB and up) never lowers the 64 MiB default.
func memTableForReserve(memTable, minFree int64) int64 {
	return min(memTable, max(minFree/4, 1<<20))
}

// newSpaceGuard measures the filesystem once (so a store opened on a full
// disk refuses writes from the first commit) and starts the poller. minFree
// is resolved (> 0).
func newSpaceGuard(fs vfs.FS, dir string, minFree int64, every time.Duration, log *slog.Logger, flush func()) (*spaceGuard, error) {
	du, err := fs.GetDiskUsage(dir)
	if err != nil {
		return nil, fmt.Errorf("kv: measure free space of %s: %w", dir, err)
	}
	if every <= 0 {
		every = defaultSpaceCheckInterval
	}
	g := &spaceGuard{
		fs: fs, dir: dir, min: minFree, resumeAt: minFree + minFree/4, every: every,
		log: log, flush: flush,
		kickCh: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
	}
	g.update(du, false)
	go g.loop()
	return g, nil
}

// admit decides whether a commit whose Pebble batch is size bytes may be
// written. Called under the commit mutex, so admitted costs are subtracted in
// commit order; it never blocks.
func (g *spaceGuard) admit(size int, deleteOnly bool) error {
	cost := 2 * int64(size)
	floor := g.min
	if deleteOnly {
		floor = g.min / 2
	} else if g.full.Load() {
		return g.refuse(g.avail.Load())
	}
	if left := g.avail.Add(-cost); left < floor {
		g.avail.Add(cost)
		g.kick()
		return g.refuse(left + cost)
	}
	if deleteOnly && g.full.Load() {
		g.deleted.Store(true)
		g.kick()
	}
	return nil
}

func (g *spaceGuard) refuse(avail int64) error {
	g.refused.Add(1)
	g.refusedSince.Store(true)
	return &DiskFullError{Dir: g.dir, Available: avail, MinFree: g.min}
}

// kick asks the poller for a measurement now.
func (g *spaceGuard) kick() {
	select {
	case g.kickCh <- struct{}{}:
	default:
	}
}

func (g *spaceGuard) loop() {
	defer close(g.done)
	t := time.NewTicker(g.every)
	defer t.Stop()
	for {
		select {
		case <-g.stop:
			return
		case <-t.C:
		case <-g.kickCh:
		}
		g.measure()
	}
}

func (g *spaceGuard) measure() {
	du, err := g.fs.GetDiskUsage(g.dir)
	if err != nil {
		// Keep the last estimate: it only ever decreases between
		// measurements, so a failing statfs errs on the side of refusing.
		g.log.Warn("cannot measure free space", "dir", g.dir, "err", err)
		return
	}
	g.update(du, g.refusedSince.Swap(false))
	if g.deleted.Swap(false) && g.flush != nil {
		g.flush()
	}
}

// update installs a measurement and moves between the normal and full
// states with hysteresis. refused: a commit was refused since the last
// measurement.
func (g *spaceGuard) update(du vfs.DiskUsage, refused bool) {
	avail := int64(min(du.AvailBytes, 1<<62))
	g.avail.Store(avail)
	g.total.Store(int64(min(du.TotalBytes, 1<<62)))
	g.measured.Store(time.Now().UnixNano())
	switch {
	case !g.full.Load() && (avail < g.min || (refused && avail < g.resumeAt)):
		g.full.Store(true)
		g.log.Error("disk full: refusing writes until space is freed",
			"dir", g.dir, "available_bytes", avail, "min_free_bytes", g.min, "resume_at_bytes", g.resumeAt)
	case g.full.Load() && avail >= g.resumeAt:
		g.full.Store(false)
		g.log.Info("disk space available again: accepting writes",
			"dir", g.dir, "available_bytes", avail, "min_free_bytes", g.min)
	}
}

func (g *spaceGuard) close() {
	close(g.stop)
	<-g.done
}

// SpaceStats describes the disk space guard.
type SpaceStats struct {
	Enabled bool
	// AvailableBytes is the last measurement minus the estimated cost of
	// commits admitted since.
	AvailableBytes int64
	TotalBytes     int64
	MinFreeBytes   int64
	// Full: writing commits are refused (ErrDiskFull) until AvailableBytes
	// reaches ResumeBytes.
	Full        bool
	ResumeBytes int64
	// Refused counts commits refused with ErrDiskFull.
	Refused uint64
}

func (g *spaceGuard) stats() SpaceStats {
	if g == nil {
		return SpaceStats{}
	}
	return SpaceStats{
		Enabled: true, AvailableBytes: g.avail.Load(), TotalBytes: g.total.Load(),
		MinFreeBytes: g.min, Full: g.full.Load(), ResumeBytes: g.resumeAt, Refused: g.refused.Load(),
	}
}
