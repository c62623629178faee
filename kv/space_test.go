package kv

import (
	crand "crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cockroachdb/pebble"
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
	// A small memtable keeps what the guard counts as Pebble's pending
	// writes (one WAL preallocation, 110% of it) well inside the margins
	// below; TestSpaceGuardEstimate tests that accounting exactly.
	db, _ := openTestDB(t, Options{Durability: Sync, FS: fs, MinFreeBytes: 16 * mib, SpaceCheckInterval: 5 * time.Millisecond,
		MemTableBytes: 256 << 10})
	if p := db.Stats().Space.PendingBytes; p <= 0 || p > mib {
		t.Fatalf("pending writes on a fresh store: %d bytes, want one WAL preallocation", p)
	}

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

// fakePebble stands in for Pebble's metrics in tests of the guard alone.
type fakePebble struct {
	mu sync.Mutex
	m  pebbleSpace
}

func (f *fakePebble) get() pebbleSpace {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.m
}

func (f *fakePebble) set(m pebbleSpace) {
	f.mu.Lock()
	f.m = m
	f.mu.Unlock()
}

// TestSpaceGuardEstimate: the estimate is the measurement minus what Pebble
// will still write for data already admitted (unflushed memtables, commits
// not yet applied, compaction outputs in progress, the next WAL's
// preallocation when no WAL can be recycled), minus the charges made since:
// twice each admitted batch, a preallocation per WAL created, the inputs of
// each compaction begun. Charges made while a measurement is taken are
// carried over. A refusal asks for a measurement; one within the hysteresis
// band (less than reserve + 1/4 available) makes the guard full.
func TestSpaceGuardEstimate(t *testing.T) {
	const mib = 1 << 20
	fs := newSpaceFS(24*mib, 1000*mib)
	pb := &fakePebble{m: pebbleSpace{recycledWALs: 1}}
	// Not started: the test measures when it wants (g.measure), with no
	// poller racing it.
	g, err := newSpaceGuard(fs, t.TempDir(), 16*mib, time.Hour, quietLogger(), nil, mib)
	if err != nil {
		t.Fatal(err)
	}
	g.pebble = pb.get
	g.measure()
	kicked := func() bool {
		select {
		case <-g.kickCh:
			return true
		default:
			return false
		}
	}
	want := func(what string, avail, pending int64) {
		t.Helper()
		if s := g.stats(); s.AvailableBytes != avail || s.PendingBytes != pending {
			t.Fatalf("%s: available %d, pending %d; want %d, %d", what, s.AvailableBytes, s.PendingBytes, avail, pending)
		}
	}
	want("measured", 24*mib, 0)

	// 8 MiB above the reserve at 512 KiB a commit: 16 commits, then a
	// refusal that asks for a measurement.
	admitted := 0
	for {
		cost, err := g.admit(256<<10, false)
		if err != nil {
			if !errors.Is(err, ErrDiskFull) {
				t.Fatal(err)
			}
			break
		}
		g.applied(cost)
		admitted++
	}
	if admitted != 16 || !kicked() {
		t.Fatalf("%d commits admitted into 8 MiB of headroom (want 16), kicked %v", admitted, kicked())
	}
	g.measure()
	want("after the refusal, unchanged filesystem", 24*mib, 0)
	if g.stats().Full {
		t.Fatal("full after an estimate-only refusal with 24 MiB available")
	}

	// Pebble's pending writes: unflushed memtables, the next WAL when none
	// can be recycled, the rest of compactions' outputs.
	pb.set(pebbleSpace{unflushed: 3 * mib})
	g.measure()
	want("unflushed, no recycled WAL", 20*mib, 4*mib)
	l := g.eventListener()
	l.WALCreated(pebble.WALCreateInfo{})
	want("WAL created", 19*mib, 4*mib)
	l.CompactionBegin(pebble.CompactionInfo{Input: []pebble.LevelInfo{
		{Level: 0, Tables: []pebble.TableInfo{{Size: mib}, {Size: mib}}},
		{Level: 6, Tables: []pebble.TableInfo{{Size: mib}}},
	}})
	want("compaction begun", 16*mib, 4*mib)
	pb.set(pebbleSpace{unflushed: 3 * mib, compactionWritten: mib, recycledWALs: 1})
	g.measure()
	want("compaction one third written", 19*mib, 5*mib)
	l.CompactionEnd(pebble.CompactionInfo{Input: []pebble.LevelInfo{
		{Level: 0, Tables: []pebble.TableInfo{{Size: mib}, {Size: mib}}},
		{Level: 6, Tables: []pebble.TableInfo{{Size: mib}}},
	}})
	if !kicked() {
		t.Fatal("the end of a compaction did not ask for a measurement")
	}
	pb.set(pebbleSpace{recycledWALs: 1})
	g.measure()
	want("compaction ended, memtables flushed", 24*mib, 0)

	// A commit admitted but not yet in Pebble's metrics is pending.
	cost, err := g.admit(mib, false)
	if err != nil {
		t.Fatal(err)
	}
	g.measure()
	want("admitted, not applied", 22*mib, 2*mib)
	g.applied(cost)
	g.measure()
	want("applied", 24*mib, 0)

	// A charge made while a measurement is taken is carried over.
	spent := g.spent.Load()
	g.charge(3 * mib)
	du, _ := fs.GetDiskUsage("")
	g.update(du, false, 0, spent)
	want("charge during a measurement", 21*mib, 0)
	g.measure()

	// A single commit larger than the headroom is refused outright, and
	// with 18 MiB measured (in the hysteresis band) the guard becomes full.
	fs.avail.Store(18 * mib)
	if _, err := g.admit(5<<20, false); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("commit larger than the headroom: %v", err)
	}
	g.measure()
	if !g.stats().Full {
		t.Fatal("not full after a refusal in the band")
	}
	if _, err := g.admit(1, false); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("small commit while full: %v", err)
	}
	// Pending writes keep it full: 21 MiB measured, 2 MiB unflushed.
	fs.avail.Store(21 * mib)
	pb.set(pebbleSpace{unflushed: 2 * mib, recycledWALs: 1})
	g.measure()
	if !g.stats().Full {
		t.Fatal("left the full state with 19 MiB available once pending writes are counted")
	}
	pb.set(pebbleSpace{recycledWALs: 1})
	g.measure()
	if g.stats().Full {
		t.Fatal("still full with 21 MiB available and nothing pending")
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

// blocksFS is a filesystem of a fixed capacity whose used space is the
// blocks the store's files really occupy (st_blocks, which counts Pebble's
// WAL preallocation): Pebble's own writes use it up, as on a small disk,
// without needing root to mount one.
type blocksFS struct {
	vfs.FS
	dir      string
	capacity int64
}

func (f *blocksFS) used() int64 {
	var n int64
	_ = filepath.WalkDir(f.dir, func(_ string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok {
				n += st.Blocks * 512
			}
		}
		return nil
	})
	return n
}

func (f *blocksFS) GetDiskUsage(string) (vfs.DiskUsage, error) {
	u := f.used()
	return vfs.DiskUsage{AvailBytes: uint64(max(f.capacity-u, 0)), TotalBytes: uint64(f.capacity), UsedBytes: uint64(u)}, nil
}

// TestSpaceGuardFastWriters: writers that commit as fast as they can on a
// filling filesystem are stopped before Pebble's own writes (WAL
// preallocation at each memtable rotation, flushes of memtables admitted
// before the last measurement, compaction outputs) eat into the reserve. A
// sampler measures the free space every millisecond; the least it sees must
// leave at least half the reserve.
func TestSpaceGuardFastWriters(t *testing.T) {
	const mib = 1 << 20
	const reserve = 16 * mib
	dir := t.TempDir()
	fs := &blocksFS{FS: vfs.Default, dir: dir, capacity: reserve + 24*mib}
	db, err := Open(dir, Options{Durability: Async, AsyncSyncInterval: -1, FS: fs, MinFreeBytes: reserve,
		Logger: quietLogger(), CacheBytes: 8 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	var minFree atomic.Int64
	minFree.Store(fs.capacity)
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if free := fs.capacity - fs.used(); free < minFree.Load() {
				minFree.Store(free)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()

	const writers = 8
	var wg sync.WaitGroup
	var admitted atomic.Int64
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			val := make([]byte, 3000)
			var refusedSince time.Time
			for i := 0; ; i++ {
				tx := db.Begin()
				for r := range 4 {
					_, _ = crand.Read(val)
					tx.Set(fmt.Appendf(nil, "w%d/%08d/%d", w, i, r), val)
				}
				err := tx.Commit()
				switch {
				case err == nil:
					admitted.Add(1)
					refusedSince = time.Time{}
					continue
				case !errors.Is(err, ErrDiskFull):
					errs <- err
					return
				case refusedSince.IsZero():
					refusedSince = time.Now()
				case time.Since(refusedSince) > time.Second:
					return
				}
				time.Sleep(time.Millisecond)
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("%d commits admitted; least free space seen %.1f MiB (reserve %d MiB), %.1f MiB at the end",
		admitted.Load(), float64(minFree.Load())/mib, reserve/mib, float64(fs.capacity-fs.used())/mib)
	if minFree.Load() < reserve/2 {
		t.Fatalf("free space fell to %d bytes: the reserve was used", minFree.Load())
	}
}
