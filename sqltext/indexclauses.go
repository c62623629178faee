package sqltext

// IndexClauseMark starts the comment IndexClauses puts in place of an
// ALGORITHM or LOCK clause ("/*myriad ALGORITHM=INPLACE*/"); the engine
// reads the clause back from it.
const IndexClauseMark = "/*myriad "

// IndexClauses moves the ALGORITHM and LOCK clauses of a CREATE INDEX or
// DROP INDEX statement into comments:
//
//	CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX i [USING t] ON tbl (key, ...) [opts] [ALGORITHM [=] x | LOCK [=] y] ...
//	DROP INDEX i ON tbl [ALGORITHM [=] x | LOCK [=] y] ...
//
// MySQL accepts them there (as in ALTER TABLE); the parser rejects them
// with 1064. Each clause becomes "/*myriad ALGORITHM=X*/" (the value as
// written), so the statement parses and the engine still applies MySQL's
// meaning (1845/1846/1221) from the text it runs. ok is false, and q is
// returned unchanged, for any other statement or one without the clauses.
// Only clauses after the table name count, at the top level (a column or
// index named algorithm stays).
func IndexClauses(q string) (string, bool) {
	if !containsWordFold(q, "INDEX") || !containsWordFold(q, "ALGORITHM") && !containsWordFold(q, "LOCK") {
		return q, false
	}
	toks := topLevelTokens(q)
	at := func(i int) string {
		if i < 0 || i >= len(toks) {
			return ""
		}
		return toks[i].word
	}
	switch {
	case at(0) == "CREATE" && (at(1) == "INDEX" || at(2) == "INDEX" && (at(1) == "UNIQUE" || at(1) == "FULLTEXT" || at(1) == "SPATIAL")):
	case at(0) == "DROP" && at(1) == "INDEX":
	default:
		return q, false
	}
	on := -1
	for j := 2; j < len(toks) && j < 8; j++ {
		if toks[j].word == "ON" {
			on = j
			break
		}
	}
	if on < 0 {
		return q, false
	}
	i := on + 2 // after the table name
	if at(on+2) == "." {
		i = on + 4
	}
	var out []byte
	last := 0
	for ; i < len(toks); i++ {
		w := toks[i].word
		if w == ";" {
			break // the next statement of a multi-statement text
		}
		if w != "ALGORITHM" && w != "LOCK" {
			continue
		}
		v := i + 1
		if at(v) == "=" {
			v++
		}
		if v >= len(toks) || !isWordToken(q, toks[v]) {
			continue // left to the parser's 1064
		}
		if out == nil {
			out = make([]byte, 0, len(q)+16)
		}
		out = append(out, q[last:toks[i].start]...)
		out = append(out, IndexClauseMark...)
		out = append(out, w...)
		out = append(out, '=')
		out = append(out, q[toks[v].start:toks[v].end]...)
		out = append(out, "*/"...)
		last = toks[v].end
		i = v
	}
	if out == nil {
		return q, false
	}
	out = append(out, q[last:]...)
	return string(out), true
}
