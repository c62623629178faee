package engine

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/locks"
)

// Metadata locks (MySQL's MDL, reduced to the modes Myriad's schema
// changes need). A statement takes a shared metadata lock on every table it
// resolves (Database.GetTableInsensitive, or a cached plan's tables) before
// it reads the table's definition, and keeps it until its transaction
// ends: to the statement's end in autocommit, to COMMIT/ROLLBACK in a
// transaction, as MySQL does. The shared lock has MySQL's two DML modes:
// SHARED_READ for a statement that only reads (SELECT, SHOW, ... without
// FOR UPDATE) and SHARED_WRITE for any other (mdlWrites; a statement not
// known to only read counts as a writer, which can only make it wait
// more). A schema change takes the table's lock in one of two modes:
//
//   - EXCLUSIVE (LockTableForDDL, a rewrite's swap): new statements queue
//     behind it, and it waits, up to lock_wait_timeout (1205 to the ALTER),
//     for every holder to end. So no statement ever runs on a definition
//     the change replaced, and none is told to retry (1412).
//   - SHARED_NO_WRITE (a job that must keep the rows as they are while it
//     copies them, MySQL's LOCK=SHARED: an added AUTO_INCREMENT column
//     numbers the rows in key order): readers go on, writers queue behind
//     it. It is reached by downgrading the statement's EXCLUSIVE lock once
//     the job is recorded, and upgraded to EXCLUSIVE again for the swap
//     (mdlLock.downgrade, mdlLock.upgrade), as MySQL's ALTER moves from
//     X to SNW to X. (MySQL's SHARED_UPGRADABLE, held by an ALTER while
//     it prepares, is this EXCLUSIVE: Myriad's ALTER prepares in
//     microseconds under it.)
//
// Cost: the locks live in a fixed array of stripes indexed by a hash of
// (schema ID, lower-case table name), each two holder counters (readers,
// writers) and a gate pointer; a shared lock is one atomic add and one
// atomic load on the stripe plus an entry in the session's short list of
// held stripes. No mutex is shared between sessions, and nothing grows
// with the number of tables. Tables that share a stripe share its lock: a
// swap may wait for a statement on another table of its stripe (1 in
// mdlStripes), never for longer than that statement's transaction. The
// name (not the table ID) is hashed because the swap gives the table a new
// ID: a statement must lock before it looks the definition up, so it
// finds the new one when it waited.
//
// A session's own gate lets its statements through (the ALTER resolving
// its table again); a session already holding a stripe in the mode it asks
// for is not stopped by a gate set after it (its transaction is what the
// change waits for).

const mdlStripes = 4096

type mdlStripe struct {
	readers atomic.Int64 // SHARED_READ holders
	writers atomic.Int64 // SHARED_WRITE holders
	gate    atomic.Pointer[mdlGate]
	_       [40]byte // one stripe per cache line: sessions on different tables do not share one
}

// mdlMode is the mode of a gate: what it lets through and waits for.
type mdlMode uint8

const (
	mdlExclusive mdlMode = iota // stops every shared request, waits for every holder
	mdlNoWrite                  // stops writers, waits for writers; readers pass
)

// mdlGate is a schema change's lock on a stripe: set while its holder
// waits for the holders it conflicts with to drain and while it runs;
// open is closed when it ends or its mode changes (a new gate replaces
// it). A gate's mode never changes.
type mdlGate struct {
	open chan struct{}
	conn uint32 // the session holding it (0: a resumed job's)
	mode mdlMode
	// upgrade: set by mdlLock.upgrade, stops a holder's write too.
	upgrade bool
}

// stops reports whether g stops a shared request (write: SHARED_WRITE).
func (g *mdlGate) stops(write bool) bool { return g.mode == mdlExclusive || write }

// mdlHold is one shared lock a session holds.
type mdlHold struct {
	k     uint32
	write bool
}

// mdlHolds is a session's shared locks.
type mdlHolds struct {
	mu sync.Mutex // the session's goroutine and Shutdown's
	s  []mdlHold
}

func mdlStripeOf(schemaID uint64, name string) uint32 {
	// FNV-1a over the schema ID and the ASCII-folded name; non-ASCII
	// bytes are hashed as they are (MySQL folds table names with the
	// file system's rules; two spellings of one name differing outside
	// ASCII only share less often, never wrongly).
	h := uint64(14695981039346656037)
	for i := 0; i < 8; i++ {
		h ^= (schemaID >> (8 * i)) & 0xff
		h *= 1099511628211
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		h ^= uint64(c)
		h *= 1099511628211
	}
	return uint32(h % mdlStripes)
}

// errMDLTimeout is MySQL's answer to a metadata lock wait that timed out.
var errMDLTimeout = errLockWaitTimeout

// lockShared takes the shared metadata lock of table name in schema
// schemaID for s's running statement (SHARED_WRITE unless it only reads,
// mdlWrites; a no-op when s holds it so), waiting behind a gate that stops
// it up to lock_wait_timeout.
func (e *Engine) lockShared(ctx *sql.Context, s *Session, schemaID uint64, name string) error {
	if !s.mdlOn {
		return nil
	}
	if s.mdlDeadlocked {
		// The statement was chosen as a deadlock victim on the plan
		// cache's path, which then hands it to the general path: the
		// 1213 is reported there (its transaction is gone already).
		return errDeadlock
	}
	write := s.mdlWrites(ctx)
	k := mdlStripeOf(schemaID, name)
	h := &s.mdl
	held := false // s holds k SHARED_READ: it asks for SHARED_WRITE
	h.mu.Lock()
	for _, x := range h.s {
		if x.k == k {
			if x.write || !write {
				h.mu.Unlock()
				return nil
			}
			held = true
		}
	}
	h.mu.Unlock()
	st := &e.mdl[k]
	n := &st.readers
	if write {
		n = &st.writers
	}
	var deadline time.Time
	for {
		n.Add(1)
		g := st.gate.Load()
		if g == nil || !g.stops(write) || held && g.mode == mdlExclusive && !g.upgrade {
			// An EXCLUSIVE request made while s held k waits for s's
			// transaction anyway: its write adds no wait, and stopping
			// it would make every read-then-write transaction a
			// deadlock victim. Not so behind SHARED_NO_WRITE or its
			// upgrade: the table is being copied, no write may start.
			h.mu.Lock()
			h.s = append(h.s, mdlHold{k, write})
			h.mu.Unlock()
			return nil
		}
		n.Add(-1)
		if g.conn != 0 && g.conn == s.ID() {
			// The session's own schema change: its statement's work is
			// the change's.
			return nil
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(ddlLockTimeout(ctx, s))
		}
		s.mdlWait.Store(true)
		s.mdlWaitingOn.Store(g)
		err := waitGate(ctx, g, deadline, func() bool {
			return e.mdlVictim(s) || e.mdlRowCycle(s, k, g) || e.mdlGateCycle(s, g)
		})
		s.mdlWaitingOn.Store(nil)
		s.mdlWait.Store(false)
		if err == errMDLDeadlock {
			return e.mdlDeadlock(ctx, s)
		}
		if err != nil {
			return err
		}
	}
}

// mdlWrites reports whether s's running statement takes its shared
// metadata locks as SHARED_WRITE: unless its text starts with a word of a
// statement that only reads and it has no FOR UPDATE (server.stripLocking
// took the clause off the text: it is in lk.next). Tables a read-only
// statement reaches only through a stored function that writes them are
// taken SHARED_READ (MySQL's prelocking would take SHARED_WRITE); the
// write then meets the job's table lock in the lock table (a wait bounded
// by innodb_lock_wait_timeout), never a table being copied.
func (s *Session) mdlWrites(ctx *sql.Context) bool {
	if l := s.lk.next; l != nil && l.Mode == locks.X {
		return true
	}
	if st := s.lk.stmt; st != nil && st.all.Mode == locks.X {
		// A table resolved after the analysis took lk.next over.
		return true
	}
	return !readOnlyStatement(ctx.Query())
}

// readOnlyStatement reports whether q is a statement that cannot write
// the tables it names, by its first word (past blanks, comments and
// opening parentheses). An executable comment (/*! ... */) or a word it
// does not know makes it a writer.
func readOnlyStatement(q string) bool {
	i := 0
	for i < len(q) {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(':
			i++
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			j := strings.IndexByte(q[i:], '\n')
			if j < 0 {
				return false
			}
			i += j + 1
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			if strings.HasPrefix(q[i:], "/*!") || strings.HasPrefix(q[i:], "/*+") {
				return false
			}
			j := strings.Index(q[i+2:], "*/")
			if j < 0 {
				return false
			}
			i += j + 4
		default:
			j := i
			for j < len(q) && (q[j] >= 'a' && q[j] <= 'z' || q[j] >= 'A' && q[j] <= 'Z') {
				j++
			}
			switch w := q[i:j]; {
			case strings.EqualFold(w, "SELECT"), strings.EqualFold(w, "SHOW"), strings.EqualFold(w, "DESCRIBE"),
				strings.EqualFold(w, "DESC"), strings.EqualFold(w, "TABLE"), strings.EqualFold(w, "VALUES"):
				return true
			}
			return false
		}
	}
	return false
}

// errMDLDeadlock is waitGate's answer when its check found the waiter in a
// metadata-lock deadlock.
var errMDLDeadlock = errors.New("metadata lock deadlock")

// mdlVictim reports whether s, about to wait for (or waiting for) another
// session's exclusive metadata lock, itself holds a stripe some other
// exclusive request waits on. Every cycle of metadata-lock waits has such a
// session (an exclusive request waits for a holder, which waits for another
// exclusive request, ... back to the first), and the holders are named
// nowhere (a stripe counts them), so this is how a cycle is found: the
// waiting holder is the victim, as MySQL prefers a DML transaction over a
// DDL statement. It can also pick a holder that is in no cycle (the
// exclusive request it waits for would have ended): it then gets 1213 where
// MySQL would have waited longer, never a hang until lock_wait_timeout
// (a year by default).
func (e *Engine) mdlVictim(s *Session) bool {
	s.mdl.mu.Lock()
	defer s.mdl.mu.Unlock()
	for _, x := range s.mdl.s {
		if g := e.mdl[x.k].gate.Load(); g != nil && g.conn != s.ID() && g.stops(x.write) {
			return true
		}
	}
	return false
}

// mdlRowCycle reports whether s, waiting for stripe k behind gate g,
// closes a cycle through a row lock: a transaction holding k in a mode g
// stops (so g's holder waits for it) waits in the lock table, directly
// or through others, for a row lock s's transaction holds. Neither the
// lock table's detector (it does not see metadata waits) nor mdlVictim
// (s holds no stripe that is waited on) finds it, and every party would
// wait until lock_wait_timeout. s is the victim, as in mdlVictim.
func (e *Engine) mdlRowCycle(s *Session, k uint32, g *mdlGate) bool {
	if s.tx == nil {
		return false
	}
	return e.locks.Reaches(func(info any) bool {
		o, ok := info.(*lockOwner)
		if !ok || o.ddl || o.conn == s.ID() {
			return false
		}
		v, ok := e.sessions.Load(o.conn)
		return ok && v.(*Session).holdsMDLFor(k, g)
	}, s.tx.kv.ID())
}

// mdlGateCycle reports whether s, which holds an exclusive metadata lock
// (its DDL statement's) and waits behind gate g, is the victim of a cycle
// of DDL statements each holding one table exclusively and waiting for
// another's (two ALTERs adding foreign keys to each other's table: each
// resolves the other table). Neither mdlVictim (they hold no shared
// stripe) nor the lock table sees it, and each would wait until
// lock_wait_timeout (a year by default): TestConcurrentDDLAndDML hung CI
// this way, through GMS's TRUNCATE looking up every table of the schema
// (truncate.go no longer does). The walk follows gate -> its holder's
// session -> the gate that session waits behind. Of the sessions in the
// cycle the one with the highest connection ID is the victim, so a cycle
// costs one statement, not all of them.
func (e *Engine) mdlGateCycle(s *Session, g *mdlGate) bool {
	held := s.mdlHeld.Load()
	if held == nil {
		return false
	}
	top := s.ID()
	for range 64 {
		if g == held {
			return top == s.ID()
		}
		if g == nil || g.conn == 0 {
			return false
		}
		v, ok := e.sessions.Load(g.conn)
		if !ok {
			return false
		}
		t := v.(*Session)
		top = max(top, t.ID())
		g = t.mdlWaitingOn.Load()
	}
	return false
}

// mdlDeadlock ends the victim's transaction (InnoDB rolls a deadlock
// victim's whole transaction back) and its metadata locks, so the
// exclusive request waiting for it goes on, and answers 1213.
func (e *Engine) mdlDeadlock(ctx *sql.Context, s *Session) error {
	e.noteDeadlock(ctx)
	if s.tx != nil {
		e.abortTxn(ctx, s.tx.kv)
	}
	e.releaseMDL(s)
	s.mdlDeadlocked = true
	return errDeadlock
}

// waitGate waits for g to open, until deadline or ctx ends; check, when
// not nil, is asked now and then and ends the wait with errMDLDeadlock
// when it says so.
func waitGate(ctx context.Context, g *mdlGate, deadline time.Time, check func() bool) error {
	d := time.Until(deadline)
	if d <= 0 {
		return errMDLTimeout
	}
	t := time.NewTimer(d)
	defer t.Stop()
	var tick <-chan time.Time
	if check != nil {
		if check() {
			return errMDLDeadlock
		}
		tk := time.NewTicker(20 * time.Millisecond)
		defer tk.Stop()
		tick = tk.C
	}
	for {
		select {
		case <-g.open:
			return nil
		case <-t.C:
			return errMDLTimeout
		case <-ctx.Done():
			return errQueryInterrupted
		case <-tick:
			if check() {
				return errMDLDeadlock
			}
		}
	}
}

// holdsMDL reports whether s holds stripe k shared, in any mode.
func (s *Session) holdsMDL(k uint32) bool {
	return s.holdsMDLFor(k, &mdlGate{mode: mdlExclusive})
}

// holdsMDLFor reports whether s holds stripe k in a mode gate g waits
// for.
func (s *Session) holdsMDLFor(k uint32, g *mdlGate) bool {
	s.mdl.mu.Lock()
	defer s.mdl.mu.Unlock()
	for _, x := range s.mdl.s {
		if x.k == k && g.stops(x.write) {
			return true
		}
	}
	return false
}

// endDDLMDL ends the metadata lock s's DDL statement took
// (LockTableForDDL): at the statement's end, or when an online job
// starts its long phase (backfill) in which the table stays usable.
func (s *Session) endDDLMDL() {
	if l := s.ddlMDL; l != nil {
		s.ddlMDL = nil
		s.mdlHeld.Store(nil)
		l.unlock()
	}
}

// releaseMDL drops every shared metadata lock s holds (its transaction
// ended).
func (e *Engine) releaseMDL(s *Session) {
	h := &s.mdl
	h.mu.Lock()
	held := h.s
	h.s = h.s[:0]
	h.mu.Unlock()
	for _, x := range held {
		if x.write {
			e.mdl[x.k].writers.Add(-1)
		} else {
			e.mdl[x.k].readers.Add(-1)
		}
	}
}

// mdlLock is a schema change's lock on a stripe (its current gate).
type mdlLock struct {
	st *mdlStripe
	g  *mdlGate
	// held, when not nil, is the holding session's mdlHeld, kept on the
	// current gate for mdlGateCycle.
	held *atomic.Pointer[mdlGate]
}

// lockExclusive takes the metadata lock of table name in schema schemaID
// exclusively for connection conn (0: no session): new shared requests
// queue from now on, and it returns once the holders have ended, or fails
// with 1205 after timeout (1317 when ctx ends).
func (e *Engine) lockExclusive(ctx context.Context, conn uint32, schemaID uint64, name string, timeout time.Duration) (*mdlLock, error) {
	st := &e.mdl[mdlStripeOf(schemaID, name)]
	g := &mdlGate{open: make(chan struct{}), conn: conn, mode: mdlExclusive}
	deadline := time.Now().Add(timeout)
	for !st.gate.CompareAndSwap(nil, g) {
		if other := st.gate.Load(); other != nil {
			if err := waitGate(ctx, other, deadline, nil); err != nil {
				return nil, err
			}
		}
	}
	l := &mdlLock{st: st, g: g}
	if err := l.drain(ctx, deadline); err != nil {
		l.unlock()
		return nil, err
	}
	return l, nil
}

// drain waits until no shared holder l's gate stops is left.
func (l *mdlLock) drain(ctx context.Context, deadline time.Time) error {
	// Holders are statements and short transactions: poll, backing off
	// to a millisecond, rather than make every release signal.
	pause := 20 * time.Microsecond
	for l.st.writers.Load() > 0 || l.g.mode == mdlExclusive && l.st.readers.Load() > 0 {
		if err := ctx.Err(); err != nil {
			return errQueryInterrupted
		}
		if time.Now().After(deadline) {
			return errMDLTimeout
		}
		time.Sleep(pause)
		pause = min(2*pause, time.Millisecond)
	}
	return nil
}

// unlock ends the lock.
func (l *mdlLock) unlock() {
	l.st.gate.Store(nil)
	close(l.g.open)
}

// setMode puts a gate of mode m in place of l's and wakes the requests
// that waited behind the old one (they look at the new one).
func (l *mdlLock) setMode(m mdlMode) {
	old := l.g
	l.g = &mdlGate{open: make(chan struct{}), conn: old.conn, mode: m, upgrade: m == mdlExclusive}
	l.st.gate.Store(l.g)
	if l.held != nil {
		l.held.Store(l.g)
	}
	close(old.open)
}

// downgrade turns l from EXCLUSIVE into SHARED_NO_WRITE: readers go on,
// writers keep waiting.
func (l *mdlLock) downgrade() { l.setMode(mdlNoWrite) }

// upgrade turns l from SHARED_NO_WRITE into EXCLUSIVE: new readers queue,
// and it waits for those holding the table to end, up to timeout (1205;
// 1317 when ctx ends), when it goes back to SHARED_NO_WRITE.
func (l *mdlLock) upgrade(ctx context.Context, timeout time.Duration) error {
	l.setMode(mdlExclusive)
	if err := l.drain(ctx, time.Now().Add(timeout)); err != nil {
		l.setMode(mdlNoWrite)
		return err
	}
	return nil
}

// WaitingForMDL reports whether connection connID waits for a metadata
// lock (SHOW PROCESSLIST's State "Waiting for table metadata lock").
func (e *Engine) WaitingForMDL(connID uint32) bool {
	if v, ok := e.sessions.Load(connID); ok {
		return v.(*Session).mdlWait.Load()
	}
	return false
}

// CatalogVersion is the catalog's version (see PlanVersion).
func (e *Engine) CatalogVersion() uint64 { return e.cat.Version() }
