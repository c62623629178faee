package kv

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"sync"
	"testing"
	"time"
)

var (
	ufDuration = flag.Duration("unflushed.duration", 0, "how long TestUnflushedFilterRandomized runs (default 4s, MYRIAD_UNFLUSHED_DURATION)")
	ufSeed     = flag.Int64("unflushed.seed", 0, "seed of TestUnflushedFilterRandomized (default: the clock)")
)

// TestUnflushedFilterRandomized checks every current read (Txn.GetLatest,
// the primary-key check) against the writer's own model and against a
// plain Get while workers commit concurrently: point writes, deletes,
// range deletions, counters (merges), batches large enough to be queued
// as flushable batches, transactions that spill and commit by ingesting,
// fresh-span applies, with forced flushes and compactions on a small
// memtable, and the store closed and reopened between epochs. Each worker
// owns a key prefix, so its model is exact at every read it makes.
func TestUnflushedFilterRandomized(t *testing.T) {
	dur := 4 * time.Second
	if s := os.Getenv("MYRIAD_UNFLUSHED_DURATION"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		dur = d
	}
	if *ufDuration > 0 {
		dur = *ufDuration
	}
	seed := *ufSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (replay with -unflushed.seed=%d), %v", seed, seed, dur)
	rng := rand.New(rand.NewSource(seed))

	dir := t.TempDir()
	open := func() *DB {
		o := Options{Logger: quietLogger(), CacheBytes: 8 << 20, MemTableBytes: int64(256<<10) << rng.Intn(3),
			SpillBytes: 16 << 10, MinFreeBytes: -1, Durability: Durability(rng.Intn(2))}
		db, err := Open(dir, o)
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := open()
	defer func() {
		if !db.closed.Load() {
			_ = db.Close()
		}
	}()

	const workers = 4
	ws := make([]*ufWorker, workers)
	for i := range ws {
		ws[i] = &ufWorker{t: t, id: i, rng: rand.New(rand.NewSource(seed + int64(i) + 1)), model: map[string][]byte{}}
	}
	var durableBefore, checks uint64
	deadline := time.Now().Add(dur)
	epochs := 0
	for time.Now().Before(deadline) && !t.Failed() {
		epochs++
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, w := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					if !w.step(db) {
						return
					}
				}
			}()
		}
		wg.Add(1)
		frng := rand.New(rand.NewSource(rng.Int63()))
		go func() { // flusher
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Duration(frng.Intn(20)) * time.Millisecond):
				}
				var err error
				switch frng.Intn(4) {
				case 0:
					err = db.Pebble().Flush()
				case 1:
					_, err = db.Pebble().AsyncFlush()
				case 2:
					w := frng.Intn(workers)
					err = db.Pebble().Compact([]byte(fmt.Sprintf("w%d/", w)), []byte(fmt.Sprintf("w%d0", w)), frng.Intn(2) == 0)
				}
				if err != nil {
					t.Errorf("flusher: %v", err)
					return
				}
			}
		}()
		time.Sleep(time.Duration(100+rng.Intn(700)) * time.Millisecond)
		close(stop)
		wg.Wait()
		for _, w := range ws {
			w.verifyAll(db, "before reopen")
		}
		st := db.Stats()
		durableBefore += st.DurableOnlyReads
		if rng.Intn(2) == 0 {
			if err := db.SyncWAL(); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db = open()
		// Pebble v1.1.5 flushes the replayed WAL at Open: the filter starts
		// with no generation (the fast path works from the first read).
		if db.uf.off.Load() || len(db.uf.list()) != 0 {
			t.Fatalf("after reopen: filter off=%v, %d generations", db.uf.off.Load(), len(db.uf.list()))
		}
		for _, w := range ws {
			w.verifyAll(db, "after reopen")
		}
	}
	durableBefore += db.Stats().DurableOnlyReads
	for _, w := range ws {
		checks += w.checks
	}
	t.Logf("%d epochs, %d checks, %d read only the flushed state", epochs, checks, durableBefore)
	// Both paths must have been exercised, or the test proves nothing.
	if durableBefore == 0 || durableBefore >= checks {
		t.Fatalf("durable-only reads %d of %d checks: one path never ran", durableBefore, checks)
	}
}

type ufWorker struct {
	t      *testing.T
	id     int
	rng    *rand.Rand
	model  map[string][]byte
	seq    int
	checks uint64
}

const ufKeys = 400

func (w *ufWorker) key(i int) []byte { return []byte(fmt.Sprintf("w%d/k%04d", w.id, i)) }
func (w *ufWorker) counter(i int) []byte {
	return []byte(fmt.Sprintf("w%d/c%02d", w.id, i))
}

func (w *ufWorker) val(n int) []byte {
	w.seq++
	v := fmt.Appendf(nil, "v%d-%d-", w.id, w.seq)
	for len(v) < n {
		v = append(v, 'x')
	}
	return v
}

// deleteRange applies [lo, hi) to the model.
func (w *ufWorker) deleteRange(m map[string][]byte, lo, hi []byte) {
	for k := range m {
		if bytes.Compare([]byte(k), lo) >= 0 && bytes.Compare([]byte(k), hi) < 0 {
			delete(m, k)
		}
	}
}

// step runs one random operation; false after a failure.
func (w *ufWorker) step(db *DB) bool {
	r := w.rng.Intn(100)
	switch {
	case r < 45:
		return w.check(db, w.key(w.rng.Intn(ufKeys)), "")
	case r < 50:
		return w.check(db, w.counter(w.rng.Intn(8)), "")
	case r < 75: // a transaction of a few writes
		tx := db.Begin()
		next := cloneModel(w.model)
		var ranges [][2][]byte
		for n := 1 + w.rng.Intn(5); n > 0; n-- {
			k := w.key(w.rng.Intn(ufKeys))
			switch x := w.rng.Intn(10); {
			case x < 5:
				v := w.val(10 + w.rng.Intn(40))
				tx.Set(k, v)
				next[string(k)] = v
			case x < 8:
				tx.Delete(k)
				delete(next, string(k))
			case x < 9:
				c := w.counter(w.rng.Intn(8))
				v := w.raise(next, c)
				tx.RaiseCounter(c, v)
				if old, ok := next[string(c)]; !ok || binary.BigEndian.Uint64(old) < v {
					next[string(c)] = binary.BigEndian.AppendUint64(nil, v)
				}
			default:
				i := w.rng.Intn(ufKeys)
				lo, hi := w.key(i), w.key(i+1+w.rng.Intn(20))
				tx.DeleteRange(lo, hi)
				ranges = append(ranges, [2][]byte{lo, hi})
			}
		}
		// A Txn's ranges apply after its point writes (and before its
		// counters, which live outside them).
		for _, r := range ranges {
			w.deleteRange(next, r[0], r[1])
		}
		return w.commit(tx.Commit(), next, "txn")
	case r < 85: // a WriteBatch, sometimes larger than half the memtable
		wb := NewWriteBatch()
		next := cloneModel(w.model)
		size := 40
		if w.rng.Intn(8) == 0 {
			size = 8 << 10
		}
		for n := 1 + w.rng.Intn(60); n > 0; n-- {
			k := w.key(w.rng.Intn(ufKeys))
			switch x := w.rng.Intn(10); {
			case x < 6:
				v := w.val(size)
				wb.Set(k, v)
				next[string(k)] = v
			case x < 9:
				wb.Delete(k)
				delete(next, string(k))
			default:
				i := w.rng.Intn(ufKeys)
				lo, hi := w.key(i), w.key(i+1+w.rng.Intn(10))
				wb.DeleteRange(lo, hi)
				w.deleteRange(next, lo, hi)
			}
		}
		return w.commit(db.Apply(wb), next, "apply")
	case r < 97: // a fresh-span apply
		wb := NewWriteBatch()
		next := cloneModel(w.model)
		i := w.rng.Intn(ufKeys - 20)
		for j, end := i, i+1+w.rng.Intn(20); j < end; j++ {
			v := w.val(20)
			wb.Set(w.key(j), v)
			next[string(w.key(j))] = v
		}
		return w.commit(db.ApplyFresh(wb, w.key(i), w.key(i+20)), next, "fresh")
	default: // a transaction that spills and commits by ingesting
		tx := db.Begin()
		next := cloneModel(w.model)
		var after func()
		for n := 250 + w.rng.Intn(200); n > 0; n-- {
			k := w.key(w.rng.Intn(ufKeys))
			if w.rng.Intn(6) == 0 {
				tx.Delete(k)
				delete(next, string(k))
				continue
			}
			v := w.val(200)
			tx.Set(k, v)
			next[string(k)] = v
		}
		if w.rng.Intn(3) == 0 {
			i := w.rng.Intn(ufKeys)
			lo, hi := w.key(i), w.key(i+1+w.rng.Intn(30))
			tx.DeleteRange(lo, hi)
			after = func() { w.deleteRange(next, lo, hi) }
		}
		if w.rng.Intn(2) == 0 {
			c := w.counter(w.rng.Intn(8))
			v := w.raise(next, c)
			tx.RaiseCounter(c, v)
			if old, ok := next[string(c)]; !ok || binary.BigEndian.Uint64(old) < v {
				next[string(c)] = binary.BigEndian.AppendUint64(nil, v)
			}
		}
		if after != nil {
			after()
		}
		before := db.Stats().Ingests
		ok := w.commit(tx.Commit(), next, "spilled txn")
		if ok && db.Stats().Ingests == before {
			w.t.Errorf("worker %d: a spilled transaction committed without an ingest", w.id)
			return false
		}
		return ok
	}
}

// raise picks a value to raise counter c to: mostly above its value in m
// (a raise that changes it), sometimes below (a no-op).
func (w *ufWorker) raise(m map[string][]byte, c []byte) uint64 {
	var cur uint64
	if old, ok := m[string(c)]; ok {
		cur = binary.BigEndian.Uint64(old)
	}
	if cur > 0 && w.rng.Intn(5) == 0 {
		return uint64(w.rng.Int63n(int64(cur)))
	}
	return cur + 1 + uint64(w.rng.Intn(5))
}

func cloneModel(m map[string][]byte) map[string][]byte {
	c := make(map[string][]byte, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (w *ufWorker) commit(err error, next map[string][]byte, what string) bool {
	if err != nil {
		w.t.Errorf("worker %d: %s: %v", w.id, what, err)
		return false
	}
	w.model = next
	return true
}

// check compares the current read of key with the model and a plain Get.
func (w *ufWorker) check(db *DB, key []byte, when string) bool {
	w.checks++
	want, wantOK := w.model[string(key)]
	tx := db.Begin()
	got, ok, err := tx.GetLatest(key)
	tx.Rollback()
	if err != nil {
		w.t.Errorf("GetLatest(%q): %v", key, err)
		return false
	}
	pv, pok, perr := db.Get(key)
	if perr != nil && !errors.Is(perr, ErrClosed) {
		w.t.Errorf("Get(%q): %v", key, perr)
		return false
	}
	if ok != wantOK || !bytes.Equal(got, want) || pok != wantOK || !bytes.Equal(pv, want) {
		w.t.Errorf("%s key %q: GetLatest = %q, %v; Get = %q, %v; model = %q, %v", when, key, got, ok, pv, pok, want, wantOK)
		return false
	}
	if bytes.Contains(key, []byte("/c")) {
		var wantC uint64
		if wantOK {
			wantC = binary.BigEndian.Uint64(want)
		}
		if c, err := db.Counter(key); err != nil || c != wantC {
			w.t.Errorf("%s counter %q = %d, %v; model %d", when, key, c, err, wantC)
			return false
		}
	}
	return true
}

func (w *ufWorker) verifyAll(db *DB, when string) {
	for i := 0; i < ufKeys; i++ {
		if !w.check(db, w.key(i), when) {
			return
		}
	}
	for i := 0; i < 8; i++ {
		if !w.check(db, w.counter(i), when) {
			return
		}
	}
}

// TestUnflushedFilterPaths pins the cases one at a time: a key deleted in
// the memtable but present in an sstable, a range deletion in the
// memtable, a key written then flushed (read from the sstables only), a
// batch queued as a flushable batch, and an ingest.
func TestUnflushedFilterPaths(t *testing.T) {
	db, _ := openTestDB(t, Options{MemTableBytes: 1 << 20, SpillBytes: 8 << 10, MinFreeBytes: -1})
	durable := func() uint64 { return db.Stats().DurableOnlyReads }
	read := func(key string) (string, bool) {
		tx := db.Begin()
		defer tx.Rollback()
		v, ok, err := tx.GetLatest([]byte(key))
		if err != nil {
			t.Fatal(err)
		}
		return string(v), ok
	}
	flush := func() {
		if err := db.Pebble().Flush(); err != nil {
			t.Fatal(err)
		}
	}
	put(t, db, "a", "1", "b", "2", "c", "3")
	if v, ok := read("a"); !ok || v != "1" {
		t.Fatalf("a before flush = %q, %v", v, ok)
	}
	flush()
	d0 := durable()
	if v, ok := read("a"); !ok || v != "1" {
		t.Fatalf("a after flush = %q, %v", v, ok)
	}
	if durable() != d0+1 {
		t.Fatalf("a flushed key was not read from the sstables only")
	}
	// A counter raised in the memtable over its flushed value (a Merge).
	tx := db.Begin()
	tx.RaiseCounter([]byte("cnt"), 5)
	mustCommit(t, tx)
	flush()
	tx = db.Begin()
	tx.RaiseCounter([]byte("cnt"), 9)
	mustCommit(t, tx)
	if c, err := db.Counter([]byte("cnt")); err != nil || c != 9 {
		t.Fatalf("cnt raised in the memtable = %d, %v", c, err)
	}
	// Deleted in the memtable, present in the sstable.
	tx = db.Begin()
	tx.Delete([]byte("a"))
	mustCommit(t, tx)
	if v, ok := read("a"); ok {
		t.Fatalf("a deleted in the memtable read %q", v)
	}
	// A range deletion in the memtable.
	tx = db.Begin()
	tx.DeleteRange([]byte("b"), []byte("bz"))
	mustCommit(t, tx)
	if v, ok := read("b"); ok {
		t.Fatalf("b range-deleted in the memtable read %q", v)
	}
	// A flushable (large) batch as the first write of a generation: its
	// data is gone once Pebble queued it.
	flush()
	wb := NewWriteBatch()
	wb.Set([]byte("big"), bytes.Repeat([]byte("x"), 600<<10))
	if err := db.Apply(wb); err != nil {
		t.Fatal(err)
	}
	if _, ok := read("big"); !ok {
		t.Fatalf("big (a flushable batch) absent")
	}
	// An ingest (a spilled transaction).
	tx = db.Begin()
	for i := 0; i < 200; i++ {
		tx.Set(fmt.Appendf(nil, "ing%03d", i), bytes.Repeat([]byte("y"), 100))
	}
	tx.Delete([]byte("c"))
	mustCommit(t, tx)
	if db.Stats().Ingests == 0 {
		t.Fatal("no ingest")
	}
	if _, ok := read("ing123"); !ok {
		t.Fatal("ing123 (ingested) absent")
	}
	if v, ok := read("c"); ok {
		t.Fatalf("c deleted by an ingest read %q", v)
	}
	flush()
	flush()
	for _, k := range []string{"a", "b", "c"} {
		if v, ok := read(k); ok {
			t.Fatalf("%s after flush read %q", k, v)
		}
	}
	if _, ok := read("big"); !ok {
		t.Fatal("big absent after flush")
	}
	if n := len(db.uf.list()); n > 1 {
		t.Fatalf("%d generations left after two flushes of a quiet store", n)
	}
}

// TestUnflushedFilterFlushDuringApply flushes the memtable while a commit
// noted in the same generation is being applied: the flush covers the
// generation's earlier writes, and the generation must stay for the one
// being applied.
func TestUnflushedFilterFlushDuringApply(t *testing.T) {
	db, _ := openTestDB(t, Options{MemTableBytes: 1 << 20, MinFreeBytes: -1})
	put(t, db, "y", "1")
	ufBeforeApply = func() {
		ufBeforeApply = nil
		if err := db.Pebble().Flush(); err != nil {
			t.Error(err)
		}
	}
	defer func() { ufBeforeApply = nil }()
	put(t, db, "z", "2")
	if ufBeforeApply != nil {
		t.Fatal("the hook did not run")
	}
	tx := db.Begin()
	defer tx.Rollback()
	if v, ok, err := tx.GetLatest([]byte("z")); err != nil || !ok || string(v) != "2" {
		t.Fatalf("z = %q, %v, %v", v, ok, err)
	}
}

// BenchmarkGetLatestAbsent is the PK check of a new row's key with a
// memtable full of keys written in random order (as inserts spread over
// many tables leave it) over a flushed store: the unflushed-key filter's
// path ("filter") against the full read ("full", the filter turned off).
func BenchmarkGetLatestAbsent(b *testing.B) {
	db, _ := openTestDB(b, Options{Durability: Async, MemTableBytes: 64 << 20, CacheBytes: 256 << 20, MinFreeBytes: -1})
	rng := rand.New(rand.NewSource(1))
	key := func(i uint32) []byte { return binary.BigEndian.AppendUint32([]byte("t/"), i*2654435761) }
	const n = 400_000
	write := func(from, to int) {
		for i := from; i < to; i += 100 {
			wb := NewWriteBatch()
			for j := i; j < i+100; j++ {
				wb.Set(key(uint32(rng.Intn(1<<30))*2), make([]byte, 60))
			}
			if err := db.Apply(wb); err != nil {
				b.Fatal(err)
			}
		}
	}
	write(0, n)
	if err := db.Pebble().Flush(); err != nil {
		b.Fatal(err)
	}
	write(0, n) // the memtable: ~40 MiB of random keys
	probe := rand.New(rand.NewSource(2))
	for _, mode := range []string{"filter", "full"} {
		b.Run(mode, func(b *testing.B) {
			db.uf.off.Store(mode == "full")
			defer db.uf.off.Store(false)
			d0 := db.Stats().DurableOnlyReads
			for i := 0; i < b.N; i++ {
				tx := db.Begin()
				if _, ok, err := tx.GetLatest(key(uint32(probe.Intn(1<<30))*2 + 1)); ok || err != nil {
					b.Fatal(ok, err)
				}
				tx.Rollback()
			}
			b.ReportMetric(float64(db.Stats().DurableOnlyReads-d0)/float64(b.N), "durable/op")
		})
	}
}
