package kv

// CompactionDebt is Pebble's estimate of the bytes compactions must
// rewrite before the LSM's shape is stable again, and the number of L0
// sublevels (how many files a read of a key in L0 may have to look at).
// Bulk writers (an index build's backfill) pace themselves on it: what
// they write costs the foreground twice, once when written and again
// when compacted, and the second part lands after the writer if nothing
// holds it back. It takes Pebble's DB mutex briefly: call it a few times
// a second at most.
func (db *DB) CompactionDebt() (debt uint64, l0Sublevels int) {
	m := db.pdb.Metrics()
	return m.Compact.EstimatedDebt, int(m.Levels[0].Sublevels)
}
