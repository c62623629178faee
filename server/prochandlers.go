package server

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Handlers for MySQL error codes and SQLSTATE values (`DECLARE CONTINUE
// HANDLER FOR 1062`, `FOR SQLSTATE '23000'`, `FOR 1062, 1048`). GMS v0.20
// refused them when the procedure was created (1105 unsupported syntax),
// and among the handlers it knows (SQLEXCEPTION, NOT FOUND) it runs, for
// any error, the SQLEXCEPTION handler of the outermost block (handleError
// keeps the last one it lists), where MySQL runs the innermost block's: with
// SQLEXCEPTION handlers in a block and in a block inside it the outer one
// ran, silently (`r` was 1 where MySQL answers 2).
//
// Whenever GMS parses a CREATE PROCEDURE, handlerConditions gives such a
// handler the one condition GMS runs for errors, SQLEXCEPTION, and keeps
// its own list in the condition's text (handlerMark); FOR SQLSTATE '02000'
// and FOR 1329 become NOT FOUND, which they are for every condition Myriad
// raises. When the interpreter then runs a handler's body, the CALL's
// runner (callresults.go) knows the error it answered last and the
// handlers in scope of the statement that failed, and chooses the handler
// as MySQL does (sp_pcontext::find_handler: the innermost block with a
// handler for the condition, in it the most specific: an error code before
// an SQLSTATE before SQLEXCEPTION/NOT FOUND). The body runs when that is
// the handler GMS chose; with none, the handler's body answers the error
// itself, which ends the CALL with it as MySQL's unhandled error does; with
// another one, which GMS cannot run, the CALL is refused (1235). A SQLWARNING
// handler is refused at CALL (1235): GMS never looks for a handler when a
// statement only warns.

// handlerMark starts the condition text of a handler handlerConditions
// rewrote: its conditions follow, comma separated (e1062, s23000, x for
// SQLEXCEPTION, w for SQLWARNING, n for NOT FOUND).
const handlerMark = "myriad:"

// handlerConditions rewrites the conditions of one DECLARE ... HANDLER.
func handlerConditions(h *ast.DeclareHandler) {
	cvs := h.ConditionValues
	if len(cvs) == 0 {
		return
	}
	if len(cvs) == 1 && (cvs[0].ValueType == ast.DeclareHandlerCondition_NotFound || cvs[0].ValueType == ast.DeclareHandlerCondition_SqlException) {
		return
	}
	var list []string
	notFound := true
	for _, c := range cvs {
		var item string
		switch c.ValueType {
		case ast.DeclareHandlerCondition_MysqlErrorCode:
			if c.MysqlErrorCode == nil {
				return
			}
			item = "e" + string(c.MysqlErrorCode.Val)
			notFound = notFound && item == "e1329"
		case ast.DeclareHandlerCondition_SqlState:
			item = "s" + c.String
			notFound = notFound && c.String == "02000"
		case ast.DeclareHandlerCondition_SqlException:
			item, notFound = "x", false
		case ast.DeclareHandlerCondition_SqlWarning:
			item, notFound = "w", false
		case ast.DeclareHandlerCondition_NotFound:
			item = "n"
		default:
			return // a condition name: GMS refuses it, as before
		}
		list = append(list, item)
	}
	if notFound {
		h.ConditionValues = []ast.DeclareHandlerCondition{{ValueType: ast.DeclareHandlerCondition_NotFound}}
		return
	}
	h.ConditionValues = []ast.DeclareHandlerCondition{{ValueType: ast.DeclareHandlerCondition_SqlException,
		String: handlerMark + strings.Join(list, ",")}}
}

// procHandler is one DECLARE ... HANDLER of a CALL's procedure.
type procHandler struct {
	conds []string // as in handlerMark
}

// handlerScope are the handlers in scope of a statement, by block,
// innermost first.
type handlerScope [][]*procHandler

// procHandlers is what callResultsRule learns of a procedure's handlers.
type procHandlers struct {
	scopes map[ast.Statement]handlerScope
	bodies map[any]*procHandler // a handler's body: its SET's value, or its SELECT
	// blind: a handler may run for an error the runner never answered
	// (SIGNAL, the interpreter's own) and which of them runs matters.
	blind bool
}

func handlerOf(d *ast.Declare) *procHandler {
	c := d.Handler.ConditionValues
	if len(c) != 1 {
		return nil
	}
	switch {
	case strings.HasPrefix(c[0].String, handlerMark) && c[0].ValueType == ast.DeclareHandlerCondition_SqlException:
		return &procHandler{conds: strings.Split(c[0].String[len(handlerMark):], ",")}
	case c[0].ValueType == ast.DeclareHandlerCondition_SqlException:
		return &procHandler{conds: []string{"x"}}
	case c[0].ValueType == ast.DeclareHandlerCondition_NotFound:
		return &procHandler{conds: []string{"n"}}
	}
	return nil
}

// readHandlers maps every operation's statement to the handlers in its
// scope, and refuses what GMS cannot run (1235).
func readHandlers(ops []*procedures.InterpreterOperation) (*procHandlers, error) {
	ph := &procHandlers{scopes: map[ast.Statement]handlerScope{}, bodies: map[any]*procHandler{}}
	blocks := [][]*procHandler{nil}
	rewritten, exceptions := false, 0
	for _, op := range ops {
		switch op.OpCode {
		case procedures.OpCode_ScopeBegin:
			blocks = append(blocks, nil)
		case procedures.OpCode_ScopeEnd:
			if len(blocks) > 1 {
				blocks = blocks[:len(blocks)-1]
			}
		case procedures.OpCode_Declare:
			d, ok := op.PrimaryData.(*ast.Declare)
			if !ok || d.Handler == nil {
				break
			}
			h := handlerOf(d)
			if h == nil {
				break
			}
			for _, c := range h.conds {
				if c == "w" || (c == "n" && len(h.conds) > 1) {
					return nil, mysql.NewSQLError(1235, "42000",
						"This version of MySQL doesn't yet support 'a SQLWARNING handler, or a NOT FOUND handler for other conditions too'")
				}
			}
			if len(h.conds) != 1 || (h.conds[0] != "x" && h.conds[0] != "n") {
				rewritten = true
			}
			if h.conds[0] != "n" {
				exceptions++
			}
			blocks[len(blocks)-1] = append(blocks[len(blocks)-1], h)
			switch s := d.Handler.Statement.(type) {
			case *ast.Set:
				if len(s.Exprs) == 1 {
					ph.bodies[s.Exprs[0].Expr] = h
				}
			case *ast.Select:
				ph.bodies[s] = h
			}
		}
		if st := op.PrimaryData; st != nil {
			scope := make(handlerScope, 0, len(blocks))
			for i := len(blocks) - 1; i >= 0; i-- {
				if len(blocks[i]) > 0 {
					scope = append(scope, append([]*procHandler(nil), blocks[i]...))
				}
			}
			ph.scopes[st] = scope
		}
	}
	ph.blind = rewritten || exceptions > 1
	return ph, nil
}

// bodyOf is the handler whose body parsed is, or nil.
func (ph *procHandlers) bodyOf(parsed ast.Statement) *procHandler {
	if ph == nil || len(ph.bodies) == 0 {
		return nil
	}
	sel, ok := parsed.(*ast.Select)
	if !ok {
		return nil
	}
	if h := ph.bodies[sel]; h != nil {
		return h
	}
	if len(sel.SelectExprs) == 1 {
		if ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr); ok {
			return ph.bodies[ae.Expr]
		}
	}
	return nil
}

// pendingError is the error the runner answered last, and the handlers in
// scope of its statement.
type pendingError struct {
	err   error
	stmt  ast.Statement
	scope handlerScope
}

// admit decides whether GMS's choice h may run for the pending error:
// nil, or the error the body answers instead.
func (ph *procHandlers) admit(ctx *sql.Context, h *procHandler, p *pendingError) error {
	if p == nil {
		// GMS runs a NOT FOUND handler only for the end of a FETCH, when
		// it is the first handler it lists: the innermost block's NOT
		// FOUND handler, as MySQL chooses.
		if ph.blind && !(len(h.conds) == 1 && h.conds[0] == "n") {
			return mysql.NewSQLError(1235, "42000",
				"This version of MySQL doesn't yet support 'these handlers for a condition raised by SIGNAL or by the procedure's control flow'")
		}
		return nil
	}
	num, state := conditionOf(ctx, p.err, p.stmt)
	chosen := p.scope.find(num, state)
	switch chosen {
	case h:
		return nil
	case nil:
		return p.err
	}
	return mysql.NewSQLError(1235, "42000",
		"This version of MySQL doesn't yet support 'running a handler of an inner block when an outer block declares one for SQLEXCEPTION too'")
}

// find is the handler MySQL runs for the condition num/state.
func (s handlerScope) find(num int, state string) *procHandler {
	class := ""
	if len(state) >= 2 {
		class = state[:2]
	}
	code := "e" + strconv.Itoa(num)
	for _, block := range s {
		var best *procHandler
		bestRank := 0
		for _, h := range block {
			for _, c := range h.conds {
				rank := 0
				switch {
				case c == code:
					rank = 3
				case c == "s"+state:
					rank = 2
				case c == "x" && class != "00" && class != "01" && class != "02":
					rank = 1
				case c == "n" && class == "02":
					rank = 1
				}
				if rank > bestRank {
					best, bestRank = h, rank
				}
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// conditionOf is the error number and SQLSTATE a client would see for err.
func conditionOf(ctx *sql.Context, err error, stmt ast.Statement) (int, string) {
	if errors.Is(err, expression.FetchEOF) {
		return 1329, "02000"
	}
	se, ok := mysql.NewSQLErrorFromError(err).(*mysql.SQLError)
	if !ok {
		return mysql.ERUnknownError, "HY000"
	}
	text := ""
	if stmt != nil {
		text = ast.String(stmt)
	}
	if t, ok := translateError(se, text, ctx.GetCurrentDatabase()).(*mysql.SQLError); ok {
		se = t
	}
	return se.Num, se.State
}

// pendingIter records an error a statement's rows end with.
type pendingIter struct {
	sql.RowIter
	r    *captureRunner
	stmt ast.Statement
}

func (it *pendingIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err != nil && err != io.EOF {
		it.r.pending = &pendingError{err: err, stmt: it.stmt, scope: it.r.handlers.scopes[it.stmt]}
	}
	return row, err
}
