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
// blanked, and whether it did.
func unwrapQuery(q string) (string, bool) {
	open := skipSpaceAndComments(q, 0)
	if open >= len(q) || q[open] != '(' {
		return q, false
	}
	end := closingParen(q, open)
	if end < 0 {
		return q, false
	}
	inner := q[open+1 : end]
	first := skipSpaceAndComments(inner, 0)
	if !startsWithWord(inner[first:], "SELECT") && !startsWithWord(inner[first:], "WITH") &&
		(first >= len(inner) || inner[first] != '(') {
		return q, false
	}
	after := skipSpaceAndComments(q, end+1)
	switch {
	case after == len(q) || q[after] == ';':
	case startsWithWord(q[after:], "ORDER") || startsWithWord(q[after:], "LIMIT"):
		if topLevelWord(inner, "ORDER", "LIMIT", "FOR", "LOCK", "INTO") {
			return q, false
		}
	default:
		return q, false
	}
	out := q[:open] + " " + inner + " " + q[end+1:]
	if again, ok := unwrapQuery(out); ok {
		return again, true
	}
	return out, true
}

// closingParen returns the index of the parenthesis closing the one at
// q[open], or -1; strings, quoted names and comments are skipped.
func closingParen(q string, open int) int {
	depth := 0
	for i := open; i < len(q); {
		switch c := q[i]; {
		case c == '\'' || c == '"':
			i = SkipString(q, i)
			continue
		case c == '`':
			i = skipIdentifier(q, i)
			continue
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			i = lineEnd(q, i)
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
			continue
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return -1
}

// topLevelWord reports whether one of words (upper case) is a word of q
// outside parentheses, strings, quoted names and comments.
func topLevelWord(q string, words ...string) bool {
	depth := 0
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			i = SkipString(q, i)
			continue
		case c == '`':
			i = skipIdentifier(q, i)
			continue
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			i = lineEnd(q, i)
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
			continue
		case c == '(':
			depth++
		case c == ')':
			depth--
		case isWordByte(c):
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			if depth == 0 && (i == 0 || q[i-1] != '.' && q[i-1] != '@') {
				for _, w := range words {
					if strings.EqualFold(q[i:j], w) {
						return true
					}
				}
			}
			i = j
			continue
		}
		i++
	}
	return false
}

// startsWithWord reports whether s starts with the word w, in any case.
func startsWithWord(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) && (len(s) == len(w) || !isWordByte(s[len(w)]))
}

// skipSpaceAndComments returns the index of the first byte of q at or after
// i that is neither whitespace nor in a comment.
func skipSpaceAndComments(q string, i int) int {
	for i < len(q) {
		switch {
		case q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\r':
			i++
		case q[i] == '#' || strings.HasPrefix(q[i:], "-- "):
			i = lineEnd(q, i)
		case strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			i = commentEnd(q, i)
		default:
			return i
		}
	}
	return i
}
