package server

import (
	"context"
	"io"
	"sort"
	"strings"
	"sync"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
)

// A CALL sends one result set per SELECT its procedure (or a procedure it
// calls) runs, then an OK. GMS v0.20.0 runs every statement of the body
// through a StatementRunner but hands back only the last SELECT's rows. The
// analyzer rule below gives each CALL a runner that copies the rows of the
// body's own SELECTs (not IF conditions, SET expressions or cursors, which
// run through the same runner) into the connection's capture; the handler
// then sends the captured sets one per round of the protocol library's
// multi-statement loop: it answers the CALL with the first set and a
// remainder that names the queue, and each later round sends the next set.
// The library runs that loop only for clients that enabled multi-statements
// (CLIENT_MULTI_STATEMENTS); for a COM_QUERY starting with CALL from any
// other client the wire guard (wire.go) tells the library the client has
// them, and the handler runs the text as one statement (takeForcedMulti),
// so the client still sees MySQL's answer to CALL (every client since
// MySQL 5 sets CLIENT_MULTI_RESULTS, which is what it needs).

// callQueueMarker is the remainder that makes the library call
// ComMultiQuery again for the next queued result set.
const callQueueMarker = "/* myriad: next CALL result */"

type callCapture struct {
	mu   sync.Mutex
	sets []*sqltypes.Result
	// doRan: the body ran a DO (do.go), whose rows GMS may hand back as
	// the CALL's answer when it is the last statement that had any.
	doRan bool
}

type callQueue struct {
	results []*sqltypes.Result // the sets not yet sent, then the final OK
	rest    string             // the client's statements after the CALL
	// err, when set, is sent after the results instead of an OK (the body
	// failed; rest is dropped, as after any error).
	err error
	// binary: the CALL was a prepared statement's (stmtCall).
	binary bool
}

// A prepared CALL (COM_STMT_EXECUTE) answers through the protocol
// library's execute path, which sends one result set per command. The
// first set goes out as the command's answer with SERVER_MORE_RESULTS_EXISTS
// in its end packet; the wire guard then feeds the library the same
// COM_STMT_EXECUTE again (replayExec) and each replay is answered with the
// next queued set, then the final OK or the body's error, while the guard
// numbers the reply packets as one response (the client sent one command).

// stmtCall runs a prepared CALL, or answers a replay of one; done is false
// for any other statement.
func (h *handler) stmtCall(ctx context.Context, c *mysql.Conn, w *wireConn, p *mysql.PrepareData, cb func(*sqltypes.Result) error) (done bool, err error) {
	if w == nil {
		return false, nil
	}
	if v, ok := h.srv.callQueue.Load(c.ConnectionID); ok && v.(*callQueue).binary {
		q := v.(*callQueue)
		if len(q.results) == 0 {
			h.srv.callQueue.Delete(c.ConnectionID)
			c.StatusFlags &^= mysql.ServerMoreResultsExists
			return true, q.err
		}
		r := q.results[0]
		q.results = q.results[1:]
		return true, h.sendStmtCallSet(c, w, q, r, cb)
	}
	if !isCall(p.PrepareStmt) || !w.canReplay() {
		return false, nil
	}
	capt := &callCapture{}
	h.srv.calls.Store(c.ConnectionID, capt)
	var gms []*sqltypes.Result
	err = h.Handler.ComStmtExecute(ctx, c, p, func(r *sqltypes.Result) error {
		gms = append(gms, r)
		return nil
	})
	h.srv.calls.Delete(c.ConnectionID)
	capt.mu.Lock()
	sets, doRan := capt.sets, capt.doRan
	capt.mu.Unlock()
	if err != nil {
		err = h.translate(err, c, p.PrepareStmt)
	}
	if len(sets) == 0 {
		if err != nil {
			return true, err
		}
		if doRan || len(gms) == 0 {
			return true, cb(&sqltypes.Result{})
		}
		for _, r := range gms {
			if err := cb(r); err != nil {
				return true, err
			}
		}
		return true, nil
	}
	q := &callQueue{results: sets[1:], err: err, binary: true}
	if err == nil {
		q.results = append(q.results, &sqltypes.Result{})
	}
	h.srv.callQueue.Store(c.ConnectionID, q)
	return true, h.sendStmtCallSet(c, w, q, sets[0], cb)
}

// sendStmtCallSet answers the current command with r, and has the command
// replayed when more of the CALL's answer is queued.
func (h *handler) sendStmtCallSet(c *mysql.Conn, w *wireConn, q *callQueue, r *sqltypes.Result, cb func(*sqltypes.Result) error) error {
	if len(q.results) > 0 || q.err != nil {
		c.StatusFlags |= mysql.ServerMoreResultsExists
		w.replayExec()
	} else {
		h.srv.callQueue.Delete(c.ConnectionID)
		c.StatusFlags &^= mysql.ServerMoreResultsExists
	}
	return cb(r)
}

// callResultsRule gives every CALL a runner that captures its SELECTs.
func (s *Server) callResultsRule(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(node sql.Node) (sql.Node, transform.TreeIdentity, error) {
		c, ok := node.(*plan.Call)
		if !ok || c.Runner == nil || c.Procedure == nil {
			return node, transform.SameTree, nil
		}
		if _, done := c.Runner.(*captureRunner); done {
			return node, transform.SameTree, nil
		}
		c = notFoundHandlersFirst(c)
		selects := map[ast.Statement]bool{}
		control := map[ast.Statement]bool{}
		intos := map[ast.Statement]*intoInfo{}
		nf := notFoundScopes{false} // procinto.go
		for _, op := range c.GetStatements() {
			nf.step(op)
			if sel, ok := op.PrimaryData.(*ast.Select); ok && (op.OpCode == procedures.OpCode_Set || op.OpCode == procedures.OpCode_If) {
				control[sel] = false
			}
			if set, ok := op.PrimaryData.(*ast.Set); ok {
				control[set] = true
			}
			switch sel := op.PrimaryData.(type) {
			case *ast.Select:
				if op.OpCode == procedures.OpCode_Select && sel.Into == nil && !isDoSelect(sel) {
					selects[sel] = true
				}
				if op.OpCode == procedures.OpCode_Select && sel.Into != nil {
					intos[sel] = intoWithKeep(sel, nf.handled())
				}
			case *ast.SetOp:
				// A UNION is no OpCode_Select: the interpreter runs it as
				// any other statement, keeping the pointer too.
				_, sysSet := sysSetOf(sel)
				_, _, signal := signalOf(sel)
				if op.OpCode == procedures.OpCode_Execute && sel.Into == nil && !sysSet && !signal {
					selects[sel] = true
				}
			}
		}
		handlers, err := readHandlers(c.GetStatements()) // prochandlers.go
		if err != nil {
			return nil, transform.SameTree, err
		}
		return c.SetStatementRunner(ctx, &captureRunner{inner: c.Runner, selects: selects, control: control, intos: intos, handlers: handlers, srv: s}), transform.NewTree, nil
	})
}

// notFoundHandlersFirst puts each block's NOT FOUND handler declarations
// before its other handler declarations. GMS's interpreter (handleError)
// looks for the handler of a FETCH past the end, or of a SELECT ... INTO
// with no row, in the first handler it lists only: with `DECLARE CONTINUE
// HANDLER FOR SQLEXCEPTION ...; DECLARE CONTINUE HANDLER FOR NOT FOUND SET
// done = 1;` the usual cursor loop failed the CALL with 1105 "exhausted
// fetch iterator" after its statements had run, where MySQL's NOT FOUND
// handler ends the loop. A block's handler declarations are contiguous
// (MySQL's grammar puts them after its variables and cursors) and which
// one is listed first changes nothing else: an EXIT handler scans forward
// for the end of its block from its own position, which stays inside the
// block. The procedure's operations are shared by every CALL of it, so
// the reordered list is a copy.
func notFoundHandlersFirst(c *plan.Call) *plan.Call {
	ops := c.GetStatements()
	var out []*procedures.InterpreterOperation
	for i := 0; i < len(ops); {
		j := i
		for j < len(ops) && handlerCondition(ops[j]) != "" {
			j++
		}
		if j == i {
			i++
			continue
		}
		run := ops[i:j]
		if !sort.SliceIsSorted(run, func(a, b int) bool { return notFoundRank(run[a]) < notFoundRank(run[b]) }) {
			if out == nil {
				out = append([]*procedures.InterpreterOperation(nil), ops...)
			}
			sort.SliceStable(out[i:j], func(a, b int) bool { return notFoundRank(out[i+a]) < notFoundRank(out[i+b]) })
		}
		i = j
	}
	if out == nil {
		return c
	}
	p := *c.Procedure
	p.Ops = out
	return c.WithProcedure(&p)
}

// handlerCondition is the condition of a DECLARE ... HANDLER operation, ""
// for any other operation.
func handlerCondition(op *procedures.InterpreterOperation) ast.DeclareHandlerConditionValue {
	if op.OpCode != procedures.OpCode_Declare {
		return ""
	}
	d, ok := op.PrimaryData.(*ast.Declare)
	if !ok || d.Handler == nil || len(d.Handler.ConditionValues) != 1 {
		return ""
	}
	return d.Handler.ConditionValues[0].ValueType
}

func notFoundRank(op *procedures.InterpreterOperation) int {
	if handlerCondition(op) == ast.DeclareHandlerCondition_NotFound {
		return 0
	}
	return 1
}

// captureRunner runs a procedure's statements through GMS's runner.
type captureRunner struct {
	inner   sql.StatementRunner
	selects map[ast.Statement]bool // the body's result-producing SELECTs and UNIONs (the interpreter keeps the pointers)
	// control are the SELECTs GMS's interpreter runs for SET v = e of a
	// routine variable and for IF conditions (false), which leave
	// ROW_COUNT() as it was in MySQL, and the body's SET statements
	// (true), which make it 0: GMS left a SELECT's -1 for all of them.
	control map[ast.Statement]bool
	// intos are the body's SELECT ... INTO statements (the interpreter
	// drops their INTO before it runs them): see selectInto (procinto.go).
	intos map[ast.Statement]*intoInfo
	// handlers and pending choose a handler as MySQL does (prochandlers.go).
	handlers *procHandlers
	pending  *pendingError
	srv      *Server
}

func (r *captureRunner) QueryWithBindings(ctx *sql.Context, query string, parsed ast.Statement, bindings map[string]ast.Expr, qFlags *sql.QueryFlags) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	if h := r.handlers.bodyOf(parsed); h != nil {
		p := r.pending
		r.pending = nil
		if err := r.handlers.admit(ctx, h, p); err != nil {
			return nil, nil, nil, err
		}
	}
	r.pending = nil
	prev := ctx.Session.Warnings()
	sch, iter, flags, err := r.run(ctx, query, parsed, bindings, qFlags)
	keepConditions(ctx, parsed, prev, err)                 // procinto.go
	if err == nil && r.calleeNotFound(ctx, parsed, prev) { // procinto.go
		if _, derr := sql.RowIterToRows(ctx, iter); derr != nil {
			err = derr
		} else {
			err = expression.FetchEOF
		}
		iter = nil
	}
	if r.handlers != nil {
		if err != nil {
			r.pending = &pendingError{err: err, stmt: parsed, scope: r.handlers.scopes[parsed]}
		} else if iter != nil {
			iter = &pendingIter{RowIter: iter, r: r, stmt: parsed}
		}
	}
	return sch, iter, flags, err
}

func (r *captureRunner) run(ctx *sql.Context, query string, parsed ast.Statement, bindings map[string]ast.Expr, qFlags *sql.QueryFlags) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	// GMS's interpreter loops without looking at the context (a handler
	// whose statement returns rows restarts the body): every statement
	// passes here, so KILL and a closed connection stop it.
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	// The body runs in the caller's transaction (engine.ResumeTransaction).
	engine.ResumeTransaction(ctx)
	if set, ok := sysSetOf(parsed); ok {
		return r.runSysSet(ctx, set) // procsysset.go
	}
	if state, items, ok := signalOf(parsed); ok {
		return nil, nil, nil, r.runSignal(ctx, state, items) // procsignal.go
	}
	if info := r.intos[parsed]; info != nil {
		return r.selectInto(ctx, parsed.(*ast.Select), info, query, bindings, qFlags)
	}
	if isSet, ok := r.control[parsed]; ok {
		before := ctx.GetLastQueryInfoInt(sql.RowCount)
		sch, iter, flags, err := r.inner.QueryWithBindings(ctx, query, parsed, bindings, qFlags)
		if err != nil {
			return sch, iter, flags, err
		}
		iter = materialize(ctx, iter)
		if isSet {
			before = 0
			// A body's SET answers OK with no row affected, which a CALL
			// ending in it reports (GMS's SET answered 1).
			if _, err := sql.RowIterToRows(ctx, iter); err != nil {
				return sch, nil, flags, err
			}
			sch, iter = types.OkResultSchema, sql.RowsToRowIter(sql.Row{types.NewOkResult(0)})
		}
		ctx.SetLastQueryInfoInt(sql.RowCount, before)
		return sch, iter, flags, nil
	}
	sch, iter, flags, err := r.inner.QueryWithBindings(ctx, query, parsed, bindings, qFlags)
	if err != nil {
		return sch, iter, flags, err
	}
	if isTxnStatement(parsed) && len(sch) == 0 {
		return okAnswer(ctx, iter, flags)
	}
	if sel, ok := parsed.(*ast.Select); ok && isDoSelect(sel) {
		if v, ok := r.srv.calls.Load(ctx.Session.ID()); ok {
			capt := v.(*callCapture)
			capt.mu.Lock()
			capt.doRan = true
			capt.mu.Unlock()
		}
	} else if !r.selects[parsed] && readsRows(parsed) {
		// A cursor's SELECT (OPEN), and the SELECTs GMS builds for SET
		// and IF: read whole now, as MySQL materializes a cursor. GMS's
		// interpreter reads a cursor row by row at each FETCH, after the
		// statements between have committed the transaction the
		// iterator reads in: every FETCH after the first statement
		// failed with 1105 "kv: transaction already committed or rolled
		// back".
		return sch, materialize(ctx, iter), flags, nil
	} else if r.selects[parsed] {
		if v, ok := r.srv.calls.Load(ctx.Session.ID()); ok {
			capt := v.(*callCapture)
			res := &sqltypes.Result{Fields: resultFields(ctx, sch)}
			capt.mu.Lock()
			capt.sets = append(capt.sets, res)
			capt.mu.Unlock()
			iter = &captureIter{RowIter: iter, sch: sch, res: res}
		}
	}
	return sch, iter, flags, err
}

// isTxnStatement: parsed is one of the transaction statements whose plan
// has no schema and answers no row (GMS's transactionNode, savepoints).
func isTxnStatement(parsed ast.Statement) bool {
	switch parsed.(type) {
	case *ast.Begin, *ast.Commit, *ast.Rollback, *ast.Savepoint, *ast.RollbackSavepoint, *ast.ReleaseSavepoint:
		return true
	}
	return false
}

// okAnswer runs a transaction statement of a body and answers an OK row in
// its place. GMS's interpreter makes the last statement's schema and rows
// the CALL's answer; for a body ending in COMMIT, ROLLBACK, START
// TRANSACTION or SAVEPOINT (all allowed in a procedure by MySQL) that was
// no schema and no row, which the handler then read as an OK result and
// failed the CALL with 1105 "EOF" after the body had run and committed:
// a client retrying the CALL ran its statements twice.
func okAnswer(ctx *sql.Context, iter sql.RowIter, flags *sql.QueryFlags) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	if _, err := sql.RowIterToRows(ctx, iter); err != nil {
		return nil, nil, flags, err
	}
	return types.OkResultSchema, sql.RowsToRowIter(sql.Row{types.NewOkResult(0)}), flags, nil
}

// readsRows: parsed is a SELECT or set operation that returns rows.
func readsRows(parsed ast.Statement) bool {
	switch s := parsed.(type) {
	case *ast.Select:
		return s.Into == nil
	case *ast.SetOp:
		return s.Into == nil
	}
	return false
}

// materialize reads iter to its end; an error is returned by the first
// Next of the result, where the caller would have met it.
func materialize(ctx *sql.Context, iter sql.RowIter) sql.RowIter {
	var rows []sql.Row
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			_ = iter.Close(ctx)
			return &failedIter{err: err}
		}
		rows = append(rows, row)
	}
	if err := iter.Close(ctx); err != nil {
		return &failedIter{err: err}
	}
	return sql.RowsToRowIter(rows...)
}

type failedIter struct{ err error }

func (f *failedIter) Next(*sql.Context) (sql.Row, error) { return nil, f.err }
func (f *failedIter) Close(*sql.Context) error           { return nil }

type captureIter struct {
	sql.RowIter
	sch sql.Schema
	res *sqltypes.Result
}

func (it *captureIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err != nil {
		return row, err
	}
	vals, err := gmsserver.RowToSQL(ctx, it.sch, row, nil, nil)
	if err != nil {
		return nil, err
	}
	it.res.Rows = append(it.res.Rows, vals)
	return row, nil
}

// resultFields is the column metadata of a captured set.
func resultFields(ctx *sql.Context, sch sql.Schema) []*querypb.Field {
	fields := make([]*querypb.Field, len(sch))
	for i, c := range sch {
		charset := uint32(sql.Collation_Default.CharacterSet())
		if ct, ok := c.Type.(sql.TypeWithCollation); ok {
			charset = uint32(ct.Collation().CharacterSet())
		}
		if types.IsBinaryType(c.Type) {
			charset = uint32(sql.Collation_binary)
		} else if cs := ctx.GetCharacterSetResults(); cs != sql.CharacterSet_Unspecified {
			charset = uint32(cs)
		}
		var flags querypb.MySqlFlag
		if !c.Nullable {
			flags |= querypb.MySqlFlag_NOT_NULL_FLAG
		}
		if types.IsUnsigned(c.Type) {
			flags |= querypb.MySqlFlag_UNSIGNED_FLAG
		}
		f := &querypb.Field{Name: c.Name, OrgName: c.Name, Table: c.Source, OrgTable: c.Source, Database: c.DatabaseSource,
			Type: c.Type.Type(), Charset: charset, ColumnLength: c.Type.MaxTextResponseByteLength(ctx), Flags: uint32(flags)}
		if dt, ok := c.Type.(sql.DecimalType); ok {
			f.Decimals = uint32(dt.Scale())
		} else if dt, ok := c.Type.(sql.DatetimeType); ok {
			f.Decimals = uint32(dt.Precision())
		}
		fields[i] = f
	}
	return fields
}

// isCall reports whether the first statement of q is a CALL.
func isCall(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n")
	return len(q) > 4 && strings.EqualFold(q[:4], "CALL") && strings.ContainsRune(" \t\r\n`", rune(q[4]))
}

// comCall runs the CALL at the start of query (a multi-statement
// connection) and sends its first result set; the rest wait in the
// connection's queue (nextCallResult).
func (h *handler) comCall(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn, single bool) (string, error) {
	capt := &callCapture{}
	h.srv.calls.Store(c.ConnectionID, capt)
	var gms []*sqltypes.Result
	var gmsMore []bool
	keep := func(r *sqltypes.Result, more bool) error {
		gms, gmsMore = append(gms, r), append(gmsMore, more)
		return nil
	}
	var rest string
	var err error
	if single {
		err = h.Handler.ComQuery(ctx, c, query, keep)
	} else {
		rest, err = h.Handler.ComMultiQuery(ctx, c, query, keep)
	}
	h.srv.calls.Delete(c.ConnectionID)
	capt.mu.Lock()
	sets := capt.sets
	capt.mu.Unlock()
	if err != nil {
		err = h.translate(err, c, query)
		if len(sets) == 0 {
			return rest, err
		}
		// The body failed (SIGNAL, an error) after SELECTs that MySQL has
		// already sent: the client gets those result sets, then the error.
		q := &callQueue{results: sets[1:], err: err}
		h.srv.callQueue.Store(c.ConnectionID, q)
		if err := cb(sets[0], false); err != nil {
			h.srv.callQueue.Delete(c.ConnectionID)
			return "", err
		}
		return callQueueMarker, nil
	}
	if len(sets) == 0 {
		// No SELECT ran: GMS's OK (never the rows of a DO).
		for i, r := range gms {
			if capt.doRan && len(r.Fields) > 0 {
				r = &sqltypes.Result{}
			}
			if err := cb(r, gmsMore[i]); err != nil {
				return "", err
			}
		}
		return rest, nil
	}
	q := &callQueue{results: append(sets[1:], &sqltypes.Result{}), rest: rest}
	h.srv.callQueue.Store(c.ConnectionID, q)
	if err := cb(sets[0], false); err != nil {
		h.srv.callQueue.Delete(c.ConnectionID)
		return "", err
	}
	return callQueueMarker, nil
}

// nextCallResult sends the next queued result set of the connection's
// CALL when query is the marker comCall returned.
func (h *handler) nextCallResult(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, bool, error) {
	if query != callQueueMarker {
		return "", false, nil
	}
	v, ok := h.srv.callQueue.Load(c.ConnectionID)
	if !ok {
		return "", false, nil
	}
	q := v.(*callQueue)
	if len(q.results) == 0 {
		// Only the error of a failed body is left (comCall).
		h.srv.callQueue.Delete(c.ConnectionID)
		return "", true, q.err
	}
	r := q.results[0]
	q.results = q.results[1:]
	if len(q.results) == 0 && q.err == nil {
		h.srv.callQueue.Delete(c.ConnectionID)
		return q.rest, true, cb(r, q.rest != "")
	}
	return callQueueMarker, true, cb(r, false)
}

// takeForcedMulti reports (once) whether the wire guard gave this
// command's CALL the multi-statement loop, and takes the capability back.
func (h *handler) takeForcedMulti(c *mysql.Conn) bool {
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return false
	}
	w := v.(*wireConn)
	if !w.forcedMulti {
		return false
	}
	w.forcedMulti = false
	c.Capabilities &^= mysql.CapabilityClientMultiStatements
	return true
}
