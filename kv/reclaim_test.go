package kv

import (
	"fmt"
	"testing"
	"time"
)

// A dropped table's space comes back without further writes: the range
// tombstone is flushed soon after the commit and the sstables it covers are
// deleted.
func TestRangeDeleteReclaimsSpace(t *testing.T) {
	db, _ := openTestDB(t, Options{Durability: Async})
	val := make([]byte, 1000)
	for i := range val {
		val[i] = byte(i * 7)
	}
	for batch := 0; batch < 40; batch++ {
		wb := NewWriteBatch()
		for i := 0; i < 1000; i++ {
			wb.Set([]byte(fmt.Sprintf("t/%06d", batch*1000+i)), val)
		}
		if err := db.Apply(wb); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.pdb.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := db.pdb.Compact([]byte("t/"), []byte("t0"), false); err != nil {
		t.Fatal(err)
	}
	before := tableBytes(db)

	tx := db.Begin()
	tx.DeleteRange([]byte("t/"), []byte("t0"))
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(reclaimDelay + 20*time.Second)
	for {
		after := tableBytes(db)
		if after*5 < before {
			t.Logf("sstables %d -> %d bytes", before, after)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("sstables %d -> %d bytes: the dropped range's space did not come back\n%s", before, after, db.pdb.Metrics())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, ok, err := db.Get([]byte("t/000001")); err != nil || ok {
		t.Fatalf("deleted key still readable: %v %v", ok, err)
	}
}

// tableBytes is the size of the live sstables (WAL files kept for recycling
// are not data).
func tableBytes(db *DB) int64 {
	m := db.pdb.Metrics()
	t := m.Total()
	return t.Size
}

// A transaction that deletes or touches a range conflicts with keys
// committed in that range after it started, not only the other way round:
// an ALTER copying a table must not lose a row committed during the copy.
func TestRangeConflictsWithNewerKeys(t *testing.T) {
	db, _ := openTestDB(t, Options{Durability: Async})
	for _, touch := range []bool{false, true} {
		ddl := db.Begin()
		if _, _, err := ddl.Get([]byte("r/catalog")); err != nil { // fixes its start
			t.Fatal(err)
		}
		w := db.Begin()
		w.Set([]byte("r/row/1"), []byte("x"))
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		if touch {
			ddl.TouchRange([]byte("r/row/"), []byte("r/row0"))
		} else {
			ddl.DeleteRange([]byte("r/row/"), []byte("r/row0"))
		}
		ddl.Set([]byte("r/catalog"), []byte("v2"))
		if err := ddl.Commit(); err != ErrConflict {
			t.Fatalf("touch=%v: range over a key committed after start: %v, want ErrConflict", touch, err)
		}
		// Outside the range, no conflict.
		ddl = db.Begin()
		ddl.Pin()
		w = db.Begin()
		w.Set([]byte("r/other"), []byte("x"))
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		ddl.TouchRange([]byte("r/row/"), []byte("r/row0"))
		if err := ddl.Commit(); err != nil {
			t.Fatalf("touch=%v: disjoint range: %v", touch, err)
		}
	}
	// Pin fixes the start before any read: a key committed afterwards
	// conflicts with this transaction's write of it.
	a := db.Begin()
	a.Pin()
	b := db.Begin()
	b.Set([]byte("p/k"), []byte("b"))
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	a.Set([]byte("p/k"), []byte("a"))
	if err := a.Commit(); err != ErrConflict {
		t.Fatalf("pinned txn: %v, want ErrConflict", err)
	}
}
