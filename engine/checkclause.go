package engine

import (
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// checkClause is a stored CHECK expression as MySQL shows it in
// information_schema.CHECK_CONSTRAINTS.CHECK_CLAUSE: the table's columns
// backquoted ("(`up_votes` >= 0)"). GMS stores the expression as its own
// String() renders it, names bare ("(up_votes >= 0)"); clients that read
// the clause to find a constraint's columns (Django's introspection keeps
// only backquoted names) found none. The text is walked with the parser's
// tokenizer, so string literals and names already quoted stay as they are;
// a name is quoted where it is one of the table's columns and is not a
// function's name, a qualified name's part, or one of the operator words
// the expression grammar uses. The text still parses as the same
// expression, which GMS parses again to enforce the check.
func checkClause(expr string, isColumn func(string) bool) string {
	tkn := sqlparser.NewStringTokenizer(expr)
	type span struct{ from, to int }
	var quote []span
	prev := 0
	for {
		typ, val := tkn.Scan()
		if typ == 0 || typ == sqlparser.LEX_ERROR {
			break
		}
		end := tkn.Position - 1 // the tokenizer has read one byte ahead
		from := end - len(val)
		next := byte(0)
		if end < len(expr) {
			next = expr[end]
		}
		if typ != sqlparser.STRING && len(val) > 0 && from >= 0 && end <= len(expr) && expr[from:end] == string(val) &&
			isColumn(string(val)) && !operatorWord[strings.ToLower(string(val))] &&
			next != '(' && next != '.' && prev != '.' {
			quote = append(quote, span{from, end})
		}
		prev = typ
	}
	if len(quote) == 0 {
		return expr
	}
	var b strings.Builder
	done := 0
	for _, s := range quote {
		b.WriteString(expr[done:s.from])
		b.WriteString(quoteIdent(expr[s.from:s.to]))
		done = s.to
	}
	b.WriteString(expr[done:])
	return b.String()
}

// operatorWord: words of the expression grammar a column may be named
// (with backquotes) but that are never read as its name here.
var operatorWord = map[string]bool{
	"and": true, "or": true, "xor": true, "not": true, "is": true, "null": true, "true": true,
	"false": true, "unknown": true, "like": true, "escape": true, "regexp": true, "rlike": true,
	"in": true, "between": true, "case": true, "when": true, "then": true, "else": true, "end": true,
	"div": true, "mod": true, "interval": true, "binary": true, "collate": true, "exists": true,
	"distinct": true, "as": true, "sounds": true, "member": true, "of": true,
}
