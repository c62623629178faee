package server

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"google.golang.org/protobuf/proto"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/plans"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// planCacheVar turns the prepared-statement plan cache off for a session
// (SET SESSION myriad_plan_cache = OFF) or for new sessions (SET GLOBAL):
// the uncached path is the reference the cache is tested against.
const planCacheVar = "myriad_plan_cache"

// registerSwitchVar registers name, once per process, as a boolean
// session and global variable that is ON unless set OFF: the switches
// (myriad_plan_cache, myriad_direct_dml, myriad_ddl_fast_path) that turn a
// fast path off so the general path can serve as its reference.
func registerSwitchVar(name string) {
	if _, _, ok := sql.SystemVariables.GetGlobal(name); ok {
		return
	}
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:    name,
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic: true,
		Type:    types.NewSystemBoolType(name),
		Default: int8(1),
	}})
}

// planSettings are the session variables a plan's meaning depends on: they
// are part of the cache key, so a session that changes one gets its own
// plans.
var planSettings = []string{"sql_mode", "collation_connection", "character_set_client",
	"character_set_connection", "character_set_results", "time_zone",
	"div_precision_increment", "lc_time_names", "sql_select_limit", "default_week_format"}

// boundExecer is GMS's handler's execution of an analyzed plan.
type boundExecer interface {
	ComExecuteBound(ctx context.Context, conn *mysql.Conn, query string, boundQuery mysql.BoundQuery, callback mysql.ResultSpoolFn) error
}

// execCached runs a COM_STMT_EXECUTE from the plan cache; done is false
// when the statement must take the general path (not cacheable, cache off,
// or values the cached plan cannot take).
func (h *handler) execCached(ctx context.Context, c *mysql.Conn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) (done bool, err error) {
	cache := h.srv.plans
	if cache == nil || h.srv.srv == nil {
		return false, nil
	}
	query := p.PrepareStmt
	// Cheap refusals first: only SELECTs and single-table DML, and none
	// that read variables (@x, @@warning_count) whose value belongs to the
	// moment of execution.
	if !startsWithSelect(query) && !startsWithDML(query) || strings.IndexByte(query, '@') >= 0 {
		return false, nil
	}
	sqlCtx, err := h.queryContext(ctx, c, query)
	if err != nil {
		return false, nil
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, planCacheVar); err != nil || !isOn(on) {
		return false, nil
	}
	stmt, ok := h.srv.sqle.PreparedDataCache.GetCachedStmt(sqlCtx.Session.ID(), query)
	if !ok {
		return false, nil
	}
	var opts plans.Options
	switch st := stmt.(type) {
	case *sqlparser.Select:
		// Locking reads and SELECT ... INTO take the general path: what
		// they do besides reading is not part of a plan this cache can
		// vouch for.
		if st.Lock != "" || st.Into != nil {
			return false, nil
		}
	default:
		constants, ok := preparedDMLShape(stmt)
		if !ok {
			return false, nil
		}
		opts = plans.Options{DML: true, Constants: constants}
	}
	bv := make(map[string]sqlparser.Expr, len(p.BindVars))
	for name, v := range p.BindVars {
		val, err := sqltypes.BindVariableToValue(v)
		if err != nil {
			return false, nil
		}
		e, err := sqlparser.ExprFromValue(val)
		if err != nil {
			return false, nil
		}
		bv[name] = e
	}
	lits, names, ok := h.bindLiterals(sqlCtx, bv)
	if !ok {
		return false, nil
	}
	return h.runCached(ctx, c, sqlCtx, query, query, stmt, lits, names, opts, cb, nil)
}

// preparedShapes memoizes dmlShape for prepared statements: the statement
// is GMS's cached parse, the same pointer at every execution, and walking
// it for constants at each one was 7% of the server's CPU in
// oltp_write_only (docs/PROFILES.md, "Session 8"). It is emptied when it
// holds maxPreparedShapes statements, so statements closed meanwhile are
// kept only until then.
var preparedShapes struct {
	m sync.Map // sqlparser.Statement -> preparedShape
	n atomic.Int64
}

type preparedShape struct {
	constants int
	ok        bool
}

const maxPreparedShapes = 4096

func preparedDMLShape(stmt sqlparser.Statement) (constants int, ok bool) {
	if v, found := preparedShapes.m.Load(stmt); found {
		sh := v.(preparedShape)
		return sh.constants, sh.ok
	}
	constants, ok = dmlShape(stmt)
	if preparedShapes.n.Add(1) > maxPreparedShapes {
		preparedShapes.m.Clear()
		preparedShapes.n.Store(1)
	}
	preparedShapes.m.Store(stmt, preparedShape{constants, ok})
	return constants, ok
}

// dmlShape accepts the DML statements a cached plan may run: a
// single-table INSERT of one VALUES row, or UPDATE or DELETE of one table
// by a WHERE clause, with no ORDER BY, LIMIT, IGNORE, ON DUPLICATE KEY,
// REPLACE, CTE or RETURNING. Their WHERE clause and VALUES hold only
// parameters; constants (the 1 of SET k = k + 1) may stand only in UPDATE's
// assignments, where no parameter is converted to a column's type, so
// package plans cannot mistake one for the other (constants).
func dmlShape(stmt sqlparser.Statement) (constants int, ok bool) {
	oneTable := func(te sqlparser.TableExprs) bool {
		if len(te) != 1 {
			return false
		}
		at, ok := te[0].(*sqlparser.AliasedTableExpr)
		if !ok || len(at.Partitions) > 0 || at.Hints != nil || at.AsOf != nil {
			return false
		}
		_, ok = at.Expr.(sqlparser.TableName)
		return ok
	}
	switch st := stmt.(type) {
	case *sqlparser.Update:
		if st.With != nil || st.Ignore != "" || !oneTable(st.TableExprs) || len(st.OrderBy) > 0 ||
			st.Limit != nil || len(st.Returning) > 0 || st.Where == nil || hasLiterals(st.Where) {
			return 0, false
		}
		constants = countLiterals(st.Exprs)
		if constants > 0 && hasComparison(st.Exprs) {
			// A compared constant (SET f = (k = 5)) would look like a
			// parameter converted to the column's type.
			return 0, false
		}
		return constants, true
	case *sqlparser.Delete:
		if st.With != nil || len(st.Targets) > 0 || !oneTable(st.TableExprs) || len(st.Partitions) > 0 ||
			len(st.OrderBy) > 0 || st.Limit != nil || len(st.Returning) > 0 || st.Where == nil || hasLiterals(st) {
			return 0, false
		}
		return 0, true
	case *sqlparser.Insert:
		if st.Action != sqlparser.InsertStr || st.Ignore != "" || st.With != nil || len(st.Partitions) > 0 ||
			len(st.OnDup) > 0 || len(st.Returning) > 0 || hasLiterals(st) {
			return 0, false
		}
		switch rows := st.Rows.(type) {
		case sqlparser.Values:
			return 0, len(rows) == 1
		case *sqlparser.AliasedValues:
			return 0, len(rows.Values) == 1 && rows.As.IsEmpty()
		}
		return 0, false
	}
	return 0, false
}

// execCachedText runs a COM_QUERY SELECT from the plan cache: the
// constants the statement compares with (operands of =, <, IN lists,
// BETWEEN bounds) and its LIMIT/OFFSET become parameters, so the same
// statement shape with other values shares one analyzed plan, as prepared
// statements do (TiDB's non-prepared plan cache). A constant anywhere else
// (the select list, whose text names a column; GROUP BY/ORDER BY, where a
// number is a position; function arguments) keeps the statement on the
// general path. done is false when the general path must run it.
func (h *handler) execCachedText(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (done bool, err error) {
	cache := h.srv.plans
	if cache == nil || h.srv.srv == nil {
		return false, nil
	}
	// One statement only (no ';' at all: a multi-statement text, or a
	// semicolon in a string, takes the general path), no variables.
	if !startsWithSelect(query) && !startsWithDML(query) || strings.IndexByte(query, '@') >= 0 ||
		strings.IndexByte(query, ';') >= 0 || strings.IndexByte(query, '?') >= 0 {
		return false, nil
	}
	sqlCtx, err := h.queryContext(ctx, c, query)
	if err != nil {
		return false, nil
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, planCacheVar); err != nil || !isOn(on) {
		return false, nil
	}
	spool := func(r *sqltypes.Result) error { return cb(r, false) }
	// An INSERT whose template an earlier statement's parse vouched for
	// is not parsed (textshape.go).
	var learning *insertText
	if it, ok := cutInsertText(query); ok {
		switch sh := knownTextShape(it.template); {
		case sh == nil:
			learning = &it
		case sh.ok:
			name := it.table
			if it.db != "" {
				name = it.db + "." + it.table
			}
			known := &knownInsert{generic: sh.generic, query: query}
			lits, names, ok := h.insertLiterals(sqlCtx, &it)
			if !ok {
				return false, nil
			}
			done, err = h.runCached(ctx, c, sqlCtx, sh.keyBefore+name+sh.keyAfter, query,
				&sqlparser.Insert{Table: it.tableName()}, lits, names, plans.Options{DML: true}, spool, known)
			if done {
				h.srv.textRuns.Add(1)
				h.srv.unparsedRuns.Add(1)
			}
			return done, err
		}
	}
	learn := func(stmt sqlparser.Statement, bv map[string]sqlparser.Expr, cacheable bool) {
		if learning != nil {
			learnTextShape(learning, stmt, bv, cacheable)
		}
	}
	stmt, err := sqlparser.ParseWithOptions(ctx, query, sql.LoadSqlMode(sqlCtx).ParserOptions())
	if err != nil {
		learn(nil, nil, false)
		return false, nil
	}
	sqlfunc.FixWindows(query, stmt)
	// Typed temporal literals, DECIMAL literals compared with a column and
	// the syntax sqltext.Operators rewrites take the general path, where the engine's parser (sqlfunc.Parser)
	// reads them as MySQL does.
	// So does DEFAULT(col) of a column other than the one assigned.
	if _, lits := sqltext.TemporalLiterals(query); lits != nil || sqlfunc.ExactLiterals(stmt) || sqlfunc.DefaultOfCalls(stmt) {
		learn(stmt, nil, false)
		return false, nil
	}
	// So do statements MySQL refuses while resolving them (their error).
	if _, ops := sqltext.Operators(query); ops != nil || sqlfunc.CheckStatement(stmt) != nil {
		return false, nil
	}
	var bv map[string]sqlparser.Expr
	var opts plans.Options
	if sel, isSelect := stmt.(*sqlparser.Select); isSelect {
		if sel.Lock != "" || sel.Into != nil {
			return false, nil
		}
		var ok bool
		if bv, ok = parameterize(sel); !ok {
			return false, nil
		}
	} else {
		bv = parameterizeDML(stmt)
		constants, ok := dmlShape(stmt)
		if !ok || len(bv) == 0 {
			learn(stmt, nil, false)
			return false, nil
		}
		learn(stmt, bv, constants == 0)
		opts = plans.Options{DML: true, Constants: constants}
	}
	key := sqlparser.String(stmt)
	lits, names, ok := h.bindLiterals(sqlCtx, bv)
	if !ok {
		return false, nil
	}
	done, err = h.runCached(ctx, c, sqlCtx, key, query, stmt, lits, names, opts, spool, nil)
	if done {
		h.srv.textRuns.Add(1)
	}
	return done, err
}

// parameterize replaces the literals of sel that may become parameters
// (see execCachedText) by v1, v2, ... in order and returns their values;
// ok is false when there is none or another literal remains.
func parameterize(sel *sqlparser.Select) (bv map[string]sqlparser.Expr, ok bool) {
	bv = map[string]sqlparser.Expr{}
	param, visit := parameterizer(bv)
	if sel.Where != nil {
		visit(&sel.Where.Expr)
	}
	if sel.Limit != nil {
		if sel.Limit.Rowcount != nil {
			param(&sel.Limit.Rowcount)
		}
		if sel.Limit.Offset != nil {
			param(&sel.Limit.Offset)
		}
	}
	return bv, len(bv) > 0 && !hasLiterals(sel)
}

// parameterizeDML replaces the constants of a DML statement that may
// become parameters by v1, v2, ... in order and returns their values: an
// INSERT's VALUES, UPDATE's assigned values (SET c = 'x', not the 1 of
// SET k = k + 1, which stays a constant of the plan) and the compared
// constants of the WHERE clause, as for SELECT. dmlShape then decides
// whether what remains may be cached.
func parameterizeDML(stmt sqlparser.Statement) map[string]sqlparser.Expr {
	bv := map[string]sqlparser.Expr{}
	param, visit := parameterizer(bv)
	switch st := stmt.(type) {
	case *sqlparser.Insert:
		var rows sqlparser.Values
		switch r := st.Rows.(type) {
		case sqlparser.Values:
			rows = r
		case *sqlparser.AliasedValues:
			rows = r.Values
		}
		if len(rows) == 1 {
			for i := range rows[0] {
				param(&rows[0][i])
			}
		}
	case *sqlparser.Update:
		for _, a := range st.Exprs {
			param(&a.Expr)
		}
		if st.Where != nil {
			visit(&st.Where.Expr)
		}
	case *sqlparser.Delete:
		if st.Where != nil {
			visit(&st.Where.Expr)
		}
	}
	return bv
}

// parameterizer returns param, which makes one constant the next
// parameter (its value kept in bv), and visit, which does so for the
// compared constants of a WHERE condition.
func parameterizer(bv map[string]sqlparser.Expr) (param, visit func(*sqlparser.Expr)) {
	param = func(e *sqlparser.Expr) {
		v, isVal := (*e).(*sqlparser.SQLVal)
		if !isVal {
			return
		}
		switch v.Type {
		case sqlparser.StrVal, sqlparser.IntVal, sqlparser.FloatVal:
		default:
			return
		}
		name := "v" + strconv.Itoa(len(bv)+1)
		bv[name] = v
		*e = sqlparser.NewValArg([]byte(":" + name))
	}
	visit = func(e *sqlparser.Expr) {
		switch x := (*e).(type) {
		case *sqlparser.AndExpr:
			visit(&x.Left)
			visit(&x.Right)
		case *sqlparser.OrExpr:
			visit(&x.Left)
			visit(&x.Right)
		case *sqlparser.ParenExpr:
			visit(&x.Expr)
		case *sqlparser.ComparisonExpr:
			if x.Escape != nil {
				return
			}
			param(&x.Left)
			if tuple, isTuple := x.Right.(sqlparser.ValTuple); isTuple {
				for i := range tuple {
					param(&tuple[i])
				}
				return
			}
			param(&x.Right)
		case *sqlparser.RangeCond:
			param(&x.From)
			param(&x.To)
		}
	}
	return param, visit
}

// runCached serves a parsed SELECT whose every constant is a parameter
// (bound as lits, named names: v1, v2, ...) from the plan cache, analyzing and
// caching it on a miss. key is the statement text the plan is cached
// under; query is what the client sent (process list, logs). known is
// set for an INSERT that was not parsed (textshape.go): stmt then holds
// only its table, and known parses it when its plan must be analyzed.
func (h *handler) runCached(ctx context.Context, c *mysql.Conn, sqlCtx *sql.Context, key, query string, stmt sqlparser.Statement, lits []*expression.Literal, names []string, opts plans.Options, cb func(*sqltypes.Result) error, unparsed *knownInsert) (done bool, err error) {
	cache := h.srv.plans
	exec, ok := h.Handler.(boundExecer)
	if !ok {
		return false, nil
	}
	version, ok, err := h.eng.PlanVersion(sqlCtx)
	if err != nil || !ok {
		return false, nil
	}
	// Privileges were checked when the plan was analyzed: plans are
	// per account (user and client host, as privileges match them), and
	// account changes advance the version.
	client := sqlCtx.Session.Client()
	pk := plans.Key{Query: key, DB: sqlCtx.GetCurrentDatabase(), Version: version, User: accountKey(client.User, client.Address)}
	pk.Settings = engine.DerivedSettings(sqlCtx, engine.SettingsPlans, func() string {
		var b strings.Builder
		for _, v := range planSettings {
			val, _ := sqlCtx.GetSessionVariable(sqlCtx, v)
			b.WriteString(toString(val))
			b.WriteByte(0)
		}
		return b.String()
	})
	var b strings.Builder
	b.Grow(24 * len(lits))
	for _, l := range lits {
		if l.Value() == nil {
			b.WriteString("NULL")
		} else {
			b.WriteString(typeKey(l.Type()))
			if opts.DML && isZero(sqlCtx, l) {
				// An INSERT's plan depends on whether an AUTO_INCREMENT
				// column's value is 0 (it generates one, and
				// LAST_INSERT_ID follows).
				b.WriteString("=0")
			}
		}
		b.WriteByte(0)
	}
	pk.Params = b.String()

	pl, known := cache.Get(pk)
	if known && pl == nil {
		return false, nil
	}
	// As on the general path, a new statement's warnings replace the
	// previous one's; when this execution analyzes, the analysis's own
	// warnings stay.
	sqlCtx.ClearWarnings()
	var tmpl *insertTemplate // plantemplate.go
	if !known && opts.DML {
		generic := ""
		if unparsed != nil {
			generic = unparsed.generic
		}
		if tmpl = h.insertTemplateFor(sqlCtx, stmt, pk, generic); tmpl != nil {
			if pl = tmpl.lookup(sqlCtx, cache); pl != nil {
				known = true
				h.srv.templateRuns.Add(1)
			}
		}
	}
	if !known {
		if unparsed != nil {
			var ok bool
			if stmt, ok = unparsed.parse(ctx, sqlCtx); !ok {
				return false, nil
			}
			// The plan keeps its parameters' literals, whose strings are
			// cut from this text (insertLiterals): not the whole text.
			ownStrings(lits)
		}
		var retry bool
		pl, retry = h.analyzeForCache(sqlCtx, query, stmt, lits, names, opts)
		if !retry {
			cache.Put(pk, pl)
			if tmpl != nil && pl != nil {
				cache.Put(tmpl.key, pl)
			}
		}
		if pl == nil {
			return false, nil
		}
	}
	// A SELECT whose compiled form was kept is rebuilt from its index
	// lookup alone (plans.Plan.RangeFor, engine.RebindRange); any other,
	// or values that compile differently, bind the template.
	// A single-row UPDATE or DELETE whose first direct execution was kept
	// (engine.KeepDirect) turns the new values' lookup into its key the
	// same way (engine.RebindDirect); node is then the kept bound plan,
	// for the locking marks and metadata locks only.
	var node sql.Node
	var direct *engine.DirectRun
	var values []sql.Expression
	rebound := false
	if _, isInsert := stmt.(*sqlparser.Insert); isInsert && pl.DML() && h.directOn(sqlCtx) {
		// engine.DirectInsertValues runs the template with this
		// execution's VALUES row; the template is node (for the locks)
		// unless it declines, and then Bind serves after all.
		var ins *plan.InsertInto
		if ins, values, rebound = pl.InsertValues(sqlCtx, lits); rebound {
			node = ins
		}
	} else if kept := pl.Compiled(); kept != nil && (!pl.DML() || h.directOn(sqlCtx)) {
		var kb [4]any
		if lookup, keys, ok := pl.RangeFor(sqlCtx, lits, kb[:0]); ok {
			if pl.DML() {
				node, direct, rebound = engine.RebindDirect(sqlCtx, kept, lookup, keys)
			} else {
				node, rebound = engine.RebindRange(sqlCtx, kept.(sql.Node), lookup, keys)
			}
		}
	}
	bind := func() (sql.Node, bool) {
		n, ok, err := pl.Bind(sqlCtx, lits)
		return n, ok && err == nil
	}
	if !rebound {
		var ok bool
		if node, ok = bind(); !ok {
			return false, nil
		}
		if pl.DML() && pl.Compiled() == nil && updateOrDelete(node) && h.directOn(sqlCtx) {
			if k := engine.KeepDirect(sqlCtx, node); k != nil {
				pl.SetCompiled(k)
			}
		}
	}
	// The metadata locks the general path takes when it resolves the
	// tables (engine/mdl.go). A schema change that committed since the
	// version was read (a rewrite's swap this waited for) leaves the plan
	// describing the old definitions: the general path plans again.
	// A lock wait that fails is left to the general path to meet again
	// and report, inside its command bracket.
	// What the locks depend on in the plan is found on its first
	// execution and kept with it (engine.PlanLocks).
	locking, _ := pl.Locking().(*engine.PlanLocks)
	if locking == nil {
		locking = engine.PlanLocksOf(node)
		pl.SetLocking(locking)
	}
	if err := h.eng.LockPlanTables(sqlCtx, locking); err != nil || h.eng.CatalogVersion() != version {
		return false, nil
	}
	sql.IncrementStatusVariable(sqlCtx, "Questions", 1)
	if pl.DML() {
		// Counted by GMS's binder on the general path.
		switch stmt.(type) {
		case *sqlparser.Insert:
			sql.IncrementStatusVariable(sqlCtx, "Com_insert", 1)
		case *sqlparser.Update:
			sql.IncrementStatusVariable(sqlCtx, "Com_update", 1)
		case *sqlparser.Delete:
			sql.IncrementStatusVariable(sqlCtx, "Com_delete", 1)
		}
		h.srv.fastDMLs.Add(1)
		return true, h.spoolOk(sqlCtx, c, query, node, locking, direct, values, bind, pl.Flags(), cb)
	}
	sql.IncrementStatusVariable(sqlCtx, "Com_select", 1)
	// The analyzer's note of GROUP_CONCAT columns is not made for a
	// cached plan: the fields of this run read it. It depends on the
	// plan's shape only, so it is made once per plan.
	notes, ok := pl.Notes().(engine.ResultNotesOfPlan)
	if !ok {
		notes = engine.ResultNotesOf(node)
		pl.SetNotes(notes)
	}
	engine.SetResultNotes(sqlCtx, notes)
	if !rebound {
		var reusable bool
		node, reusable = engine.CompileCached(sqlCtx, node)
		if reusable && pl.Compiled() == nil {
			pl.SetCompiled(engine.ReusableRange(node))
		}
	}
	if !pl.SingleRow() {
		return true, h.spoolCachedRows(ctx, sqlCtx, c, query, node, pl, exec, cb)
	}
	if pl.SingleRow() {
		if fields, ok := pl.Meta().([]*querypb.Field); ok {
			h.srv.singleRows.Add(1)
			return true, h.spoolSingleRow(sqlCtx, c, query, node, fields, cb)
		}
		// The first execution of a single-row plan takes GMS's path and
		// keeps its column metadata, which depends only on what the cache
		// key holds (plan, parameter types, character_set_results).
		// Kept after the callbacks ran, so what is kept is what the
		// client got (the server's field fixes applied).
		inner := cb
		cb = func(r *sqltypes.Result) error {
			err := inner(r)
			if err == nil && r != nil && r.Fields != nil {
				pl.SetMeta(cloneFields(r.Fields))
			}
			return err
		}
	}
	return true, exec.ComExecuteBound(ctx, c, query, node, func(r *sqltypes.Result, _ bool) error { return cb(r) })
}

// accountKeys memoizes accountKey: splitting the client's address and
// joining it to the user were two allocations per cached statement.
// Emptied when it holds maxAccountKeys entries.
var accountKeys struct {
	sync.RWMutex
	m map[[2]string]string
}

const maxAccountKeys = 4096

// accountKey is user@host, host being the client's address without its
// port: the account part of a plan's key.
func accountKey(user, address string) string {
	accountKeys.RLock()
	k, ok := accountKeys.m[[2]string{user, address}]
	accountKeys.RUnlock()
	if ok {
		return k
	}
	host := address
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	k = user + "@" + host
	accountKeys.Lock()
	if accountKeys.m == nil || len(accountKeys.m) >= maxAccountKeys {
		accountKeys.m = map[[2]string]string{}
	}
	accountKeys.m[[2]string{user, address}] = k
	accountKeys.Unlock()
	return k
}

// bracket does around run what GMS's handler does around a statement it
// executes: the query event, the process list entry and the session
// command bracket. The cached-plan paths (spoolSingleRow, spoolOk,
// spoolRows) and the CREATE TABLE fast path (through tryBracket) run their
// statements inside it.
func (h *handler) bracket(sqlCtx *sql.Context, query string, run func(*sql.Context) error) error {
	_, err := h.tryBracket(sqlCtx, query, func(sqlCtx *sql.Context) (bool, error) { return true, run(sqlCtx) })
	return err
}

// tryBracket is bracket for a path that may still hand the statement to
// the general path: run reports served false when it must (having
// written and sent nothing). served is false then, and also when the
// bracket could not be opened (err says why; run did not run). A
// statement run hands on is no query event: the path that serves it
// counts it.
func (h *handler) tryBracket(sqlCtx *sql.Context, query string, run func(*sql.Context) (served bool, err error)) (served bool, err error) {
	start := time.Now()
	if ev := h.srv.events; ev != nil {
		defer func() {
			if served || err != nil {
				ev.QueryCompleted(err == nil, time.Since(start))
			}
		}()
	}
	sqlCtx, err = sqlCtx.ProcessList.BeginQuery(sqlCtx, query)
	if err != nil {
		return false, err
	}
	defer sqlCtx.ProcessList.EndQuery(sqlCtx)
	if err := sql.SessionCommandBegin(sqlCtx.Session); err != nil {
		return false, err
	}
	defer sql.SessionCommandEnd(sqlCtx.Session)
	return run(sqlCtx)
}

// spoolSingleRow executes a cached plan the analyzer proved to return at
// most one row and sends its result, doing what GMS's handler does for
// such a plan on its uncached path (process list entry, session command
// bracket, the row converted as gmsserver.RowToSQL converts it: rowSlab;
// the connection's status flags) without the multi-row machinery GMS's ComExecuteBound always takes
// for a bound plan: a goroutine per result set polling the socket and a
// fresh goroutine stack (docs/PROFILES.md).
func (h *handler) spoolSingleRow(sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, fields []*querypb.Field, cb func(*sqltypes.Result) error) error {
	return h.bracket(sqlCtx, query, func(sqlCtx *sql.Context) error {
		r, err := h.singleRowResult(sqlCtx, query, node, fields)
		if err != nil {
			return sql.CastSQLError(err)
		}
		if err := statusFlags(sqlCtx, c); err != nil {
			return err
		}
		return cb(r)
	})
}

// spoolOk runs a cached DML plan and sends its OK result, as GMS's handler
// does for a statement whose result is an OK packet (process list entry,
// session command bracket, the OK row's counts and info, the connection's
// status flags), after marking the rows it must lock as the analyzer would
// have (engine.MarkCachedLocking with the plan's locking).
func (h *handler) spoolOk(sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, locking *engine.PlanLocks, direct *engine.DirectRun, values []sql.Expression, bind func() (sql.Node, bool), flags *sql.QueryFlags, cb func(*sqltypes.Result) error) error {
	return h.bracket(sqlCtx, query, func(sqlCtx *sql.Context) error {
		if err := h.eng.MarkCachedLocking(sqlCtx, locking); err != nil {
			return err
		}
		if values != nil {
			if done, err := h.spoolDirectValues(sqlCtx, c, node.(*plan.InsertInto), values, cb); done {
				return err
			}
			n, ok := bind()
			if !ok {
				return fmt.Errorf("myriad: a cached statement could not be bound to its values")
			}
			node = n
			if done, err := h.spoolDirect(sqlCtx, c, node, cb); done {
				return err
			}
		} else if direct != nil {
			if done, err := h.spoolDirectRun(sqlCtx, c, direct, cb); done {
				return err
			}
			// GMS's iterators run it after all: node is the kept plan,
			// bound to another execution's values.
			n, ok := bind()
			if !ok {
				return fmt.Errorf("myriad: a cached statement could not be bound to its values")
			}
			node = n
		} else if done, err := h.spoolDirect(sqlCtx, c, node, cb); done {
			return err
		}
		schema, iter, _, err := h.srv.sqle.PrepQueryPlanForExecution(sqlCtx, query, node, flags)
		if err != nil {
			return sql.CastSQLError(err)
		}
		if !types.IsOkResultSchema(schema) {
			_ = iter.Close(sqlCtx)
			return fmt.Errorf("a cached DML plan returned rows")
		}
		// As GMS's handler: an error leaves the iterator unclosed, so an
		// autocommit statement's transaction is not committed (the session
		// rolls it back when the command ends).
		row, err := iter.Next(sqlCtx)
		if err != nil {
			return sql.CastSQLError(err)
		}
		if _, err := iter.Next(sqlCtx); err != io.EOF {
			if err == nil {
				err = fmt.Errorf("a cached DML plan returned more than one OK row")
			}
			return sql.CastSQLError(err)
		}
		if err := iter.Close(sqlCtx); err != nil {
			return sql.CastSQLError(err)
		}
		ok := row[0].(types.OkResult)
		r := &sqltypes.Result{RowsAffected: ok.RowsAffected, InsertID: ok.InsertID}
		if ok.Info != nil {
			r.Info = ok.Info.String()
		}
		if err := statusFlags(sqlCtx, c); err != nil {
			return err
		}
		return cb(r)
	})
}

func (h *handler) singleRowResult(sqlCtx *sql.Context, query string, node sql.Node, fields []*querypb.Field) (*sqltypes.Result, error) {
	schema, iter, err := h.prepRead(sqlCtx, query, node)
	if err != nil {
		return nil, err
	}
	row, err := iter.Next(sqlCtx)
	if err == io.EOF {
		// Close commits an autocommit statement's transaction.
		return &sqltypes.Result{Fields: fields}, iter.Close(sqlCtx)
	}
	if err != nil {
		_ = iter.Close(sqlCtx)
		return nil, err
	}
	if _, err := iter.Next(sqlCtx); err != io.EOF {
		_ = iter.Close(sqlCtx)
		if err == nil {
			err = fmt.Errorf("a single-row plan returned more than one row")
		}
		return nil, err
	}
	if err := iter.Close(sqlCtx); err != nil {
		return nil, err
	}
	slab := rowSlab{nextVals: 1}
	out, err := slab.row(sqlCtx, schema, row)
	if err != nil {
		return nil, err
	}
	return &sqltypes.Result{Fields: fields, Rows: [][]sqltypes.Value{out}, RowsAffected: 1}, nil
}

// statusFlags sets the autocommit and in-transaction bits of the reply's
// status as GMS's handler does after every statement.
func statusFlags(ctx *sql.Context, c *mysql.Conn) error {
	// autocommit read once per change of the session's variables (a
	// lookup per statement was ~0.5% of the server's instructions under
	// sysbench's oltp_write_only, docs/PROFILES.md "perf27"); "" when it
	// could not be read, which is then read again for its error.
	ac := engine.DerivedSettings(ctx, engine.SettingsAutocommit, func() string {
		if on, err := autocommitOf(ctx); err != nil {
			return ""
		} else if on {
			return "1"
		}
		return "0"
	})
	if ac == "" {
		on, err := autocommitOf(ctx)
		if err != nil {
			return err
		}
		if ac = "0"; on {
			ac = "1"
		}
	}
	if ac == "1" {
		c.StatusFlags |= uint16(mysql.ServerStatusAutocommit)
	} else {
		c.StatusFlags &^= uint16(mysql.ServerStatusAutocommit)
	}
	if ctx.GetTransaction() != nil {
		c.StatusFlags |= uint16(mysql.ServerInTransaction)
	} else {
		c.StatusFlags &^= uint16(mysql.ServerInTransaction)
	}
	return nil
}

// autocommitOf reads the session's autocommit.
func autocommitOf(ctx *sql.Context) (bool, error) {
	v, err := ctx.GetSessionVariable(ctx, sql.AutoCommitSessionVar)
	if err != nil {
		return false, err
	}
	return sql.ConvertToBool(ctx, v)
}

// bindLiterals turns the parameters' parser expressions into the literals
// GMS's binder makes of them (planbuilder's ConvertVal: the same value and
// type as the uncached path). The common kinds are converted here; a GMS
// planbuilder, costly to make per execution (docs/PROFILES.md), is made
// only for the rest.
func (h *handler) bindLiterals(ctx *sql.Context, exprs map[string]sqlparser.Expr) ([]*expression.Literal, []string, bool) {
	lits := make([]*expression.Literal, len(exprs))
	names := paramNames(len(exprs))
	var b *planbuilder.Builder
	var text sql.Type
	for i := range lits {
		name := names[i]
		e, ok := exprs[name]
		if !ok {
			return nil, nil, false
		}
		l, direct := paramLiteral(ctx, e)
		if direct == litText {
			if text == nil {
				text = textType(ctx.GetCollation())
			}
			l = expression.NewLiteral(l.Value(), text)
		} else if direct == litOther {
			if b == nil {
				b = planbuilder.New(ctx, h.srv.sqle.Analyzer.Catalog, h.srv.sqle.EventScheduler, h.srv.sqle.Parser)
				b.SetBindings(exprs)
			}
			if l, ok = b.BindCtx().Bindings[name].(*expression.Literal); !ok {
				return nil, nil, false
			}
		}
		lits[i] = l
	}
	return lits, names, true
}

// insertLiterals is bindLiterals for the constants of an INSERT the
// parser did not read (textshape.go), converted from their text without
// the parameter map and parser values bindLiterals reads: the same
// literals, or ok false for a constant only GMS's binder converts
// (bindLiterals over it.params() then serves).
func (h *handler) insertLiterals(ctx *sql.Context, it *insertText) ([]*expression.Literal, []string, bool) {
	lits := make([]*expression.Literal, len(it.lits))
	var text sql.Type
	for i, l := range it.lits {
		if l.Kind == sqltext.LitString {
			// valLiteral's litText, typed at once.
			if text == nil {
				text = textType(ctx.GetCollation())
			}
			lits[i] = expression.NewLiteral(l.Text, text)
			continue
		}
		typ := sqlparser.StrVal
		switch l.Kind {
		case sqltext.LitInt, sqltext.LitNegInt:
			typ = sqlparser.IntVal
		case sqltext.LitDecimal, sqltext.LitFloat:
			typ = sqlparser.FloatVal
		}
		lit, kind := valLiteral(ctx, typ, l.Text)
		switch kind {
		case litText:
			if text == nil {
				text = textType(ctx.GetCollation())
			}
			lit = expression.NewLiteral(lit.Value(), text)
		case litOther:
			return h.bindLiterals(ctx, it.params())
		}
		lits[i] = lit
	}
	return lits, paramNames(len(lits)), true
}

// ownStrings gives the string literals among lits their own copies of
// their text (insertLiterals cut them from the statement's), where a
// cached plan is to keep them.
func ownStrings(lits []*expression.Literal) {
	for i, l := range lits {
		if s, ok := l.Value().(string); ok {
			lits[i] = expression.NewLiteral(strings.Clone(s), l.Type())
		}
	}
}

// paramNameList is v1, v2, ... for the common parameter counts: naming
// them per execution was an allocation each.
var paramNameList = func() []string {
	names := make([]string, 64)
	for i := range names {
		names[i] = "v" + strconv.Itoa(i+1)
	}
	return names
}()

// paramNames returns the names of n parameters, v1 to vn; the caller
// must not change the slice.
func paramNames(n int) []string {
	if n <= len(paramNameList) {
		return paramNameList[:n:n]
	}
	names := make([]string, n)
	for i := range names {
		names[i] = "v" + strconv.Itoa(i+1)
	}
	return names
}

// textTypes holds, per connection collation, the type of string
// parameters (LONGTEXT of it, as GMS's binder types them) and its printed
// form, which the plan cache's key spells for every string parameter:
// making and printing it allocated at every execution.
var textTypes struct {
	sync.RWMutex
	m map[sql.CollationID]textEntry
}

type textEntry struct {
	typ types.StringType
	key string
}

func textType(coll sql.CollationID) sql.Type {
	textTypes.RLock()
	e, ok := textTypes.m[coll]
	textTypes.RUnlock()
	if ok {
		return e.typ
	}
	t := types.CreateLongText(coll)
	st, ok := t.(types.StringType)
	if !ok {
		return t
	}
	textTypes.Lock()
	if textTypes.m == nil {
		textTypes.m = map[sql.CollationID]textEntry{}
	}
	textTypes.m[coll] = textEntry{typ: st, key: st.String()}
	textTypes.Unlock()
	return st
}

// typeKey is t.String(), read from textTypes for a string parameter's
// type.
func typeKey(t sql.Type) string {
	if st, ok := t.(types.StringType); ok {
		textTypes.RLock()
		e, found := textTypes.m[st.Collation()]
		textTypes.RUnlock()
		if found && e.typ == st {
			return e.key
		}
	}
	return t.String()
}

type litKind uint8

const (
	litDone  litKind = iota // the literal is final
	litText                 // a string: its type is the connection's collation's LONGTEXT
	litOther                // not converted here: GMS's binder decides
)

// paramLiteral converts the parameter kinds a client sends most (integers,
// strings, floats in exponent form, decimals, NULL) to the literal GMS's
// binder makes of them: an integer as the smallest of int8, uint8, int16,
// uint16, int32, uint32, int64, uint64 that holds it; a float in exponent
// notation as DOUBLE; a decimal as DECIMAL of its digits. TestParamLiterals
// compares it with the binder.
func paramLiteral(ctx *sql.Context, e sqlparser.Expr) (*expression.Literal, litKind) {
	if _, null := e.(*sqlparser.NullVal); null {
		return expression.NewLiteral(nil, types.Null), litDone
	}
	v, ok := e.(*sqlparser.SQLVal)
	if !ok {
		return nil, litOther
	}
	return valLiteral(ctx, v.Type, string(v.Val))
}

// valLiteral is paramLiteral of a parser value of type typ and text s.
func valLiteral(ctx *sql.Context, typ sqlparser.ValType, s string) (*expression.Literal, litKind) {
	switch typ {
	case sqlparser.StrVal:
		return expression.NewLiteral(s, nil), litText
	case sqlparser.IntVal:
		if l := intLiteral(s); l != nil {
			return l, litDone
		}
	case sqlparser.FloatVal:
		if strings.ContainsAny(s, "eE") {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, litOther
			}
			return expression.NewLiteral(f, types.Float64), litDone
		}
		if strings.Count(s, ".") != 1 {
			return nil, litOther
		}
		p, sc := expression.GetDecimalPrecisionAndScale(s)
		dt, err := types.CreateDecimalType(p, sc)
		if err != nil {
			return nil, litOther
		}
		d, _, err := dt.Convert(ctx, s)
		if err != nil {
			return nil, litOther
		}
		return expression.NewLiteral(d, dt), litDone
	}
	return nil, litOther
}

// intLiteral types a decimal integer's text as GMS's binder does; nil when
// it fits no 64-bit integer (the binder makes a DECIMAL).
func intLiteral(s string) *expression.Literal {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		switch {
		case n >= math.MinInt8 && n <= math.MaxInt8:
			return expression.NewLiteral(int8(n), types.Int8)
		case n >= 0 && n <= math.MaxUint8:
			return expression.NewLiteral(uint8(n), types.Uint8)
		case n >= math.MinInt16 && n <= math.MaxInt16:
			return expression.NewLiteral(int16(n), types.Int16)
		case n >= 0 && n <= math.MaxUint16:
			return expression.NewLiteral(uint16(n), types.Uint16)
		case n >= math.MinInt32 && n <= math.MaxInt32:
			return expression.NewLiteral(int32(n), types.Int32)
		case n >= 0 && n <= math.MaxUint32:
			return expression.NewLiteral(uint32(n), types.Uint32)
		}
		return expression.NewLiteral(n, types.Int64)
	}
	if u, err := strconv.ParseUint(s, 10, 64); err == nil {
		return expression.NewLiteral(u, types.Uint64)
	}
	return nil
}

// analyzeForCache binds and analyzes the statement with lits as its
// parameters (so the plan holds them by identity) and returns the
// cacheable template, or nil.
func (h *handler) analyzeForCache(ctx *sql.Context, query string, stmt sqlparser.Statement, lits []*expression.Literal, names []string, opts plans.Options) (*plans.Plan, bool) {
	if !opts.DML && hasLiterals(stmt) {
		return nil, false
	}
	e := h.srv.sqle
	b := planbuilder.New(ctx, e.Analyzer.Catalog, e.EventScheduler, e.Parser)
	bindings := make(map[string]sql.Expression, len(lits))
	for i, l := range lits {
		bindings[names[i]] = l
	}
	b.SetBindingsWithExpr(bindings)
	var bound sql.Node
	var qFlags *sql.QueryFlags
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = errPanic
			}
		}()
		bound, qFlags, err = b.BindOnly(stmt, query, nil)
	}()
	if err != nil {
		return nil, true
	}
	if bc := b.BindCtx(); bc != nil && len(bc.UnusedBindings()) > 0 {
		return nil, false
	}
	analyzed, err := e.Analyzer.Analyze(ctx, bound, nil, qFlags)
	if err != nil {
		// The general path reports the error; other values may analyze.
		return nil, true
	}
	if qFlags != nil && (qFlags.IsSet(sql.QFlagShowWarnings) || qFlags.IsSet(sql.QFlagTrigger)) {
		return nil, false
	}
	pl, ok, retry := plans.Build(ctx, analyzed, lits, opts)
	if !ok {
		return nil, retry
	}
	if opts.DML != pl.DML() || pl.DML() && !h.eng.CacheableDML(ctx, analyzed) {
		return nil, false
	}
	pl.SetFlags(qFlags)
	pl.SetSingleRow(qFlags != nil && qFlags.IsSet(sql.QFlagMax1Row))
	return pl, false
}

// hasLiterals reports whether the statement's text has constants of its
// own: plans are cached only for statements whose every constant is a
// parameter, so a literal of the analyzed plan that equals a conversion of
// a parameter is known to be one (package plans).
func hasLiterals(stmt sqlparser.SQLNode) bool {
	found := false
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		switch v := node.(type) {
		case *sqlparser.SQLVal:
			if v.Type != sqlparser.ValArg {
				found = true
			}
		case *sqlparser.NullVal, sqlparser.BoolVal:
			found = true
		}
		return !found, nil
	}, stmt)
	return found
}

// countLiterals counts the constants of n's text.
func countLiterals(n sqlparser.SQLNode) int {
	found := 0
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		switch v := node.(type) {
		case *sqlparser.SQLVal:
			if v.Type != sqlparser.ValArg {
				found++
			}
		case *sqlparser.NullVal, sqlparser.BoolVal:
			found++
		}
		return true, nil
	}, n)
	return found
}

type panicError struct{}

func (panicError) Error() string { return "panic while binding" }

var errPanic error = panicError{}

// hasComparison reports whether n compares anything (=, <, IN, BETWEEN,
// LIKE ..., or a row of values).
func hasComparison(n sqlparser.SQLNode) bool {
	found := false
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		switch node.(type) {
		case *sqlparser.ComparisonExpr, *sqlparser.RangeCond, sqlparser.ValTuple:
			found = true
		}
		return !found, nil
	}, n)
	return found
}

// startsWithDML reports whether q starts with INSERT, UPDATE or DELETE.
func startsWithDML(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n")
	return len(q) >= 6 && (strings.EqualFold(q[:6], "insert") || strings.EqualFold(q[:6], "update") ||
		strings.EqualFold(q[:6], "delete"))
}

// isZero reports whether l is a number equal to 0.
// ctx is the statement's: a fresh sql.NewEmptyContext builds a whole
// session (every status and system variable map) and was 40% of a
// cached INSERT's CPU.
func isZero(ctx *sql.Context, l *expression.Literal) bool {
	if !types.IsNumber(l.Type()) {
		return false
	}
	c, err := l.Type().Compare(ctx, l.Value(), l.Type().Zero())
	return err == nil && c == 0
}

func startsWithSelect(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "select")
}

func isOn(v any) bool {
	on, err := sql.ConvertToBool(nil, v)
	return err == nil && on
}

func toString(v any) string {
	if str, ok := v.(string); ok {
		return str
	}
	return fmt.Sprint(v)
}

// cloneFields deep-copies result metadata, so the copy a plan keeps is
// never written by the execution it came from.
func cloneFields(fields []*querypb.Field) []*querypb.Field {
	out := make([]*querypb.Field, len(fields))
	for i, f := range fields {
		if f != nil {
			out[i] = proto.Clone(f).(*querypb.Field)
		}
	}
	return out
}
