package engine

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// Pessimistic locking (InnoDB's model, package locks):
//
//   - Every SQL transaction is pessimistic (kv.Txn.SetPessimistic): it
//     writes a key only under a lock it holds until it ends.
//   - UPDATE and DELETE read their target tables by current read: the scan
//     runs over the newest committed data (kv.Txn.CurrentView), locks each
//     row it meets exclusively, then reads that row again at the newest
//     version and hands GMS that row (or skips it if it is gone), so the
//     WHERE clause and SET expressions see the latest value and two
//     concurrent `SET n = n + 1` never lose an update.
//   - SELECT ... FOR UPDATE / FOR SHARE (LOCK IN SHARE MODE) lock every row
//     they read in every table, X or S; NOWAIT fails at once (3572), SKIP
//     LOCKED skips locked rows. The server's text pre-pass recognises the
//     clause (the parser drops or rejects it) and calls SetNextLocking.
//   - INSERT/REPLACE lock the primary key and each unique value before
//     checking for a duplicate at the newest version.
//   - Plain SELECTs read the transaction's snapshot and lock nothing
//     (except at SERIALIZABLE in a transaction: FOR SHARE, isolation.go).
//
// Row locks need an intention lock on their table key (IS/IX), which DDL
// could take exclusively. There are no gap locks: a locking range read does
// not stop another transaction inserting into the range (phantoms).

// LockingClause is what a locking read asked for.
type LockingClause struct {
	Mode       locks.Mode // locks.S or locks.X
	NoWait     bool
	SkipLocked bool
}

// stmtLocks is the lock a statement takes on the rows it reads.
type stmtLocks struct {
	all    LockingClause         // every table (FOR UPDATE / FOR SHARE)
	tables map[uint64]locks.Mode // table ID -> mode (DML targets and sources)
}

// lockState is a session's per-statement locking.
type lockState struct {
	next *LockingClause // from the text pre-pass, for the statement about to be analyzed
	stmt *stmtLocks     // the running statement's (set by the analyzer rule)
	ddl  bool           // the statement holds a DDL table lock (ddlOwner)
}

// ddlOwner is the lock owner of a session's DDL statement: not its
// transaction, which GMS commits implicitly when the DDL starts.
func ddlOwner(connID uint32) uint64 { return 1<<63 | uint64(connID) }

// LockTableForDDL takes table db.table (db "" = the session's database)
// exclusively for the schema change connection connID is about to run, so
// it waits, up to lock_wait_timeout, for the transactions that locked rows
// of the table to end, and transactions that come later wait for it, as
// behind MySQL's metadata lock. It is released when the statement ends. A
// table that does not exist is left to the statement to report; if the
// session's own open transaction holds locks on the table, nothing is
// taken (the DDL's implicit commit releases them).
func (e *Engine) LockTableForDDL(ctx context.Context, connID uint32, db, table string) error {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return nil
	}
	s := v.(*Session)
	if db == "" {
		db = s.GetCurrentDatabase()
	}
	sch, err := e.cat.Schema(nil, db)
	if err != nil || sch == nil {
		return nil
	}
	def, err := e.cat.Table(nil, sch, table)
	if err != nil || def == nil {
		return nil
	}
	key := "T" + string(def.IndexPrefix(catalog.PrimaryIndexID))
	if s.tx != nil && e.locks.Holds(s.tx.kv.ID(), key) != 0 {
		return nil
	}
	timeout := 31536000 * time.Second
	if v, err := s.GetSessionVariable(nil, "lock_wait_timeout"); err == nil {
		if n, _, err := types.Int64.Convert(ctx, v); err == nil && n != nil {
			timeout = time.Duration(n.(int64)) * time.Second
		}
	}
	s.lk.ddl = true
	e.lockNames.note(key, def)
	info := &lockOwner{conn: connID, isolation: "REPEATABLE READ", ddl: true}
	deadline := time.Now().Add(timeout)
	// The metadata lock first (mdl.go): statements and transactions that
	// resolved the table end on the definition they planned with, later
	// ones queue and read the new one. Every holder of the table lock
	// below holds it too, so that lock is free when this one is, and no
	// holder waits for the table lock while this waits for the holder.
	// The session's own open transaction (no implicit commit) is no
	// holder to wait for.
	mdlFree := !s.holdsMDL(mdlStripeOf(sch.ID, def.Name))
	for {
		if mdlFree {
			s.mdlWait.Store(true)
			l, err := e.lockExclusive(ctx, connID, sch.ID, def.Name, time.Until(deadline))
			s.mdlWait.Store(false)
			if err != nil {
				return err
			}
			l.held = &s.mdlHeld
			s.ddlMDL = l
			s.mdlHeld.Store(l.g)
		}
		if _, err := e.locks.Acquire(ctx, ddlOwner(connID), key, locks.X, locks.Options{Timeout: time.Until(deadline), Info: info}); err != nil {
			s.endDDLMDL()
			if errors.Is(err, locks.ErrDeadlock) {
				sc, _ := ctx.(*sql.Context)
				e.noteDeadlock(sc) // nil: no statement texts
			}
			return ddlLockError(err)
		}
		// An index build holds the table only while it changes state: a
		// schema change waits for the whole build, as behind MySQL's
		// metadata lock, without holding the table meanwhile.
		b := e.buildOf(def.ID)
		if b == nil {
			return nil
		}
		if b.ended.Load() {
			// This change may alter the indexes: writers must no longer
			// switch to the build's final definition.
			e.builds.CompareAndDelete(def.ID, b)
			return nil
		}
		if b.conn == connID {
			return nil
		}
		// A rewrite's swap needs the metadata lock too.
		s.endDDLMDL()
		e.locks.ReleaseAll(ddlOwner(connID))
		t := time.NewTimer(time.Until(deadline))
		select {
		case <-b.done:
			t.Stop()
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
			return errLockWaitTimeout
		}
	}
}

// endDDLLock releases the statement's DDL table lock.
func (s *Session) endDDLLock() {
	s.endDDLMDL()
	if s.lk.ddl {
		s.lk.ddl = false
		s.eng.locks.ReleaseAll(ddlOwner(s.ID()))
	}
}

// SetNextLocking records the locking clause the server stripped from the
// next statement of connection connID.
func (e *Engine) SetNextLocking(connID uint32, c *LockingClause) {
	if v, ok := e.sessions.Load(connID); ok {
		v.(*Session).lk.next = c
	}
}

// Locks returns the engine's lock table (for status and views).
func (e *Engine) Locks() *locks.Table { return e.locks }

const ruleMarkLockingID analyzer.RuleId = 10_054

// markLocking is an analyzer rule (in OnceAfterAll: GMS's shortcut batches
// for simple UPDATE/DELETE run nothing else) that records which tables the
// statement reads with locks: the targets of UPDATE/DELETE exclusively,
// the other tables of a multi-table UPDATE/DELETE shared (as InnoDB), and
// every table of a locking SELECT in its clause's mode.
func markLocking(ctx *sql.Context, n sql.Node, scope *plan.Scope) (sql.Node, transform.TreeIdentity, error) {
	if !scope.IsEmpty() || ctx == nil {
		return n, transform.SameTree, nil
	}
	if s, ok := ctx.Session.(*Session); ok {
		s.markStatement(rowLockTables(n))
	}
	return n, transform.SameTree, nil
}

// rowLockTables is the part of markLocking that depends on the plan
// alone: the modes in which n's UPDATE and DELETE read their tables (nil:
// none). The map is never modified afterwards, so a cached plan's can be
// shared by the statements running it (PlanLocks).
func rowLockTables(n sql.Node) map[uint64]locks.Mode {
	st := &stmtLocks{}
	transform.Inspect(n, func(c sql.Node) bool {
		switch c := c.(type) {
		case *plan.Update:
			markUpdate(st, c)
			return false
		case *plan.DeleteFrom:
			markDelete(st, c)
			return false
		}
		return true
	})
	return st.tables
}

// markStatement records the row locks of the statement about to run:
// tables (from rowLockTables) and what depends on the session, read now:
// the locking clause of the text pre-pass, or SERIALIZABLE in a
// transaction.
func (s *Session) markStatement(tables map[uint64]locks.Mode) {
	st := &stmtLocks{tables: tables}
	if s.lk.next != nil {
		st.all = *s.lk.next
		s.lk.next = nil
	} else if s.lockingReads() {
		// SERIALIZABLE in a transaction: every read is LOCK IN SHARE MODE
		// (isolation.go).
		st.all.Mode = locks.S
	}
	if st.all.Mode == 0 && len(st.tables) == 0 {
		s.lk.stmt = nil
	} else {
		s.lk.stmt = st
	}
}

func (st *stmtLocks) set(id uint64, m locks.Mode) {
	if st.tables == nil {
		st.tables = map[uint64]locks.Mode{}
	}
	if st.tables[id] != locks.X {
		st.tables[id] = m
	}
}

// tablesUnder calls fn for each Myriad table read under n, with the name
// and alias it is read by.
func tablesUnder(n sql.Node, fn func(t *Table, names ...string)) {
	transform.Inspect(n, func(c sql.Node) bool {
		switch c := c.(type) {
		case *plan.TableAlias:
			if t := tableOfNode(c.Child); t != nil {
				fn(t, c.Name(), t.Name())
			}
			return false
		case sql.TableNode:
			if t := tableOfNode(c); t != nil {
				fn(t, t.Name())
			}
		}
		return true
	})
}

func tableOfNode(n sql.Node) *Table {
	tn, ok := n.(sql.TableNode)
	if !ok {
		return nil
	}
	return unwrapTable(tn.UnderlyingTable())
}

func unwrapTable(t sql.Table) *Table {
	for i := 0; i < 8 && t != nil; i++ {
		switch x := t.(type) {
		case *Table:
			return x
		case *indexedTable:
			return x.Table
		case sql.TableWrapper:
			t = x.Underlying()
		default:
			return nil
		}
	}
	return nil
}

func markUpdate(st *stmtLocks, u *plan.Update) {
	var uj *plan.UpdateJoin
	transform.Inspect(u, func(c sql.Node) bool {
		if j, ok := c.(*plan.UpdateJoin); ok {
			uj = j
			return false
		}
		return true
	})
	if uj == nil {
		tablesUnder(u.Child, func(t *Table, _ ...string) { st.set(t.def.ID, locks.X) })
		return
	}
	targets := map[string]bool{}
	for name := range uj.Updaters {
		targets[strings.ToLower(name)] = true
	}
	tablesUnder(uj.Child, func(t *Table, names ...string) {
		m := locks.S
		for _, nm := range names {
			if targets[strings.ToLower(nm)] {
				m = locks.X
			}
		}
		st.set(t.def.ID, m)
	})
}

func markDelete(st *stmtLocks, d *plan.DeleteFrom) {
	targets := map[uint64]bool{}
	for _, tn := range d.GetDeleteTargets() {
		if tn == d.Child {
			tablesUnder(d.Child, func(t *Table, _ ...string) { targets[t.def.ID] = true })
			break
		}
		tablesUnder(tn, func(t *Table, _ ...string) { targets[t.def.ID] = true })
	}
	tablesUnder(d.Child, func(t *Table, _ ...string) {
		if targets[t.def.ID] {
			st.set(t.def.ID, locks.X)
		} else {
			st.set(t.def.ID, locks.S)
		}
	})
}

// readLock is how a scan of t in this statement locks the rows it reads
// (Mode 0: it does not; a snapshot read).
func (t *Table) readLock(ctx *sql.Context, tx *Transaction) LockingClause {
	if !tx.kv.Pessimistic() {
		return LockingClause{}
	}
	s, ok := ctx.Session.(*Session)
	if !ok || s.lk.stmt == nil {
		return LockingClause{}
	}
	c := s.lk.stmt.all
	if m := s.lk.stmt.tables[t.def.ID]; m > c.Mode {
		c.Mode = m
	}
	return c
}

// tableLockKey is the lock key of a whole table (intention locks, DDL).
func (t *Table) tableLockKey() string { return "T" + string(t.lay.primary) }

// lockWaitTimeout is the session's innodb_lock_wait_timeout.
//
// A Myriad session keeps the value it read with the settings generation
// it read it at (reading and converting the variable for every row lock
// was 0.6% of oltp_update_index).
func lockWaitTimeout(ctx *sql.Context) time.Duration {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return readLockWaitTimeout(ctx)
	}
	gen := s.settingsGeneration()
	if m := s.lockTimeout.Load(); m != nil && m.gen == gen {
		return m.d
	}
	d := readLockWaitTimeout(ctx)
	s.lockTimeout.Store(&sessionTimeout{gen: gen, d: d})
	return d
}

// sessionTimeout is innodb_lock_wait_timeout as read at a settings
// generation.
type sessionTimeout struct {
	gen uint64
	d   time.Duration
}

func readLockWaitTimeout(ctx *sql.Context) time.Duration {
	v, err := ctx.GetSessionVariable(ctx, "innodb_lock_wait_timeout")
	if err != nil {
		return 50 * time.Second
	}
	n, _, err := types.Int64.Convert(ctx, v)
	if err != nil || n == nil {
		return 50 * time.Second
	}
	return time.Duration(n.(int64)) * time.Second
}

// lockRow takes key in mode for tx (which must be pessimistic). It reports
// whether the row lock is new to the transaction.
func (t *Table) lockRow(ctx *sql.Context, tx *kv.Txn, key []byte, mode locks.Mode, noWait bool) (bool, error) {
	// A schema change holds its table exclusively under the connection's
	// DDL owner (LockTableForDDL); the rows it writes or checks itself (an
	// ADD UNIQUE INDEX's duplicate check, a rebuild's copy) are covered by
	// that lock and must not wait for it.
	if s, ok := ctx.Session.(*Session); ok && s.lk.ddl &&
		t.db.eng.locks.Holds(ddlOwner(s.ID()), t.tableLockKey()) == locks.X {
		return false, nil
	}
	e := t.db.eng
	tk := t.tableLockKey()
	e.lockNames.note(tk, t.def)
	o := locks.Options{NoWait: noWait, Timeout: lockWaitTimeout(ctx), Info: e.ownerInfo(ctx, tx)}
	newly, err := e.locks.AcquireRow(ctx, tx.ID(), tk, string(key), mode, o)
	if err != nil {
		return false, t.db.eng.lockError(ctx, tx, err)
	}
	// A rewrite may have replaced the table while this waited.
	if err := t.staleRewrite(); err != nil {
		return false, err
	}
	return newly, nil
}

// Errors MySQL sends for lock waits.
var (
	errLockWaitTimeout = mysql.NewSQLError(mysql.ERLockWaitTimeout, "HY000", "Lock wait timeout exceeded; try restarting transaction")
	errDeadlock        = mysql.NewSQLError(mysql.ERLockDeadlock, "40001", "Deadlock found when trying to get lock; try restarting transaction")
	errLockNoWait      = mysql.NewSQLError(3572, "HY000", "Statement aborted because lock(s) could not be acquired immediately and NOWAIT is set.")
	// A wait ended by the statement's context: KILL QUERY, KILL, or the
	// client going away.
	errQueryInterrupted = mysql.NewSQLError(mysql.ERQueryInterrupted, "70100", "Query execution was interrupted")
)

// lockError turns a lock table error into MySQL's. A deadlock victim's
// whole transaction is rolled back at once (its locks let the others go on)
// and the session leaves it, as InnoDB does; a timeout fails only the
// statement (the editor's savepoint undoes it).
func (e *Engine) lockError(ctx *sql.Context, tx *kv.Txn, err error) error {
	switch {
	case errors.Is(err, locks.ErrLockWaitTimeout):
		return errLockWaitTimeout
	case errors.Is(err, locks.ErrNoWait):
		return errLockNoWait
	case errors.Is(err, locks.ErrDeadlock):
		e.noteDeadlock(ctx)
		e.abortTxn(ctx, tx)
		return errDeadlock
	case errors.Is(err, context.Canceled):
		return errQueryInterrupted
	}
	return err
}

// abortTxn rolls back tx and releases its locks; the session is then no
// longer in a transaction.
func (e *Engine) abortTxn(ctx *sql.Context, tx *kv.Txn) {
	tx.Rollback()
	e.locks.ReleaseAll(tx.ID())
	if s, ok := ctx.Session.(*Session); ok && s.tx != nil && s.tx.kv == tx {
		s.tx = nil
	}
	ctx.SetTransaction(nil)
	ctx.SetIgnoreAutoCommit(false)
	e.metrics.Rollbacks.Add(1)
}

// ensureRowLock makes sure tx holds key exclusively before it writes it.
// Rows reached by a locking scan already are; a row that was read without
// a lock (a path the analyzer rule did not mark) is locked now and must
// still be what the transaction read, else the write would lose a newer
// commit: that is refused with 1213 rather than done silently.
func (t *Table) ensureRowLock(ctx *sql.Context, tx *kv.Txn, key []byte) error {
	if !tx.Pessimistic() {
		return nil
	}
	newly, err := t.lockRow(ctx, tx, key, locks.X, false)
	if err != nil || !newly {
		return err
	}
	latest, ok1, err := tx.GetLatest(key)
	if err != nil {
		return err
	}
	seen, ok2, err := tx.Get(key)
	if err != nil {
		return err
	}
	if ok1 != ok2 || !bytes.Equal(latest, seen) {
		t.db.eng.abortTxn(ctx, tx)
		return errDeadlock
	}
	return nil
}

var lockVarsOnce sync.Once

// defineLockVariables is called by New (sql.SystemVariables is filled by a
// GMS package's init, which may run after this package's).
func defineLockVariables() {
	lockVarsOnce.Do(defineLockVariablesOnce)
}

func defineLockVariablesOnce() {
	// GMS v0.20 declares innodb_lock_wait_timeout GLOBAL-only with the
	// range 1..1 and default 1; MySQL 8.0: session and global, 1..1073741824,
	// default 50.
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:              "innodb_lock_wait_timeout",
		Scope:             sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic:           true,
		SetVarHintApplies: true,
		Type:              types.NewSystemIntType("innodb_lock_wait_timeout", 1, 1073741824, false),
		Default:           int64(50),
	}})
}
