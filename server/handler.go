package server

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"

	gmssql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// maxPrefixRun bounds a chain of prefix operators (NOT NOT ... 1, !!...1,
// - - ... 1, and FOR FOR ..., which the tokenizer treats like NOT). go-mysql-server analyzes such a chain in time quadratic in its
// length with recursion proportional to it (10^5 NOTs ran for minutes);
// MySQL's parser runs out of stack on it and answers 1064 "memory
// exhausted". The same bound as the parser's parenthesis nesting limit.
const maxPrefixRun = 200

// prefixChain returns where the first statement of q (all of q when
// !firstOnly) chains more than maxPrefixRun prefix operators. It reads the
// bytes itself: the protocol library's tokenizer recurses once per NOT (and
// FOR) and overflows the goroutine stack, which kills the process, on about
// a million of them.
func prefixChain(q string, firstOnly bool) (int, bool) {
	if len(q) <= maxPrefixRun || prefixBytes(q) <= maxPrefixRun {
		return 0, false
	}
	run, start := 0, 0
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '\'' || c == '"' || c == '`':
			i = sqltext.SkipString(q, i)
			run = 0
			continue
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(q)
			}
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(q)
			}
			continue
		case c == ';' && firstOnly:
			return 0, false
		case c == '!' || c == '~' || c == '-' || c == '+':
			if run == 0 {
				start = i
			}
			run++
			i++
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80:
			j := i + 1
			for j < len(q) && (q[j] == '_' || q[j] >= 'a' && q[j] <= 'z' || q[j] >= 'A' && q[j] <= 'Z' || q[j] >= '0' && q[j] <= '9' || q[j] >= 0x80) {
				j++
			}
			if w := q[i:j]; strings.EqualFold(w, "not") || strings.EqualFold(w, "for") {
				if run == 0 {
					start = i
				}
				run++
			} else {
				run = 0
			}
			i = j
		default:
			run = 0
			i++
		}
		if run > maxPrefixRun {
			return start, true
		}
	}
	return 0, false
}

// prefixBytes counts the bytes of q that a prefix operator prefixChain
// counts holds at least one of, each its own: the operator characters and
// the first letters of NOT and FOR. A text with no more of them than
// maxPrefixRun cannot chain more operators, and is passed without
// prefixChain's byte-by-byte scan (~1.5% of the server's instructions
// under sysbench's oltp_insert, docs/PROFILES.md "perf27"); strings.Count
// of one byte does not read the text a byte at a time.
func prefixBytes(q string) int {
	n := 0
	for _, b := range [...]string{"!", "~", "-", "+", "n", "N", "f", "F"} {
		n += strings.Count(q, b)
	}
	return n
}

// handler wraps GMS's protocol handler so every error a client sees carries
// MySQL's error number, SQLSTATE and message (see errors.go).
type handler struct {
	mysql.Handler
	eng *engine.Engine
	// wires maps a connection ID to its wire guard, for the checks that
	// must see a command's bytes before the protocol library parses them.
	wires *sync.Map
	srv   *Server // for BACKUP TO (backup.go)
}

func (s *Server) wrapHandler(h mysql.Handler) (mysql.Handler, error) {
	return &handler{Handler: h, eng: s.eng, wires: &s.wires, srv: s}, nil
}

func (h *handler) translate(err error, c *mysql.Conn, query string) error {
	if aborted := h.eng.TakeSpillAbort(c.ConnectionID); err == nil {
		return nil
	} else if aborted {
		return engine.SpillAbortError(err)
	}
	if e := h.fkError(err, c.ConnectionID, query); e != nil {
		return e
	}
	if e := routineDenied(err, query, h.eng.CurrentDatabase(c.ConnectionID)); e != nil {
		return e
	}
	return translateError(err, query, h.eng.CurrentDatabase(c.ConnectionID))
}

// NewConnection links the wire guard (wire.go) to the library's connection
// and gives the library the socket itself (with the handshake's read
// deadlines, timeouts.go): go-mysql-server needs the bare socket to notice a
// client that went away during a long query, which the first command gives it.
func (h *handler) NewConnection(c *mysql.Conn) {
	if w, ok := c.Conn.(*wireConn); ok {
		w.mc = c
		c.Conn = sockConn{Conn: w.Conn, w: w}
		h.wires.Store(c.ConnectionID, w)
		w.processKill = func(id uint32) error {
			return h.ComQuery(context.Background(), c, fmt.Sprintf("KILL CONNECTION %d", id),
				func(*sqltypes.Result, bool) error { return nil })
		}
	}
	// The handshake carries the new session's status: without
	// SERVER_STATUS_AUTOCOMMIT, clients that want autocommit off (PyMySQL's
	// default, ORMs) believe it already is and never send SET autocommit=0,
	// so every statement they meant to roll back was committed. After the
	// handshake go-mysql-server sets the flags from the session.
	if autocommitDefault() {
		c.StatusFlags |= mysql.ServerStatusAutocommit
	} else {
		c.StatusFlags &^= mysql.ServerStatusAutocommit
	}
	// The session's variables are copied from the globals now, at
	// connection time as in MySQL, in the connection's own goroutine:
	// GMS builds a session at the connection's first command holding its
	// session manager's one mutex (engine.NewSessionBuilder), and
	// thousands of connections sending their first statements at once
	// queued there, behind each other's allocations (3,000 connections'
	// first three statements: 11-18 s built here, 24-46 s built at the
	// first command outside the mutex, 37 s inside it).
	h.srv.preSessions.Store(c.ConnectionID, gmssql.NewBaseSessionWithClientServer(h.srv.listener.Addr().String(), gmssql.Client{}, c.ConnectionID))
	h.Handler.NewConnection(c)
}

// autocommitDefault is the global autocommit a new session starts with.
func autocommitDefault() bool {
	_, v, ok := gmssql.SystemVariables.GetGlobal("autocommit")
	if !ok {
		return true
	}
	on, err := gmssql.ConvertToBool(nil, v)
	return err != nil || on
}

func (h *handler) ConnectionClosed(c *mysql.Conn) {
	h.wires.Delete(c.ConnectionID)
	h.srv.preSessions.Delete(c.ConnectionID)
	h.srv.prepLocking.Delete(c.ConnectionID)
	h.srv.callQueue.Delete(c.ConnectionID)
	h.srv.kills.forget(c.ConnectionID)
	engine.ForgetIndexHints(c.ConnectionID)
	viewWriters.Delete(c.ConnectionID) // viewdml.go
	// A client gone mid-import leaves nothing: the import is abandoned and
	// removes what it wrote.
	_, _ = h.importEnd(c, errImportAbandoned)
	h.Handler.ConnectionClosed(c)
}

// ParserOptionsForConnection is the library's last call before it parses a
// COM_STMT_PREPARE itself (ComPrepare comes after): a chain of prefix
// operators long enough to overflow its tokenizer's recursion would stop
// the process, so the connection is refused instead (a clean disconnect;
// MySQL answers 1064 "memory exhausted", which the library cannot send from
// here).
func (h *handler) ParserOptionsForConnection(c *mysql.Conn) (sqlparser.ParserOptions, error) {
	if v, ok := h.wires.Load(c.ConnectionID); ok {
		if w := v.(*wireConn); w.cmd == mysql.ComPrepare && len(w.prep) > 1 {
			if pos, deep := prefixChain(string(w.prep[1:]), false); deep {
				return sqlparser.ParserOptions{}, exhaustedError(string(w.prep[1:]), pos)
			}
		}
	}
	// GMS builds a whole query context to read sql_mode, taking its
	// session manager's mutex twice per prepared statement; the session
	// the connection already has says the same.
	if sctx := h.sessionOf(c); sctx != nil {
		if v, err := sctx.Session.GetSessionVariable(sctx, "sql_mode"); err == nil {
			if mode, ok := v.(string); ok {
				return gmssql.NewSqlModeFromString(mode).ParserOptions(), nil
			}
		}
	}
	return h.Handler.ParserOptionsForConnection(c)
}

func (h *handler) ComInitDB(c *mysql.Conn, schemaName string) error {
	err := h.translate(h.Handler.ComInitDB(c, schemaName), c, "USE "+schemaName)
	if err == nil {
		h.okRowCount(c, &sqltypes.Result{}) // midstream.go
	}
	return err
}

func (h *handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) error {
	h.carryRowCount(c) // midstream.go
	s := h.watchStream(c, cb)
	d, err := h.diagBefore(c, query)
	if err == nil {
		err = func() (err error) {
			defer h.planningPanic(&err) // planpanic.go
			return h.comQuery(ctx, c, query, s.spool)
		}()
	}
	err = s.end(err)
	d.after(err)
	if err != nil {
		h.errRowCount(c) // midstream.go
	}
	return err
}

func (h *handler) comQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) error {
	cb = h.charsetCallback(c, cb)
	query = longTypeText(noBackslashText(h.sessionOf(c), h.clientText(c, query)))
	if ok, err := h.comShowDiagnostics(c, query, cb); ok {
		return err
	}
	if done, err := h.directTxn(ctx, c, query, func(r *sqltypes.Result) error { return cb(r, false) }); done {
		return err
	}
	// First: TENANT IMPORT DATA carries a megabyte of base64 that no
	// rewrite needs to scan.
	if ok, err := h.comTenant(ctx, c, query, cb); ok {
		return err
	}
	text := query
	if ok, err := h.fastCreate(ctx, c, text, cb); ok {
		return err
	}
	query = sqltext.Rewrite(query, versionID)
	query, _ = sqltext.IndexClauses(query)
	query, _ = sqltext.FunctionalKeyParts(query)
	if pos, deep := prefixChain(query, false); deep {
		return exhaustedError(query, pos)
	}
	dml := plainDML(query)
	if !dml {
		if ok, err := h.comBackup(c, query, cb); ok {
			return err
		}
		if ok, err := h.comClone(ctx, c, query, cb); ok {
			return err
		}
		if ok, err := h.comInnoDBStatus(c, query, cb); ok {
			return err
		}
	}
	ctx, query, locking, endDDL, err := h.firstStatementPasses(ctx, c, query, &firstStatement{}, dml)
	if err != nil {
		return err
	}
	defer endDDL()
	query, cb, done := h.explainFormat(c, query, cb)
	defer done()
	cb = h.resultCallbacks(c, query, cb, dml)
	if ok, err := h.storedFunction(c, query, cb); ok {
		return err
	}
	if ok, err := h.captureCreate(ctx, c, text, query, cb); ok {
		return err
	}
	if hit, err := h.textCached(ctx, c, query, locking, cb); hit {
		return err
	}
	ctx, lent := h.borrowDatabase(ctx, c, query)
	defer lent()
	ctx = h.executedText(ctx, c, query) // executetext.go
	// A prepared write through a redefined view (viewdml.go).
	if err := h.staleExecute(c, query, ""); err != nil {
		return err
	}
	if q, ok := sqltext.Do(query); ok {
		_, err := discardRows(cb, func(cb mysql.ResultSpoolFn) (string, error) {
			return "", h.Handler.ComQuery(ctx, c, q, cb)
		})
		return h.translate(err, c, q)
	}
	return h.translate(h.Handler.ComQuery(ctx, c, query, cb), c, query)
}

// storedFunction answers CREATE and DROP FUNCTION as a MySQL server
// without stored functions would (GMS v0.20.0 has none; its parser
// answered 1064): CREATE is 1235, DROP of a function is 1305, DROP
// FUNCTION IF EXISTS succeeds.
func (h *handler) storedFunction(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	create, ifExists, name, ok := sqltext.StoredFunction(query)
	switch {
	case !ok:
		return false, nil
	case create:
		return true, mysql.NewSQLError(1235, "42000", "This version of MySQL doesn't yet support 'stored functions'")
	case ifExists:
		return true, cb(&sqltypes.Result{}, false)
	}
	if !strings.Contains(name, ".") {
		if db := h.eng.CurrentDatabase(c.ConnectionID); db != "" {
			name = db + "." + name
		}
	}
	return true, mysql.NewSQLError(1305, "42000", "FUNCTION %s does not exist", name)
}

func (h *handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, error) {
	h.carryRowCount(c) // midstream.go
	s := h.watchStream(c, cb)
	w := wireOf(c)
	if w == nil || w.decodedRest == "" || query != w.decodedRest {
		query = longTypeText(noBackslashText(h.sessionOf(c), h.clientText(c, query)))
	}
	d, err := h.diagBefore(c, query)
	rest := ""
	if err == nil {
		rest, err = func() (rest string, err error) {
			defer h.planningPanic(&err) // planpanic.go
			return h.comMultiQuery(ctx, c, query, h.charsetCallback(c, s.spool))
		}()
	}
	defer func() { d.after(err) }()
	if err != nil {
		h.errRowCount(c) // midstream.go
		// MySQL runs no statement after one that failed; the library
		// went on with the rest after writing the ERR packet, and the
		// client read the next statement's reply as a stray packet.
		rest = ""
		err = s.end(err)
	}
	if w != nil {
		// The library hands the remainder back as the next call's text:
		// it is converted already.
		w.decodedRest = rest
	}
	return rest, err
}

func (h *handler) comMultiQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, error) {
	// The remainder returned is of the rewritten text; rewriting it again
	// on the next call changes nothing.
	if rest, ok, err := h.nextCallResult(c, query, cb); ok {
		return rest, err
	}
	if ok, err := h.comShowDiagnostics(c, query, cb); ok {
		return "", err
	}
	if h.takeForcedMulti(c) {
		// A CALL from a client without multi-statements: one statement.
		query = sqltext.Rewrite(query, versionID)
		return h.comCall(ctx, c, query, h.processlistCallback(query, cb), true)
	}
	if done, err := h.directTxn(ctx, c, query, func(r *sqltypes.Result) error { return cb(r, false) }); done {
		return "", err
	}
	if ok, err := h.comTenant(ctx, c, query, cb); ok {
		return "", err
	}
	text := query
	if ok, err := h.fastCreate(ctx, c, text, cb); ok {
		return "", err
	}
	query = sqltext.Rewrite(query, versionID)
	query, _ = sqltext.IndexClauses(query)
	query, _ = sqltext.FunctionalKeyParts(query)
	if pos, deep := prefixChain(query, true); deep {
		return "", exhaustedError(query, pos)
	}
	dml := plainDML(query)
	if !dml {
		if ok, err := h.comBackup(c, query, cb); ok {
			return "", err
		}
		if ok, err := h.comClone(ctx, c, query, cb); ok {
			return "", err
		}
		if ok, err := h.comInnoDBStatus(c, query, cb); ok {
			return "", err
		}
	}
	ctx, query, locking, endDDL, err := h.firstStatementPasses(ctx, c, query, &firstStatement{multi: true}, dml)
	if err != nil {
		return "", err
	}
	defer endDDL()
	query, cb, done := h.explainFormat(c, query, cb)
	defer done()
	cb = h.resultCallbacks(c, query, cb, dml)
	if ok, err := h.storedFunction(c, query, cb); ok {
		return "", err
	}
	if ok, err := h.captureCreate(ctx, c, text, query, cb); ok {
		return "", err
	}
	if hit, err := h.textCached(ctx, c, query, locking, cb); hit {
		return "", err
	}
	ctx, lent := h.borrowDatabase(ctx, c, query)
	defer lent()
	ctx = h.executedText(ctx, c, query) // executetext.go
	// A prepared write through a redefined view (viewdml.go).
	if err := h.staleExecute(c, query, ""); err != nil {
		return "", err
	}
	if q, ok := sqltext.Do(query); ok {
		rest, err := discardRows(cb, func(cb mysql.ResultSpoolFn) (string, error) {
			return h.Handler.ComMultiQuery(ctx, c, q, cb)
		})
		return rest, h.translate(err, c, q)
	}
	if isCall(query) {
		return h.comCall(ctx, c, query, cb, false)
	}
	rest, err := h.Handler.ComMultiQuery(ctx, c, query, cb)
	return rest, h.translate(err, c, query)
}

// firstStatementPasses runs the pre-passes that read a COM_QUERY text's
// first statement: the locking clause (stripLocking; locking reports one
// was stripped), START TRANSACTION WITH CONSISTENT SNAPSHOT
// (startTransaction) and a schema change's implicit commit and table wait
// (lockDDLTable, whose end the caller defers). A text that is plainDML
// can hold none of them, and scanning and splitting it for nothing was
// ~8% of the server's CPU under sysbench's oltp_insert (docs/PROFILES.md,
// "insert4").
func (h *handler) firstStatementPasses(ctx context.Context, c *mysql.Conn, query string, fs *firstStatement, dml bool) (_ context.Context, _ string, locking bool, endDDL func(), err error) {
	if dml {
		return ctx, query, false, func() {}, nil
	}
	stripped := h.stripLocking(c, query, fs)
	locking = stripped != query
	query = h.startTransaction(c, stripped, fs)
	ctx, endDDL, err = h.lockDDLTable(ctx, c, query, fs)
	return ctx, query, locking, endDDL, err
}

// resultCallbacks wraps cb in the fixes of a text statement's results.
// SET's and SHOW PROCESSLIST's are each found by a regular expression
// that a plainDML text cannot match, so such a text is not run through
// them.
func (h *handler) resultCallbacks(c *mysql.Conn, query string, cb mysql.ResultSpoolFn, dml bool) mysql.ResultSpoolFn {
	cb = h.infoWarningsCallback(c, cb) // infowarnings.go
	if dml {
		// The fixes read result columns, which a DML statement has only
		// with RETURNING: they are made at its first result with fields
		// (the results before have nothing they change), not for every
		// INSERT, where making them was ~13 allocations (docs/PROFILES.md
		// "insert4t").
		var fixed mysql.ResultSpoolFn
		return func(res *sqltypes.Result, more bool) error {
			if fixed == nil {
				if res == nil || res.Fields == nil {
					return cb(res, more)
				}
				fixed = aliasCallback(query, fieldsCallback(cb, h.statementScales(c, query)))
			}
			return fixed(res, more)
		}
	}
	cb = h.dupIndexCallback(c, query, cb) // dupindex.go
	return aliasCallback(query, setCallback(query, fieldsCallback(showFieldsCallback(query, h.processlistCallback(query, cb)), h.statementScales(c, query))))
}

// plainDML reports whether q, after ASCII white space, starts with the
// word INSERT, UPDATE, DELETE or REPLACE. Every text pre-pass that looks
// for another statement's shape (a locking clause, which only a SELECT's
// first token allows; START TRANSACTION; DDL; BACKUP, CREATE DATABASE ...
// LIKE, SHOW ENGINE) reads the first word the same way, past the same
// white space, and finds nothing in such a text; a text opening with a
// comment is not plainDML and takes every pass.
func plainDML(q string) bool {
	i := 0
	for i < len(q) && (q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\r') {
		i++
	}
	q = q[i:]
	for _, w := range [...]string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
		if len(q) > len(w) && strings.EqualFold(q[:len(w)], w) && !isWordByte(q[len(w)]) {
			return true
		}
	}
	return false
}

// isWordByte is the byte class sqltext's scanners read as part of a word
// (unquoted identifiers and keywords).
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// firstStatement is where a COM_QUERY text's first statement ends, for
// the pre-passes that each read only that statement (stripLocking,
// startTransaction, lockDDLTable). A multi-statement text is split once
// for all of them: sqlparser.SplitStatement tokenizes the whole text, and
// three calls per statement were 9% of the server's CPU under sysbench's
// oltp_insert (docs/PROFILES.md, "Session 8").
type firstStatement struct {
	multi          bool
	done           bool
	q, first, rest string
	err            error
}

// split returns q's first statement and the rest (all of q and "" for a
// single-statement command), and SplitStatement's error.
func (f *firstStatement) split(q string) (first, rest string, err error) {
	if !f.multi {
		return q, "", nil
	}
	if !f.done || f.q != q {
		f.q, f.done = q, true
		f.first, f.rest, f.err = sqlparser.SplitStatement(q)
	}
	return f.first, f.rest, f.err
}

// textCached runs a text-protocol SELECT from the plan cache when it can
// (execCachedText). A locking read's clause was stripped from query, and a
// SERIALIZABLE transaction's plain SELECT becomes a locking read in the
// analyzer: neither may be served by a cached plain read.
func (h *handler) textCached(ctx context.Context, c *mysql.Conn, query string, locking bool, cb mysql.ResultSpoolFn) (bool, error) {
	if locking || h.eng.SerializableReads(c.ConnectionID) {
		return false, nil
	}
	done, err := h.execCachedText(ctx, c, query, cb)
	if !done {
		return false, nil
	}
	return true, h.translate(err, c, query)
}

func (h *handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, p *mysql.PrepareData) ([]*querypb.Field, error) {
	// A statement that fails to prepare is listed by SHOW WARNINGS too.
	d := diagState{sess: h.sessionOf(c)}
	if d.sess != nil {
		d.prev = d.sess.Warnings()
	}
	fields, err := func() (f []*querypb.Field, err error) {
		defer h.planningPanic(&err) // planpanic.go
		return h.comPrepare(ctx, c, query, p)
	}()
	d.after(err)
	return fields, err
}

func (h *handler) comPrepare(ctx context.Context, c *mysql.Conn, query string, p *mysql.PrepareData) ([]*querypb.Field, error) {
	if pos, deep := prefixChain(query, false); deep {
		return nil, exhaustedError(query, pos)
	}
	if err := h.fixPrepare(ctx, c, &query, p); err != nil {
		return nil, err
	}
	if v, ok := h.wires.Load(c.ConnectionID); ok {
		if q := v.(*wireConn).takePrepareText(); q != "" {
			// The wire guard rewrote the text for the library's parser
			// (sqltext.ParserText); the engine's parser reads the user's
			// text (which names the result columns and keys the plan
			// cache) and makes those passes itself.
			query = q
			p.PrepareStmt = query
		}
	}
	h.stripPreparedLocking(c, &query, p)
	f, err := h.Handler.ComPrepare(ctx, c, query, p)
	if sqltext.IsDoSelect(query) {
		f = nil // a DO (rewritten by the wire guard) has no result columns
	}
	scales := h.statementScales(c, query)
	fixFields(f, &scales)
	return f, h.translate(err, c, query)
}

// fixPrepare corrects what the protocol library derived from a
// COM_STMT_PREPARE's text before any handler saw it: it parsed the text as
// sent (see sqltext: "a--?" lost its parameter and everything after it) and
// counted the parameters in a uint16, so 65,536 of them wrapped to 0. The
// text is rewritten and the parameters are counted again when either may
// be wrong; a statement the library could not parse at all got its syntax
// error before this (loud, not wrong).
func (h *handler) fixPrepare(ctx context.Context, c *mysql.Conn, query *string, p *mysql.PrepareData) error {
	fixed := sqltext.Rewrite(*query, versionID)
	if marks := strings.Count(fixed, "?"); fixed == *query && marks <= libMaxParams && marks == int(p.ParamsCount) {
		// Every '?' is a parameter the library counted; a '?' it did not
		// count may be one in a part of a UNION it does not walk
		// (countParams), or in a string or comment.
		return nil
	}
	*query = fixed
	p.PrepareStmt = fixed
	opts, err := h.Handler.ParserOptionsForConnection(c)
	if err != nil {
		return err
	}
	stmt, err := sqlparser.ParseWithOptions(ctx, fixed, opts)
	if err != nil {
		delete(c.PrepareData, p.StatementID)
		return h.translate(mysql.NewSQLError(mysql.ERParseError, "42000", "%s", err.Error()), c, fixed)
	}
	n := countParams(stmt)
	if n > libMaxParams {
		// Above the library's limit the wire guard decodes the
		// statement's executions (manyparams.go); it can where it reads
		// this connection's commands, which it does if it read this one.
		w := wireOf(c)
		if n > maxParams || w == nil || w.cmd != mysql.ComPrepare {
			delete(c.PrepareData, p.StatementID)
			return &mysql.SQLError{Num: erPSManyParam, State: mysql.SSUnknownSQLState,
				Message: "Prepared statement contains too many placeholders"}
		}
		w.manyPrepared = true
	}
	p.ParamsCount = uint16(n)
	p.ParamsType = nil
	p.BindVars = nil
	if n > 0 {
		p.ParamsType = make([]int32, n)
		p.BindVars = make(map[string]*querypb.BindVariable, n)
	}
	return nil
}

// libMaxParams is the most placeholders the protocol library's
// COM_STMT_EXECUTE reader can decode: it sizes the NULL bitmap as
// (count+7)/8 in uint16 arithmetic, which wraps above 65,528 and panics (the
// connection dies). Up to MySQL's 65,535 (maxParams) the wire guard decodes
// those executions instead (manyparams.go); where it cannot (a TLS
// connection it stays below), such statements are refused when prepared
// with MySQL's error for too many placeholders (1390), never a dead
// connection.
const libMaxParams = 65528

// erPSManyParam is ER_PS_MANY_PARAM.
const erPSManyParam = 1390

// versionID is ServerVersion as versioned comments (/*!80033 ... */) spell it.
const versionID = 80033

func (h *handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) (err error) {
	h.carryRowCount(c) // midstream.go
	d, err := h.diagBefore(c, p.PrepareStmt)
	defer func() {
		d.after(err)
		if err != nil {
			h.errRowCount(c) // midstream.go
		}
	}()
	if err != nil {
		return err
	}
	run := func(cb func(*sqltypes.Result) error) (err error) {
		defer h.planningPanic(&err) // planpanic.go
		return h.comStmtExecute(ctx, c, p, cb)
	}
	wire, _ := c.Conn.(*wireConn)
	if wire == nil || wire.cursorExec() {
		// A cursor's rows are written by the library's COM_STMT_FETCH,
		// not under this call (midstream.go does not reach them).
		return run(cb)
	}
	s := &streamWatch{h: h, c: c}
	return s.end(run(s.spoolBinary(cb)))
}

func (h *handler) comStmtExecute(ctx context.Context, c *mysql.Conn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) error {
	// A prepared CALL's replays need the wire guard (callresults.go); it
	// is nil only where the guard stayed below TLS (guardAboveTLS).
	wire, _ := c.Conn.(*wireConn)
	if wire != nil && wire.takeManyExec() {
		return mysql.NewSQLError(mysql.CRMalformedPacket, mysql.SSUnknownSQLState, "decoding parameter values failed")
	}
	// The statement ID and parameters parsed: replies need no correction.
	if w, ok := c.Conn.(*wireConn); ok {
		c.Conn = w.Conn
	}
	cb = stmtFieldsCallback(h.stmtCharsetCallback(c, cb), h.statementScales(c, p.PrepareStmt))
	if isSetStatement(p.PrepareStmt) {
		// As setCallback: a prepared SET affects 0 rows (GMS said 1).
		next := cb
		cb = func(r *sqltypes.Result) error {
			if r != nil && len(r.Fields) == 0 {
				r.RowsAffected = 0
			}
			return next(r)
		}
	}
	// A prepared write through a redefined view (viewdml.go).
	if err := h.staleExecute(c, "", p.PrepareStmt); err != nil {
		return err
	}
	if done, err := h.stmtCall(ctx, c, wire, p, cb); done {
		return err
	}
	if p.ParamsCount == 0 {
		if done, err := h.directTxn(ctx, c, p.PrepareStmt, cb); done {
			return err
		}
	}
	temporalParams(p)
	if sqltext.IsDoSelect(p.PrepareStmt) {
		_, err := discardRows(func(r *sqltypes.Result, _ bool) error { return cb(r) },
			func(mysql.ResultSpoolFn) (string, error) {
				return "", h.Handler.ComStmtExecute(ctx, c, p, func(*sqltypes.Result) error { return nil })
			})
		return h.translate(err, c, p.PrepareStmt)
	}
	// A locking read's clause was stripped from the text the plan cache
	// sees, so it must never be served from the cache (it would read
	// without taking its locks); nor may a SERIALIZABLE transaction's
	// plain SELECT, which the analyzer turns into a locking read.
	if locking := h.executeLocking(c, p); !locking && !h.eng.SerializableReads(c.ConnectionID) {
		if done, err := h.execCached(ctx, c, p, cb); done {
			return h.translate(err, c, p.PrepareStmt)
		}
	}
	return h.translate(h.Handler.ComStmtExecute(ctx, c, p, cb), c, p.PrepareStmt)
}

// WarningCount is asked after every statement; GMS looks the session up
// under its session manager's one mutex, which thousands of connections
// finishing statements at once queued on. The connection's own session
// answers the same.
func (h *handler) WarningCount(c *mysql.Conn) uint16 {
	if sctx := h.sessionOf(c); sctx != nil {
		return sctx.Session.WarningCount()
	}
	return h.Handler.WarningCount(c)
}

var showCreateRe = regexp.MustCompile("(?is)^\\s*SHOW\\s+CREATE\\s+(?:VIEW|TABLE)\\s+(?:`([^`]+)`|(\\w+))\\s*\\.")

// borrowDatabase makes the schema of SHOW CREATE VIEW/TABLE s.name the
// connection's current database until the returned function runs, when the
// connection has none. GMS's planner binds a view's definition by first
// reading the current database, so `SHOW CREATE VIEW d.v` without one failed
// with 1046, which MySQL answers. Only these statements, which name their
// one object fully and read nothing else, are lent a schema.
//
// The same holds for any statement reading a view as s.v (`SELECT * FROM
// s.v`): it is lent the view's schema when every table it names is
// qualified (an unqualified one is MySQL's 1046 too) and it does not ask
// for the current database (DATABASE(), SCHEMA()). Deciding that needs the
// statement's syntax tree, so it is decided where GMS parses the statement
// (viewSchemaParser), not by parsing every such statement a second time: the
// returned context carries the loan to the parser.
func (h *handler) borrowDatabase(ctx context.Context, c *mysql.Conn, query string) (context.Context, func()) {
	sess := h.sessionOf(c)
	if sess == nil || sess.GetCurrentDatabase() != "" {
		return ctx, func() {}
	}
	if m := showCreateRe.FindStringSubmatch(query); m != nil {
		sess.SetCurrentDatabase(m[1] + m[2])
		return ctx, func() { sess.SetCurrentDatabase("") }
	}
	loan := &schemaLoan{eng: h.eng}
	return context.WithValue(ctx, schemaLoanKey{}, loan), func() {
		if loan.lent {
			sess.SetCurrentDatabase("")
		}
		if loan.release != nil {
			loan.release()
		}
	}
}

// schemaLoanKey is the context key of a command's *schemaLoan.
type schemaLoanKey struct{}

// schemaLoan is one command's offer of a view's schema as its current
// database (borrowDatabase), taken up by the first statement the engine's
// parser reads in that command: later parses in the same command are of
// the definitions of the views it reads, which GMS binds in their own
// schema.
type schemaLoan struct {
	eng         *engine.Engine
	asked, lent bool
	// release ends DATABASE()'s NULL answer (sqlfunc.LendDatabase) while
	// the schema is lent: MySQL answers NULL there, in the statement and
	// in the views it reads; the lent schema must not show.
	release func()
}

// viewSchemaParser is the engine's parser with borrowDatabase's loan of a
// view's schema decided on the statement it has just parsed.
type viewSchemaParser struct {
	gmssql.Parser
}

func (p viewSchemaParser) Parse(ctx *gmssql.Context, query string, multi bool) (sqlparser.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, gmssql.LoadSqlMode(ctx).ParserOptions())
}

func (p viewSchemaParser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options sqlparser.ParserOptions) (sqlparser.Statement, string, string, error) {
	stmt, parsed, rest, err := p.Parser.ParseWithOptions(ctx, query, delimiter, multi, options)
	if err == nil {
		if err = refuseShowIndexWhere(stmt, parsed); err != nil {
			// GMS's multi-statement path ignores a parse error but
			// builds any statement it is handed.
			stmt = nil
		}
	}
	if err == nil {
		lendViewSchema(ctx, stmt)
	}
	return stmt, parsed, rest, err
}

func (p viewSchemaParser) ParseOneWithOptions(ctx context.Context, query string, options sqlparser.ParserOptions) (sqlparser.Statement, int, error) {
	stmt, next, err := p.Parser.ParseOneWithOptions(ctx, query, options)
	if err == nil {
		text := query
		if next > 0 && next <= len(query) {
			text = query[:next]
		}
		if err = refuseShowIndexWhere(stmt, text); err != nil {
			stmt = nil
		}
	}
	if err == nil {
		lendViewSchema(ctx, stmt)
	}
	return stmt, next, err
}

// lendViewSchema makes the schema of the first view stmt reads as s.v the
// session's current database when ctx carries a loan not yet asked for
// (borrowDatabase) and the session has none.
func lendViewSchema(ctx context.Context, stmt sqlparser.Statement) {
	loan, ok := ctx.Value(schemaLoanKey{}).(*schemaLoan)
	if !ok || loan.asked {
		return
	}
	loan.asked = true
	sctx, ok := ctx.(*gmssql.Context)
	if !ok || sctx.GetCurrentDatabase() != "" {
		return
	}
	if db := qualifiedViewSchema(loan.eng, stmt); db != "" {
		// DATABASE() answers NULL (the session has no database) in the
		// statement and in the views it reads: `CREATE VIEW s.v AS
		// SELECT DATABASE() AS d ...` read as s.v gave 's'.
		loan.release = sqlfunc.LendDatabase(sctx.ID())
		sctx.SetCurrentDatabase(db)
		loan.lent = true
	}
}

// qualifiedViewSchema is the schema of the first view stmt names as s.v,
// or "" when it names none or names a table it reads, inserts into or
// creates (DDL) without its schema.
func qualifiedViewSchema(eng *engine.Engine, stmt sqlparser.Statement) (db string) {
	refused := false
	var visit sqlparser.Visit
	visit = func(n sqlparser.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *sqlparser.AliasedTableExpr:
			name, ok := n.Expr.(sqlparser.TableName)
			if !ok {
				return true, nil
			}
			q := name.DbQualifier.String()
			if q == "" {
				refused = true
				return false, nil
			}
			if db == "" && eng.HasView(q, name.Name.String()) {
				db = q
			}
		case *sqlparser.Insert:
			// The table written: INSERT INTO t SELECT ... FROM s.v went
			// into s.t, where MySQL answers 1046.
			if n.Table.DbQualifier.IsEmpty() {
				refused = true
				return false, nil
			}
		case *sqlparser.DDL:
			// What DDL creates or changes, named without its schema, is
			// in the current database: CREATE VIEW w AS SELECT * FROM s.v
			// created s.w, where MySQL answers 1046.
			names := n.AffectedTables()
			if n.ViewSpec != nil {
				names = append(names, n.ViewSpec.ViewName)
			}
			for _, t := range names {
				if !t.Name.IsEmpty() && t.DbQualifier.IsEmpty() {
					refused = true
					return false, nil
				}
			}
			// Walk does not reach CREATE TABLE s.c AS SELECT's SELECT.
			if n.OptSelect != nil {
				if err := sqlparser.Walk(visit, n.OptSelect.Select); err != nil {
					return false, err
				}
			}
		}
		return true, nil
	}
	_ = sqlparser.Walk(visit, stmt)
	if refused {
		return ""
	}
	return db
}
