package catalog

import (
	"fmt"
	"testing"
)

// TestWarmAndShape: Warm reads every table record across its chunks, then
// the AUTO_INCREMENT counters, stops
// at its byte budget and when told to; tables that differ only in name,
// IDs and comment have one shape, a different default another.
func TestWarmAndShape(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	const n = 2*warmChunk + 17
	const counters = 3 // per schema
	tx := db.Begin()
	for s := 1; s <= 2; s++ {
		sch := &Schema{ID: uint64(1000 + s), Name: fmt.Sprintf("s%d", s)}
		if _, err := c.PutSchema(tx, sch); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n/2+s-1; i++ {
			tbl := sbtestRecord(t)
			tbl.ID, tbl.Name = uint64(s*100000+i), fmt.Sprintf("t%d", i)
			if _, err := c.PutTable(tx, sch, tbl); err != nil {
				t.Fatal(err)
			}
			if i < counters {
				tx.RaiseCounter(tbl.CounterKey(), uint64(i+1))
			}
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	records, read, err := c.Warm(nil, 1<<40)
	if err != nil || records != n+2*counters || read <= 0 {
		t.Fatalf("Warm: %d records, %d bytes, %v; want %d records and counters", records, read, err, n+2*counters)
	}
	// The full warm-up filled the counter span's presence filter: a
	// table without a counter is known to have none without a read, and
	// the ones with a counter still read theirs.
	s1, _ := c.Schema(nil, "s1")
	for i := 0; i < counters+2; i++ {
		tbl, _ := c.Table(nil, s1, fmt.Sprintf("t%d", i))
		skipped := db.Stats().AbsentReadsSkipped
		v, err := db.Counter(tbl.CounterKey())
		want, read := uint64(i+1), skipped
		if i >= counters {
			want, read = 0, skipped+1
		}
		if err != nil || v != want || db.Stats().AbsentReadsSkipped != read {
			t.Fatalf("t%d: counter %d (%v), skipped reads %d -> %d; want %d, %d", i, v, err, skipped,
				db.Stats().AbsentReadsSkipped, want, read)
		}
	}
	// And the table-record filter: CREATE TABLE's check that its table
	// does not exist reads nothing.
	rtx := db.Begin()
	skipped := db.Stats().AbsentReadsSkipped
	if tbl, err := c.Table(rtx, s1, "not_created"); err != nil || tbl != nil || db.Stats().AbsentReadsSkipped != skipped+1 {
		t.Fatalf("absent table: %v, %v; skipped reads %d -> %d", tbl, err, skipped, db.Stats().AbsentReadsSkipped)
	}
	if tbl, err := c.Table(rtx, s1, "t1"); err != nil || tbl == nil {
		t.Fatalf("t1 through the transaction: %v", err)
	}
	rtx.Rollback()
	if r, _, _ := c.Warm(nil, read/4); r < warmChunk || r >= n {
		t.Fatalf("Warm within a quarter of the bytes read %d records", r)
	}
	stop := make(chan struct{})
	close(stop)
	if r, _, _ := c.Warm(stop, 1<<40); r != 0 {
		t.Fatalf("Warm after stop read %d records", r)
	}

	s2, _ := c.Schema(nil, "s2")
	a, _ := c.Table(nil, s1, "t1")
	b, _ := c.Table(nil, s2, "t2")
	if a == nil || b == nil || a.Shape() == "" || a.Shape() != b.Shape() {
		t.Fatalf("two sbtest tables have shapes %q and %q", a.Shape(), b.Shape())
	}
	other := b.Clone()
	other.Columns[1].Default = nil
	if other.Shape() == a.Shape() {
		t.Fatal("a table without a default has the same shape")
	}
}
