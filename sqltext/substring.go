package sqltext

// substringWords are the names of SUBSTRING(str FROM pos [FOR len]).
var substringWords = map[string]bool{"SUBSTRING": true, "SUBSTR": true, "MID": true}

// substringFromEdits are the edits for `SUBSTRING(str FROM pos [FOR len])`
// (also SUBSTR, MID) at toks[i]: the parser reads the FROM form only with
// a FOR and not for MID (1064 for SQLAlchemy's `SUBSTRING(s FROM 2)`), so
// FROM and FOR are written as commas, the form `SUBSTRING(str, pos, len)`
// that means the same. nil when toks[i] starts no such call.
func substringFromEdits(q string, toks []depthToken, i int) []Edit {
	if !substringWords[toks[i].word] || i+1 >= len(toks) || toks[i+1].word != "(" {
		return nil
	}
	if s := toks[i].start; s > 0 && (q[s-1] == '.' || q[s-1] == '@' || q[s-1] == '`') {
		return nil // a column or variable of that name
	}
	d := toks[i+1].depth + 1
	from, forAt := -1, -1
	for j := i + 2; j < len(toks); j++ {
		t := toks[j]
		if t.word == ")" && t.depth < d {
			break
		}
		if t.depth != d {
			continue
		}
		switch t.word {
		case "FROM":
			if from >= 0 {
				return nil
			}
			from = j
		case "FOR":
			if from < 0 || forAt >= 0 {
				return nil
			}
			forAt = j
		case ",":
			return nil // the comma form, which the parser reads itself
		}
	}
	if from < 0 {
		return nil
	}
	edits := []Edit{{At: toks[from].start, Len: toks[from].end - toks[from].start, New: ","}}
	if forAt >= 0 {
		edits = append(edits, Edit{At: toks[forAt].start, Len: toks[forAt].end - toks[forAt].start, New: ","})
	}
	return edits
}
