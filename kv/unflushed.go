package kv

import (
	"bytes"
	"hash/maphash"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cockroachdb/pebble"
)

// The primary-key check of an INSERT (Txn.GetLatest -> getFiltered) reads a
// key that is almost always absent. With the L6 filters the sstables cost
// little; what is left is the memtable skiplist seek, a walk over a 64 MiB
// arena whose nodes are not in the CPU's caches when the keys are spread
// over a million tables (12% of the server's CPU there, docs/PROFILES.md
// pk12). The unflushed-key filter answers, for most keys, "nothing in any
// memtable touches this key", and then the read goes to the flushed state
// only (IterOptions.OnlyReadGuaranteedDurable: the read state's sstables
// without its memtables, queued ones and flushable ingests included).
//
// Soundness (a wrong "absent" is a duplicate primary key):
//
//   - Every write that reaches Pebble goes through commitLocked under the
//     commit mutex, which notes it in the newest generation before applying
//     it: a Set, Delete or Merge's key, a range deletion's span, a spilled
//     commit's ingest as its cover ranges plus its ranges (kv never writes
//     range keys; an unknown kind turns the generation into "every key").
//     A reader that does not see the note loaded the filter before the
//     write was applied, so answering from a state without it is a read
//     that happened before the write.
//   - A generation is dropped only when no write into it is still being
//     applied and the largest sequence number of any flush output
//     (FlushInfo.Output[].LargestSeqNum, from FlushEnd) is at least the
//     largest sequence number of its writes (Batch.SeqNum()+Count()-1; for
//     an ingest, the sequence number of an empty batch committed right
//     after it, minus one, bounds it). Pebble flushes a prefix of its
//     memtable queue, one flush at a time, so every sequence number up to
//     a flush output's largest is in sstables; and FlushEnd runs after the
//     read state with them is installed (pebble compaction.go, flush1), so
//     an iterator created after the drop reads them.
//   - The reader loads the generations, then creates its iterator: every
//     write applied before the load is either noted in a loaded generation
//     or in the sstables of the iterator's read state.
//   - At Open, Pebble v1.1.5 has flushed the replayed WAL into sstables
//     (open.go: replayWAL's toFlush) unless the store is read-only; Open
//     checks the memtable queue is empty (one memtable, no WAL bytes) and
//     otherwise starts with an "every key" generation bounded like an
//     ingest. A read-only store never uses the filter.
//   - A failed apply or ingest turns the filter off until the store is
//     reopened (the write may be half visible; the DB is failed anyway).
//
// A false positive (or a key in a memtable) costs the full read it would
// have cost anyway. The filters are blocked Bloom filters like presence.go's,
// one per generation, sized from the memtable; a new generation starts at
// each flush (so about two are live) or when one is full.
type unflushed struct {
	seed    maphash.Seed
	words   int // filter words per generation (a power of two)
	capKeys int // keys per generation before a new one starts
	off     atomic.Bool
	gens    atomic.Pointer[[]*ufGen] // oldest first; never modified in place
	// durable counts reads the filter sent to the flushed state only.
	durable atomic.Uint64

	// mu guards the fields below and the generations' bookkeeping. It is
	// taken by committers (under the commit mutex) and by Pebble's flush
	// event handlers (under Pebble's own mutex), so it is never held
	// across a call into Pebble.
	mu      sync.Mutex
	flushed uint64 // largest sequence number of any flush output
	rotate  bool   // a flush began or ended since the newest generation started
	// ended is closed (and cleared) when a flush ends, failed or not: a
	// read copy waits on it for the memtable queue to drain (readcopy.go).
	ended chan struct{}
}

// ufBeforeApply, when a test sets it, runs between noting a batch and
// applying it (under the commit mutex).
var ufBeforeApply func()

// maxGens bounds the generations a read probes: past it, the newest one
// takes more keys than it was sized for (more false positives, never a
// wrong answer).
const maxGens = 8

// maxGenRanges bounds the range deletions a read checks per generation:
// past it, the generation sends every read to the full path.
const maxGenRanges = 16

type ufGen struct {
	bits   []atomic.Uint64
	mask   uint64
	ranges atomic.Pointer[[]keyRange]
	all    atomic.Bool

	// Under unflushed.mu.
	maxSeq  uint64
	pending bool // a write noted here is being applied
	keys    int
}

func (u *unflushed) init(memTableBytes int64) {
	u.seed = maphash.MakeSeed()
	bytes := min(max(memTableBytes/64, 8<<10), 4<<20)
	u.words = 1
	for int64(u.words)*8 < bytes {
		u.words *= 2
	}
	// ~12 bits a key: a few percent of false positives with 4 bits in a word.
	u.capKeys = u.words * 64 / 12
	u.off.Store(true)
}

func (u *unflushed) list() []*ufGen {
	if p := u.gens.Load(); p != nil {
		return *p
	}
	return nil
}

// mayHold reports whether a memtable may hold a write of key (or the filter
// cannot tell).
func (u *unflushed) mayHold(key []byte) bool {
	if u.off.Load() {
		return true
	}
	gs := u.list()
	if len(gs) == 0 {
		return false
	}
	h := maphash.Bytes(u.seed, key)
	bits := ufBits(h)
	for _, g := range gs {
		if g.all.Load() || g.bits[h&g.mask].Load()&bits == bits {
			return true
		}
		if rs := g.ranges.Load(); rs != nil {
			for _, r := range *rs {
				if bytes.Compare(key, r.start) >= 0 && (r.end == nil || bytes.Compare(key, r.end) < 0) {
					return true
				}
			}
		}
	}
	return false
}

func ufBits(h uint64) uint64 {
	var bits uint64
	for i := 0; i < presenceHashes; i++ {
		bits |= 1 << (h >> (32 + 6*i) & 63)
	}
	return bits
}

// begin returns the generation the next write is noted in, marked as being
// applied. Called under the commit mutex; nil when the filter is off.
func (u *unflushed) begin() *ufGen {
	if u.off.Load() {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	gs := u.list()
	var g *ufGen
	if n := len(gs); n > 0 && (n >= maxGens || !u.rotate && gs[n-1].keys < u.capKeys) {
		g = gs[n-1]
	} else {
		g = &ufGen{bits: make([]atomic.Uint64, u.words), mask: uint64(u.words) - 1}
		ng := append(slices.Clone(gs), g)
		u.gens.Store(&ng)
		u.rotate = false
	}
	g.pending = true
	return g
}

func (g *ufGen) add(u *unflushed, key []byte) {
	h := maphash.Bytes(u.seed, key)
	w, bits := &g.bits[h&g.mask], ufBits(h)
	if w.Load()&bits != bits {
		w.Or(bits)
	}
	g.keys++ // only the committer holding the commit mutex writes it while pending
}

func (g *ufGen) addRanges(rs []keyRange) {
	if len(rs) == 0 || g.all.Load() {
		return
	}
	var cur []keyRange
	if p := g.ranges.Load(); p != nil {
		cur = *p
	}
	if len(cur)+len(rs) > maxGenRanges {
		g.all.Store(true)
		return
	}
	n := make([]keyRange, 0, len(cur)+len(rs))
	n = append(n, cur...)
	for _, r := range rs {
		n = append(n, keyRange{start: bytes.Clone(r.start), end: bytes.Clone(r.end)})
	}
	g.ranges.Store(&n)
}

// noteBatch notes every key and range b writes.
func (g *ufGen) noteBatch(u *unflushed, b *pebble.Batch) {
	for r := b.Reader(); ; {
		kind, k, v, ok, err := r.Next()
		if err != nil {
			g.all.Store(true)
			return
		}
		if !ok {
			return
		}
		switch kind {
		case pebble.InternalKeyKindSet, pebble.InternalKeyKindMerge, pebble.InternalKeyKindDelete,
			pebble.InternalKeyKindSingleDelete, pebble.InternalKeyKindSetWithDelete, pebble.InternalKeyKindDeleteSized:
			g.add(u, k)
		case pebble.InternalKeyKindRangeDelete:
			g.addRanges([]keyRange{{start: k, end: v}})
		case pebble.InternalKeyKindLogData:
		default:
			g.all.Store(true)
		}
	}
}

// end records that the write noted in g was applied with sequence numbers
// up to last (ok), or failed (the filter turns off: the write may be half
// visible).
func (u *unflushed) end(g *ufGen, last uint64, ok bool) {
	if g == nil {
		return
	}
	if !ok {
		u.off.Store(true)
	}
	u.mu.Lock()
	g.pending = false
	g.maxSeq = max(g.maxSeq, last)
	u.dropLocked()
	u.mu.Unlock()
}

// dropLocked unpublishes the generations whose writes are all in sstables
// of the installed read state.
func (u *unflushed) dropLocked() {
	gs := u.list()
	keep := slices.DeleteFunc(slices.Clone(gs), func(g *ufGen) bool {
		return !g.pending && g.maxSeq <= u.flushed
	})
	if len(keep) != len(gs) {
		u.gens.Store(&keep)
	}
}

func (u *unflushed) flushBegin() {
	u.mu.Lock()
	u.rotate = true
	u.mu.Unlock()
}

// flushEnded returns a channel closed when the next flush ends.
func (u *unflushed) flushEnded() <-chan struct{} {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.ended == nil {
		u.ended = make(chan struct{})
	}
	return u.ended
}

// flushEnd runs after the flush's read state is installed.
func (u *unflushed) flushEnd(info pebble.FlushInfo) {
	u.mu.Lock()
	if u.ended != nil {
		close(u.ended)
		u.ended = nil
	}
	u.mu.Unlock()
	if info.Err != nil {
		// Failed, or no output: nothing learned (a generation stays).
		return
	}
	var s uint64
	for _, t := range info.Output {
		s = max(s, t.LargestSeqNum)
	}
	u.mu.Lock()
	u.flushed = max(u.flushed, s)
	u.rotate = true
	u.dropLocked()
	u.mu.Unlock()
}

// seqCeiling commits an empty batch (a LogData record, which takes no
// sequence number) and returns its sequence number minus one: every
// sequence number Pebble assigned before it, an ingest's included, is at
// most that. Called under the commit mutex.
func (db *DB) seqCeiling() (s uint64, err error) {
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(*fatalError)
			if !ok {
				panic(r)
			}
			err = fe
		}
	}()
	b := db.pdb.NewBatch()
	defer b.Close()
	if err := b.LogData(nil, nil); err != nil {
		return 0, err
	}
	if err := db.pdb.Apply(b, pebble.NoSync); err != nil {
		return 0, err
	}
	return b.SeqNum() - 1, nil
}

// startUnflushed turns the filter on after Pebble opened. The memtables of
// a writable store are empty after Open (the WAL was replayed into
// sstables); if they are not, an "every key" generation covers what they
// hold until a flush passes it.
func (db *DB) startUnflushed() {
	if db.opts.ReadOnly {
		return
	}
	m := db.pdb.Metrics()
	if m.MemTable.Count != 1 || m.WAL.Size != 0 {
		s, err := db.seqCeiling()
		if err != nil {
			return
		}
		g := &ufGen{bits: make([]atomic.Uint64, 1), maxSeq: s}
		g.all.Store(true)
		gs := []*ufGen{g}
		db.uf.gens.Store(&gs)
	}
	db.uf.off.Store(false)
}

// lastSeq is the largest sequence number of a batch of n entries that
// was just applied. Pebble clears a large batch's data once it is queued as
// a flushable batch (pebble db.go, applyInternal), after which SeqNum reads
// 0: then an empty batch's bounds it.
func (db *DB) lastSeq(b *pebble.Batch, n uint64) (uint64, bool) {
	if b.Empty() {
		s, err := db.seqCeiling()
		return s, err == nil
	}
	return b.SeqNum() + n - 1, true
}
