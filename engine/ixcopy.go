package engine

import (
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/myriaddb/myriad/kv"
)

// The backfill of an index build reads the table from a read copy
// (kv.ReadCopy: a checkpoint of the table's span opened as a second,
// read-only Pebble with a block cache of its own) rather than from the
// store. A scan of the store reads every block of the table through the
// server's block cache: it evicted the tenants' hot blocks, and with glibc
// malloc the cache's churn left hundreds of MB of freed blocks held by the
// process (docs/BENCHMARKS.md, mem13 and mem13b). The copy's blocks come
// through the OS page cache instead.
//
// A batch read from the copy commits only if no row of its key range
// changed since the copy was taken (Txn.CheckRangeSince); otherwise it is
// redone from the store, exactly as a batch without a copy. Writers keep
// changing rows, so a copy is replaced after copyMinAge once a batch had
// to be redone, and after copyMaxAge in any case: that bounds the keys
// its watch keeps and the tables compacted away that its hard links keep
// on disk; each copy costs a memtable flush, which the age also spaces
// (and which waits for a flush already running: kv.DB.NewReadCopy).
// A copy that cannot be taken (disk, a read-only store) only costs the
// cache: the build reads the store.

// ReadCopyRowsVar is the size, in rows (the table's counter), from which
// a build reads a copy: taking one flushes the memtables, which a small
// table's scan is not worth. 0: every build reads one.
const ReadCopyRowsVar = "myriad_ddl_read_copy_rows"

// DefaultReadCopyRows is ReadCopyRowsVar's default: a 100,000-row table
// of sysbench's shape is ~23 MB, 2% of the default block cache.
const DefaultReadCopyRows = 100_000

// copyCounts: read copies taken, batches committed from one, batches
// redone from the store (since the process started).
var copyCounts struct{ copies, fromCopy, redone atomic.Int64 }

// BackfillCopyCounts reports copyCounts (tests, and the figures behind
// docs/BENCHMARKS.md's mem13b).
func BackfillCopyCounts() (copies, fromCopy, redone int64) {
	return copyCounts.copies.Load(), copyCounts.fromCopy.Load(), copyCounts.redone.Load()
}

const (
	copyMaxAge = 30 * time.Second
	copyMinAge = time.Second
)

// readCopy is the copy the next batch reads from [cursor, hi), taking a
// new one when there is none or the current one is too old; nil: read
// the store.
func (b *build) readCopy(cursor, hi []byte) *kv.ReadCopy {
	if !b.useCopy {
		return nil
	}
	if b.rc != nil {
		age := b.rc.Age()
		if age < copyMaxAge && (!b.rcMissed || age < copyMinAge) {
			return b.rc
		}
		b.closeCopy()
	}
	c, err := b.e.db.NewReadCopy(cursor, hi)
	if err != nil {
		slog.Warn("index build reads the store: no read copy", "job", b.job.ID, "table", b.job.Table, "err", err)
		b.useCopy = false
		return nil
	}
	copyCounts.copies.Add(1)
	slog.Debug("index build: read copy taken", "job", b.job.ID, "waited_for_flush", c.FlushWait())
	b.rc, b.rcMissed = c, false
	return c
}

// copyMissed notes that a batch from the copy was redone from the store.
func (b *build) copyMissed() {
	copyCounts.redone.Add(1)
	b.rcMissed = true
}

func (b *build) closeCopy() {
	if b.rc == nil {
		return
	}
	if err := b.rc.Close(); err != nil {
		slog.Warn("index build: closing its read copy", "job", b.job.ID, "err", err)
	}
	b.rc = nil
}
