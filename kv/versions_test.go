package kv

import (
	"fmt"
	"testing"
	"time"

	"github.com/cockroachdb/pebble"
)

// scanWaste scans [lo, hi) and returns the rows seen and the internal steps
// the iterator took beyond them.
func scanWaste(t *testing.T, db *DB, lo, hi string) (rows, waste int) {
	t.Helper()
	it, err := db.NewIter([]byte(lo), []byte(hi))
	if err != nil {
		t.Fatal(err)
	}
	for ok := it.First(); ok; ok = it.Next() {
		rows++
	}
	st := it.pi.Stats()
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	return rows, st.ForwardStepCount[pebble.InternalIterCall] - st.ForwardStepCount[pebble.InterfaceCall]
}

// Hot keys rewritten hundreds of times leave their versions in the memtable;
// scans over them waste steps until the store flushes, which it now does by
// itself, and scans are cheap again.
func TestVersionWasteFlushes(t *testing.T) {
	db, _ := openTestDB(t, Options{Durability: Async, MemTableBytes: 64 << 20})
	val := make([]byte, 100)
	for round := 0; round < 400; round++ {
		tx := db.Begin()
		for k := 0; k < 100; k++ {
			tx.Set([]byte(fmt.Sprintf("hot/%03d", k)), val)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	rows, waste := scanWaste(t, db, "hot/", "hot0")
	if rows != 100 || waste < 100*300 {
		t.Fatalf("before any flush: %d rows, %d wasted steps; want 100 rows over ~39,900 old versions", rows, waste)
	}
	deadline := time.Now().Add(30 * time.Second)
	for db.VersionFlushes() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no flush after 30 s of scans over old versions")
		}
		scanWaste(t, db, "hot/", "hot0")
	}
	for {
		rows, waste = scanWaste(t, db, "hot/", "hot0")
		if rows != 100 {
			t.Fatalf("%d rows after the flush, want 100", rows)
		}
		if waste < 100 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("scans still waste %d steps 30 s after the flush was asked for", waste)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Scans over keys written once waste nothing and never flush.
func TestVersionWasteQuietWithoutOverwrites(t *testing.T) {
	db, _ := openTestDB(t, Options{Durability: Async, MemTableBytes: 64 << 20})
	val := make([]byte, 100)
	for b := 0; b < 50; b++ {
		tx := db.Begin()
		for k := 0; k < 1000; k++ {
			tx.Set([]byte(fmt.Sprintf("row/%06d", b*1000+k)), val)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 30; i++ {
		if rows, waste := scanWaste(t, db, "row/", "row0"); rows != 50000 || waste != 0 {
			t.Fatalf("scan %d: %d rows, %d wasted steps; want 50,000 and 0", i, rows, waste)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if n := db.VersionFlushes(); n != 0 {
		t.Fatalf("%d flushes without any old version", n)
	}
}
