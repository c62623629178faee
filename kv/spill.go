package kv

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/cockroachdb/pebble"
	"github.com/cockroachdb/pebble/bloom"
	"github.com/cockroachdb/pebble/objstorage/objstorageprovider"
	"github.com/cockroachdb/pebble/sstable"
	"github.com/cockroachdb/pebble/vfs"
	"github.com/tidwall/btree"
)

// A Txn whose write buffer grows past Options.SpillBytes writes it out as an
// immutable sorted run (an sstable in the spill directory) and starts a new,
// empty buffer. Reads look at the buffer, then the runs newest first, then
// the snapshot; iterators merge all of them. See the package documentation
// ("Huge transactions").

// DefaultSpillBytes is the write-buffer size at which a Txn spills.
const DefaultSpillBytes = 64 << 20

const (
	// entryOverhead approximates what one buffered entry costs besides its
	// key and value bytes: the bufEntry in a btree node and the slice header.
	entryOverhead = 48
	// undoOverhead is the size of one undo record.
	undoOverhead = 48
	// spillFanIn: when this many runs of one tier exist they are merged into
	// one run of the next tier, which bounds the runs a read consults to
	// about spillFanIn per tier (tiers grow by spillFanIn).
	spillFanIn = 8
)

// ErrRollbackPastSpill is returned by Txn.RollbackTo when the savepoint
// predates a spill of the write buffer: the writes made since the savepoint
// are partly in a sorted run on disk, which is immutable, and kv does not keep
// an undo log for them. The Txn is rolled back entirely (never left in a
// half-restored state).
var ErrRollbackPastSpill = errors.New("kv: cannot roll back to a savepoint taken before the transaction's write buffer spilled to disk; the whole transaction was rolled back")

// run is one immutable sorted run of a Txn's writes: Sets and Deletes
// (tombstones that hide older runs and the snapshot).
type run struct {
	path    string
	fs      vfs.FS
	r       *sstable.Reader
	tier    int
	entries int
	size    int64

	mu sync.Mutex // guards gi: point reads may come from several goroutines
	gi sstable.Iterator
}

// get looks key up in the run: found reports an entry, del a tombstone.
func (r *run) get(key []byte) (val []byte, del, found bool, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gi == nil {
		if r.gi, err = r.r.NewIter(nil, nil); err != nil {
			r.gi = nil
			return nil, false, false, err
		}
	}
	k, lv := r.gi.SeekPrefixGE(key, key, sstable.SeekGEFlags(0))
	if k == nil {
		return nil, false, false, r.gi.Error()
	}
	if !bytes.Equal(k.UserKey, key) {
		return nil, false, false, nil
	}
	if k.Kind() == sstable.InternalKeyKindDelete {
		return nil, true, true, nil
	}
	v, _, err := lv.Value(nil)
	if err != nil {
		return nil, false, false, err
	}
	return append([]byte{}, v...), false, true, nil
}

func (r *run) close() {
	r.mu.Lock()
	if r.gi != nil {
		_ = r.gi.Close()
		r.gi = nil
	}
	r.mu.Unlock()
	_ = r.r.Close()
	_ = r.fs.Remove(r.path)
}

// spillDir is the directory holding the runs of open transactions.
func (db *DB) spillPath(txn uint64, seq int) string {
	return filepath.Join(db.opts.SpillDir, fmt.Sprintf("txn-%d-%d.sst", txn, seq))
}

// clearSpillDir removes runs left by a previous process: they belonged to
// transactions that never committed (a committed one's data is in the LSM).
func clearSpillDir(fs vfs.FS, dir string) error {
	if err := fs.RemoveAll(dir); err != nil {
		return fmt.Errorf("kv: clear spill dir %s: %w", dir, err)
	}
	return nil
}

func (db *DB) writerOptions() sstable.WriterOptions {
	return sstable.WriterOptions{
		TableFormat:  db.pdb.FormatMajorVersion().MaxTableFormat(),
		Compression:  sstable.SnappyCompression,
		FilterPolicy: bloom.FilterPolicy(10),
		FilterType:   sstable.TableFilter,
		MergerName:   maxMerger.Name,
		BlockSize:    32 << 10,
	}
}

// sstWriter writes one sstable file.
type sstWriter struct {
	fs   vfs.FS
	path string
	w    *sstable.Writer
	n    int
	size int64
}

func (db *DB) newSSTWriter(path string) (*sstWriter, error) {
	if err := db.opts.FS.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("kv: spill dir: %w", err)
	}
	f, err := db.opts.FS.Create(path)
	if err != nil {
		return nil, fmt.Errorf("kv: spill: %w", err)
	}
	return &sstWriter{fs: db.opts.FS, path: path, w: sstable.NewWriter(objstorageprovider.NewFileWritable(f), db.writerOptions())}, nil
}

func (s *sstWriter) add(key, val []byte, del bool) error {
	s.n++
	if del {
		return s.w.Delete(key)
	}
	return s.w.Set(key, val)
}

// finish closes the writer; on error the file is removed.
func (s *sstWriter) finish(err error) error {
	if err != nil {
		_ = s.w.Close()
		_ = s.fs.Remove(s.path)
		return err
	}
	if err := s.w.Close(); err != nil {
		_ = s.fs.Remove(s.path)
		return fmt.Errorf("kv: spill: %w", err)
	}
	if m, err := s.w.Metadata(); err == nil {
		s.size = int64(m.Size)
	}
	return nil
}

func (db *DB) openRun(path string, tier, entries int, size int64) (*run, error) {
	f, err := db.opts.FS.Open(path)
	if err != nil {
		return nil, fmt.Errorf("kv: open spill run: %w", err)
	}
	rd, err := sstable.NewSimpleReadable(f)
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	r, err := sstable.NewReader(rd, sstable.ReaderOptions{
		Cache:      db.spillCache,
		MergerName: maxMerger.Name,
		Filters:    map[string]sstable.FilterPolicy{bloom.FilterPolicy(10).Name(): bloom.FilterPolicy(10)},
	})
	if err != nil {
		return nil, fmt.Errorf("kv: open spill run: %w", err)
	}
	return &run{path: path, fs: db.opts.FS, r: r, tier: tier, entries: entries, size: size}, nil
}

// spill writes the buffer out as a new run and empties it. The undo log is
// dropped: savepoints taken before now can no longer be rolled back to
// exactly (RollbackTo refuses them, see ErrRollbackPastSpill).
func (t *Txn) spill() error {
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return ErrClosed
	}
	t.spillSeq++
	w, err := db.newSSTWriter(db.spillPath(t.id, t.spillSeq))
	if err != nil {
		return err
	}
	t.buf.Scan(func(e bufEntry) bool {
		err = w.add(e.key(), e.val(), e.del)
		return err == nil
	})
	if err = w.finish(err); err != nil {
		return err
	}
	r, err := db.openRun(w.path, 0, w.n, w.size)
	if err != nil {
		_ = db.opts.FS.Remove(w.path)
		return err
	}
	t.runs = append(t.runs, r)
	t.spilledEntries += w.n
	t.buf, t.frozen = newBuf(), nil
	t.bufBytes = 0
	clear(t.undo)
	t.undo = t.undo[:0]
	if cap(t.undo) > 1<<16 {
		t.undo = nil
	}
	t.spillGen++
	db.spills.Add(1)
	db.spilledBytes.Add(uint64(w.size))
	return t.mergeRuns()
}

// mergeRuns merges the newest runs while spillFanIn of them share a tier.
// Runs merged away stay open (iterators and Views may still read them)
// until the Txn ends.
func (t *Txn) mergeRuns() error {
	for {
		n := len(t.runs)
		if n < spillFanIn {
			return nil
		}
		tier := t.runs[n-1].tier
		i := n - 1
		for i > 0 && t.runs[i-1].tier == tier {
			i--
		}
		if n-i < spillFanIn {
			return nil
		}
		group := t.runs[i:]
		t.spillSeq++
		w, err := t.db.newSSTWriter(t.db.spillPath(t.id, t.spillSeq))
		if err != nil {
			return err
		}
		// Tombstones stay: older runs and the snapshot are still below.
		m := newMergeSrc(runSrcs(group, nil, nil, nil))
		for ok := m.First(); ok; ok = m.Next() {
			if err = w.add(m.Key(), m.Val(), m.Del()); err != nil {
				break
			}
		}
		if err == nil {
			err = m.err()
		}
		m.Close()
		if err = w.finish(err); err != nil {
			return err
		}
		r, err := t.db.openRun(w.path, tier+1, w.n, w.size)
		if err != nil {
			_ = t.db.opts.FS.Remove(w.path)
			return err
		}
		t.retired = append(t.retired, group...)
		t.runs = append(t.runs[:i:i], r)
	}
}

// closeRuns closes and removes every run of the Txn.
func (t *Txn) closeRuns() {
	for _, r := range t.runs {
		r.close()
	}
	for _, r := range t.retired {
		r.close()
	}
	t.runs, t.retired = nil, nil
}

// ---------------------------------------------------------------------------
// Sources merged under an Iter's snapshot side.

// src is one ordered source of buffered writes (the btree, a run, or a merge
// of them). Positioning methods report whether the source is on an entry.
type src interface {
	First() bool
	Last() bool
	SeekGE(k []byte) bool
	SeekLT(k []byte) bool
	Next() bool
	Prev() bool
	Key() []byte
	Val() []byte
	Del() bool
	Close()
}

// btSrc reads a btree buffer.
type btSrc struct{ bi btree.IterG[bufEntry] }

func (s *btSrc) First() bool          { return s.bi.First() }
func (s *btSrc) Last() bool           { return s.bi.Last() }
func (s *btSrc) SeekGE(k []byte) bool { return s.bi.Seek(probe(k)) }
func (s *btSrc) SeekLT(k []byte) bool {
	if s.bi.Seek(probe(k)) {
		return s.bi.Prev()
	}
	return s.bi.Last()
}
func (s *btSrc) Next() bool  { return s.bi.Next() }
func (s *btSrc) Prev() bool  { return s.bi.Prev() }
func (s *btSrc) Key() []byte { return s.bi.Item().key() }
func (s *btSrc) Val() []byte { return s.bi.Item().val() }
func (s *btSrc) Del() bool   { return s.bi.Item().del }
func (s *btSrc) Close()      { s.bi.Release() }

// runSrc reads a run.
type runSrc struct {
	it  sstable.Iterator
	k   *sstable.InternalKey
	lv  pebble.LazyValue
	e   error
	val []byte
}

func (s *runSrc) set(k *sstable.InternalKey, lv pebble.LazyValue) bool {
	s.k, s.lv, s.val = k, lv, nil
	if k == nil {
		if err := s.it.Error(); err != nil && s.e == nil {
			s.e = err
		}
		return false
	}
	return true
}

func (s *runSrc) First() bool          { return s.set(s.it.First()) }
func (s *runSrc) Last() bool           { return s.set(s.it.Last()) }
func (s *runSrc) SeekGE(k []byte) bool { return s.set(s.it.SeekGE(k, sstable.SeekGEFlags(0))) }
func (s *runSrc) SeekLT(k []byte) bool { return s.set(s.it.SeekLT(k, sstable.SeekLTFlags(0))) }
func (s *runSrc) Next() bool           { return s.set(s.it.Next()) }
func (s *runSrc) Prev() bool           { return s.set(s.it.Prev()) }
func (s *runSrc) Key() []byte          { return s.k.UserKey }
func (s *runSrc) Del() bool            { return s.k.Kind() == sstable.InternalKeyKindDelete }
func (s *runSrc) Val() []byte {
	if s.val == nil {
		v, _, err := s.lv.Value(nil)
		if err != nil && s.e == nil {
			s.e = err
		}
		s.val = v
	}
	return s.val
}
func (s *runSrc) Close() { _ = s.it.Close() }

// runSrcs opens iterators over runs (newest first in the result) and
// prepends bt's, if any.
func runSrcs(runs []*run, bt *btree.BTreeG[bufEntry], lower, upper []byte) []src {
	out := make([]src, 0, len(runs)+1)
	if bt != nil {
		out = append(out, &btSrc{bi: bt.Iter()})
	}
	for i := len(runs) - 1; i >= 0; i-- {
		it, err := runs[i].r.NewIter(lower, upper)
		if err != nil {
			out = append(out, &errSrc{err: err})
			continue
		}
		out = append(out, &runSrc{it: it})
	}
	return out
}

// errSrc is an empty source that reports err (a run that failed to open).
type errSrc struct{ err error }

func (s *errSrc) First() bool        { return false }
func (s *errSrc) Last() bool         { return false }
func (s *errSrc) SeekGE([]byte) bool { return false }
func (s *errSrc) SeekLT([]byte) bool { return false }
func (s *errSrc) Next() bool         { return false }
func (s *errSrc) Prev() bool         { return false }
func (s *errSrc) Key() []byte        { return nil }
func (s *errSrc) Val() []byte        { return nil }
func (s *errSrc) Del() bool          { return false }
func (s *errSrc) Close()             {}

// mergeSrc merges sources ordered newest first: for a key present in
// several, the newest one's entry wins (tombstones included).
type mergeSrc struct {
	s     []src
	valid []bool
	dir   int8
	cur   int // index of the winning source, -1 if none
	kbuf  []byte
}

func newMergeSrc(s []src) *mergeSrc {
	return &mergeSrc{s: s, valid: make([]bool, len(s)), cur: -1}
}

func (m *mergeSrc) err() error {
	for _, s := range m.s {
		switch x := s.(type) {
		case *runSrc:
			if x.e != nil {
				return x.e
			}
		case *errSrc:
			return x.err
		}
	}
	return nil
}

// pick chooses the current entry among the positioned sources.
func (m *mergeSrc) pick() bool {
	m.cur = -1
	for i, s := range m.s {
		if !m.valid[i] {
			continue
		}
		if m.cur < 0 {
			m.cur = i
			continue
		}
		c := bytes.Compare(s.Key(), m.s[m.cur].Key())
		if (m.dir > 0 && c < 0) || (m.dir < 0 && c > 0) {
			m.cur = i
		}
	}
	return m.cur >= 0
}

func (m *mergeSrc) all(f func(s src) bool, dir int8) bool {
	m.dir = dir
	for i, s := range m.s {
		m.valid[i] = f(s)
	}
	return m.pick()
}

func (m *mergeSrc) First() bool { return m.all(src.First, 1) }
func (m *mergeSrc) Last() bool  { return m.all(src.Last, -1) }
func (m *mergeSrc) SeekGE(k []byte) bool {
	return m.all(func(s src) bool { return s.SeekGE(k) }, 1)
}
func (m *mergeSrc) SeekLT(k []byte) bool {
	return m.all(func(s src) bool { return s.SeekLT(k) }, -1)
}

// step moves every source positioned on the current key one entry in the
// current direction.
func (m *mergeSrc) step() bool {
	cur := m.s[m.cur].Key()
	m.kbuf = append(m.kbuf[:0], cur...)
	for i, s := range m.s {
		if m.valid[i] && bytes.Equal(s.Key(), m.kbuf) {
			if m.dir > 0 {
				m.valid[i] = s.Next()
			} else {
				m.valid[i] = s.Prev()
			}
		}
	}
	return m.pick()
}

func (m *mergeSrc) Next() bool {
	if m.cur < 0 {
		return false
	}
	if m.dir < 0 {
		m.kbuf = append(append(m.kbuf[:0], m.Key()...), 0)
		k := append([]byte(nil), m.kbuf...)
		return m.SeekGE(k)
	}
	return m.step()
}

func (m *mergeSrc) Prev() bool {
	if m.cur < 0 {
		return false
	}
	if m.dir > 0 {
		k := append([]byte(nil), m.Key()...)
		return m.SeekLT(k)
	}
	return m.step()
}

func (m *mergeSrc) Key() []byte { return m.s[m.cur].Key() }
func (m *mergeSrc) Val() []byte { return m.s[m.cur].Val() }
func (m *mergeSrc) Del() bool   { return m.s[m.cur].Del() }
func (m *mergeSrc) Close() {
	for _, s := range m.s {
		s.Close()
	}
}
