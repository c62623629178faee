package kv

import (
	"bytes"
	"sort"
	"strings"
	"unsafe"
)

// keyRange is [start, end); end nil means unbounded.
type keyRange struct {
	start, end []byte
}

// writeSet is what a commit wrote, as seen by the conflict tracker.
type writeSet interface {
	// Len is the number of point keys written.
	Len() int
	// Has reports whether key was written.
	Has(key []byte) bool
	// AnyIn reports whether a point key in [start, end) was written.
	AnyIn(start, end []byte) bool
	// EachKey calls fn for every written point key in ascending order until
	// fn returns false.
	EachKey(fn func(key []byte) bool)
	// Ranges returns the ranges written (DeleteRange, TouchRange).
	Ranges() []keyRange
}

// tracker remembers, for recent commits, which keys and ranges were written
// at which version. It is guarded by DB.mu.
//
// keys maps a key to the last version that wrote it (O(1) lookup per key
// of a committing write set). recs keeps the same keys grouped per commit in
// version order, so that pruning is O(pruned) and a small committing write set
// can instead be checked against the few keys recorded since its start.
// Ranges are few (DDL) and kept in a version-ordered list.
type tracker struct {
	keys   map[string]uint64
	recs   []commitRec // live entries are recs[head:], ascending ver
	head   int
	ranges []rangeRec // ascending ver
	cum    uint64     // total keys ever recorded; commitRec.cum is a prefix sum

	// floor: a Txn with start < floor can no longer be checked (entries it
	// needed were dropped to respect Options.MaxTrackedKeys); its writing
	// commit is a conflict.
	floor uint64

	sincePrune int // commits recorded since the last prune
	lastSize   int // len(keys) after the last prune
}

type commitRec struct {
	ver  uint64
	keys []string // substrings of one string holding all the commit's keys, ascending
	cum  uint64   // tracker.cum after this record
}

type rangeRec struct {
	ver uint64
	r   keyRange
	// points: the range stands for point keys of a spilled commit (which
	// records covering ranges instead of millions of keys); like point
	// keys it is not compared with a pessimistic Txn's point writes.
	points bool
}

func (tr *tracker) init() { tr.keys = make(map[string]uint64) }

func (tr *tracker) empty() bool {
	return len(tr.keys) == 0 && len(tr.ranges) == 0 && tr.head == len(tr.recs)
}

// conflicts reports whether ws intersects anything recorded with a version
// greater than start. Without points, point keys written on both sides are
// not compared (a pessimistic Txn's point writes are covered by its locks);
// ranges still are.
func (tr *tracker) conflicts(start uint64, ws writeSet, points bool) bool {
	if start < tr.floor {
		return true
	}
	for i := len(tr.ranges) - 1; i >= 0 && tr.ranges[i].ver > start; i-- {
		if tr.ranges[i].points && !points {
			continue
		}
		if ws.AnyIn(tr.ranges[i].r.start, tr.ranges[i].r.end) {
			return true
		}
	}
	live := tr.recs[tr.head:]
	if len(live) == 0 || live[len(live)-1].ver <= start {
		return false
	}
	i := sort.Search(len(live), func(i int) bool { return live[i].ver > start })
	// Ranges this commit deletes or touches (DDL) against keys committed
	// since it started: a row written into a table while an ALTER copied
	// it must fail the ALTER, not vanish under its range delete.
	if rs := ws.Ranges(); len(rs) > 0 {
		for _, r := range live[i:] {
			for _, k := range r.keys {
				for _, kr := range rs {
					if inRange(strBytes(k), kr) {
						return true
					}
				}
			}
		}
	}
	if ws.Len() == 0 || !points {
		return false
	}
	before := live[i].cum - uint64(len(live[i].keys))
	newer := live[len(live)-1].cum - before
	if newer <= uint64(ws.Len()) {
		// Few keys were committed since start: probe the write set.
		for _, r := range live[i:] {
			for _, k := range r.keys {
				if ws.Has(strBytes(k)) {
					return true
				}
			}
		}
		return false
	}
	// The write set is the smaller side: probe the map.
	found := false
	ws.EachKey(func(k []byte) bool {
		if v, ok := tr.keys[string(k)]; ok && v > start {
			found = true
			return false
		}
		return true
	})
	return found
}

// trackedKeys copies the point keys of ws into one string and returns them
// as substrings of it (one allocation for all the bytes). It needs no lock,
// so committers call it before taking the commit mutex.
func trackedKeys(ws writeSet) []string {
	n := ws.Len()
	if n == 0 {
		return nil
	}
	total := 0
	ws.EachKey(func(k []byte) bool { total += len(k); return true })
	var sb strings.Builder
	sb.Grow(total)
	ws.EachKey(func(k []byte) bool { sb.Write(k); return true })
	all := sb.String()
	keys := make([]string, 0, n)
	off := 0
	ws.EachKey(func(k []byte) bool {
		keys = append(keys, all[off:off+len(k)])
		off += len(k)
		return true
	})
	return keys
}

// record notes that version v wrote keys (from trackedKeys), ranges and
// cover (ranges standing for point keys).
func (tr *tracker) record(v uint64, keys []string, ranges, cover []keyRange) {
	for _, r := range cover {
		tr.ranges = append(tr.ranges, rangeRec{ver: v, points: true, r: keyRange{
			start: append([]byte(nil), r.start...),
			end:   cloneOrNil(r.end),
		}})
	}
	if len(keys) > 0 {
		for _, s := range keys {
			// Delete first so the map key refers to this commit's
			// string, not to an older commit's (which could then not be
			// freed): assignment alone keeps the old key.
			delete(tr.keys, s)
			tr.keys[s] = v
		}
		tr.cum += uint64(len(keys))
		tr.recs = append(tr.recs, commitRec{ver: v, keys: keys, cum: tr.cum})
	}
	for _, r := range ranges {
		tr.ranges = append(tr.ranges, rangeRec{ver: v, r: keyRange{
			start: append([]byte(nil), r.start...),
			end:   cloneOrNil(r.end),
		}})
	}
}

// prune forgets everything with a version <= oldest, the smallest start
// version of any open Txn: such a Txn only conflicts with versions > start,
// and a Txn that registers later gets a start >= the current version, which
// is >= every recorded version. (DB.mu is held, so the version cannot advance
// between computing oldest and pruning.)
func (tr *tracker) prune(oldest uint64) {
	for tr.head < len(tr.recs) && tr.recs[tr.head].ver <= oldest {
		r := &tr.recs[tr.head]
		for _, k := range r.keys {
			if tr.keys[k] == r.ver {
				delete(tr.keys, k)
			}
		}
		*r = commitRec{}
		tr.head++
	}
	if tr.head == len(tr.recs) {
		tr.recs = tr.recs[:0]
		tr.head = 0
	} else if tr.head > 64 && tr.head > len(tr.recs)/2 {
		n := copy(tr.recs, tr.recs[tr.head:])
		clear(tr.recs[n:])
		tr.recs = tr.recs[:n]
		tr.head = 0
	}
	i := 0
	for i < len(tr.ranges) && tr.ranges[i].ver <= oldest {
		i++
	}
	if i > 0 {
		n := copy(tr.ranges, tr.ranges[i:])
		clear(tr.ranges[n:])
		tr.ranges = tr.ranges[:n]
	}
}

// halfwayVersion returns the version up to which pruning drops about half of
// the tracked keys.
func (tr *tracker) halfwayVersion() uint64 {
	live := tr.recs[tr.head:]
	if len(live) == 0 {
		return 0
	}
	target := live[0].cum - uint64(len(live[0].keys)) + uint64(len(tr.keys)/2)
	i := sort.Search(len(live), func(i int) bool { return live[i].cum >= target })
	return live[min(i, len(live)-1)].ver
}

// clear forgets everything (no Txn is open).
func (tr *tracker) clear() {
	if len(tr.keys) > 1024 {
		tr.keys = make(map[string]uint64)
	} else {
		clear(tr.keys)
	}
	if cap(tr.recs) > 1024 {
		tr.recs = nil
	} else {
		clear(tr.recs)
		tr.recs = tr.recs[:0]
	}
	tr.head = 0
	tr.ranges = nil
	tr.sincePrune = 0
	tr.lastSize = 0
}

// strBytes views s as a byte slice without copying. The result must not be
// modified.
func strBytes(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func cloneOrNil(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

func inRange(k []byte, r keyRange) bool {
	return bytes.Compare(k, r.start) >= 0 && (r.end == nil || bytes.Compare(k, r.end) < 0)
}
