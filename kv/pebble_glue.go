package kv

import (
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"

	"github.com/cockroachdb/pebble"
	"github.com/cockroachdb/pebble/vfs"
)

// pebbleLogger routes Pebble's logging to slog.
type pebbleLogger struct{ l *slog.Logger }

func (p pebbleLogger) Infof(format string, args ...any) {
	p.l.Info(strings.TrimSpace(fmt.Sprintf(format, args...)))
}

func (p pebbleLogger) Errorf(format string, args ...any) {
	p.l.Error(strings.TrimSpace(fmt.Sprintf(format, args...)))
}

// Fatalf is called by Pebble when it cannot continue (commit pipeline
// error, MANIFEST write failure, invariant violation). Pebble assumes it does
// not return; its default implementation calls os.Exit(1). kv logs the
// message and panics with a *fatalError instead: on the commit path
// (DB.applyToPebble) that panic is recovered and turned into the sticky
// ErrWriteFailed; anywhere else (Pebble's background goroutines) it crashes
// the process like Pebble intended, but with a stack trace.
func (p pebbleLogger) Fatalf(format string, args ...any) {
	msg := strings.TrimSpace(fmt.Sprintf(format, args...))
	p.l.Error("pebble fatal error", "msg", msg)
	fe := &fatalError{msg: msg}
	for _, a := range args {
		if err, ok := a.(error); ok {
			fe.cause = err
			break
		}
	}
	panic(fe)
}

// fatalError is the panic value of pebbleLogger.Fatalf. It wraps the first
// error argument, so errors.Is still sees e.g. ENOSPC.
type fatalError struct {
	msg   string
	cause error
}

func (e *fatalError) Error() string { return "pebble fatal: " + e.msg }
func (e *fatalError) Unwrap() error { return e.cause }

func (db *DB) eventListener() *pebble.EventListener {
	l := db.opts.Logger.With("component", "pebble")
	return &pebble.EventListener{
		BackgroundError: func(err error) {
			l.Error("background error (will be retried)", "err", err)
		},
		WriteStallBegin: func(info pebble.WriteStallBeginInfo) {
			l.Warn("write stall begin", "reason", info.Reason)
		},
		WriteStallEnd: func() {
			l.Warn("write stall end")
		},
		FlushBegin: func(pebble.FlushInfo) { db.uf.flushBegin() },
		FlushEnd: func(info pebble.FlushInfo) {
			db.uf.flushEnd(info)
			db.flushed()
		},
		DiskSlow: func(info pebble.DiskSlowInfo) {
			l.Warn("disk slow", "path", info.Path, "op", info.OpType.String(), "duration", info.Duration)
		},
	}
}

// walSyncCountingFS wraps the FS given to Pebble to count fsyncs of WAL
// files (names ending in .log), which is how Stats.WALSyncs shows group
// commit at work, and to keep read copies free of WAL (see Create).
type walSyncCountingFS struct {
	vfs.FS
	n *atomic.Uint64
	// copyRoot is DB.readCopyRoot plus a separator ("" for none).
	copyRoot string
}

func (fs *walSyncCountingFS) wrap(name string, f vfs.File, err error, written int64) (vfs.File, error) {
	if err != nil || !strings.HasSuffix(name, ".log") {
		return f, err
	}
	return &walFile{File: f, n: fs.n, filled: written}, nil
}

// Create leaves a WAL file that a checkpoint copies into a read copy
// empty. Pebble's checkpoint copies every live WAL whole (vfs.Copy), and
// a recycled WAL is as long as its previous life: ~58 MB written (and
// put in the page cache) per copy of a 10M-row build for a few bytes of
// records (docs/BENCHMARKS.md, ixmem20). A read copy needs none of them:
// NewReadCopy registers its watch, then flushes, then checkpoints, so
// every record in the copied WAL is a commit applied after the flush
// rotated the memtable, hence after the watch was registered, and
// CheckRangeSince reports it as a change anyway (its contract lets a
// racing commit be missing from the copy). Every commit that returned
// before NewReadCopy is in the flushed SSTables.
func (fs *walSyncCountingFS) Create(name string) (vfs.File, error) {
	f, err := fs.FS.Create(name)
	if err == nil && fs.copyRoot != "" && strings.HasSuffix(name, ".log") && strings.HasPrefix(name, fs.copyRoot) {
		return discardWrites{File: f}, nil
	}
	return fs.wrap(name, f, err, 0)
}

// discardWrites is a file that stays empty whatever is written to it.
type discardWrites struct{ vfs.File }

func (discardWrites) Write(p []byte) (int, error) { return len(p), nil }

func (discardWrites) WriteAt(p []byte, _ int64) (int, error) { return len(p), nil }

func (fs *walSyncCountingFS) ReuseForWrite(oldname, newname string) (vfs.File, error) {
	f, err := fs.FS.ReuseForWrite(oldname, newname)
	var size int64
	if err == nil {
		// A recycled WAL is written up to its previous life's length.
		if fi, serr := f.Stat(); serr == nil {
			size = fi.Size()
		}
	}
	return fs.wrap(newname, f, err, size)
}

// walFile counts a WAL's fsyncs and keeps its writes inside blocks that
// are already written: ahead of the records it writes zeros, walZeroChunk
// at a time. fdatasync of a write that extends the file (or fills a block
// Pebble's fallocate(KEEP_SIZE) left unwritten) must commit the inode too,
// an ext4 journal commit per COMMIT: 87 us a sync against MariaDB's 28 us
// on its pre-written redo log, measured with strace on sysbench
// oltp_insert at 1 thread (docs/BENCHMARKS.md, lead21). Pebble recycles
// WAL files for the same reason, but a new store and every restart start
// on a fresh WAL, and the first memtable's worth of commits paid the
// journal. Zeros after the last record are what Pebble's reader already
// takes for the end of a preallocated or recycled WAL (record.ErrZeroedChunk
// ends the replay of the last WAL; a WAL Pebble rotated away from ends in
// an EOF trailer written and synced before the next WAL is used).
type walFile struct {
	vfs.File
	n *atomic.Uint64
	// off is where the next record goes (Pebble writes a WAL sequentially
	// from one goroutine) and filled the end of what is written (records
	// or zeros); noFill turns the zeros off after a failed WriteAt (an FS
	// without it, or a full disk: the record's own Write reports that).
	off, filled int64
	noFill      bool
}

const walZeroChunk = 1 << 20

var walZeros = make([]byte, walZeroChunk)

func (f *walFile) Write(p []byte) (int, error) {
	if end := f.off + int64(len(p)); end > f.filled && !f.noFill {
		// Fill up to a chunk past the record, starting at the record
		// itself so that nothing already written is overwritten by zeros.
		from := max(f.off, f.filled)
		to := (end/walZeroChunk + 2) * walZeroChunk
		for from < to {
			n := min(to-from, walZeroChunk)
			if _, err := f.File.WriteAt(walZeros[:n], from); err != nil {
				f.noFill = true
				break
			}
			from += n
		}
		f.filled = from
	}
	n, err := f.File.Write(p)
	f.off += int64(n)
	return n, err
}

func (f *walFile) Sync() error {
	f.n.Add(1)
	return f.File.Sync()
}

func (f *walFile) SyncData() error {
	f.n.Add(1)
	return f.File.SyncData()
}
