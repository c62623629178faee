package kv

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"testing"
)

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

func openTestDB(t testing.TB, o Options) (*DB, string) {
	t.Helper()
	dir := t.TempDir()
	if o.Logger == nil {
		o.Logger = quietLogger()
	}
	if o.CacheBytes == 0 {
		o.CacheBytes = 8 << 20
	}
	if o.MemTableBytes == 0 {
		o.MemTableBytes = 4 << 20
	}
	db, err := Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !db.closed.Load() {
			if err := db.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
		}
	})
	return db, dir
}

func mustCommit(t testing.TB, tx *Txn) {
	t.Helper()
	if err := tx.Commit(); err != nil {
		t.Fatalf("commit: %v", err)
	}
}

func put(t testing.TB, db *DB, kvs ...string) {
	t.Helper()
	tx := db.Begin()
	for i := 0; i+1 < len(kvs); i += 2 {
		tx.Set([]byte(kvs[i]), []byte(kvs[i+1]))
	}
	mustCommit(t, tx)
}

func expectGet(t testing.TB, get func([]byte) ([]byte, bool, error), key, want string, wantOK bool) {
	t.Helper()
	v, ok, err := get([]byte(key))
	if err != nil {
		t.Fatalf("get %q: %v", key, err)
	}
	if ok != wantOK || (ok && string(v) != want) {
		t.Fatalf("get %q = (%q, %v), want (%q, %v)", key, v, ok, want, wantOK)
	}
}

func TestReadYourWrites(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a", "1", "b", "2")

	tx := db.Begin()
	expectGet(t, tx.Get, "a", "1", true)
	tx.Set([]byte("a"), []byte("10"))
	tx.Set([]byte("c"), []byte("3"))
	tx.Delete([]byte("b"))
	expectGet(t, tx.Get, "a", "10", true)
	expectGet(t, tx.Get, "b", "", false)
	expectGet(t, tx.Get, "c", "3", true)
	expectGet(t, tx.Get, "d", "", false)
	if tx.Writes() != 3 {
		t.Fatalf("Writes = %d, want 3", tx.Writes())
	}
	// Not visible to others before commit.
	expectGet(t, db.Get, "a", "1", true)
	expectGet(t, db.Get, "c", "", false)

	// Set copies its arguments.
	k, v := []byte("e"), []byte("5")
	tx.Set(k, v)
	k[0], v[0] = 'x', 'x'
	expectGet(t, tx.Get, "e", "5", true)

	mustCommit(t, tx)
	expectGet(t, db.Get, "a", "10", true)
	expectGet(t, db.Get, "b", "", false)
	expectGet(t, db.Get, "c", "3", true)
	expectGet(t, db.Get, "e", "5", true)

	// Returned slices are copies.
	got, _, _ := db.Get([]byte("a"))
	got[0] = 'z'
	expectGet(t, db.Get, "a", "10", true)
}

func TestSnapshotIsolation(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "k", "old")

	t1 := db.Begin()
	expectGet(t, t1.Get, "k", "old", true) // snapshot taken here

	t2 := db.Begin()
	t2.Set([]byte("k"), []byte("new"))
	t2.Set([]byte("j"), []byte("born"))
	mustCommit(t, t2)

	expectGet(t, t1.Get, "k", "old", true)
	expectGet(t, t1.Get, "j", "", false)
	it, err := t1.NewIter(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for ok := it.First(); ok; ok = it.Next() {
		keys = append(keys, string(it.Key())+"="+string(it.Value()))
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(keys) != "[k=old]" {
		t.Fatalf("t1 iter = %v", keys)
	}
	mustCommit(t, t1) // read-only: free, no conflict

	t3 := db.Begin()
	expectGet(t, t3.Get, "k", "new", true)
	expectGet(t, t3.Get, "j", "born", true)
	t3.Rollback()

	// db.NewIter is point-in-time for its life.
	it, err = db.NewIter(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	put(t, db, "a", "later")
	keys = keys[:0]
	for ok := it.First(); ok; ok = it.Next() {
		keys = append(keys, string(it.Key()))
	}
	it.Close()
	if fmt.Sprint(keys) != "[j k]" {
		t.Fatalf("db iter = %v", keys)
	}
}

func TestConflicts(t *testing.T) {
	type step func(t *testing.T, db *DB, t1 *Txn)
	set := func(k string) step {
		return func(t *testing.T, db *DB, t1 *Txn) { t1.Set([]byte(k), []byte("t1")) }
	}
	del := func(k string) step {
		return func(t *testing.T, db *DB, t1 *Txn) { t1.Delete([]byte(k)) }
	}
	read := func(k string) step {
		return func(t *testing.T, db *DB, t1 *Txn) {
			if _, _, err := t1.Get([]byte(k)); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := func(kvs ...string) step {
		return func(t *testing.T, db *DB, t1 *Txn) { put(t, db, kvs...) }
	}
	otherDel := func(k string) step {
		return func(t *testing.T, db *DB, t1 *Txn) {
			tx := db.Begin()
			tx.Delete([]byte(k))
			mustCommit(t, tx)
		}
	}
	cases := []struct {
		name     string
		steps    []step
		conflict bool
	}{
		{"same key", []step{read("x"), other("k", "2"), set("k")}, true},
		{"same key, written before other commit", []step{set("k"), other("k", "2")}, true},
		{"different keys", []step{read("x"), other("j", "2"), set("k")}, false},
		{"t1 delete vs other set", []step{read("k"), other("k", "2"), del("k")}, true},
		{"t1 set vs other delete", []step{read("k"), otherDel("k"), set("k")}, true},
		{"read-only t1", []step{read("k"), other("k", "2"), read("k")}, false},
		{"other committed before t1 started", []step{other("k", "2"), set("k")}, false},
		{"other committed before t1's first op", []step{other("k", "2"), read("k"), set("k")}, false},
		{"t1 wrote then rolled back to savepoint", []step{
			func(t *testing.T, db *DB, t1 *Txn) {
				t1.Set([]byte("j"), nil)
				sp := t1.Savepoint()
				t1.Set([]byte("k"), nil)
				t1.RollbackTo(sp)
			},
			other("k", "2"),
		}, false},
		{"many others, one overlapping", []step{read("x"), other("a", "1", "b", "2"), other("c", "3"), other("k", "9"), set("k"), set("z")}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db, _ := openTestDB(t, Options{Durability: Async})
			put(t, db, "k", "1")
			t1 := db.Begin()
			for _, s := range tc.steps {
				s(t, db, t1)
			}
			err := t1.Commit()
			if tc.conflict && !errors.Is(err, ErrConflict) {
				t.Fatalf("commit = %v, want ErrConflict", err)
			}
			if !tc.conflict && err != nil {
				t.Fatalf("commit = %v, want nil", err)
			}
			if tc.conflict {
				if got := db.Stats().Conflicts; got != 1 {
					t.Fatalf("Stats.Conflicts = %d", got)
				}
				// The loser wrote nothing.
				v, _, _ := db.Get([]byte("k"))
				if string(v) == "t1" {
					t.Fatal("conflicting txn's write is visible")
				}
			}
			if err := t1.Commit(); !errors.Is(err, ErrTxnDone) {
				t.Fatalf("second commit = %v", err)
			}
		})
	}
}

func TestFirstCommitterWins(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	t1, t2 := db.Begin(), db.Begin()
	expectGet(t, t1.Get, "k", "", false)
	expectGet(t, t2.Get, "k", "", false)
	t1.Set([]byte("k"), []byte("t1"))
	t2.Set([]byte("k"), []byte("t2"))
	mustCommit(t, t2)
	if err := t1.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("t1 commit = %v", err)
	}
	expectGet(t, db.Get, "k", "t2", true)
}

func TestConflictWithApply(t *testing.T) {
	cases := []struct {
		name     string
		batch    func(wb *WriteBatch)
		key      string // written by the txn
		conflict bool
	}{
		{"set same key", func(wb *WriteBatch) { wb.Set([]byte("t/5"), []byte("x")) }, "t/5", true},
		{"delete same key", func(wb *WriteBatch) { wb.Delete([]byte("t/5")) }, "t/5", true},
		{"set other key", func(wb *WriteBatch) { wb.Set([]byte("t/6"), []byte("x")) }, "t/5", false},
		{"delete range covering", func(wb *WriteBatch) { wb.DeleteRange([]byte("t/"), []byte("t0")) }, "t/5", true},
		{"delete range covering new key", func(wb *WriteBatch) { wb.DeleteRange([]byte("t/"), []byte("t0")) }, "t/99", true},
		{"delete range start inclusive", func(wb *WriteBatch) { wb.DeleteRange([]byte("t/5"), []byte("t/6")) }, "t/5", true},
		{"delete range end exclusive", func(wb *WriteBatch) { wb.DeleteRange([]byte("t/0"), []byte("t/5")) }, "t/5", false},
		{"delete range elsewhere", func(wb *WriteBatch) { wb.DeleteRange([]byte("u/"), []byte("u0")) }, "t/5", false},
		{"touch range covering", func(wb *WriteBatch) { wb.TouchRange([]byte("t/"), []byte("t0")) }, "t/5", true},
		{"touch range unbounded", func(wb *WriteBatch) { wb.TouchRange([]byte("t/"), nil) }, "t/5", true},
		{"touch range elsewhere", func(wb *WriteBatch) { wb.TouchRange([]byte("a"), []byte("b")) }, "t/5", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db, _ := openTestDB(t, Options{Durability: Async})
			put(t, db, "t/1", "a", "t/5", "b", "t/9", "c")
			t1 := db.Begin()
			expectGet(t, t1.Get, "t/1", "a", true)

			wb := NewWriteBatch()
			tc.batch(wb)
			if err := db.Apply(wb); err != nil {
				t.Fatal(err)
			}
			t1.Set([]byte(tc.key), []byte("t1"))
			err := t1.Commit()
			if tc.conflict != errors.Is(err, ErrConflict) || (!tc.conflict && err != nil) {
				t.Fatalf("commit = %v, want conflict=%v", err, tc.conflict)
			}

			// A txn that starts after the Apply does not conflict with it.
			t2 := db.Begin()
			t2.Set([]byte(tc.key), []byte("t2"))
			mustCommit(t, t2)
		})
	}
}

func TestApply(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "t/1", "a", "t/2", "b", "t/3", "c", "u/1", "d")
	wb := NewWriteBatch()
	wb.DeleteRange([]byte("t/"), []byte("t0"))
	wb.Set([]byte("t/2"), []byte("B")) // after the range delete in the same batch
	wb.Delete([]byte("u/1"))
	wb.TouchRange([]byte("v"), nil)
	if wb.Len() != 4 {
		t.Fatalf("Len = %d", wb.Len())
	}
	if err := db.Apply(wb); err != nil {
		t.Fatal(err)
	}
	expectGet(t, db.Get, "t/1", "", false)
	expectGet(t, db.Get, "t/2", "B", true)
	expectGet(t, db.Get, "t/3", "", false)
	expectGet(t, db.Get, "u/1", "", false)
	if s := db.Stats(); s.AppliedBatches != 1 {
		t.Fatalf("AppliedBatches = %d", s.AppliedBatches)
	}

	bad := NewWriteBatch()
	bad.DeleteRange([]byte("b"), []byte("a"))
	if err := db.Apply(bad); !errors.Is(err, errBadRange) {
		t.Fatalf("bad range: %v", err)
	}
	bad = NewWriteBatch()
	bad.DeleteRange([]byte("b"), nil)
	if err := db.Apply(bad); !errors.Is(err, errBadRange) {
		t.Fatalf("unbounded delete range: %v", err)
	}
	if err := db.Apply(NewWriteBatch()); err != nil {
		t.Fatal(err)
	}
}

func TestSavepoints(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a", "snap-a", "b", "snap-b", "d", "snap-d")

	tx := db.Begin()
	tx.Set([]byte("a"), []byte("1"))
	tx.Delete([]byte("b"))
	sp1 := tx.Savepoint()

	tx.Set([]byte("a"), []byte("2")) // overwrite buffered value
	tx.Set([]byte("b"), []byte("3")) // overwrite buffered tombstone
	tx.Set([]byte("c"), []byte("4")) // new key
	tx.Delete([]byte("d"))           // tombstone over snapshot key
	sp2 := tx.Savepoint()
	tx.Delete([]byte("a")) // tombstone over buffered value
	tx.Set([]byte("c"), []byte("5"))
	tx.Set([]byte("e"), []byte("6"))

	view := func() string {
		it, err := tx.NewIter(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer it.Close()
		var b bytes.Buffer
		for ok := it.First(); ok; ok = it.Next() {
			fmt.Fprintf(&b, "%s=%s ", it.Key(), it.Value())
		}
		return b.String()
	}
	steps := []struct {
		sp   *Savepoint
		want string
	}{
		{nil, "b=3 c=5 e=6 "},
		{&sp2, "a=2 b=3 c=4 "},
		{&sp2, "a=2 b=3 c=4 "}, // idempotent
		{&sp1, "a=1 d=snap-d "},
		{&sp2, "a=1 d=snap-d "}, // stale savepoint: no-op
	}
	for i, s := range steps {
		if s.sp != nil {
			tx.RollbackTo(*s.sp)
		}
		if got := view(); got != s.want {
			t.Fatalf("step %d: view = %q, want %q", i, got, s.want)
		}
	}
	expectGet(t, tx.Get, "a", "1", true)
	expectGet(t, tx.Get, "b", "", false)
	expectGet(t, tx.Get, "c", "", false)
	if tx.Writes() != 2 {
		t.Fatalf("Writes = %d", tx.Writes())
	}
	// Writes after a rollback are undoable again.
	sp3 := tx.Savepoint()
	tx.Set([]byte("z"), nil)
	tx.RollbackTo(sp3)
	expectGet(t, tx.Get, "z", "", false)

	mustCommit(t, tx)
	expectGet(t, db.Get, "a", "1", true)
	expectGet(t, db.Get, "b", "", false)
	expectGet(t, db.Get, "c", "", false)
	expectGet(t, db.Get, "d", "snap-d", true)
}

func TestTxnLifecycle(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a", "1")

	tx := db.Begin()
	it, err := tx.NewIter(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !it.First() {
		t.Fatal("empty")
	}
	tx.Rollback()
	tx.Rollback() // idempotent
	if it.Valid() || it.Next() || !errors.Is(it.Error(), ErrTxnDone) {
		t.Fatalf("iterator after rollback: valid=%v err=%v", it.Valid(), it.Error())
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tx.Get([]byte("a")); !errors.Is(err, ErrTxnDone) {
		t.Fatalf("get after rollback: %v", err)
	}
	if _, err := tx.NewIter(nil, nil); !errors.Is(err, ErrTxnDone) {
		t.Fatalf("iter after rollback: %v", err)
	}
	tx.Set([]byte("x"), nil) // no-op
	if err := tx.Commit(); !errors.Is(err, ErrTxnDone) {
		t.Fatalf("commit after rollback: %v", err)
	}

	// An unused Txn costs nothing and commits for free.
	mustCommit(t, db.Begin())
	db.Begin().Rollback()

	s := db.Stats()
	if s.OpenTxns != 0 || s.TrackedKeys != 0 || s.Rollbacks != 1 {
		t.Fatalf("stats %+v", s)
	}

	open := db.Begin()
	open.Set([]byte("q"), nil)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); !errors.Is(err, ErrClosed) {
		t.Fatalf("second close: %v", err)
	}
	if err := open.Commit(); !errors.Is(err, ErrClosed) {
		t.Fatalf("commit after close: %v", err)
	}
	if _, _, err := db.Get([]byte("a")); !errors.Is(err, ErrClosed) {
		t.Fatalf("get after close: %v", err)
	}
	if _, _, err := db.Begin().Get([]byte("a")); !errors.Is(err, ErrClosed) {
		t.Fatalf("txn get after close: %v", err)
	}
	if err := db.Apply(func() *WriteBatch { wb := NewWriteBatch(); wb.Set([]byte("a"), nil); return wb }()); !errors.Is(err, ErrClosed) {
		t.Fatalf("apply after close: %v", err)
	}
}

func TestPersistence(t *testing.T) {
	for _, d := range []Durability{Sync, Async} {
		t.Run(d.String(), func(t *testing.T) {
			dir := t.TempDir()
			o := Options{Durability: d, Logger: quietLogger(), CacheBytes: 8 << 20, MemTableBytes: 1 << 20}
			db, err := Open(dir, o)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 2000; i++ { // > one memtable, so some data is flushed to sstables
				put(t, db, fmt.Sprintf("k%05d", i), fmt.Sprintf("v%d-%s", i, bytes.Repeat([]byte("x"), 500)))
			}
			tx := db.Begin()
			tx.Delete([]byte("k00001"))
			tx.Set([]byte("k00002"), []byte("two"))
			mustCommit(t, tx)
			wb := NewWriteBatch()
			wb.DeleteRange([]byte("k00100"), []byte("k00200"))
			if err := db.Apply(wb); err != nil {
				t.Fatal(err)
			}
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}

			db, err = Open(dir, o)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			expectGet(t, db.Get, "k00000", "v0-"+string(bytes.Repeat([]byte("x"), 500)), true)
			expectGet(t, db.Get, "k00001", "", false)
			expectGet(t, db.Get, "k00002", "two", true)
			expectGet(t, db.Get, "k00150", "", false)
			expectGet(t, db.Get, "k01999", "v1999-"+string(bytes.Repeat([]byte("x"), 500)), true)
			it, err := db.NewIter(nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for ok := it.First(); ok; ok = it.Next() {
				n++
			}
			it.Close()
			if n != 2000-1-100 {
				t.Fatalf("%d keys after reopen", n)
			}
		})
	}
}

// TestConcurrentCounters: N goroutines do read-modify-write on a few
// counters, retrying on ErrConflict. No increment may be lost.
func TestConcurrentCounters(t *testing.T) {
	for _, d := range []Durability{Sync, Async} {
		t.Run(d.String(), func(t *testing.T) {
			db, _ := openTestDB(t, Options{Durability: d})
			const workers, perWorker, counters = 16, 40, 3
			var wg sync.WaitGroup
			var mu sync.Mutex
			committed := 0
			errs := make(chan error, workers)
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func(w int) {
					defer wg.Done()
					for i := 0; i < perWorker; i++ {
						key := []byte(fmt.Sprintf("counter/%d", (w+i)%counters))
						for {
							tx := db.Begin()
							v, _, err := tx.Get(key)
							if err != nil {
								errs <- err
								return
							}
							n := 0
							if len(v) > 0 {
								fmt.Sscan(string(v), &n)
							}
							runtime.Gosched() // widen the read-modify-write window
							tx.Set(key, []byte(fmt.Sprint(n+1)))
							sp := tx.Savepoint()
							tx.Set([]byte(fmt.Sprintf("log/%d/%d", w, i)), nil)
							if i%2 == 0 {
								tx.RollbackTo(sp)
							}
							err = tx.Commit()
							if errors.Is(err, ErrConflict) {
								continue
							}
							if err != nil {
								errs <- err
								return
							}
							mu.Lock()
							committed++
							mu.Unlock()
							break
						}
					}
				}(w)
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			sum := 0
			for c := 0; c < counters; c++ {
				v, _, err := db.Get([]byte(fmt.Sprintf("counter/%d", c)))
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				fmt.Sscan(string(v), &n)
				sum += n
			}
			s := db.Stats()
			if sum != committed || committed != workers*perWorker || s.Commits != uint64(committed) {
				t.Fatalf("sum=%d committed=%d stats=%+v", sum, committed, s)
			}
			t.Logf("commits=%d conflicts=%d walSyncs=%d", s.Commits, s.Conflicts, s.WALSyncs)
			if s.OpenTxns != 0 || s.TrackedKeys != 0 || s.TrackedRanges != 0 {
				t.Fatalf("tracker not empty after all txns ended: %+v", s)
			}
		})
	}
}

func TestTrackerBoundedAndEmpties(t *testing.T) {
	db, _ := openTestDB(t, Options{Durability: Async})
	// No open txn: nothing is tracked at all.
	for i := 0; i < 10; i++ {
		put(t, db, fmt.Sprintf("a%d", i), "x")
	}
	if s := db.Stats(); s.TrackedKeys != 0 {
		t.Fatalf("tracked %d keys with no open txn", s.TrackedKeys)
	}

	old := db.Begin()
	old.Get([]byte("zz")) // starts it
	for i := 0; i < 100; i++ {
		put(t, db, fmt.Sprintf("b%d", i), "x")
	}
	wb := NewWriteBatch()
	wb.TouchRange([]byte("c"), []byte("d"))
	if err := db.Apply(wb); err != nil {
		t.Fatal(err)
	}
	if s := db.Stats(); s.TrackedKeys != 100 || s.TrackedRanges != 1 {
		t.Fatalf("with an old txn open: %+v", s)
	}

	young := db.Begin()
	young.Get([]byte("zz"))
	old.Rollback()
	// The old txn's entries are pruned within pruneEvery commits; only what
	// the young txn can conflict with stays.
	for i := 0; i < pruneEvery; i++ {
		put(t, db, fmt.Sprintf("c%d", i), "x")
	}
	if s := db.Stats(); s.TrackedKeys > pruneEvery || s.TrackedRanges != 0 {
		t.Fatalf("after the old txn ended: %+v", s)
	}
	young.Set([]byte("c1"), nil)
	if err := young.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("young commit = %v", err)
	}
	if s := db.Stats(); s.TrackedKeys != 0 || s.TrackedRanges != 0 || s.OpenTxns != 0 {
		t.Fatalf("after all txns ended: %+v", s)
	}

	// Ending the last txn by rollback also empties the tracker.
	a, b := db.Begin(), db.Begin()
	a.Get([]byte("x"))
	b.Set([]byte("y"), nil)
	mustCommit(t, b)
	if s := db.Stats(); s.TrackedKeys != 1 {
		t.Fatalf("%+v", s)
	}
	a.Rollback()
	if s := db.Stats(); s.TrackedKeys != 0 || s.OpenTxns != 0 {
		t.Fatalf("after rollback: %+v", s)
	}
}

func TestLargeTxn(t *testing.T) {
	n := 1_000_000
	if testing.Short() || raceEnabled {
		n = 200_000
	}
	// In memory (no spill): this test is about the undo log and the
	// tracker's per-key records; spill_test.go covers spilling.
	db, _ := openTestDB(t, Options{Durability: Async, MemTableBytes: 16 << 20, SpillBytes: -1})
	other := db.Begin() // keeps the tracker recording
	other.Get([]byte("nothing"))
	tx := db.Begin()
	sp := tx.Savepoint()
	val := bytes.Repeat([]byte("v"), 16)
	for i := 0; i < n; i++ {
		tx.Set([]byte(fmt.Sprintf("row/%08d", i)), val)
	}
	if tx.Writes() != n {
		t.Fatalf("Writes = %d", tx.Writes())
	}
	tx.RollbackTo(sp)
	if tx.Writes() != 0 {
		t.Fatalf("Writes after rollback = %d", tx.Writes())
	}
	for i := 0; i < n; i++ {
		tx.Set([]byte(fmt.Sprintf("row/%08d", i)), val)
	}
	mustCommit(t, tx)
	if s := db.Stats(); s.TrackedKeys != n {
		t.Fatalf("tracked %d", s.TrackedKeys)
	}
	other.Set([]byte("row/00000007"), nil)
	if err := other.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("other = %v", err)
	}
	it, err := db.NewIter([]byte("row/"), []byte("row0"))
	if err != nil {
		t.Fatal(err)
	}
	c := 0
	for ok := it.First(); ok; ok = it.Next() {
		c++
	}
	it.Close()
	if c != n {
		t.Fatalf("%d rows", c)
	}
	if s := db.Stats(); s.TrackedKeys != 0 {
		t.Fatalf("tracked %d", s.TrackedKeys)
	}
}

// TestTrackerCap: a transaction left open while many others commit cannot
// make the tracker grow past MaxTrackedKeys; instead it is doomed to
// ErrConflict when it tries to commit writes. Younger ones are unaffected.
func TestTrackerCap(t *testing.T) {
	const limit = 100
	db, _ := openTestDB(t, Options{Durability: Async, MaxTrackedKeys: limit})
	idle := db.Begin()
	idle.Get([]byte("x"))
	reader := db.Begin()
	reader.Get([]byte("x"))
	for i := 0; i < 1000; i++ {
		put(t, db, fmt.Sprintf("k%04d", i), "v")
		if s := db.Stats(); s.TrackedKeys > 2*limit {
			t.Fatalf("tracker grew to %d", s.TrackedKeys)
		}
	}
	young := db.Begin()
	young.Get([]byte("x"))
	put(t, db, "k0999", "again")

	mustCommit(t, reader) // read-only: still free
	idle.Set([]byte("untouched-key"), nil)
	if err := idle.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("doomed txn commit = %v", err)
	}
	young.Set([]byte("k0001"), nil) // committed before young started
	mustCommit(t, young)
}

func TestTxnDeleteRange(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	seed := db.Begin()
	for _, k := range []string{"a1", "b1", "b2", "c1"} {
		seed.Set([]byte(k), []byte("v"))
	}
	if err := seed.Commit(); err != nil {
		t.Fatal(err)
	}

	// Point writes inside the range in the same Txn are deleted too: the
	// range is applied after them.
	tx := db.Begin()
	tx.Set([]byte("b3"), []byte("v"))
	sp := tx.Savepoint()
	tx.DeleteRange([]byte("z"), []byte("zz"))
	tx.RollbackTo(sp) // drops the z range only
	tx.DeleteRange([]byte("b"), []byte("c"))
	other := db.Begin()
	other.Set([]byte("b9"), []byte("late"))
	if _, _, err := other.Get([]byte("a1")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]bool{"a1": true, "b1": false, "b2": false, "b3": false, "c1": true} {
		if _, ok, _ := db.Get([]byte(k)); ok != want {
			t.Errorf("%s present=%v, want %v", k, ok, want)
		}
	}
	// A Txn that started before the range delete and writes inside it conflicts.
	if err := other.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("write into a concurrently deleted range: %v, want ErrConflict", err)
	}
}

func TestCountersTakeTheMaximumWithoutConflicts(t *testing.T) {
	db, dir := openTestDB(t, Options{})
	key := []byte("ctr")
	a, b := db.Begin(), db.Begin()
	a.RaiseCounter(key, 10)
	b.RaiseCounter(key, 7)
	b.RaiseCounter(key, 12)
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatalf("counters must not conflict: %v", err)
	}
	c := db.Begin()
	c.RaiseCounter(key, 11) // lower than stored: no effect
	if err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	r := db.Begin()
	r.RaiseCounter(key, 99)
	r.Rollback()
	if v, err := db.Counter(key); err != nil || v != 12 {
		t.Fatalf("counter %d %v, want 12", v, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if v, err := db2.Counter(key); err != nil || v != 12 {
		t.Fatalf("after reopen: %d %v, want 12", v, err)
	}
}

func TestViewDoesNotSeeLaterWrites(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	tx := db.Begin()
	tx.Set([]byte("a"), []byte("1"))
	v := tx.View()
	tx.Set([]byte("b"), []byte("2"))
	tx.Set([]byte("a"), []byte("changed"))
	tx.Delete([]byte("a"))
	if val, ok, err := v.Get([]byte("a")); err != nil || !ok || string(val) != "1" {
		t.Fatalf("view Get a = %q %v %v, want 1", val, ok, err)
	}
	it, err := v.NewIter(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for ok := it.First(); ok; ok = it.Next() {
		keys = append(keys, string(it.Key()))
	}
	it.Close()
	if fmt.Sprint(keys) != "[a]" {
		t.Fatalf("view sees %v, want [a]", keys)
	}
	if _, ok, _ := tx.Get([]byte("a")); ok {
		t.Fatal("the transaction itself must see its delete")
	}
	tx.Rollback()
}

// A pessimistic Txn's point writes skip the conflict check (its caller
// locked them); a range written after it started still fails it.
func TestPessimisticCommit(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	a, b := db.Begin(), db.Begin()
	a.SetPessimistic(true)
	a.Set([]byte("k"), []byte("a"))
	if _, ok, _ := a.Get([]byte("j")); ok {
		t.Fatal("unexpected value")
	}
	b.Set([]byte("k"), []byte("b"))
	b.Set([]byte("j"), []byte("b"))
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := a.Get([]byte("j")); ok {
		t.Fatal("snapshot read sees a later commit")
	}
	if v, ok, _ := a.CurrentView().Get([]byte("j")); !ok || string(v) != "b" {
		t.Fatalf("current read %q %v", v, ok)
	}
	it, _ := a.CurrentView().NewIter([]byte("j"), []byte("l"))
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	it.Close()
	if n != 2 {
		t.Fatalf("current iterator saw %d keys", n)
	}
	if v, ok, _ := a.GetLatest([]byte("k")); !ok || string(v) != "a" {
		t.Fatalf("own write first: %q %v", v, ok)
	}
	if err := a.Commit(); err != nil {
		t.Fatalf("pessimistic commit: %v", err)
	}
	c, d := db.Begin(), db.Begin()
	c.SetPessimistic(true)
	c.Set([]byte("r1"), []byte("c"))
	d.DeleteRange([]byte("r"), []byte("s"))
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := c.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("range conflict: %v", err)
	}
	if a.ID() == b.ID() || c.ID() == d.ID() {
		t.Fatal("IDs not unique")
	}
}
