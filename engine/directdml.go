package engine

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/locks"
)

// Direct execution of cached single-row DML (issue #12). A cached
// `UPDATE t SET ... WHERE pk = ?` or `DELETE FROM t WHERE pk = ?` ran
// through GMS's whole iterator stack around its one-row lookup
// (TrackedRowIter, TransactionCommittingIter, accumulatorIter,
// TableEditorIter, updateIter, updateSourceIter, FilterIter, TableRowIter
// and the partition iterators), each allocated per execution: 59% of the
// server's CPU in sysbench's oltp_update_index went to executing it
// (docs/PROFILES.md). DirectDML runs the same bound plan's pieces — its
// filter, its SET expressions (with the range checks package sqlfunc put
// in them), the table's editor — in the order those iterators run them,
// without building the iterators. What it does not recognise it leaves to
// them, before doing anything.

// directShape is what DirectDML found in a bound plan.
type directShape struct {
	t      *Table
	key    []byte             // the primary key the lookup fixes
	filter sql.Expression     // the condition GMS re-checks (PreciseMatch is false); may be nil
	update *plan.UpdateSource // nil for DELETE
	sch    sql.Schema         // the schema UPDATE compares old and new rows with
	fnode  *plan.Filter       // the Filter filter came from (KeepDirect)
}

// A cached UPDATE or DELETE whose parameters reach only its point lookup
// and the Filter that lookup came from (plans.Plan.RangeFor serves it) is
// re-run without Bind: what its first direct execution found (KeepDirect)
// is kept by the plan, and a later execution only turns the lookup of its
// values into the key (RebindDirect). Bind's copy of the plan, GMS's range
// builder on the copy and directShapeOf's walk were ~6% of oltp_write_only
// and oltp_update_index (docs/PROFILES.md, "insert4").

// keptDirect is what KeepDirect keeps: the shape without its key or
// Filter, the bound plan it was found in (for the locking marks and
// metadata locks, which depend on its nodes and tables, not on values) and
// the key column's type.
type keptDirect struct {
	sh      directShape
	node    sql.Node
	keyType sql.Type
}

// A DirectRun is a cached UPDATE or DELETE rebound for one execution
// (RebindDirect), for RunDirect.
type DirectRun struct{ sh *directShape }

// KeepDirect returns what a cached plan may keep of n, a bound plan that
// DirectDML runs, for RebindDirect; nil when n is not such a plan or its
// Filter is not exactly its lookup's condition on a one-column integer
// primary key (DropExactFilters would keep some of it), so that the kept
// shape depends on this execution's values only through the key.
func KeepDirect(ctx *sql.Context, n sql.Node) any {
	sh, ok := directShapeOf(ctx, n)
	if !ok || len(sh.t.def.PK) != 1 {
		return nil
	}
	if sh.fnode != nil {
		if rest, exact := exactPKConjuncts(ctx, sh.fnode); !exact || len(rest) > 0 {
			return nil
		}
	}
	k := &keptDirect{sh: *sh, node: n, keyType: sh.t.Schema()[sh.t.def.PK[0]].Type}
	k.sh.key, k.sh.filter, k.sh.fnode = nil, nil, nil
	return k
}

// RebindDirect returns the kept plan's node (for the locking marks and
// metadata locks) and its run for lookup, the lookup of this execution's
// values (plans.Plan.RangeFor), when DropExactFilters would drop the whole
// Filter again for them: keys, the Filter's operands, are integers the key
// column holds exactly (exactKey) and lookup is one exact point of the
// primary key. ok is false otherwise: the caller binds the plan, which
// keeps the Filter, as at its first execution.
func RebindDirect(ctx *sql.Context, kept any, lookup sql.IndexLookup, keys []any) (sql.Node, *DirectRun, bool) {
	k, isK := kept.(*keptDirect)
	if !isK || len(keys) == 0 || lookup.IsEmptyRange {
		return nil, nil, false
	}
	for _, key := range keys {
		if !exactKey(ctx, k.keyType, key) {
			return nil, nil, false
		}
	}
	if !exactPKRanges(ctx, lookup) {
		return nil, nil, false
	}
	idx, isIdx := lookup.Index.(*index)
	if !isIdx || idx.id != catalog.PrimaryIndexID {
		return nil, nil, false
	}
	ranges, isMR := lookup.Ranges.(sql.MySQLRangeCollection)
	if !isMR || len(ranges) != 1 || len(ranges[0]) != 1 || hasNilPoint(ranges[0]) {
		return nil, nil, false
	}
	s, empty, err := rangeSpan(ctx, k.sh.t.def.IndexPrefix(idx.id), ranges[0], idx.prefix)
	if err != nil || empty || !s.point {
		return nil, nil, false
	}
	sh := k.sh
	sh.key = s.lo
	return k.node, &DirectRun{sh: &sh}, true
}

// DirectDML runs the bound cached DML plan n when it is a single-table
// UPDATE or DELETE whose rows come from a point lookup of the whole primary
// key, as GMS's executor would (statement savepoint, current read under
// an exclusive row lock, filter, SET expressions, NOT NULL check, the
// editor's write, matched/changed counts, FOUND_ROWS and ROW_COUNT, the
// autocommit commit), and returns its OK result. done is false when n is
// not such a plan: nothing was done and the caller runs n through GMS. Call
// it where GMS's handler would build n's iterators: inside the session's
// command bracket, after MarkCachedLocking.
func (e *Engine) DirectDML(ctx *sql.Context, n sql.Node) (res types.OkResult, done bool, err error) {
	sh, ok := directShapeOf(ctx, n)
	if !ok {
		return res, false, nil
	}
	return e.runDirect(ctx, sh)
}

// RunDirect is DirectDML for a plan RebindDirect rebound: done is false
// when the statement must go through GMS's iterators after all (a
// read-only transaction, an unlocked read); the caller then binds the
// plan, and the transaction begun here is the one GMS's path would have
// begun.
func (e *Engine) RunDirect(ctx *sql.Context, r *DirectRun) (res types.OkResult, done bool, err error) {
	return e.runDirect(ctx, r.sh)
}

func (e *Engine) runDirect(ctx *sql.Context, sh *directShape) (res types.OkResult, done bool, err error) {
	autoCommit, err := DirectBegin(ctx)
	if err != nil {
		return res, true, err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return res, true, err
	}
	lock := sh.t.readLock(ctx, tx)
	if tx.readOnly || lock.Mode != locks.X || !tx.kv.Pessimistic() {
		// Read-only transactions and unlocked reads keep GMS's path and
		// its errors; the transaction begun above is the one it would
		// have begun.
		return res, false, nil
	}

	ed := sh.t.newEditor(ctx)
	ed.StatementBegin(ctx)
	matched, changed, err := sh.run(ctx, ed, tx, lock)
	if err == nil {
		if cerr := ctx.Err(); cerr != nil {
			err = cerr
		}
	}
	if err != nil {
		// TableEditorIter.Close: the statement's changes are undone; the
		// transaction is left for the session (GMS does not close, so does
		// not commit, a failed statement's iterators).
		_ = ed.DiscardChanges(ctx, err)
		return res, true, err
	}
	if err := ed.StatementComplete(ctx); err != nil {
		return res, true, err
	}

	if sh.update != nil {
		affected := changed
		if ctx.Client().Capabilities&mysql.CapabilityClientFoundRows != 0 {
			affected = matched
		}
		ctx.SetLastQueryInfoInt(sql.FoundRows, int64(matched))
		res = types.OkResult{RowsAffected: uint64(affected),
			Info: plan.UpdateInfo{Matched: matched, Updated: changed}}
	} else {
		res = types.NewOkResult(matched)
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, int64(res.RowsAffected))

	return res, true, DirectCommit(ctx, autoCommit)
}

// DirectBegin does for a statement run without GMS's executor what
// PrepQueryPlanForExecution does before building its iterators (the
// session's validation, the transaction begun if there is none) and
// returns whether the session autocommits, read before the statement runs
// as AddTransactionCommittingIter reads it.
func DirectBegin(ctx *sql.Context) (autoCommit bool, err error) {
	if err := ctx.Session.ValidateSession(ctx); err != nil {
		return false, err
	}
	if ctx.GetTransaction() == nil {
		ts, isTS := ctx.Session.(sql.TransactionSession)
		if !isTS {
			return false, fmt.Errorf("myriad: session %T has no transactions", ctx.Session)
		}
		tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
		if err != nil {
			return false, err
		}
		ctx.SetTransaction(tx)
	}
	return plan.IsSessionAutocommit(ctx)
}

// DirectCommit ends a statement that succeeded as TransactionCommittingIter's
// Close does: an autocommit statement outside an explicit transaction
// commits.
func DirectCommit(ctx *sql.Context, autoCommit bool) error {
	gtx := ctx.GetTransaction()
	if gtx == nil || !autoCommit || ctx.GetIgnoreAutoCommit() {
		return nil
	}
	ts, isTS := ctx.Session.(sql.TransactionSession)
	if !isTS {
		return nil
	}
	if err := ts.CommitTransaction(ctx, gtx); err != nil {
		return err
	}
	ctx.SetTransaction(nil)
	return nil
}

// run reads the row and changes it; matched is 0 or 1.
func (sh *directShape) run(ctx *sql.Context, ed *editor, tx *Transaction, lock LockingClause) (matched, changed int, err error) {
	t := sh.t
	if err := t.staleRewrite(); err != nil {
		return 0, 0, err
	}
	// rowIter's locking current read: the row is looked for at the newest
	// version, locked if there, then read again.
	db := t.db.eng.db
	ver := db.Version()
	r := tx.kv.CurrentView()
	v, found, err := r.Get(sh.key)
	if err != nil || !found {
		return 0, 0, err
	}
	if _, err := t.lockRow(ctx, tx.kv, sh.key, lock.Mode, lock.NoWait || lock.SkipLocked); err != nil {
		if lock.SkipLocked && err == errLockNoWait {
			return 0, 0, nil
		}
		return 0, 0, err
	}
	// The second read finds what the first did unless a commit came in
	// between: one that changed this row held its lock until after its
	// commit advanced the version, so an unchanged version means the
	// first read is still the newest (a Pebble seek saved, ~5% of the
	// statement on a hot row).
	if db.Version() != ver {
		if v, found, err = r.Get(sh.key); err != nil || !found {
			return 0, 0, err
		}
	}
	old, err := t.lay.decodeRow(v)
	if err != nil {
		return 0, 0, err
	}
	if loc := t.lay.zoneOf(ctx); loc != nil {
		if err := t.lay.zoneRefusal(loc, false); err != nil {
			return 0, 0, err
		}
		// As GMS would read it (partitionRows); the editor converts back.
		old = t.lay.toSession(old, loc)
	}
	t.db.use().read.Add(1)
	if sh.filter != nil {
		ok, err := sql.EvaluateCondition(ctx, sh.filter, old)
		if err != nil {
			return 0, 0, err
		}
		if !sql.IsTrue(ok) {
			return 0, 0, nil
		}
	}
	if sh.update == nil {
		return 1, 0, ed.Delete(ctx, old)
	}
	// updateSourceIter: each SET's SetField returns the whole new row.
	nw := old
	for _, ue := range sh.update.UpdateExprs {
		val, err := ue.Eval(ctx, nw)
		if err != nil {
			return 0, 0, err
		}
		row, ok := val.(sql.Row)
		if !ok {
			return 0, 0, plan.ErrUpdateUnexpectedSetResult.New(val)
		}
		nw = row
	}
	// updateIter: write only a row that changed, bytewise.
	same, err := old.Equals(ctx, nw, sh.sch)
	if err != nil {
		return 0, 0, err
	}
	if same {
		return 1, 0, nil
	}
	for i, c := range sh.sch {
		if !c.Nullable && nw[i] == nil {
			return 0, 0, sql.ErrInsertIntoNonNullableProvidedNull.New(c.Name)
		}
	}
	if err := ed.Update(ctx, old, nw); err != nil {
		return 0, 0, err
	}
	return 1, 1, nil
}

// directShapeOf recognises the plans DirectDML runs.
func directShapeOf(ctx *sql.Context, n sql.Node) (*directShape, bool) {
	var sh directShape
	var src sql.Node
	switch x := n.(type) {
	case *plan.Update:
		if x.Ignore || x.IsJoin || len(x.Returning) > 0 || len(x.Checks()) > 0 {
			return nil, false
		}
		upd, err := plan.GetUpdatable(x.Child)
		if err != nil {
			return nil, false
		}
		sh.sch = upd.Schema()
		child := x.Child
		if ex, isEx := child.(*exactUpdateSource); isEx {
			child = ex.child
		}
		us, isUS := child.(*plan.UpdateSource)
		if !isUS || us.Ignore {
			return nil, false
		}
		for _, ue := range us.UpdateExprs {
			sf, isSF := ue.(*expression.SetField)
			if !isSF {
				return nil, false
			}
			// A DEFAULT that is an expression is evaluated in a second
			// pass by GMS; a subquery or an outer row is not a one-row
			// expression of this row.
			if transform.InspectExpr(sf, func(e sql.Expression) bool {
				switch e.(type) {
				case *sql.ColumnDefaultValue, *plan.Subquery, *expression.ProcedureParam:
					return true
				}
				return false
			}) {
				return nil, false
			}
		}
		sh.update, src = us, us.Child
	case *plan.DeleteFrom:
		if x.HasExplicitTargets() {
			return nil, false
		}
		src = x.Child
	default:
		return nil, false
	}
	if f, isF := src.(*plan.Filter); isF {
		sh.filter, sh.fnode, src = f.Expression, f, f.Child
	}
	ita, isITA := src.(*plan.IndexedTableAccess)
	if !isITA || !ita.IsStatic() {
		return nil, false
	}
	t := unwrapTable(ita.UnderlyingTable())
	if t == nil || t.def.HiddenPK() || len(t.def.PK) == 0 || len(ita.Schema()) != len(t.Schema()) {
		return nil, false
	}
	if sh.update != nil && len(sh.sch) != len(t.Schema()) {
		return nil, false
	}
	lookup, err := ita.GetLookup(ctx, nil)
	if err != nil || lookup.IsEmptyRange {
		return nil, false
	}
	idx, isIdx := lookup.Index.(*index)
	if !isIdx || idx.id != catalog.PrimaryIndexID {
		return nil, false
	}
	ranges, isMR := lookup.Ranges.(sql.MySQLRangeCollection)
	if !isMR || len(ranges) != 1 || len(ranges[0]) != len(t.def.PK) || hasNilPoint(ranges[0]) {
		return nil, false
	}
	if loc := t.lay.zoneOf(ctx); loc != nil {
		// A TIMESTAMP key's bound is the session's wall time: stored
		// keys are UTC (timezone.go).
		ranges = zoneRanges(ctx, ranges, loc)
	}
	s, empty, err := rangeSpan(ctx, t.def.IndexPrefix(idx.id), ranges[0], idx.prefix)
	if err != nil || empty || !s.point {
		return nil, false
	}
	sh.t, sh.key = t, s.lo
	return &sh, true
}
