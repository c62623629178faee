package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
)

// GMS v0.20's procedure interpreter keeps whatever value reaches a routine
// variable or parameter, unconverted, and puts it back into later
// statements as a literal printed from the Go value (fmt %s, %d): a
// DATETIME read back as `2026-11-28 01:02:50 +0000 UTC`, an INT set from
// 2.7 failed to print, a VARCHAR(3) kept 'abcdef', a DEFAULT that is an
// expression was the Go dump of its syntax tree and a DECLARE without one
// held the type's zero (MySQL: NULL). Every read was a text literal. At
// CALL, procVarSets rewrites the procedure's operations (before the
// interpreter runs them) so each gets MySQL's answer:
//   - every store — SET, SELECT ... INTO, FETCH ... INTO, a handler's SET,
//     and the DECLARE's DEFAULT (or NULL), moved into SETs right after the
//     DECLARE so that it is evaluated each time the DECLARE runs — goes
//     through sqlfunc.ProcVarFunc, which stores as into a column of the
//     declared type;
//   - every read the interpreter substitutes (not LIMIT, whose literal GMS
//     needs bare, nor a CALL's bare argument, which binds OUT parameters)
//     goes through sqlfunc.ProcValFunc, typed as declared;
//   - parameters bind through sqlfunc.ProcParamType.
// Names are resolved by the lexical scopes of the operations (BEGIN ...
// END blocks nest in order), parameters outermost.

// procVarMark in the first operation's SecondaryData (which the
// interpreter does not read for any opcode) marks a procedure already
// rewritten: a prepared CALL's plan is analyzed again.
const procVarMark = "myriad:procvar"

type procVarInfo struct {
	text string // the declared type as written
	name string
}

type procScopes []map[string]*procVarInfo

// isParam: name resolves to a parameter (the outermost scope), which the
// session's records already hold rightly.
func (s procScopes) isParam(name string) bool {
	name = strings.ToLower(name)
	for i := len(s) - 1; i >= 1; i-- {
		if _, ok := s[i][name]; ok {
			return false
		}
	}
	_, ok := s[0][name]
	return ok
}

func (s procScopes) lookup(name string) *procVarInfo {
	name = strings.ToLower(name)
	for i := len(s) - 1; i >= 0; i-- {
		if v, ok := s[i][name]; ok {
			return v
		}
	}
	return nil
}

func procVarSets(p *plan.Procedure) error {
	if p.ExternalProc != nil || len(p.Ops) == 0 {
		return nil
	}
	for _, m := range p.Ops[0].SecondaryData {
		if m == procVarMark {
			return nil
		}
	}
	params := map[string]*procVarInfo{}
	for i, pp := range p.Params {
		if _, done := pp.Type.(*sqlfunc.ProcParamType); done {
			continue
		}
		text := pp.Type.String()
		t, err := sqlfunc.ProcVarType(text)
		if err != nil || !t.Equals(pp.Type) {
			continue // left as GMS binds it
		}
		dir := sqlfunc.ProcParamIn
		switch pp.Direction {
		case plan.ProcedureParamDirection_Out:
			dir = sqlfunc.ProcParamOut
		case plan.ProcedureParamDirection_Inout:
			dir = sqlfunc.ProcParamInout
		}
		p.Params[i].Type = sqlfunc.NewProcParamType(pp.Type, pp.Name, dir)
		params[strings.ToLower(pp.Name)] = &procVarInfo{text: text, name: pp.Name}
	}
	scopes := procScopes{params}
	before := make([][]*procedures.InterpreterOperation, len(p.Ops))
	after := make([][]*procedures.InterpreterOperation, len(p.Ops))
	cursors := map[string]ast.SelectStatement{}
	fetched := map[string]string{} // cursor -> the target types it was wrapped for
	for i, op := range p.Ops {
		switch op.OpCode {
		case procedures.OpCode_ScopeBegin:
			scopes = append(scopes, map[string]*procVarInfo{})
		case procedures.OpCode_ScopeEnd:
			if len(scopes) > 1 {
				scopes = scopes[:len(scopes)-1]
			}
		case procedures.OpCode_Declare:
			d, ok := op.PrimaryData.(*ast.Declare)
			if !ok {
				continue
			}
			switch {
			case d.Variables != nil:
				ct := d.Variables.VarType
				def := ct.Default
				ct.Default = nil
				text := ast.String(&ct)
				if _, err := sqlfunc.ProcVarType(text); err != nil {
					continue
				}
				if def == nil {
					def = &ast.NullVal{}
				} else {
					wrapReads(scopes, def, func(e ast.Expr) { def = e })
				}
				d.Variables.VarType.Default = nil
				top := scopes[len(scopes)-1]
				for k, n := range d.Variables.Names {
					info := &procVarInfo{text: text, name: n.String()}
					val := def
					if k > 0 { // MySQL evaluates the DEFAULT once for all names
						val = procValRead(info, d.Variables.Names[0].String())
					}
					top[n.Lowered()] = info
					after[i] = append(after[i], &procedures.InterpreterOperation{
						OpCode:      procedures.OpCode_Set,
						PrimaryData: &ast.Select{SelectExprs: ast.SelectExprs{&ast.AliasedExpr{Expr: procVarStore(info, val)}}},
						Target:      n.String(),
					})
				}
			case d.Cursor != nil:
				if d.Cursor.SelectStmt != nil {
					wrapReads(scopes, d.Cursor.SelectStmt, nil)
					cursors[strings.ToLower(d.Cursor.Name)] = d.Cursor.SelectStmt
				}
			case d.Handler != nil && d.Handler.Statement != nil:
				if err := wrapStatement(scopes, d.Handler.Statement); err != nil {
					return err
				}
			}
		case procedures.OpCode_Set:
			sel, ok := op.PrimaryData.(*ast.Select)
			if !ok || len(sel.SelectExprs) != 1 {
				continue
			}
			wrapReads(scopes, sel, nil)
			if info := scopes.lookup(op.Target); info != nil {
				if ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr); ok {
					ae.Expr = procVarStore(info, ae.Expr)
				}
			}
		case procedures.OpCode_Select:
			sel, ok := op.PrimaryData.(*ast.Select)
			if !ok {
				continue
			}
			wrapReads(scopes, sel, nil)
			if sel.Into != nil {
				if err := wrapInto(scopes, sel.SelectExprs, sel.Into.Variables); err != nil {
					return err
				}
			}
		case procedures.OpCode_If, procedures.OpCode_Execute:
			if err := wrapStatement(scopes, op.PrimaryData); err != nil {
				return err
			}
		case procedures.OpCode_Call:
			c, ok := op.PrimaryData.(*ast.Call)
			if !ok {
				continue
			}
			wrapReads(scopes, c, nil)
			before[i] = procBinds(scopes, c)
		case procedures.OpCode_Fetch:
			f, ok := op.PrimaryData.(*ast.FetchCursor)
			if !ok {
				continue
			}
			if err := wrapFetch(scopes, f, cursors, fetched); err != nil {
				return err
			}
		}
	}
	// The session shows the procedure its own parameter records only
	// (procparams.go): from its start, and again once a nested CALL has
	// returned, normally or through a handler (after the block's end).
	var names []string
	for _, pp := range p.Params {
		names = append(names, pp.Name)
	}
	hasCall := false
	for i, op := range p.Ops {
		if op.OpCode == procedures.OpCode_Call {
			hasCall = true
			after[i] = append(after[i], procScopeOp(names))
		}
	}
	before[0] = append([]*procedures.InterpreterOperation{procScopeOp(names)}, before[0]...)
	if hasCall {
		for i, op := range p.Ops {
			if op.OpCode == procedures.OpCode_ScopeEnd {
				after[i] = append(after[i], procScopeOp(names))
			}
		}
	}
	p.Ops = withInserted(p.Ops, before, after)
	p.Ops[0].SecondaryData = append(p.Ops[0].SecondaryData, procVarMark)
	return nil
}

// withInserted is ops with before[i] put before ops[i] and after[i] after
// it, every jump target (If, Goto, scope marks) moved to the operation it
// named: a jump to ops[i] lands on before[i] (they belong to ops[i]), a
// jump to the operation after a DECLARE (a loop right after it) after the
// DECLARE's SETs.
func withInserted(ops []*procedures.InterpreterOperation, before, after [][]*procedures.InterpreterOperation) []*procedures.InterpreterOperation {
	shift := make([]int, len(ops)+1) // shift[k]: operations put before old index k's own
	for k := 1; k <= len(ops); k++ {
		shift[k] = shift[k-1] + len(before[k-1]) + len(after[k-1])
	}
	if shift[len(ops)] == 0 {
		return ops
	}
	out := make([]*procedures.InterpreterOperation, 0, len(ops)+shift[len(ops)])
	for i, op := range ops {
		switch op.OpCode {
		case procedures.OpCode_If, procedures.OpCode_Goto, procedures.OpCode_ScopeBegin, procedures.OpCode_ScopeEnd:
			if op.Index >= 0 && op.Index <= len(ops) {
				op.Index += shift[op.Index]
			}
		}
		put := func(n *procedures.InterpreterOperation) {
			if n.OpCode == procedures.OpCode_If {
				n.Index = len(out) + 1 // always true: on to the next operation
			}
			out = append(out, n)
		}
		for _, b := range before[i] {
			put(b)
		}
		out = append(out, op)
		for _, a := range after[i] {
			put(a)
		}
	}
	return out
}

// procBinds are the operations to run before a CALL that passes declared
// variables bare (the interpreter binds those through the session's
// parameter records): each sets the record to the variable's value and
// type (sqlfunc.ProcBindFunc). The variable's own substituted literal is
// what the record must hold, so it is not wrapped.
func procBinds(scopes procScopes, c *ast.Call) []*procedures.InterpreterOperation {
	var ops []*procedures.InterpreterOperation
	for _, x := range c.Params {
		col, ok := x.(*ast.ColName)
		if !ok || !col.Qualifier.IsEmpty() {
			continue
		}
		info := scopes.lookup(col.Name.String())
		if info == nil || scopes.isParam(col.Name.String()) {
			continue
		}
		ops = append(ops, &procedures.InterpreterOperation{
			OpCode: procedures.OpCode_If,
			PrimaryData: &ast.Select{SelectExprs: ast.SelectExprs{&ast.AliasedExpr{Expr: &ast.FuncExpr{
				Name: ast.NewColIdent(sqlfunc.ProcBindFunc),
				Exprs: ast.SelectExprs{
					&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(strings.ToLower(col.Name.String())))},
					&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(info.text))},
					&ast.AliasedExpr{Expr: &ast.ColName{Name: col.Name}},
				},
			}}}},
		})
	}
	return ops
}

func procScopeOp(names []string) *procedures.InterpreterOperation {
	f := &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ProcScopeFunc)}
	for _, n := range names {
		f.Exprs = append(f.Exprs, &ast.AliasedExpr{Expr: ast.NewStrVal([]byte(n))})
	}
	return &procedures.InterpreterOperation{OpCode: procedures.OpCode_If,
		PrimaryData: &ast.Select{SelectExprs: ast.SelectExprs{&ast.AliasedExpr{Expr: f}}}}
}

func procVarStore(info *procVarInfo, e ast.Expr) ast.Expr {
	if f, ok := e.(*ast.FuncExpr); ok && f.Name.Lowered() == sqlfunc.ProcVarFunc {
		return e
	}
	return &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ProcVarFunc), Exprs: ast.SelectExprs{
		&ast.AliasedExpr{Expr: e},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(info.text))},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(info.name))},
	}}
}

func procValRead(info *procVarInfo, name string) ast.Expr {
	return &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ProcValFunc), Exprs: ast.SelectExprs{
		&ast.AliasedExpr{Expr: &ast.ColName{Name: ast.NewColIdent(name)}},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(info.text))},
	}}
}

// wrapInto puts ProcVarFunc around each select expression whose INTO
// target is a routine variable or parameter. A `*` cannot be matched to
// its targets: refused rather than stored unconverted.
func wrapInto(scopes procScopes, exprs ast.SelectExprs, vars ast.Variables) error {
	for i, v := range vars {
		name := v.String()
		if strings.HasPrefix(name, "@") {
			continue
		}
		info := scopes.lookup(name)
		if info == nil {
			continue
		}
		if len(exprs) != len(vars) {
			return nil // GMS's column count error
		}
		ae, ok := exprs[i].(*ast.AliasedExpr)
		if !ok {
			return errProcVarPosition(name)
		}
		ae.Expr = procVarStore(info, ae.Expr)
	}
	return nil
}

// wrapFetch converts a FETCH's values through the cursor's select list,
// as the interpreter stores the row as it comes. Two FETCHes of one
// cursor into variables of different types are refused: the cursor's
// list can convert for one of them only.
func wrapFetch(scopes procScopes, f *ast.FetchCursor, cursors map[string]ast.SelectStatement, fetched map[string]string) error {
	key := strings.ToLower(f.Name)
	var infos []*procVarInfo
	sig := ""
	for _, v := range f.Variables {
		info := scopes.lookup(v)
		if strings.HasPrefix(v, "@") {
			info = nil
		}
		infos = append(infos, info)
		if info != nil {
			sig += info.text
		}
		sig += "\x00"
	}
	if old, seen := fetched[key]; seen {
		if old != sig {
			return errProcVarPosition(f.Variables[0])
		}
		return nil
	}
	fetched[key] = sig
	sel, ok := cursors[key].(*ast.Select)
	if !ok {
		for i, info := range infos {
			if info != nil {
				return errProcVarPosition(f.Variables[i])
			}
		}
		return nil
	}
	if len(sel.SelectExprs) != len(infos) {
		return nil // GMS's count error at FETCH
	}
	for i, info := range infos {
		if info == nil {
			continue
		}
		ae, ok := sel.SelectExprs[i].(*ast.AliasedExpr)
		if !ok {
			return errProcVarPosition(f.Variables[i])
		}
		ae.Expr = procVarStore(info, ae.Expr)
	}
	return nil
}

// wrapStatement wraps the reads of a statement the interpreter runs (an
// IF/WHILE condition, a CALL, any other statement, a handler's) and, for a
// handler's `SET v = e`, the store.
func wrapStatement(scopes procScopes, n ast.SQLNode) error {
	switch s := n.(type) {
	case *ast.Set:
		wrapReads(scopes, s, nil)
		for _, e := range s.Exprs {
			if e.Scope != "" || e.Name == nil || !e.Name.Qualifier.IsEmpty() {
				continue
			}
			if info := scopes.lookup(e.Name.Name.String()); info != nil {
				e.Expr = procVarStore(info, e.Expr)
			}
		}
		return nil
	case *ast.Select:
		wrapReads(scopes, s, nil)
		if s.Into != nil {
			return wrapInto(scopes, s.SelectExprs, s.Into.Variables)
		}
		return nil
	}
	wrapReads(scopes, n, nil)
	return nil
}

func errProcVarPosition(name string) error {
	return mysql.NewSQLError(1235, "42000",
		"This version of MySQL doesn't yet support 'a stored procedure variable (%s) in this position of a statement'", name)
}

// wrapReads puts ProcValFunc around every unqualified name of a routine
// variable or parameter in n that GMS v0.20's replaceVariablesInExpr
// (interpreter_logic.go:49-319) replaces by its value, following the same
// node kinds (gmsSubstitutes, procset.go, lists them) but LIMIT, which
// GMS builds only from a bare literal, and a CALL's bare argument. set
// replaces n itself when n is such a name.
func wrapReads(scopes procScopes, n ast.SQLNode, set func(ast.Expr)) {
	var expr func(e ast.Expr) ast.Expr
	var walk func(n ast.SQLNode)
	expr = func(e ast.Expr) ast.Expr {
		if c, ok := e.(*ast.ColName); ok {
			if !c.Qualifier.IsEmpty() {
				return e
			}
			if info := scopes.lookup(c.Name.String()); info != nil {
				return procValRead(info, c.Name.String())
			}
			return e
		}
		walk(e)
		return e
	}
	walk = func(n ast.SQLNode) {
		switch e := n.(type) {
		case *ast.ParenExpr:
			e.Expr = expr(e.Expr)
		case *ast.AliasedTableExpr:
			if sq, ok := e.Expr.(*ast.Subquery); ok {
				walk(sq)
			}
		case *ast.AliasedExpr:
			if f, ok := e.Expr.(*ast.FuncExpr); ok && f.Name.Lowered() == sqlfunc.ProcValFunc {
				return
			}
			// GMS names a column by its expression's text when the parser
			// left no InputExpression (it leaves none in a routine's
			// body): the name must stay `v`, as written, not the wrapper.
			written := ""
			if e.InputExpression == "" && e.As.IsEmpty() {
				written = ast.String(e.Expr)
			}
			before := ast.String(e.Expr)
			e.Expr = expr(e.Expr)
			if written != "" && ast.String(e.Expr) != before {
				e.InputExpression = written
			}
		case *ast.BinaryExpr:
			e.Left, e.Right = expr(e.Left), expr(e.Right)
		case *ast.ComparisonExpr:
			e.Left, e.Right = expr(e.Left), expr(e.Right)
		case *ast.AndExpr:
			e.Left, e.Right = expr(e.Left), expr(e.Right)
		case *ast.OrExpr:
			e.Left, e.Right = expr(e.Left), expr(e.Right)
		case *ast.NotExpr:
			e.Expr = expr(e.Expr)
		case *ast.FuncExpr:
			if n := e.Name.Lowered(); n == sqlfunc.ProcValFunc || n == sqlfunc.ProcBindFunc {
				return
			}
			for _, x := range e.Exprs {
				walk(x)
			}
		case *ast.Set:
			for _, x := range e.Exprs {
				// A user variable holds a temporal value as its text
				// (MySQL's user variables have no temporal type), which is
				// what the bare name gives; GMS's typed DATE in a user
				// variable printed as DATETIME(6).
				if c, ok := x.Expr.(*ast.ColName); ok && x.Scope == ast.SetScope_User && temporalVar(scopes, c) {
					continue
				}
				x.Expr = expr(x.Expr)
			}
		case *ast.Call:
			for i, x := range e.Params {
				if _, bare := x.(*ast.ColName); !bare {
					e.Params[i] = expr(x)
				}
			}
		case *ast.Select:
			for _, x := range e.SelectExprs {
				walk(x)
			}
			if e.With != nil {
				for _, c := range e.With.Ctes {
					walk(c.AliasedTableExpr)
				}
			}
			if e.Where != nil {
				e.Where.Expr = expr(e.Where.Expr)
			}
			for _, f := range e.From {
				walk(f)
			}
		case *ast.Subquery:
			walk(e.Select)
		case *ast.SetOp:
			walk(e.Left)
			walk(e.Right)
		case ast.ValTuple:
			for i, x := range e {
				e[i] = expr(x)
			}
		case *ast.AliasedValues:
			for _, x := range e.Values {
				walk(x)
			}
		case *ast.Insert:
			walk(e.Rows)
		case *ast.Delete:
			if e.Where != nil {
				e.Where.Expr = expr(e.Where.Expr)
			}
		case *ast.Update:
			if e.Where != nil {
				e.Where.Expr = expr(e.Where.Expr)
			}
		case *ast.ConvertExpr:
			e.Expr = expr(e.Expr)
		}
	}
	if e, ok := n.(ast.Expr); ok && set != nil {
		set(expr(e))
		return
	}
	if n != nil {
		walk(n)
	}
}

func temporalVar(scopes procScopes, c *ast.ColName) bool {
	info := scopes.lookup(c.Name.String())
	if info == nil || !c.Qualifier.IsEmpty() {
		return false
	}
	t, err := sqlfunc.ProcVarType(info.text)
	return err == nil && (types.IsTime(t) || types.IsDateType(t) || types.IsTimespan(t))
}
