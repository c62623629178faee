package kv

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/vfs"
)

func readAll(t *testing.T, c *ReadCopy, lo, hi string) []string {
	t.Helper()
	it, err := c.NewIter([]byte(lo), []byte(hi))
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	var out []string
	for ok := it.First(); ok; ok = it.Next() {
		out = append(out, string(it.Key())+"="+string(it.Value()))
	}
	if err := it.Error(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The copy shows the span as of its taking, whatever is committed after.
func TestReadCopyPointInTime(t *testing.T) {
	db, dir := openTestDB(t, Options{})
	put(t, db, "a1", "x", "a2", "y", "b1", "z")
	c, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, db, "a1", "changed", "a3", "new")
	if got := fmt.Sprint(readAll(t, c, "a", "b")); got != "[a1=x a2=y]" {
		t.Fatalf("copy = %s", got)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.dir); !os.IsNotExist(err) {
		t.Fatalf("copy's directory left after Close: %v", err)
	}
	// Stale copies of a previous process are removed at Open.
	c2, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	_ = c2.pdb.Close() // as if the process died: files left behind
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(dir, Options{Logger: quietLogger(), CacheBytes: 8 << 20, MemTableBytes: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if _, err := os.Stat(db2.readCopyRoot()); !os.IsNotExist(err) {
		t.Fatalf("stale read copies left at Open: %v", err)
	}
}

// CheckRangeSince fails a commit when the range changed after the copy,
// however long before the Txn itself started, and only then.
func TestReadCopyCheckRangeSince(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "a1", "x", "b1", "z")
	c, err := db.NewReadCopy([]byte("a"), []byte("k"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	put(t, db, "b1", "changed") // after the copy, before the Txns below
	// One commit with keys on both sides of [a, b) and none in it.
	put(t, db, "0", "x", "b2", "y", "c", "z")

	cases := []struct {
		lo, hi string
		want   error
	}{
		{"a", "b", nil},         // nothing changed in [a, b)
		{"b", "c", ErrConflict}, // b1 changed after the copy
		{"a", "c", ErrConflict},
		{"b2", "b3", ErrConflict}, // the middle key of a commit
		{"b11", "b2", nil},        // between a commit's keys
		{"c", "d", ErrConflict},   // its last key
		{"j", "k", nil},           // past every key written
	}
	for _, tc := range cases {
		tx := db.Begin()
		tx.CheckRangeSince(c, []byte(tc.lo), []byte(tc.hi))
		tx.Set([]byte("0/"+tc.lo), nil)
		if err := tx.Commit(); err != tc.want {
			t.Errorf("[%s, %s): commit = %v, want %v", tc.lo, tc.hi, err, tc.want)
		}
	}
	// A change committed while the Txn is open is caught as well.
	tx := db.Begin()
	tx.CheckRangeSince(c, []byte("a"), []byte("b"))
	tx.Set([]byte("0/x"), nil)
	put(t, db, "a2", "new")
	if err := tx.Commit(); err != ErrConflict {
		t.Fatalf("commit after a write in the range = %v, want ErrConflict", err)
	}
	// The copy keeps nothing in the conflict tracker: with no Txn open,
	// commits outside its span leave it empty.
	for i := 0; i < 100; i++ {
		put(t, db, fmt.Sprintf("z%03d", i), "v")
	}
	if n := db.Stats().TrackedKeys; n != 0 {
		t.Fatalf("the tracker holds %d keys while only a read copy is open", n)
	}
}

// A watch that saw more than it keeps fails every check.
func TestReadCopyWatchOverflow(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	c, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tx := db.Begin()
	for i := 0; i <= maxWatchKeys; i++ {
		tx.Set([]byte(fmt.Sprintf("a%07d", i)), nil)
	}
	mustCommit(t, tx)
	tx = db.Begin()
	tx.CheckRangeSince(c, []byte("a9"), []byte("b")) // nothing was written there
	tx.Set([]byte("x"), nil)
	if err := tx.Commit(); err != ErrConflict {
		t.Fatalf("commit checking an overflowed watch = %v, want ErrConflict", err)
	}
}

// Scanning the copy does not touch the store's block cache.
func TestReadCopyLeavesTheBlockCache(t *testing.T) {
	db, _ := openTestDB(t, Options{CacheBytes: 64 << 20, MemTableBytes: 4 << 20})
	val := make([]byte, 200)
	for i := 0; i < 20000; i += 1000 {
		tx := db.Begin()
		for j := i; j < i+1000; j++ {
			tx.Set([]byte(fmt.Sprintf("r%06d", j)), val)
		}
		mustCommit(t, tx)
	}
	c, err := db.NewReadCopy([]byte("r"), []byte("s"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	before := db.pdb.Metrics().BlockCache
	if n := len(readAll(t, c, "r", "s")); n != 20000 {
		t.Fatalf("copy has %d rows, want 20000", n)
	}
	after := db.pdb.Metrics().BlockCache
	if after.Size != before.Size || after.Hits != before.Hits || after.Misses != before.Misses {
		t.Fatalf("scanning the copy used the store's cache: %+v -> %+v", before, after)
	}
	// The same scan of the store itself does fill it (the test can fail).
	it, err := db.NewIter([]byte("r"), []byte("s"))
	if err != nil {
		t.Fatal(err)
	}
	for ok := it.First(); ok; ok = it.Next() {
	}
	it.Close()
	if live := db.pdb.Metrics().BlockCache; live.Misses == after.Misses {
		t.Fatalf("a scan of the store did not read through its cache: %+v", live)
	}
}

// gateFS holds every creation of an sstable (a flush's or compaction's
// output) while armed, so a flush can be caught in progress.
type gateFS struct {
	vfs.FS
	armed atomic.Bool
	hit   chan struct{} // receives once an sstable creation is held
	open  chan struct{} // closed to let held creations go on
}

func (fs *gateFS) Create(name string) (vfs.File, error) {
	if fs.armed.Load() && strings.HasSuffix(name, ".sst") {
		select {
		case fs.hit <- struct{}{}:
		default:
		}
		<-fs.open
	}
	return fs.FS.Create(name)
}

// A copy taken while an earlier flush is still running waits for it
// before forcing its own: forcing at once rotates the live memtable and
// makes three memtables alive (the peak of docs/BENCHMARKS.md mem13b).
// What the copy holds is unchanged by the wait.
func TestReadCopyWaitsForRunningFlush(t *testing.T) {
	fs := &gateFS{FS: vfs.Default, hit: make(chan struct{}, 1), open: make(chan struct{})}
	db, _ := openTestDB(t, Options{FS: fs})
	put(t, db, "a1", "x", "z1", "other")
	fs.armed.Store(true)
	released := false
	release := func() {
		if !released {
			released = true
			fs.armed.Store(false)
			close(fs.open)
		}
	}
	defer release()
	if _, err := db.pdb.AsyncFlush(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-fs.hit:
	case <-time.After(10 * time.Second):
		t.Fatal("the flush never created its sstable")
	}
	// The flushing memtable and the live one.
	if n := db.pdb.Metrics().MemTable.Count; n != 2 {
		t.Fatalf("memtables while a flush runs = %d, want 2", n)
	}
	put(t, db, "a2", "y")
	type result struct {
		c   *ReadCopy
		err error
	}
	done := make(chan result, 1)
	go func() {
		c, err := db.NewReadCopy([]byte("a"), []byte("b"))
		done <- result{c, err}
	}()
	// Until the copy waits for a flush to end (or, without the wait, has
	// rotated the memtable), then a little longer.
	waiting := func() bool {
		db.uf.mu.Lock()
		defer db.uf.mu.Unlock()
		return db.uf.ended != nil
	}
	for start := time.Now(); !waiting() && db.pdb.Metrics().MemTable.Count == 2 && time.Since(start) < 10*time.Second; {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	if n := db.pdb.Metrics().MemTable.Count; n != 2 {
		t.Fatalf("memtables while the copy waits = %d, want 2 (the copy flushed during the running flush)", n)
	}
	select {
	case r := <-done:
		t.Fatalf("copy taken while the earlier flush was held: %v", r.err)
	default:
	}
	release()
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("copy not taken after the flush ended")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	defer r.c.Close()
	if r.c.FlushWait() < 100*time.Millisecond {
		t.Fatalf("FlushWait = %v, want the time the flush was held", r.c.FlushWait())
	}
	put(t, db, "a3", "after")
	if got := fmt.Sprint(readAll(t, r.c, "a", "b")); got != "[a1=x a2=y]" {
		t.Fatalf("copy = %s", got)
	}
}

// A read copy holds no WAL bytes: everything it must show is in the
// flushed tables (Pebble's checkpoint would copy each live WAL whole,
// recycled tail included).
func TestReadCopyCopiesNoWAL(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	for i := 0; i < 3; i++ {
		put(t, db, "a1", fmt.Sprint("v", i), "b1", "z")
		if err := db.pdb.Flush(); err != nil { // rotates, so WALs get recycled
			t.Fatal(err)
		}
	}
	put(t, db, "a2", "unflushed", "b2", "z")
	c, err := db.NewReadCopy([]byte("a"), []byte("b"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	put(t, db, "a3", "after")
	if got := fmt.Sprint(readAll(t, c, "a", "b")); got != "[a1=v2 a2=unflushed]" {
		t.Fatalf("copy = %s", got)
	}
	ents, err := os.ReadDir(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	logs := 0
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".log") {
			continue
		}
		logs++
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() != 0 {
			t.Errorf("copy's %s holds %d bytes of WAL", e.Name(), fi.Size())
		}
	}
	if logs == 0 {
		t.Log("checkpoint copied no WAL file")
	}
}
