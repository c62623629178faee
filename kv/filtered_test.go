package kv

import (
	"encoding/binary"
	"testing"

	"github.com/cockroachdb/pebble"
)

// TestGetLatestReadsL6Filters: with every row in L6, the current read of
// an absent key (an INSERT's primary-key check) reads no data block once
// the table's filter block is cached, where Pebble's Get reads the data
// block the key would be in; present, deleted and overwritten keys still
// read as they are, in the buffer, the memtable and L6.
func TestGetLatestReadsL6Filters(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	key := func(i int) []byte { return binary.BigEndian.AppendUint64([]byte("r/"), uint64(i)) }
	const n = 200000
	tx := db.Begin()
	for i := 0; i < n; i += 2 {
		v := make([]byte, 100)
		v[0] = byte(i)
		tx.Set(key(i), v)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.Pebble().Compact([]byte("r/"), []byte("r0"), true); err != nil {
		t.Fatal(err)
	}
	if m := db.Pebble().Metrics(); m.Levels[6].NumFiles == 0 {
		t.Fatalf("no L6 file after compaction:\n%s", m)
	}
	// Newer than L6: key 0 deleted, key 2 overwritten, in the memtable.
	tx = db.Begin()
	tx.Delete(key(0))
	tx.Set(key(2), []byte("new"))
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	// Blocks read from the files: none of the data blocks is in the block
	// cache until a read needs it (compactions do not fill it).
	misses := func() int64 { return db.Pebble().Metrics().BlockCache.Misses }
	read := func(tx *Txn, i int) ([]byte, bool) {
		v, ok, err := tx.GetLatest(key(i))
		if err != nil {
			t.Fatal(err)
		}
		return v, ok
	}
	tx = db.Begin()
	defer tx.Rollback()
	tx.Set(key(4), []byte("mine"))
	if _, ok := read(tx, 0); ok {
		t.Fatal("a deleted key was found")
	}
	if v, ok := read(tx, 2); !ok || string(v) != "new" {
		t.Fatalf("overwritten key: %q %v", v, ok)
	}
	if v, ok := read(tx, 4); !ok || string(v) != "mine" {
		t.Fatalf("the transaction's own write: %q %v", v, ok)
	}
	for i := 6; i < 200; i += 2 {
		if v, ok := read(tx, i); !ok || len(v) != 100 || v[0] != byte(i) {
			t.Fatalf("key %d in L6: %v %v", i, v, ok)
		}
	}
	read(tx, 1) // loads the filter block
	const probes = 1000
	before := misses()
	for i := 0; i < probes; i++ {
		if _, ok := read(tx, 2*(i*193%(n/2))+1); ok {
			t.Fatalf("absent key %d found", 2*(i*193%(n/2))+1)
		}
	}
	filtered := misses() - before
	// Pebble's own Get, for comparison: the data block the key would be in.
	before = misses()
	for i := 0; i < probes; i++ {
		if _, c, err := db.Pebble().Get(key(2*(i*193%(n/2)) + 1)); err != pebble.ErrNotFound {
			if c != nil {
				c.Close()
			}
			t.Fatalf("Get of an absent key: %v", err)
		}
	}
	unfiltered := misses() - before
	t.Logf("blocks read for %d absent keys: GetLatest %d, Pebble's Get %d", probes, filtered, unfiltered)
	// A few filter false positives (~1% at 10 bits a key) read theirs.
	if filtered > probes/20 || unfiltered < probes/2 {
		t.Fatalf("absent reads: %d blocks read through GetLatest, %d through Get, for %d reads", filtered, unfiltered, probes)
	}
}
