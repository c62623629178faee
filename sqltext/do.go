package sqltext

import "strings"

// DoMarker follows the SELECT a DO statement becomes. The parser knows no
// DO, so DO expr, ... is read as SELECT /*myriad DO*/ expr, ...; the
// parser keeps the comment (ast.Select.Comments), so whoever runs the
// statement can tell it from a SELECT and withhold its rows: DO evaluates
// its expressions for their effects (SLEEP, GET_LOCK, @v := ...) and
// returns nothing. A SELECT a client writes with this comment is a DO too.
const DoMarker = "/*myriad DO*/"

const doSelect = "SELECT " + DoMarker

// Do reads a DO statement at the start of q (after blanks and comments):
//
//	DO expr [, expr] ...
//
// The caller runs rewritten, the same text with DO replaced by the marked
// SELECT (so any statements after the first keep their place), discards its
// rows and answers OK. ok is false when q does not start with the word DO.
func Do(q string) (rewritten string, ok bool) {
	i := leadingBlanks(q)
	if len(q)-i < 3 || !isDoAt(q, i) {
		return q, false
	}
	return q[:i] + doSelect + q[i+2:], true
}

// IsDoSelect reports whether q (after blanks and comments) is a DO that Do
// or DoBodies rewrote.
func IsDoSelect(q string) bool {
	i := leadingBlanks(q)
	return len(q)-i >= len(doSelect) && strings.EqualFold(q[i:i+6], "SELECT") &&
		strings.HasPrefix(strings.TrimLeft(q[i+6:], " \t\r\n"), DoMarker)
}

// isDoAt reports whether the word at q[i] is DO.
func isDoAt(q string, i int) bool {
	if len(q)-i < 2 || !strings.EqualFold(q[i:i+2], "DO") {
		return false
	}
	if i > 0 && isWordByte(q[i-1]) {
		return false
	}
	if i+2 == len(q) {
		return true
	}
	c := q[i+2]
	return !isWordByte(c) && c != '`'
}

// An Edit is one change DoBodies made: Len bytes of the original text at
// At were replaced by New.
type Edit struct {
	At, Len int
	New     string
	newAt   int // where New starts in the rewritten text
}

// origOffset maps an offset into the text applyEdits wrote back to the
// original text. An offset inside a replacement maps to its start, or, for
// the end of a range (end true), to the end of the text it replaced.
func origOffset(edits []Edit, at int, end bool) int {
	delta := 0
	for _, e := range edits {
		if at < e.newAt {
			break
		}
		if at == e.newAt {
			return e.At
		}
		if at < e.newAt+len(e.New) {
			if end {
				return e.At + e.Len
			}
			return e.At
		}
		delta = e.At + e.Len - (e.newAt + len(e.New))
	}
	return at + delta
}

// DoBodies rewrites the DO statements inside compound statements (stored
// procedure, trigger and event bodies: a DO after ;, BEGIN, THEN, ELSE,
// LOOP, REPEAT or WHILE's DO) into marked SELECTs, which the parser accepts
// and the procedure runner withholds. A trigger whose whole body is a DO
// gets a BEGIN ... END around it, since the parser allows no SELECT as a
// trigger's single statement. A DO at the very start of q is left to Do:
// only the protocol handler knows to answer it with OK.
//
// It returns q itself and no edits when there is nothing to rewrite.
func DoBodies(q string) (string, []Edit) {
	if !containsWordFold(q, "DO") {
		return q, nil
	}
	var edits []Edit
	// The last two words seen (upper case, "" for anything else) and
	// whether the last token was a ';'.
	var prev, prev2 string
	semi := false
	word := func(w string) {
		prev2, prev = prev, strings.ToUpper(w)
		semi = false
	}
	other := func(semicolon bool) {
		prev2, prev = prev, ""
		semi = semicolon
	}
	openTrigger := -1 // the edit whose trigger body awaits its END
	closeTrigger := func(at int) {
		if openTrigger >= 0 {
			edits = append(edits, Edit{At: at, New: "; END"})
			openTrigger = -1
		}
	}
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '\'' || c == '"':
			i = SkipString(q, i)
			other(false)
		case c == '`':
			i = skipIdentifier(q, i)
			word("`")
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
		case isWordByte(c):
			j := i + 1
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			if j-i == 2 && isDoAt(q, i) {
				switch {
				case semi || prev == "BEGIN" || prev == "THEN" || prev == "ELSE" || prev == "LOOP" ||
					prev == "REPEAT" || prev == "DO":
					edits = append(edits, Edit{At: i, Len: 2, New: doSelect})
					other(false)
					i = j
					continue
				case prev == "ROW" && prev2 == "EACH" || prev2 == "FOLLOWS" || prev2 == "PRECEDES":
					edits = append(edits, Edit{At: i, Len: 2, New: "BEGIN " + doSelect})
					openTrigger = len(edits) - 1
					other(false)
					i = j
					continue
				}
			}
			word(q[i:j])
			i = j
		case c == ';':
			closeTrigger(i)
			other(true)
			i++
		default:
			other(false)
			i++
		}
	}
	if openTrigger >= 0 {
		end := len(strings.TrimRight(q, " \t\r\n\f"))
		closeTrigger(end)
	}
	if len(edits) == 0 {
		return q, nil
	}
	return applyEdits(q, edits), edits
}

// DoOrigOffset maps an offset into the text DoBodies returned back to the
// original text. An offset inside a replacement maps to the end of the
// text it replaced: the parser reports a trigger body's start after the
// body's first token (BEGIN, which the original lacks), and GMS steps back
// over one token from there.
func DoOrigOffset(edits []Edit, at int) int {
	return origOffset(edits, at, true)
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
