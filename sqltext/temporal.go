package sqltext

import (
	"regexp"
	"strings"
)

// TemporalLiteral is one `DATE 'str'`, `TIME 'str'` or `TIMESTAMP 'str'`
// literal that TemporalLiterals rewrote: Orig at At in the original text
// became New at NewAt in the rewritten one.
type TemporalLiteral struct {
	Orig, New  string
	At, NewAt  int
	Func       string // the function New calls
	Keyword    string // DATE, TIME or TIMESTAMP, upper-case
	QuotedText string // the string literal as written, quotes included
}

// Temporal literal functions: the calls TemporalLiterals writes in place of
// the literals. Package sqlfunc implements them.
const (
	DateLiteralFunc      = "myriad_date_literal"
	TimeLiteralFunc      = "myriad_time_literal"
	TimestampLiteralFunc = "myriad_timestamp_literal"
)

// TemporalLiterals rewrites MySQL's typed temporal literals (`DATE
// '2024-01-02'`, `TIME '10:00'`, `TIMESTAMP '2024-01-02 10:00:00'`) into
// calls of the functions above, which package sqlfunc implements. The
// parser reads the keyword and keeps only the string, so the literal was a
// VARCHAR: `DATE '2024-01-02' + 0` was 2024 with a warning, and the result
// column was text, where MySQL has a DATE (20240102).
//
// Statements starting with CREATE or ALTER are left alone (their text is
// stored and shown back), but for those of stored bodies (StoresBody),
// whose stored text the parser keeps as written. It returns q and nil
// when there is no such literal.
func TemporalLiterals(q string) (string, []TemporalLiteral) {
	if !mayHaveTemporal(q) {
		return q, nil
	}
	var out []TemporalLiteral
	var b strings.Builder
	last := 0
	stmtStart := true // the next word is the first of a statement
	skipStmt := false
	ctas := false // the statement is a CREATE TABLE (see createsTable)
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			i = SkipString(q, i)
			stmtStart = false
		case c == '`':
			i = skipIdentifier(q, i)
			stmtStart = false
		case c == '#':
			i = lineEnd(q, i)
		case c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		case c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			i = commentEnd(q, i)
		case c == ';':
			stmtStart, skipStmt, ctas = true, false, false
			i++
		case isWordByte(c) && c < 0x80:
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			w := q[i:j]
			if stmtStart {
				skipStmt = keepsText(strings.ToUpper(w), q[i:])
				ctas = skipStmt && createsTable(q[i:])
				stmtStart = false
			} else if ctas && skipStmt && strings.EqualFold(w, "SELECT") {
				// CREATE TABLE ... SELECT: the table's text is not kept
				// past its definitions, and the query's literals make its
				// columns (MySQL: DATE '2024-01-02' makes a DATE column).
				// No definition holds a SELECT (MySQL refuses subqueries
				// in defaults, generated columns and CHECKs).
				skipStmt = false
			}
			kw := temporalKeyword(w)
			if kw == "" || skipStmt || (i > 0 && (q[i-1] == '.' || q[i-1] == '@' || q[i-1] >= 0x80)) {
				i = j
				continue
			}
			k := j
			for k < len(q) && (q[k] == ' ' || q[k] == '\t' || q[k] == '\n' || q[k] == '\r') {
				k++
			}
			if k >= len(q) || (q[k] != '\'' && q[k] != '"') {
				i = j
				continue
			}
			end := SkipString(q, k)
			if end > len(q) || q[end-1] != q[k] || end-k < 2 {
				i = j // unterminated: the parser reports it
				continue
			}
			fn := map[string]string{"DATE": DateLiteralFunc, "TIME": TimeLiteralFunc, "TIMESTAMP": TimestampLiteralFunc}[kw]
			if b.Len() == 0 {
				b.Grow(len(q) + 32)
			}
			b.WriteString(q[last:i])
			lit := TemporalLiteral{Orig: q[i:end], At: i, NewAt: b.Len(), Func: fn, Keyword: kw, QuotedText: q[k:end]}
			lit.New = fn + "(" + q[k:end] + ")"
			b.WriteString(lit.New)
			out = append(out, lit)
			last = end
			i = end
		case c >= 0x80 || c == '$':
			for i < len(q) && (isWordByte(q[i])) {
				i++
			}
			stmtStart = false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(':
			i++
		default:
			stmtStart = false
			i++
		}
	}
	if out == nil {
		return q, nil
	}
	b.WriteString(q[last:])
	return b.String(), out
}

// OrigOffset maps an offset into the text TemporalLiterals returned back to
// the original text (an offset inside a rewritten literal maps to its start).
func OrigOffset(lits []TemporalLiteral, at int) int {
	delta := 0
	for _, l := range lits {
		if at < l.NewAt {
			break
		}
		if at < l.NewAt+len(l.New) {
			return l.At
		}
		delta = l.At + len(l.Orig) - (l.NewAt + len(l.New))
	}
	return at + delta
}

// RestoreTemporal puts the literals' original spelling back into s, a piece
// of the rewritten text (a select expression's text names its column).
func RestoreTemporal(lits []TemporalLiteral, s string) string {
	for _, l := range lits {
		if strings.Contains(s, l.New) {
			s = strings.ReplaceAll(s, l.New, l.Orig)
		}
	}
	return s
}

func temporalKeyword(w string) string {
	switch len(w) {
	case 4:
		if strings.EqualFold(w, "DATE") {
			return "DATE"
		}
		if strings.EqualFold(w, "TIME") {
			return "TIME"
		}
	case 9:
		if strings.EqualFold(w, "TIMESTAMP") {
			return "TIMESTAMP"
		}
	}
	return ""
}

// mayHaveTemporal is a cheap first test: some DATE/TIME word at all.
func mayHaveTemporal(q string) bool {
	for i := 0; i+4 <= len(q); i++ {
		c := q[i] | 0x20
		if (c == 'd' || c == 't') && (strings.EqualFold(q[i:i+4], "DATE") || strings.EqualFold(q[i:i+4], "TIME")) {
			return true
		}
	}
	return false
}

// createTable is the head of a CREATE TABLE statement.
var createTable = regexp.MustCompile(`(?is)^CREATE\s+(?:TEMPORARY\s+)?TABLE\s`)

// createsTable reports whether the statement q starts is a CREATE TABLE.
func createsTable(q string) bool { return createTable.MatchString(q) }
