package server

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/plans"
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
	exec, ok := h.Handler.(boundExecer)
	if !ok {
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
	lits, names, ok := h.bindLiterals(sqlCtx, p.BindVars)
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
	key := plans.Key{Query: query, DB: sqlCtx.GetCurrentDatabase(), Version: version, User: client.User + "@" + host}
	var b strings.Builder
	for _, v := range planSettings {
		val, _ := sqlCtx.GetSessionVariable(sqlCtx, v)
		b.WriteString(toString(val))
		b.WriteByte(0)
	}
	key.Settings = b.String()
	b.Reset()
	for _, l := range lits {
		if l.Value() == nil {
			b.WriteString("NULL")
		} else {
			b.WriteString(l.Type().String())
		}
		b.WriteByte(0)
	}
	key.Params = b.String()

	pl, known := cache.Get(key)
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
			cache.Put(key, pl)
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
	return true, exec.ComExecuteBound(ctx, c, query, node, func(r *sqltypes.Result, _ bool) error { return cb(r) })
}

// bindLiterals turns the parameters into the literals GMS's binder makes of
// them (the same conversion as the uncached path: value, then parser
// expression, then the planner's literal).
func (h *handler) bindLiterals(ctx *sql.Context, bv map[string]*querypb.BindVariable) ([]*expression.Literal, []string, bool) {
	exprs := make(map[string]sqlparser.Expr, len(bv))
	for name, v := range bv {
		val, err := sqltypes.BindVariableToValue(v)
		if err != nil {
			return nil, nil, false
		}
		e, err := sqlparser.ExprFromValue(val)
		if err != nil {
			return nil, nil, false
		}
		exprs[name] = e
	}
	b := planbuilder.New(ctx, h.srv.sqle.Analyzer.Catalog, h.srv.sqle.EventScheduler, h.srv.sqle.Parser)
	b.SetBindings(exprs)
	lits := make([]*expression.Literal, len(bv))
	names := make([]string, len(bv))
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
