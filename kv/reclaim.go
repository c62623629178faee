package kv

import (
	"sync"
	"time"
)

// reclaimDelay is how long after a committed range deletion (DROP TABLE,
// DROP DATABASE, TRUNCATE) the memtable is flushed. Pebble drops the
// sstables a range tombstone covers entirely (a delete-only compaction,
// no rewrite) only once the tombstone is in an sstable, and a memtable
// holding a few deletes may otherwise stay unflushed for hours: dropped
// tables' space would come back only after the next 64 MiB of writes.
// Batching drops that arrive together into one flush keeps a teardown of
// many schemas from producing a flush per DROP.
const reclaimDelay = 2 * time.Second

type reclaimer struct {
	mu      sync.Mutex
	pending *time.Timer
	flushes uint64
}

// noteRangeDelete schedules a flush unless one is already pending.
func (db *DB) noteRangeDelete() {
	db.reclaim.mu.Lock()
	defer db.reclaim.mu.Unlock()
	if db.reclaim.pending != nil {
		return
	}
	db.reclaim.pending = time.AfterFunc(reclaimDelay, db.flushForReclaim)
}

func (db *DB) flushForReclaim() {
	db.reclaim.mu.Lock()
	db.reclaim.pending = nil
	db.reclaim.flushes++
	db.reclaim.mu.Unlock()
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return
	}
	if _, err := db.pdb.AsyncFlush(); err != nil {
		db.log.Warn("flush after drop", "err", err)
	}
}

// stopReclaim cancels a pending flush (Close).
func (db *DB) stopReclaim() {
	db.reclaim.mu.Lock()
	if db.reclaim.pending != nil {
		db.reclaim.pending.Stop()
		db.reclaim.pending = nil
	}
	db.reclaim.mu.Unlock()
}
