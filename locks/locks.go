package locks

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Mode is a lock mode. Table keys take IS/IX before row locks under them
// (as InnoDB's intention locks) and S/X when the whole table is locked
// (escalation, DDL); row keys take S or X.
type Mode uint8

const (
	IS Mode = 1 << iota // intention shared
	IX                  // intention exclusive
	S                   // shared
	X                   // exclusive
)

func (m Mode) String() string {
	var parts []string
	for _, p := range []struct {
		m Mode
		s string
	}{{IS, "IS"}, {IX, "IX"}, {S, "S"}, {X, "X"}} {
		if m&p.m != 0 {
			parts = append(parts, p.s)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// compat[m] is the set of modes another owner may hold while m is granted.
func compat(m Mode) Mode {
	switch m {
	case IS:
		return IS | IX | S
	case IX:
		return IS | IX
	case S:
		return IS | S
	}
	return 0
}

// coveredBy[m] is the set of held modes that make a request for m redundant.
func coveredBy(m Mode) Mode {
	switch m {
	case IS:
		return IS | IX | S | X
	case IX:
		return IX | X
	case S:
		return S | X
	}
	return X
}

var (
	// ErrLockWaitTimeout: the wait exceeded the request's timeout.
	ErrLockWaitTimeout = errors.New("locks: lock wait timeout")
	// ErrDeadlock: waiting would close a cycle in the wait-for graph; the
	// requester is the victim.
	ErrDeadlock = errors.New("locks: deadlock")
	// ErrNoWait: the lock is held by another owner and the request said
	// NoWait (NOWAIT, SKIP LOCKED, escalation).
	ErrNoWait = errors.New("locks: lock not available (no wait)")
)

// EscalateAfter is the number of row locks one owner holds under one table
// key before it tries to lock the table instead. A variable for tests.
var EscalateAfter = 10000

// Options bound one request.
type Options struct {
	// NoWait fails at once with ErrNoWait instead of waiting.
	NoWait bool
	// Timeout ends the wait with ErrLockWaitTimeout; 0 waits until the
	// context ends.
	Timeout time.Duration
	// Info is the caller's description of the owner, kept with the
	// owner's record while it holds or waits for any key and handed back
	// by Snapshot and LatestDeadlockInfo (the first non-nil Info given
	// since the owner held nothing wins). Opaque to the table.
	Info any
}

// An entry is one key's holders and waiters. Most keys are row keys with
// one holder, so the holders are a slice (scanned, not hashed) whose first
// element lives in the entry, and entries of released keys are kept for
// reuse: a single-row lock allocates nothing once the table is warm (the
// maps it took per row were 3-4% of sysbench's oltp_update_index,
// docs/PROFILES.md "insert4").
type entry struct {
	holders []holder
	one     [1]holder
	queue   []*waiter
}

type holder struct {
	owner uint64
	mode  Mode
}

// held is the modes owner holds on e.
func (e *entry) held(owner uint64) Mode {
	for _, h := range e.holders {
		if h.owner == owner {
			return h.mode
		}
	}
	return 0
}

// set makes owner hold mode on e.
func (e *entry) set(owner uint64, mode Mode) {
	for i := range e.holders {
		if e.holders[i].owner == owner {
			e.holders[i].mode = mode
			return
		}
	}
	e.holders = append(e.holders, holder{owner, mode})
}

// drop removes owner from e's holders.
func (e *entry) drop(owner uint64) {
	for i, h := range e.holders {
		if h.owner == owner {
			last := len(e.holders) - 1
			e.holders[i] = e.holders[last]
			e.holders[last] = holder{}
			e.holders = e.holders[:last]
			return
		}
	}
}

// spareEntries and spareOwners bound what the table keeps for reuse.
const spareEntries, spareOwners = 1024, 256

type waiter struct {
	owner    uint64
	key      string
	tableKey string
	mode     Mode
	since    time.Time
	ch       chan struct{} // cap 1: granted, or blockers changed
	done     bool          // granted (set under mu)
}

type ownerRec struct {
	since    time.Time // when the record was created: its first request
	info     any       // Options.Info
	rowLocks int       // keys locked under a table key
	// keys lists each held key with the table key it was locked under
	// ("" for table keys and keys locked without one), once each.
	keys    []heldKey
	rows    []tableRows // row locks per table key, for escalation
	waiting *waiter
}

type heldKey struct{ key, tableKey string }

// tableRows counts an owner's row locks under one table key; next is the
// count at which escalation is tried next.
type tableRows struct {
	tableKey   string
	rows, next int
}

// rowsUnder is rec's count of row locks under tableKey.
func (rec *ownerRec) rowsUnder(tableKey string) *tableRows {
	for i := range rec.rows {
		if rec.rows[i].tableKey == tableKey {
			return &rec.rows[i]
		}
	}
	rec.rows = append(rec.rows, tableRows{tableKey: tableKey})
	return &rec.rows[len(rec.rows)-1]
}

// Stats are cumulative counters plus the current number of waits.
type Stats struct {
	Waits        uint64        // requests that had to wait
	WaitTime     time.Duration // total time spent waiting
	MaxWait      time.Duration // longest single wait
	CurrentWaits int           // requests waiting now
	Timeouts     uint64        // waits ended by the timeout
	Deadlocks    uint64        // requests refused as deadlock victims
	Escalations  uint64        // row locks replaced by a table lock
	Held         int           // keys with at least one holder or waiter
}

// Wait describes one waiting request (for information_schema views).
type Wait struct {
	Waiter   uint64
	Key      string
	TableKey string // the table key a row request is under ("" for a table key)
	Mode     Mode
	Since    time.Time
	Holders  []uint64 // owners holding the key in a conflicting mode
	// Blockers are the owners the request waits for, in the order the
	// deadlock detector walks them: conflicting holders, then requests
	// queued ahead of it (grants are FIFO).
	Blockers []Blocker
}

// Blocker is one owner a waiting request waits for.
type Blocker struct {
	Owner   uint64
	Mode    Mode // the mode it holds (Granted) or requested (queued ahead)
	Granted bool
}

// OwnerState is one owner in a Snapshot.
type OwnerState struct {
	Owner uint64
	Info  any       // Options.Info
	Since time.Time // first request since the owner last held nothing
	// Keys is the number of keys held; RowLocks of them are row keys
	// (locked under a table key), the rest table keys.
	Keys, RowLocks int
	Wait           *Wait // the request it waits in, or nil
}

// Snapshot is the lock table at one instant, taken under its mutex: every
// owner holding or waiting for a key, by owner ID.
type Snapshot struct {
	Taken  time.Time
	Owners []OwnerState
}

// DeadlockTxn is one owner of a deadlock cycle: the request it waited in
// and the owner it waited for (the next one in the cycle).
type DeadlockTxn struct {
	Owner    uint64
	Info     any
	Since    time.Time // owner's first request
	Keys     int       // keys held
	Key      string    // key waited for
	TableKey string
	Mode     Mode      // mode requested
	WaitFrom time.Time // when the request started waiting
	HeldBy   uint64    // the next owner in the cycle
	HeldMode Mode      // what HeldBy holds or requested on Key
}

// Deadlock is the latest cycle found: Txns in wait-for order, the last
// waiting for the first; Victim (the requester that closed the cycle) is
// the last and was refused with ErrDeadlock.
type Deadlock struct {
	Time   time.Time
	Txns   []DeadlockTxn
	Victim uint64
}

// Table is the lock table. The zero value is not usable; use New.
type Table struct {
	mu       sync.Mutex
	entries  map[string]*entry
	owners   map[uint64]*ownerRec
	stats    Stats
	deadlock *Deadlock
	// Released entries and owner records, for reuse.
	freeEntries []*entry
	freeOwners  []*ownerRec
}

// New returns an empty lock table.
func New() *Table {
	return &Table{entries: map[string]*entry{}, owners: map[uint64]*ownerRec{}}
}

func (t *Table) owner(id uint64) *ownerRec {
	o := t.owners[id]
	if o == nil {
		if n := len(t.freeOwners); n > 0 {
			o = t.freeOwners[n-1]
			t.freeOwners = t.freeOwners[:n-1]
		} else {
			o = &ownerRec{}
		}
		o.since = time.Now()
		t.owners[id] = o
	}
	return o
}

// dropOwnerLocked forgets an owner that holds and waits for nothing.
func (t *Table) dropOwnerLocked(id uint64, rec *ownerRec) {
	delete(t.owners, id)
	if len(t.freeOwners) >= spareOwners || cap(rec.keys) > 4*spareEntries {
		return
	}
	clear(rec.keys)
	clear(rec.rows)
	*rec = ownerRec{keys: rec.keys[:0], rows: rec.rows[:0]}
	t.freeOwners = append(t.freeOwners, rec)
}

// newEntryLocked is an empty entry for key, added to the table.
func (t *Table) newEntryLocked(key string) *entry {
	var e *entry
	if n := len(t.freeEntries); n > 0 {
		e = t.freeEntries[n-1]
		t.freeEntries = t.freeEntries[:n-1]
	} else {
		e = &entry{}
		e.holders = e.one[:0]
	}
	t.entries[key] = e
	return e
}

// ownerInfo is owner(id) with info recorded if it has none yet.
func (t *Table) ownerInfo(id uint64, info any) *ownerRec {
	o := t.owner(id)
	if o.info == nil {
		o.info = info
	}
	return o
}

// addKey records that rec holds key (under tableKey), which it did not
// hold before.
func (rec *ownerRec) addKey(key, tableKey string) {
	if tableKey != "" {
		rec.rowLocks++
	}
	rec.keys = append(rec.keys, heldKey{key, tableKey})
}

// grantable reports whether owner may hold mode on e next to the others.
func grantable(e *entry, owner uint64, mode Mode) bool {
	c := compat(mode)
	for _, h := range e.holders {
		if h.owner != owner && h.mode&^c != 0 {
			return false
		}
	}
	return true
}

// Acquire takes key in mode for owner, waiting if needed. It reports
// whether the lock is new to the owner (false: already held in a mode that
// covers mode).
func (t *Table) Acquire(ctx context.Context, owner uint64, key string, mode Mode, o Options) (bool, error) {
	return t.acquire(ctx, owner, key, "", mode, o)
}

// AcquireRow takes rowKey in mode (S or X) under tableKey: first the
// intention lock (IS or IX) on tableKey, then the row lock, unless the owner
// holds the table in a mode covering the row. It reports whether the row
// lock is new to the owner; a row covered by a table lock is not.
func (t *Table) AcquireRow(ctx context.Context, owner uint64, tableKey, rowKey string, mode Mode, o Options) (bool, error) {
	intent := IS
	if mode == X {
		intent = IX
	}
	// The common request waits for nothing: both locks, or the finding
	// that they are held, under one hold of the mutex.
	t.mu.Lock()
	if t.tryLocked(owner, tableKey, "", intent, o.Info) != tryWait {
		if t.entries[tableKey].held(owner)&coveredBy(mode) != 0 {
			t.mu.Unlock()
			return false, nil
		}
		switch t.tryLocked(owner, rowKey, tableKey, mode, o.Info) {
		case tryCovered:
			t.mu.Unlock()
			return false, nil
		case tryGranted:
			t.rowLockedLocked(owner, tableKey)
			t.mu.Unlock()
			return true, nil
		}
	}
	t.mu.Unlock()
	if _, err := t.acquire(ctx, owner, tableKey, "", intent, o); err != nil {
		return false, err
	}
	t.mu.Lock()
	if e := t.entries[tableKey]; e != nil && e.held(owner)&coveredBy(mode) != 0 {
		t.mu.Unlock()
		return false, nil
	}
	t.mu.Unlock()
	newly, err := t.acquire(ctx, owner, rowKey, tableKey, mode, o)
	if err != nil || !newly {
		return newly, err
	}
	t.mu.Lock()
	t.rowLockedLocked(owner, tableKey)
	t.mu.Unlock()
	return true, nil
}

// rowLockedLocked counts a row lock the owner took under tableKey and
// escalates when it holds enough of them.
func (t *Table) rowLockedLocked(owner uint64, tableKey string) {
	rec := t.owner(owner)
	r := rec.rowsUnder(tableKey)
	r.rows++
	if r.rows > EscalateAfter && r.rows > r.next {
		t.escalateLocked(owner, rec, tableKey)
	}
}

// escalateLocked tries, without waiting, to replace the owner's row locks
// under tableKey by a table lock.
func (t *Table) escalateLocked(owner uint64, rec *ownerRec, tableKey string) {
	e := t.entries[tableKey]
	if e == nil {
		return
	}
	r := rec.rowsUnder(tableKey)
	held := e.held(owner)
	mode := S
	if held&(IX|X) != 0 {
		mode = X
	}
	if len(e.queue) > 0 || !grantable(e, owner, mode) {
		// Try again after as many rows again.
		r.next = 2 * r.rows
		return
	}
	e.set(owner, held|mode)
	kept := rec.keys[:0]
	var dropped []string
	for _, hk := range rec.keys {
		if hk.tableKey != tableKey {
			kept = append(kept, hk)
			continue
		}
		rec.rowLocks--
		dropped = append(dropped, hk.key)
	}
	clear(rec.keys[len(kept):])
	rec.keys = kept
	for _, k := range dropped {
		if re := t.entries[k]; re != nil {
			re.drop(owner)
			t.promoteLocked(k, re)
		}
	}
	r.rows, r.next = 0, 0
	t.stats.Escalations++
}

// Outcomes of tryLocked.
const (
	tryWait    = iota // the request must wait (nothing was changed)
	tryCovered        // the owner holds the key in a mode covering it
	tryGranted        // granted now
)

// tryLocked is a request that does not wait: it grants key in mode to
// owner when it can be granted at once.
func (t *Table) tryLocked(owner uint64, key, tableKey string, mode Mode, info any) int {
	e := t.entries[key]
	var held Mode
	if e != nil {
		held = e.held(owner)
		if held&coveredBy(mode) != 0 {
			return tryCovered
		}
		if !grantable(e, owner, mode) || len(e.queue) > 0 && held == 0 {
			return tryWait
		}
	} else {
		e = t.newEntryLocked(key)
	}
	e.set(owner, held|mode)
	rec := t.ownerInfo(owner, info)
	if held == 0 {
		rec.addKey(key, tableKey)
	}
	return tryGranted
}

func (t *Table) acquire(ctx context.Context, owner uint64, key, tableKey string, mode Mode, o Options) (bool, error) {
	t.mu.Lock()
	switch t.tryLocked(owner, key, tableKey, mode, o.Info) {
	case tryCovered:
		t.mu.Unlock()
		return false, nil
	case tryGranted:
		t.mu.Unlock()
		return true, nil
	}
	e := t.entries[key]
	held := e.held(owner)
	if o.NoWait {
		t.dropIfEmptyLocked(key, e)
		t.mu.Unlock()
		return false, ErrNoWait
	}
	if err := ctx.Err(); err != nil {
		t.dropIfEmptyLocked(key, e)
		t.mu.Unlock()
		return false, err
	}
	w := &waiter{owner: owner, key: key, tableKey: tableKey, mode: mode, since: time.Now(), ch: make(chan struct{}, 1)}
	if held != 0 {
		// An upgrade goes first: the owner already blocks those behind.
		e.queue = append([]*waiter{w}, e.queue...)
		t.signalLocked(e, w)
	} else {
		e.queue = append(e.queue, w)
	}
	rec := t.ownerInfo(owner, o.Info)
	rec.waiting = w
	if t.victimLocked(w) {
		t.removeWaiterLocked(w, e)
		t.mu.Unlock()
		return false, ErrDeadlock
	}
	t.stats.Waits++
	t.stats.CurrentWaits++
	t.mu.Unlock()

	var timeout <-chan time.Time
	if o.Timeout > 0 {
		tm := time.NewTimer(o.Timeout)
		defer tm.Stop()
		timeout = tm.C
	}
	for {
		var cause error
		select {
		case <-w.ch:
		case <-timeout:
			cause = ErrLockWaitTimeout
		case <-ctx.Done():
			cause = ctx.Err()
		}
		t.mu.Lock()
		if w.done {
			t.endWaitLocked(w)
			t.mu.Unlock()
			return true, nil
		}
		if cause == nil && t.victimLocked(w) {
			cause = ErrDeadlock
		}
		if cause != nil {
			if cause == ErrLockWaitTimeout {
				t.stats.Timeouts++
			}
			t.endWaitLocked(w)
			t.removeWaiterLocked(w, t.entries[key])
			t.mu.Unlock()
			return false, cause
		}
		t.mu.Unlock()
	}
}

func (t *Table) endWaitLocked(w *waiter) {
	d := time.Since(w.since)
	t.stats.WaitTime += d
	if d > t.stats.MaxWait {
		t.stats.MaxWait = d
	}
	t.stats.CurrentWaits--
	if rec := t.owners[w.owner]; rec != nil && rec.waiting == w {
		rec.waiting = nil
	}
}

// removeWaiterLocked takes a waiter that gave up out of its queue; those
// behind it may now be grantable.
func (t *Table) removeWaiterLocked(w *waiter, e *entry) {
	if rec := t.owners[w.owner]; rec != nil && rec.waiting == w {
		rec.waiting = nil
		if len(rec.keys) == 0 {
			t.dropOwnerLocked(w.owner, rec)
		}
	}
	if e == nil {
		return
	}
	for i, q := range e.queue {
		if q == w {
			e.queue = append(e.queue[:i], e.queue[i+1:]...)
			break
		}
	}
	t.promoteLocked(w.key, e)
}

// signalLocked wakes every waiter of e except skip to look at its blockers
// again.
func (t *Table) signalLocked(e *entry, skip *waiter) {
	for _, q := range e.queue {
		if q != skip {
			select {
			case q.ch <- struct{}{}:
			default:
			}
		}
	}
}

// promoteLocked grants queued requests in FIFO order while they are
// compatible, and makes the rest re-check for deadlocks (their blockers
// changed).
func (t *Table) promoteLocked(key string, e *entry) {
	granted := false
	for len(e.queue) > 0 {
		w := e.queue[0]
		if !grantable(e, w.owner, w.mode) {
			break
		}
		e.queue = e.queue[1:]
		held := e.held(w.owner)
		e.set(w.owner, held|w.mode)
		if held == 0 {
			t.owner(w.owner).addKey(w.key, w.tableKey)
		}
		w.done = true
		granted = true
		select {
		case w.ch <- struct{}{}:
		default:
		}
	}
	if granted {
		t.signalLocked(e, nil)
	}
	t.dropIfEmptyLocked(key, e)
}

func (t *Table) dropIfEmptyLocked(key string, e *entry) {
	if len(e.holders) == 0 && len(e.queue) == 0 {
		delete(t.entries, key)
		if len(t.freeEntries) < spareEntries && cap(e.holders) <= 8 && cap(e.queue) <= 8 {
			e.holders, e.queue = e.holders[:0], nil
			t.freeEntries = append(t.freeEntries, e)
		}
	}
}

// blockersLocked lists the owners w waits for: holders of its key in a
// conflicting mode and every waiter queued ahead of it (grants are FIFO).
func (t *Table) blockersLocked(w *waiter) []uint64 {
	bs := t.blockerModesLocked(w)
	out := make([]uint64, len(bs))
	for i, b := range bs {
		out[i] = b.Owner
	}
	return out
}

func (t *Table) blockerModesLocked(w *waiter) []Blocker {
	e := t.entries[w.key]
	if e == nil {
		return nil
	}
	var out []Blocker
	c := compat(w.mode)
	for _, h := range e.holders {
		if h.owner != w.owner && h.mode&^c != 0 {
			out = append(out, Blocker{Owner: h.owner, Mode: h.mode, Granted: true})
		}
	}
	for _, q := range e.queue {
		if q == w {
			break
		}
		if q.owner != w.owner {
			out = append(out, Blocker{Owner: q.owner, Mode: q.mode})
		}
	}
	return out
}

// victimLocked walks the wait-for graph from w and reports whether it leads
// back to w's owner; if so it records the cycle as the latest deadlock.
func (t *Table) victimLocked(w *waiter) bool {
	parent := map[uint64]uint64{}
	via := map[uint64]*waiter{w.owner: w}
	stack := []uint64{w.owner}
	seen := map[uint64]bool{w.owner: true}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		uw := via[u]
		for _, b := range t.blockersLocked(uw) {
			if b == w.owner {
				t.recordDeadlockLocked(w, u, parent, via)
				return true
			}
			if seen[b] {
				continue
			}
			seen[b] = true
			rec := t.owners[b]
			if rec == nil || rec.waiting == nil || rec.waiting.done {
				continue
			}
			parent[b] = u
			via[b] = rec.waiting
			stack = append(stack, b)
		}
	}
	return false
}

func (t *Table) recordDeadlockLocked(w *waiter, last uint64, parent map[uint64]uint64, via map[uint64]*waiter) {
	t.stats.Deadlocks++
	var chain []uint64
	for u := last; ; u = parent[u] {
		chain = append(chain, u)
		if u == w.owner {
			break
		}
	}
	// chain runs from the last owner walked back to the requester, each
	// waiting for the one before it, and the last waits for the requester.
	// The cycle is listed from the owner the requester waits for, so the
	// requester (the victim) comes last.
	order := make([]uint64, 0, len(chain))
	for i := len(chain) - 2; i >= 0; i-- {
		order = append(order, chain[i])
	}
	order = append(order, w.owner)
	d := &Deadlock{Time: time.Now(), Victim: w.owner}
	for i, u := range order {
		next := order[(i+1)%len(order)]
		q := via[u]
		dt := DeadlockTxn{Owner: u, Key: q.key, TableKey: q.tableKey, Mode: q.mode, WaitFrom: q.since, HeldBy: next}
		if rec := t.owners[u]; rec != nil {
			dt.Info, dt.Since, dt.Keys = rec.info, rec.since, len(rec.keys)
		}
		for _, b := range t.blockerModesLocked(q) {
			if b.Owner == next {
				dt.HeldMode = b.Mode
				break
			}
		}
		d.Txns = append(d.Txns, dt)
	}
	t.deadlock = d
}

// ReleaseAll frees every lock the owner holds and ends a wait it may be in
// (the waiter then sees its context or timeout as usual).
func (t *Table) ReleaseAll(owner uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	rec := t.owners[owner]
	if rec == nil {
		return
	}
	for _, hk := range rec.keys {
		e := t.entries[hk.key]
		if e == nil {
			continue
		}
		e.drop(owner)
		t.promoteLocked(hk.key, e)
	}
	clear(rec.keys)
	clear(rec.rows)
	rec.keys, rec.rows = rec.keys[:0], rec.rows[:0]
	rec.rowLocks = 0
	if rec.waiting == nil {
		t.dropOwnerLocked(owner, rec)
	}
}

// Downgrade makes owner hold key in mode alone, a mode its held modes
// cover (X to S: others' S and IS become grantable); queued requests are
// granted as far as they now can be. It does nothing if owner does not
// hold such a mode.
func (t *Table) Downgrade(owner uint64, key string, mode Mode) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.entries[key]
	if e == nil {
		return
	}
	held := e.held(owner)
	if held&coveredBy(mode) == 0 || held == mode {
		return
	}
	e.set(owner, mode)
	t.promoteLocked(key, e)
	t.signalLocked(e, nil)
}

// Holds returns the modes owner holds on key.
func (t *Table) Holds(owner uint64, key string) Mode {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.entries[key]; e != nil {
		return e.held(owner)
	}
	return 0
}

// Stats returns the counters.
func (t *Table) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.stats
	s.Held = len(t.entries)
	return s
}

// LatestDeadlock describes the most recent deadlock ("" if none).
func (t *Table) LatestDeadlock() string {
	d, ok := t.LatestDeadlockInfo()
	if !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", d.Time.UTC().Format(time.RFC3339))
	for _, x := range d.Txns {
		fmt.Fprintf(&b, "transaction %d waits for a %s lock on %x held by transaction %d\n", x.Owner, x.Mode, x.Key, x.HeldBy)
	}
	fmt.Fprintf(&b, "WE ROLL BACK TRANSACTION %d\n", d.Victim)
	return b.String()
}

// LatestDeadlockInfo returns the most recent deadlock, if any.
func (t *Table) LatestDeadlockInfo() (Deadlock, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.deadlock == nil {
		return Deadlock{}, false
	}
	return *t.deadlock, true
}

// Snapshot returns every owner that holds or waits for a key, with the
// request it waits in and whom that waits for, all read at one instant.
// Its cost is one pass over the owners (not over their keys).
func (t *Table) Snapshot() Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := Snapshot{Taken: time.Now(), Owners: make([]OwnerState, 0, len(t.owners))}
	for id, rec := range t.owners {
		o := OwnerState{Owner: id, Info: rec.info, Since: rec.since, Keys: len(rec.keys), RowLocks: rec.rowLocks}
		if w := rec.waiting; w != nil && !w.done {
			o.Wait = t.waitLocked(w)
		}
		s.Owners = append(s.Owners, o)
	}
	sort.Slice(s.Owners, func(i, j int) bool { return s.Owners[i].Owner < s.Owners[j].Owner })
	return s
}

func (t *Table) waitLocked(w *waiter) *Wait {
	bs := t.blockerModesLocked(w)
	hs := make([]uint64, 0, len(bs))
	for _, b := range bs {
		if b.Granted {
			hs = append(hs, b.Owner)
		}
	}
	return &Wait{Waiter: w.owner, Key: w.key, TableKey: w.tableKey, Mode: w.mode, Since: w.since, Holders: hs, Blockers: bs}
}

// Waits lists the requests waiting now.
func (t *Table) Waits() []Wait {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []Wait
	for _, rec := range t.owners {
		w := rec.waiting
		if w == nil || w.done {
			continue
		}
		out = append(out, *t.waitLocked(w))
	}
	return out
}

// Reaches reports whether a waiting owner whose Options.Info satisfies
// from waits for owner to, directly or through other waiting owners. A
// caller that knows of waits outside the table (metadata locks) closes
// cycles through them with it. from is called under the table's mutex.
func (t *Table) Reaches(from func(info any) bool, to uint64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	seen := map[uint64]bool{to: true}
	var stack []uint64
	for id, rec := range t.owners {
		if id != to && rec.waiting != nil && !rec.waiting.done && from(rec.info) {
			seen[id] = true
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		rec := t.owners[u]
		if rec == nil || rec.waiting == nil || rec.waiting.done {
			continue
		}
		for _, b := range t.blockersLocked(rec.waiting) {
			if b == to {
				return true
			}
			if !seen[b] {
				seen[b] = true
				stack = append(stack, b)
			}
		}
	}
	return false
}
