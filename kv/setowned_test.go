package kv

import (
	"errors"
	"testing"
)

// A Txn's SetOwned keys are its own until it ends; after the commit their
// bytes may be reused: the store, the conflict tracker and a read copy's
// watch each kept a copy, not the caller's slab.
func TestSetOwnedKeysReusableAfterCommit(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	rc, err := db.NewReadCopy([]byte("a"), []byte("z"))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	other := db.Begin() // open: the commit below is recorded in the tracker
	expectGet(t, other.Get, "k1", "", false)
	slab := []byte("k1k2")
	tx := db.Begin()
	tx.SetOwned(slab[:2])
	tx.SetOwned(slab[2:4])
	expectGet(t, tx.Get, "k2", "", true)
	mustCommit(t, tx)
	copy(slab, "xxxx")
	expectGet(t, db.Get, "k1", "", true)
	expectGet(t, db.Get, "k2", "", true)
	expectGet(t, db.Get, "xx", "", false)
	other.Set([]byte("k1"), []byte("v"))
	if err := other.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("a Txn writing k1 after it was read, over a SetOwned commit: %v, want a conflict", err)
	}
	check := db.Begin()
	check.CheckRangeSince(rc, []byte("k"), []byte("l"))
	check.Set([]byte("m"), nil)
	if err := check.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("CheckRangeSince over the SetOwned keys: %v, want a conflict", err)
	}
}
