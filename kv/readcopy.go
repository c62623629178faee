package kv

import (
	"fmt"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble"
)

// Read copies: a point-in-time copy of one key span, opened as a second,
// read-only Pebble instance with a small block cache of its own, for a
// long scan (an index build's backfill) that must neither fill the
// server's block cache (evicting every tenant's hot blocks; with glibc
// malloc the churn of freed cache blocks also left hundreds of MB of
// fragmentation held: docs/BENCHMARKS.md, mem13) nor pin a snapshot of
// the live store. Its blocks come through the OS page cache, which the
// kernel reclaims, not through the server's heap.
//
// The copy is a Pebble checkpoint restricted to the span: its SSTables
// are hard links (no bytes copied), so it costs disk only for tables the
// live store compacts away while the copy is open, at most the span's
// size. The memtables are flushed first, so the copy's WAL (which the
// read-only instance replays into memory) holds only what was committed
// during the flush.
//
// The copy holds a start version in the open-transaction registry, so
// the conflict tracker keeps every key committed after it: CheckRangeSince
// makes a Txn's commit fail if anything in a range changed since the
// copy was taken, which is what lets a writer of the live store trust
// values it read from the copy. The tracker grows with every commit while
// a copy is open, so copies are meant to be short-lived and replaced
// (the backfill takes a new one every few seconds).

// readCopyCacheBytes is the block cache of a read copy: enough for the
// index and filter blocks of the span's tables and the data blocks one
// iterator holds.
const readCopyCacheBytes = 8 << 20

// ReadCopy is a read-only point-in-time copy of a key span.
type ReadCopy struct {
	db    *DB
	pdb   *pebble.DB
	dir   string
	ver   uint64
	taken time.Time
	open  atomic.Bool
}

var readCopySeq atomic.Uint64

func (db *DB) readCopyRoot() string { return db.dir + ".readcopy" }

// NewReadCopy copies [lower, upper) as of now. Every commit that returned
// before the call is in the copy; commits racing with it may be too, and
// are also reported by CheckRangeSince (a false alarm costs a re-read).
func (db *DB) NewReadCopy(lower, upper []byte) (*ReadCopy, error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	if db.opts.ReadOnly {
		return nil, fmt.Errorf("kv: read copy of a read-only store")
	}
	// The version first: a commit after it is tracked, one before it is
	// in the store and so in the checkpoint.
	ver := db.register()
	c := &ReadCopy{db: db, ver: ver, taken: time.Now()}
	c.open.Store(true)
	fail := func(err error) (*ReadCopy, error) {
		c.closeLocked()
		return nil, err
	}
	if err := db.pdb.Flush(); err != nil {
		return fail(fmt.Errorf("kv: read copy: flush: %w", err))
	}
	root := db.readCopyRoot()
	if err := db.opts.FS.MkdirAll(root, 0o755); err != nil {
		return fail(fmt.Errorf("kv: read copy: %w", err))
	}
	c.dir = filepath.Join(root, strconv.FormatUint(readCopySeq.Add(1), 10))
	span := []pebble.CheckpointSpan{{Start: lower, End: upper}}
	if err := db.pdb.Checkpoint(c.dir, pebble.WithFlushedWAL(), pebble.WithRestrictToSpans(span)); err != nil {
		return fail(fmt.Errorf("kv: read copy: checkpoint: %w", err))
	}
	cache := pebble.NewCache(readCopyCacheBytes)
	defer cache.Unref()
	po := &pebble.Options{
		Cache:        cache,
		Comparer:     wholeKeyComparer,
		Merger:       maxMerger,
		FS:           db.opts.FS,
		MemTableSize: 1 << 20,
		ReadOnly:     true,
		Logger:       pebbleLogger{l: db.log.With("component", "readcopy")},
	}
	po.EnsureDefaults()
	pdb, err := pebble.Open(c.dir, po)
	if err != nil {
		return fail(fmt.Errorf("kv: read copy: open: %w", err))
	}
	c.pdb = pdb
	return c, nil
}

// Version is the copy's start version: everything committed up to it is
// in the copy.
func (c *ReadCopy) Version() uint64 { return c.ver }

// Age is how long ago the copy was taken.
func (c *ReadCopy) Age() time.Duration { return time.Since(c.taken) }

// NewIter iterates [lower, upper) of the copy (which must lie in the span
// it was taken for). Close it before the copy.
func (c *ReadCopy) NewIter(lower, upper []byte) (*Iter, error) {
	if !c.open.Load() {
		return nil, ErrClosed
	}
	return newIter(nil, c.pdb, layers{}, nil, lower, upper)
}

// Close closes the copy, deletes its files and lets the conflict tracker
// forget what it kept for it.
func (c *ReadCopy) Close() error {
	c.db.closeMu.RLock()
	defer c.db.closeMu.RUnlock()
	return c.closeLocked()
}

func (c *ReadCopy) closeLocked() error {
	if !c.open.CompareAndSwap(true, false) {
		return nil
	}
	var err error
	if c.pdb != nil {
		err = c.pdb.Close()
	}
	if c.dir != "" {
		if rerr := c.db.opts.FS.RemoveAll(c.dir); err == nil {
			err = rerr
		}
	}
	c.db.unregister(c.ver)
	c.db.requestPrune()
	return err
}

// CheckRangeSince makes the Txn's commit fail with ErrConflict if anything
// in [start, end) was committed after copy c was taken (see CheckRange):
// values the Txn read there from the copy are then still the newest. It
// must be called while c is open. Every range the Txn checks (CheckRange
// too) is compared from the oldest such copy's version.
func (t *Txn) CheckRangeSince(c *ReadCopy, start, end []byte) {
	if t.done {
		return
	}
	t.CheckRange(start, end)
	if !t.hasCheckFrom || c.ver < t.checkFrom {
		t.checkFrom, t.hasCheckFrom = c.ver, true
	}
}

// checkedFrom is the version the Txn's checked ranges are compared from.
func (t *Txn) checkedFrom() uint64 {
	if t.hasCheckFrom && t.checkFrom < t.start {
		return t.checkFrom
	}
	return t.start
}
