package sqltext

import "strings"

// depthToken is a token with its parenthesis depth.
type depthToken struct {
	token
	depth int
}

// allTokens lists every word and punctuation token of q with its
// parenthesis depth (strings and quoted identifiers are single tokens,
// comments are skipped).
func allTokens(q string) []depthToken {
	var out []depthToken
	scanTokens(q, func(t token, depth int, _ bool) {
		out = append(out, depthToken{t, depth})
	})
	return out
}

// FunctionalKeyParts rewrites the functional key parts of MySQL 8.0.13
// (an index key part that is a parenthesized expression, as in
// CREATE INDEX i ON t ((LOWER(name)), id)) into quoted column names:
// FuncKeyPartMark followed by the expression as written, e.g.
// `!fx!LOWER(name)`. The parser has no syntax for them (1064); the engine
// recognises the names and indexes the expression. Key part lists are
// found after INDEX or KEY (and its optional name and USING clause) in
// CREATE TABLE, CREATE INDEX and ALTER TABLE statements; ok is false, and q
// is returned unchanged, when there is none.
func FunctionalKeyParts(q string) (string, bool) {
	w := firstWord(q)
	if !strings.EqualFold(w, "CREATE") && !strings.EqualFold(w, "ALTER") {
		return q, false
	}
	if !containsWordFold(q, "INDEX") && !containsWordFold(q, "KEY") || !containsFuncPartHint(q) {
		return q, false
	}
	toks := allTokens(q)
	var out []byte
	last := 0
	for i := 0; i < len(toks); i++ {
		if toks[i].word != "INDEX" && toks[i].word != "KEY" {
			continue
		}
		if i > 0 && toks[i-1].word == "FOREIGN" {
			continue
		}
		// The list starts at the first "(" at this depth, after an
		// optional name, USING x and, for CREATE INDEX, ON table.
		j := i + 1
		for j < len(toks) && toks[j].word != "(" && toks[j].word != "," && toks[j].word != ")" && toks[j].word != ";" && j < i+8 {
			j++
		}
		if j >= len(toks) || toks[j].word != "(" || toks[j].depth != toks[i].depth {
			continue
		}
		d := toks[j].depth + 1
		// Each element of the list: a functional part starts with "(".
		elemStart := true
		k := j + 1
		for ; k < len(toks); k++ {
			t := toks[k]
			if t.depth < d {
				break // the list's ")"
			}
			if t.depth == d && t.word == "," {
				elemStart = true
				continue
			}
			if elemStart && t.depth == d && t.word == "(" {
				// Find its matching ")".
				e := k + 1
				for e < len(toks) && !(toks[e].depth == d && toks[e].word == ")") {
					e++
				}
				if e >= len(toks) {
					return q, false
				}
				expr := strings.TrimSpace(q[t.end:toks[e].start])
				if out == nil {
					out = make([]byte, 0, len(q)+16)
				}
				out = append(out, q[last:t.start]...)
				out = append(out, '`')
				out = append(out, FuncKeyPartMark...)
				out = append(out, strings.ReplaceAll(expr, "`", "``")...)
				out = append(out, '`')
				last = toks[e].end
				k = e
			}
			elemStart = false
		}
		i = k
	}
	if out == nil {
		return q, false
	}
	out = append(out, q[last:]...)
	return string(out), true
}

// containsFuncPartHint reports whether a "(" follows "(" or "," (blanks
// between allowed): the start of any functional key part.
func containsFuncPartHint(q string) bool {
	for i := 0; i < len(q); i++ {
		if q[i] != '(' && q[i] != ',' {
			continue
		}
		j := i + 1
		for j < len(q) && (q[j] == ' ' || q[j] == '\t' || q[j] == '\n' || q[j] == '\r') {
			j++
		}
		if j < len(q) && q[j] == '(' {
			return true
		}
	}
	return false
}
