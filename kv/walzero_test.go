package kv

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/vfs"
)

// TestWALZeroTail: a WAL is written ahead with zeros (so a sync COMMIT's
// fdatasync finds its blocks written and the file's size unchanged), and
// a crash that keeps only what was synced loses no committed row, whether
// the WAL was new or recycled.
func TestWALZeroTail(t *testing.T) {
	fs := vfs.NewStrictMem()
	o := Options{Durability: Sync, FS: fs, Logger: quietLogger(), CacheBytes: 8 << 20, MemTableBytes: 4 << 20, MinFreeBytes: -1}
	// The store's directory must survive the crash itself.
	if err := fs.MkdirAll("/db", 0o755); err != nil {
		t.Fatal(err)
	}
	if root, err := fs.OpenDir("/"); err != nil || root.Sync() != nil {
		t.Fatal("sync /", err)
	}
	db, err := Open("/db", o)
	if err != nil {
		t.Fatal(err)
	}
	val := strings.Repeat("v", 900)
	n := 0
	write := func(k int) {
		for i := 0; i < k; i++ {
			put(t, db, fmt.Sprintf("k%06d", n), val)
			n++
		}
	}
	write(3000) // ~2.7 MB of WAL: crosses several zero chunks
	for i := 0; i < 3; i++ {
		if err := db.pdb.Flush(); err != nil { // rotates: later WALs are recycled
			t.Fatal(err)
		}
		write(500)
	}
	ls, err := fs.List("/db")
	if err != nil {
		t.Fatal(err)
	}
	logs := 0
	for _, name := range ls {
		if !strings.HasSuffix(name, ".log") {
			continue
		}
		logs++
		fi, err := fs.Stat("/db/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size()%walZeroChunk != 0 {
			t.Errorf("%s is %d bytes: not written ahead in %d-byte chunks", name, fi.Size(), walZeroChunk)
		}
	}
	if logs == 0 {
		t.Fatal("no WAL file")
	}
	// The crash: nothing after this is synced, then unsynced data is dropped.
	fs.SetIgnoreSyncs(true)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	fs.ResetToSyncedState()
	fs.SetIgnoreSyncs(false)
	db, err = Open("/db", o)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i := 0; i < n; i++ {
		k := fmt.Sprintf("k%06d", i)
		v, ok, err := db.Get([]byte(k))
		if err != nil || !ok || string(v) != val {
			t.Fatalf("after the crash %s: ok=%v err=%v (%d of %d rows committed)", k, ok, err, i, n)
		}
	}
	write(10) // and the reopened store takes commits
}
