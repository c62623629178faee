package kv

import (
	"bytes"
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
// size. The memtables are flushed first, so the copy needs no WAL: the
// checkpoint's WAL files are created empty (walSyncCountingFS.Create).
//
// The copy watches its span: from before the checkpoint until it is
// closed, every commit (under the commit mutex) notes in the copy's watch
// the keys and ranges it wrote inside the span. CheckRangeSince makes a
// Txn's commit fail if anything in a range changed since the copy was
// taken, which is what lets a writer of the live store trust values it
// read from the copy. A watch holds only what was written in its span
// (for an index build: the foreground's writes to the table), up to
// maxWatchKeys; past that every check fails and the copy is due for
// replacement. (An earlier version held a start version in the
// open-transaction registry instead, which made the conflict tracker
// keep every key committed meanwhile, the build's own index entries
// included: ~20 MB of Go heap at 9,000 rows/s.)

// readCopyCacheBytes is the block cache of a read copy: enough for the
// index and filter blocks of the span's tables and the data blocks one
// iterator holds.
const readCopyCacheBytes = 8 << 20

// maxWatchKeys bounds what one copy's watch keeps.
const maxWatchKeys = 1 << 16

// ReadCopy is a read-only point-in-time copy of a key span.
type ReadCopy struct {
	db    *DB
	pdb   *pebble.DB
	dir   string
	w     *copyWatch
	taken time.Time
	open  atomic.Bool
	// flushWait is how long the copy waited for earlier flushes.
	flushWait time.Duration
}

// copyWatch is what was committed in a copy's span since it was taken.
// Guarded by DB.mu.
type copyWatch struct {
	span     keyRange
	keys     []string
	ranges   []keyRange
	overflow bool
}

// note records what req wrote in the watch's span (DB.mu held, after
// req was applied).
func (w *copyWatch) note(req *commitReq) {
	if w.overflow {
		return
	}
	for _, rs := range [][]keyRange{req.ws.Ranges(), req.cover} {
		for _, r := range rs {
			if overlaps(r, w.span) {
				w.ranges = append(w.ranges, keyRange{start: append([]byte(nil), r.start...), end: cloneOrNil(r.end)})
			}
		}
	}
	if req.ingest == "" && req.ws.Len() > 0 && req.ws.AnyIn(w.span.start, w.span.end) {
		// (A spilled commit's keys are stood for by its cover ranges.)
		req.ws.EachKey(func(k []byte) bool {
			if bytes.Compare(k, w.span.start) < 0 {
				return true
			}
			if w.span.end != nil && bytes.Compare(k, w.span.end) >= 0 {
				return false
			}
			w.keys = append(w.keys, string(k))
			return true
		})
	}
	if len(w.keys)+len(w.ranges) > maxWatchKeys {
		w.overflow, w.keys, w.ranges = true, nil, nil
	}
}

// changedIn reports whether anything the watch saw lies in r.
func (w *copyWatch) changedIn(r keyRange) bool {
	if w.overflow {
		return true
	}
	for _, k := range w.keys {
		if inRange(strBytes(k), r) {
			return true
		}
	}
	for _, x := range w.ranges {
		if overlaps(x, r) {
			return true
		}
	}
	return false
}

// copyCheck is one CheckRangeSince call.
type copyCheck struct {
	w *copyWatch
	r keyRange
}

// copyChanged reports whether one of cs saw a change (DB.mu held).
func copyChanged(cs []copyCheck) bool {
	for _, c := range cs {
		if c.w.changedIn(c.r) {
			return true
		}
	}
	return false
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
	waited := db.awaitFlushes()
	// The watch before the flush: a commit after it is noted, one before
	// it is in the store and so, flushed, in the checkpoint.
	c := &ReadCopy{db: db, taken: time.Now(), flushWait: waited, w: &copyWatch{span: keyRange{start: cloneOrNil(lower), end: cloneOrNil(upper)}}}
	db.mu.Lock()
	db.watches = append(db.watches, c.w)
	db.mu.Unlock()
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

// copyFlushWait bounds how long a copy waits for earlier flushes before
// forcing its own (a stuck flush must not stop the build; past it the
// copy costs a third memtable, as before the wait).
const copyFlushWait = 30 * time.Second

// awaitFlushes returns (with how long it waited) once no memtable is
// queued or being flushed, so that the copy's forced flush, which
// rotates the live memtable at once, never lands while an earlier flush
// is still writing out: that made three 64 MiB arenas alive (the
// flushing one, the rotated one, a new live one) instead of two, the
// peak of a 10M-row index build (docs/BENCHMARKS.md, mem13b: +284 MB
// against +212 on average). It changes nothing in what the copy holds
// (the watch and the flush come after it). The check and the rotation
// are not atomic: a memtable filling up between them makes the third
// arena again, a window of microseconds against the seconds a memtable
// takes to fill; closing it would mean holding the commit mutex across
// the rotation's WAL sync.
func (db *DB) awaitFlushes() time.Duration {
	start := time.Now()
	deadline := time.NewTimer(copyFlushWait)
	defer deadline.Stop()
	for {
		// The channel first: a flush ending after the count is read
		// still wakes the wait.
		ended := db.uf.flushEnded()
		if db.pdb.Metrics().MemTable.Count <= 1 {
			return time.Since(start)
		}
		select {
		case <-ended:
		case <-deadline.C:
			db.log.Warn("read copy: earlier flushes still running, flushing anyway", "waited", copyFlushWait)
			return time.Since(start)
		}
	}
}

// FlushWait is how long taking the copy waited for earlier flushes to end
// before flushing (see awaitFlushes).
func (c *ReadCopy) FlushWait() time.Duration { return c.flushWait }

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

// Close closes the copy, deletes its files and ends its watch.
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
	c.db.mu.Lock()
	for i, w := range c.db.watches {
		if w == c.w {
			c.db.watches = append(c.db.watches[:i:i], c.db.watches[i+1:]...)
			break
		}
	}
	c.db.mu.Unlock()
	return err
}

// CheckRangeSince makes the Txn's commit fail with ErrConflict if anything
// in [start, end) (which must lie in c's span) was committed after copy c
// was taken: values the Txn read there from the copy are then still the
// newest. It must be called while c is open, and c stay open until the
// Txn ends.
func (t *Txn) CheckRangeSince(c *ReadCopy, start, end []byte) {
	if t.done {
		return
	}
	t.begin()
	t.copyChecks = append(t.copyChecks, copyCheck{w: c.w, r: keyRange{start: append([]byte(nil), start...), end: cloneOrNil(end)}})
}
