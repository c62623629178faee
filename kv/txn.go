package kv

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/cockroachdb/pebble"
	"github.com/tidwall/btree"
)

// bufEntry is one buffered write: key and value share one allocation.
type bufEntry struct {
	kv   []byte
	klen uint32
	del  bool // tombstone: the key is deleted by the Txn
}

func (e bufEntry) key() []byte { return e.kv[:e.klen:e.klen] }
func (e bufEntry) val() []byte { return e.kv[e.klen:] }

func probe(key []byte) bufEntry { return bufEntry{kv: key, klen: uint32(len(key))} }

func lessEntry(a, b bufEntry) bool { return bytes.Compare(a.key(), b.key()) < 0 }

func newBuf() *btree.BTreeG[bufEntry] {
	return btree.NewBTreeGOptions(lessEntry, btree.Options{NoLocks: true, Degree: 64})
}

// bufSet adapts a write buffer to the tracker's writeSet.
type bufSet struct {
	tr     *btree.BTreeG[bufEntry]
	ranges []keyRange
}

func (s bufSet) Len() int { return s.tr.Len() }

func (s bufSet) Has(key []byte) bool {
	_, ok := s.tr.Get(probe(key))
	return ok
}

func (s bufSet) AnyIn(start, end []byte) bool {
	found := false
	s.tr.Ascend(probe(start), func(e bufEntry) bool {
		found = end == nil || bytes.Compare(e.key(), end) < 0
		return false
	})
	return found
}

func (s bufSet) EachKey(fn func([]byte) bool) {
	s.tr.Scan(func(e bufEntry) bool { return fn(e.key()) })
}

func (s bufSet) Ranges() []keyRange { return s.ranges }

// undoRec restores one buffer slot: the previous entry if there was one,
// otherwise removal of prev.key().
type undoRec struct {
	prev bufEntry
	had  bool
}

// Savepoint is a position in a Txn's undo log (see Txn.Savepoint).
type Savepoint struct{ n, r, d, gen int }

// Txn is a snapshot-isolation transaction. It must be used by one goroutine
// at a time. Writes are buffered in memory (ordered by key) and written to
// Pebble atomically at Commit.
//
// Start version: fixed at the first operation (Get, NewIter, Set, Delete);
// the Pebble snapshot is taken at the first read. See the package
// documentation for why this never misses a conflict.
type Txn struct {
	db *DB
	id uint64 // unique per DB instance, for lock owners

	// pessimistic: every point key the Txn writes is covered by a lock
	// the caller holds until the Txn ends, taken before a current read of
	// the key; Commit then skips the point-key conflict check (ranges are
	// still checked). See the package documentation.
	pessimistic bool

	buf    *btree.BTreeG[bufEntry] // nil until the first write
	frozen *btree.BTreeG[bufEntry] // copy-on-write clone shared by iterators; nil after a write
	undo   []undoRec
	spUsed bool // undo is recorded only once a savepoint was taken

	// bufBytes approximates the memory held by buf and undo; past
	// Options.SpillBytes the buffer is written out as a run (spill.go).
	bufBytes int64
	// runs are the spilled runs, oldest first; retired are runs merged
	// into a newer one that iterators or Views may still read. Both are
	// removed when the Txn ends.
	runs, retired  []*run
	spillSeq       int   // file sequence number within the Txn
	spillGen       int   // spills so far: a Savepoint older than the last spill cannot be rolled back to
	spilledEntries int   // entries written to runs (keys written twice count twice)
	spillErr       error // a spill failed: the Txn can only roll back

	start      uint64
	registered bool // in the DB's open-transaction registry
	snap       *pebble.Snapshot
	// snapVer: every commit of version <= snapVer is in snap.
	snapVer uint64
	// stale are snapshots replaced by RefreshSnapshot while iterators
	// still read them; closed when the Txn ends.
	stale []*pebble.Snapshot

	iters map[*Iter]struct{}
	done  bool

	// ranges are DeleteRange calls, applied at commit after the point
	// writes (see DeleteRange).
	ranges []keyRange
	// touched are TouchRange calls: conflict ranges that delete nothing.
	touched []keyRange
	// checked are CheckRange calls (rangecheck.go): checked at commit,
	// never recorded.
	checked []keyRange
	// copyChecks are CheckRangeSince calls (readcopy.go): checked at
	// commit against what their copies' watches saw.
	copyChecks []copyCheck
	// counters are RaiseCounter calls: key -> largest value.
	counters map[string]uint64
	// deltas are AddToCount calls in order (rowcount.go); entries from
	// deltaFloor on (after the newest savepoint) may be coalesced.
	deltas     []countDelta
	deltaFloor int
}

// Begin starts a transaction. It is free: no lock, no snapshot.
func (db *DB) Begin() *Txn { return &Txn{db: db, id: db.txnIDs.Add(1)} }

// ID is the Txn's identifier, unique among the DB's transactions since Open.
func (t *Txn) ID() uint64 { return t.id }

// SetPessimistic marks the Txn as writing only keys its caller has locked
// (see the package documentation); it must be set before Commit.
func (t *Txn) SetPessimistic(on bool) { t.pessimistic = on }

// Pessimistic reports whether SetPessimistic(true) was called.
func (t *Txn) Pessimistic() bool { return t.pessimistic }

// GetLatest is a current read: the Txn's own buffered write of key if there
// is one, else the newest committed value (not the Txn's snapshot).
func (t *Txn) GetLatest(key []byte) (val []byte, ok bool, err error) {
	if t.done {
		return nil, false, ErrTxnDone
	}
	if val, ok, found, err := t.buffered(key); found || err != nil {
		return val, ok, err
	}
	t.begin()
	// Mostly the check that a new row's key is free: an absent key.
	return t.db.getFiltered(key)
}

// begin fixes the start version on the first operation.
func (t *Txn) begin() {
	if !t.registered {
		t.start = t.db.register()
		t.registered = true
	}
}

// Pin fixes the start version now rather than at the first operation, for
// callers that act on state read outside the Txn (cached definitions) and
// need conflicts with everything committed after that read.
func (t *Txn) Pin() {
	if !t.done && !t.registered {
		t.begin()
	}
}

// Started reports whether the start version is fixed (an operation or Pin
// happened) and the Txn is not finished.
func (t *Txn) Started() bool { return t.registered }

// TouchRange changes no data; like WriteBatch.TouchRange it marks [start,
// end) as written, for conflict detection both ways: a Txn that started
// before this one commits and writes in the range fails, and this one fails
// if a key in the range was committed after it started.
func (t *Txn) TouchRange(start, end []byte) {
	if t.done {
		return
	}
	t.begin()
	t.touched = append(t.touched, keyRange{start: append([]byte(nil), start...), end: append([]byte(nil), end...)})
}

// snapshot returns the Txn's Pebble snapshot, taking it on first use.
func (t *Txn) snapshot() (*pebble.Snapshot, error) {
	if t.done {
		return nil, ErrTxnDone
	}
	if t.snap != nil {
		return t.snap, nil
	}
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	t.begin() // start version first, snapshot second: snapshot ⊇ commits <= start
	// Versions are counted after a commit is applied: read first, the
	// snapshot holds every commit up to it.
	t.snapVer = db.ver.Load()
	t.snap = db.pdb.NewSnapshot()
	return t.snap, nil
}

// SnapshotVersion is a version every commit up to which the Txn's current
// snapshot shows; ok is false while it has none (its next read takes
// one).
func (t *Txn) SnapshotVersion() (v uint64, ok bool) {
	if t.done || t.snap == nil {
		return 0, false
	}
	return t.snapVer, true
}

// TakeSnapshot fixes the Txn's snapshot now instead of at its first read
// (START TRANSACTION WITH CONSISTENT SNAPSHOT).
func (t *Txn) TakeSnapshot() error {
	_, err := t.snapshot()
	return err
}

// RefreshSnapshot makes the Txn's next read take a new snapshot, so it sees
// what others committed since (READ COMMITTED: a snapshot per statement).
// The Txn's own buffered writes stay visible over it, and its start
// version, which conflict detection compares against, does not change: a
// newer snapshot only shows more of what the start version already counts
// as concurrent. Iterators still open keep reading the snapshot they began
// with.
func (t *Txn) RefreshSnapshot() {
	if t.done || t.snap == nil {
		return
	}
	if len(t.iters) > 0 {
		t.stale = append(t.stale, t.snap)
		t.snap = nil
		return
	}
	t.releaseSnapshot()
}

// buffered is the Txn's own write of key, if it has one (found): the
// buffer's, else the newest run's; ok is false for a buffered delete. The
// value is a copy.
func (t *Txn) buffered(key []byte) (val []byte, ok, found bool, err error) {
	if t.spillErr != nil {
		return nil, false, false, t.spillErr
	}
	if t.buf != nil {
		if e, found := t.buf.Get(probe(key)); found {
			if e.del {
				return nil, false, true, nil
			}
			return append([]byte{}, e.val()...), true, true, nil
		}
	}
	return runsGet(t.runs, key)
}

// runsGet looks key up in runs, newest first.
func runsGet(runs []*run, key []byte) (val []byte, ok, found bool, err error) {
	for i := len(runs) - 1; i >= 0; i-- {
		v, del, found, err := runs[i].get(key)
		if err != nil {
			return nil, false, false, err
		}
		if found {
			return v, !del, true, nil
		}
	}
	return nil, false, false, nil
}

// Get returns the value of key as seen by the Txn: its own buffered writes
// first, then its snapshot. The returned slice is a copy.
func (t *Txn) Get(key []byte) (val []byte, ok bool, err error) {
	if t.done {
		return nil, false, ErrTxnDone
	}
	if val, ok, found, err := t.buffered(key); found || err != nil {
		return val, ok, err
	}
	return t.snapshotGet(key)
}

func (t *Txn) snapshotGet(key []byte) ([]byte, bool, error) {
	if t.done {
		return nil, false, ErrTxnDone
	}
	snap, err := t.snapshot()
	if err != nil {
		return nil, false, err
	}
	t.db.closeMu.RLock()
	defer t.db.closeMu.RUnlock()
	if t.db.closed.Load() {
		return nil, false, ErrClosed
	}
	if t.db.knownAbsent(key, t.snapVer, false) {
		return nil, false, nil
	}
	return getCopy(snap, key)
}

// Set buffers key=val. Both are copied. A no-op on a finished Txn.
func (t *Txn) Set(key, val []byte) {
	kv := make([]byte, len(key)+len(val))
	copy(kv, key)
	copy(kv[len(key):], val)
	t.put(bufEntry{kv: kv, klen: uint32(len(key))})
}

// SetOwned buffers key with an empty value, as Set(key, nil) does, but
// without copying key: the Txn keeps key itself until it ends, so its bytes
// must not change before Commit or Rollback returns. Nothing refers to them
// afterwards (the commit copies what it records: the Pebble batch, the
// conflict tracker's keys, read-copy watches), so a caller writing many
// keys (an index backfill batch) can carve them from one buffer it reuses
// for its next Txn instead of an allocation per key.
func (t *Txn) SetOwned(key []byte) {
	t.put(bufEntry{kv: key[:len(key):len(key)], klen: uint32(len(key))})
}

// Delete buffers a deletion of key (a tombstone that hides the snapshot's
// value). A no-op on a finished Txn.
func (t *Txn) Delete(key []byte) {
	t.put(bufEntry{kv: append([]byte{}, key...), klen: uint32(len(key)), del: true})
}

func (t *Txn) put(e bufEntry) {
	if t.done {
		return
	}
	t.begin()
	if t.buf == nil {
		t.buf = newBuf()
	}
	t.frozen = nil
	prev, had := t.buf.Set(e)
	t.bufBytes += int64(len(e.kv) + entryOverhead)
	if t.spUsed {
		// The undo record keeps prev alive: its bytes stay counted.
		t.bufBytes += undoOverhead
		if had {
			t.undo = append(t.undo, undoRec{prev: prev, had: true})
		} else {
			t.undo = append(t.undo, undoRec{prev: probe(e.key())})
		}
	} else if had {
		t.bufBytes -= int64(len(prev.kv) + entryOverhead)
	}
	if lim := t.db.opts.SpillBytes; lim > 0 && t.bufBytes > lim && t.spillErr == nil {
		if err := t.spill(); err != nil {
			// Set and Delete cannot fail: the Txn keeps its buffer but
			// refuses every later read and its commit, so the error
			// reaches the client and nothing is committed half-written.
			t.spillErr = err
			t.db.log.Error("transaction write buffer spill failed", "txn", t.id, "err", err)
		}
	}
}

// DeleteRange deletes every key in [start, end) when the Txn commits, with
// a range tombstone applied after the Txn's point writes. It is meant for
// spans no statement of this Txn reads or writes again (a dropped table's
// old key prefix): the Txn's own reads do not see it before commit. Any Txn
// that started before this one commits and writes inside the range fails
// its commit with ErrConflict.
func (t *Txn) DeleteRange(start, end []byte) {
	if t.done {
		return
	}
	t.begin()
	t.ranges = append(t.ranges, keyRange{start: append([]byte(nil), start...), end: append([]byte(nil), end...)})
}

// Writes returns the number of buffered writes (distinct keys set or
// deleted).
func (t *Txn) Writes() int {
	n := t.spilledEntries
	if t.buf != nil {
		n += t.buf.Len()
	}
	return n
}

// Savepoint returns the current undo-log position. It is O(1); from the
// first Savepoint on, every Set/Delete appends one undo record.
func (t *Txn) Savepoint() Savepoint {
	t.spUsed = true
	t.deltaFloor = len(t.deltas)
	return Savepoint{n: len(t.undo), r: len(t.ranges), d: len(t.deltas), gen: t.spillGen}
}

// RollbackTo undoes every Set/Delete made since sp, restoring earlier
// buffered values and tombstones. Savepoints taken after sp become invalid;
// rolling back to one of them is a no-op.
//
// If the write buffer spilled to disk since sp, the writes to undo are
// partly in an immutable run and the undo log before the spill is gone:
// RollbackTo then rolls the whole Txn back and returns ErrRollbackPastSpill.
func (t *Txn) RollbackTo(sp Savepoint) error {
	if t.done {
		return nil
	}
	if sp.gen != t.spillGen {
		t.Rollback()
		return ErrRollbackPastSpill
	}
	if sp.r < len(t.ranges) {
		t.ranges = t.ranges[:sp.r]
	}
	if sp.d < len(t.deltas) {
		t.deltas = t.deltas[:sp.d]
	}
	t.deltaFloor = sp.d
	if sp.n >= len(t.undo) {
		return nil
	}
	t.frozen = nil
	for i := len(t.undo) - 1; i >= sp.n; i-- {
		r := t.undo[i]
		var cur bufEntry
		var had bool
		if r.had {
			cur, had = t.buf.Set(r.prev)
		} else {
			cur, had = t.buf.Delete(r.prev)
		}
		if had {
			t.bufBytes -= int64(len(cur.kv) + entryOverhead)
		}
		t.bufBytes -= undoOverhead
		t.undo[i] = undoRec{}
	}
	t.undo = t.undo[:sp.n]
	return nil
}

// NewIter returns an iterator over [lower, upper) (nil = unbounded) that
// merges the Txn's buffered writes (tombstones hide snapshot keys) over its
// snapshot. The iterator sees the buffer as of this call (later writes of
// the Txn are not visible to it, which makes read-then-update loops safe).
// Iterators still open at Commit/Rollback are closed then.
func (t *Txn) NewIter(lower, upper []byte) (*Iter, error) {
	return t.newIterOver(t.layers(), lower, upper)
}

// layers freezes the Txn's buffered writes for a reader (O(1)).
func (t *Txn) layers() layers {
	var ly layers
	if t.buf != nil && t.buf.Len() > 0 {
		if t.frozen == nil {
			t.frozen = t.buf.Copy() // O(1) copy-on-write clone
		}
		ly.bt = t.frozen
	}
	ly.runs = t.runs[:len(t.runs):len(t.runs)]
	return ly
}

func (t *Txn) newIterOver(ly layers, lower, upper []byte) (*Iter, error) {
	if t.done {
		return nil, ErrTxnDone
	}
	if t.spillErr != nil {
		return nil, t.spillErr
	}
	snap, err := t.snapshot()
	if err != nil {
		return nil, err
	}
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	it, err := newIter(t.db, snap, ly, t, lower, upper)
	if err != nil {
		return nil, err
	}
	if t.iters == nil {
		t.iters = make(map[*Iter]struct{})
	}
	t.iters[it] = struct{}{}
	return it, nil
}

// Commit writes the buffered writes atomically. It returns ErrConflict if a
// key it wrote was written (by a Txn commit or an Apply, including their
// DeleteRange/TouchRange ranges) by someone who committed after this Txn
// started. A read-only Txn commits for free. Either way the Txn is finished
// and its snapshot released; after ErrConflict the caller retries with a new
// Txn.
func (t *Txn) Commit() error {
	if t.done {
		return ErrTxnDone
	}
	db := t.db
	t.closeIters()
	t.releaseSnapshot()
	if t.spillErr != nil {
		err := t.spillErr
		t.finish()
		return err
	}
	if len(t.runs) > 0 {
		return t.commitSpilled()
	}
	if (t.buf == nil || t.buf.Len() == 0) && len(t.ranges) == 0 && len(t.touched) == 0 && len(t.checked) == 0 && len(t.counters) == 0 && len(t.deltas) == 0 {
		t.finish()
		db.readOnly.Add(1)
		return nil
	}
	t.done = true
	buf := t.buf
	if buf == nil {
		buf = newBuf()
	}
	t.buf, t.frozen, t.undo = nil, nil, nil

	b, deleteOnly, err := t.batch(buf)
	if err != nil {
		t.finish()
		return err
	}
	ranges := t.ranges
	if len(t.touched) > 0 {
		ranges = append(append([]keyRange(nil), t.ranges...), t.touched...)
	}
	t.deltas = nil
	err = db.commit(&commitReq{batch: b, txn: t, ws: bufSet{tr: buf, ranges: ranges}, checks: t.checked, deleteOnly: deleteOnly})
	if err != nil {
		return err
	}
	if len(t.ranges) > 0 {
		db.noteRangeDelete()
	}
	db.commits.Add(1)
	return nil
}

// batch builds the Pebble batch for buf (outside the commit mutex) and
// reports whether it only deletes.
func (t *Txn) batch(buf *btree.BTreeG[bufEntry]) (*pebble.Batch, bool, error) {
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, false, ErrClosed
	}
	size := 16
	deleteOnly := len(t.counters) == 0 // count deltas are a few bytes: a DELETE stays delete-only
	buf.Scan(func(e bufEntry) bool {
		size += len(e.kv) + 11 // kind byte + two varint lengths
		deleteOnly = deleteOnly && e.del
		return true
	})
	b := db.pdb.NewBatchWithSize(size)
	var err error
	buf.Scan(func(e bufEntry) bool {
		if e.del {
			err = b.Delete(e.key(), nil)
		} else {
			err = b.Set(e.key(), e.val(), nil)
		}
		return err == nil
	})
	for _, r := range t.ranges {
		if err != nil {
			break
		}
		err = b.DeleteRange(r.start, r.end, nil)
	}
	for k, v := range t.counters {
		if err != nil {
			break
		}
		err = b.Merge([]byte(k), binary.BigEndian.AppendUint64(nil, v), nil)
	}
	if err == nil {
		err = t.mergeDeltas(b)
	}
	if err != nil {
		_ = b.Close()
		return nil, false, fmt.Errorf("kv: build batch: %w", err)
	}
	return b, deleteOnly, nil
}

// Rollback discards the Txn. It is idempotent.
func (t *Txn) Rollback() {
	if t.done {
		return
	}
	if t.registered {
		t.db.rollbacks.Add(1)
	}
	t.closeIters()
	t.releaseSnapshot()
	t.finish()
}

// finish ends the Txn: drops the buffer and leaves the registry.
func (t *Txn) finish() {
	t.done = true
	t.buf, t.frozen, t.undo, t.deltas = nil, nil, nil, nil
	t.closeRuns()
	if t.registered {
		t.registered = false
		if t.db.unregister(t.start) == 0 {
			t.db.requestPrune()
		}
	}
}

func (t *Txn) releaseSnapshot() {
	if t.snap == nil && len(t.stale) == 0 {
		return
	}
	db := t.db
	db.closeMu.RLock()
	if !db.closed.Load() {
		if t.snap != nil {
			_ = t.snap.Close()
		}
		for _, s := range t.stale {
			_ = s.Close()
		}
	}
	db.closeMu.RUnlock()
	t.snap, t.stale = nil, nil
}

func (t *Txn) closeIters() {
	for it := range t.iters {
		it.txn = nil
		_ = it.closeWith(ErrTxnDone)
	}
	t.iters = nil
}

// Done reports whether the Txn has committed or rolled back (including a
// failed commit, which rolls it back).
func (t *Txn) Done() bool { return t.done }

// View is a read-only view of a Txn frozen when it was taken: the Txn's
// buffered writes at that moment over its snapshot. Later writes of the Txn
// are not visible through it. A statement that scans while it writes (an
// UPDATE over several key ranges) reads through one View so it never sees,
// and processes again, rows it has just written.
type View struct {
	t      *Txn
	ly     layers
	latest bool // current read: newest committed data, not the snapshot
}

// CurrentView is like View but reads the newest committed data under the
// Txn's buffered writes (a current read, as InnoDB's locking reads and DML
// do). Each of its iterators sees the committed state as of its creation.
func (t *Txn) CurrentView() *View {
	v := t.View()
	v.latest = true
	return v
}

// View freezes the Txn's current state for reading (O(1)).
func (t *Txn) View() *View {
	return &View{t: t, ly: t.layers()}
}

// Get reads key as of the View.
func (v *View) Get(key []byte) ([]byte, bool, error) {
	if v.ly.bt != nil {
		if e, found := v.ly.bt.Get(probe(key)); found {
			if e.del {
				return nil, false, nil
			}
			return append([]byte{}, e.val()...), true, nil
		}
	}
	if len(v.ly.runs) > 0 {
		if v.t.done {
			return nil, false, ErrTxnDone
		}
		if val, ok, found, err := runsGet(v.ly.runs, key); found || err != nil {
			return val, ok, err
		}
	}
	if v.latest {
		if v.t.done {
			return nil, false, ErrTxnDone
		}
		return v.t.db.Get(key)
	}
	return v.t.snapshotGet(key)
}

// NewIter iterates [lower, upper) as of the View.
func (v *View) NewIter(lower, upper []byte) (*Iter, error) {
	if v.latest {
		return v.t.newLatestIter(v.ly, lower, upper)
	}
	return v.t.newIterOver(v.ly, lower, upper)
}

func (t *Txn) newLatestIter(ly layers, lower, upper []byte) (*Iter, error) {
	if t.done {
		return nil, ErrTxnDone
	}
	if t.spillErr != nil {
		return nil, t.spillErr
	}
	t.begin()
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	it, err := newIter(db, db.pdb, ly, t, lower, upper)
	if err != nil {
		return nil, err
	}
	if t.iters == nil {
		t.iters = make(map[*Iter]struct{})
	}
	t.iters[it] = struct{}{}
	return it, nil
}
