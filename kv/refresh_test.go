package kv

import "testing"

// RefreshSnapshot: the next read sees newer commits, the Txn's own writes
// stay on top, an iterator opened before keeps its snapshot, and the start
// version (conflicts) is unchanged.
func TestRefreshSnapshot(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a", "1", "b", "1")

	tx := db.Begin()
	expectGet(t, tx.Get, "a", "1", true)
	tx.Set([]byte("own"), []byte("x"))
	put(t, db, "a", "2", "c", "2")
	expectGet(t, tx.Get, "a", "1", true) // same snapshot until refreshed

	it, err := tx.NewIter([]byte("a"), []byte("z"))
	if err != nil {
		t.Fatal(err)
	}
	tx.RefreshSnapshot()
	expectGet(t, tx.Get, "a", "2", true)
	expectGet(t, tx.Get, "c", "2", true)
	expectGet(t, tx.Get, "own", "x", true)

	// The iterator opened before the refresh still reads the old snapshot.
	var keys []string
	for ok := it.First(); ok; ok = it.Next() {
		keys = append(keys, string(it.Key())+"="+string(it.Value()))
	}
	it.Close()
	if got := keys; len(got) != 3 || got[0] != "a=1" || got[1] != "b=1" || got[2] != "own=x" {
		t.Fatalf("old iterator read %v", got)
	}

	if len(tx.stale) != 1 {
		t.Fatalf("%d stale snapshots, want the one the iterator held", len(tx.stale))
	}
	// A refresh with no iterator open releases the old snapshots at once.
	put(t, db, "b", "3")
	tx.RefreshSnapshot()
	expectGet(t, tx.Get, "b", "3", true)
	if len(tx.stale) != 0 {
		t.Fatalf("%d stale snapshots kept with no iterator open", len(tx.stale))
	}

	// Conflicts still count from the start version: a key committed by
	// someone else after the Txn started conflicts (optimistic check).
	tx.Set([]byte("c"), []byte("mine"))
	if err := tx.Commit(); err == nil {
		t.Fatal("commit over a key committed after the start version succeeded")
	}
	if tx.snap != nil || tx.stale != nil {
		t.Fatal("snapshots left open after the Txn ended")
	}
}

// TakeSnapshot fixes the snapshot before any read.
func TestTakeSnapshot(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a", "1")
	tx := db.Begin()
	if err := tx.TakeSnapshot(); err != nil {
		t.Fatal(err)
	}
	put(t, db, "a", "2")
	expectGet(t, tx.Get, "a", "1", true)
	tx.Rollback()

	lazy := db.Begin()
	put(t, db, "a", "3")
	expectGet(t, lazy.Get, "a", "3", true)
	lazy.Rollback()
}
