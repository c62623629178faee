package sqlfunc

import (
	"context"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

func TestParserLiterals(t *testing.T) {
	p := NewParser(sql.NewMysqlParser())
	ctx := context.Background()
	stmt, parsed, rest, err := p.ParseWithOptions(ctx, "SELECT DATE '2024-01-02' + 0 FROM t WHERE dc = 1.5; SELECT TIME '10:00'", ';', true, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rest != "SELECT TIME '10:00'" {
		t.Errorf("remainder %q is not the original text of the second statement", rest)
	}
	if !strings.Contains(parsed, "myriad_date_literal('2024-01-02')") {
		t.Errorf("parsed %q", parsed)
	}
	sel := stmt.(*ast.Select)
	if name := sel.SelectExprs[0].(*ast.AliasedExpr).InputExpression; name != "DATE '2024-01-02' + 0" {
		t.Errorf("column name %q", name)
	}
	if s := ast.String(sel.Where.Expr); !strings.Contains(s, ExactDecimalFunc+"(1.5)") {
		t.Errorf("DECIMAL literal not wrapped: %s", s)
	}
	// A definition's body reads as the statement typed directly, and its
	// text, which GMS stores (the statement, and the body at its
	// positions in it), is as written.
	q := "  CREATE VIEW v AS SELECT DATE '2024-01-02' FROM t WHERE dc = 1.5"
	stmt, parsed, _, err = p.ParseWithOptions(ctx, q, ';', false, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The view's query gets the literal corrections as a query does (GMS
	// plans it from this parse each time the view is read).
	if s := ast.String(stmt); !strings.Contains(s, "myriad_date_literal") || !strings.Contains(s, ExactDecimalFunc) {
		t.Errorf("CREATE VIEW body: %s", s)
	}
	d := stmt.(*ast.DDL)
	if parsed != strings.TrimSpace(q) || parsed[d.SubStatementPositionStart:d.SubStatementPositionEnd] != "SELECT DATE '2024-01-02' FROM t WHERE dc = 1.5" {
		t.Errorf("CREATE VIEW text %q, body at %d..%d", parsed, d.SubStatementPositionStart, d.SubStatementPositionEnd)
	}
	// A table's defaults are stored from the parsed expression: left alone.
	stmt, _, _, err = p.ParseWithOptions(ctx, "CREATE TABLE t2 (d DATE DEFAULT (DATE '2024-01-02'))", ';', false, ast.ParserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s := ast.String(stmt); strings.Contains(s, "myriad_") {
		t.Errorf("CREATE TABLE rewritten: %s", s)
	}
}

// BenchmarkParserOverhead: the wrapper's cost on a statement with nothing
// to rewrite (sysbench's point select) against the bare parser.
func BenchmarkParserOverhead(b *testing.B) {
	ctx := context.Background()
	q := "SELECT c FROM sbtest1 WHERE id=5021"
	for _, c := range []struct {
		name string
		p    sql.Parser
	}{{"bare", sql.NewMysqlParser()}, {"wrapped", NewParser(sql.NewMysqlParser())}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, _, _, err := c.p.ParseWithOptions(ctx, q, ';', false, ast.ParserOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
