package sqltext

import "strings"

// DeleteIgnoreMarker stands where a DELETE's IGNORE was. The parser knows
// no DELETE IGNORE (1064), so `DELETE [LOW_PRIORITY] [QUICK] IGNORE FROM
// ...` is read as `DELETE /*myriad IGNORE*/ FROM ...` (the parser takes a
// comment there); the engine finds the marker in the statement's text and
// gives the DELETE IGNORE's meaning: errors such as a foreign key's turn
// into warnings and skip the row (MySQL 8.0's DELETE IGNORE). LOW_PRIORITY
// and QUICK, which do nothing on InnoDB, are dropped with it.
const DeleteIgnoreMarker = "/*myriad IGNORE*/"

// deleteIgnore rewrites each DELETE ... IGNORE of q as described at
// DeleteIgnoreMarker; q itself when it has none.
func deleteIgnore(q string) string {
	if !containsWordFold(q, "IGNORE") || !containsWordFold(q, "DELETE") {
		return q
	}
	type span struct{ from, to int }
	var cut []span
	var toks []token
	scanTokens(q, func(t token, _ int, str bool) {
		if !str {
			toks = append(toks, t)
		}
	})
	for i := 0; i < len(toks); i++ {
		if toks[i].word != "DELETE" || (i > 0 && toks[i-1].word == ".") {
			continue
		}
		j := i + 1
		for j < len(toks) && (toks[j].word == "LOW_PRIORITY" || toks[j].word == "QUICK") {
			j++
		}
		if j < len(toks) && toks[j].word == "IGNORE" && j+1 < len(toks) && toks[j+1].word != "(" {
			cut = append(cut, span{toks[i].end, toks[j].end})
		}
	}
	if cut == nil {
		return q
	}
	var b strings.Builder
	last := 0
	for _, s := range cut {
		b.WriteString(q[last:s.from])
		b.WriteString(" " + DeleteIgnoreMarker)
		last = s.to
	}
	b.WriteString(q[last:])
	return b.String()
}

// IsDeleteIgnore reports whether q, a statement's text after Rewrite, is a
// DELETE IGNORE (see DeleteIgnoreMarker).
func IsDeleteIgnore(q string) bool {
	i := skipSpaceAndComments(q, 0, nil)
	return startsWithWord(q[i:], "DELETE") && strings.HasPrefix(strings.TrimLeft(q[i+6:], " \t\r\n"), DeleteIgnoreMarker)
}
