package kv

import (
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble"
	"github.com/cockroachdb/pebble/bloom"
	"github.com/cockroachdb/pebble/vfs"
)

// Durability selects when Commit and Apply return relative to the WAL fsync.
type Durability int

const (
	// Sync: Commit returns after its WAL record is fsynced. Concurrent
	// commits share fsyncs (group commit).
	Sync Durability = iota
	// Async: like innodb_flush_log_at_trx_commit=0. The WAL record is written
	// but not fsynced per commit; a background goroutine fsyncs the WAL every
	// Options.AsyncSyncInterval, bounding what an OS crash can lose.
	Async
)

func (d Durability) String() string {
	switch d {
	case Sync:
		return "sync"
	case Async:
		return "async"
	default:
		return fmt.Sprintf("Durability(%d)", int(d))
	}
}

// Options configures Open. The zero value is usable.
type Options struct {
	// Durability of Commit and Apply. Default Sync.
	Durability Durability
	// CacheBytes is the Pebble block cache size. Default 256 MiB.
	CacheBytes int64
	// Logger receives kv's and Pebble's log output. Default slog.Default().
	Logger *slog.Logger
	// MemTableBytes is the size of one memtable. Default 64 MiB. A commit
	// whose batch is larger than half of it is handed to Pebble as a
	// "flushable batch" instead of being copied into the memtable.
	MemTableBytes int64
	// MemTableStopWritesThreshold is the number of queued memtables at which
	// writes stall. Default 4.
	MemTableStopWritesThreshold int
	// L0StopWritesThreshold is the L0 read amplification at which writes
	// stall. Default 24.
	L0StopWritesThreshold int
	// MaxConcurrentCompactions. Default min(4, max(1, GOMAXPROCS/2)).
	MaxConcurrentCompactions int
	// AsyncSyncInterval is how often the WAL is fsynced in Async mode.
	// Default 1s; negative disables the background sync.
	AsyncSyncInterval time.Duration
	// GroupCommitWindow (Sync mode) is the minimum interval between two WAL
	// fsyncs (Pebble's WALMinSyncInterval): a small value such as 100µs trades
	// commit latency for fewer fsyncs under load. Default 0.
	GroupCommitWindow time.Duration
	// MaxTrackedKeys caps the conflict tracker. Normally it holds only what
	// open transactions can still conflict with; if one transaction stays
	// open so long that this is exceeded, the older half is dropped and
	// transactions that started before it fail to commit writes with
	// ErrConflict. Default 4Mi keys.
	MaxTrackedKeys int
	// FS is the filesystem Pebble uses. Default vfs.Default (the OS). Tests
	// use it to inject I/O errors.
	FS vfs.FS
	// MinFreeBytes is the free space kept in reserve on the store's
	// filesystem: a commit that adds data fails with ErrDiskFull rather than
	// use it (see space.go). 0 means DefaultMinFreeBytes (the larger of
	// 256 MiB and 1% of the filesystem); negative disables the guard.
	MinFreeBytes int64
	// SpaceCheckInterval is how often free space is measured. Default 500ms.
	SpaceCheckInterval time.Duration
	// Configure, if set, is called with the final Pebble options just before
	// pebble.Open, for settings kv does not expose.
	Configure func(*pebble.Options)
	// SpillBytes is the size of a Txn's write buffer (and undo log) at which
	// it is written out to a sorted run on disk, bounding a huge
	// transaction's memory. Default DefaultSpillBytes; negative never
	// spills.
	SpillBytes int64
	// SpillDir holds the runs of open transactions. It is emptied at Open
	// (runs of a previous process belong to transactions that never
	// committed). Default: the store directory's path plus ".txn-spill".
	SpillDir string
	// ReadOnly opens an existing store for offline tools (myriad check):
	// nothing is created or written, the WAL is replayed into memory only,
	// and every commit fails.
	ReadOnly bool
}

func (o Options) withDefaults() Options {
	if o.CacheBytes <= 0 {
		o.CacheBytes = 256 << 20
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.MemTableBytes <= 0 {
		o.MemTableBytes = 64 << 20
	}
	if o.MemTableStopWritesThreshold <= 0 {
		o.MemTableStopWritesThreshold = 4
	}
	if o.L0StopWritesThreshold <= 0 {
		o.L0StopWritesThreshold = 24
	}
	if o.MaxConcurrentCompactions <= 0 {
		o.MaxConcurrentCompactions = min(4, max(1, runtime.GOMAXPROCS(0)/2))
	}
	if o.AsyncSyncInterval == 0 {
		o.AsyncSyncInterval = time.Second
	}
	if o.MaxTrackedKeys <= 0 {
		o.MaxTrackedKeys = 4 << 20
	}
	if o.FS == nil {
		o.FS = vfs.Default
	}
	if o.SpillBytes == 0 {
		o.SpillBytes = DefaultSpillBytes
	}
	return o
}

var (
	// ErrConflict is returned by Txn.Commit when a key the Txn wrote was
	// committed by someone else after the Txn started (first committer wins).
	// The SQL engine maps it to MySQL error 1213.
	ErrConflict = errors.New("kv: write-write conflict")
	// ErrClosed is returned by operations on a closed DB.
	ErrClosed = errors.New("kv: database is closed")
	// ErrTxnDone is returned by operations on a committed or rolled back Txn.
	ErrTxnDone = errors.New("kv: transaction already committed or rolled back")
	// ErrWriteFailed wraps the first write error (WAL write/fsync failure,
	// Pebble fatal): once a write has failed, every later Commit and Apply
	// fails with it, while reads keep working. Reopen the DB to recover.
	ErrWriteFailed = errors.New("kv: a previous write failed; the database is read-only until reopened")
)

// DB is the server's single Pebble instance plus the transaction machinery.
// All methods are safe for concurrent use.
type DB struct {
	pdb  *pebble.DB
	dir  string // the store's directory (read copies go next to it)
	opts Options
	log  *slog.Logger
	sync bool // Durability == Sync

	// closeMu is held shared by every operation that calls into Pebble (other
	// than iterator movement) and exclusively by Close, so Close never races
	// with them.
	closeMu sync.RWMutex
	closed  atomic.Bool

	// failed is the sticky write error (see ErrWriteFailed).
	failed atomic.Pointer[error]

	// ver is the version of the last commit. Written only under mu, after
	// the commit's batch is visible in Pebble; read lock-free.
	ver atomic.Uint64

	// mu is the commit mutex. It guards tr and serializes conflict check,
	// version assignment, tracker update and memtable apply. Never held
	// across an fsync. Lock order: mu before txnMu.
	mu          sync.Mutex
	tr          tracker
	pruneWanted atomic.Bool

	// txnMu guards the open-transaction registry: start version -> count.
	txnMu sync.Mutex
	open  map[uint64]int
	nopen int

	// Tracker size, published under mu for lock-free readers.
	trackedKeys, trackedRanges atomic.Int64

	commits, readOnly, conflicts, rollbacks, applied, commitErrs atomic.Uint64
	spills, spilledBytes, ingests                                atomic.Uint64
	walSyncs                                                     atomic.Uint64
	txnIDs                                                       atomic.Uint64

	vw versionWaste // flush when iterators step over old versions (versions.go)

	bgStop chan struct{}
	bgDone chan struct{}

	// reclaim flushes soon after range deletions so their space comes back.
	reclaim reclaimer

	// space refuses writing commits when the filesystem runs out of room;
	// nil when disabled.
	space *spaceGuard

	// spillCache caches blocks of spilled runs (spill.go), apart from the
	// LSM's cache so a huge transaction cannot evict everyone's blocks.
	spillCache *pebble.Cache

	// watches are the open read copies' spans (readcopy.go), noted
	// under mu by every commit.
	watches []*copyWatch

	// presence is the filters of the keys written in watched spans
	// (presence.go); replaced and noted under mu.
	presence atomic.Pointer[[]*presence]

	// uf is the filter of keys written since the last flush (unflushed.go).
	uf unflushed
}

// Open opens (creating if needed) the database in dir.
func Open(dir string, o Options) (*DB, error) {
	o = o.withDefaults()
	if o.Durability != Sync && o.Durability != Async {
		return nil, fmt.Errorf("kv: invalid durability %d", int(o.Durability))
	}
	db := &DB{
		dir:    filepath.Clean(dir),
		opts:   o,
		log:    o.Logger.With("component", "kv"),
		sync:   o.Durability == Sync,
		open:   make(map[uint64]int),
		bgStop: make(chan struct{}),
		bgDone: make(chan struct{}),
	}
	db.tr.init()
	if o.SpillDir == "" {
		o.SpillDir = filepath.Clean(dir) + ".txn-spill"
		db.opts.SpillDir = o.SpillDir
	}
	if !o.ReadOnly {
		if err := o.FS.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("kv: create %s: %w", dir, err)
		}
		if err := clearSpillDir(o.FS, o.SpillDir); err != nil {
			return nil, err
		}
		// Read copies (readcopy.go) of a previous process: their readers
		// are gone, and their hard links hold compacted-away tables.
		if err := o.FS.RemoveAll(db.readCopyRoot()); err != nil {
			return nil, fmt.Errorf("kv: clear read copies: %w", err)
		}
	}
	if o.MinFreeBytes >= 0 {
		m, err := resolveMinFree(o.FS, dir, o.MinFreeBytes)
		if err != nil {
			return nil, err
		}
		o.MinFreeBytes = m
		o.MemTableBytes = memTableForReserve(o.MemTableBytes, m)
	}
	db.uf.init(o.MemTableBytes)

	cache := pebble.NewCache(o.CacheBytes)
	defer cache.Unref() // pebble.Open takes its own reference

	po := &pebble.Options{
		Cache:                       cache,
		Comparer:                    wholeKeyComparer,
		FS:                          &walSyncCountingFS{FS: o.FS, n: &db.walSyncs, copyRoot: db.readCopyRoot() + string(filepath.Separator)},
		FormatMajorVersion:          pebble.FormatNewest,
		MemTableSize:                uint64(o.MemTableBytes),
		MemTableStopWritesThreshold: o.MemTableStopWritesThreshold,
		L0StopWritesThreshold:       o.L0StopWritesThreshold,
		MaxConcurrentCompactions:    func() int { return o.MaxConcurrentCompactions },
		Logger:                      pebbleLogger{l: o.Logger.With("component", "pebble")},
		EventListener:               db.eventListener(),
		Merger:                      maxMerger,
		ReadOnly:                    o.ReadOnly,
	}
	if w := o.GroupCommitWindow; w > 0 {
		po.WALMinSyncInterval = func() time.Duration { return w }
	}
	po.Levels = make([]pebble.LevelOptions, 7)
	for i := range po.Levels {
		po.Levels[i].FilterPolicy = bloom.FilterPolicy(10)
		po.Levels[i].FilterType = pebble.TableFilter
	}
	po.EnsureDefaults()
	if o.Configure != nil {
		o.Configure(po)
	}
	if o.MinFreeBytes >= 0 {
		// Before Open, so that the guard hears of every WAL and
		// compaction Pebble starts (see space.go).
		g, err := newSpaceGuard(o.FS, dir, o.MinFreeBytes, o.SpaceCheckInterval, db.log, db.flushForSpace,
			walPreallocation(po.MemTableSize))
		if err != nil {
			return nil, err
		}
		tee := pebble.TeeEventListener(*po.EventListener, g.eventListener())
		po.EventListener = &tee
		db.space = g
	}
	pdb, err := pebble.Open(dir, po)
	if err != nil {
		return nil, fmt.Errorf("kv: open %s: %w", dir, err)
	}
	db.pdb = pdb
	db.startUnflushed()
	db.spillCache = pebble.NewCache(8 << 20)
	if db.space != nil {
		db.space.start(db.pebbleSpace)
	}
	if !db.sync && o.AsyncSyncInterval > 0 {
		go db.asyncSyncLoop(o.AsyncSyncInterval)
	} else {
		close(db.bgDone)
	}
	db.log.Info("opened", "dir", dir, "durability", o.Durability.String(),
		"cache_bytes", o.CacheBytes, "memtable_bytes", o.MemTableBytes)
	return db, nil
}

// Close closes the database. Transactions and iterators should be finished
// first: open iterators make Pebble report "leaked iterators", and a Txn
// still open is unusable afterwards (its operations return ErrClosed).
// Close waits for in-flight commits.
func (db *DB) Close() error {
	db.closeMu.Lock()
	if db.closed.Load() {
		db.closeMu.Unlock()
		return ErrClosed
	}
	db.closed.Store(true)
	db.closeMu.Unlock()

	close(db.bgStop)
	<-db.bgDone
	db.stopReclaim()
	if db.space != nil {
		db.space.close()
	}

	db.txnMu.Lock()
	n := db.nopen
	db.txnMu.Unlock()
	if n > 0 {
		db.log.Warn("closing with open transactions", "open_txns", n)
	}
	err := db.pdb.Close()
	db.spillCache.Unref()
	if err != nil {
		db.log.Error("close", "err", err)
		return fmt.Errorf("kv: close: %w", err)
	}
	return nil
}

// Pebble returns the underlying Pebble DB for checkpoints and metrics. It
// must not be written to: every write has to go through the commit mutex.
func (db *DB) Pebble() *pebble.DB { return db.pdb }

// Get returns the latest committed value of key. The slice is a copy.
func (db *DB) Get(key []byte) (val []byte, ok bool, err error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, false, ErrClosed
	}
	if db.knownAbsent(key, 0, true) {
		return nil, false, nil
	}
	return getCopy(db.pdb, key)
}

func getCopy(r pebble.Reader, key []byte) ([]byte, bool, error) {
	v, closer, err := r.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	out := make([]byte, len(v))
	copy(out, v)
	if err := closer.Close(); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// NewIter returns an iterator over the latest committed data in
// [lower, upper) (nil = unbounded). Its view is fixed when it is created.
func (db *DB) NewIter(lower, upper []byte) (*Iter, error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	return newIter(db, db.pdb, layers{}, nil, lower, upper)
}

// Stats is a point-in-time copy of kv's counters.
type Stats struct {
	Commits         uint64 // Txn commits that wrote data
	ReadOnlyCommits uint64 // Txn commits without writes (free)
	Conflicts       uint64 // Txn commits refused with ErrConflict
	Rollbacks       uint64 // explicit Txn rollbacks of started transactions
	AppliedBatches  uint64 // successful DB.Apply calls
	CommitErrors    uint64 // commits/applies that failed for another reason
	// WALSyncs counts fsyncs of WAL files. Under concurrent Sync commits it
	// is well below Commits+AppliedBatches: that is group commit at work.
	WALSyncs      uint64
	Version       uint64 // last commit version (restarts at 0 on Open)
	OpenTxns      int    // transactions that started (first op) and did not end
	TrackedKeys   int    // keys in the conflict tracker
	TrackedRanges int    // ranges in the conflict tracker
	Spills        uint64 // write buffers written out as sorted runs
	SpilledBytes  uint64 // bytes of those runs
	Ingests       uint64 // spilled Txns committed by ingesting one sstable
	// AbsentReadsSkipped counts point reads a presence filter answered
	// without Pebble (presence.go).
	AbsentReadsSkipped uint64
	// DurableOnlyReads counts current point reads (Txn.GetLatest) that
	// read only the flushed state because no memtable held a write of
	// their key (unflushed.go).
	DurableOnlyReads uint64
	Failed           error // sticky write error, if any
	Space            SpaceStats
}

// Stats returns the current counters.
func (db *DB) Stats() Stats {
	s := Stats{
		Commits:         db.commits.Load(),
		ReadOnlyCommits: db.readOnly.Load(),
		Conflicts:       db.conflicts.Load(),
		Rollbacks:       db.rollbacks.Load(),
		AppliedBatches:  db.applied.Load(),
		CommitErrors:    db.commitErrs.Load(),
		WALSyncs:        db.walSyncs.Load(),
		Version:         db.ver.Load(),
		Failed:          db.failure(),
		Space:           db.space.stats(),
		Spills:          db.spills.Load(),
		SpilledBytes:    db.spilledBytes.Load(),
		Ingests:         db.ingests.Load(),
	}
	s.AbsentReadsSkipped = db.absentSkips()
	s.DurableOnlyReads = db.uf.durable.Load()
	s.OpenTxns = db.openCount()
	// Published under mu; read without it so Stats never waits for a
	// commit (e.g. one stalled on a full memtable queue).
	s.TrackedKeys = int(db.trackedKeys.Load())
	s.TrackedRanges = int(db.trackedRanges.Load())
	return s
}

// failure returns the sticky write error, or nil.
func (db *DB) failure() error {
	if p := db.failed.Load(); p != nil {
		return *p
	}
	return nil
}

// fail records the first write error; later writes fail fast with it.
func (db *DB) fail(cause error) error {
	err := fmt.Errorf("%w: %w", ErrWriteFailed, cause)
	if db.failed.CompareAndSwap(nil, &err) {
		db.log.Error("write failed; refusing further writes until reopened", "err", cause)
	}
	return db.failure()
}

// ---------------------------------------------------------------------------
// Open-transaction registry.

// register fixes a start version and records it as open. Reading ver and
// inserting into the registry happen under txnMu, which prune also takes to
// compute the oldest start: see tracker.prune for why that is enough.
func (db *DB) register() uint64 {
	db.txnMu.Lock()
	s := db.ver.Load()
	db.open[s]++
	db.nopen++
	db.txnMu.Unlock()
	return s
}

// unregister removes one Txn with start s and returns how many remain open.
func (db *DB) unregister(s uint64) int {
	db.txnMu.Lock()
	if c := db.open[s]; c <= 1 {
		delete(db.open, s)
	} else {
		db.open[s] = c - 1
	}
	db.nopen--
	n := db.nopen
	db.txnMu.Unlock()
	return n
}

// oldestStart returns the smallest start version of any open Txn, or
// (0, false) if none is open. Callers hold mu, so ver cannot move.
func (db *DB) oldestStart() (uint64, bool) {
	db.txnMu.Lock()
	defer db.txnMu.Unlock()
	if db.nopen == 0 {
		return 0, false
	}
	first := true
	var m uint64
	for s := range db.open {
		if first || s < m {
			m, first = s, false
		}
	}
	return m, true
}

func (db *DB) openCount() int {
	db.txnMu.Lock()
	n := db.nopen
	db.txnMu.Unlock()
	return n
}

// ---------------------------------------------------------------------------
// Commit path shared by Txn.Commit and DB.Apply.

// commitReq is one write to commit: its Pebble batch (possibly empty, e.g. a
// TouchRange-only WriteBatch) and its write set for the conflict tracker.
type commitReq struct {
	batch *pebble.Batch
	// txn is set for Txn commits: its write set is checked for conflicts
	// and it is unregistered once it has a version.
	txn *Txn
	// ws is the write set to record (keys, ranges).
	ws writeSet
	// checks are the Txn's CheckRange ranges: checked, not recorded.
	checks []keyRange
	// keys is ws's point keys prepared by trackedKeys, or nil.
	keys []string
	// deleteOnly: the batch only deletes (point or range tombstones), which
	// the disk space guard admits further into its reserve.
	deleteOnly bool
	// ingest, instead of batch, is the sstable holding a spilled Txn's
	// writes (spill.go) and ingestSize its size; cover are ranges that
	// stand for its point keys in the tracker.
	ingest     string
	ingestSize int64
	ingestRun  *run
	// noted is the presence filters the commit's keys were noted in
	// before the commit mutex (notePresence).
	noted *[]*presence
	cover []keyRange
}

// commit runs the commit protocol:
//
//  1. under mu: refuse if failed; check ws against the tracker (Txn only);
//     apply the batch to the memtable with ApplyNoSyncWait (Sync) or Apply
//     with NoSync (Async), both of which return once the batch is visible;
//     then publish version v = ver+1; unregister the Txn; record ws at v if
//     any other Txn is open (otherwise nobody can conflict with it and the
//     tracker is simply emptied); prune periodically.
//  2. without any lock: wait for the WAL fsync (SyncWait), shared with every
//     other batch that reached the WAL before that fsync started.
//
// closeMu is held shared throughout, including the fsync wait: it excludes
// only Close (which thereby waits for in-flight commits), never another
// committer or reader.
func (db *DB) commit(req *commitReq) error {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		if t := req.txn; t != nil && t.registered {
			t.registered = false
			db.unregister(t.start)
		}
		return ErrClosed
	}
	hasData := (req.batch != nil && !req.batch.Empty()) || req.ingest != ""
	if req.ingest == "" && (db.openCount() > 1 || (req.txn == nil && db.openCount() > 0)) {
		// Another Txn is open, so the write set will most likely be
		// recorded: copy the keys now rather than under the mutex.
		req.keys = trackedKeys(req.ws)
	}
	if hasData {
		req.noted = db.notePresence(req)
	}
	if err := db.commitLocked(req, hasData); err != nil {
		if !errors.Is(err, ErrWriteFailed) && req.batch != nil {
			_ = req.batch.Close()
		}
		return err
	}
	db.drainPrune()
	if db.sync && hasData && req.batch != nil {
		if err := req.batch.SyncWait(); err != nil {
			db.commitErrs.Add(1)
			return db.fail(fmt.Errorf("WAL fsync: %w", err))
		}
	}
	if req.batch != nil {
		_ = req.batch.Close()
	}
	return nil
}

func (db *DB) commitLocked(req *commitReq, hasData bool) (err error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	t := req.txn
	others := -1 // open Txns other than t, once known
	defer func() {
		if err != nil && t != nil && t.registered {
			// A failed commit ends the Txn too.
			t.registered = false
			others = db.unregister(t.start)
		}
		if others < 0 {
			others = db.openCount()
		}
		if others == 0 && !db.tr.empty() {
			// Nobody can conflict with anything recorded.
			db.tr.clear()
		}
		db.publishTrackerSize()
	}()
	if err := db.failure(); err != nil {
		db.commitErrs.Add(1)
		return err
	}
	if t != nil && t.registered && (db.tr.conflicts(t.start, req.ws, !t.pessimistic) || db.tr.changedIn(t.start, req.checks) || copyChanged(t.copyChecks)) {
		db.conflicts.Add(1)
		return ErrConflict
	}
	if hasData && db.space != nil {
		// After the conflict check: a transaction that lost a conflict gets
		// 1213 (retry) rather than a disk-full error.
		size := int(req.ingestSize)
		if req.batch != nil {
			size = len(req.batch.Repr())
		}
		cost, err := db.space.admit(size, req.deleteOnly)
		if err != nil {
			db.commitErrs.Add(1)
			return err
		}
		defer db.space.applied(cost)
	}
	if ps := db.presence.Load(); ps != req.noted && ps != nil && hasData {
		// A filter was installed since notePresence: its scan may miss
		// this commit, so it must hold the keys (see presence.go).
		note(*ps, req)
	}
	if req.ingest != "" {
		g := db.uf.begin()
		if g != nil {
			g.addRanges(req.cover)
			g.addRanges(req.ws.Ranges())
		}
		// Ingest syncs the file and the MANIFEST: the one place the
		// commit mutex is held across an fsync (see "Huge transactions"
		// in the package documentation).
		if err := db.ingestToPebble(req.ingest); err != nil {
			db.uf.end(g, 0, false)
			db.commitErrs.Add(1)
			return err
		}
		if g != nil {
			s, err := db.seqCeiling()
			db.uf.end(g, s, err == nil)
		}
	} else if hasData {
		g := db.uf.begin()
		n := uint64(req.batch.Count())
		if g != nil {
			g.noteBatch(&db.uf, req.batch)
		}
		if ufBeforeApply != nil {
			ufBeforeApply()
		}
		if err := db.applyToPebble(req.batch); err != nil {
			db.uf.end(g, 0, false)
			db.commitErrs.Add(1)
			return err
		}
		if g != nil {
			last, ok := db.lastSeq(req.batch, n)
			db.uf.end(g, last, ok)
		}
	}
	v := db.ver.Load() + 1
	db.ver.Store(v)
	for _, w := range db.watches {
		w.note(req)
	}
	if t != nil && t.registered {
		t.registered = false
		others = db.unregister(t.start)
	} else {
		others = db.openCount()
	}
	// Record the write set only if some other Txn is open: a Txn that
	// registers later reads ver >= v under txnMu and cannot conflict with it.
	if others > 0 {
		if req.keys == nil && req.ingest == "" {
			req.keys = trackedKeys(req.ws)
		}
		db.tr.record(v, req.keys, req.ws.Ranges(), req.cover)
		db.tr.sincePrune++
		if db.tr.sincePrune >= pruneEvery || len(db.tr.keys) > 2*db.tr.lastSize+pruneSlack ||
			len(db.tr.keys) > db.opts.MaxTrackedKeys {
			db.pruneLocked()
		}
	}
	return nil
}

// publishTrackerSize copies the tracker size to atomics (for Stats and
// requestPrune, which must not wait for mu). Called with mu held.
func (db *DB) publishTrackerSize() {
	db.trackedKeys.Store(int64(len(db.tr.keys)))
	db.trackedRanges.Store(int64(len(db.tr.ranges)))
}

const (
	pruneEvery = 64   // commits between two prunes while txns are open
	pruneSlack = 4096 // tracker growth that forces an early prune
)

// applyToPebble writes b to Pebble and returns once it is visible to readers.
// Called with mu held. A Pebble fatal in the commit pipeline (which Pebble's
// own logger would turn into os.Exit) arrives here as a *fatalError panic
// from pebbleLogger.Fatalf; it is converted into the sticky write error.
// Other panics are re-raised after marking the DB failed, so that an upper
// layer that recovers them does not keep writing into a broken pipeline.
func (db *DB) applyToPebble(b *pebble.Batch) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if fe, ok := r.(*fatalError); ok {
				err = db.fail(fe)
				return
			}
			db.fail(fmt.Errorf("pebble panicked: %v", r))
			panic(r)
		}
	}()
	if db.sync {
		err = db.pdb.ApplyNoSyncWait(b, pebble.Sync)
	} else {
		err = db.pdb.Apply(b, pebble.NoSync)
	}
	return err
}

// ingestToPebble ingests a spilled Txn's sstable; like applyToPebble it
// turns a Pebble fatal into the sticky write error.
func (db *DB) ingestToPebble(path string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if fe, ok := r.(*fatalError); ok {
				err = db.fail(fe)
				return
			}
			db.fail(fmt.Errorf("pebble panicked: %v", r))
			panic(r)
		}
	}()
	if err := db.pdb.Ingest([]string{path}); err != nil {
		return fmt.Errorf("kv: ingest: %w", err)
	}
	db.ingests.Add(1)
	return nil
}

// pruneLocked drops tracker entries no open Txn can conflict with. Called
// with mu held.
//
// If the tracker still holds more than Options.MaxTrackedKeys keys (some Txn
// has been open for a very long time while others committed), it drops the
// older half anyway and raises tracker.floor: a Txn that started before the
// floor can no longer be checked precisely, so a writing commit of it fails
// with ErrConflict (conservative, never a missed conflict).
func (db *DB) pruneLocked() {
	db.tr.sincePrune = 0
	m, ok := db.oldestStart()
	if !ok {
		db.tr.clear()
		db.publishTrackerSize()
		return
	}
	db.tr.prune(m)
	if len(db.tr.keys) > db.opts.MaxTrackedKeys {
		floor := db.tr.halfwayVersion()
		db.log.Warn("conflict tracker over its limit: transactions older than the floor will fail to commit writes",
			"tracked_keys", len(db.tr.keys), "limit", db.opts.MaxTrackedKeys,
			"oldest_start", m, "floor", floor, "version", db.ver.Load())
		db.tr.floor = max(db.tr.floor, floor)
		db.tr.prune(floor)
	}
	db.tr.lastSize = len(db.tr.keys)
	db.publishTrackerSize()
}

// requestPrune asks for a prune from a path that does not hold mu (a Txn
// ending without a commit). It never waits for mu: if a committer holds it,
// that committer runs drainPrune after unlocking and sees the request.
//
// There is deliberately no "tracker already empty?" shortcut: a committer
// holding mu may be recording right now (it counted this Txn as open before
// it ended) and publishes the size only before unlocking.
func (db *DB) requestPrune() {
	db.pruneWanted.Store(true)
	db.drainPrune()
}

func (db *DB) drainPrune() {
	for db.pruneWanted.Load() && db.mu.TryLock() {
		if db.pruneWanted.Swap(false) {
			db.pruneLocked()
		}
		db.mu.Unlock()
	}
}

// asyncSyncLoop fsyncs the WAL periodically in Async mode (if anything was
// committed since the last sync) and turns a failure into the sticky error.
func (db *DB) asyncSyncLoop(every time.Duration) {
	defer close(db.bgDone)
	t := time.NewTicker(every)
	defer t.Stop()
	var synced uint64
	for {
		select {
		case <-db.bgStop:
			return
		case <-t.C:
		}
		v := db.ver.Load()
		if v == synced || db.failure() != nil {
			continue
		}
		if err := db.syncWAL(); err != nil {
			db.fail(fmt.Errorf("periodic WAL fsync: %w", err))
			continue
		}
		synced = v
	}
}

// syncWAL fsyncs the WAL by committing an empty LogData record with Sync.
// It does not touch keys, so it need not take mu. It uses ApplyNoSyncWait +
// SyncWait rather than Apply: Pebble's Apply treats a failed fsync of a Sync
// batch as fatal (Logger.Fatalf, i.e. os.Exit with Pebble's default logger),
// whereas SyncWait returns the error.
func (db *DB) syncWAL() (err error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return ErrClosed
	}
	b := db.pdb.NewBatch()
	if err := b.LogData(nil, nil); err != nil {
		return err
	}
	if err := db.applySyncNoWait(b); err != nil {
		return err
	}
	if err := b.SyncWait(); err != nil {
		return err
	}
	return b.Close()
}

func (db *DB) applySyncNoWait(b *pebble.Batch) (err error) {
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(*fatalError)
			if !ok {
				panic(r)
			}
			err = fe
		}
	}()
	return db.pdb.ApplyNoSyncWait(b, pebble.Sync)
}

// Version is the number of commits applied so far: a snapshot taken after
// reading it shows every commit up to it.
func (db *DB) Version() uint64 { return db.ver.Load() }

// SyncWAL forces an fsync of the WAL (useful in Async mode before a
// checkpoint or a clean shutdown).
func (db *DB) SyncWAL() error {
	if err := db.syncWAL(); err != nil {
		if errors.Is(err, ErrClosed) {
			return err
		}
		return db.fail(fmt.Errorf("WAL fsync: %w", err))
	}
	return nil
}

// pebbleSpace reads what the space guard needs from Pebble's metrics.
func (db *DB) pebbleSpace() pebbleSpace {
	m := db.pdb.Metrics()
	return pebbleSpace{
		unflushed:         int64(m.WAL.Size),
		compactionWritten: m.Compact.InProgressBytes,
		recycledWALs:      m.WAL.ObsoleteFiles,
	}
}

// flushForSpace asks Pebble to flush the memtable without waiting, so that
// tombstones admitted while the disk was full reach sstables, where
// compactions can drop the data they cover. Called by the space guard's
// poller, which Close stops before closing Pebble.
func (db *DB) flushForSpace() {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return
	}
	if _, err := db.pdb.AsyncFlush(); err != nil {
		db.log.Warn("flush to reclaim space", "err", err)
	}
}
