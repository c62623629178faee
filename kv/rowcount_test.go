package kv

import "testing"

func readCount(t *testing.T, db *DB, key []byte) (int64, bool, bool) {
	t.Helper()
	v, ok, err := db.Get(key)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		return 0, false, false
	}
	n, exact, err := DecodeCount(v)
	if err != nil {
		t.Fatal(err)
	}
	return n, exact, true
}

// Count deltas: concurrent transactions add without conflicting, a base
// makes the sum exact, savepoint rollbacks and whole rollbacks take their
// deltas back, and a delta to a key the transaction range-deletes later is
// dropped with it.
func TestCountDeltas(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	key, other := []byte("count/a"), []byte("count/b")

	base := db.Begin()
	base.SetCount(key, 0)
	if err := base.Commit(); err != nil {
		t.Fatal(err)
	}
	a, b := db.Begin(), db.Begin()
	a.AddToCount(key, 3)
	b.AddToCount(key, 2)
	b.AddToCount(key, -1)
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatalf("concurrent deltas conflicted: %v", err)
	}
	if n, exact, _ := readCount(t, db, key); n != 4 || !exact {
		t.Fatalf("count %d exact=%v, want 4 exact", n, exact)
	}
	// Operands merged by flushes and compactions add up the same.
	if err := db.Pebble().Flush(); err != nil {
		t.Fatal(err)
	}
	f := db.Begin()
	f.AddToCount(key, 1)
	f.AddToCount(key, -1)
	f.AddToCount(key, 0)
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.Pebble().Compact([]byte("count/"), []byte("count0"), true); err != nil {
		t.Fatal(err)
	}
	if n, exact, _ := readCount(t, db, key); n != 4 || !exact {
		t.Fatalf("after a compaction: count %d exact=%v, want 4 exact", n, exact)
	}

	c := db.Begin()
	c.AddToCount(key, 1)
	sp := c.Savepoint()
	c.AddToCount(key, 10) // same key after a savepoint: not coalesced into the 1
	c.RollbackTo(sp)
	c.AddToCount(other, 5)
	if err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := readCount(t, db, key); n != 5 {
		t.Fatalf("after a savepoint rollback: %d, want 5", n)
	}
	if n, exact, _ := readCount(t, db, other); n != 5 || exact {
		t.Fatalf("deltas without a base: %d exact=%v, want 5 not exact", n, exact)
	}

	r := db.Begin()
	r.AddToCount(key, 100)
	r.Rollback()
	d := db.Begin()
	d.AddToCount(other, 1)
	d.DeleteRange([]byte("count/b"), []byte("count/c"))
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := readCount(t, db, key); n != 5 {
		t.Fatalf("after a rollback: %d, want 5", n)
	}
	if _, _, ok := readCount(t, db, other); ok {
		t.Fatal("a delta survived the range deletion that followed it")
	}
}
