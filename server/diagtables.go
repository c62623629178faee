package server

import (
	"errors"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// errTableFound stops the walk of usesTable at the first table.
var errTableFound = errors.New("table found")

// usesTable reports whether a SELECT, SET or DO whose text has the word
// FROM reads a table, by its parsed statement: MySQL resets the previous
// statement's conditions only for a statement with tables (sql_parse.cc,
// all_tables), and the word alone also matched a string literal
// (`SELECT 'from'`), a quoted alias, a comment and FROM DUAL. A derived
// table or a CTE is a table (MariaDB 10.11 clears the list for them too).
// Only parsed when there are conditions to keep and the text has the word;
// a text the parser refuses is looked at token by token.
func usesTable(query string) bool {
	stmt, err := ast.Parse(query)
	if err != nil {
		// A statement only Myriad's rewrites make parse (DO): any FROM
		// token, which a literal, a quoted name or a comment is not.
		tkn := ast.NewStringTokenizer(query)
		for {
			switch typ, _ := tkn.Scan(); typ {
			case 0, ast.LEX_ERROR:
				return typ == ast.LEX_ERROR
			case ast.FROM:
				return true
			}
		}
	}
	err = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch t := n.(type) {
		case *ast.AliasedTableExpr:
			if tn, ok := t.Expr.(ast.TableName); ok && tn.DbQualifier.IsEmpty() && strings.EqualFold(tn.Name.String(), "dual") {
				return true, nil
			}
			// A derived table is one of MySQL's tables too.
			return false, errTableFound
		case *ast.JSONTableExpr:
			return false, errTableFound
		}
		return true, nil
	}, stmt)
	return err != nil
}
