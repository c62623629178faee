package sqltext

import "strings"

// Do reads a DO statement at the start of q (after blanks and comments):
//
//	DO expr [, expr] ...
//
// The parser does not know DO. The caller runs rewritten, the same text
// with DO replaced by SELECT (so any statements after the first keep their
// place), discards its rows and answers OK, which is what DO is: the
// expressions evaluated for their effects (SLEEP, RELEASE_LOCK, ...) and
// nothing returned. ok is false when q does not start with the word DO.
func Do(q string) (rewritten string, ok bool) {
	i := leadingBlanks(q)
	if len(q)-i < 3 || !strings.EqualFold(q[i:i+2], "DO") {
		return q, false
	}
	if c := q[i+2]; isWordByte(c) || c == '$' || c == '`' || c >= 0x80 {
		return q, false // an identifier such as DOUBLE or DO_X
	}
	return q[:i] + "SELECT" + q[i+2:], true
}

// leadingBlanks returns where the first token of q starts: after blanks and
// comments (not executable /*! comments, whose text is the statement's).
func leadingBlanks(q string) int {
	for i := 0; i < len(q); {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			i = commentEnd(q, i)
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		default:
			return i
		}
	}
	return len(q)
}
