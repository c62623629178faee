package server

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/sqlfunc"
)

// The CREATE TABLE fast path (engine/ddlfast.go says what it does and
// why). The server keys templates by statement text and the session
// settings that change what the text means, finds the schema (the one the
// text names, else the current one), checks the CREATE privilege as the
// general path does, and runs engine.FastCreate through GMS's executor, so
// the transaction, the implicit commit, the process list and the reply are
// the general path's. Anything unusual goes to the general path.

// ddlFastVar turns the fast path off for a session (SET SESSION
// myriad_ddl_fast_path = OFF) or for new sessions (SET GLOBAL): the
// general path is the reference it is tested and measured against.
const ddlFastVar = "myriad_ddl_fast_path"

// ddlSettings are the session variables a CREATE TABLE's definition
// depends on besides the schema's collation: how the text is parsed
// (sql_mode), how its literals are read (the connection's character set
// and collation), and the defaults it may leave to the server.
var ddlSettings = []string{"sql_mode", "character_set_client", "collation_connection",
	"character_set_connection", "time_zone", "default_storage_engine",
	"explicit_defaults_for_timestamp", "default_collation_for_utf8mb4", "lower_case_table_names"}

// ddlCacheEntries bounds the templates kept: a provisioning script repeats
// a few hundred texts; a client that never repeats one (unique names in
// the text) must not grow the cache without bound.
const ddlCacheEntries = 4096

// ddlEntry is what one text (under one set of settings) creates.
type ddlEntry struct {
	// qualifier is the schema the text names ("" for the current one);
	// name is the table.
	qualifier, name string
	eligible        bool
	// tmpls: collation ID -> *engine.TableTemplate, per schema default
	// collation the text ran under.
	tmpls sync.Map
}

// ddlCache is the server's template cache.
type ddlCache struct {
	mu      sync.Mutex
	entries map[string]*ddlEntry
	// hits counts statements served from a template.
	hits atomic.Int64
}

func (dc *ddlCache) get(key string) *ddlEntry {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.entries[key]
}

func (dc *ddlCache) put(key string, e *ddlEntry) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if dc.entries == nil || len(dc.entries) >= ddlCacheEntries {
		// Dropping everything is rare (only past the bound) and costs one
		// general-path execution per text still in use.
		dc.entries = make(map[string]*ddlEntry)
	}
	dc.entries[key] = e
}

// startsWithCreateTable is the cheap refusal: only CREATE TABLE (not
// TEMPORARY, not OR REPLACE), one statement.
func startsWithCreateTable(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n")
	if len(q) < 13 || !strings.EqualFold(q[:6], "create") {
		return false
	}
	r := strings.TrimLeft(q[6:], " \t\r\n")
	if len(r) == len(q)-6 || len(r) < 6 || !strings.EqualFold(r[:5], "table") {
		return false
	}
	c := r[5]
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '`'
}

// ddlShape parses a CREATE TABLE text on a cache miss and says whether a
// template may serve it: a plain column list (no LIKE, no AS SELECT, no
// foreign keys, no partitions, no AUTO_INCREMENT start value).
func ddlShape(ctx context.Context, query string, opts sqlparser.ParserOptions) (qualifier, name string, ok bool) {
	stmt, err := sqlparser.ParseWithOptions(ctx, query, opts)
	if err != nil || sqlfunc.CheckStatement(stmt) != nil {
		return "", "", false // the general path gives the error
	}
	ddl, isDDL := stmt.(*sqlparser.DDL)
	if !isDDL || ddl.Action != sqlparser.CreateStr || ddl.TableSpec == nil || ddl.OptLike != nil ||
		ddl.OptSelect != nil || ddl.Temporary || ddl.OrReplace || ddl.PartitionSpec != nil || ddl.TableSpec.PartitionOpt != nil {
		return "", "", false
	}
	for _, c := range ddl.TableSpec.Constraints {
		if _, fk := c.Details.(*sqlparser.ForeignKeyDefinition); fk {
			return "", "", false
		}
	}
	for _, col := range ddl.TableSpec.Columns {
		// An inline REFERENCES clause is parsed into the column.
		if col.Type.ForeignKeyDef != nil {
			return "", "", false
		}
	}
	for _, o := range ddl.TableSpec.TableOpts {
		if strings.EqualFold(o.Name, "auto_increment") {
			return "", "", false
		}
	}
	t := ddl.Table
	return t.DbQualifier.String(), t.Name.String(), true
}

// ddlLookup finds text's entry and the schema it creates in; entry is nil
// when the text is not a CREATE TABLE a template may serve.
func (h *handler) ddlLookup(ctx context.Context, c *mysql.Conn, text string) (sqlCtx *sql.Context, entry *ddlEntry, db string, coll sql.CollationID) {
	if h.srv.srv == nil || !startsWithCreateTable(text) || strings.IndexByte(text, ';') >= 0 {
		return nil, nil, "", 0
	}
	sqlCtx, err := h.srv.srv.SessionManager().NewContextWithQuery(ctx, c, text)
	if err != nil {
		return nil, nil, "", 0
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, ddlFastVar); err != nil || !isOn(on) {
		return nil, nil, "", 0
	}
	settings := engine.DerivedSettings(sqlCtx, engine.SettingsDDL, func() string {
		var b strings.Builder
		for _, v := range ddlSettings {
			b.WriteByte(0)
			val, _ := sqlCtx.GetSessionVariable(sqlCtx, v)
			b.WriteString(toString(val))
		}
		return b.String()
	})
	key := text + settings
	dc := &h.srv.ddl
	entry = dc.get(key)
	if entry == nil {
		q, name, ok := ddlShape(ctx, text, sql.LoadSqlMode(sqlCtx).ParserOptions())
		entry = &ddlEntry{qualifier: q, name: name, eligible: ok}
		dc.put(key, entry)
	}
	if !entry.eligible {
		return nil, nil, "", 0
	}
	db = entry.qualifier
	if db == "" {
		db = sqlCtx.GetCurrentDatabase()
	}
	if db == "" {
		return nil, nil, "", 0
	}
	coll, exists := h.eng.SchemaCollation(db)
	if !exists {
		return nil, nil, "", 0
	}
	return sqlCtx, entry, db, coll
}

// fastCreate serves a CREATE TABLE whose text (as the client sent it,
// before the rewrites every statement goes through) has a template. It
// runs before those rewrites and checks, which cost ~10% of a served
// statement: the text fixes what they do, and what they would do for a
// CREATE TABLE is done here (the open transaction is committed). done is
// false when the statement must take the usual way.
func (h *handler) fastCreate(ctx context.Context, c *mysql.Conn, text string, cb mysql.ResultSpoolFn) (done bool, err error) {
	sqlCtx, entry, db, coll := h.ddlLookup(ctx, c, text)
	if entry == nil {
		return false, nil
	}
	v, ok := entry.tmpls.Load(coll)
	if !ok || !h.mayCreate(sqlCtx, db, entry.name) {
		return false, nil
	}
	if err := h.eng.CommitBeforeDDL(ctx, c.ConnectionID); err != nil {
		return true, err
	}
	served, err := h.runFastCreate(sqlCtx, c, text, h.eng.NewFastCreate(db, v.(*engine.TableTemplate)), cb)
	if !served {
		return false, nil
	}
	h.srv.ddl.hits.Add(1)
	return true, h.translate(err, c, text)
}

// captureCreate runs a CREATE TABLE (query, the rewritten text) on the
// general path and keeps what it created as the template of text. done is
// false when the caller must run the statement itself.
func (h *handler) captureCreate(ctx context.Context, c *mysql.Conn, text, query string, cb mysql.ResultSpoolFn) (done bool, err error) {
	sqlCtx, entry, db, coll := h.ddlLookup(ctx, c, text)
	if entry == nil {
		return false, nil
	}
	h.eng.BeginCreateCapture(c.ConnectionID)
	err = h.Handler.ComQuery(ctx, c, query, cb)
	tmpl := h.eng.EndCreateCapture(c.ConnectionID)
	// A statement with warnings keeps the general path: their text may
	// name the schema (1831 does).
	if err == nil && tmpl != nil && tmpl.Collation == coll && strings.EqualFold(tmpl.Schema, db) &&
		strings.EqualFold(tmpl.Name, entry.name) && sqlCtx.Session.WarningCount() == 0 {
		entry.tmpls.Store(coll, tmpl)
	}
	return true, h.translate(err, c, query)
}

// mayCreate reports whether the session's account may create table name in
// schema db, as authzHandler.check and GMS's check decide; when it may
// not, the general path gives the error.
func (h *handler) mayCreate(ctx *sql.Context, db, name string) bool {
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	if !mdb.Enabled() {
		return true
	}
	client := ctx.Session.Client()
	rd := mdb.Reader()
	u := mdb.GetUser(rd, client.User, client.Address, false)
	rd.Close()
	if u == nil {
		return false
	}
	ps := mdb.UserActivePrivilegeSet(ctx)
	p := sql.PrivilegeType_Create
	return ps.Has(sql.PrivilegeType_Super) || ps.Has(p) || ps.Database(db).Has(p) || ps.Database(db).Table(name).Has(p)
}

// runFastCreate runs node through GMS's executor as GMS's handler runs a
// CREATE TABLE plan (query event, process list entry, session command
// bracket, the DDL's implicit commit, the OK reply and status flags).
// served is false when the bracket could not be opened or the node found
// the statement must take the general path; nothing was written or sent
// then.
func (h *handler) runFastCreate(sqlCtx *sql.Context, c *mysql.Conn, query string, node *engine.FastCreate, cb mysql.ResultSpoolFn) (served bool, err error) {
	served, err = h.tryBracket(sqlCtx, query, func(sqlCtx *sql.Context) (bool, error) {
		flags := new(sql.QueryFlags)
		flags.Set(sql.QFlagDDL)
		schema, iter, _, err := h.srv.sqle.PrepQueryPlanForExecution(sqlCtx, query, node, flags)
		if node.Fallback {
			return false, nil
		}
		sql.IncrementStatusVariable(sqlCtx, "Questions", 1)
		sqlCtx.ClearWarnings()
		if err != nil {
			return true, sql.CastSQLError(err)
		}
		if !types.IsOkResultSchema(schema) {
			_ = iter.Close(sqlCtx)
			return true, sql.CastSQLError(errNotOk)
		}
		if _, err := iter.Next(sqlCtx); err != nil {
			return true, sql.CastSQLError(err)
		}
		// Close commits (the DDL's implicit commit).
		if err := iter.Close(sqlCtx); err != nil {
			return true, sql.CastSQLError(err)
		}
		if err := statusFlags(sqlCtx, c); err != nil {
			return true, err
		}
		return true, cb(&sqltypes.Result{}, false)
	})
	if !served {
		return false, nil
	}
	return true, err
}

var errNotOk = sql.ErrInvalidType.New("CREATE TABLE fast path: not an OK result")
