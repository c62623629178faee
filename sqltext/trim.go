package sqltext

// trimSides are the words of TRIM(side [remstr] FROM str).
var trimSides = map[string]bool{"LEADING": true, "TRAILING": true, "BOTH": true}

// trimSpaceEdit is the edit for `TRIM(LEADING FROM str)` (also TRAILING,
// BOTH) at toks[i], the TRIM: MySQL's grammar lets remstr out, meaning a
// space, and the parser requires it (1064), so `' '` is written after the
// side word. ok is false when toks[i] starts no such call.
func trimSpaceEdit(q string, toks []depthToken, i int) (Edit, bool) {
	if toks[i].word != "TRIM" || i+3 >= len(toks) || toks[i+1].word != "(" ||
		!trimSides[toks[i+2].word] || toks[i+3].word != "FROM" {
		return Edit{}, false
	}
	if s := toks[i].start; s > 0 && (q[s-1] == '.' || q[s-1] == '@' || q[s-1] == '`') {
		return Edit{}, false // a column or variable named trim
	}
	return Edit{At: toks[i+2].end, New: " ' '"}, true
}
