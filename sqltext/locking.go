package sqltext

import "strings"

// Locking is the locking clause at the end of a SELECT:
//
//	FOR UPDATE | FOR SHARE [OF tbl [, tbl]...] [NOWAIT | SKIP LOCKED]
//	LOCK IN SHARE MODE
//
// The parser accepts FOR UPDATE and LOCK IN SHARE MODE and drops them
// (go-mysql-server's planner ignores Select.Lock) and rejects FOR SHARE,
// NOWAIT and SKIP LOCKED with 1064, so the server takes the clause off the
// text here and hands it to the engine itself.
type Locking struct {
	Share      bool // FOR SHARE / LOCK IN SHARE MODE (else FOR UPDATE)
	NoWait     bool
	SkipLocked bool
	Of         []string // the OF tables, as written
}

type token struct {
	start, end int
	word       string // upper-cased word, or the punctuation character
}

// LockingClause finds a trailing locking clause of a top-level SELECT (or
// WITH ... SELECT, or a parenthesized one) and returns the statement without
// it. ok is false, and q is returned unchanged, when there is none. Like
// Rewrite, it only scans text; a statement without the words FOR or LOCK
// costs one case-insensitive search and no allocation.
func LockingClause(q string) (string, Locking, bool) {
	from, to, l, ok := LockingClauseSpan(q)
	if !ok {
		return q, Locking{}, false
	}
	return q[:from] + q[to:], l, true
}

// BlankLockingClause is LockingClause for text whose length must not
// change (a packet already framed): the clause is overwritten with spaces
// in place. b is modified only when ok.
func BlankLockingClause(b []byte) (Locking, bool) {
	from, to, l, ok := LockingClauseSpan(string(b))
	if !ok {
		return Locking{}, false
	}
	for i := from; i < to; i++ {
		b[i] = ' '
	}
	return l, true
}

// LockingClauseSpan is where LockingClause's clause is in q: q[from:to].
func LockingClauseSpan(q string) (from, to int, l Locking, ok bool) {
	if !containsWordFold(q, "FOR") && !containsWordFold(q, "LOCK") {
		return 0, 0, Locking{}, false
	}
	toks := topLevelTokens(q)
	if len(toks) < 3 {
		return 0, 0, Locking{}, false
	}
	switch toks[0].word {
	case "SELECT", "WITH", "(":
	default:
		return 0, 0, Locking{}, false
	}
	n := len(toks)
	for n > 0 && toks[n-1].word == ";" {
		n--
	}
	at := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return toks[i].word
	}
	i := n - 1
	if at(i) == "MODE" && at(i-1) == "SHARE" && at(i-2) == "IN" && at(i-3) == "LOCK" {
		l.Share = true
		return toks[i-3].start, toks[i].end, l, true
	}
	switch {
	case at(i) == "NOWAIT":
		l.NoWait = true
		i--
	case at(i) == "LOCKED" && at(i-1) == "SKIP":
		l.SkipLocked = true
		i -= 2
	}
	// OF tbl [, tbl]...
	for j := i; j >= 2; j-- {
		w := at(j)
		if w == "OF" {
			if (at(j-1) == "UPDATE" || at(j-1) == "SHARE") && at(j-2) == "FOR" {
				for k := j + 1; k <= i; k++ {
					if w := q[toks[k].start:toks[k].end]; w != "," {
						l.Of = append(l.Of, w)
					}
				}
				i = j - 1
			}
			break
		}
		if w != "," && w != "." && !isWordToken(q, toks[j]) {
			break
		}
	}
	if (at(i) != "UPDATE" && at(i) != "SHARE") || at(i-1) != "FOR" {
		return 0, 0, Locking{}, false
	}
	l.Share = at(i) == "SHARE"
	return toks[i-1].start, toks[n-1].end, l, true
}

func isWordToken(q string, t token) bool {
	c := q[t.start]
	return c == '`' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// topLevelTokens lists the words and punctuation of q outside parentheses
// (the first token is kept even if it is "("), strings and comments.
func topLevelTokens(q string) []token {
	var out []token
	scanTokens(q, func(t token, depth int, str bool) {
		if depth != 0 || str || t.word == ")" || t.word == "(" && len(out) > 0 {
			return
		}
		out = append(out, t)
	})
	return out
}

// scanTokens calls f for each token of q in order: words (upper-cased),
// strings (str), quoted identifiers, parentheses and other punctuation,
// with the parenthesis depth outside the token ("(" before it opens, ")"
// after it closes). Comments and white space are skipped. One scanner
// serves every token list of this package, so they agree on what a
// comment or a string is.
func scanTokens(q string, f func(t token, depth int, str bool)) {
	depth := 0
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			e := SkipString(q, i)
			f(token{i, e, q[i:e]}, depth, true)
			i = e
			continue
		case c == '`':
			e := skipIdentifier(q, i)
			f(token{i, e, q[i:e]}, depth, false)
			i = e
			continue
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '(':
			f(token{i, i + 1, "("}, depth, false)
			depth++
			i++
			continue
		case c == ')':
			depth--
			f(token{i, i + 1, ")"}, depth, false)
			i++
			continue
		}
		if isWordByte(c) {
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			f(token{i, j, strings.ToUpper(q[i:j])}, depth, false)
			i = j
			continue
		}
		f(token{i, i + 1, q[i : i+1]}, depth, false)
		i++
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// containsWordFold reports whether q contains w (upper-case ASCII) in any
// letter case, without allocating. A byte matches w[j] when it equals it
// with bit 0x20 cleared, so only w[0] and w[0]|0x20 can start a match:
// candidates are found with strings.IndexByte, not by trying every
// position (every position, twice per word, was ~6% of the server's
// instructions under sysbench's oltp_insert, docs/PROFILES.md "perf27").
func containsWordFold(q, w string) bool {
	if len(w) == 0 {
		return true
	}
	w0 := w[0]
	if len(q) < len(w) || w0&0x20 != 0 {
		return false
	}
	starts := q[:len(q)-len(w)+1]
	rest := w[1:]
	lo, up := nextByteAt(starts, 0, w0|0x20), nextByteAt(starts, 0, w0)
	for {
		i := min(lo, up)
		if i == len(starts) {
			return false
		}
		if foldsTo(q[i+1:i+len(w)], rest) {
			return true
		}
		if i == lo {
			lo = nextByteAt(starts, i+1, w0|0x20)
		} else {
			up = nextByteAt(starts, i+1, w0)
		}
	}
}

// nextByteAt is the index of the first c in s at or after from, len(s)
// when there is none.
func nextByteAt(s string, from int, c byte) int {
	if k := strings.IndexByte(s[from:], c); k >= 0 {
		return from + k
	}
	return len(s)
}

// foldsTo reports whether every byte of x, with bit 0x20 cleared, is w's.
func foldsTo(x, w string) bool {
	for j := 0; j < len(w); j++ {
		if x[j]&^0x20 != w[j] {
			return false
		}
	}
	return true
}

// DDLTable finds the table a schema change locks: ALTER TABLE t, CREATE
// [UNIQUE|FULLTEXT|SPATIAL] INDEX i ON t, DROP INDEX i ON t, TRUNCATE
// [TABLE] t, DROP TABLE [IF EXISTS] t (of a list, the first table: the
// others are dropped without waiting). db is "" when the name is not
// qualified; quotes are removed.
func DDLTable(q string) (db, table string, ok bool) {
	if !containsWordFold(q, "ALTER") && !containsWordFold(q, "INDEX") && !containsWordFold(q, "TRUNCATE") &&
		!containsWordFold(q, "DROP") {
		return "", "", false
	}
	toks := topLevelTokens(q)
	at := func(i int) string {
		if i < 0 || i >= len(toks) {
			return ""
		}
		return toks[i].word
	}
	i := -1
	switch at(0) {
	case "ALTER":
		for j := 1; j < 4; j++ {
			if at(j) == "TABLE" {
				i = j + 1
				break
			}
		}
	case "CREATE", "DROP":
		if at(0) == "DROP" && at(1) == "TABLE" {
			i = 2
			if at(2) == "IF" && at(3) == "EXISTS" {
				i = 4
			}
			break
		}
		for j := 1; j < 6; j++ {
			if at(j) == "ON" && (at(1) == "INDEX" || at(2) == "INDEX") {
				i = j + 1
				break
			}
		}
	case "TRUNCATE":
		i = 1
		if at(1) == "TABLE" {
			i = 2
		}
	}
	if i < 0 || i >= len(toks) || !isWordToken(q, toks[i]) {
		return "", "", false
	}
	name := unquote(q[toks[i].start:toks[i].end])
	if at(i+1) == "." && i+2 < len(toks) && isWordToken(q, toks[i+2]) {
		return name, unquote(q[toks[i+2].start:toks[i+2].end]), true
	}
	return "", name, true
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}
