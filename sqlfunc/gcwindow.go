package sqlfunc

import (
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// GroupConcatWindow is MySQL 8.0's error for GROUP_CONCAT(...) OVER (...):
// its grammar takes a windowing clause after GROUP_CONCAT and then refuses
// it (ER_NOT_SUPPORTED_YET, 1235, "group_concat as window function"); the
// vitess grammar has no OVER there, so the statement was 1064. Looked for
// only once a parser has failed (Parser here, the protocol library's parse
// of COM_STMT_PREPARE in server), so a statement that parses pays nothing.
// nil when text has no GROUP_CONCAT(...) followed by OVER.
func GroupConcatWindow(text string) error {
	tkn := ast.NewStringTokenizer(text)
	prev, depth, inGC := 0, 0, false
	for {
		typ, _ := tkn.Scan()
		if typ == 0 || typ == ast.LEX_ERROR {
			return nil
		}
		switch {
		case inGC && typ == '(':
			depth++
		case inGC && typ == ')':
			if depth--; depth == 0 {
				inGC = false
				if next, _ := tkn.Scan(); next == ast.OVER && windowFollows(tkn) {
					return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
						"This version of MySQL doesn't yet support 'group_concat as window function'")
				}
			}
		case !inGC && prev == ast.GROUP_CONCAT && typ == '(':
			inGC, depth = true, 1
		}
		prev = typ
	}
}

// windowFollows: the token after OVER opens a window specification or
// names a window, as MySQL's grammar requires (`OVER FROM` stays 1064).
func windowFollows(tkn *ast.Tokenizer) bool {
	typ, _ := tkn.Scan()
	return typ == '(' || typ == ast.ID
}
