package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/go-mysql-server/sql/variables"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// Online index builds (CREATE INDEX, ALTER TABLE ... ADD [UNIQUE] INDEX),
// in the F1/TiDB states:
//
//  1. The index goes into the table record as delete-only, together with a
//     job record (catalog.Job under keys.Job), in one short transaction.
//  2. It becomes write-only: from then on every writer maintains it.
//  3. The backfill walks the rows in key order in batches (rows per batch:
//     myriad_ddl_batch_rows, at most 1 MiB), each batch one short
//     optimistic transaction reading its own snapshot and writing the
//     batch's entries and the job's cursor. A writer that changed or
//     deleted a row of the batch after the batch's snapshot also deleted
//     the entry the batch computed from the old row, so the batch conflicts
//     at commit and is redone from the same cursor.
//  4. The index becomes public and the job record goes.
//
// Each state change holds the table's exclusive DDL lock (the key of
// LockTableForDDL) only while it commits; the backfill holds none, so DML
// goes on. A writer must never use a definition older than the newest
// state change: a writer takes the table's intention lock before its first
// write (syncBuild), which orders it after any state change, and then
// switches to the newest definition the build committed (kept in
// Engine.builds). So one definition is in use at a time and the states
// could be skipped; they are kept because they are what a job record says
// after a crash.
//
// A unique violation, found by the backfill or by a writer of a
// write-only UNIQUE index, fails the job with 1062; a failed, cancelled
// (KILL QUERY) or interrupted build is rolled back: the index's entries
// are range-deleted and the index and job records removed in one
// transaction. After a crash, ResumeJobs continues each job from its
// cursor (a job already rolling back is finished off).

// Variables tuning the backfill.
const (
	BatchRowsVar  = "myriad_ddl_batch_rows"
	BatchDelayVar = "myriad_ddl_batch_delay_ms"
	// SleepRatioVar throttles the backfill while foreground transactions
	// run: after a batch that took d, the backfill sleeps d x ratio / 100
	// (an idle server builds at full speed). The backfill is one goroutine
	// doing nothing but CPU work and writes; on a small machine it takes a
	// core from the foreground for the whole build without it. The ratio
	// is where the adaptive throttle starts (ixthrottle.go), and fixed
	// when ForegroundPctVar is 0.
	SleepRatioVar = "myriad_ddl_backfill_sleep_ratio"
)

// DefaultSleepRatio is SleepRatioVar's default: under foreground load the
// backfill uses at most a quarter of a core, and a build under continuous
// load takes up to 4x its idle time. The 2-core machine it was measured on
// was too loaded by other jobs to show its effect on throughput
// (docs/BENCHMARKS.md, "Online DDL under sysbench, side by side").
const DefaultSleepRatio = 300

// maxThrottleSleep caps one throttle sleep, so a batch slowed by a stall
// (a compaction, a lock wait) does not park the build for long.
const maxThrottleSleep = 2 * time.Second

// batchBytes bounds the keys and values one backfill batch reads.
const batchBytes = 1 << 20

var registerBuildVarsOnce sync.Once

func registerBuildVariables() {
	registerBuildVarsOnce.Do(func() {
		if sql.SystemVariables == nil {
			variables.InitSystemVariables()
		}
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{
			&sql.MysqlSystemVariable{
				Name:    BatchRowsVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(BatchRowsVar, 1, 1_000_000, false),
				Default: int64(1000),
			},
			&sql.MysqlSystemVariable{
				Name:    BatchDelayVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(BatchDelayVar, 0, math.MaxInt32, false),
				Default: int64(0),
			},
			&sql.MysqlSystemVariable{
				Name:    SleepRatioVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(SleepRatioVar, 0, 100_000, false),
				Default: int64(DefaultSleepRatio),
			},
			&sql.MysqlSystemVariable{
				Name:    ChargeWritesVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(ChargeWritesVar, 0, 1, false),
				Default: int64(0),
			},
			&sql.MysqlSystemVariable{
				Name:    ReadCopyRowsVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(ReadCopyRowsVar, 0, math.MaxInt64, false),
				Default: int64(DefaultReadCopyRows),
			},
			&sql.MysqlSystemVariable{
				Name:    GCHeadroomVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(GCHeadroomVar, 0, 1<<20, false),
				Default: int64(DefaultGCHeadroomMB),
			},
			&sql.MysqlSystemVariable{
				Name:    ForegroundPctVar,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: true,
				Type:    types.NewSystemIntType(ForegroundPctVar, 0, 100, false),
				Default: int64(DefaultForegroundPct),
			},
		})
	})
}

func globalInt(name string, dflt int64) int64 {
	if sql.SystemVariables == nil {
		return dflt
	}
	_, v, ok := sql.SystemVariables.GetGlobal(name)
	if !ok {
		return dflt
	}
	if n, ok := v.(int64); ok {
		return n
	}
	return dflt
}

// build is one online index build running in this process. Its entry in
// Engine.builds stays after it ends (a writer that resolved the table
// before the last state change still switches to the final definition)
// until the next schema change of the table takes its DDL lock.
type build struct {
	e       *Engine
	owner   uint64 // lock owner of the state changes
	lockKey string // the table's DDL lock key
	conn    uint32 // connection running the statement; 0: resumed
	resumed bool   // started by ResumeJobs after a restart
	// stmtStart: when the CREATE INDEX statement began (its throttle's
	// reference is the foreground's rate before it).
	stmtStart time.Time
	jobID     uint64
	indexID   uint32 // set before the build is registered
	timeout   time.Duration
	rw        *rewrite // set for a table rewrite (rewrite.go) instead of an index
	// th is the backfill's throttle when made before the backfill (its
	// reference probe, run); nil: the backfill makes one.
	th *backfillThrottle
	// mdl is the table's metadata lock a rewrite that holds it
	// (rewrite.holdMDL) copies under, SHARED_NO_WRITE, upgraded for the
	// swap; nil when no session lock was taken (an embedded session's).
	mdl *mdlLock

	job catalog.Job // the record as last written (runner goroutine only)
	// wrote: bytes of index entries the last committed batch wrote (runner
	// goroutine only), for the throttle's charge.
	wrote int
	def   atomic.Pointer[catalog.Table]
	// The backfill's read copy (ixcopy.go; runner goroutine only).
	useCopy  bool
	rc       *kv.ReadCopy
	rcMissed bool
	// keys: the slab batchFrom carves a batch's index keys from, reused
	// by the next batch once the batch's Txn has ended.
	keys []byte

	phase     atomic.Value // string, for SHOW PROCESSLIST
	rowsDone  atomic.Int64
	rowsTotal atomic.Int64
	dup       atomic.Pointer[error] // first unique violation a writer met
	done      chan struct{}
	ended     atomic.Bool
}

func (b *build) fail(err error) { b.dup.CompareAndSwap(nil, &err) }

func (b *build) failure() error {
	if p := b.dup.Load(); p != nil {
		return *p
	}
	return nil
}

func (b *build) finish() {
	if b.ended.CompareAndSwap(false, true) {
		close(b.done)
	}
}

// buildOf is the build (running or ended) last registered for table id.
func (e *Engine) buildOf(id uint64) *build {
	if v, ok := e.builds.Load(id); ok {
		return v.(*build)
	}
	return nil
}

// BuildState is the SHOW PROCESSLIST state of connection connID's index
// build, if it runs one.
func (e *Engine) BuildState(connID uint32) (string, bool) {
	var out string
	found := false
	e.builds.Range(func(_, v any) bool {
		b := v.(*build)
		if b.conn == connID && !b.ended.Load() {
			out, found = b.state(), true
			return false
		}
		return true
	})
	return out, found
}

func (b *build) state() string {
	p, _ := b.phase.Load().(string)
	if p == "backfilling" {
		done, total := b.rowsDone.Load(), b.rowsTotal.Load()
		if b.rw != nil {
			return fmt.Sprintf("copy to tmp table (%d of %d rows)", done, max(done, total))
		}
		return fmt.Sprintf("backfilling index (%d of %d rows)", done, max(done, total))
	}
	return p
}

// syncBuild returns the table a writer of t writes through: t, or a copy
// of it with the newest definition an index build of the table committed.
// The intention lock orders the writer after any state change (which
// holds the table exclusively) and keeps the next one waiting until the
// writer's transaction ends. t itself is never changed: a cached plan's
// table is shared by the sessions running the plan (CacheableDML lets
// them write during a build).
func (t *Table) syncBuild(ctx *sql.Context, tx *kv.Txn) (*Table, error) {
	b := t.db.eng.buildOf(t.def.ID)
	if b == nil {
		return t, nil
	}
	if b.ended.Load() && b.rw == nil && !b.switches(t.def) {
		// The build is over (its last state change committed before it
		// ended) and t has its final state: there is no state change left
		// to order this writer after. A writer that resolved the table
		// before that change still switches below. Definitions are
		// compared by content: the catalog hands out its own copy of the
		// final definition, never the build's pointer. (The entry stays
		// until the table's next DDL; without this every write to a table
		// that once had an index built took the table's intention lock,
		// 1-3% of oltp_insert's and oltp_update_index's CPU.)
		return t, nil
	}
	if s, ok := ctx.Session.(*Session); ok && s.lk.ddl &&
		t.db.eng.locks.Holds(ddlOwner(s.ID()), t.tableLockKey()) == locks.X {
		return t, nil
	}
	if t.db.eng.locks.Holds(tx.ID(), t.tableLockKey()) == 0 {
		o := locks.Options{Timeout: lockWaitTimeout(ctx)}
		if _, err := t.db.eng.locks.Acquire(ctx, tx.ID(), t.tableLockKey(), locks.IX, o); err != nil {
			return t, t.db.eng.lockError(ctx, tx, err)
		}
	}
	if b.rw != nil {
		return t, t.staleRewrite()
	}
	if b.switches(t.def) {
		return t.db.newTable(b.def.Load()), nil
	}
	return t, nil
}

// switches reports whether a writer holding definition def must write
// through the build's newest definition instead: they differ only in the
// state of the build's index.
func (b *build) switches(def *catalog.Table) bool {
	d := b.def.Load()
	return d != nil && d != def && d.Name == def.Name && sameColumns(d, def) && onlyBuildDiffers(d, def, b.indexID)
}

// onlyBuildDiffers reports whether definitions a and b differ in the
// state (or presence) of index id alone: the only change a writer may
// take from the build's definition.
func onlyBuildDiffers(a, b *catalog.Table, id uint32) bool {
	var ai, bi []catalog.Index
	differs := false
	for _, ix := range a.Indexes {
		if ix.ID != id {
			ai = append(ai, ix)
		}
	}
	for _, ix := range b.Indexes {
		if ix.ID != id {
			bi = append(bi, ix)
		}
	}
	if x, y := indexOf(a, id), indexOf(b, id); (x == nil) != (y == nil) || x != nil && x.State != y.State {
		differs = true
	}
	if !differs || len(ai) != len(bi) {
		return false
	}
	for i := range ai {
		if ai[i].ID != bi[i].ID || ai[i].Name != bi[i].Name {
			return false
		}
	}
	return true
}

func sameColumns(a, b *catalog.Table) bool {
	if len(a.Columns) != len(b.Columns) {
		return false
	}
	for i := range a.Columns {
		if a.Columns[i].ID != b.Columns[i].ID {
			return false
		}
	}
	return true
}

// uniqueCheck enforces a public UNIQUE index; for a write-only one, a
// duplicate fails the build, not the writer (the index is not the
// writer's yet).
func (t *Table) uniqueCheck(ctx *sql.Context, tx *kv.Txn, ix *indexLayout, ik []byte, row sql.Row) error {
	if ix.state == catalog.IndexPublic {
		return t.checkUnique(ctx, tx, ix, ik, row)
	}
	b := t.db.eng.buildOf(t.def.ID)
	if b == nil || b.failure() != nil {
		return nil
	}
	up, err := t.lay.uniquePrefix(ik, ix)
	if err != nil {
		return err
	}
	var r interface {
		NewIter(lo, hi []byte) (*kv.Iter, error)
	} = tx
	if tx.Pessimistic() {
		// Locked like a public unique value, so the backfill (which locks
		// the values it writes) and this writer see each other's entries.
		if _, err := t.lockRow(ctx, tx, up, locks.X, false); err != nil {
			return err
		}
		r = tx.CurrentView()
	}
	if other, err := otherEntry(r, up, ik); err != nil {
		return err
	} else if other {
		b.fail(sql.NewUniqueKeyErr(dupMessage(ctx, t.lay, row, ix.cols, ix.name), false, nil))
	}
	return nil
}

// otherEntry reports whether an index entry other than ik starts with up.
func otherEntry(r interface {
	NewIter(lo, hi []byte) (*kv.Iter, error)
}, up, ik []byte) (bool, error) {
	it, err := r.NewIter(keys.PrefixSpan(up))
	if err != nil {
		return false, err
	}
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		if string(it.Key()) != string(ik) {
			return true, nil
		}
	}
	return false, it.Error()
}

var (
	errTableGone   = errors.New("myriad: the table of an index build is gone")
	errInterrupted = mysql.NewSQLError(mysql.ERQueryInterrupted, "70100", "Query execution was interrupted")
)

// createIndexOnline builds index ix of t as a job. The statement holds no
// writes (checked by the caller); its transaction is ended so it pins
// nothing during the backfill.
func (t *Table) createIndexOnline(ctx *sql.Context, tx *Transaction, s *Session, ix catalog.Index) error {
	e := t.db.eng
	if e.closing.Load() {
		return errInterrupted
	}
	// Shutdown waits for the build to stop before the store closes.
	e.bg.Add(1)
	defer e.bg.Done()
	s.endKV(tx)
	lockKey := t.tableLockKey()
	owner := ddlOwner(s.ID())
	timeout := ddlLockTimeout(ctx, s)
	if e.locks.Holds(owner, lockKey) != locks.X {
		s.lk.ddl = true // endDDLLock releases it with the statement
		if _, err := e.locks.Acquire(ctx, owner, lockKey, locks.X, locks.Options{Timeout: timeout}); err != nil {
			return ddlLockError(err)
		}
		// Not taken by the server before parsing (lockDDLTable): the engine
		// runs embedded (no CommandEnd follows a statement, as in GMS's
		// enginetest harness) or the pre-pass did not see this DDL. The
		// build releases what it took when it returns, or the table stays
		// locked for every later writer (1205).
		defer func() {
			e.locks.ReleaseAll(owner)
			s.lk.ddl = false
		}()
	}
	id, err := e.cat.NewID()
	if err != nil {
		return err
	}
	total := e.rowCountEstimate(t.def)
	b := &build{e: e, owner: owner, lockKey: lockKey, conn: s.ID(), timeout: timeout, done: make(chan struct{}), stmtStart: ctx.QueryTime()}
	if b.stmtStart.IsZero() {
		b.stmtStart = time.Now()
	}
	b.jobID = id
	b.job = catalog.Job{ID: id, Schema: t.db.schema.Name, SchemaID: t.db.schema.ID, Table: t.def.Name, TableID: t.def.ID,
		Index: ix.Name, IndexID: ix.ID, State: catalog.IndexDeleteOnly.String(), RowsTotal: total, Started: time.Now().UTC()}
	b.rowsTotal.Store(total)
	b.phase.Store("creating index (delete-only)")
	ix.State = catalog.IndexDeleteOnly
	// The first state change runs under the lock the statement already
	// holds (a build is registered only once its record exists).
	err = b.commitState(ctx, false, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
		if _, dup := def.IndexByName(ix.Name); dup {
			return nil, sql.ErrDuplicateKey.New(ix.Name)
		}
		if def.NextIndexID > ix.ID {
			ix.ID = def.NextIndexID
			b.job.IndexID = ix.ID
		}
		def.NextIndexID = ix.ID + 1
		def.Indexes = append(def.Indexes, ix)
		ch.PutJob(&b.job)
		return def, nil
	})
	if err != nil {
		b.finish()
		if errors.Is(err, errTableGone) {
			return sql.ErrTableNotFound.New(t.def.Name)
		}
		return err
	}
	b.indexID = b.job.IndexID
	e.builds.Store(t.def.ID, b)
	e.locks.ReleaseAll(owner)
	// Statements use the table during the backfill.
	s.endDDLMDL()
	err = b.run(ctx, ctx.Context)
	if err != nil {
		return err
	}
	t.setDef(b.def.Load())
	// endDDLLock releases the lock the last state change left held.
	return nil
}

// rowCountEstimate is the table's committed row count as its counter says,
// without RowCount's counting scan (whose stored base could land in the
// span of a table dropped meanwhile: a CREATE INDEX does not keep DROP
// TABLE out until its first state change).
func (e *Engine) rowCountEstimate(t *catalog.Table) int64 {
	v, ok, err := e.db.Get(keys.RowCount(t.DataSchemaID, t.ID))
	if err != nil || !ok {
		return 0
	}
	n, _, err := kv.DecodeCount(v)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func ddlLockTimeout(ctx context.Context, s *Session) time.Duration {
	timeout := 31536000 * time.Second
	if v, err := s.GetSessionVariable(nil, "lock_wait_timeout"); err == nil {
		if n, _, err := types.Int64.Convert(ctx, v); err == nil && n != nil {
			timeout = time.Duration(n.(int64)) * time.Second
		}
	}
	return timeout
}

func ddlLockError(err error) error {
	switch {
	case errors.Is(err, locks.ErrLockWaitTimeout):
		return errLockWaitTimeout
	case errors.Is(err, locks.ErrDeadlock):
		return errDeadlock
	}
	return err
}

// run takes the job from its recorded state to public, or rolls it back.
// ctx cancels it (KILL QUERY); sctx encodes keys. It returns with the
// table's DDL lock held by b.owner when the index went public.
func (b *build) run(sctx *sql.Context, ctx context.Context) (err error) {
	defer b.finish()
	if b.job.State == catalog.JobRollback {
		return b.rollback(errors.New("myriad: index build rolled back after a restart"))
	}
	defer func() {
		if err != nil {
			if b.e.closing.Load() {
				return // shutting down: the job resumes at the next start
			}
			err = b.rollback(err)
		}
	}()
	if b.rw != nil {
		return b.runRewrite(sctx, ctx)
	}
	if b.job.State == catalog.IndexDeleteOnly.String() {
		if !b.resumed {
			// (A resumed build's throttle settles in its backfill:
			// right after the restart the clients are still
			// reconnecting.)
			b.th = newBackfillThrottle(b.e.foregroundEnds)
		}
		if b.th != nil && globalInt(ForegroundPctVar, DefaultForegroundPct) > 0 && b.rowsTotal.Load() > globalInt(BatchRowsVar, 1000) {
			// The throttle's reference: the foreground's rate before the
			// statement began (ixthrottle.go, referAt). It replaces the
			// probe before the second batch; a build of one batch never
			// pauses, and would wait up to a second for nothing.
			b.phase.Store("measuring the foreground's rate")
			if err := b.th.referAt(ctx, &b.e.fgHist, b.stmtStart); err != nil {
				return err
			}
			b.keepReference(b.th)
		}
		b.phase.Store("waiting for table lock (write-only)")
		err := b.commitState(ctx, true, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
			ix := indexOf(def, b.job.IndexID)
			if ix == nil {
				return nil, errTableGone
			}
			ix.State = catalog.IndexWriteOnly
			b.job.State = catalog.IndexWriteOnly.String()
			ch.PutJob(&b.job)
			return def, nil
		})
		b.e.locks.ReleaseAll(b.owner)
		if err != nil {
			return err
		}
	}
	lay := layoutOf(b.def.Load())
	il := lay.indexByID(b.job.IndexID)
	if il == nil {
		return errTableGone
	}
	batch := func(sctx *sql.Context, cursor, hi []byte, limit int) ([]byte, int, error) {
		return b.batch(sctx, lay, il, cursor, hi, limit)
	}
	// Taken from here on (after write-only): the same rule as each
	// batch's own snapshot.
	b.useCopy = b.rowsTotal.Load()-b.job.RowsDone >= globalInt(ReadCopyRowsVar, DefaultReadCopyRows)
	err = b.backfill(sctx, ctx, lay, batch)
	b.closeCopy()
	if err != nil {
		return err
	}
	b.phase.Store("waiting for table lock (public)")
	defer func() {
		if err == nil {
			b.e.notePublic(b.job.TableID, b.job.IndexID)
		}
	}()
	return b.commitState(ctx, true, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
		// Under the table lock no writer is between its unique check and
		// its commit: a violation any of them found is known by now.
		if err := b.failure(); err != nil {
			return nil, err
		}
		ix := indexOf(def, b.job.IndexID)
		if ix == nil {
			return nil, errTableGone
		}
		ix.State = catalog.IndexPublic
		ch.DeleteJob(b.job.ID)
		return def, nil
	})
}

func indexOf(def *catalog.Table, id uint32) *catalog.Index {
	for i := range def.Indexes {
		if def.Indexes[i].ID == id {
			return &def.Indexes[i]
		}
	}
	return nil
}

// commitState commits one change of the table record (and whatever mutate
// adds) in its own transaction, after taking the table's DDL lock when
// lock is set (the caller releases it). The record is read again in that
// transaction, so a concurrent DROP or RENAME conflicts instead of being
// overwritten.
func (b *build) commitState(ctx context.Context, lock bool, mutate func(tx *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error)) error {
	e := b.e
	if lock {
		if _, err := e.locks.Acquire(ctx, b.owner, b.lockKey, locks.X, locks.Options{Timeout: b.timeout}); err != nil {
			return ddlLockError(err)
		}
	}
	tx := e.db.Begin()
	defer tx.Rollback()
	sch, err := e.cat.Schema(tx, b.job.Schema)
	if err != nil {
		return err
	}
	if sch == nil || sch.ID != b.job.SchemaID {
		return errTableGone
	}
	cur, err := e.cat.Table(tx, sch, b.job.Table)
	if err != nil {
		return err
	}
	if cur == nil || cur.ID != b.job.TableID {
		return errTableGone
	}
	ch := new(catalog.Change)
	def, err := mutate(tx, cur.Clone(), ch)
	if err != nil {
		return err
	}
	ch.PutTable(sch, def)
	rewritten, err := e.cat.Write(tx, ch)
	if err != nil {
		return err
	}
	e.cat.BeginChange(rewritten)
	err = tx.Commit()
	e.cat.EndChange(rewritten)
	if err != nil {
		return mapKVError(err)
	}
	b.def.Store(def)
	return nil
}

// backfill runs batch over every row of lay from the job's cursor on.
func (b *build) backfill(sctx *sql.Context, ctx context.Context, lay *layout,
	batch func(sctx *sql.Context, cursor, hi []byte, limit int) ([]byte, int, error)) error {
	_, hi := keys.PrefixSpan(lay.primary)
	cursor := b.job.Cursor
	if cursor == nil {
		cursor = lay.primary
	}
	b.rowsDone.Store(b.job.RowsDone)
	b.phase.Store("backfilling")
	th := b.th
	if th == nil && b.resumed {
		th = newResumedThrottle(b.e.foregroundEnds, b.job.ThrottleRef, time.UnixMilli(b.job.ThrottleRefAt))
	} else if th == nil {
		th = newBackfillThrottle(b.e.foregroundEnds)
	}
	th.label = fmt.Sprintf("%d %s.%s", b.job.ID, b.job.Schema, b.job.Table)
	th.debt = b.e.db.CompactionDebt
	th.work = b.e.db.WriteWork
	th.charge() // the figures the first window's charge starts from
	defer holdBuildGC()()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := b.failure(); err != nil {
			return err
		}
		limit := int(globalInt(BatchRowsVar, 1000))
		start := time.Now()
		next, n, err := batch(sctx, cursor, hi, limit)
		for errors.Is(err, kv.ErrConflict) {
			// A writer changed a row of the batch since its snapshot:
			// redo the batch from the same cursor, smaller.
			if err := ctx.Err(); err != nil {
				return err
			}
			if limit > 16 {
				limit /= 2
			}
			// A writer holds a lock the batch needs until it commits
			// (the batch does not wait in the lock table, see
			// checkBatchUnique): back off, up to the DDL's lock wait
			// timeout.
			if time.Since(start) > b.timeout {
				return errLockWaitTimeout
			}
			time.Sleep(min(time.Since(start)/8+time.Millisecond/4, 10*time.Millisecond))
			next, n, err = batch(sctx, cursor, hi, limit)
		}
		if err != nil {
			return err
		}
		took := time.Since(start)
		b.rowsDone.Add(int64(n))
		th.written(b.wrote)
		b.wrote = 0
		if next == nil {
			return nil
		}
		cursor = next
		if hook := BackfillHook.Load(); hook != nil {
			(*hook)(b.job.Table, b.rowsDone.Load())
		}
		pause, err := th.pause(ctx, took)
		if err != nil {
			return err
		}
		b.keepReference(th)
		pause += time.Duration(globalInt(BatchDelayVar, 0)) * time.Millisecond
		if pause > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(pause):
			}
		}
	}
}

// keepReference puts th's reference in the job record the next batch
// writes, so that a build resumed after a crash still has it
// (newResumedThrottle).
func (b *build) keepReference(th *backfillThrottle) {
	if th.reference > 0 && th.reference != b.job.ThrottleRef {
		b.job.ThrottleRef, b.job.ThrottleRefAt = th.reference, th.refAt.UnixMilli()
	}
}

// foregroundEnds counts the session transactions that ended (committed
// or rolled back); the backfill's own transactions are not among them.
func (e *Engine) foregroundEnds() int64 {
	return e.metrics.Commits.Load() + e.metrics.Rollbacks.Load()
}

// BackfillHook, when set, is called after each committed backfill batch
// with the table's name and the rows done (tests pause builds with it).
var BackfillHook atomic.Pointer[func(table string, rowsDone int64)]

// batch indexes up to limit rows (or batchBytes) from cursor in one
// transaction and returns the cursor after them (nil at the end). It reads
// the rows from the build's read copy when it has one (ixcopy.go), else,
// or when a row of the batch changed since the copy, from the store.
func (b *build) batch(sctx *sql.Context, lay *layout, il *indexLayout, cursor, hi []byte, limit int) ([]byte, int, error) {
	if c := b.readCopy(cursor, hi); c != nil {
		next, n, err := b.batchFrom(sctx, lay, il, c, cursor, hi, limit)
		if !errors.Is(err, kv.ErrConflict) {
			if err == nil {
				copyCounts.fromCopy.Add(1)
			}
			return next, n, err
		}
		b.copyMissed()
	}
	return b.batchFrom(sctx, lay, il, nil, cursor, hi, limit)
}

// batchFrom is batch reading from copy c, or from the store when c is nil.
func (b *build) batchFrom(sctx *sql.Context, lay *layout, il *indexLayout, c *kv.ReadCopy, cursor, hi []byte, limit int) ([]byte, int, error) {
	e := b.e
	tx := e.db.Begin()
	defer func() {
		tx.Rollback()
		e.locks.ReleaseAll(tx.ID())
	}()
	var it *kv.Iter
	var err error
	if c != nil {
		it, err = c.NewIter(cursor, hi)
	} else {
		it, err = tx.NewIter(cursor, hi)
	}
	if err != nil {
		return nil, 0, err
	}
	n, size, wrote := 0, 0, 0
	var last []byte
	// The rows are decoded into one row, only the columns the key reads
	// (all of them for a functional key part, whose expression may read
	// any), and the keys are carved from b.keys, which the Txn holds
	// (SetOwned) until it ends: a 10M-row build allocated ~1 KB a row
	// before (docs/BENCHMARKS.md, ixmem19), which at the server's GOGC
	// is the Go heap's share of the build's memory.
	var need []bool
	if il.fx == nil {
		need = make([]bool, len(lay.sch))
		for _, c := range il.cols {
			need[c] = true
		}
	}
	buf := make(sql.Row, len(lay.sch))
	keys, room := b.keys[:0], 64
	defer func() { b.keys = keys[:0] }()
	ok := it.First()
	for ; ok && n < limit && size < batchBytes; ok = it.Next() {
		key := it.Key()
		row, err := lay.decodeSomeInto(it.Value(), buf, need)
		if err != nil {
			it.Close()
			return nil, 0, err
		}
		if cap(keys)-len(keys) < room {
			// A new slab; the keys in the old one stay where they are.
			keys = make([]byte, 0, max(2*cap(keys), 64<<10, room))
		}
		off := len(keys)
		var hasNull bool
		keys, hasNull, err = lay.appendIndexKey(sctx, keys, il, row, key)
		if err != nil {
			it.Close()
			return nil, 0, err
		}
		ik := keys[off:len(keys):len(keys)]
		// Room for twice the longest key so far: a string's collation
		// weights that do not fit would copy the slab (appendWeights).
		room = max(room, 2*len(ik)+64)
		if il.unique && !hasNull {
			if err := b.checkBatchUnique(sctx, tx, lay, il, ik, row); err != nil {
				it.Close()
				return nil, 0, err
			}
		}
		tx.SetOwned(ik)
		wrote += len(ik)
		size += len(key) + len(it.Value())
		last = append(last[:0], key...)
		n++
	}
	more := ok
	if err := it.Error(); err != nil {
		it.Close()
		return nil, 0, err
	}
	it.Close()
	if c != nil {
		// The rows read are the table's rows only if none of them
		// changed since the copy: a writer that changed one also deleted
		// the entry computed here from its old value, and a row inserted
		// among them is not in the copy.
		end := hi
		if more {
			end = append(append([]byte(nil), last...), 0)
		}
		tx.CheckRangeSince(c, cursor, end)
	}
	next, n, err := b.commitBatch(tx, last, more, hi, n)
	if err == nil {
		b.wrote = wrote
	}
	return next, n, err
}

// commitBatch records a backfill batch's progress in the job record and
// commits the batch's transaction with it: the cursor after last (hi when
// the span is done) and n more rows. It returns the cursor (nil: done).
func (b *build) commitBatch(tx *kv.Txn, last []byte, more bool, hi []byte, n int) ([]byte, int, error) {
	var next []byte
	if more {
		next = append(last, 0) // the smallest key after last
	}
	job := b.job
	job.Cursor, job.RowsDone = next, b.job.RowsDone+int64(n)
	if job.AutoNext > 0 {
		job.AutoNext += uint64(n)
	}
	if next == nil {
		job.Cursor = hi
	}
	// Job records are not cached definitions: nothing to invalidate.
	if _, err := b.e.cat.Write(tx, new(catalog.Change).PutJob(&job)); err != nil {
		return nil, 0, err
	}
	if err := tx.Commit(); err != nil {
		return nil, 0, err
	}
	b.job = job
	return next, n, nil
}

// checkBatchUnique fails the build if another entry holds ik's unique
// value. The value is locked as a writer locks it, so a concurrent writer
// of the same value either committed before (and is seen here) or waits
// and then sees this batch's entry.
func (b *build) checkBatchUnique(sctx *sql.Context, tx *kv.Txn, lay *layout, il *indexLayout, ik []byte, row sql.Row) error {
	up, err := lay.uniquePrefix(ik, il)
	if err != nil {
		return err
	}
	tableKey := "T" + string(lay.primary)
	// A batch never waits for a writer's lock: a writer may wait for one
	// of the batch's own while holding this one, and the deadlock's
	// victim could be the client. Busy: the batch is redone.
	if _, err := b.e.locks.AcquireRow(sctx, tx.ID(), tableKey, string(up), locks.X, locks.Options{NoWait: true}); err != nil {
		if errors.Is(err, locks.ErrNoWait) {
			return kv.ErrConflict
		}
		return ddlLockError(err)
	}
	other, err := otherEntry(tx.CurrentView(), up, ik)
	if err != nil || !other {
		return err
	}
	return sql.NewUniqueKeyErr(dupMessage(sctx, lay, row, il.cols, il.name), false, nil)
}

// rollback removes the index (entries and record) and the job record, and
// returns cause. It runs even when the statement was killed, so it waits
// for the table lock on its own context.
func (b *build) rollback(cause error) error {
	if b.rw != nil {
		b.phase.Store("rolling back table rewrite")
		b.rollbackRewrite()
		return rollbackCause(cause, b.job.Table)
	}
	b.phase.Store("rolling back index")
	ctx := context.Background()
	var err error
	for try := 0; try < 5; try++ {
		err = b.commitState(ctx, true, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
			for i := range def.Indexes {
				if def.Indexes[i].ID == b.job.IndexID {
					def.Indexes = append(def.Indexes[:i], def.Indexes[i+1:]...)
					break
				}
			}
			ch.DropIndexData(def, b.job.IndexID)
			ch.DeleteJob(b.job.ID)
			return def, nil
		})
		b.e.locks.ReleaseAll(b.owner)
		if err == nil || errors.Is(err, errTableGone) {
			break
		}
	}
	if errors.Is(err, errTableGone) {
		// Dropped or renamed away: its data went with it (or stays
		// unreachable under its ID); only the job record is left.
		tx := b.e.db.Begin()
		_, werr := b.e.cat.Write(tx, new(catalog.Change).DeleteJob(b.job.ID))
		if werr == nil {
			werr = tx.Commit()
		} else {
			tx.Rollback()
		}
		err = werr
	}
	if err != nil {
		slog.Error("index build rollback failed; it is retried at the next start", "job", b.job.ID, "err", err)
	}
	return rollbackCause(cause, b.job.Table)
}

// rollbackCause is the error a rolled-back job's statement returns.
func rollbackCause(cause error, table string) error {
	switch {
	case errors.Is(cause, errTableGone):
		return sql.ErrTableNotFound.New(table)
	case errors.Is(cause, context.Canceled):
		return errInterrupted
	}
	return cause
}

// awaitBuild waits, up to lock_wait_timeout, for an index build running
// on table id to end.
func (e *Engine) awaitBuild(ctx *sql.Context, id uint64) error {
	b := e.buildOf(id)
	if b == nil || b.ended.Load() {
		return nil
	}
	timeout := 31536000 * time.Second
	if s, ok := ctx.Session.(*Session); ok {
		timeout = ddlLockTimeout(ctx, s)
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-b.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errLockWaitTimeout
	}
}

// ResumeJobs continues the index builds a previous run left unfinished
// (kill -9, power loss), each in the background from its recorded cursor.
// It returns how many it started.
func (e *Engine) ResumeJobs() (int, error) {
	var jobs []*catalog.Job
	if err := e.cat.ListJobs(nil, func(j *catalog.Job) error {
		// Imports are cleaned up by the tenant import code at start-up.
		if j.Kind == "" || j.Kind == catalog.JobRewrite {
			jobs = append(jobs, j)
		}
		return nil
	}); err != nil {
		return 0, err
	}
	for _, j := range jobs {
		b := &build{e: e, owner: 1<<62 | j.ID, timeout: 31536000 * time.Second, done: make(chan struct{}), job: *j, jobID: j.ID, indexID: j.IndexID, resumed: true}
		b.rowsTotal.Store(j.RowsTotal)
		b.rowsDone.Store(j.RowsDone)
		b.phase.Store("resuming")
		var def *catalog.Table
		if sch, err := e.cat.Schema(nil, j.Schema); err == nil && sch != nil && sch.ID == j.SchemaID {
			if d, err := e.cat.Table(nil, sch, j.Table); err == nil && d != nil && d.ID == j.TableID {
				def = d
			}
		}
		if j.Kind == catalog.JobRewrite {
			rw, err := resumeRewrite(j, def)
			if err != nil {
				return 0, err
			}
			b.rw = rw
			if def == nil || rw.conv != nil && rw.conv.exprsMissing() {
				// An added column's per-row default was the statement's
				// (addColumnPerRow): the copy cannot go on.
				b.job.State = catalog.JobRollback
			} else {
				// Registered before the server takes connections: every
				// writer maintains the shadow.
				rw.mirroring.Store(true)
				rw.holdMDL = j.AutoNext > 0
			}
		}
		if def != nil {
			b.lockKey = "T" + string(def.IndexPrefix(catalog.PrimaryIndexID))
			b.def.Store(def)
			e.builds.Store(def.ID, b)
			if b.rw == nil && indexOf(def, j.IndexID) == nil {
				b.job.State = catalog.JobRollback
			}
		} else {
			b.job.State = catalog.JobRollback
		}
		unlockMDL := func() {}
		if b.rw != nil && b.rw.holdMDL && b.job.State != catalog.JobRollback {
			// Taken before the server takes connections, as the
			// statement held them: no statement writes the table until
			// the numbering copy is swapped in (readers go on).
			u, err := e.lockExclusive(e.bgCtx, 0, j.SchemaID, j.Table, b.timeout)
			if err != nil {
				return 0, err
			}
			if _, err := e.locks.Acquire(e.bgCtx, b.owner, b.lockKey, locks.S, locks.Options{Timeout: b.timeout}); err != nil {
				u.unlock()
				return 0, err
			}
			u.downgrade()
			b.mdl = u
			unlockMDL = func() { u.unlock() }
		}
		sess := &Session{BaseSession: sql.NewBaseSession(), eng: e}
		sctx := sql.NewContext(e.bgCtx, sql.WithSession(sess))
		e.bg.Add(1)
		go func() {
			defer e.bg.Done()
			defer unlockMDL()
			if err := b.run(sctx, e.bgCtx); err != nil && !e.closing.Load() {
				slog.Warn("resumed index build did not complete", "job", b.job.ID, "table", b.job.Table, "index", b.job.Index, "err", err)
				return
			}
			e.locks.ReleaseAll(b.owner)
		}()
	}
	return len(jobs), nil
}

// WaitJobs waits for the resumed builds (tests, shutdown).
func (e *Engine) WaitJobs() { e.bg.Wait() }

// DDLJobs implements infoschema.JobsDatabase: the job records, with the
// live progress of builds running here.
func (d *Database) DDLJobs(ctx *sql.Context) ([]infoschema.Job, error) {
	e := d.eng
	var out []infoschema.Job
	err := e.cat.ListJobs(nil, func(j *catalog.Job) error {
		row := infoschema.Job{ID: j.ID, Schema: j.Schema, Table: j.Table, Index: j.Index, State: j.State,
			RowsDone: j.RowsDone, RowsTotal: j.RowsTotal, Started: j.Started, Import: j.Kind == catalog.JobImport}
		if j.Kind == catalog.JobRewrite {
			row.State = "rewrite " + j.State
		}
		if b := e.buildOf(j.TableID); b != nil && b.jobID == j.ID && !b.ended.Load() {
			if n := b.rowsDone.Load(); n > row.RowsDone {
				row.RowsDone = n
			}
		}
		out = append(out, row)
		return nil
	})
	return out, err
}
