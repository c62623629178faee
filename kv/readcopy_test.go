package kv

import (
	"fmt"
	"os"
	"testing"
)

func readAll(t *testing.T, c *ReadCopy, lo, hi string) []string {
	t.Helper()
	it, err := c.NewIter([]byte(lo), []byte(hi))
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	var out []string
	for ok := it.First(); ok; ok = it.Next() {
		out = append(out, string(it.Key())+"="+string(it.Value()))
	}
	if err := it.Error(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The copy shows the span as of its taking, whatever is committed after.
func TestReadCopyPointInTime(t *testing.T) {
	db, dir := openTestDB(t, Options{})
	put(t, db, "a1", "x", "a2", "y", "b1", "z")
	c, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, db, "a1", "changed", "a3", "new")
	if got := fmt.Sprint(readAll(t, c, "a", "b")); got != "[a1=x a2=y]" {
		t.Fatalf("copy = %s", got)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.dir); !os.IsNotExist(err) {
		t.Fatalf("copy's directory left after Close: %v", err)
	}
	// Stale copies of a previous process are removed at Open.
	c2, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	_ = c2.pdb.Close() // as if the process died: files left behind
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(dir, Options{Logger: quietLogger(), CacheBytes: 8 << 20, MemTableBytes: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if _, err := os.Stat(db2.readCopyRoot()); !os.IsNotExist(err) {
		t.Fatalf("stale read copies left at Open: %v", err)
	}
}

// CheckRangeSince fails a commit when the range changed after the copy,
// however long before the Txn itself started, and only then.
func TestReadCopyCheckRangeSince(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a1", "x", "b1", "z")
	c, err := db.NewReadCopy([]byte("a"), []byte("k"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	put(t, db, "b1", "changed") // after the copy, before the Txns below
	// One commit with keys on both sides of [a, b) and none in it.
	put(t, db, "0", "x", "b2", "y", "c", "z")

	cases := []struct {
		lo, hi string
		want   error
	}{
		{"a", "b", nil},         // nothing changed in [a, b)
		{"b", "c", ErrConflict}, // b1 changed after the copy
		{"a", "c", ErrConflict},
		{"b2", "b3", ErrConflict}, // the middle key of a commit
		{"b11", "b2", nil},        // between a commit's keys
		{"c", "d", ErrConflict},   // its last key
		{"j", "k", nil},           // past every key written
	}
	for _, tc := range cases {
		tx := db.Begin()
		tx.CheckRangeSince(c, []byte(tc.lo), []byte(tc.hi))
		tx.Set([]byte("0/"+tc.lo), nil)
		if err := tx.Commit(); err != tc.want {
			t.Errorf("[%s, %s): commit = %v, want %v", tc.lo, tc.hi, err, tc.want)
		}
	}
	// A change committed while the Txn is open is caught as well.
	tx := db.Begin()
	tx.CheckRangeSince(c, []byte("a"), []byte("b"))
	tx.Set([]byte("0/x"), nil)
	put(t, db, "a2", "new")
	if err := tx.Commit(); err != ErrConflict {
		t.Fatalf("commit after a write in the range = %v, want ErrConflict", err)
	}
	// The copy keeps nothing in the conflict tracker: with no Txn open,
	// commits outside its span leave it empty.
	for i := 0; i < 100; i++ {
		put(t, db, fmt.Sprintf("z%03d", i), "v")
	}
	if n := db.Stats().TrackedKeys; n != 0 {
		t.Fatalf("the tracker holds %d keys while only a read copy is open", n)
	}
}

// A watch that saw more than it keeps fails every check.
func TestReadCopyWatchOverflow(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	c, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tx := db.Begin()
	for i := 0; i <= maxWatchKeys; i++ {
		tx.Set([]byte(fmt.Sprintf("a%07d", i)), nil)
	}
	mustCommit(t, tx)
	tx = db.Begin()
	tx.CheckRangeSince(c, []byte("a9"), []byte("b")) // nothing was written there
	tx.Set([]byte("x"), nil)
	if err := tx.Commit(); err != ErrConflict {
		t.Fatalf("commit checking an overflowed watch = %v, want ErrConflict", err)
	}
}

// Scanning the copy does not touch the store's block cache.
func TestReadCopyLeavesTheBlockCache(t *testing.T) {
	db, _ := openTestDB(t, Options{CacheBytes: 64 << 20, MemTableBytes: 4 << 20})
	val := make([]byte, 200)
	for i := 0; i < 20000; i += 1000 {
		tx := db.Begin()
		for j := i; j < i+1000; j++ {
			tx.Set([]byte(fmt.Sprintf("r%06d", j)), val)
		}
		mustCommit(t, tx)
	}
	c, err := db.NewReadCopy([]byte("r"), []byte("s"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	before := db.pdb.Metrics().BlockCache
	if n := len(readAll(t, c, "r", "s")); n != 20000 {
		t.Fatalf("copy has %d rows, want 20000", n)
	}
	after := db.pdb.Metrics().BlockCache
	if after.Size != before.Size || after.Hits != before.Hits || after.Misses != before.Misses {
		t.Fatalf("scanning the copy used the store's cache: %+v -> %+v", before, after)
	}
	// The same scan of the store itself does fill it (the test can fail).
	it, err := db.NewIter([]byte("r"), []byte("s"))
	if err != nil {
		t.Fatal(err)
	}
	for ok := it.First(); ok; ok = it.Next() {
	}
	it.Close()
	if live := db.pdb.Metrics().BlockCache; live.Misses == after.Misses {
		t.Fatalf("a scan of the store did not read through its cache: %+v", live)
	}
}
