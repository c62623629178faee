// Package sqltext corrects statement text, before the parser sees it, where
// the protocol library's tokenizer (vitess) reads it differently from
// MySQL 8.0's lexer and the difference would change a statement's meaning
// silently instead of failing it:
//
//   - "--" starts a comment in MySQL only when the next character is
//     whitespace or a control character (or the input ends); the tokenizer
//     takes any "--" as a comment, so `bal--5 WHERE id = 1` lost its WHERE.
//     "--X" becomes "- -X".
//   - "//" is no comment in MySQL (a syntax error), but is one to the
//     tokenizer, so `SELECT 4//2` answered 4. "//" becomes "/ /", which both
//     reject.
//   - "/*!NNNNN ... */" is executed by MySQL only when NNNNN is at most the
//     server's version; the tokenizer executes it whatever the version. A
//     newer one becomes a plain comment ("/*!" -> "/* ").
//   - PLAN is a reserved word to the tokenizer (for its EXPLAIN PLAN) but
//     not in MySQL, where a column or table may be called plan (a SaaS
//     billing table's column). Outside EXPLAIN's own position it becomes
//     a quoted identifier ("plan" -> "`plan`").
//   - EXISTS(subquery) as an operand of a comparison or an arithmetic
//     operator (Django's Exists() = Exists(), filter(Exists(...)=Q(...)));
//     the tokenizer's grammar takes EXISTS as a condition only and fails
//     with 1064. Such an EXISTS(...) is parenthesized.
//   - "$" in an unquoted name ("crafted_alia$"), which MySQL allows and
//     the tokenizer rejects: the name becomes a quoted identifier.
//   - "\%" and "\_" in a string literal are two characters in MySQL (the
//     backslash stays, so that a LIKE pattern built with REPLACE(x, '%',
//     '\%') matches a literal %); the tokenizer drops the backslash, so
//     Django's `firstname__contains=F("lastname")` matched "%John" as a
//     wildcard. Inside strings the backslash is doubled ("\%" -> "\\%").
//   - A statement that is one parenthesized query, `(SELECT ...)` alone or
//     before ORDER BY / LIMIT, which the grammar refuses (parens.go).
//
// TemporalLiterals, a separate pass the engine's parser (sqlfunc.Parser)
// calls, rewrites typed temporal literals (`DATE '2024-01-02'`), whose
// keyword the parser drops, into function calls.
//
// It owns only these lexical passes: it must never parse, and never change a
// statement that has none of the sequences above (outside strings, quoted
// identifiers and comments), so that its cost on ordinary statements is one
// scan and no allocation.
package sqltext

import "strings"

// Rewrite returns q with the corrections above; versionID is the server's
// version as MySQL writes it in versioned comments (8.0.33 -> 80033). It
// returns q itself when nothing needs correcting.
func Rewrite(q string, versionID int) string {
	q, _ = unwrapQuery(q) // parens.go
	q = deleteIgnore(q)   // deleteignore.go
	var b *strings.Builder
	last := 0 // q[:last] is already in b
	// emit copies q[last:at] then s, and marks q[:skip] consumed.
	emit := func(at int, s string, skip int) {
		if b == nil {
			b = &strings.Builder{}
			b.Grow(len(q) + 8)
		}
		b.WriteString(q[last:at])
		b.WriteString(s)
		last = skip
	}
	versioned := false // inside an executed /*! ... */
	for i := 0; i < len(q); {
		c := q[i]
		if !rewriteStops[c] {
			i++ // the switch's default
			continue
		}
		switch {
		case c == '\'' || c == '"':
			end := SkipString(q, i)
			if strings.IndexByte(q[i+1:end], '\\') < 0 {
				i = end
				continue
			}
			for j := i + 1; j+1 < end; j++ {
				if q[j] != '\\' {
					continue
				}
				if q[j+1] == '%' || q[j+1] == '_' {
					emit(j, `\`, j)
				}
				j++
			}
			i = end
		case c == '`':
			i = skipIdentifier(q, i)
		case c == '#':
			i = lineEnd(q, i)
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			if i+2 >= len(q) || isSpaceOrControl(q[i+2]) {
				i = lineEnd(q, i)
				continue
			}
			// MySQL reads the first '-' as an operator and looks at the
			// second one afresh ("1---1" is 1 - - - 1).
			emit(i+1, " ", i+1)
			i++
		case c == '/' && i+1 < len(q) && q[i+1] == '/':
			emit(i+1, " ", i+1)
			i++
		case c == '*' && versioned && i+1 < len(q) && q[i+1] == '/':
			versioned = false
			i += 2
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			if i+2 < len(q) && q[i+2] == '!' && !versioned {
				if v, ok := version(q[i+3:]); ok && v > versionID {
					emit(i+2, " ", i+3)
					i = commentEnd(q, i)
					continue
				}
				versioned = true
				i += 3
				continue
			}
			i = commentEnd(q, i)
		case (c == 'e' || c == 'E') && len(q)-i >= 6 && strings.EqualFold(q[i:i+6], "exists") &&
			(i == 0 || !isWordByte(q[i-1]) && q[i-1] != '.') && (i+6 == len(q) || !isWordByte(q[i+6])):
			end, ok := existsOperand(q, i)
			if !ok || i < last {
				i += 6
				continue
			}
			emit(i, "("+Rewrite(q[i:end], versionID)+")", end)
			i = end
		case c == '$':
			// MySQL allows $ in unquoted names (Django's alias
			// "crafted_alia$"); the tokenizer does not. The name is quoted.
			start, end := i, i+1
			for start > 0 && (isWordByte(q[start-1]) || q[start-1] == '$') {
				start--
			}
			for end < len(q) && (isWordByte(q[end]) || q[end] == '$') {
				end++
			}
			if start < last || start > 0 && (q[start-1] == '@' || q[start-1] == '`') || q[start] >= '0' && q[start] <= '9' {
				i = end
				continue
			}
			emit(start, "`"+q[start:end]+"`", end)
			i = end
		case (c == 'p' || c == 'P') && isPlanIdentifier(q, i):
			emit(i, "`"+q[i:i+4]+"`", i+4)
			i += 4
		default:
			i++
		}
	}
	if b == nil {
		return q
	}
	b.WriteString(q[last:])
	return b.String()
}

// rewriteStops are the bytes a case of Rewrite's switch can start with;
// every other byte takes its default, and is passed over with one test
// (the switch's cases, tried in turn at every byte, were ~5% of the
// server's instructions under sysbench's oltp_insert, docs/PROFILES.md
// "perf27").
var rewriteStops = func() (t [256]bool) {
	for _, c := range []byte("'\"`#-/*eE$pP") {
		t[c] = true
	}
	return t
}()

// isPlanIdentifier reports whether the word at q[i] is "plan" used as a
// name: not part of a longer word or a variable (@plan), and not EXPLAIN's
// keyword (EXPLAIN [EXTENDED] [FORMAT = f] PLAN ...).
func isPlanIdentifier(q string, i int) bool {
	if len(q)-i < 4 || !strings.EqualFold(q[i:i+4], "plan") || i+4 < len(q) && isWordByte(q[i+4]) {
		return false
	}
	if i > 0 && (isWordByte(q[i-1]) || q[i-1] == '@') {
		return false
	}
	w, j := wordBefore(q, i)
	switch strings.ToUpper(w) {
	case "EXPLAIN", "DESCRIBE", "DESC", "EXTENDED":
		return false
	case "":
		return true
	}
	j = skipSpaceBack(q, j)
	if j == 0 || q[j-1] != '=' {
		return true
	}
	w, _ = wordBefore(q, j-1)
	return !strings.EqualFold(w, "FORMAT")
}

// wordBefore returns the word ending (after spaces) before q[i], and its start.
func wordBefore(q string, i int) (string, int) {
	e := skipSpaceBack(q, i)
	s := e
	for s > 0 && isWordByte(q[s-1]) {
		s--
	}
	return q[s:e], s
}

func skipSpaceBack(q string, i int) int {
	for i > 0 && (q[i-1] == ' ' || q[i-1] == '\t' || q[i-1] == '\n' || q[i-1] == '\r') {
		i--
	}
	return i
}

// isSpaceOrControl is MySQL's test after "--" (my_isspace || my_iscntrl on
// ASCII; a multi-byte character never qualifies).
func isSpaceOrControl(c byte) bool {
	return c <= ' ' || c == 0x7f
}

// version reads the five digits MySQL takes as a versioned comment's
// version.
func version(s string) (int, bool) {
	if len(s) < 5 {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[:5]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// SkipString returns the index after the string literal starting at q[i]:
// backslash escapes and doubled quotes stay inside, as in the tokenizer.
// The closing quote is found with strings.IndexByte while no backslash
// stands before it; every pre-pass over a statement's text skips its
// literals here, byte by byte they were most of the cost of those passes
// under sysbench's oltp_insert (docs/PROFILES.md "perf27").
func SkipString(q string, i int) int {
	quote := q[i]
	for i++; ; {
		k := strings.IndexByte(q[i:], quote)
		if k < 0 {
			return len(q) // unterminated, whatever its escapes
		}
		if strings.IndexByte(q[i:i+k], '\\') >= 0 {
			return skipStringBytes(q, i, quote)
		}
		i += k
		if i+1 < len(q) && q[i+1] == quote {
			i += 2
			continue
		}
		return i + 1
	}
}

// skipStringBytes is SkipString from q[i], inside a literal opened by
// quote, reading every byte.
func skipStringBytes(q string, i int, quote byte) int {
	for ; i < len(q); i++ {
		switch q[i] {
		case '\\':
			i++
		case quote:
			if i+1 < len(q) && q[i+1] == quote {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(q)
}

// existsOperand: the EXISTS at q[i] is followed by its parenthesized
// subquery and is an operand of an operator (one stands right before or
// after it); end is the index after the subquery's closing parenthesis.
func existsOperand(q string, i int) (end int, ok bool) {
	j := i + 6
	for j < len(q) && isSpaceOrControl(q[j]) {
		j++
	}
	if j >= len(q) || q[j] != '(' {
		return 0, false
	}
	depth := 0
	for k := j; k < len(q); {
		switch c := q[k]; {
		case c == '\'' || c == '"':
			k = SkipString(q, k)
			continue
		case c == '`':
			k = skipIdentifier(q, k)
			continue
		case c == '#':
			k = lineEnd(q, k)
			continue
		case c == '/' && k+1 < len(q) && q[k+1] == '*':
			k = commentEnd(q, k)
			continue
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				end = k + 1
			}
		}
		k++
		if end > 0 {
			break
		}
	}
	if end == 0 {
		return 0, false
	}
	isOp := func(c byte) bool { return strings.IndexByte("=<>!+-*/%&|^", c) >= 0 }
	b := i
	for b > 0 && isSpaceOrControl(q[b-1]) {
		b--
	}
	if b > 0 && isOp(q[b-1]) {
		return end, true
	}
	a := end
	for a < len(q) && isSpaceOrControl(q[a]) {
		a++
	}
	if a < len(q) && isOp(q[a]) && !(q[a] == '-' && a+1 < len(q) && q[a+1] == '-') && !(q[a] == '/' && a+1 < len(q) && q[a+1] == '*') {
		return end, true
	}
	return 0, false
}

// skipIdentifier returns the index after the `quoted` identifier at q[i]
// (only a doubled backtick escapes).
func skipIdentifier(q string, i int) int {
	for i++; i < len(q); i++ {
		if q[i] == '`' {
			if i+1 < len(q) && q[i+1] == '`' {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(q)
}

// lineEnd returns the index of the newline ending the comment at q[i] (the
// newline itself is code again).
func lineEnd(q string, i int) int {
	if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(q)
}

// commentEnd returns the index after the /* */ comment starting at q[i].
func commentEnd(q string, i int) int {
	if j := strings.Index(q[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(q)
}

// skipIgnored returns the index of the first byte from q[i] that is
// neither blank nor inside a comment. An executable comment (/*! ... */)
// is skipped only when exec is true: its text is the statement's to
// MySQL, but a pass that only looks for statement starts may pass over it.
func skipIgnored(q string, i int, exec bool) int {
	for i < len(q) {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		case c == '/' && strings.HasPrefix(q[i:], "/*") && (exec || !strings.HasPrefix(q[i:], "/*!")):
			i = commentEnd(q, i)
		default:
			return i
		}
	}
	return i
}

// nextToken finds the token at or after q[i] (past what skipIgnored
// skips): a string, a `quoted` identifier, a word (a run of word bytes) or
// one byte of anything else, from start to end; start is len(q) when
// there is none.
func nextToken(q string, i int, exec bool) (start, end int) {
	start = skipIgnored(q, i, exec)
	if start == len(q) {
		return start, start
	}
	switch c := q[start]; {
	case c == '\'' || c == '"':
		return start, SkipString(q, start)
	case c == '`':
		return start, skipIdentifier(q, start)
	case isWordByte(c):
		end = start + 1
		for end < len(q) && isWordByte(q[end]) {
			end++
		}
		return start, end
	}
	return start, start + 1
}

// FuncKeyPartMark starts the column name FunctionalKeyParts gives a
// functional key part: the mark, then the expression as written.
const FuncKeyPartMark = "!fx!"
