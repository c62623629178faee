package kv

import "time"

// WriteWork is the time Pebble has spent in compactions and memtable
// flushes since the store opened, and the bytes written to its WAL: what
// every write costs after it commits. A bulk writer that counts the bytes
// it wrote takes its share of that time (the index build's backfill
// throttle charges itself for the compactions of what it wrote, which run
// after the writes and which no pause of the writer alone stops). Takes
// Pebble's DB mutex briefly, like CompactionDebt: a few calls a second.
func (db *DB) WriteWork() (work time.Duration, walBytes uint64) {
	m := db.pdb.Metrics()
	return m.Compact.Duration + m.Flush.WriteThroughput.WorkDuration, m.WAL.BytesIn
}
