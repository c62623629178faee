package kv

import (
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble"
	"github.com/cockroachdb/pebble/vfs"
)

// Disk space guard.
//
// Pebble v1.1.5 does not survive ENOSPC in its write path (see "Write
// errors" in the package documentation: a failed WAL write poisons the WAL
// writer, a failed WAL rotation or MANIFEST write panics). So kv makes sure
// Pebble never gets there: it keeps a reserve of free space on the store's
// filesystem and refuses writing commits with ErrDiskFull before the reserve
// would be touched. Like CockroachDB's ballast, the reserve is space the
// database itself never plans to fill: what it absorbs is only what the
// estimate below cannot foresee (compactions not yet begun, MANIFEST growth,
// sstables a little larger than the batches they hold).
//
// The estimate of the space available is the last measurement of the
// filesystem (statfs, through vfs.FS.GetDiskUsage, by a background
// goroutine, never on the write path) minus what Pebble will still write
// for data already admitted, which statfs does not show yet:
//
//   - the sstables the memtables not yet flushed will become: the logical
//     size of their WALs (Metrics.WAL.Size), flushes in progress included
//     (their memtables stay queued until the flush is installed, so their
//     outputs already on disk are counted twice, erring on the safe side);
//   - the outputs of compactions in progress: the sizes of their inputs
//     (from CompactionBegin until CompactionEnd) minus the bytes they have
//     written so far (Metrics.Compact.InProgressBytes); outputs are
//     written before inputs are deleted;
//   - the next WAL: when a memtable fills, Pebble rotates to a new WAL and
//     preallocates 110% of the memtable size for it at once (fallocate:
//     real blocks), unless it can recycle an obsolete WAL. One
//     preallocation is counted whenever no WAL is waiting to be recycled.
//
// Between two measurements each admitted commit subtracts twice its batch
// (once for the WAL, once for the sstable its memtable flushes to), each WAL
// created subtracts one more preallocation (the next rotation's: the one it
// makes itself was counted before it) and each compaction that begins
// subtracts its inputs, so a burst cannot run through the reserve before the
// next measurement. Compactions' ends, flushes' ends and refused commits
// ask for a measurement at once. A measurement replaces the estimate, but
// charges made while it was taken are carried over (spent), and commits
// admitted but not yet in Pebble's metrics are counted as pending
// (unapplied), so none is lost to the race. (What is left to the reserve:
// a measurement landing between a WAL's creation and its first write misses
// that WAL's preallocation, and compaction output written between statfs and
// the metrics is missed; the first is why WAL creation does not ask for a
// measurement.)
// Counted this way, the small memtables Pebble starts with after Open (256
// KiB, doubling up to the configured size, each with a full-size WAL
// preallocation) and a queue of memtables waiting for their flush no longer
// make the filesystem's free space fall below what the guard believes.
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

// minKickGap bounds how often kicks (refused commits, Pebble's events) can
// make the poller measure: a measurement takes Pebble's mutex for its
// metrics, which a stream of refused commits must not turn into a busy loop.
const minKickGap = time.Millisecond

// pebbleSpace is what the guard reads from Pebble's metrics at each
// measurement (see the package comment).
type pebbleSpace struct {
	// unflushed is the logical size of the WALs of memtables not yet
	// flushed (Metrics.WAL.Size): what their sstables will take.
	unflushed int64
	// compactionWritten is what compactions in progress have written so
	// far (Metrics.Compact.InProgressBytes).
	compactionWritten int64
	// recycledWALs counts obsolete WALs waiting to be reused
	// (Metrics.WAL.ObsoleteFiles).
	recycledWALs int64
}

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
	// walPrealloc is what Pebble preallocates for a new WAL.
	walPrealloc int64
	// pebble reads Pebble's metrics; set by start, before the poller runs.
	pebble func() pebbleSpace

	// avail is the last measurement minus Pebble's pending writes then,
	// minus the charges made since.
	avail atomic.Int64
	// spent sums every charge ever made (commits, WALs created, compactions
	// begun): a measurement keeps those made while it was taken.
	spent atomic.Int64
	// pending is Pebble's pending writes at the last measurement.
	pending atomic.Int64
	// compacting sums the input sizes of compactions in progress.
	compacting atomic.Int64
	// unapplied sums the cost of commits admitted but not yet in Pebble
	// (whose WAL bytes its metrics do not show yet).
	unapplied atomic.Int64
	total     atomic.Int64 // filesystem size at the last measurement
	full      atomic.Bool
	refused   atomic.Uint64
	measured  atomic.Int64 // unix nanos of the last successful measurement
	deleted   atomic.Bool  // a delete-only commit was admitted while full
	// refusedSince: a commit was refused since the last measurement.
	refusedSince atomic.Bool

	kickCh  chan struct{}
	stop    chan struct{}
	done    chan struct{}
	started bool
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
// any commit stays small next to the reserve. The guard counts one WAL
// preallocation (110% of Options.MemTableBytes: 70 MiB for the default
// 64 MiB memtable) and the memtables' future sstables as pending, so a
// memtable as large as the reserve would make a store refuse writes with
// twice the reserve free. A quarter of the reserve keeps both under half of
// it. The default reserve (256 MiB and up) never lowers the 64 MiB default.
func memTableForReserve(memTable, minFree int64) int64 {
	return min(memTable, max(minFree/4, 1<<20))
}

// walPreallocation is what Pebble v1.1.5 preallocates for each new WAL
// (DB.walPreallocateSize: the memtable size plus a tenth).
func walPreallocation(memTableSize uint64) int64 {
	return int64(memTableSize + memTableSize/10)
}

// newSpaceGuard measures the filesystem once (so a store opened on a full
// disk refuses writes from the first commit). Its event listener must be
// given to Pebble; start begins the periodic measurements once Pebble is
// open. minFree is resolved (> 0).
func newSpaceGuard(fs vfs.FS, dir string, minFree int64, every time.Duration, log *slog.Logger, flush func(), walPrealloc int64) (*spaceGuard, error) {
	du, err := fs.GetDiskUsage(dir)
	if err != nil {
		return nil, fmt.Errorf("kv: measure free space of %s: %w", dir, err)
	}
	if every <= 0 {
		every = defaultSpaceCheckInterval
	}
	g := &spaceGuard{
		fs: fs, dir: dir, min: minFree, resumeAt: minFree + minFree/4, every: every,
		log: log, flush: flush, walPrealloc: walPrealloc,
		kickCh: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
	}
	g.update(du, false, 0, 0)
	return g, nil
}

// start measures again, now counting Pebble's pending writes read through
// metrics, and starts the poller.
func (g *spaceGuard) start(metrics func() pebbleSpace) {
	g.pebble = metrics
	g.started = true
	g.measure()
	go g.loop()
}

// eventListener tells the guard what Pebble is about to write outside any
// commit. Its callbacks run on Pebble's goroutines (some under Pebble's
// mutex): atomics and a non-blocking kick only.
func (g *spaceGuard) eventListener() pebble.EventListener {
	inputs := func(info pebble.CompactionInfo) int64 {
		var n uint64
		for _, l := range info.Input {
			for _, t := range l.Tables {
				n += t.Size
			}
		}
		return int64(n)
	}
	return pebble.EventListener{
		WALCreated: func(info pebble.WALCreateInfo) {
			if info.Err == nil {
				// This WAL's preallocation was counted as pending (or
				// charged by the previous rotation); charge the next one's.
				// No kick: a measurement taken before this WAL's first
				// write (which preallocates) would miss it.
				g.charge(g.walPrealloc)
			}
		},
		CompactionBegin: func(info pebble.CompactionInfo) {
			n := inputs(info)
			g.compacting.Add(n)
			g.charge(n)
			g.kick()
		},
		CompactionEnd: func(info pebble.CompactionInfo) {
			g.compacting.Add(-inputs(info))
			g.kick()
		},
		FlushEnd: func(pebble.FlushInfo) { g.kick() },
	}
}

// charge subtracts n bytes Pebble is going to write from the estimate and
// returns the estimate left.
func (g *spaceGuard) charge(n int64) int64 {
	g.spent.Add(n)
	return g.avail.Add(-n)
}

// admit decides whether a commit whose Pebble batch is size bytes may be
// written. Called under the commit mutex, so admitted costs are subtracted in
// commit order; it never blocks. An admitted commit's cost must be passed to
// applied once Pebble has it (or failed to take it).
func (g *spaceGuard) admit(size int, deleteOnly bool) (cost int64, err error) {
	cost = 2 * int64(size)
	floor := g.min
	if deleteOnly {
		floor = g.min / 2
	} else if g.full.Load() {
		return 0, g.refuse(g.avail.Load())
	}
	// Checked before charging (no refund, which a measurement taken in
	// between could count twice); a concurrent event's charge can only
	// take the estimate lower, and the next commit sees it.
	if left := g.avail.Load() - cost; left < floor {
		g.kick()
		return 0, g.refuse(left + cost)
	}
	g.unapplied.Add(cost)
	g.charge(cost)
	if deleteOnly && g.full.Load() {
		g.deleted.Store(true)
		g.kick()
	}
	return cost, nil
}

// applied ends what admit began: the commit is in Pebble's metrics now (its
// WAL bytes), or failed.
func (g *spaceGuard) applied(cost int64) {
	if cost != 0 {
		g.unapplied.Add(-cost)
	}
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
			if d := minKickGap - time.Since(time.Unix(0, g.measured.Load())); d > 0 {
				time.Sleep(d)
			}
		}
		g.measure()
	}
}

// pendingWrites is what Pebble will still write for data already admitted
// (see the package comment). Read after statfs: what happens in between is
// counted twice rather than not at all.
func (g *spaceGuard) pendingWrites() int64 {
	if g.pebble == nil {
		return 0
	}
	// Both before the metrics: a compaction ending in between then has its
	// inputs counted and its written bytes not subtracted, a commit applied
	// in between is counted twice.
	compacting := g.compacting.Load()
	unapplied := g.unapplied.Load()
	m := g.pebble()
	n := max(m.unflushed, 0) + unapplied + max(compacting-m.compactionWritten, 0)
	if m.recycledWALs == 0 {
		n += g.walPrealloc
	}
	return n
}

func (g *spaceGuard) measure() {
	spent := g.spent.Load()
	du, err := g.fs.GetDiskUsage(g.dir)
	if err != nil {
		// Keep the last estimate: it only ever decreases between
		// measurements, so a failing statfs errs on the side of refusing.
		g.log.Warn("cannot measure free space", "dir", g.dir, "err", err)
		return
	}
	g.update(du, g.refusedSince.Swap(false), g.pendingWrites(), spent)
	if g.deleted.Swap(false) && g.flush != nil {
		g.flush()
	}
}

// update installs a measurement and moves between the normal and full
// states with hysteresis. refused: a commit was refused since the last
// measurement. pending: Pebble's pending writes. spent: g.spent before the
// filesystem was measured; charges made since then are carried over.
func (g *spaceGuard) update(du vfs.DiskUsage, refused bool, pending, spent int64) {
	base := int64(min(du.AvailBytes, 1<<62)) - pending
	var avail int64
	for {
		// A charge adds to spent before it subtracts from avail: if the
		// subtraction lands between the two loads below the swap fails;
		// if it lands after, it applies to the new estimate (counted twice
		// when spent already had it, never lost).
		old := g.avail.Load()
		avail = base - (g.spent.Load() - spent)
		if g.avail.CompareAndSwap(old, avail) {
			break
		}
	}
	g.pending.Store(pending)
	g.total.Store(int64(min(du.TotalBytes, 1<<62)))
	g.measured.Store(time.Now().UnixNano())
	switch {
	case !g.full.Load() && (avail < g.min || (refused && avail < g.resumeAt)):
		g.full.Store(true)
		g.log.Error("disk full: refusing writes until space is freed",
			"dir", g.dir, "available_bytes", avail, "pending_bytes", pending,
			"min_free_bytes", g.min, "resume_at_bytes", g.resumeAt)
	case g.full.Load() && avail >= g.resumeAt:
		g.full.Store(false)
		g.log.Info("disk space available again: accepting writes",
			"dir", g.dir, "available_bytes", avail, "pending_bytes", pending, "min_free_bytes", g.min)
	}
}

func (g *spaceGuard) close() {
	if !g.started {
		return
	}
	close(g.stop)
	<-g.done
}

// SpaceStats describes the disk space guard.
type SpaceStats struct {
	Enabled bool
	// AvailableBytes is the last measurement minus PendingBytes, minus
	// the estimated cost of commits admitted (and of WALs and compactions
	// Pebble started) since.
	AvailableBytes int64
	// PendingBytes is what Pebble was still to write, at the last
	// measurement, for data already admitted: unflushed memtables'
	// sstables, compaction outputs in progress, the next WAL's
	// preallocation.
	PendingBytes int64
	TotalBytes   int64
	MinFreeBytes int64
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
		Enabled: true, AvailableBytes: g.avail.Load(), PendingBytes: g.pending.Load(), TotalBytes: g.total.Load(),
		MinFreeBytes: g.min, Full: g.full.Load(), ResumeBytes: g.resumeAt, Refused: g.refused.Load(),
	}
}
