package sqltext

import "strings"

// A statement that is one parenthesized query, `(SELECT ...)`, alone or
// followed by ORDER BY / LIMIT, is a query expression in MySQL 8; the
// tokenizer's grammar takes parentheses around a SELECT only as an operand
// of UNION/EXCEPT/INTERSECT and fails with 1064. Django writes it for a
// set operation whose other sides are empty (`qs.union(qs.none())`,
// `qs.difference(qs.none()).get()`). The outer parentheses become spaces
// (the text keeps its length, as the wire guard's framing of a prepared
// statement wants) when dropping them keeps the meaning: nothing follows
// them, or ORDER BY / LIMIT follows and the query inside has no ORDER BY,
// LIMIT or locking clause of its own (those would apply before the outer
// ones).

// unwrapQuery returns q with the outer parentheses of such a statement
// blanked, and whether it did. Nested ones, `((SELECT 1))`, are blanked
// from the outside in for as long as each pair qualifies in the text with
// the pairs outside it blanked.
func unwrapQuery(q string) (string, bool) {
	open := skipSpaceAndComments(q, 0, nil)
	if open >= len(q) || q[open] != '(' {
		return q, false
	}
	levels := nestedParens(q, open)
	n := 0
	for k, l := range levels {
		if l.end < 0 || !l.query {
			break
		}
		after := skipSpaceAndComments(q, l.end+1, levels[:k])
		if after < len(q) && q[after] != ';' &&
			(!startsWithWord(q[after:], "ORDER") && !startsWithWord(q[after:], "LIMIT") || l.clauses) {
			break
		}
		n++
	}
	if n == 0 {
		return q, false
	}
	b := []byte(q)
	for _, l := range levels[:n] {
		b[l.open], b[l.end] = ' ', ' '
	}
	return string(b), true
}

// parenLevel is one of the parentheses nestedParens finds.
type parenLevel struct {
	open, end int // end is -1 when the text ends first
	// query: the first thing inside is SELECT, WITH or the next level's
	// parenthesis; clauses: ORDER, LIMIT, FOR, LOCK or INTO stands directly
	// inside it (those would apply before an outer ORDER BY / LIMIT).
	query, clauses bool
}

// nestedParens reads q once from the parenthesis at q[open] to the one
// closing it, and returns that pair and the pairs each opening first
// inside the one before, outermost first. Strings, quoted names and
// comments are skipped; an executable comment (/*! */) counts as
// something inside a pair, as a query's first thing.
func nestedParens(q string, open int) []parenLevel {
	levels := []parenLevel{{open: open, end: -1}}
	depth := 1
	first := 0 // the level whose first thing comes next, or -1
	for i := open + 1; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			i = lineEnd(q, i)
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			i = commentEnd(q, i)
			continue
		}
		firstOf := first
		first = -1
		switch {
		case c == '\'' || c == '"':
			i = SkipString(q, i)
		case c == '`':
			i = skipIdentifier(q, i)
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
		case c == '(':
			if firstOf >= 0 {
				levels[firstOf].query = true
				levels = append(levels, parenLevel{open: i, end: -1})
				first = len(levels) - 1
			}
			depth++
			i++
		case c == ')':
			depth--
			if depth < len(levels) && levels[depth].end < 0 {
				levels[depth].end = i
				if depth == 0 {
					return levels
				}
			}
			i++
		case isWordByte(c):
			j := i + 1
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			w := q[i:j]
			if firstOf >= 0 && (startsWithWord(w, "SELECT") || startsWithWord(w, "WITH")) {
				levels[firstOf].query = true
			}
			// A level's own words stand at its depth while it is open.
			if k := depth - 1; k < len(levels) && levels[k].end < 0 && q[i-1] != '.' && q[i-1] != '@' {
				for _, clause := range [...]string{"ORDER", "LIMIT", "FOR", "LOCK", "INTO"} {
					if strings.EqualFold(w, clause) {
						levels[k].clauses = true
					}
				}
			}
			i = j
		default:
			i++
		}
	}
	return levels
}

// skipSpaceAndComments returns the index of the first byte of q at or
// after i that is neither whitespace nor in a comment, in q with the
// parentheses of outer blanked (as unwrapQuery leaves them).
func skipSpaceAndComments(q string, i int, outer []parenLevel) int {
	blank := func(j int) bool {
		for _, l := range outer {
			if j == l.open || j == l.end {
				return true
			}
		}
		return false
	}
	for i < len(q) {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || blank(i):
			i++
		case c == '#' || c == '-' && i+2 < len(q) && q[i+1] == '-' && (q[i+2] == ' ' || blank(i+2)):
			i = lineEnd(q, i)
		case strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			i = commentEnd(q, i)
		default:
			return i
		}
	}
	return i
}

// startsWithWord reports whether s starts with the word w, in any case.
func startsWithWord(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) && (len(s) == len(w) || !isWordByte(s[len(w)]))
}
