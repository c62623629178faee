// Package kv owns Myriad's single Pebble LSM and the transactions on top of it.
//
// # What kv owns
//
//   - The one *pebble.DB of the server (Open/Close, cache, memtable and WAL
//     configuration, durability policy, Pebble's logging routed to log/slog).
//   - Transactions ([Txn]): snapshot isolation on Pebble snapshots, an ordered
//     in-memory write buffer with an undo log for savepoints, spilled to
//     sorted runs on disk when it grows large, a merged iterator over
//     buffer, runs and snapshot, and commit-time write-write conflict
//     detection (first committer wins, [ErrConflict]).
//   - The commit path: a monotonically increasing commit version, a bounded
//     conflict tracker, group commit (many committers share one WAL fsync) and
//     the non-transactional [DB.Apply] used by DDL.
//   - When the memtable is flushed early: once iterators have stepped over
//     enough old versions of keys in it (versions.go), which only a flush
//     drops.
//
// # What kv must never do
//
//   - Know anything about SQL, tables, rows, indexes or key layout. Keys and
//     values are opaque byte strings; ranges are [start, end) byte ranges.
//   - Hold a lock across an fsync. The commit mutex covers only the conflict
//     check, version assignment, tracker update and the memtable apply; the
//     WAL fsync is awaited after the mutex is released, which is what lets
//     concurrent committers share one fsync. The one exception is the
//     commit of a spilled Txn (see "Huge transactions"): its Ingest syncs
//     an sstable and the MANIFEST under the mutex.
//   - Hold a Txn's writes in memory without bound: past Options.SpillBytes
//     the buffer goes to disk.
//   - Let a second writer bypass the commit mutex. Every Pebble write goes
//     through [Txn.Commit] or [DB.Apply]; [DB.Pebble] is exposed for
//     checkpoints and metrics only and must not be written to.
//   - Panic on an error returned by Pebble (I/O errors, ENOSPC): such errors
//     are returned. See "Write errors" below for the cases where Pebble itself
//     panics or exits.
//
// # Versions, snapshots and conflicts
//
// db.ver is the version of the last commit. It is advanced only under the
// commit mutex, and only after the commit's batch is visible in Pebble
// (ApplyNoSyncWait/Apply return after the batch is published).
//
// A Txn's start version is fixed at its first operation (Get, NewIter, Set or
// Delete), not at Begin: Begin is free, and a BEGIN followed by an idle client
// does not make the transaction conflict with everything committed meanwhile.
// The start version is read and the Txn registered in the open-transaction
// registry under one small mutex, so the tracker can never prune an entry a
// registered Txn still needs. The Pebble snapshot is taken lazily on the first
// read, after the start version was fixed; since ver is only advanced after a
// commit is visible, the snapshot contains every commit with version <= start
// (and possibly a few later ones, which is harmless: see below).
//
// At commit, under the commit mutex, the write set is checked against the
// tracker: any key (or range) recorded with a version > start is a conflict.
// A commit that a Txn's snapshot does not contain necessarily has a version
// > start and is in the tracker (it was recorded because that Txn was already
// registered, and it cannot have been pruned because pruning only drops
// versions <= the oldest registered start), so a lost update is impossible.
// The converse is conservative: a commit with version > start that the
// snapshot happens to contain still counts as a conflict (a spurious abort,
// never a missed one). The snapshot is deliberately not taken under the
// commit mutex, so that a first read never waits behind a large commit's
// memtable apply. [Txn.RefreshSnapshot] (READ COMMITTED: a snapshot per
// statement) replaces the snapshot with a newer one and keeps the start
// version, which only widens the "contains a few later commits" case above:
// still conservative, never a missed conflict.
//
// # Pessimistic transactions
//
// The engine runs every SQL transaction pessimistically (package locks):
// before it writes a key it holds a lock that covers it and it has read the
// key's newest committed version (a current read: [Txn.GetLatest],
// [Txn.CurrentView]). Rows are locked by primary key; every secondary and
// unique index entry ends in the primary key, so it is written only by the
// holder of that row's lock; a unique value is locked by its prefix before
// the duplicate check; hidden-primary-key rows get fresh IDs; counters use
// RaiseCounter (a merge, never a conflict). Such a Txn is marked with
// [Txn.SetPessimistic] and its Commit skips the point-key check: two
// writers of one key are serialized by the lock, so the later one wrote
// after reading the earlier one's commit, and no update is lost. Ranges
// (DDL's DeleteRange/TouchRange) are still checked both ways, and the
// Txn's write set is still recorded for optimistic Txns (DDL, catalog).
// [Txn.CheckRange] is the one-way kind: the Txn fails if anything in the
// range committed after it started, and nothing is recorded, so no later
// committer fails because of it (rangecheck.go).
//
// The tracker is bounded: a commit records its write set only if another
// Txn is open; entries with version <= the oldest open start are pruned
// every few dozen commits (and when it grows); with no open Txn it is
// emptied. Options.MaxTrackedKeys is a hard cap for the case of a Txn left
// open for very long: the older half is dropped and Txns that started before
// it fail their writing commit with ErrConflict.
//
// # Huge transactions
//
// A Txn's buffer (plus its undo log) is accounted in bytes; when it passes
// Options.SpillBytes (default 64 MiB; the server's --txn-spill-bytes) the
// buffer is written, sorted, into an immutable run: an sstable in
// Options.SpillDir (<data-dir>/txn-spill for the server), written with
// Pebble's sstable writer, tombstones included. The buffer then starts
// empty. Runs are read with bloom filters and a small block cache of their
// own. Reads: Get and GetLatest look at the buffer, then the runs newest
// first, then the snapshot (or the newest committed state); iterators
// merge buffer, runs and snapshot, the newest source winning and
// tombstones hiding older values. An iterator or View captures the frozen
// buffer and the run list it saw, so later spills and merges change
// nothing for it. When spillFanIn runs of one tier exist they are merged
// into one run of the next tier; merged-away runs stay on disk until the
// Txn ends (an iterator or View may still read them). Runs are removed
// when the Txn ends, and the spill directory is emptied at Open: runs
// never hold committed data.
//
// Savepoints: a spill drops the undo log (that is what bounds it). A
// RollbackTo a savepoint taken before the latest spill would need the
// overwritten entries, which are gone; it rolls the whole Txn back and
// returns ErrRollbackPastSpill rather than leave a half-undone state. A
// savepoint taken after the latest spill rolls back exactly: its undo
// records restore buffer entries, and removing an entry uncovers the runs
// beneath it, which is what the key looked like at the savepoint.
//
// Commit of a spilled Txn: outside the commit mutex, buffer and runs are
// merged into one sstable, together with what the batch would have held:
// range deletions (points they cover are left out, since inside one
// ingested sstable every entry has the same sequence number), counters and
// row-count deltas as merge operands (folded into the point value when the
// Txn also set that key). Under the commit mutex: the conflict check (the
// write set answers Has/AnyIn from that sstable), the disk-space check,
// Ingest, then the version. So rows, counters and counts become visible
// at once, as with a batch, and are durable when Ingest returns (it syncs
// the file and the MANIFEST and waits for an overlapping memtable flush:
// the mutex is held across that, and other commits wait). The tracker
// records at most maxCoverRanges ranges covering the written keys (flagged
// as standing for points, so a pessimistic Txn's point writes are not
// compared with them) instead of millions of keys: conservative, never a
// missed conflict.
//
// # Write errors
//
// Errors Pebble reports are returned, wrapped so that errors.Is still sees
// the cause (e.g. syscall.ENOSPC). A failed WAL write or fsync reaches the
// committer through Batch.SyncWait (Sync durability) or the periodic WAL
// sync (Async durability; DB.SyncWAL forces one). By then the batch has
// already been applied to the memtable and is visible to readers; it may or
// may not survive a restart. kv then enters a sticky failed state: every
// later Commit/Apply returns [ErrWriteFailed] (wrapping the cause) without
// calling into Pebble, while reads keep working; Close returns the error;
// reopening recovers everything that was fsynced. TestWALFailure covers
// this for failing WAL writes and fsyncs in both durability modes.
//
// What Pebble v1.1.5 itself does on write errors (read from its source and
// checked experimentally):
//
//   - DB.Apply with Sync=true treats a failed fsync as fatal: it calls
//     Logger.Fatalf("pebble: fatal commit error"), which with Pebble's
//     default logger is os.Exit(1). kv therefore never uses Apply with Sync:
//     Sync commits use ApplyNoSyncWait + SyncWait, which return the error.
//     kv's Pebble logger panics with a *fatalError instead of exiting; on the
//     commit path that panic is recovered and becomes the sticky error.
//   - The WAL writer keeps its first error forever. The next commit whose
//     record fills a 32 KiB WAL block then panics with that error in
//     LogWriter.SyncRecord while holding Pebble's commit-pipeline mutex, so
//     Pebble can never write again. kv cannot turn this into an error; the
//     sticky state makes kv stop writing after the first reported error,
//     which narrows the window (commits already inside the pipeline, and
//     Async commits before the next periodic sync, can still hit it).
//   - A failure to create or sync the next WAL file at memtable rotation
//     panics in rotateWAL while holding DB.mu.
//   - MANIFEST write failures during flushes/compactions call Logger.Fatalf
//     from background goroutines: kv logs them and panics (crashing the
//     process, as Pebble intends, but with a stack trace instead of os.Exit).
//   - Flush/compaction I/O errors such as ENOSPC while writing an sstable are
//     background errors: logged and retried. If they persist, the memtables
//     fill up and commits stall (block) rather than fail; reads and
//     Stats keep working because neither waits for the commit mutex.
package kv
