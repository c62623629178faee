package kv

import (
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble"
)

// Flushing the memtable when iterators pay for its old versions.
//
// Pebble keeps every version of a key in the memtable until the memtable
// is flushed; only the flush (and compactions) drop the versions no open
// snapshot can see. An iterator steps over all of them: Iterator.Next walks
// the memtable's older versions of the key it leaves. Under sysbench's
// default key distribution (75% of the accesses on 1% of the rows) the hot
// rows' versions pile up in a 64 MiB memtable for minutes, and a range scan
// over them walks thousands of internal entries for 100 rows. Measured
// (sysbench oltp_read_write, 4 threads, 200,000 rows, nothing else
// running on the server): throughput fell from 230 to 66 transactions/s
// over 4 minutes, the memtable's skiplist Next growing from 5% to 47% of
// the server's CPU; with an 8 MiB memtable it stayed at 160-170 tps. Every
// benchmark window that comes later in a run (an index build's "during")
// was measured against a server slower than in its "before".
//
// So the store watches the waste instead of shrinking the memtable (which
// would cost write amplification on loads that do not overwrite): each
// iterator adds, when it closes, the internal steps it took beyond the
// keys it returned (Pebble's own iterator stats); once that excess passes
// versionFlushSteps since the last flush, the memtable is flushed in the
// background — at most every versionFlushInterval, and only when at least
// versionFlushMinWAL bytes were written since the last flush (otherwise
// the versions are in sstables, where compactions drop them, and a flush
// would only add a tiny L0 file).
const (
	// versionFlushSteps: ~50-100 ms of CPU stepping over dead versions
	// (cache-missing skiplist nodes), the order of a flush's own cost.
	versionFlushSteps    = 1 << 20
	versionFlushMinWAL   = 1 << 20
	versionFlushInterval = 2 * time.Second
)

// versionWaste is the state of the flush-on-waste policy.
type versionWaste struct {
	excess   atomic.Int64  // internal steps beyond returned keys since the last flush
	flushing atomic.Bool   // a check or flush goroutine is running
	last     atomic.Int64  // UnixNano of the last flush (any cause)
	walAt    atomic.Uint64 // WAL bytes in at the last flush this policy made or saw
	flushes  atomic.Uint64 // flushes this policy asked for
}

// noteIterSteps records what a closing iterator stepped over.
func (db *DB) noteIterSteps(st *pebble.IteratorStats) {
	internal := st.ForwardStepCount[pebble.InternalIterCall] + st.ReverseStepCount[pebble.InternalIterCall]
	visible := st.ForwardStepCount[pebble.InterfaceCall] + st.ReverseStepCount[pebble.InterfaceCall]
	waste := int64(internal - visible)
	if waste <= 0 {
		return
	}
	if db.vw.excess.Add(waste) < versionFlushSteps {
		return
	}
	if time.Since(time.Unix(0, db.vw.last.Load())) < versionFlushInterval {
		return
	}
	if !db.vw.flushing.CompareAndSwap(false, true) {
		return
	}
	// Not inline: the iterator may be closing under closeMu (a Txn's end
	// closes its iterators), and AsyncFlush waits for Pebble's commit
	// mutex.
	go db.flushWaste()
}

func (db *DB) flushWaste() {
	defer db.vw.flushing.Store(false)
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() || db.opts.ReadOnly {
		return
	}
	wal := db.pdb.Metrics().WAL.BytesIn
	now := time.Now()
	db.vw.last.Store(now.UnixNano())
	db.vw.excess.Store(0)
	if wal-db.vw.walAt.Load() < versionFlushMinWAL {
		return
	}
	db.vw.walAt.Store(wal)
	if _, err := db.pdb.AsyncFlush(); err != nil {
		db.log.Warn("flush of old versions", "err", err)
		return
	}
	db.vw.flushes.Add(1)
	db.log.Debug("memtable flushed: iterators stepped over old versions")
}

// flushed is called when any memtable flush ends: the versions it held
// are gone (or pinned by snapshots, which a flush cannot help).
func (db *DB) flushed() {
	db.vw.excess.Store(0)
	db.vw.last.Store(time.Now().UnixNano())
}

// VersionFlushes is how many memtable flushes iterators' stepping over old
// versions asked for so far.
func (db *DB) VersionFlushes() uint64 { return db.vw.flushes.Load() }
