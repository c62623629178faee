package sqlfunc

import (
	"context"
	"strings"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/floattype"
	"github.com/myriaddb/myriad/sqltext"
)

// Parser wraps the engine's parser where GMS's reading of literals loses
// what MySQL keeps, before GMS's planner sees them:
//
//   - typed temporal literals (`DATE '2024-01-02'`): the text goes through
//     sqltext.TemporalLiterals first, so they become this package's DATE,
//     TIME and DATETIME constants; the select expressions' names get the
//     literal's own spelling back.
//   - DECIMAL literals compared with a column (`dec5_0 = 1.5`): GMS's
//     planner converts such a literal to the column's type while it builds
//     the comparison (1.5 became 2, matching the row holding 2), before any
//     analyzer rule can look. The literal is wrapped in a call the planner
//     does not convert (ExactDecimalFunc), which the analyzer's first rule
//     unwraps again (see ReplaceComparisons).
//   - statements MySQL refuses while resolving them are refused with its
//     errors (CheckStatement).
type Parser struct {
	inner sql.Parser
}

var _ sql.Parser = (*Parser)(nil)

// ExactDecimalFunc is the call a DECIMAL literal operand of a comparison is
// wrapped in by Parser and ExactLiterals.
const ExactDecimalFunc = "myriad_exact_decimal"

// NewParser returns inner with the corrections above.
func NewParser(inner sql.Parser) *Parser { return &Parser{inner: inner} }

func (p *Parser) ParseSimple(query string) (ast.Statement, error) {
	rw := rewriteText(query)
	stmt, err := p.inner.ParseSimple(rw.text)
	if err == nil {
		rw.fix(stmt)
		if err = CheckStatement(stmt); err != nil {
			stmt = nil
		}
	} else if e := GroupConcatWindow(rw.text); e != nil { // gcwindow.go
		err = e
	}
	return stmt, err
}

// rewritten is a statement's text after the lexical passes the parser
// needs (sqltext.OperatorPasses: sqltext.ParserText composes them with the
// inner parser's, for readers outside this chain), with what maps it back
// to the text as written.
type rewritten struct {
	orig, text string
	ops        []sqltext.Edit
	lits       []sqltext.TemporalLiteral
}

func rewriteText(q string) rewritten {
	tq, ops, lits := sqltext.OperatorPasses(q)
	return rewritten{orig: q, text: tq, ops: ops, lits: lits}
}

func (r rewritten) changed() bool { return r.ops != nil || r.lits != nil }

// origOffset maps an offset of r.text back to r.orig; end: the offset ends
// a range.
func (r rewritten) origOffset(at int, end bool) int {
	if r.lits != nil {
		at = sqltext.OrigOffset(r.lits, at)
	}
	if r.ops != nil {
		at = sqltext.OperatorsOrigOffset(r.ops, at, end)
	}
	return at
}

// fix is fixStatement, after which the select expressions whose text
// Operators changed are named by their text as written again.
func (r rewritten) fix(stmt ast.Statement) {
	fixStatement(stmt, r.lits)
	if stmt == nil || r.ops == nil {
		return
	}
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		ae, ok := n.(*ast.AliasedExpr)
		if !ok || ae.InputExpression == "" || ae.EndParsePos <= ae.StartParsePos || ae.EndParsePos > len(r.text) {
			return true, nil
		}
		s, e := r.origOffset(ae.StartParsePos, false), r.origOffset(ae.EndParsePos, true)
		if 0 <= s && s < e && e <= len(r.orig) {
			if name := strings.Trim(r.orig[s:e], " \n\t"); name != "" && name != strings.Trim(r.text[ae.StartParsePos:ae.EndParsePos], " \n\t") {
				ae.InputExpression = name
			}
		}
		return true, nil
	}, stmt)
}

func (p *Parser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, sql.LoadSqlMode(ctx).ParserOptions())
}

func (p *Parser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	rw := rewriteText(query)
	rq := rw.text
	stmt, parsed, remainder, err := p.inner.ParseWithOptions(ctx, rq, delimiter, multi, options)
	if err == nil {
		if err = CheckStatement(stmt); err != nil {
			// No statement with the error: GMS's multi-statement path
			// runs a statement it is handed even with an error.
			return nil, parsed, remainder, err
		}
	}
	if err != nil {
		if e := GroupConcatWindow(rq); e != nil { // gcwindow.go
			err = e
		}
		return stmt, parsed, remainder, err
	}
	rw.fix(stmt)
	routineCollations(ctx, stmt)                  // routinecoll.go
	routineSelectNames(stmt, query, rw.changed()) // routinenames.go
	commaNames(stmt, query)
	defer func() { bodyAfterComment(stmt, parsed) }()
	if multi {
		defer func() { clampBody(stmt, parsed) }()
	}
	if !rw.changed() {
		return stmt, parsed, remainder, nil
	}
	lead := len(rq) - len(strings.TrimLeftFunc(rq, unicode.IsSpace))
	olead := len(query) - len(strings.TrimLeftFunc(query, unicode.IsSpace))
	end := len(query) // where the statement parsed ends in query
	if remainder != "" {
		// The remainder is read again by the next call (and rewritten
		// again): hand back the original text of it.
		s := sql.RemoveSpaceAndDelimiter(rq, delimiter)
		at := lead + len(s) - len(remainder)
		if at >= 0 && at <= len(rq) && strings.HasPrefix(rq[at:], remainder) {
			end = rw.origOffset(at, false)
			remainder = sql.RemoveSpaceAndDelimiter(query[end:], delimiter)
		} else {
			end = -1
		}
	}
	if rw.bodyPositions(stmt, lead, olead) && end >= olead {
		// GMS stores this text (a view's, trigger's or routine's
		// definition) and reads the body at the positions above in it.
		parsed = sql.RemoveSpaceAndDelimiter(query[olead:end], delimiter)
	}
	return stmt, parsed, remainder, nil
}

func (p *Parser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	rw := rewriteText(query)
	stmt, ri, err := p.inner.ParseOneWithOptions(ctx, rw.text, options)
	if err == nil {
		if err = CheckStatement(stmt); err != nil {
			return nil, ri, err
		}
	}
	if err != nil {
		if e := GroupConcatWindow(rw.text); e != nil { // gcwindow.go
			err = e
		}
		return stmt, ri, err
	}
	rw.fix(stmt)
	routineCollations(ctx, stmt)                  // routinecoll.go
	routineSelectNames(stmt, query, rw.changed()) // routinenames.go
	commaNames(stmt, query)
	if rw.changed() {
		rw.bodyPositions(stmt, 0, 0)
		if ri > 0 {
			ri = rw.origOffset(ri, false)
		}
	}
	return stmt, ri, nil
}

// clampBody ends a body that the parser, reading one statement of several,
// ended past the statement's delimiter at the statement's end: GMS slices
// the body out of parsed, which has no delimiter, and refused the CREATE
// VIEW of a multi-statement query with "unable to get sub statement".
func clampBody(stmt ast.Statement, parsed string) {
	if d, ok := stmt.(*ast.DDL); ok && d.SubStatementPositionEnd > len(parsed) && d.SubStatementPositionStart <= len(parsed) {
		d.SubStatementPositionEnd = len(parsed)
	}
}

// commaNames drops the comma the parser puts at the front of a select
// expression's name when white space comes before the comma: `SELECT 1 ,
// 2` named its second column ", 2" (MySQL: 2). A name never starts with a
// comma, so only texts with white space before one are walked.
func commaNames(stmt ast.Statement, query string) {
	if !strings.Contains(query, " ,") && !strings.Contains(query, "\t,") && !strings.Contains(query, "\n,") && !strings.Contains(query, "\r,") {
		return
	}
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if ae, ok := n.(*ast.AliasedExpr); ok && strings.HasPrefix(ae.InputExpression, ",") {
			ae.InputExpression = strings.TrimLeft(ae.InputExpression, ", \t\r\n")
		}
		return true, nil
	}, stmt)
}

// bodyAfterComment moves the start of a routine's or event's body back to
// the start of its first word: after a COMMENT 'text' characteristic the
// parser puts it one byte into the body, so GMS's ROUTINE_DEFINITION of
// `CREATE PROCEDURE p() COMMENT 'x' SELECT 1` was "ELECT 1" (the body it
// runs is parsed from the whole statement and was right). A body never
// starts inside a word, so backing up over word characters is safe where
// the position was right.
func bodyAfterComment(stmt ast.Statement, text string) {
	d, ok := stmt.(*ast.DDL)
	if !ok || (d.ProcedureSpec == nil && d.EventSpec == nil) || d.SubStatementPositionEnd <= 0 {
		return
	}
	s := d.SubStatementPositionStart
	for s > 0 && s <= len(text) && isWordByte(text[s-1]) {
		s--
	}
	d.SubStatementPositionStart = s
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// bodyPositions maps the body positions of the CREATE VIEW, TRIGGER,
// PROCEDURE or EVENT statements in stmt (sqltext.StoresBody: the passes
// rewrote their text), offsets into r.text after lead bytes, to r.orig
// after olead bytes, so that GMS stores and shows the body as written; it
// reports whether stmt is such a statement.
func (r rewritten) bodyPositions(stmt ast.Statement, lead, olead int) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		d, ok := n.(*ast.DDL)
		if !ok || d.SubStatementPositionEnd <= 0 {
			return true, nil
		}
		found = true
		d.SubStatementPositionStart = r.origOffset(d.SubStatementPositionStart+lead, false) - olead
		d.SubStatementPositionEnd = r.origOffset(d.SubStatementPositionEnd+lead, true) - olead
		return true, nil
	}, stmt)
	return found
}

// fixStatement gives select expressions the spelling of the temporal
// literals in their text back and wraps DECIMAL literals compared with
// anything (ExactLiterals).
func fixStatement(stmt ast.Statement, lits []sqltext.TemporalLiteral) {
	if stmt == nil {
		return
	}
	if lits != nil {
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if ae, ok := n.(*ast.AliasedExpr); ok && ae.InputExpression != "" {
				ae.InputExpression = sqltext.RestoreTemporal(lits, ae.InputExpression)
			}
			return true, nil
		}, stmt)
	}
	ExactLiterals(stmt)
	switch stmt.(type) {
	case *ast.Select, *ast.SetOp, *ast.Insert, *ast.Update, *ast.Delete, *ast.Explain:
		// ExactLiterals' walk made GROUP_CONCAT's arguments one.
	default:
		// Definitions too (views, triggers, routines: ExactLiterals
		// leaves their text alone), which are planned from this statement.
		groupConcatArgs(stmt)
	}
	fixOperators(stmt)
	definitionIntroducers(stmt) // introcollate.go
	DefaultOfCalls(stmt)        // defaultof.go
	insertSelectValues(stmt)    // odkuselect.go
	missingWindowFuncs(stmt)
	InlineNamedWindows(stmt)
	TimeColumns(stmt)
	floattype.Resolve(stmt)
	globalDefaults(stmt) // setdefault.go
}

// ExactLiterals wraps the DECIMAL literal operands of stmt's comparisons
// in ExactDecimalFunc (see Parser), makes the bit operations cast to SIGNED
// unsigned first (unsignedBitCast), and reports whether it changed any. Only
// queries, DML and a view's query are changed: a routine's or trigger's
// definition text is stored and read again by other paths.
func ExactLiterals(stmt ast.Statement) bool {
	switch s := stmt.(type) {
	case *ast.Select, *ast.SetOp, *ast.Insert, *ast.Update, *ast.Delete:
	case *ast.Explain:
		return ExactLiterals(s.Statement)
	case *ast.DDL:
		// A view's query, as GMS plans it each time the view is read (it
		// parses the stored CREATE VIEW again): the stored text is the
		// statement's own, taken by position, so it stays as written.
		// CAST('abc' AS CHAR(0)) in a view was the whole text.
		if s.ViewSpec != nil && s.ViewSpec.ViewExpr != nil {
			return ExactLiterals(s.ViewSpec.ViewExpr)
		}
		return false
	default:
		return false
	}
	changed := fixOperators(stmt)
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if c, ok := n.(*ast.ConvertExpr); ok && (unsignedBitCast(c) || zeroLengthCast(c)) { // castzero.go
			changed = true
		}
		if g, ok := n.(*ast.GroupConcatExpr); ok && concatArgs(g) {
			changed = true
		}
		if c, ok := n.(*ast.ComparisonExpr); ok {
			switch strings.ToLower(c.Operator) {
			case ast.EqualStr, ast.LessThanStr, ast.GreaterThanStr, ast.LessEqualStr, ast.GreaterEqualStr,
				ast.NotEqualStr, ast.NullSafeEqualStr:
				if w, ok := wrapDecimal(c.Left); ok {
					c.Left, changed = w, true
				}
				if w, ok := wrapDecimal(c.Right); ok {
					c.Right, changed = w, true
				}
			}
		}
		return true, nil
	}, stmt)
	return changed
}

// unsignedBitCast makes CAST(x & y AS SIGNED) (any of & | ^ << >>)
// CAST(CAST(x & y AS UNSIGNED) AS SIGNED). MySQL's bit operations are
// BIGINT UNSIGNED and the cast wraps them (Django's bitand(-56) on -42 is
// CONVERT(x & -56, SIGNED), -64); GMS types the operation BIGINT when both
// operands are signed, so its planner drops the cast as redundant, and the
// client got 18446744073709551552 (an UPDATE storing it failed with 1264).
// The inner cast keeps the outer one, which the replacement rule then
// wraps (castSigned).
func unsignedBitCast(c *ast.ConvertExpr) bool {
	if c.Type == nil || !strings.HasPrefix(strings.ToLower(c.Type.Type), "signed") {
		return false
	}
	b, ok := c.Expr.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Operator {
	case ast.BitAndStr, ast.BitOrStr, ast.BitXorStr, ast.ShiftLeftStr, ast.ShiftRightStr:
	default:
		return false
	}
	c.Expr = &ast.ConvertExpr{Name: c.Name, Expr: b, Type: &ast.ConvertType{Type: "unsigned"}}
	return true
}

func wrapDecimal(e ast.Expr) (ast.Expr, bool) {
	v := e
	if u, ok := e.(*ast.UnaryExpr); ok && u.Operator == ast.UMinusStr {
		v = u.Expr
	}
	sv, ok := v.(*ast.SQLVal)
	if !ok || sv.Type != ast.FloatVal || strings.ContainsAny(string(sv.Val), "eE") {
		return e, false
	}
	return &ast.FuncExpr{Name: ast.NewColIdent(ExactDecimalFunc),
		Exprs: ast.SelectExprs{&ast.AliasedExpr{Expr: e}}}, true
}

// exactDecimalLiteral is a DECIMAL literal the planner must not convert to
// the type of the column it is compared with; ReplaceComparisons puts the
// literal itself back before any other analyzer rule runs.
type exactDecimalLiteral struct{ unary }

func newExactDecimal(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New(ExactDecimalFunc, 1, len(args))
	}
	return &exactDecimalLiteral{unary{args[0]}}, nil
}

// ExactDecimalOperand is the DECIMAL literal e stands for, when e is one
// the parser marked or one this package's comparison rule made a DOUBLE
// operand of (as MySQL compares a DECIMAL with a DOUBLE).
func ExactDecimalOperand(e sql.Expression) (*expression.Literal, bool) {
	if d, ok := e.(*toDouble); ok {
		e = d.child
	}
	if x, ok := e.(*exactDecimalLiteral); ok {
		e = x.child
	}
	l, ok := e.(*expression.Literal)
	if !ok || !types.IsDecimal(l.Type()) {
		return nil, false
	}
	return l, true
}

func (e *exactDecimalLiteral) Type() sql.Type { return e.child.Type() }
func (e *exactDecimalLiteral) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return e.child.Eval(ctx, row)
}
func (e *exactDecimalLiteral) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func init() {
	functions[ExactDecimalFunc] = sql.FunctionN{Name: ExactDecimalFunc, Fn: newExactDecimal}
	functions["date"] = sql.Function1{Name: "date", Fn: newDateFunc}
	for name, kw := range temporalLiteralFunctions {
		functions[name] = sql.FunctionN{Name: name, Fn: newTemporalLiteral(kw)}
	}
}
