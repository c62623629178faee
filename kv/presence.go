package kv

import (
	"bytes"
	"hash/maphash"
	"sync/atomic"

	"github.com/cockroachdb/pebble"
)

// A presence filter lets Counter answer "never written" without a Pebble
// read for the keys of one span. After a restart the first insert into
// each of a million tables reads its AUTO_INCREMENT counter, and most of
// those counters do not exist: a read of an absent key still seeks the
// memtable skiplist and every level (Pebble's Get consults no L6 bloom
// filter), an eighth of the server's CPU in inserts spread over 1M tables
// (docs/PROFILES.md, branch many4).
//
// The filter is a Bloom filter of fixed size over every key written in the
// span by a Set or a Merge: the scan that fills it (WatchPresence, then Add
// for each stored key, then Complete) runs after recording is switched on
// under the commit mutex, and every commit notes its keys in the span under
// the same mutex before they become visible, so once complete a key the
// filter does not hold has no value. A false positive costs only the read
// it would have cost anyway; the memory does not grow with the keys, only
// the false-positive rate does (4 MiB: ~0.02% at 1M keys, ~5% at 5M).

// presenceHashes is the number of bits set per key.
const presenceHashes = 4

type presence struct {
	lo, hi   []byte
	bits     []atomic.Uint64
	mask     uint64 // number of bits - 1 (a power of two)
	seed     maphash.Seed
	complete atomic.Bool
	// broken: a commit's keys could not be read (an unreadable ingest),
	// so the filter no longer vouches for absence.
	broken atomic.Bool
	// skipped counts Counter reads the filter answered.
	skipped atomic.Uint64
}

func (p *presence) inSpan(key []byte) bool {
	return bytes.Compare(key, p.lo) >= 0 && bytes.Compare(key, p.hi) < 0
}

// probes calls fn with the key's bit positions (double hashing).
func (p *presence) probes(key []byte, fn func(bit uint64) bool) bool {
	h := maphash.Bytes(p.seed, key)
	h1, h2 := h, h>>33|h<<31|1
	for i := uint64(0); i < presenceHashes; i++ {
		if !fn((h1 + i*h2) & p.mask) {
			return false
		}
	}
	return true
}

func (p *presence) add(key []byte) {
	p.probes(key, func(bit uint64) bool {
		p.bits[bit/64].Or(1 << (bit % 64))
		return true
	})
}

func (p *presence) mayContain(key []byte) bool {
	return p.probes(key, func(bit uint64) bool {
		return p.bits[bit/64].Load()&(1<<(bit%64)) != 0
	})
}

// absent reports that key certainly has no value.
func (p *presence) absent(key []byte) bool {
	if !p.complete.Load() || p.broken.Load() || !p.inSpan(key) || p.mayContain(key) {
		return false
	}
	p.skipped.Add(1)
	return true
}

// noteLocked adds the keys req writes in the span. Called with db.mu held,
// before req becomes visible.
func (p *presence) noteLocked(req *commitReq) {
	if req.batch != nil {
		for r := req.batch.Reader(); ; {
			kind, k, _, ok, err := r.Next()
			if !ok || err != nil {
				break
			}
			if (kind == pebble.InternalKeyKindSet || kind == pebble.InternalKeyKindMerge) && p.inSpan(k) {
				p.add(k)
			}
		}
	}
	if req.ingestRun != nil {
		for _, s := range runSrcs([]*run{req.ingestRun}, nil, p.lo, p.hi) {
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
// call) and calls Complete; until then Counter reads as before. Abandon
// stops it. A later call replaces the filter.
func (db *DB) WatchPresence(lo, hi []byte, size int) *Presence {
	words := 1
	for words*8 < size {
		words *= 2
	}
	p := &presence{lo: bytes.Clone(lo), hi: bytes.Clone(hi), bits: make([]atomic.Uint64, words),
		mask: uint64(words)*64 - 1, seed: maphash.MakeSeed()}
	db.mu.Lock()
	db.presence.Store(p)
	db.mu.Unlock()
	return &Presence{db: db, p: p}
}

// Add notes a key found stored in the span.
func (w *Presence) Add(key []byte) { w.p.add(key) }

// Complete says every key stored when WatchPresence was called was Added:
// from now on Counter trusts the filter.
func (w *Presence) Complete() { w.p.complete.Store(true) }

// Abandon drops the filter (the scan could not finish).
func (w *Presence) Abandon() {
	w.db.mu.Lock()
	w.db.presence.CompareAndSwap(w.p, nil)
	w.db.mu.Unlock()
}

// knownAbsent reports that key has certainly never been written (its span
// is watched by a complete presence filter that does not hold it).
func (db *DB) knownAbsent(key []byte) bool {
	p := db.presence.Load()
	return p != nil && p.absent(key)
}
