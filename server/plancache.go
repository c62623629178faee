package server

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"google.golang.org/protobuf/proto"

	"github.com/myriaddb/myriad/plans"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// planCacheVar turns the prepared-statement plan cache off for a session
// (SET SESSION myriad_plan_cache = OFF) or for new sessions (SET GLOBAL):
// the uncached path is the reference the cache is tested against.
const planCacheVar = "myriad_plan_cache"

func registerPlanCacheVar() {
	if _, _, ok := sql.SystemVariables.GetGlobal(planCacheVar); ok {
		return
	}
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:    planCacheVar,
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic: true,
		Type:    types.NewSystemBoolType(planCacheVar),
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
	// Cheap refusals first: only SELECTs, and none that read variables
	// (@x, @@warning_count) whose value belongs to the moment of execution.
	if !startsWithSelect(query) || strings.IndexByte(query, '@') >= 0 {
		return false, nil
	}
	sqlCtx, err := h.srv.srv.SessionManager().NewContextWithQuery(ctx, c, query)
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
	// Locking reads and SELECT ... INTO take the general path: what they
	// do besides reading is not part of a plan this cache can vouch for.
	if sel, isSelect := stmt.(*sqlparser.Select); !isSelect || sel.Lock != "" || sel.Into != nil {
		return false, nil
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
	return h.runCached(ctx, c, sqlCtx, query, query, stmt, bv, cb)
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
	if !startsWithSelect(query) || strings.IndexByte(query, '@') >= 0 || strings.IndexByte(query, ';') >= 0 ||
		strings.IndexByte(query, '?') >= 0 {
		return false, nil
	}
	sqlCtx, err := h.srv.srv.SessionManager().NewContextWithQuery(ctx, c, query)
	if err != nil {
		return false, nil
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, planCacheVar); err != nil || !isOn(on) {
		return false, nil
	}
	stmt, err := sqlparser.ParseWithOptions(ctx, query, sql.LoadSqlMode(sqlCtx).ParserOptions())
	if err != nil {
		return false, nil
	}
	// Typed temporal literals and DECIMAL literals compared with a column
	// take the general path, where the engine's parser (sqlfunc.Parser)
	// reads them as MySQL does.
	if _, lits := sqltext.TemporalLiterals(query); lits != nil || sqlfunc.ExactLiterals(stmt) {
		return false, nil
	}
	sel, isSelect := stmt.(*sqlparser.Select)
	if !isSelect || sel.Lock != "" || sel.Into != nil {
		return false, nil
	}
	bv, ok := parameterize(sel)
	if !ok {
		return false, nil
	}
	key := sqlparser.String(stmt)
	done, err = h.runCached(ctx, c, sqlCtx, key, query, stmt, bv, func(r *sqltypes.Result) error { return cb(r, false) })
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
	param := func(e *sqlparser.Expr) {
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
	var visit func(e *sqlparser.Expr)
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

// runCached serves a parsed SELECT whose every constant is a parameter
// (values in bv, named v1, v2, ...) from the plan cache, analyzing and
// caching it on a miss. key is the statement text the plan is cached
// under; query is what the client sent (process list, logs).
func (h *handler) runCached(ctx context.Context, c *mysql.Conn, sqlCtx *sql.Context, key, query string, stmt sqlparser.Statement, bv map[string]sqlparser.Expr, cb func(*sqltypes.Result) error) (done bool, err error) {
	cache := h.srv.plans
	exec, ok := h.Handler.(boundExecer)
	if !ok {
		return false, nil
	}
	lits, names, ok := h.bindLiterals(sqlCtx, bv)
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
	host := client.Address
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	pk := plans.Key{Query: key, DB: sqlCtx.GetCurrentDatabase(), Version: version, User: client.User + "@" + host}
	var b strings.Builder
	for _, v := range planSettings {
		val, _ := sqlCtx.GetSessionVariable(sqlCtx, v)
		b.WriteString(toString(val))
		b.WriteByte(0)
	}
	pk.Settings = b.String()
	b.Reset()
	for _, l := range lits {
		if l.Value() == nil {
			b.WriteString("NULL")
		} else {
			b.WriteString(l.Type().String())
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
	if !known {
		var retry bool
		pl, retry = h.analyzeForCache(sqlCtx, query, stmt, lits, names)
		if !retry {
			cache.Put(pk, pl)
		}
		if pl == nil {
			return false, nil
		}
	}
	node, ok, err := pl.Bind(sqlCtx, lits)
	if err != nil || !ok {
		return false, nil
	}
	sql.IncrementStatusVariable(sqlCtx, "Questions", 1)
	sql.IncrementStatusVariable(sqlCtx, "Com_select", 1)
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

// spoolSingleRow executes a cached plan the analyzer proved to return at
// most one row and sends its result, doing what GMS's handler does for
// such a plan on its uncached path (process list entry, session command
// bracket, the row converted by gmsserver.RowToSQL, the connection's status
// flags) without the multi-row machinery GMS's ComExecuteBound always takes
// for a bound plan: a goroutine per result set polling the socket and a
// fresh goroutine stack (docs/PROFILES.md).
func (h *handler) spoolSingleRow(sqlCtx *sql.Context, c *mysql.Conn, query string, node sql.Node, fields []*querypb.Field, cb func(*sqltypes.Result) error) (err error) {
	start := time.Now()
	if ev := h.srv.events; ev != nil {
		defer func() { ev.QueryCompleted(err == nil, time.Since(start)) }()
	}
	sqlCtx, err = sqlCtx.ProcessList.BeginQuery(sqlCtx, query)
	if err != nil {
		return err
	}
	defer sqlCtx.ProcessList.EndQuery(sqlCtx)
	if err := sql.SessionCommandBegin(sqlCtx.Session); err != nil {
		return err
	}
	defer sql.SessionCommandEnd(sqlCtx.Session)
	r, err := h.singleRowResult(sqlCtx, query, node, fields)
	if err != nil {
		return sql.CastSQLError(err)
	}
	if err := statusFlags(sqlCtx, c); err != nil {
		return err
	}
	return cb(r)
}

func (h *handler) singleRowResult(sqlCtx *sql.Context, query string, node sql.Node, fields []*querypb.Field) (*sqltypes.Result, error) {
	schema, iter, _, err := h.srv.sqle.PrepQueryPlanForExecution(sqlCtx, query, node, nil)
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
	out, err := gmsserver.RowToSQL(sqlCtx, schema, row, nil, nil)
	if err != nil {
		return nil, err
	}
	return &sqltypes.Result{Fields: fields, Rows: [][]sqltypes.Value{out}, RowsAffected: 1}, nil
}

// statusFlags sets the autocommit and in-transaction bits of the reply's
// status as GMS's handler does after every statement.
func statusFlags(ctx *sql.Context, c *mysql.Conn) error {
	v, err := ctx.GetSessionVariable(ctx, sql.AutoCommitSessionVar)
	if err != nil {
		return err
	}
	on, err := sql.ConvertToBool(ctx, v)
	if err != nil {
		return err
	}
	if on {
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

// bindLiterals turns the parameters' parser expressions into the literals
// GMS's binder makes of them (the same conversion as the uncached path:
// parser expression, then the planner's literal).
func (h *handler) bindLiterals(ctx *sql.Context, exprs map[string]sqlparser.Expr) ([]*expression.Literal, []string, bool) {
	b := planbuilder.New(ctx, h.srv.sqle.Analyzer.Catalog, h.srv.sqle.EventScheduler, h.srv.sqle.Parser)
	b.SetBindings(exprs)
	lits := make([]*expression.Literal, len(exprs))
	names := make([]string, len(exprs))
	for i := range lits {
		name := "v" + strconv.Itoa(i+1)
		e, ok := b.BindCtx().Bindings[name]
		if !ok {
			return nil, nil, false
		}
		l, ok := e.(*expression.Literal)
		if !ok {
			return nil, nil, false
		}
		lits[i], names[i] = l, name
	}
	return lits, names, true
}

// analyzeForCache binds and analyzes the statement with lits as its
// parameters (so the plan holds them by identity) and returns the
// cacheable template, or nil.
func (h *handler) analyzeForCache(ctx *sql.Context, query string, stmt sqlparser.Statement, lits []*expression.Literal, names []string) (*plans.Plan, bool) {
	if hasLiterals(stmt) {
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
	pl, ok, retry := plans.Build(ctx, analyzed, lits)
	if !ok {
		return nil, retry
	}
	pl.SetSingleRow(qFlags != nil && qFlags.IsSet(sql.QFlagMax1Row))
	return pl, false
}

// hasLiterals reports whether the statement's text has constants of its
// own: plans are cached only for statements whose every constant is a
// parameter, so a literal of the analyzed plan that equals a conversion of
// a parameter is known to be one (package plans).
func hasLiterals(stmt sqlparser.Statement) bool {
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

type panicError struct{}

func (panicError) Error() string { return "panic while binding" }

var errPanic error = panicError{}

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
