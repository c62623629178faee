// Package locks owns Myriad's lock table: InnoDB-style pessimistic locks
// held by transactions until they end.
//
// # What locks owns
//
//   - A table of locks keyed by opaque byte strings, each with its holders
//     and a FIFO queue of waiters. Modes are the four of InnoDB's table and
//     row locks: intention shared/exclusive (IS, IX) on a table key, shared
//     and exclusive (S, X) on a row key or a whole table key.
//   - Owners: a transaction ID (uint64). An owner's record lists the keys it
//     holds, so [Table.ReleaseAll] frees them at COMMIT/ROLLBACK/disconnect,
//     and the one key it waits for, for deadlock detection.
//   - Deadlock detection: a request that must wait walks the wait-for graph
//     (waiter -> holders and earlier waiters of the key -> the key each of
//     those waits for -> ...). If the walk reaches the requester, the
//     requester is the victim and gets [ErrDeadlock] at once. Waiters whose
//     blockers change (a grant, an upgrade queued ahead of them) walk again,
//     so a cycle closed by a grant is found too. Detection and the victim's
//     removal happen under one mutex, so each cycle has exactly one victim.
//   - Escalation (bounded memory): once an owner holds more than
//     [EscalateAfter] row locks under one table key, it tries to take the
//     table key itself in S or X mode without waiting; if granted, the row
//     locks under that table are dropped and later row requests under it are
//     satisfied by the table lock without being recorded. InnoDB never
//     escalates; this is a documented difference. If the table lock cannot
//     be granted at once, the owner keeps locking rows (escalation never
//     waits, so it never deadlocks).
//   - Statistics: waits, total wait time, current waits (with waiter and
//     holders, for views), timeouts, deadlocks and the latest deadlock.
//   - Visibility: [Table.Snapshot] copies every owner and the request it
//     waits in, with whom that waits for, under the one mutex (a
//     consistent picture); [Table.LatestDeadlockInfo] is the latest cycle
//     in wait-for order. Each owner carries the caller's opaque
//     [Options.Info] so the caller can name it.
//
// # What locks must never do
//
//   - Know about SQL, tables, rows or key layout: keys are opaque; the caller
//     says which key is a row's table key.
//   - Block without a deadline or a cancellation: every wait ends by the
//     request's timeout, its context, a grant or a deadlock.
//
// One mutex guards the whole table. Deadlock detection reads the global
// wait-for graph, and every operation is a few map updates, so sharding
// would only move the contention into the detector (a deviation from the
// sharded map first sketched; measured fine at 16 threads).
package locks
