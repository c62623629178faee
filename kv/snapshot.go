package kv

import "github.com/cockroachdb/pebble"

// Snapshot is a read-only view of the store at the moment it was taken.
// Unlike a Txn it takes no part in conflict detection: it holds no start
// version, so keeping one open for minutes (a tenant move keeps its export's
// snapshot until the catch-up) pins old versions against compaction but no
// write sets in memory. Close it when done.
type Snapshot struct {
	db   *DB
	snap *pebble.Snapshot
}

// NewSnapshot takes a snapshot of everything committed so far.
func (db *DB) NewSnapshot() (*Snapshot, error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	return &Snapshot{db: db, snap: db.pdb.NewSnapshot()}, nil
}

// Get reads key as of the snapshot; the slice is a copy.
func (s *Snapshot) Get(key []byte) ([]byte, bool, error) {
	s.db.closeMu.RLock()
	defer s.db.closeMu.RUnlock()
	if s.db.closed.Load() || s.snap == nil {
		return nil, false, ErrClosed
	}
	return getCopy(s.snap, key)
}

// NewIter iterates [lower, upper) as of the snapshot.
func (s *Snapshot) NewIter(lower, upper []byte) (*Iter, error) {
	s.db.closeMu.RLock()
	defer s.db.closeMu.RUnlock()
	if s.db.closed.Load() || s.snap == nil {
		return nil, ErrClosed
	}
	return newIter(s.db, s.snap, layers{}, nil, lower, upper)
}

// Close releases the snapshot (a no-op once the store is closed).
func (s *Snapshot) Close() {
	s.db.closeMu.RLock()
	defer s.db.closeMu.RUnlock()
	if s.snap != nil && !s.db.closed.Load() {
		_ = s.snap.Close()
	}
	s.snap = nil
}
