package server

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/engine"
)

// Tenant export and import over the protocol (`myriad tenant export` /
// `import`; issue #15). MySQL has no statement that moves a schema as one
// file, so these are Myriad's own, recognised before parsing like BACKUP TO:
//
//	TENANT EXPORT `s`             one result column `chunk` (LONGBLOB): the
//	                              tenant file, in order, ~1 MiB per row
//	  [SINCE 'token'] [RETAIN]    a delta since the retained snapshot token;
//	                              RETAIN keeps this export's snapshot (its
//	                              token is in the file's header)
//	TENANT IMPORT BEGIN `s`       checks CREATE on s and that s does not exist
//	  [DELTA]                     applies a delta file to the existing s
//	                              instead (needs INSERT and DELETE on s)
//	TENANT IMPORT DATA 'base64'   the next bytes of the file
//	TENANT IMPORT END             publishes s; affected rows = rows imported
//	TENANT IMPORT ABORT           drops what was written
//
// An import belongs to its connection: closing the connection (a killed
// client) abandons it, and the engine removes what it had written. The file
// is streamed through a pipe into engine.ImportSchema, so the server holds
// one chunk at a time whatever the tenant's size.

const identRE = "(`(?:[^`]|``)+`|[A-Za-z0-9_$]+)"

var (
	tenantExportStmt = regexp.MustCompile("(?is)^\\s*TENANT\\s+EXPORT\\s+" + identRE +
		"(?:\\s+SINCE\\s+'([0-9a-f]+)')?(\\s+RETAIN)?\\s*;?\\s*$")
	// DATA is parsed by importDataArg: a regexp with captures runs its
	// slow matcher over a megabyte of base64 (0.15 s of CPU per chunk).
	tenantImportStmt = regexp.MustCompile("(?is)^\\s*TENANT\\s+IMPORT\\s+(?:BEGIN\\s+" + identRE +
		"(\\s+DELTA)?|(END|ABORT))\\s*;?\\s*$")
)

// exportChunkBytes is the size of one result row of TENANT EXPORT.
const exportChunkBytes = 1 << 20

// pendingImport is a connection's import in progress: the pipe into the
// engine's reader and the reader's outcome.
type pendingImport struct {
	pw   *io.PipeWriter
	done chan struct{}
	st   engine.TransferStats
	err  error
}

var errImportAbandoned = errors.New("import abandoned: the connection closed before TENANT IMPORT END")

func isTenantStmt(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n")
	return len(q) > 7 && strings.EqualFold(q[:7], "TENANT ")
}

// comTenant runs a TENANT statement; ok is false for any other query.
func (h *handler) comTenant(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (ok bool, err error) {
	if !isTenantStmt(query) {
		return false, nil
	}
	if b64, ok := importDataArg(query); ok {
		err = h.importData(c, b64)
		if err == nil {
			err = cb(&sqltypes.Result{}, false)
		}
		return true, h.sqlError(err, c, "TENANT IMPORT DATA")
	}
	if m := tenantExportStmt.FindStringSubmatch(query); m != nil {
		opts := engine.ExportOptions{Since: m[2], Retain: m[3] != ""}
		return true, h.sqlError(h.tenantExport(c, unquoteIdent(m[1]), opts, cb), c, query)
	}
	m := tenantImportStmt.FindStringSubmatch(query)
	if m == nil {
		return true, mysql.NewSQLError(mysql.ERParseError, "42000",
			"You have an error in your SQL syntax; TENANT takes EXPORT `schema` or IMPORT BEGIN `schema` | DATA '...' | END | ABORT")
	}
	switch {
	case m[1] != "":
		err = h.importBegin(c, unquoteIdent(m[1]), m[2] != "")
		if err == nil {
			err = cb(&sqltypes.Result{}, false)
		}
	case strings.EqualFold(m[3], "END"):
		var st engine.TransferStats
		st, err = h.importEnd(c, nil)
		if err == nil {
			err = cb(&sqltypes.Result{RowsAffected: st.Rows,
				Info: fmt.Sprintf("Tables: %d  Rows: %d  Bytes: %d", st.Tables, st.Rows, st.Bytes)}, false)
		}
	default:
		_, err = h.importEnd(c, errImportAbandoned)
		if err == nil || errors.Is(err, errImportAbandoned) {
			err = cb(&sqltypes.Result{}, false)
		}
	}
	return true, h.sqlError(err, c, query)
}

// importDataArg returns the quoted argument of TENANT IMPORT DATA '...'.
func importDataArg(q string) (string, bool) {
	for _, w := range []string{"TENANT", "IMPORT", "DATA"} {
		q = strings.TrimLeft(q, " \t\r\n")
		if len(q) <= len(w) || !strings.EqualFold(q[:len(w)], w) || !strings.ContainsRune(" \t\r\n'", rune(q[len(w)])) {
			return "", false
		}
		q = q[len(w):]
	}
	q = strings.TrimRight(strings.TrimLeft(q, " \t\r\n"), " \t\r\n;")
	if len(q) < 2 || q[0] != '\'' || q[len(q)-1] != '\'' {
		return "", false
	}
	return q[1 : len(q)-1], true
}

// sqlError gives an engine or file error MySQL's number (GMS's errors
// through its own mapping; anything else is 1105 with its message).
func (h *handler) sqlError(err error, c *mysql.Conn, query string) error {
	if err == nil {
		return nil
	}
	var se *mysql.SQLError
	if !errors.As(err, &se) {
		err = sql.CastSQLError(err)
	}
	return h.translate(err, c, query)
}

// connPrivileges is the privilege set of the connection's account.
func (h *handler) connPrivileges(c *mysql.Conn) (sql.PrivilegeSet, bool) {
	host := ""
	if v, ok := h.srv.auth.hosts.Load(c.ConnectionID); ok {
		host = v.(string)
	}
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	rd := mdb.Reader()
	defer rd.Close()
	u := mdb.GetUser(rd, c.User, host, false)
	if u == nil {
		return nil, false
	}
	return u.PrivilegeSet, true
}

func (h *handler) hasSchemaPrivilege(c *mysql.Conn, schema string, p sql.PrivilegeType) bool {
	ps, ok := h.connPrivileges(c)
	if !ok {
		return false
	}
	return ps.Has(p) || ps.Database(schema).Has(p)
}

// dbAccessDenied is MySQL's 1044 for a schema the account may not use,
// naming the account as CREATE DATABASE ... LIKE does.
func (h *handler) dbAccessDenied(c *mysql.Conn, schema string) error {
	host := ""
	if v, ok := h.srv.auth.hosts.Load(c.ConnectionID); ok {
		host = v.(string)
	}
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	rd := mdb.Reader()
	account := mysql_db.User{User: c.User, Host: host}.UserHostToString("'")
	if u := mdb.GetUser(rd, c.User, host, false); u != nil {
		account = u.UserHostToString("'")
	}
	rd.Close()
	return mysql.NewSQLError(mysql.ERDBAccessDenied, "42000",
		"Access denied for user %s to database '%s'", account, schema)
}

// tenantExport streams schema as a tenant file, one result row per chunk.
// The export reads one snapshot; the rows are sent as they are produced.
func (h *handler) tenantExport(c *mysql.Conn, schema string, opts engine.ExportOptions, cb mysql.ResultSpoolFn) error {
	if !h.hasSchemaPrivilege(c, schema, sql.PrivilegeType_Select) {
		return h.dbAccessDenied(c, schema)
	}
	w := &chunkWriter{cb: cb, fields: []*querypb.Field{{Name: "chunk", Type: querypb.Type_BLOB,
		Charset: 63, ColumnLength: 4294967295, Flags: uint32(querypb.MySqlFlag_BINARY_FLAG | querypb.MySqlFlag_BLOB_FLAG)}}}
	if _, err := h.eng.ExportSchemaWith(schema, w, ServerVersion, opts, nil); err != nil {
		return err
	}
	return w.flush(true)
}

// chunkWriter turns the tenant file's bytes into result rows.
type chunkWriter struct {
	cb     mysql.ResultSpoolFn
	fields []*querypb.Field
	buf    []byte
	sent   bool
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		room := exportChunkBytes - len(w.buf)
		take := min(room, len(p))
		w.buf = append(w.buf, p[:take]...)
		p = p[take:]
		if len(w.buf) == exportChunkBytes {
			if err := w.flush(false); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (w *chunkWriter) flush(final bool) error {
	if len(w.buf) == 0 && (w.sent || !final) {
		return nil
	}
	res := &sqltypes.Result{Fields: w.fields}
	if len(w.buf) > 0 {
		res.Rows = [][]sqltypes.Value{{sqltypes.MakeTrusted(querypb.Type_BLOB, w.buf)}}
	}
	err := w.cb(res, false)
	w.sent = true
	w.buf = w.buf[:0]
	return err
}

func (h *handler) importBegin(c *mysql.Conn, schema string, delta bool) error {
	if _, busy := h.srv.imports.Load(c.ConnectionID); busy {
		return mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"an import is already in progress on this connection (TENANT IMPORT END or ABORT first)")
	}
	if delta {
		if !h.hasSchemaPrivilege(c, schema, sql.PrivilegeType_Insert) || !h.hasSchemaPrivilege(c, schema, sql.PrivilegeType_Delete) {
			return h.dbAccessDenied(c, schema)
		}
	} else {
		if !h.hasSchemaPrivilege(c, schema, sql.PrivilegeType_Create) {
			return h.dbAccessDenied(c, schema)
		}
		if err := h.eng.CheckImportTarget(schema); err != nil {
			return err
		}
	}
	pr, pw := io.Pipe()
	p := &pendingImport{pw: pw, done: make(chan struct{})}
	h.srv.imports.Store(c.ConnectionID, p)
	go func() {
		defer close(p.done)
		if delta {
			p.st, p.err = h.eng.ApplySchemaDeltaWith(pr, schema, engine.DeltaOptions{Authorize: h.deltaDefinitions(c, schema)})
		} else {
			p.st, p.err = h.eng.ImportSchema(pr, schema, nil)
		}
		if p.err != nil {
			pr.CloseWithError(p.err) // unblocks the next DATA with the cause
		} else {
			pr.Close()
		}
		if p.err != nil && !errors.Is(p.err, errImportAbandoned) {
			h.srv.log.Info("tenant import failed", "schema", schema, "conn", c.ConnectionID, "err", p.err)
		}
	}()
	return nil
}

// deltaDefinitions authorizes a delta that replaces views, triggers or
// stored procedures with the privileges their own DDL needs (a delta of
// rows needs only INSERT and DELETE).
func (h *handler) deltaDefinitions(c *mysql.Conn, schema string) func(engine.DefinitionChanges) error {
	return func(ch engine.DefinitionChanges) error {
		var need []sql.PrivilegeType
		if ch.Routines > 0 {
			need = append(need, sql.PrivilegeType_CreateRoutine, sql.PrivilegeType_AlterRoutine)
		}
		if ch.Views > 0 {
			need = append(need, sql.PrivilegeType_CreateView, sql.PrivilegeType_Drop)
		}
		if ch.Triggers > 0 {
			need = append(need, sql.PrivilegeType_Trigger)
		}
		for _, p := range need {
			if !h.hasSchemaPrivilege(c, schema, p) {
				return h.dbAccessDenied(c, schema)
			}
		}
		return nil
	}
}

func (h *handler) importData(c *mysql.Conn, b64 string) error {
	v, ok := h.srv.imports.Load(c.ConnectionID)
	if !ok {
		return mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "no import in progress (TENANT IMPORT BEGIN first)")
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		_, _ = h.importEnd(c, errImportAbandoned)
		return fmt.Errorf("TENANT IMPORT DATA: bad base64: %w", err)
	}
	p := v.(*pendingImport)
	if _, err := p.pw.Write(b); err != nil {
		// The reader stopped: the import failed and has cleaned up.
		<-p.done
		h.srv.imports.Delete(c.ConnectionID)
		return p.err
	}
	return nil
}

// importEnd finishes the connection's import: cause == nil ends the file
// (the import publishes if it checked out), otherwise it is abandoned.
func (h *handler) importEnd(c *mysql.Conn, cause error) (engine.TransferStats, error) {
	v, ok := h.srv.imports.LoadAndDelete(c.ConnectionID)
	if !ok {
		if cause != nil {
			return engine.TransferStats{}, nil
		}
		return engine.TransferStats{}, mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "no import in progress (TENANT IMPORT BEGIN first)")
	}
	p := v.(*pendingImport)
	if cause != nil {
		p.pw.CloseWithError(cause)
	} else {
		p.pw.Close()
	}
	<-p.done
	return p.st, p.err
}
