package kv

import "testing"

// A base merged as an operand (a recount's) keeps the deltas committed
// between its snapshot and its commit, and those committed after it, on
// top of it; before, during and after flushes and compactions. SetCount in
// the same place would drop the deltas under it.
func TestAddCountBaseKeepsConcurrentDeltas(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	for _, flush := range []bool{false, true} {
		key := []byte("countbase/a")
		if flush {
			key = []byte("countbase/b")
		}
		add := func(n int64) {
			t.Helper()
			tx := db.Begin()
			tx.AddToCount(key, n)
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		// 10 rows whose deltas add to 4 (the table's first 6 rows were
		// written before counts existed).
		add(5)
		add(-1)
		rc := db.Begin()
		v, ok, err := rc.Get(key)
		if err != nil || !ok {
			t.Fatalf("deltas at the snapshot: %v %v", ok, err)
		}
		d, exact, err := DecodeCount(v)
		if err != nil || exact || d != 4 {
			t.Fatalf("deltas at the snapshot: %d exact=%v %v", d, exact, err)
		}
		add(3) // after the recount's snapshot, before its commit
		if flush {
			if err := db.Pebble().Flush(); err != nil {
				t.Fatal(err)
			}
		}
		rc.CheckRange(key, append(append([]byte(nil), key...), 0))
		rc.AddCountBase(key, 10-d)
		if err := rc.Commit(); err != nil {
			t.Fatalf("recount: %v", err)
		}
		if n, exact, _ := readCount(t, db, key); n != 13 || !exact {
			t.Fatalf("after the recount: %d exact=%v, want 13 exact", n, exact)
		}
		add(-2)
		if flush {
			if err := db.Pebble().Compact([]byte("countbase/"), []byte("countbase0"), true); err != nil {
				t.Fatal(err)
			}
		}
		if n, exact, _ := readCount(t, db, key); n != 11 || !exact {
			t.Fatalf("after a later delta: %d exact=%v, want 11 exact", n, exact)
		}
	}
}

// A recount whose key got a base by Set after its snapshot (TRUNCATE's)
// fails rather than adding its base to that one.
func TestAddCountBaseChecksSetBase(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	key := []byte("countbase/c")
	tx := db.Begin()
	tx.AddToCount(key, 2)
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	rc := db.Begin()
	if _, _, err := rc.Get(key); err != nil {
		t.Fatal(err)
	}
	tr := db.Begin()
	tr.SetCount(key, 0)
	if err := tr.Commit(); err != nil {
		t.Fatal(err)
	}
	rc.CheckRange(key, append(append([]byte(nil), key...), 0))
	rc.AddCountBase(key, 5)
	if err := rc.Commit(); err == nil {
		t.Fatal("a recount committed over a base Set after its snapshot")
	}
	if n, exact, _ := readCount(t, db, key); n != 0 || !exact {
		t.Fatalf("count %d exact=%v, want 0 exact", n, exact)
	}
}
