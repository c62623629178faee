package server

import (
	"context"
	"strings"
	"sync"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// DO statements. The parser has no DO; sqltext reads one as a SELECT
// marked with sqltext.DoMarker, and whoever runs it withholds the rows:
//   - a statement of the text protocol (handler.go) or of a multi-statement
//     text: the handler sees the DO (sqltext.Do) and answers OK;
//   - a prepared statement: the wire guard rewrites the COM_STMT_PREPARE's
//     text before the protocol library parses it (wire.go); ComPrepare
//     answers with no columns and ComStmtExecute with OK;
//   - inside a procedure, trigger or event body: doParser rewrites the body
//     whenever GMS parses the stored CREATE text (every CALL, every trigger
//     load), so the text stored and shown by SHOW CREATE stays the user's;
//     the CALL's capture (callresults.go) skips the marked SELECTs.

// doParser is the engine's parser with DO statements inside compound
// bodies read as marked SELECTs (sqltext.DoBodies), and quantified
// comparisons (x > ALL (subquery)), which the parser lacks, read as calls
// planfix turns into them (sqltext.QuantifiedComparisons), and GROUP BY ...
// WITH ROLLUP read as its grouping levels (rollup.go): in the global
// parser, so view and routine definitions get them too while their stored
// text stays the user's.
type doParser struct {
	inner sql.Parser
}

var _ sql.Parser = (*doParser)(nil)

var installDoParser sync.Once

// useDoParser makes GMS's global parser the engine's parser (sqlfunc's
// passes over this package's doParser): trigger definitions are parsed
// through it (GMS's trigger loading builds its own planner with the global
// parser, as do information_schema's TRIGGERS and VIEWS), as is everything
// else a planner without a parser of its own parses, and a stored body
// must read exactly as the same statement typed directly. Before this a
// trigger body was read without sqlfunc's passes: its DECIMAL literals
// were converted to the compared column's type, and 0b101 was a column.
func useDoParser() {
	installDoParser.Do(func() {
		sql.GlobalParser = sqlfunc.NewParser(&doParser{inner: sql.GlobalParser})
	})
}

func (p *doParser) ParseSimple(query string) (ast.Statement, error) {
	rq, _, qs := sqltext.ParserEdits(query)
	stmt, err := p.inner.ParseSimple(rq)
	if err == nil {
		if err = rollupSelects(stmt, func() (ast.Statement, error) { return p.inner.ParseSimple(rq) }, nil); err != nil {
			return nil, err
		}
	}
	if err == nil {
		if damaged := rewriteAggregates(stmt); damaged {
			stmt, err = p.inner.ParseSimple(rq)
		}
	}
	if err == nil {
		restoreQuantified(stmt, qs)
		if err = sysSetBodies(stmt); err != nil { // procsysset.go
			stmt = nil
		} else {
			viewCheckClause(stmt, rq) // viewdml.go
		}
	}
	return stmt, err
}

func (p *doParser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, sql.LoadSqlMode(ctx).ParserOptions())
}

// ParseWithOptions hands back the statement's own text (GMS stores it as a
// routine's or trigger's definition) and the remainder of the original.
func (p *doParser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	stmt, parsed, remainder, err := p.parseWithOptions(ctx, query, delimiter, multi, options)
	if err == nil {
		viewCheckClause(stmt, parsed) // viewdml.go
		if err = viewDML(ctx, stmt); err != nil {
			return nil, parsed, remainder, err
		}
	}
	return stmt, parsed, remainder, err
}

func (p *doParser) parseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	rq, edits, qs := sqltext.ParserEdits(query)
	stmt, parsed, remainder, err := p.inner.ParseWithOptions(ctx, rq, delimiter, multi, options)
	if err == nil {
		err = rollupSelects(stmt, func() (ast.Statement, error) {
			s, _, _, err := p.inner.ParseWithOptions(ctx, rq, delimiter, multi, options)
			return s, err
		}, fromColumns(ctx))
		if err != nil {
			// No statement with the error: GMS's multi-statement path
			// runs a statement it is handed even with an error.
			return nil, parsed, remainder, err
		}
	}
	if err == nil {
		if damaged := rewriteAggregates(stmt); damaged {
			stmt, parsed, remainder, err = p.inner.ParseWithOptions(ctx, rq, delimiter, multi, options)
		}
	}
	if err == nil {
		if err = sysSetBodies(stmt); err != nil { // procsysset.go
			return nil, parsed, remainder, err
		}
	}
	if edits == nil || err != nil {
		return stmt, parsed, remainder, err
	}
	restoreQuantified(stmt, qs)
	// GMS reads the text of the statement it parsed (trimmed) and the
	// positions of a CREATE's body within it.
	lead := len(rq) - len(strings.TrimLeftFunc(rq, unicode.IsSpace))
	olead := len(query) - len(strings.TrimLeftFunc(query, unicode.IsSpace))
	origPositions(stmt, edits, lead, olead)
	if remainder == "" {
		return stmt, sql.RemoveSpaceAndDelimiter(query, delimiter), "", nil
	}
	s := sql.RemoveSpaceAndDelimiter(rq, delimiter)
	at := sqltext.DoOrigOffset(edits, lead+len(s)-len(remainder))
	os := sql.RemoveSpaceAndDelimiter(query, delimiter)
	if at < olead || at > olead+len(os) {
		return stmt, parsed, remainder, nil
	}
	return stmt, sql.RemoveSpaceAndDelimiter(query[olead:at], delimiter), query[at : olead+len(os)], nil
}

// restoreQuantified gives select expressions holding a quantified
// comparison (sqltext.QuantifiedComparisons) their own spelling back: the
// text names the column.
func restoreQuantified(stmt ast.Statement, qs []sqltext.Quantified) {
	if qs == nil || stmt == nil {
		return
	}
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if ae, ok := n.(*ast.AliasedExpr); ok && ae.InputExpression != "" {
			ae.InputExpression = sqltext.RestoreQuantified(qs, ae.InputExpression)
		}
		return true, nil
	}, stmt)
}

// origPositions maps the body positions of a CREATE PROCEDURE, TRIGGER or
// EVENT, offsets into the rewritten text after lead bytes, to the original
// text after olead bytes.
func origPositions(stmt ast.Statement, edits []sqltext.Edit, lead, olead int) {
	if d, ok := stmt.(*ast.DDL); ok && d.SubStatementPositionEnd > 0 {
		d.SubStatementPositionStart = sqltext.DoOrigOffset(edits, d.SubStatementPositionStart+lead) - olead
		d.SubStatementPositionEnd = sqltext.DoOrigOffset(edits, d.SubStatementPositionEnd+lead) - olead
	}
}

func (p *doParser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	stmt, ri, err := p.parseOneWithOptions(ctx, query, options)
	if err == nil {
		viewCheckClause(stmt, query)
		if err = viewDML(ctx, stmt); err != nil {
			return nil, ri, err
		}
	}
	return stmt, ri, err
}

func (p *doParser) parseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	rq, edits, qs := sqltext.ParserEdits(query)
	stmt, ri, err := p.inner.ParseOneWithOptions(ctx, rq, options)
	if err == nil {
		err = rollupSelects(stmt, func() (ast.Statement, error) {
			s, _, err := p.inner.ParseOneWithOptions(ctx, rq, options)
			return s, err
		}, fromColumns(ctx))
		if err != nil {
			return nil, ri, err
		}
	}
	if err == nil {
		if damaged := rewriteAggregates(stmt); damaged {
			stmt, ri, err = p.inner.ParseOneWithOptions(ctx, rq, options)
		}
	}
	if err == nil {
		if err = sysSetBodies(stmt); err != nil { // procsysset.go
			return nil, ri, err
		}
	}
	if err == nil && edits != nil {
		restoreQuantified(stmt, qs)
		origPositions(stmt, edits, 0, 0)
		if ri > 0 {
			ri = sqltext.DoOrigOffset(edits, ri)
		}
	}
	return stmt, ri, err
}

// rewriteAggregates reads a SELECT whose window functions read its groups,
// or whose subqueries aggregate its columns, over a derived table of its
// groups (see windowOverAggregates, outerAggregates); damaged: the text must
// be parsed again.
func rewriteAggregates(stmt ast.Statement) (damaged bool) {
	if _, damaged := windowOverAggregates(stmt); damaged {
		return true
	}
	return outerAggregatesIn(stmt)
}

// isDoSelect reports whether sel is a DO (see sqltext.DoMarker).
func isDoSelect(sel *ast.Select) bool {
	for _, c := range sel.Comments {
		if string(c) == sqltext.DoMarker {
			return true
		}
	}
	return false
}

// discardRows runs a DO statement (as a SELECT, see sqltext.Do) with its
// rows withheld and answers OK: more says whether statements follow it.
func discardRows(cb mysql.ResultSpoolFn, run func(mysql.ResultSpoolFn) (string, error)) (string, error) {
	rest, err := run(func(*sqltypes.Result, bool) error { return nil })
	if err != nil {
		return rest, err
	}
	return rest, cb(&sqltypes.Result{}, rest != "")
}
