package server

import (
	"context"
	"strings"
	"unicode"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// viewCheckClause readies a CREATE VIEW ... WITH [CASCADED | LOCAL] CHECK
// OPTION for GMS's planner, which refused LOCAL (1105 unsupported syntax)
// and ignores the clause otherwise: the clause is dropped from the parsed
// statement (the stored text keeps it; information_schema.VIEWS and the
// DML through the view read it from there), and the body, whose end the
// parser placed after the look-ahead WITH, ends at the SELECT's end (GMS
// stored `select ... where a < 3 with` as the view's definition).
func viewCheckClause(stmt ast.Statement, text string) {
	d, ok := stmt.(*ast.DDL)
	if !ok || d.ViewSpec == nil || d.ViewSpec.CheckOption == ast.ViewCheckOptionUnspecified {
		return
	}
	d.ViewSpec.CheckOption = ast.ViewCheckOptionUnspecified
	s, e := d.SubStatementPositionStart, d.SubStatementPositionEnd
	if d.SubStatementStr != "" || s < 0 || e <= s || e > len(text) {
		return
	}
	body := strings.TrimRightFunc(text[s:e], unicode.IsSpace)
	if n := len(body); n > 4 && strings.EqualFold(body[n-4:], "with") && !isIdentByte(body[n-5]) {
		d.SubStatementPositionEnd = s + len(strings.TrimRightFunc(body[:n-4], unicode.IsSpace))
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b == '`' || b >= 0x80 || ('0' <= b && b <= '9') || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z')
}

func viewDML(ctx context.Context, stmt ast.Statement) error { return nil }
