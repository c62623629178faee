package kv

import (
	"fmt"

	"github.com/cockroachdb/pebble"
)

// Checkpoint writes a consistent point-in-time copy of the whole store into
// dir, which must not exist yet. SSTables are hard-linked where the filesystem
// allows; the WAL is flushed and synced first (WithFlushedWAL) so every commit
// that returned before the call — including ones acknowledged under Async
// durability or inside a group-commit window and not yet fsynced — is in the
// copy. Commits racing with the call are either wholly in it or wholly out:
// Pebble applies a batch atomically and the checkpoint cuts the WAL at a batch
// boundary.
func (db *DB) Checkpoint(dir string) error {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return ErrClosed
	}
	if err := db.pdb.Checkpoint(dir, pebble.WithFlushedWAL()); err != nil {
		return fmt.Errorf("kv: checkpoint %s: %w", dir, err)
	}
	return nil
}
