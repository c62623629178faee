package sqlfunc

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// routineSelectNames names the select expressions of a CREATE PROCEDURE's
// body by their text, as the parser names a statement's own (vitess's
// captureSelectExpressions, whose walk stops at a CREATE's body): a
// procedure's `SELECT COUNT(*), LENGTH(a)` sent its columns as GMS prints
// the planned expressions, `count(1)` and `length(a)`, where MySQL sends
// the text (a client reading the row by column name did not find it).
// The positions are offsets into the text the inner parser read, which is
// query itself only when neither this package's passes nor the server's
// (sqltext.ParserEdits) rewrote it; otherwise the names are left as they
// were.
func routineSelectNames(stmt ast.Statement, query string, rewritten bool) {
	d, ok := stmt.(*ast.DDL)
	if !ok || d.ProcedureSpec == nil || d.ProcedureSpec.Body == nil || rewritten {
		return
	}
	if _, edits, _ := sqltext.ParserEdits(query); edits != nil {
		return
	}
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		ae, ok := n.(*ast.AliasedExpr)
		if !ok || ae.InputExpression != "" || ae.EndParsePos <= ae.StartParsePos || ae.EndParsePos > len(query) {
			return true, nil
		}
		if _, col := ae.Expr.(*ast.ColName); col {
			return true, nil
		}
		if name := strings.Trim(query[ae.StartParsePos:ae.EndParsePos], " \n\t"); name != "" {
			ae.InputExpression = unquotedName(name)
		}
		return true, nil
	}, d.ProcedureSpec.Body)
}

// unquotedName is a select expression's name from its text: a lone quoted
// string or identifier is named by its contents ('abc' is abc), as the
// parser names them.
func unquotedName(s string) string {
	if len(s) < 2 {
		return s
	}
	q := s[0]
	if (q != '\'' && q != '"' && q != '`') || s[len(s)-1] != q {
		return s
	}
	inner := s[1 : len(s)-1]
	for i := 0; i < len(inner); i++ {
		switch {
		case inner[i] == '\\' && q != '`':
			i++
		case inner[i] == q && i+1 < len(inner) && inner[i+1] == q:
			i++
		case inner[i] == q:
			return s // 'a' + 'b': not one quoted string
		}
	}
	return inner
}
