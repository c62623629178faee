package kv

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/vfs"
)

// spaceFS reports a settable amount of free space; everything else is the
// real filesystem. It stands in for a filling disk in tests that need exact
// thresholds; e2e's TestDiskFull fills a real tmpfs.
type spaceFS struct {
	vfs.FS
	avail, total atomic.Uint64
}

func (f *spaceFS) GetDiskUsage(string) (vfs.DiskUsage, error) {
	a, t := f.avail.Load(), f.total.Load()
	return vfs.DiskUsage{AvailBytes: a, TotalBytes: t, UsedBytes: t - a}, nil
}

func newSpaceFS(avail, total uint64) *spaceFS {
	f := &spaceFS{FS: vfs.Default}
	f.avail.Store(avail)
	f.total.Store(total)
	return f
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func commitSet(db *DB, key, val string) error {
	tx := db.Begin()
	tx.Set([]byte(key), []byte(val))
	return tx.Commit()
}

// TestSpaceGuard: below the reserve, commits that add data fail with
// ErrDiskFull and write nothing, while reads, read-only transactions and
// delete-only commits go on; writes resume only once free space is back
// above the reserve plus the hysteresis margin.
func TestSpaceGuard(t *testing.T) {
	const mib = 1 << 20
	fs := newSpaceFS(100*mib, 1000*mib)
	db, _ := openTestDB(t, Options{Durability: Sync, FS: fs, MinFreeBytes: 16 * mib, SpaceCheckInterval: 5 * time.Millisecond})

	if err := commitSet(db, "a", "1"); err != nil {
		t.Fatal(err)
	}
	put(t, db, "b", "2", "c", "3")

	fs.avail.Store(10 * mib)
	waitUntil(t, "the guard reports full", func() bool { return db.Stats().Space.Full })

	err := commitSet(db, "x", "new")
	var dfe *DiskFullError
	if !errors.Is(err, ErrDiskFull) || !errors.As(err, &dfe) {
		t.Fatalf("commit while full: %v, want ErrDiskFull", err)
	}
	if dfe.MinFree != 16*mib || dfe.Available > 10*mib || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("error %+v (%v)", dfe, err)
	}
	wb := NewWriteBatch()
	wb.Set([]byte("y"), []byte("new"))
	if err := db.Apply(wb); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("apply while full: %v", err)
	}
	// The refused writes left nothing behind and the DB is not failed.
	expectGet(t, db.Get, "x", "", false)
	expectGet(t, db.Get, "y", "", false)
	if s := db.Stats(); s.Failed != nil || s.OpenTxns != 0 || s.Space.Refused != 2 {
		t.Fatalf("stats after refusals: %+v", s)
	}

	// Reads and read-only transactions keep working.
	tx := db.Begin()
	expectGet(t, tx.Get, "a", "1", true)
	it, err := tx.NewIter(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if n != 3 {
		t.Fatalf("iterated %d keys, want 3", n)
	}
	if err := tx.Commit(); err != nil {
		t.Fatalf("read-only commit while full: %v", err)
	}

	// Deleting is how space is freed: admitted while full.
	tx = db.Begin()
	tx.Delete([]byte("c"))
	if err := tx.Commit(); err != nil {
		t.Fatalf("delete-only commit while full: %v", err)
	}
	wb = NewWriteBatch()
	wb.DeleteRange([]byte("b"), []byte("bb"))
	if err := db.Apply(wb); err != nil {
		t.Fatalf("range delete while full: %v", err)
	}
	expectGet(t, db.Get, "b", "", false)
	// A transaction that deletes and writes adds data: refused.
	tx = db.Begin()
	tx.Delete([]byte("a"))
	tx.Set([]byte("z"), []byte("1"))
	if err := tx.Commit(); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("mixed commit while full: %v", err)
	}
	expectGet(t, db.Get, "a", "1", true)

	// Hysteresis: back above the reserve but below reserve + 1/4 is still full.
	fs.avail.Store(18 * mib)
	time.Sleep(50 * time.Millisecond) // ten measurements
	if !db.Stats().Space.Full {
		t.Fatal("guard left the full state below the resume threshold")
	}
	if err := commitSet(db, "x", "new"); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("commit in the hysteresis band: %v", err)
	}

	fs.avail.Store(21 * mib)
	waitUntil(t, "the guard accepts writes again", func() bool { return !db.Stats().Space.Full })
	if err := commitSet(db, "x", "new"); err != nil {
		t.Fatalf("commit after space came back: %v", err)
	}
	expectGet(t, db.Get, "x", "new", true)
}

// TestSpaceGuardEstimate: between two measurements, admitted commits use up
// the last measurement, so a burst cannot run through the reserve before the
// poller notices; the refusal triggers a fresh measurement at once. A refusal
// with plenty of space measured does not stop other writes; one within the
// hysteresis band (less than reserve + 1/4 available) does.
func TestSpaceGuardEstimate(t *testing.T) {
	const mib = 1 << 20
	fs := newSpaceFS(24*mib, 1000*mib)
	// No periodic measurement during the test: only the one at Open and
	// those a refusal asks for.
	db, _ := openTestDB(t, Options{Durability: Async, FS: fs, MinFreeBytes: 16 * mib, SpaceCheckInterval: time.Hour, AsyncSyncInterval: -1})

	val := strings.Repeat("v", 256<<10) // each commit costs ~512 KiB of the estimate
	admitted := 0
	var err error
	for i := 0; i < 100; i++ {
		if err = commitSet(db, string(rune('a'+i%26))+strings.Repeat("k", i), val); err != nil {
			break
		}
		admitted++
	}
	if !errors.Is(err, ErrDiskFull) {
		t.Fatalf("after %d commits: %v, want ErrDiskFull", admitted, err)
	}
	// 8 MiB of headroom at a little over 512 KiB per commit.
	if admitted < 13 || admitted > 16 {
		t.Fatalf("%d commits admitted into 8 MiB of headroom, want 15", admitted)
	}
	// The refusal asked for a measurement; the (unchanged) filesystem still
	// has 24 MiB, above reserve + 1/4, so the estimate is reset, the guard
	// is not full and writes go on.
	waitUntil(t, "a fresh measurement", func() bool { return db.Stats().Space.AvailableBytes == 24*mib })
	if db.Stats().Space.Full {
		t.Fatal("full after an estimate-only refusal with 24 MiB available")
	}
	if err := commitSet(db, "after", "1"); err != nil {
		t.Fatal(err)
	}
	// A single commit larger than the headroom is refused outright, and
	// with 18 MiB measured (in the hysteresis band) the guard becomes full.
	fs.avail.Store(18 * mib)
	if err := commitSet(db, "huge", strings.Repeat("h", 5<<20)); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("commit larger than the headroom: %v", err)
	}
	waitUntil(t, "full after a refusal in the band", func() bool { return db.Stats().Space.Full })
	if err := commitSet(db, "small", "1"); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("small commit while full: %v", err)
	}
}

// TestSpaceGuardConfig: 0 selects max(256 MiB, 1%) of the filesystem, a
// negative reserve disables the guard, and a store opened on a full disk
// refuses writes from its first commit.
func TestSpaceGuardConfig(t *testing.T) {
	const mib, gib = 1 << 20, 1 << 30
	for _, tc := range []struct {
		total uint64
		want  int64
	}{{100 * gib, gib}, {10 * gib, 256 * mib}} {
		fs := newSpaceFS(tc.total/2, tc.total)
		db, _ := openTestDB(t, Options{FS: fs})
		if got := db.Stats().Space.MinFreeBytes; got != tc.want {
			t.Errorf("default reserve on %d bytes: %d, want %d", tc.total, got, tc.want)
		}
	}

	fs := newSpaceFS(0, gib)
	off, _ := openTestDB(t, Options{FS: fs, MinFreeBytes: -1})
	if err := commitSet(off, "k", "v"); err != nil {
		t.Fatalf("guard disabled: %v", err)
	}
	if off.Stats().Space.Enabled {
		t.Fatal("disabled guard reports enabled")
	}

	on, _ := openTestDB(t, Options{FS: fs, MinFreeBytes: mib})
	if !on.Stats().Space.Full {
		t.Fatal("opened on a full disk but not full")
	}
	if err := commitSet(on, "k", "v"); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("first commit on a full disk: %v", err)
	}
}
