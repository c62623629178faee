package kv

import (
	"bytes"
	"hash/maphash"
	"slices"
	"sync/atomic"

	"github.com/cockroachdb/pebble"
)

// A presence filter lets a point read of a key in a watched span answer
// "not there" without Pebble. Two reads of absent keys dominate the
// many-table paths: after a restart the first insert into each of a
// million tables reads its AUTO_INCREMENT counter, most of which do not
// exist, and every CREATE TABLE checks that its table record does not
// exist. A read of an absent key still seeks the memtable skiplist and
// every level (Pebble's Get consults no L6 bloom filter): an eighth of the
// server's CPU in inserts spread over 1M tables, a sixth of CREATE TABLE's
// at 1M tables (docs/PROFILES.md, branch many4).
//
// The filter is a Bloom filter of fixed size over every key written in the
// span by a Set or a Merge: the scan that fills it (WatchPresence, then Add
// for each stored key, then Complete) runs after recording is switched on
// under the commit mutex, and every commit notes its keys in the span under
// the same mutex before they become visible. So once complete, a key the
// filter does not hold has no value now, nor in any snapshot taken after
// the scan ended (since): a key deleted before the scan reached it may
// still be in an older snapshot, which reads Pebble. A false positive
// costs only the read it would have cost anyway; the memory does not grow
// with the keys, only the false-positive rate does (4 MiB: ~0.1% at 1M
// keys, ~5% at 5M).

// The filter is blocked: a key's presenceHashes bits all lie in one 64-bit
// word, so noting a key (under the commit mutex) and testing one touch a
// single cache line of a table far larger than the CPU's caches.
const presenceHashes = 4

type presence struct {
	lo, hi   []byte
	bits     []atomic.Uint64
	mask     uint64 // number of words - 1 (a power of two)
	seed     maphash.Seed
	complete atomic.Bool
	// since: snapshots of this version or newer may trust the filter.
	since atomic.Uint64
	// broken: a commit's keys could not be read (an unreadable ingest),
	// so the filter no longer vouches for absence.
	broken atomic.Bool
	// skipped counts Counter reads the filter answered.
	skipped atomic.Uint64
}

func (p *presence) inSpan(key []byte) bool {
	return bytes.Compare(key, p.lo) >= 0 && bytes.Compare(key, p.hi) < 0
}

// slot returns the key's word and the bits it sets there.
func (p *presence) slot(key []byte) (*atomic.Uint64, uint64) {
	h := maphash.Bytes(p.seed, key)
	var bits uint64
	for i := 0; i < presenceHashes; i++ {
		bits |= 1 << (h >> (32 + 6*i) & 63)
	}
	return &p.bits[h&p.mask], bits
}

func (p *presence) add(key []byte) {
	w, bits := p.slot(key)
	if w.Load()&bits != bits {
		w.Or(bits)
	}
}

func (p *presence) mayContain(key []byte) bool {
	w, bits := p.slot(key)
	return w.Load()&bits == bits
}

// absent reports that key certainly has no value in a snapshot of
// version v (latest for the committed state).
func (p *presence) absent(key []byte, v uint64, latest bool) bool {
	if !p.complete.Load() || p.broken.Load() || !latest && v < p.since.Load() || !p.inSpan(key) || p.mayContain(key) {
		return false
	}
	p.skipped.Add(1)
	return true
}

// note adds the keys req writes in the filters' spans, before req becomes
// visible. It runs before the commit mutex is taken; under it, the commit
// notes its keys again if the filters changed meanwhile (notePresence).
func note(ps []*presence, req *commitReq) {
	if req.batch != nil {
		for r := req.batch.Reader(); ; {
			kind, k, _, ok, err := r.Next()
			if !ok || err != nil {
				break
			}
			if kind != pebble.InternalKeyKindSet && kind != pebble.InternalKeyKindMerge {
				continue
			}
			for _, p := range ps {
				if p.inSpan(k) {
					p.add(k)
				}
			}
		}
	}
	if req.ingestRun != nil {
		for _, p := range ps {
			p.noteRun(req.ingestRun)
		}
	}
}

// notePresence notes req's keys in the filters installed now, and returns
// them for commitLocked to compare against.
func (db *DB) notePresence(req *commitReq) *[]*presence {
	ps := db.presence.Load()
	if ps != nil {
		note(*ps, req)
	}
	return ps
}

// noteRun adds the keys of a spilled commit's run in the span.
func (p *presence) noteRun(r *run) {
	{
		for _, s := range runSrcs([]*run{r}, nil, p.lo, p.hi) {
			for ok := s.SeekGE(p.lo); ok; ok = s.Next() {
				if !s.Del() {
					p.add(s.Key())
				}
			}
			switch s := s.(type) {
			case *errSrc:
				p.broken.Store(true)
			case *runSrc:
				if s.e != nil {
					// Unreadable: the filter can no longer vouch for absence.
					p.broken.Store(true)
				}
			}
			s.Close()
		}
	}
}

// Presence is a presence filter being filled (WatchPresence).
type Presence struct {
	db *DB
	p  *presence
}

// WatchPresence starts a presence filter of size bytes over [lo, hi): from
// now on every commit notes its keys in the span. The caller then Adds
// every key stored in the span (read through iterators opened after this
// call) and calls Complete; until then reads go to Pebble as before.
// Abandon stops it. It replaces a filter of the same lo.
func (db *DB) WatchPresence(lo, hi []byte, size int) *Presence {
	words := 1
	for words*8 < size {
		words *= 2
	}
	p := &presence{lo: bytes.Clone(lo), hi: bytes.Clone(hi), bits: make([]atomic.Uint64, words),
		mask: uint64(words) - 1, seed: maphash.MakeSeed()}
	db.mu.Lock()
	ps := slices.DeleteFunc(slices.Clone(db.presenceList()), func(o *presence) bool { return bytes.Equal(o.lo, lo) })
	ps = append(ps, p)
	db.presence.Store(&ps)
	db.mu.Unlock()
	return &Presence{db: db, p: p}
}

// presenceList is the installed filters (never modified in place).
func (db *DB) presenceList() []*presence {
	if ps := db.presence.Load(); ps != nil {
		return *ps
	}
	return nil
}

// Add notes a key found stored in the span.
func (w *Presence) Add(key []byte) { w.p.add(key) }

// Complete says every key stored when WatchPresence was called was Added
// (or is gone): from now on reads trust the filter.
func (w *Presence) Complete() {
	w.db.mu.Lock()
	// Under mu: no commit is half applied, so every version up to this
	// one is visible, including any deletion the scan raced with.
	w.p.since.Store(w.db.ver.Load())
	w.db.mu.Unlock()
	w.p.complete.Store(true)
}

// Abandon drops the filter (the scan could not finish).
func (w *Presence) Abandon() {
	w.db.mu.Lock()
	ps := slices.DeleteFunc(slices.Clone(w.db.presenceList()), func(o *presence) bool { return o == w.p })
	w.db.presence.Store(&ps)
	w.db.mu.Unlock()
}

// knownAbsent reports that key certainly has no value in a snapshot of
// version v, or in the committed state when latest.
func (db *DB) knownAbsent(key []byte, v uint64, latest bool) bool {
	for _, p := range db.presenceList() {
		if p.absent(key, v, latest) {
			return true
		}
	}
	return false
}

// absentSkips sums the reads the filters answered.
func (db *DB) absentSkips() (n uint64) {
	for _, p := range db.presenceList() {
		n += p.skipped.Load()
	}
	return n
}
