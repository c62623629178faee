package kv

// DiskUsage estimates the bytes the sstables holding keys in [lo, hi) take
// on disk (Pebble's EstimateDiskUsage: whole files inside the span count
// fully, files overlapping it in part by their data blocks; keys still in
// the memtable count nothing until it is flushed).
func (db *DB) DiskUsage(lo, hi []byte) (uint64, error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return 0, ErrClosed
	}
	return db.pdb.EstimateDiskUsage(lo, hi)
}
