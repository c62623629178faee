package kv

import (
	"fmt"
	"testing"
)

// WriteWork counts the bytes committed through the WAL and the time of the
// flushes and compactions that follow them: the figures the index build's
// throttle charges its backfill from.
func TestWriteWork(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	w0, b0 := db.WriteWork()
	val := make([]byte, 1000)
	for i := 0; i < 2000; i++ {
		put(t, db, fmt.Sprintf("k%06d", i), string(val))
	}
	_, b1 := db.WriteWork()
	if b1-b0 < 2000*1000 {
		t.Fatalf("WAL bytes grew by %d after 2 MB of commits", b1-b0)
	}
	if err := db.pdb.Flush(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		put(t, db, fmt.Sprintf("k%06d", i), string(val[:500]))
	}
	if err := db.pdb.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := db.pdb.Compact([]byte("k"), []byte("l"), true); err != nil {
		t.Fatal(err)
	}
	if w2, _ := db.WriteWork(); w2 <= w0 {
		t.Fatalf("flush and compaction time %v after two flushes and a compaction, %v before", w2, w0)
	}
}
