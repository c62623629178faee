package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/kv"
)

// Session is one client connection's state: GMS's base session plus the kv
// transaction of the statement or explicit transaction in progress.
type Session struct {
	*sql.BaseSession
	eng *Engine
	tx  *Transaction
	// pendingFuncIndexes: the functional indexes of the CREATE TABLE being
	// analyzed (funcindex.go), of table pendingFuncTable (lower-case).
	pendingFuncIndexes sql.IndexDefs
	pendingFuncTable   string
	// nextReadOnly is SET TRANSACTION READ ONLY/WRITE without a scope: the
	// access mode of the next transaction only (see readonly.go).
	nextReadOnly *bool
	// nextIsolation is SET TRANSACTION ISOLATION LEVEL without a scope: the
	// level of the next transaction only (isolation.go).
	nextIsolation *isolation
	// consistentSnapshot: the running statement is START TRANSACTION WITH
	// CONSISTENT SNAPSHOT (SetNextConsistentSnapshot).
	consistentSnapshot bool
	// spillAborted: the running statement failed after its writes had
	// spilled, so its rollback took the whole transaction (spill.go).
	spillAborted atomic.Bool
	// lk: the locks the running statement takes on rows it reads (locking.go).
	lk lockState
	// sqlMode: sql_mode as last parsed (sqlmode.go); lockTimeout:
	// innodb_lock_wait_timeout as last read (locking.go).
	sqlMode     atomic.Pointer[sessionMode]
	lockTimeout atomic.Pointer[sessionTimeout]
	// fks: foreign keys GMS asked for lately, by lower(table) 0 lower(name),
	// read by the server to word violations as MySQL (foreignkeys.go).
	fkMu sync.Mutex
	fks  map[string]sql.ForeignKeyConstraint
	// capture: the running CREATE TABLE's catalog writes are recorded for
	// the fast path (ddlfast.go).
	capture *createCapture
	// mdl: the shared metadata locks the session's transaction holds
	// (mdl.go).
	mdl mdlHolds
	// userVarNotes: the types of strings about to be stored in user
	// variables, by lower-case name (uservartype.go).
	userVarNotes map[string]userVarNote
	// routineColl: the default collation of the database whose stored
	// procedure the statement read last (procedures.go; Unspecified: none).
	routineColl sql.CollationID
	// ddlMDL is the metadata lock of the running DDL statement (nil:
	// none).
	ddlMDL *mdlLock
	// procParams: the parameter records the running procedure may see
	// (procparams.go; nil: all, before any CALL).
	procParams map[string]struct{}
	// mdlHeld is the gate of that exclusive lock, and mdlWaitingOn the
	// gate a shared request of the session waits behind: the edges
	// mdlGateCycle walks.
	mdlHeld      atomic.Pointer[mdlGate]
	mdlWaitingOn atomic.Pointer[mdlGate]
	// mdlOn: the session takes shared metadata locks. Only a server
	// connection's: an embedded session (GMS's test harness, a resumed
	// job's) gets no CommandEnd after a failed statement and would keep
	// its locks; those statements meet 1412 instead (staleRewrite).
	mdlOn bool
	// mdlDeadlocked: the running statement was a metadata-lock deadlock
	// victim (mdl.go); until it ends, every metadata lock it asks for
	// is refused with 1213.
	mdlDeadlocked bool
	// mdlWait: the session waits for a metadata lock.
	mdlWait atomic.Bool
	// aiPending: an AUTO_INCREMENT value handed out for a row the table has
	// not seen yet (autoinc.go).
	// aiWritten: the tables the running statement wrote a row into.
	// aiReuse: values rows of the running statement took and gave back
	// (autoinc.go, giveBackAutoInc).
	aiMu      sync.Mutex
	aiPending []aiReservation
	aiWritten []*autoIncState
	aiReuse   map[*autoIncState][]uint64
	// aiBulk: the running statement's batches of AUTO_INCREMENT values
	// (autoincbulk.go); aiBulkKind whether it is a bulk insert (0: not
	// yet known, 1: yes, 2: no).
	aiBulk     map[*autoIncState]*aiBatch
	aiBulkKind int8
	// settings: strings the server derives from system variables, kept
	// until one changes (settings.go).
	settings settingsMemos
	// resultNotes: the nullable aggregate and GROUP_CONCAT result columns
	// of the statement analyzed (or cached plan run) last (resultnotes.go).
	resultNotes []*ResultNote
}

var _ sql.TransactionSession = (*Session)(nil)
var _ sql.LifecycleAwareSession = (*Session)(nil)

// Transaction is GMS's handle on one kv transaction.
type Transaction struct {
	kv       *kv.Txn
	readOnly bool
	iso      isolation // fixed when the transaction starts (isolation.go)
	// owner describes this transaction to the lock views (lockview.go).
	owner *lockOwner
	// byCharacteristic: read-only because of SET [SESSION] TRANSACTION READ
	// ONLY, not START TRANSACTION READ ONLY (DDL is refused only then).
	byCharacteristic bool
	// oneShot: the access mode or isolation level came from SET
	// TRANSACTION without a scope;
	// it is used up when this transaction ends having started (GMS opens a
	// transaction for every statement; the one it opens for START
	// TRANSACTION is never started, so the mode passes to the explicit
	// transaction. Any analyzed statement starts one, SELECT 1 included,
	// where MariaDB keeps the mode until a statement reads a table).
	oneShot bool
	// catalogKeys are definition cache keys this transaction rewrote; while
	// any exist, this session reads definitions through its own transaction
	// and, after commit, everyone's cache forgets them.
	catalogKeys []string
	// ddl undoes a schema change that failed after writing part of its
	// work: GMS runs ALTER's work in its iterator and commits the
	// transaction when the iterator closes, error or not (and leaves it open
	// after an error while building the plan), so the failed statement's
	// writes are rolled back to the savepoint its first step took before
	// anything commits (see ddlStep).
	ddl struct {
		at     time.Time // QueryTime of the statement the savepoint belongs to
		sp     kv.Savepoint
		failed bool
	}
	savepoints map[string]kv.Savepoint
	spOrder    []string // savepoint names, oldest first
	// onAbort undoes work done outside the transaction for it (a clone's
	// copied rows) when it does not commit.
	onAbort []func()
	// onCommit runs after the transaction committed (a clone's job record
	// removed).
	onCommit []func()
	// aiNote and aiNotes: the AUTO_INCREMENT counters this transaction
	// raised, applied to their sequences after it commits (noteCounter).
	aiNote  counterNote
	aiNotes []counterNote
	// collect: combinedAlter's first pass is running; definitions the
	// parts write go to it instead (pkrewrite.go).
	collect *alterCollect
	// perRow: the expression defaults of the columns an ADD COLUMN gives
	// each existing row a value of its own (column ID -> default), read
	// by the rewrite it starts (addColumnPerRow).
	perRow map[uint32]*sql.ColumnDefaultValue
	// capture: see Session.capture.
	capture *createCapture
}

func (t *Transaction) aborted() {
	for _, f := range t.onAbort {
		f()
	}
	t.onAbort = nil
}

func (t *Transaction) String() string { return "myriad transaction" }

// IsReadOnly implements sql.Transaction.
func (t *Transaction) IsReadOnly() bool { return t.readOnly }

// catalogDirty reports whether this transaction changed the dictionary.
func (t *Transaction) catalogDirty() bool { return len(t.catalogKeys) > 0 }

// writeCatalog writes a DDL statement's catalog change in this transaction.
// It is the only way the engine changes the dictionary, so the keys the
// catalog reports rewritten are all this transaction's catalog keys.
func (t *Transaction) writeCatalog(cat *catalog.Catalog, ch *catalog.Change) error {
	if t.collect != nil {
		return t.collect.absorb(ch)
	}
	if t.capture != nil {
		t.capture.note(ch)
	}
	rewritten, err := cat.Write(t.kv, ch)
	// Kept even after an error: a partly written change still dirties.
	t.catalogKeys = append(t.catalogKeys, rewritten...)
	return err
}

// NewSessionBuilder returns the GMS server's per-connection session factory.
// prebuilt, when not nil, hands over the base session made for the
// connection when it was accepted (nil if none): GMS calls the factory
// holding its session manager's one mutex, and building a base session
// there (a copy of every system and status variable) serialized a burst of
// new connections' first statements into a lock convoy (10,000 connections
// answered about 15 first statements a second).
func (e *Engine) NewSessionBuilder(prebuilt func(connID uint32) *sql.BaseSession) func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		host, user := "", ""
		if u, ok := conn.UserData.(sql.MysqlConnectionUser); ok {
			host, user = u.Host, u.User
		}
		client := sql.Client{Address: host, User: user, Capabilities: conn.Capabilities}
		var base *sql.BaseSession
		if prebuilt != nil {
			base = prebuilt(conn.ConnectionID)
		}
		if base == nil {
			base = sql.NewBaseSessionWithClientServer(addr, client, conn.ConnectionID)
		} else {
			base.SetClient(client)
		}
		s := e.NewSession(base)
		// A connection's statements end with CommandEnd, which releases
		// what they locked: they take metadata locks (mdl.go).
		s.mdlOn = true
		return s, nil
	}
}

// NewSession wraps a base session (used by the server and by tests).
func (e *Engine) NewSession(base *sql.BaseSession) *Session {
	s := &Session{BaseSession: base, eng: e}
	e.sessions.Store(base.ID(), s)
	return s
}

// StartTransaction implements sql.TransactionSession. GMS asks for READ
// WRITE unless the statement was START TRANSACTION READ ONLY, so the
// session's transaction_read_only (SET [SESSION] TRANSACTION READ ONLY, SET
// transaction_read_only = 1) is applied here; without it those statements
// were accepted and ignored.
func (s *Session) StartTransaction(ctx *sql.Context, ch sql.TransactionCharacteristic) (sql.Transaction, error) {
	if s.tx != nil {
		s.endKV(s.tx)
	}
	byChar, oneShot := SessionReadOnly(ctx), s.nextIsolation != nil
	if s.nextReadOnly != nil && ch != sql.ReadOnly {
		byChar, oneShot = *s.nextReadOnly, true
	}
	s.tx = &Transaction{kv: s.eng.db.Begin(), readOnly: ch == sql.ReadOnly || byChar, byCharacteristic: byChar,
		oneShot: oneShot, iso: s.sessionIsolation()}
	s.tx.kv.SetPessimistic(true)
	s.tx.capture = s.capture
	// GMS calls StartTransaction twice for START TRANSACTION: before the
	// statement (no transaction on the context yet), then from the
	// statement itself, after committing that first one. The snapshot
	// belongs to the second.
	if s.consistentSnapshot && ctx != nil && ctx.GetTransaction() != nil {
		s.consistentSnapshot = false
		if err := s.startConsistentSnapshot(ctx, s.tx); err != nil {
			return nil, err
		}
	}
	return s.tx, nil
}

// endKV rolls back t's kv transaction (a no-op if it ended) and releases
// its locks.
func (s *Session) endKV(t *Transaction) {
	t.kv.Rollback()
	s.eng.locks.ReleaseAll(t.kv.ID())
	s.eng.releaseMDL(s)
	t.aborted()
}

// endOneShot forgets the next-transaction access mode and isolation level
// once a transaction that had them did something.
func (s *Session) endOneShot(t *Transaction) {
	if t.oneShot && t.kv.Started() {
		s.nextReadOnly, s.nextIsolation = nil, nil
	}
}

// SessionReadOnly reports the session's transaction_read_only.
func SessionReadOnly(ctx *sql.Context) bool {
	if ctx == nil {
		return false
	}
	v, err := ctx.GetSessionVariable(ctx, "transaction_read_only")
	if err != nil {
		return false
	}
	on, err := sql.ConvertToBool(ctx, v)
	return err == nil && on
}

// CommitTransaction implements sql.TransactionSession.
func (s *Session) CommitTransaction(ctx *sql.Context, tx sql.Transaction) error {
	t, ok := tx.(*Transaction)
	if !ok {
		return fmt.Errorf("myriad: foreign transaction %T", tx)
	}
	if s.tx == t {
		s.tx = nil
	}
	// The transaction ends whatever happens: so do its metadata locks.
	defer s.eng.releaseMDL(s)
	s.endOneShot(t)
	if err := t.undoFailedDDL(); err != nil {
		s.eng.locks.ReleaseAll(t.kv.ID())
		t.aborted()
		ctx.SetTransaction(nil)
		ctx.SetIgnoreAutoCommit(false)
		return errRollbackPastSpill
	}
	if t.kv.Done() {
		// Rolled back as a deadlock victim (locking.go): the COMMIT (or
		// the implicit one of the next BEGIN) has nothing left to do.
		s.eng.locks.ReleaseAll(t.kv.ID())
		t.aborted()
		return nil
	}
	if t.catalogDirty() {
		s.eng.cat.BeginChange(t.catalogKeys)
	}
	// Catalog records are written without row locks: a transaction that
	// changed the dictionary keeps kv's optimistic point-key check.
	t.kv.SetPessimistic(!t.catalogDirty())
	err := t.kv.Commit()
	s.eng.locks.ReleaseAll(t.kv.ID())
	if t.catalogDirty() {
		// Forget the definitions even after a failed commit: the cache may
		// not keep anything this transaction's reads could have planted.
		s.eng.cat.EndChange(t.catalogKeys)
	}
	if err != nil {
		t.aborted()
		// As in MySQL after a deadlock, the transaction is rolled back and
		// the session is no longer in one: the next statement autocommits.
		ctx.SetTransaction(nil)
		ctx.SetIgnoreAutoCommit(false)
		if errors.Is(err, kv.ErrConflict) {
			s.eng.metrics.Conflicts.Add(1)
		}
		return mapKVError(err)
	}
	s.eng.metrics.Commits.Add(1)
	t.committedCounters()
	for _, f := range t.onCommit {
		f()
	}
	t.onCommit, t.onAbort = nil, nil
	return nil
}

// Rollback implements sql.TransactionSession.
func (s *Session) Rollback(ctx *sql.Context, tx sql.Transaction) error {
	t, ok := tx.(*Transaction)
	if !ok {
		return nil
	}
	s.endOneShot(t)
	s.endKV(t)
	if s.tx == t {
		s.tx = nil
	}
	s.eng.metrics.Rollbacks.Add(1)
	return nil
}

// CreateSavepoint implements sql.TransactionSession.
func (s *Session) CreateSavepoint(ctx *sql.Context, tx sql.Transaction, name string) error {
	t := tx.(*Transaction)
	if t.savepoints == nil {
		t.savepoints = map[string]kv.Savepoint{}
	}
	name = lower(name)
	t.dropSavepoint(name)
	t.savepoints[name] = t.kv.Savepoint()
	t.spOrder = append(t.spOrder, name)
	return nil
}

// RollbackToSavepoint implements sql.TransactionSession.
func (s *Session) RollbackToSavepoint(ctx *sql.Context, tx sql.Transaction, name string) error {
	t := tx.(*Transaction)
	sp, ok := t.savepoints[lower(name)]
	if !ok {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	if err := s.eng.rollbackTo(ctx, t.kv, sp); err != nil {
		return err
	}
	// As in MySQL, savepoints set after this one are gone.
	for i, n := range t.spOrder {
		if n == lower(name) {
			for _, later := range t.spOrder[i+1:] {
				delete(t.savepoints, later)
			}
			t.spOrder = t.spOrder[:i+1]
			break
		}
	}
	return nil
}

// ReleaseSavepoint implements sql.TransactionSession.
func (s *Session) ReleaseSavepoint(ctx *sql.Context, tx sql.Transaction, name string) error {
	t := tx.(*Transaction)
	if _, ok := t.savepoints[lower(name)]; !ok {
		return sql.ErrSavepointDoesNotExist.New(name)
	}
	t.dropSavepoint(lower(name))
	return nil
}

// ResumeTransaction puts the session's open transaction back in GMS's
// transaction slot when that slot is empty or holds a finished one.
// GMS's CALL (rowexec buildCall) empties the slot for the body and puts
// the CALL's own transaction back when the body ends. The body's first
// statement then began a new transaction, and StartTransaction rolled back
// the open one: `START TRANSACTION; INSERT ...; CALL p(); COMMIT` lost the
// INSERT (and p's writes), where MySQL runs a procedure's statements in
// the caller's transaction. A transaction the body started (START
// TRANSACTION as its last statement) was likewise dropped by the next
// statement after the CALL, which found the CALL's committed one in the
// slot. The session's own transaction is only left open while the slot
// differs by that path: COMMIT, ROLLBACK, a deadlock and a failed
// autocommit statement all end or clear it.
func ResumeTransaction(ctx *sql.Context) {
	if s, ok := ctx.Session.(*Session); ok {
		s.resumeTx()
	}
}

func (s *Session) resumeTx() {
	if s.tx == nil || s.tx.kv.Done() {
		return
	}
	cur, _ := s.GetTransaction().(*Transaction)
	if cur == s.tx || (cur != nil && !cur.kv.Done()) {
		return
	}
	s.SetTransaction(s.tx)
}

// CommandBegin implements sql.LifecycleAwareSession.
func (s *Session) CommandBegin() error { return nil }

// CommandEnd implements sql.LifecycleAwareSession. GMS commits an
// autocommit statement's transaction only when the statement succeeds; after
// a failed one (a 1062, say) it keeps the transaction for the next statement,
// which would then read a stale snapshot and pin it while the connection
// idles. Outside an explicit transaction, whatever is left is rolled back,
// as MySQL rolls back a failed autocommit statement.
func (s *Session) CommandEnd() {
	s.endStatementAutoInc()
	clear(s.userVarNotes)
	s.routineColl = sql.Collation_Unspecified
	if s.tx != nil {
		// A failed ALTER's writes go now, before the next statement of the
		// transaction reads through them.
		if err := s.tx.undoFailedDDL(); err != nil {
			// The whole transaction is gone (kv rolled it back): the next
			// statement starts a new one (txnOf).
			s.eng.locks.ReleaseAll(s.tx.kv.ID())
			slog.Warn("failed DDL could not be undone alone; transaction rolled back", "err", err)
		}
	}
	s.resumeTx()
	s.lk.stmt, s.lk.next = nil, nil
	s.consistentSnapshot = false
	s.mdlDeadlocked = false
	s.endDDLLock()
	if s.tx == nil {
		// No transaction holds what the statement locked (it ended, or
		// the statement ran without one).
		s.eng.releaseMDL(s)
	}
	if s.tx != nil && s.tx.iso == readCommitted {
		// The next statement reads what is committed when it runs.
		s.tx.kv.RefreshSnapshot()
	}
	if s.tx == nil || s.GetIgnoreAutoCommit() || !s.autocommit() {
		return
	}
	s.endOneShot(s.tx)
	s.endKV(s.tx)
	s.tx = nil
	s.SetTransaction(nil)
}

func (s *Session) autocommit() bool {
	v, err := s.GetSessionVariable(nil, "autocommit")
	if err != nil {
		return true
	}
	switch b := v.(type) {
	case bool:
		return b
	case int8:
		return b != 0
	case int64:
		return b != 0
	case int:
		return b != 0
	case string:
		return b == "1" || strings.EqualFold(b, "ON")
	}
	return true
}

// SessionEnd implements sql.LifecycleAwareSession: a client that goes away
// mid-transaction loses its uncommitted work, as in MySQL.
func (s *Session) SessionEnd() {
	s.endTx()
	s.endDDLLock()
	s.eng.releaseMDL(s)
	s.eng.sessions.CompareAndDelete(s.ID(), s)
}

func (s *Session) endTx() {
	if s.tx != nil {
		s.endKV(s.tx)
		s.tx = nil
	}
}

// Shutdown rolls back every session's open transaction, so the store can
// close with no snapshot pinned. The server calls it after it stopped
// accepting connections and cancelled running queries.
func (e *Engine) Shutdown() {
	e.closing.Store(true)
	e.bgCancel()
	e.bg.Wait()
	e.sessions.Range(func(_, v any) bool {
		v.(*Session).endTx()
		return true
	})
}

// CurrentDatabase is the database a connection has selected ("" if none or
// unknown), for error messages that MySQL qualifies with it.
func (e *Engine) CurrentDatabase(connID uint32) string {
	if v, ok := e.sessions.Load(connID); ok {
		return v.(*Session).GetCurrentDatabase()
	}
	return ""
}

// txnOf returns the transaction a statement runs in, starting one for callers
// that run outside GMS's statement lifecycle.
//
// A transaction whose commit failed (a 1213 conflict) is finished, but GMS
// keeps it on the context; as in MySQL, the next statement then runs in a
// new transaction.
func txnOf(ctx *sql.Context) (*Transaction, error) {
	if t, ok := ctx.GetTransaction().(*Transaction); ok && t != nil && !t.kv.Done() {
		return t, nil
	}
	s, ok := ctx.Session.(*Session)
	if !ok {
		return nil, fmt.Errorf("myriad: session %T is not a Myriad session", ctx.Session)
	}
	tx, err := s.StartTransaction(ctx, sql.ReadWrite)
	if err != nil {
		return nil, err
	}
	ctx.SetTransaction(tx)
	return tx.(*Transaction), nil
}

// catalogReader is what dictionary lookups read through: nil (the shared
// cache) unless this transaction has rewritten part of the dictionary.
//
// A definition is only as current as the moment it is looked up, so the
// transaction's start version is fixed no later than that: a DDL that
// commits afterwards (and rewrites or drops what the definition describes)
// then conflicts with this transaction's writes instead of letting them land
// under a dropped table or miss a new index.
func catalogReader(ctx *sql.Context) catalog.Reader {
	if t, ok := ctx.GetTransaction().(*Transaction); ok && t != nil {
		if t.catalogDirty() {
			return t.kv
		}
		t.kv.Pin()
	}
	return nil
}

func mapKVError(err error) error {
	if errors.Is(err, kv.ErrConflict) {
		return sql.ErrLockDeadlock.New("write conflict with a concurrent transaction")
	}
	return err
}

func (t *Transaction) dropSavepoint(name string) {
	delete(t.savepoints, name)
	for i, n := range t.spOrder {
		if n == name {
			t.spOrder = append(t.spOrder[:i], t.spOrder[i+1:]...)
			break
		}
	}
}

// CommitBeforeDDL does for connection connID what MySQL does before a
// statement that commits implicitly (sqltext.CommitsImplicitly): the open
// transaction, if any, is committed and the session leaves it (the
// statement and the ones after it autocommit again). GMS would run the
// DDL inside that transaction, on its old snapshot, and keep the session
// out of autocommit afterwards, so a ROLLBACK would lose later
// statements MySQL has committed. An error is the transaction's commit
// failing; the DDL must then not run.
func (e *Engine) CommitBeforeDDL(ctx context.Context, connID uint32) error {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return nil
	}
	s := v.(*Session)
	s.SetIgnoreAutoCommit(false)
	t := s.tx
	if t == nil {
		s.SetTransaction(nil)
		return nil
	}
	sctx := sql.NewContext(ctx, sql.WithSession(s))
	err := s.CommitTransaction(sctx, t)
	s.SetTransaction(nil)
	return err
}
