package server

import (
	"encoding/hex"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// System variables set inside a procedure body (`SET SESSION sql_mode =
// ''`, `SET autocommit = 0`, `SET TRANSACTION ISOLATION LEVEL ...`, `SET
// a = 1, @@session.x = ...`). GMS v0.20's interpreter has no way to run
// them: an unscoped name that is no routine variable fails its own store
// ("variable `sql_mode` could not be found"), a scoped one fails the
// variable substitution of the statement it would run (which stores every
// assignment but a user variable's into the routine's variables), and a
// SET of several assignments panics its body conversion (procedures/
// parse.go) — every such CALL failed 1105, where MySQL sets them.
//
// Whenever GMS parses a CREATE PROCEDURE (at CREATE and at every CALL),
// sysSetBodies rewrites its body: a SET of several assignments becomes one
// SET per assignment, in order (MySQL's parser makes one instruction per
// assignment of a routine's body too, so `SET a = 1, b = a` reads the new
// a), and the assignment of a system variable becomes a SELECT of its value
// marked with the variable (sysSetMarker, sysSetStatement). The interpreter
// substitutes the routine's variables in that value as in any SELECT, and hands it
// to the CALL's runner (callresults.go), which runs a real SET of the
// variable to the substituted value instead (runSysSet): GMS's own SET with
// Myriad's rules, so bad values fail with the errors they fail with at the
// prompt (1231) and autocommit and the transaction characteristics behave
// as typed there. An unknown variable is refused when the procedure is
// created (1193), as MySQL's parser does. The connection's character set
// and collation are refused when set (literalContext). The stored text,
// and so SHOW CREATE PROCEDURE, stays the user's. A SET of a system
// variable as a handler's body stays refused (engine/prochandler.go): the
// interpreter would take the marked statement's row for the end of the body.

// sysSetMarker starts the comment of a SELECT standing for a system
// variable's SET: the scope and the name (in hex) follow.
const sysSetMarker = "/*myriad SET "

// sysSetSpecial are the names the parser gives the SET forms that are no
// variable of their own.
var sysSetSpecial = map[string]bool{"transaction": true, "names": true, "charset": true}

// sysSetBodies rewrites the body of a CREATE PROCEDURE in stmt: its SETs
// (see above), its handlers' conditions (handlerConditions, prochandlers.go)
// and its SIGNALs (signalStatement, procsignal.go).
func sysSetBodies(stmt ast.Statement) error {
	d, ok := stmt.(*ast.DDL)
	if !ok || d.ProcedureSpec == nil || d.ProcedureSpec.Body == nil {
		return nil
	}
	w := &sysSetWalk{}
	params := map[string]bool{}
	for _, p := range d.ProcedureSpec.Params {
		params[strings.ToLower(p.Name)] = true
	}
	w.scopes = []map[string]bool{params}
	body, err := w.single(d.ProcedureSpec.Body)
	if err != nil {
		return err
	}
	d.ProcedureSpec.Body = body
	return nil
}

type sysSetWalk struct {
	scopes []map[string]bool // the routine's variables by block, parameters first
}

func (w *sysSetWalk) local(name string) bool {
	name = strings.ToLower(name)
	for _, s := range w.scopes {
		if s[name] {
			return true
		}
	}
	return false
}

// single rewrites a statement that stands alone (the body, a handler's):
// several statements are put in a block.
func (w *sysSetWalk) single(s ast.Statement) (ast.Statement, error) {
	out, err := w.list(ast.Statements{s})
	switch {
	case err != nil:
		return nil, err
	case len(out) == 1:
		return out[0], nil
	}
	return &ast.BeginEndBlock{Statements: out}, nil
}

func (w *sysSetWalk) list(stmts ast.Statements) (ast.Statements, error) {
	var out ast.Statements
	changed := false
	for _, s := range stmts {
		rs, err := w.stmt(s)
		if err != nil {
			return nil, err
		}
		if len(rs) != 1 || rs[0] != s {
			changed = true
		}
		out = append(out, rs...)
	}
	if !changed {
		return stmts, nil
	}
	return out, nil
}

func (w *sysSetWalk) stmt(s ast.Statement) (ast.Statements, error) {
	var err error
	switch n := s.(type) {
	case *ast.BeginEndBlock:
		w.scopes = append(w.scopes, map[string]bool{})
		n.Statements, err = w.list(n.Statements)
		w.scopes = w.scopes[:len(w.scopes)-1]
	case *ast.Declare:
		if n.Variables != nil {
			for _, v := range n.Variables.Names {
				w.scopes[len(w.scopes)-1][v.Lowered()] = true
			}
		}
		if n.Handler != nil {
			handlerConditions(n.Handler) // prochandlers.go
		}
		if n.Handler != nil && n.Handler.Statement != nil {
			n.Handler.Statement, err = w.single(n.Handler.Statement)
		}
	case *ast.IfStatement:
		for i := range n.Conditions {
			if n.Conditions[i].Statements, err = w.list(n.Conditions[i].Statements); err != nil {
				return nil, err
			}
		}
		n.Else, err = w.list(n.Else)
	case *ast.CaseStatement:
		for i := range n.Cases {
			if n.Cases[i].Statements, err = w.list(n.Cases[i].Statements); err != nil {
				return nil, err
			}
		}
		n.Else, err = w.list(n.Else)
	case *ast.While:
		n.Statements, err = w.list(n.Statements)
	case *ast.Repeat:
		n.Statements, err = w.list(n.Statements)
	case *ast.Loop:
		n.Statements, err = w.list(n.Statements)
	case *ast.Set:
		return w.set(n)
	case *ast.Signal:
		if m := signalStatement(n); m != nil { // procsignal.go
			return ast.Statements{m}, nil
		}
	}
	if err != nil {
		return nil, err
	}
	return ast.Statements{s}, nil
}

// set splits n into one statement per assignment: a routine variable's or
// a user variable's stays a SET, a system variable's becomes a marked
// SELECT.
func (w *sysSetWalk) set(n *ast.Set) (ast.Statements, error) {
	var out ast.Statements
	sys := false
	for _, e := range n.Exprs {
		if e == nil || e.Name == nil {
			return ast.Statements{n}, nil
		}
		name := e.Name.Name.String()
		switch e.Scope {
		case ast.SetScope_User:
			out = append(out, &ast.Set{Comments: n.Comments, Exprs: ast.SetVarExprs{e}})
			continue
		case ast.SetScope_None:
			if e.Name.Qualifier.IsEmpty() && w.local(name) {
				out = append(out, &ast.Set{Comments: n.Comments, Exprs: ast.SetVarExprs{e}})
				continue
			}
		}
		if !sysSetSpecial[strings.ToLower(name)] {
			if _, _, ok := sql.SystemVariables.GetGlobal(name); !ok {
				return nil, sql.ErrUnknownSystemVariable.New(name)
			}
		}
		sys = true
		out = append(out, sysSetStatement(e))
	}
	if !sys && len(out) == 1 {
		return ast.Statements{n}, nil
	}
	return out, nil
}

// sysSetStatement is the marked statement standing for e: a UNION of the
// marked SELECT with itself, which the interpreter runs as a statement (a
// SELECT would become the CALL's answer, ahead of a later INSERT's count)
// and whose SELECTs it substitutes the routine's variables in.
func sysSetStatement(e *ast.SetVarExpr) *ast.SetOp {
	scope := string(e.Scope)
	if scope == "" {
		scope = "-"
	}
	mark := sysSetMarker + scope + " " + hex.EncodeToString([]byte(e.Name.Name.String()))
	expr := e.Expr
	if expr == nil {
		expr = &ast.Default{}
	}
	sel := &ast.Select{
		Comments:    ast.Comments{[]byte(mark + "*/")},
		SelectExprs: ast.SelectExprs{&ast.AliasedExpr{Expr: expr}},
	}
	return &ast.SetOp{Type: ast.UnionStr, Left: sel, Right: sel}
}

// sysSetOf reads back the assignment a marked statement stands for, with
// the value as the interpreter substituted it.
func sysSetOf(parsed ast.Statement) (*ast.Set, bool) {
	u, ok := parsed.(*ast.SetOp)
	if !ok {
		return nil, false
	}
	sel, ok := u.Left.(*ast.Select)
	if !ok || len(sel.Comments) != 1 || len(sel.SelectExprs) != 1 {
		return nil, false
	}
	c := string(sel.Comments[0])
	if !strings.HasPrefix(c, sysSetMarker) || !strings.HasSuffix(c, "*/") {
		return nil, false
	}
	f := strings.Fields(strings.TrimSuffix(c[len(sysSetMarker):], "*/"))
	if len(f) != 2 {
		return nil, false
	}
	scope := ast.SetScope(f[0])
	if f[0] == "-" {
		scope = ast.SetScope_None
	}
	name, err := hex.DecodeString(f[1])
	if err != nil {
		return nil, false
	}
	ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr)
	if !ok {
		return nil, false
	}
	return &ast.Set{Exprs: ast.SetVarExprs{&ast.SetVarExpr{Scope: scope, Name: ast.NewColName(string(name)), Expr: ae.Expr}}}, true
}

// literalContext are the SETs that change how a statement's string
// literals are read. MySQL reads a routine's statements once, in the
// character set and collation the routine was created with, so a SET NAMES
// in a body changes no literal of the body; GMS plans each statement of
// the body when it runs, under the session's current ones, so after `SET
// NAMES utf8mb4 COLLATE utf8mb4_bin` a body's `'a' = 'A'` was 0 where MySQL
// answers 1. Refused (1235) when such a SET runs rather than answered
// differently.
var literalContext = map[string]bool{"names": true, "charset": true,
	"character_set_client": true, "character_set_connection": true, "collation_connection": true}

// runSysSet runs the SET a marked statement stands for and answers an OK row
// for the SELECT; ROW_COUNT() is then 0, as after any SET. The context
// carries the statement's text, which Myriad's SET rules read (an unscoped
// SET TRANSACTION applies to the next transaction only).
func (r *captureRunner) runSysSet(ctx *sql.Context, set *ast.Set) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	if name := set.Exprs[0].Name.Name.String(); literalContext[strings.ToLower(name)] {
		return nil, nil, nil, mysql.NewSQLError(1235, "42000",
			"This version of MySQL doesn't yet support 'SET NAMES, SET CHARACTER SET or a SET of the connection's character set or collation inside a stored procedure'")
	}
	text := ast.String(set)
	sctx := ctx.WithQuery(text)
	_, iter, flags, err := r.inner.QueryWithBindings(sctx, text, set, nil, nil)
	if err != nil {
		return nil, nil, flags, err
	}
	if _, err := sql.RowIterToRows(sctx, iter); err != nil {
		return nil, nil, flags, err
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, 0)
	return types.OkResultSchema, sql.RowsToRowIter(sql.Row{types.NewOkResult(0)}), flags, nil
}

// callOf is the CALL n is, under the nodes GMS wraps a statement's plan
// in, or nil.
func callOf(n sql.Node) *plan.Call {
	for depth := 0; n != nil && depth < 4; depth++ {
		switch x := n.(type) {
		case *plan.Call:
			return x
		case sql.UnaryNode:
			n = x.Child()
		default:
			return nil
		}
	}
	return nil
}

// callContext are the session variables MySQL gives back to the caller
// when a routine returns: sql_mode (sp_head::execute_procedure runs the
// body under the routine's own and restores the caller's), and the
// character set and collation of the client and the connection (the
// routine's creation context, Stored_program_creation_ctx, is set and
// restored around it). A SET of any of them in a body holds for the rest
// of that body only; character_set_results and every other variable keep
// what the body set.
var callContext = []string{"sql_mode", "character_set_client", "character_set_connection", "collation_connection"}

// buildCallKeepingMode builds (and so runs: GMS runs a procedure's body
// while it builds the CALL's iterator) the CALL c, under the sql_mode the
// routine was created with, and gives the session back the callContext it
// had before. Nested CALLs come here too (the runner plans them through
// the same builder).
func buildCallKeepingMode(ctx *sql.Context, inner sql.NodeExecBuilder, c *plan.Call, n sql.Node, row sql.Row) (sql.RowIter, error) {
	before := make([]any, len(callContext))
	for i, name := range callContext {
		v, err := ctx.GetSessionVariable(ctx, name)
		if err != nil {
			return inner.Build(ctx, n, row)
		}
		before[i] = v
	}
	if mode, ok := routineMode(ctx, c); ok && mode != before[0] {
		if err := ctx.SetSessionVariable(ctx, "sql_mode", mode); err != nil {
			return nil, err
		}
	}
	// The body's unqualified names are the routine's schema's (MySQL's
	// implicit USE, undone when the routine ends); GMS kept the caller's.
	if db := c.Database(); db != nil && db.Name() != "" && !strings.EqualFold(db.Name(), ctx.GetCurrentDatabase()) {
		prev := ctx.GetCurrentDatabase()
		ctx.SetCurrentDatabase(db.Name())
		defer ctx.SetCurrentDatabase(prev)
	}
	iter, err := inner.Build(ctx, n, row)
	for i, name := range callContext {
		if now, gerr := ctx.GetSessionVariable(ctx, name); gerr == nil && now != before[i] {
			if serr := ctx.SetSessionVariable(ctx, name, before[i]); serr != nil && err == nil {
				err = serr
			}
		}
	}
	return iter, err
}

// routineMode is the sql_mode c's procedure was created with.
func routineMode(ctx *sql.Context, c *plan.Call) (string, bool) {
	if c.Procedure == nil || c.Procedure.ExternalProc != nil {
		return "", false
	}
	db, ok := c.Database().(sql.StoredProcedureDatabase)
	if !ok {
		return "", false
	}
	d, found, err := db.GetStoredProcedure(ctx, c.Name)
	if err != nil || !found || d.SqlMode == "" {
		return "", false
	}
	return d.SqlMode, true
}
