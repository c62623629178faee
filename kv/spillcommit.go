package kv

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// maxCoverRanges bounds the ranges a spilled commit records in the conflict
// tracker in place of its keys.
const maxCoverRanges = 512

// errUnboundedRangeSpill: an sstable range tombstone needs an end key.
var errUnboundedRangeSpill = errors.New("kv: a transaction that spilled cannot delete an unbounded range")

// commitSpilled commits a Txn that has spilled runs: buffer and runs are
// merged into one sstable outside the commit mutex and ingested under it, so
// the commit never holds the write set in memory. Everything the Txn
// writes goes into that one sstable (points, range deletions, counters and
// row-count deltas as merge operands), so it becomes visible atomically and
// is durable when Ingest returns.
func (t *Txn) commitSpilled() error {
	db := t.db
	t.done = true
	defer t.closeRuns()
	out, err := t.buildIngest()
	t.buf, t.frozen, t.undo, t.deltas = nil, nil, nil, nil
	if err != nil {
		t.finish()
		db.commitErrs.Add(1)
		return err
	}
	defer out.close()
	ranges := t.ranges
	if len(t.touched) > 0 {
		ranges = append(append([]keyRange(nil), t.ranges...), t.touched...)
	}
	req := &commitReq{txn: t, ws: spilledSet{r: out.r, n: out.entries, ranges: ranges}, checks: t.checked,
		deleteOnly: out.deleteOnly, cover: out.cover}
	if out.r != nil {
		req.ingest, req.ingestSize, req.ingestRun = out.r.path, out.r.size, out.r
	}
	if err := db.commit(req); err != nil {
		return err
	}
	if len(t.ranges) > 0 {
		db.noteRangeDelete()
	}
	db.commits.Add(1)
	return nil
}

// ingestOut is the merged sstable of a spilled commit.
type ingestOut struct {
	r          *run // nil if the Txn's writes cancel out to nothing
	entries    int
	deleteOnly bool
	cover      []keyRange
}

func (o *ingestOut) close() {
	if o.r != nil {
		o.r.close()
	}
}

// mergeOp is a counter or row-count operand to write as a Merge.
type mergeOp struct{ key, val []byte }

// buildIngest writes buffer and runs, newest first wins, plus ranges,
// counters and deltas, into one sstable with the semantics of the batch
// Commit would otherwise build: range deletions apply after the point
// writes (so points they cover are left out; in an sstable every entry has
// the same sequence number and a range tombstone would not hide them),
// merges after the range deletions (so they are kept).
func (t *Txn) buildIngest() (*ingestOut, error) {
	db := t.db
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	dels, err := unionRanges(t.ranges)
	if err != nil {
		return nil, err
	}
	var ops []mergeOp
	for k, v := range t.counters {
		ops = append(ops, mergeOp{key: []byte(k), val: binary.BigEndian.AppendUint64(nil, v)})
	}
	if err := t.eachDelta(func(key, operand []byte) error {
		ops = append(ops, mergeOp{key: append([]byte(nil), key...), val: operand})
		return nil
	}); err != nil {
		return nil, err
	}
	sort.SliceStable(ops, func(i, j int) bool { return bytes.Compare(ops[i].key, ops[j].key) < 0 })

	t.spillSeq++
	w, err := db.newSSTWriter(db.spillPath(t.id, t.spillSeq))
	if err != nil {
		return nil, err
	}
	var bt = t.buf
	if bt != nil && bt.Len() == 0 {
		bt = nil
	}
	m := newMergeSrc(runSrcs(t.runs, bt, nil, nil))
	defer m.Close()

	out := &ingestOut{deleteOnly: len(t.counters) == 0}
	total := t.spilledEntries
	if bt != nil {
		total += bt.Len()
	}
	chunk := total/maxCoverRanges + 1
	var first, last []byte
	inChunk := 0
	note := func(k []byte) {
		if inChunk == 0 {
			first = append(first[:0], k...)
		}
		last = append(last[:0], k...)
		inChunk++
		if inChunk == chunk {
			out.cover = append(out.cover, keyRange{start: append([]byte(nil), first...), end: append(append([]byte(nil), last...), 0)})
			inChunk = 0
		}
	}
	// writeOps writes the operands of keys < limit (all if limit is nil).
	writeOps := func(limit []byte) error {
		for len(ops) > 0 && (limit == nil || bytes.Compare(ops[0].key, limit) < 0) {
			j := 1
			for j < len(ops) && bytes.Equal(ops[j].key, ops[0].key) {
				j++
			}
			v, err := foldOps(nil, false, ops[:j])
			if err != nil {
				return err
			}
			if j > 1 {
				err = w.w.Set(ops[0].key, v) // a key raised twice: one value
			} else {
				err = w.w.Merge(ops[0].key, v)
			}
			if err != nil {
				return err
			}
			note(ops[0].key)
			out.entries++
			ops = ops[j:]
		}
		return nil
	}
	di := 0 // dels before di end at or before the current key
	for ok := m.First(); ok && err == nil; ok = m.Next() {
		k := m.Key()
		if err = writeOps(k); err != nil {
			break
		}
		for di < len(dels) && bytes.Compare(dels[di].end, k) <= 0 {
			di++
		}
		covered := di < len(dels) && bytes.Compare(dels[di].start, k) <= 0
		var same []mergeOp
		for len(ops) > 0 && bytes.Equal(ops[0].key, k) {
			same = append(same, ops[0])
			ops = ops[1:]
		}
		switch {
		case len(same) > 0:
			// A point write and operands of one key: the batch would
			// apply the operands on top of it (or of nothing, if it was a
			// delete or a range deleted it).
			hasBase := !covered && !m.Del()
			var v []byte
			if v, err = foldOps(m.Val(), hasBase, same); err == nil {
				err = w.w.Set(k, v)
			}
			out.deleteOnly = false
		case covered:
			continue
		default:
			err = w.add(k, m.Val(), m.Del())
			out.deleteOnly = out.deleteOnly && m.Del()
		}
		note(k)
		out.entries++
	}
	if err == nil {
		err = m.err()
	}
	if err == nil {
		err = writeOps(nil)
	}
	for _, r := range dels {
		if err != nil {
			break
		}
		err = w.w.DeleteRange(r.start, r.end)
	}
	if inChunk > 0 {
		out.cover = append(out.cover, keyRange{start: append([]byte(nil), first...), end: append(append([]byte(nil), last...), 0)})
	}
	if err = w.finish(err); err != nil {
		return nil, fmt.Errorf("kv: build spilled commit: %w", err)
	}
	if out.entries == 0 && len(dels) == 0 {
		_ = db.opts.FS.Remove(w.path)
		return out, nil
	}
	if out.r, err = db.openRun(w.path, 0, out.entries, w.size); err != nil {
		_ = db.opts.FS.Remove(w.path)
		return nil, err
	}
	return out, nil
}

// foldOps applies merge operands to base (if hasBase) as Pebble's merger
// would, returning the resulting value.
func foldOps(base []byte, hasBase bool, ops []mergeOp) ([]byte, error) {
	if !hasBase && len(ops) == 1 {
		return ops[0].val, nil
	}
	first, rest := base, ops
	if !hasBase {
		first, rest = ops[0].val, ops[1:]
	}
	vm, err := maxMerger.Merge(ops[0].key, first)
	if err != nil {
		return nil, err
	}
	for _, op := range rest {
		if err := vm.MergeNewer(op.val); err != nil {
			return nil, err
		}
	}
	v, closer, err := vm.Finish(true)
	if closer != nil {
		_ = closer.Close()
	}
	return append([]byte(nil), v...), err
}

// unionRanges returns the union of rs as sorted, disjoint ranges (an
// sstable's range tombstones must not overlap).
func unionRanges(rs []keyRange) ([]keyRange, error) {
	if len(rs) == 0 {
		return nil, nil
	}
	s := make([]keyRange, len(rs))
	copy(s, rs)
	for _, r := range s {
		if r.end == nil {
			return nil, errUnboundedRangeSpill
		}
	}
	sort.Slice(s, func(i, j int) bool { return bytes.Compare(s[i].start, s[j].start) < 0 })
	out := []keyRange{s[0]}
	for _, r := range s[1:] {
		l := &out[len(out)-1]
		if bytes.Compare(r.start, l.end) <= 0 {
			if bytes.Compare(r.end, l.end) > 0 {
				l.end = r.end
			}
			continue
		}
		out = append(out, r)
	}
	for i := 0; i < len(out); {
		if bytes.Compare(out[i].start, out[i].end) >= 0 {
			out = append(out[:i], out[i+1:]...)
			continue
		}
		i++
	}
	return out, nil
}

// spilledSet is a spilled commit's write set for the conflict tracker,
// read from its merged sstable.
type spilledSet struct {
	r      *run
	n      int
	ranges []keyRange
}

func (s spilledSet) Len() int { return s.n }

func (s spilledSet) Has(key []byte) bool {
	if s.r == nil {
		return false
	}
	_, _, found, err := s.r.get(key)
	return found || err != nil // an unreadable set conflicts, never misses
}

func (s spilledSet) AnyIn(start, end []byte) bool {
	if s.r == nil {
		return false
	}
	m := newMergeSrc(runSrcs([]*run{s.r}, nil, nil, nil))
	defer m.Close()
	if !m.SeekGE(start) {
		return m.err() != nil
	}
	return end == nil || bytes.Compare(m.Key(), end) < 0
}

func (s spilledSet) EachKey(fn func([]byte) bool) {
	if s.r == nil {
		return
	}
	m := newMergeSrc(runSrcs([]*run{s.r}, nil, nil, nil))
	defer m.Close()
	for ok := m.First(); ok; ok = m.Next() {
		if !fn(m.Key()) {
			return
		}
	}
}

func (s spilledSet) Ranges() []keyRange { return s.ranges }
