package server

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
)

// A procedure's SELECT ... INTO that finds no row. MySQL (Query_dumpvar::
// send_eof) raises warning 1329 (SQLSTATE 02000, NOT FOUND), leaves the
// variables as they were and goes on with the next statement; a NOT FOUND
// handler in scope catches the condition, and nothing else does
// (SQLEXCEPTION and SQLWARNING do not cover class 02). The CALL failed
// with 1329 instead when no NOT FOUND handler was declared.
//
// GMS's interpreter must be handed a row for a SELECT ... INTO (it takes
// any error for a handler's business, and the end of the rows for the end
// of the body, which it then runs again). So the statement carries, after
// its own select list, one expression per target reading the target's
// value (intoKeepAlias names them; the interpreter substitutes the
// routine's variables there as in the rest of the list), and the runner
// answers the statement without them; with no row and no NOT FOUND handler
// in scope it answers their values instead, which the interpreter stores
// back unchanged, and raises the warning.

// intoKeepAlias names the expressions that read an INTO target's value.
const intoKeepAlias = "myriad_into_keep"

// intoInfo is what the runner knows of one SELECT ... INTO of the body.
type intoInfo struct {
	into    *ast.Into
	keep    int  // the trailing keep expressions (0 when handled)
	handled bool // a NOT FOUND handler is in scope
}

// notFoundScopes tracks, along a procedure's operations, whether a NOT
// FOUND handler is declared in an enclosing block.
type notFoundScopes []bool

func (s *notFoundScopes) step(op *procedures.InterpreterOperation) {
	switch op.OpCode {
	case procedures.OpCode_ScopeBegin:
		*s = append(*s, false)
	case procedures.OpCode_ScopeEnd:
		if len(*s) > 1 {
			*s = (*s)[:len(*s)-1]
		}
	case procedures.OpCode_Declare:
		if handlerCondition(op) == ast.DeclareHandlerCondition_NotFound {
			(*s)[len(*s)-1] = true
		}
	}
}

func (s notFoundScopes) handled() bool {
	for _, h := range s {
		if h {
			return true
		}
	}
	return false
}

// intoWithKeep is sel's intoInfo, its keep expressions appended (once: a
// prepared CALL's procedure is analyzed again).
func intoWithKeep(sel *ast.Select, handled bool) *intoInfo {
	vars := sel.Into.Variables
	n := len(sel.SelectExprs)
	if n > 0 {
		if ae, ok := sel.SelectExprs[n-1].(*ast.AliasedExpr); ok && ae.As.String() == intoKeepAlias {
			return &intoInfo{into: sel.Into, keep: len(vars), handled: handled}
		}
	}
	if handled || n != len(vars) {
		// A count that differs is GMS's 1222 before any row is read.
		return &intoInfo{into: sel.Into, handled: handled}
	}
	for i, v := range vars {
		name := v.String()
		var read ast.Expr = &ast.ColName{Name: ast.NewColIdent(name)}
		if ae, ok := sel.SelectExprs[i].(*ast.AliasedExpr); ok {
			// A routine variable's store is wrapped with its declared
			// type (engine/procvar.go): read it as that type.
			if f, ok := ae.Expr.(*ast.FuncExpr); ok && f.Name.Lowered() == sqlfunc.ProcVarFunc && len(f.Exprs) == 3 && !strings.HasPrefix(name, "@") {
				read = &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ProcValFunc), Exprs: ast.SelectExprs{
					&ast.AliasedExpr{Expr: read}, f.Exprs[1]}}
			}
		}
		sel.SelectExprs = append(sel.SelectExprs, &ast.AliasedExpr{Expr: read, As: ast.NewColIdent(intoKeepAlias)})
	}
	return &intoInfo{into: sel.Into, keep: len(vars), handled: handled}
}

// selectInto runs a body's SELECT ... INTO (the interpreter has taken its
// INTO off) and answers the one row the interpreter stores: 1172 for more,
// for none MySQL's NOT FOUND condition (GMS's end of a FETCH, which a NOT
// FOUND handler catches and which reaches the client as 1329, errors.go)
// when a handler is in scope, else the targets' own values and warning
// 1329.
//
// The interpreter takes the INTO off the statement it keeps for every run
// of the operation, so a SELECT ... INTO in a loop ran as a SELECT from
// its second run on: the CALL sent its row as a result set and left the
// variables unset. The INTO is put back for the next run.
func (r *captureRunner) selectInto(ctx *sql.Context, sel *ast.Select, info *intoInfo, query string, bindings map[string]ast.Expr, qFlags *sql.QueryFlags) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	defer func() { sel.Into = info.into }()
	n := len(sel.SelectExprs) - info.keep
	if n < 0 {
		n = len(sel.SelectExprs)
	}
	own := *sel
	own.SelectExprs = sel.SelectExprs[:n]
	own.Into = nil
	sch, iter, flags, err := r.inner.QueryWithBindings(ctx, query, &own, bindings, qFlags)
	if err != nil {
		return sch, iter, flags, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	switch {
	case err != nil:
		return sch, &failedIter{err: err}, flags, nil
	case len(rows) > 1:
		return sch, &failedIter{err: mysql.NewSQLError(mysql.ERTooManyRows, "42000", "Result consisted of more than one row")}, flags, nil
	case len(rows) == 1:
		return sch, sql.RowsToRowIter(rows...), flags, nil
	case info.handled || info.keep == 0:
		return sch, &failedIter{err: expression.FetchEOF}, flags, nil
	}
	keep := &ast.Select{SelectExprs: sel.SelectExprs[n:]}
	ksch, kiter, _, err := r.inner.QueryWithBindings(ctx, "", keep, nil, nil)
	if err != nil {
		return sch, &failedIter{err: err}, flags, nil
	}
	kept, err := sql.RowIterToRows(ctx, kiter)
	if err != nil || len(kept) != 1 {
		if err == nil {
			err = expression.FetchEOF
		}
		return sch, &failedIter{err: err}, flags, nil
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1329, Message: "No data - zero rows fetched, selected, or processed"})
	return ksch, sql.RowsToRowIter(kept...), flags, nil
}

// keepConditions gives back the conditions listed before a body statement
// that uses no table and raised none (GMS's engine clears them at every
// statement): MySQL resets the diagnostics area only for a statement with
// tables, so the 1329 of a SELECT ... INTO stays listed after `SET v = v
// + 1` or `SELECT v` and SHOW WARNINGS after the CALL shows it.
func keepConditions(ctx *sql.Context, parsed ast.Statement, prev []*sql.Warning, err error) {
	if len(prev) == 0 || err != nil || len(ctx.Session.Warnings()) > 0 || !usesNoTable(parsed) {
		return
	}
	for i := len(prev) - 1; i >= 0; i-- {
		ctx.Session.Warn(prev[i])
	}
}

// usesNoTable: parsed is a SELECT or SET that names no table (dual aside).
func usesNoTable(parsed ast.Statement) bool {
	switch parsed.(type) {
	case *ast.Select, *ast.Set:
	default:
		return false
	}
	none := true
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if t, ok := n.(ast.TableName); ok && !t.Name.IsEmpty() && !strings.EqualFold(t.Name.String(), "dual") {
			none = false
		}
		return none, nil
	}, parsed)
	return none
}

// calleeNotFound: parsed is a CALL of the body that ended with a NOT FOUND
// warning it raised (a SELECT ... INTO without a row no handler of the
// callee caught) still listed, and a handler in scope of the CALL takes
// it. MySQL looks for a handler for the conditions a statement leaves,
// the CALL's too (sp_rcontext::handle_sql_condition): the caller's NOT
// FOUND handler runs after the callee has finished. The runner answers
// the CALL with the NOT FOUND condition then, which GMS hands to it
// (not when the CALL passes a routine variable, which may be an OUT
// parameter's).
func (r *captureRunner) calleeNotFound(ctx *sql.Context, parsed ast.Statement, prev []*sql.Warning) bool {
	c, ok := parsed.(*ast.Call)
	if !ok || r.handlers == nil || r.handlers.scopes[parsed].find(1329, "02000") == nil {
		return false
	}
	for _, p := range c.Params {
		// The interpreter copies OUT parameters back into the routine's
		// variables only after a CALL that did not fail: left as a
		// warning there (see COMPATIBILITY.md, proc27).
		if col, bare := p.(*ast.ColName); bare && !strings.HasPrefix(col.Name.String(), "@") {
			return false
		}
	}
	old := map[*sql.Warning]bool{}
	for _, w := range prev {
		old[w] = true
	}
	for _, w := range ctx.Session.Warnings() {
		if w.Code == 1329 && !old[w] {
			return true
		}
	}
	return false
}
