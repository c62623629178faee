package kv

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestPresenceFilter: once the counter span's filter is complete, Counter
// answers reads of never-written counters without Pebble, and still finds
// every counter written before the watch, during the scan (concurrent
// commits), after it, by a plain Set (WriteBatch) and by a spilled
// transaction's ingest; keys outside the span are always read.
func TestPresenceFilter(t *testing.T) {
	db, _ := openTestDB(t, Options{SpillBytes: 4 << 10})
	defer db.Close()
	key := func(prefix string, i int) []byte { return []byte(fmt.Sprintf("c/%s%06d", prefix, i)) }
	lo, hi := []byte("c/"), []byte("c0")
	want := map[string]uint64{}
	raise := func(prefix string, from, to int) {
		tx := db.Begin()
		for i := from; i < to; i++ {
			tx.RaiseCounter(key(prefix, i), uint64(i+1))
			want[string(key(prefix, i))] = uint64(i + 1)
		}
		mustCommit(t, tx)
	}
	raise("before", 0, 300)
	// A transaction whose snapshot still holds a key deleted before the
	// scan: the filter never saw it, the snapshot must still read it.
	gone := []byte("c/gone")
	tx := db.Begin()
	tx.Set(gone, []byte("v"))
	mustCommit(t, tx)
	old := db.Begin()
	if _, ok, err := old.Get([]byte("c/other")); err != nil || ok {
		t.Fatal(ok, err)
	}
	tx = db.Begin()
	tx.Delete(gone)
	mustCommit(t, tx)

	w := db.WatchPresence(lo, hi, 64<<10)
	var wg sync.WaitGroup
	var mu sync.Mutex
	during := map[string]uint64{}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			tx := db.Begin()
			tx.RaiseCounter(key("during", i), uint64(i+7))
			if err := tx.Commit(); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			during[string(key("during", i))] = uint64(i + 7)
			mu.Unlock()
		}
	}()
	// The scan, in small chunks (as catalog.Warm reads), while commits go on.
	next := lo
	for {
		it, err := db.NewIter(next, hi)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var last []byte
		for ok := it.First(); ok && n < 16; ok = it.Next() {
			w.Add(it.Key())
			last = append(last[:0], it.Key()...)
			n++
		}
		it.Close()
		if n < 16 {
			break
		}
		next = append(append([]byte(nil), last...), 0)
	}
	w.Complete()
	wg.Wait()
	for k, v := range during {
		want[k] = v
	}
	raise("after", 0, 50)

	// A plain Set of a key in the span, and a spilled transaction.
	wb := NewWriteBatch()
	wb.Set([]byte("c/set000001"), []byte{0, 0, 0, 0, 0, 0, 0, 42})
	if err := db.Apply(wb); err != nil {
		t.Fatal(err)
	}
	want["c/set000001"] = 42
	if v, ok, err := old.Get(gone); err != nil || !ok || string(v) != "v" {
		t.Fatalf("a snapshot older than the filter lost a key: %q %v %v", v, ok, err)
	}
	old.Rollback()
	fresh := db.Begin()
	before := db.Stats().AbsentReadsSkipped
	if _, ok, err := fresh.Get(gone); err != nil || ok || db.Stats().AbsentReadsSkipped != before+1 {
		t.Fatalf("a new snapshot read the deleted key (%v, %v) or the filter did not answer", ok, err)
	}
	fresh.Rollback()
	tx = db.Begin()
	for i := 0; i < 2000; i++ {
		tx.Set([]byte(fmt.Sprintf("d/%06d", i)), []byte(strings.Repeat("x", 64)))
	}
	tx.RaiseCounter(key("spilled", 1), 99)
	mustCommit(t, tx)
	if db.Stats().Ingests == 0 {
		t.Fatal("the big transaction did not spill")
	}
	want[string(key("spilled", 1))] = 99

	for k, v := range want {
		if got, err := db.Counter([]byte(k)); err != nil || got != v {
			t.Fatalf("Counter(%s) = %d, %v; want %d", k, got, err, v)
		}
	}
	skipped := func() uint64 { return db.Stats().AbsentReadsSkipped }
	skippedBefore := skipped()
	const absent = 5000
	for i := 0; i < absent; i++ {
		if got, err := db.Counter(key("never", i)); err != nil || got != 0 {
			t.Fatalf("absent counter read %d, %v", got, err)
		}
	}
	if s := skipped() - skippedBefore; s < absent*99/100 {
		t.Fatalf("the filter answered %d of %d reads of absent counters", s, absent)
	}
	// Outside the span the filter is never consulted.
	skippedBefore = skipped()
	if _, err := db.Counter([]byte("z/nothing")); err != nil || skipped() != skippedBefore {
		t.Fatalf("a key outside the span was answered by the filter (%v)", err)
	}

	// Abandoned (a scan that could not finish): reads go to Pebble again.
	w2 := db.WatchPresence(lo, hi, 1<<10)
	w2.Abandon()
	if len(db.presenceList()) != 0 {
		t.Fatal("an abandoned filter is still installed")
	}
	for k, v := range want {
		if got, err := db.Counter([]byte(k)); err != nil || got != v {
			t.Fatalf("after Abandon: Counter(%s) = %d, %v; want %d", k, got, err, v)
		}
	}
}
