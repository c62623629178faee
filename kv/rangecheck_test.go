package kv

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestCheckRange: a Txn with a CheckRange over [r/, r0) fails when anything
// in the range committed after it started, however it was written, and
// never makes a writer of the range fail, whenever that writer started.
func TestCheckRange(t *testing.T) {
	lo, hi := []byte("r/"), []byte("r0")
	writes := []struct {
		name     string
		spill    bool
		write    func(tx *Txn)
		conflict bool // the checking Txn must fail
	}{
		{name: "point in range", write: func(tx *Txn) { tx.Set([]byte("r/5"), nil) }, conflict: true},
		{name: "pessimistic point in range", write: func(tx *Txn) { tx.SetPessimistic(true); tx.Set([]byte("r/5"), nil) }, conflict: true},
		{name: "delete in range", write: func(tx *Txn) { tx.Delete([]byte("r/1")) }, conflict: true},
		{name: "range deletion overlapping", write: func(tx *Txn) { tx.DeleteRange([]byte("q"), []byte("r/2")) }, conflict: true},
		{name: "touched range overlapping", write: func(tx *Txn) { tx.TouchRange([]byte("r/9"), []byte("s")) }, conflict: true},
		{name: "spilled commit in range", spill: true, write: func(tx *Txn) {
			tx.SetPessimistic(true)
			for i := 0; i < 500; i++ {
				tx.Set([]byte(fmt.Sprintf("r/%05d", i)), bytes.Repeat([]byte("v"), 50))
			}
		}, conflict: true},
		{name: "point at the end, outside", write: func(tx *Txn) { tx.Set(hi, nil) }},
		{name: "point before, outside", write: func(tx *Txn) { tx.Set([]byte("r"), nil) }},
		{name: "range deletion ending at start", write: func(tx *Txn) { tx.DeleteRange([]byte("a"), lo) }},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			o := Options{}
			if w.spill {
				o.SpillBytes = 2 << 10
			}
			db, _ := openTestDB(t, o)
			seed := db.Begin()
			seed.Set([]byte("r/1"), nil)
			seed.Set([]byte("r/2"), nil)
			mustCommit(t, seed)

			// The writer commits between the checker's start and its
			// commit: the checker fails exactly when the write is in range.
			chk := db.Begin()
			if _, _, err := chk.Get([]byte("r/1")); err != nil {
				t.Fatal(err)
			}
			wr := db.Begin()
			w.write(wr)
			if w.spill && wr.spillGen == 0 {
				t.Fatal("no spill")
			}
			mustCommit(t, wr)
			chk.CheckRange(lo, hi)
			chk.Set([]byte("zcount"), nil)
			if err := chk.Commit(); w.conflict != errors.Is(err, ErrConflict) || (!w.conflict && err != nil) {
				t.Fatalf("checker commit: %v, want conflict %v", err, w.conflict)
			}

			// The writer started before the checker committed and commits
			// after it: the check is not recorded, so the writer commits.
			wr = db.Begin()
			if _, _, err := wr.Get([]byte("r/2")); err != nil {
				t.Fatal(err)
			}
			chk = db.Begin()
			chk.CheckRange(lo, hi)
			chk.Set([]byte("zcount"), nil)
			mustCommit(t, chk)
			w.write(wr)
			if err := wr.Commit(); err != nil {
				t.Fatalf("writer that started before the check committed: %v", err)
			}
		})
	}
	// TouchRange, for contrast, fails that writer: what the row count's
	// recount did to every open writer of its table.
	db, _ := openTestDB(t, Options{})
	wr := db.Begin()
	wr.SetPessimistic(true)
	if _, _, err := wr.Get([]byte("r/2")); err != nil {
		t.Fatal(err)
	}
	tch := db.Begin()
	tch.TouchRange(lo, hi)
	tch.Set([]byte("zcount"), nil)
	mustCommit(t, tch)
	wr.Set([]byte("r/5"), nil)
	if err := wr.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("writer after a TouchRange: %v, want ErrConflict", err)
	}
}
