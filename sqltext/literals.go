package sqltext

import "strings"

// A Literal is one constant LiteralTemplate took out of a statement: its
// kind (LitInt, LitNegInt, LitDecimal, LitFloat, LitString) and its text as
// the parser's tokenizer reads it (a string's contents without the quotes;
// a negative integer with its sign).
type Literal struct {
	Kind byte
	Text string
}

// The kinds of Literal. Each stands, with a NUL before it, where its
// literal was in the template, so statements that differ in a literal's
// kind (an integer where a decimal was) have different templates.
const (
	LitInt     = 'i' // 123
	LitNegInt  = 'n' // -123 after "(" or "," (the parser folds the sign into the number)
	LitDecimal = 'd' // 1.5
	LitFloat   = 'f' // 1e5, 1.5E-3
	LitString  = 's' // 'abc'
)

// LiteralTemplate takes the numeric and single-quoted string constants out
// of q, returning q with each replaced by a NUL and its kind, and the
// constants in the order they stand in. Two statements with the same
// template differ only in those constants' contents, so what a parse of
// one says about its structure holds for the other: the server keeps,
// per template, what the parse of the first such statement said (its
// cache key, its parameters' places) and skips parsing the rest.
//
// It is a scan of the text, not a parse, and gives up (ok false) wherever
// its reading could differ from the tokenizer's or depend on a session
// setting: comments, double quotes (a string or, under ANSI_QUOTES, a
// name), backslashes (escapes, or none under NO_BACKSLASH_ESCAPES), a
// quote inside a string, a string right after a name (a character set
// introducer, X'..', N'..'), hex or bit numbers, a number running into a
// name or starting with a dot, placeholders, variables, statement
// separators and NULs.
func LiteralTemplate(q string) (template string, lits []Literal, ok bool) {
	if strings.IndexByte(q, 0) >= 0 {
		return "", nil, false // the template's own marker
	}
	var b strings.Builder
	b.Grow(len(q))
	// Room for a single-row INSERT's values, not grown one by one.
	lits = make([]Literal, 0, 8)
	last := 0         // q[:last] is in b
	prev := byte('(') // the last significant character before i, outside literals
	i := 0
	for i < len(q) {
		c := q[i]
		switch {
		case c == '"' || c == '\\' || c == '?' || c == '@' || c == ';' || c == '#':
			return "", nil, false
		case c == '/' && i+1 < len(q) && q[i+1] == '*', c == '-' && i+1 < len(q) && q[i+1] == '-':
			return "", nil, false
		case c == '`':
			end := strings.IndexByte(q[i+1:], '`')
			if end < 0 {
				return "", nil, false
			}
			// A doubled backquote is an escaped one: both halves are
			// copied as they stand.
			i += end + 2
			prev = '`'
		case c == '\'':
			if i > 0 && isNameByte(q[i-1]) {
				return "", nil, false
			}
			end := strings.IndexByte(q[i+1:], '\'')
			if end < 0 {
				return "", nil, false
			}
			next := i + 1 + end + 1
			if next < len(q) && q[next] == '\'' || strings.IndexByte(q[i+1:next-1], '\\') >= 0 {
				return "", nil, false // '' or an escape inside the string
			}
			b.WriteString(q[last:i])
			b.WriteByte(0)
			b.WriteByte(LitString)
			lits = append(lits, Literal{Kind: LitString, Text: q[i+1 : next-1]})
			i, last, prev = next, next, '\''
		case c >= '0' && c <= '9' || c == '-' && (prev == '(' || prev == ',') && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9':
			if i > 0 && q[i-1] == '.' {
				return "", nil, false // .5 is a number to the tokenizer
			}
			if i > 0 && isNameByte(q[i-1]) {
				if c == '-' {
					return "", nil, false
				}
				// A digit inside a name (t1).
				j := i
				for j < len(q) && isNameByte(q[j]) {
					j++
				}
				i, prev = j, 'a'
				continue
			}
			kind, end, good := scanNumber(q, i)
			if !good {
				return "", nil, false
			}
			b.WriteString(q[last:i])
			b.WriteByte(0)
			b.WriteByte(kind)
			lits = append(lits, Literal{Kind: kind, Text: q[i:end]})
			i, last, prev = end, end, '0'
		case isNameByte(c):
			j := i
			for j < len(q) && isNameByte(q[j]) {
				j++
			}
			i, prev = j, 'a'
		default:
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				prev = c
			}
			i++
		}
	}
	b.WriteString(q[last:])
	return b.String(), lits, true
}

// scanNumber reads the number at q[i:] (a '-' there is an integer's sign)
// and reports its kind and end; good is false for a form it does not take
// (hex, bit, a sign before a non-integer, digits running into a name).
func scanNumber(q string, i int) (kind byte, end int, good bool) {
	j := i
	neg := q[j] == '-'
	if neg {
		j++
	}
	digits := func() {
		for j < len(q) && q[j] >= '0' && q[j] <= '9' {
			j++
		}
	}
	digits()
	kind = LitInt
	if neg {
		kind = LitNegInt
	}
	if j+1 < len(q) && q[j] == '.' && q[j+1] >= '0' && q[j+1] <= '9' {
		j++
		digits()
		kind = LitDecimal
	}
	if j < len(q) && (q[j] == 'e' || q[j] == 'E') {
		k := j + 1
		if k < len(q) && (q[k] == '+' || q[k] == '-') {
			k++
		}
		if k >= len(q) || q[k] < '0' || q[k] > '9' {
			return 0, 0, false
		}
		j = k
		digits()
		kind = LitFloat
	}
	if neg && kind != LitNegInt {
		return 0, 0, false
	}
	if j < len(q) && (isNameByte(q[j]) || q[j] == '.') {
		return 0, 0, false
	}
	return kind, j, true
}

// isNameByte reports whether c may be part of an unquoted name (or a
// keyword): letters, digits, _ and $, and every byte of a multi-byte
// UTF-8 character.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80
}
