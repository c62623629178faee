package sqltext

import (
	"sort"
	"strings"
)

// Function names Operators writes; package sqlfunc implements them.
const (
	// IntervalFunc is MySQL's INTERVAL(N, N1, N2, ...), which the parser
	// only knows as the INTERVAL of date arithmetic.
	IntervalFunc = "myriad_interval"
	// AssignFunc is `@v := expr` outside SET: AssignFunc('v', expr) stores
	// the value of expr in @v and returns it.
	AssignFunc = "myriad_assign_var"
)

// Operators rewrites MySQL syntax the parser lacks into syntax it has, so
// that the statement means what it means to MySQL instead of failing with
// 1064 or naming a column:
//
//   - `0b101`, a bit-value literal, becomes `b'101'` (the parser read a
//     column named 0b101);
//   - `x IS [NOT] UNKNOWN` becomes `x IS [NOT] NULL`: a truth value is
//     unknown exactly when it is NULL;
//   - `INTERVAL(N, N1, ...)` (two or more arguments) becomes a call of
//     IntervalFunc; `INTERVAL (1) DAY` is left alone;
//   - `ROW(a, b, ...)` (two or more values) becomes `(a, b, ...)`;
//   - a compound unit of `INTERVAL expr unit` (HOUR_MINUTE, DAY_SECOND,
//     ...) is quoted: the parser reads the unit of an INTERVAL expression
//     as an identifier and these words are keywords to it (1064 where
//     DATE_ADD(d, INTERVAL '1:30' HOUR_MINUTE) is valid MySQL);
//   - `TRIM(LEADING FROM str)` (TRAILING, BOTH) gets the space its remstr
//     means when left out: `TRIM(LEADING ' ' FROM str)` (trim.go);
//   - a unit spelled SQL_TSI_HOUR (..._SECOND to _YEAR) where a unit
//     stands becomes HOUR (tsiunits.go);
//   - a chain of comparisons, `a = b = c`, is parenthesized as MySQL
//     reads it, `(a = b) = c` (chaincmp.go);
//   - `@v := expr` outside a SET's own assignments becomes
//     `AssignFunc('v', expr)`; expr ends where MySQL's lowest-precedence
//     operator makes it end: at a comma, closing parenthesis or clause
//     keyword of the enclosing level, or at an alias.
//
// Rewrites happen only outside strings, quoted identifiers and comments,
// and not in CREATE or ALTER statements other than those of stored bodies
// (StoresBody: the parser keeps their stored text as written). It returns q and nil when there is nothing to rewrite; OrigOffset
// maps offsets of the rewritten text back with OperatorsOrigOffset (select expressions are named
// by their text as written).
func Operators(q string) (string, []Edit) {
	if !mayHaveOperators(q) {
		return q, nil
	}
	first := strings.ToUpper(firstWord(q))
	if keepsText(first, q) {
		return q, nil
	}
	toks := allTokens(q)
	var edits []Edit
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		prev := ""
		if i > 0 {
			prev = toks[i-1].word
		}
		attached := t.start > 0 && (q[t.start-1] == '.' || q[t.start-1] == '@')
		switch {
		case isBitLiteralWord(t.word) && !attached:
			edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: "b'" + q[t.start+2:t.end] + "'"})
		case t.word == "UNKNOWN" && !attached && (prev == "IS" || prev == "NOT" && i > 1 && toks[i-2].word == "IS"):
			edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: "NULL"})
		case (t.word == "INTERVAL" || t.word == "ROW") && !attached && prev != "." && prev != "EACH" &&
			i+1 < len(toks) && toks[i+1].word == "(" && hasTopLevelComma(toks, i+1):
			if t.word == "INTERVAL" {
				edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: IntervalFunc})
			} else {
				edits = append(edits, Edit{At: t.start, Len: t.end - t.start})
			}
		case tsiUnits[t.word]:
			if e, ok := tsiUnitEdit(q, toks, i); ok { // tsiunits.go
				edits = append(edits, e)
			}
		case t.word == "TRIM":
			if e, ok := trimSpaceEdit(q, toks, i); ok { // trim.go
				edits = append(edits, e)
			}
		case substringWords[t.word]:
			edits = append(edits, substringFromEdits(q, toks, i)...) // substring.go
		case compoundUnits[t.word] && !attached && i > 1 && endsValue(toks[i-1]) && intervalBefore(toks, i):
			edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: "`" + t.word + "`"})
		case t.word == "KEY" && i > 0 && (prev == "USE" || prev == "FORCE" || prev == "IGNORE") &&
			i+1 < len(toks) && (toks[i+1].word == "(" || toks[i+1].word == "FOR"):
			// `USE KEY (k)`: MySQL's synonym of USE INDEX, which vitess's
			// grammar lacks (1064).
			edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: "INDEX"})
		case t.word == "PRIMARY" && q[t.start] != '`' && inIndexHint(toks, i):
			// `FORCE INDEX (PRIMARY)`: MySQL's grammar takes the keyword
			// as the primary key's name in an index hint; vitess's does not
			// (1064). Quoted, it is the same name.
			edits = append(edits, Edit{At: t.start, Len: t.end - t.start, New: "`" + q[t.start:t.end] + "`"})
		case t.word == "@" && i+3 < len(toks) && toks[i+2].word == ":" && toks[i+3].word == "=" &&
			toks[i+3].start == toks[i+2].end && !(t.start > 0 && q[t.start-1] == '@') &&
			toks[i+1].start == t.end && !setTarget(toks, i, first):
			name, ok := varNameLiteral(q, toks[i+1])
			if !ok {
				continue
			}
			end := assignedExprEnd(toks, i+4)
			if end == i+4 {
				continue // nothing assigned: the parser reports it
			}
			edits = append(edits,
				Edit{At: t.start, Len: toks[i+3].end - t.start, New: AssignFunc + "(" + name + ","},
				Edit{At: toks[end-1].end, New: ")"})
			i += 3
		}
	}
	if mayChainCompare(q) {
		// First: an opening parenthesis goes before any edit of the
		// operand it opens at (sort below is stable).
		edits = append(chainedComparisons(q, toks), edits...)
	}
	if len(edits) == 0 {
		return q, nil
	}
	// An assignment's closing parenthesis was appended before the edits
	// inside its expression; the sort is stable, and the only edits
	// sharing an offset are such insertions (all ")").
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].At < edits[b].At })
	return applyEdits(q, edits), edits
}

// inIndexHint: token i is in the parenthesized list of an index hint,
// `{USE|FORCE|IGNORE} {INDEX|KEY} [FOR {JOIN|ORDER BY|GROUP BY}] (...)`.
func inIndexHint(toks []depthToken, i int) bool {
	j := i - 1
	for ; j >= 0 && toks[j].word != "("; j-- {
		if w := toks[j].word; w == ")" || w == ";" {
			return false
		}
	}
	k := j - 1
	switch {
	case k >= 1 && toks[k].word == "JOIN" && toks[k-1].word == "FOR":
		k -= 2
	case k >= 2 && toks[k].word == "BY" && (toks[k-1].word == "ORDER" || toks[k-1].word == "GROUP") && toks[k-2].word == "FOR":
		k -= 3
	}
	if k < 1 || (toks[k].word != "INDEX" && toks[k].word != "KEY") {
		return false
	}
	switch toks[k-1].word {
	case "USE", "FORCE", "IGNORE":
		return true
	}
	return false
}

// OperatorsOrigOffset maps an offset into the text Operators returned back to q.
// An offset inside a replacement maps to its start, or, for the end of a
// range (end true), to the end of the text it replaced.
func OperatorsOrigOffset(edits []Edit, at int, end bool) int {
	return origOffset(edits, at, end)
}

// mayHaveOperators is a cheap first test for Operators' sequences.
func mayHaveOperators(q string) bool {
	if strings.Contains(q, ":=") {
		return true
	}
	for i := 0; i+2 < len(q); i++ {
		if q[i] == '0' && q[i+1]|0x20 == 'b' {
			return true
		}
	}
	return containsWordFold(q, "UNKNOWN") || containsWordFold(q, "INTERVAL") || containsWordFold(q, "ROW") ||
		(containsWordFold(q, "INDEX") || containsWordFold(q, "KEY")) &&
			(containsWordFold(q, "USE") || containsWordFold(q, "FORCE") || containsWordFold(q, "IGNORE")) ||
		containsWordFold(q, "TRIM") || containsWordFold(q, "SQL_TSI_") || mayChainCompare(q) ||
		(containsWordFold(q, "SUBSTRING") || containsWordFold(q, "SUBSTR") || containsWordFold(q, "MID")) && containsWordFold(q, "FROM")
}

// isBitLiteralWord: 0B followed by binary digits only (0b12 is a name).
func isBitLiteralWord(w string) bool {
	if len(w) < 3 || w[0] != '0' || w[1] != 'B' {
		return false
	}
	for _, c := range []byte(w[2:]) {
		if c != '0' && c != '1' {
			return false
		}
	}
	return true
}

// hasTopLevelComma reports whether the parenthesized group opening at
// toks[open] has a comma of its own.
func hasTopLevelComma(toks []depthToken, open int) bool {
	d := toks[open].depth + 1
	for j := open + 1; j < len(toks); j++ {
		switch {
		case toks[j].word == ")" && toks[j].depth < d:
			return false
		case toks[j].word == "," && toks[j].depth == d:
			return true
		}
	}
	return false
}

// setTarget: the @v at toks[at] is a variable a SET statement assigns
// (SET @v := 1, @w := 2), which the parser reads itself. In a stored body
// (first is CREATE or ALTER) the SET is a statement of the body: the
// words before @v at its depth lead back to a SET before any other
// statement's word.
func setTarget(toks []depthToken, at int, first string) bool {
	if at == 0 {
		return false
	}
	p := toks[at-1].word
	if first == "SET" {
		return toks[at].depth == 0 && (p == "SET" || p == ",")
	}
	if first != "CREATE" && first != "ALTER" {
		return false
	}
	if p == "SET" {
		return true
	}
	if p != "," {
		return false
	}
	d := toks[at].depth
	for j := at - 2; j >= 0; j-- {
		if toks[j].depth < d {
			return false
		}
		if toks[j].depth > d {
			continue
		}
		switch toks[j].word {
		case "SET":
			return true
		case ";", "SELECT", "VALUES", "WHERE", "BEGIN", "DO", "THEN", "ELSE", "RETURN", "UPDATE", "INSERT", "INTO", "ON", "BY", "HAVING":
			return false
		}
	}
	return false
}

// varNameLiteral is the user variable name at t (a word, a string or a
// quoted identifier) as a string literal.
func varNameLiteral(q string, t depthToken) (string, bool) {
	s := q[t.start:t.end]
	switch c := s[0]; {
	case c == '\'' || c == '"':
		return s, len(s) >= 2 && s[len(s)-1] == c
	case c == '`':
		if len(s) < 2 || s[len(s)-1] != '`' {
			return "", false
		}
		n := strings.ReplaceAll(s[1:len(s)-1], "``", "`")
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(n) + "'", true
	case isWordByte(c):
		return "'" + s + "'", true
	}
	return "", false
}

// assignEnds are the words that end an assigned expression at its own
// level: clauses, aliases, CASE's parts, joins.
var assignEnds = map[string]bool{
	"FROM": true, "WHERE": true, "GROUP": true, "HAVING": true, "ORDER": true, "LIMIT": true, "INTO": true,
	"UNION": true, "EXCEPT": true, "INTERSECT": true, "WINDOW": true, "FOR": true, "LOCK": true, "AS": true,
	"WHEN": true, "THEN": true, "ELSE": true, "END": true, "ON": true, "USING": true, "JOIN": true,
	"INNER": true, "LEFT": true, "RIGHT": true, "CROSS": true, "STRAIGHT_JOIN": true, "NATURAL": true,
	"OFFSET": true,
}

// operatorWords are words that continue an expression after a value.
var operatorWords = map[string]bool{
	"AND": true, "OR": true, "XOR": true, "NOT": true, "IS": true, "IN": true, "LIKE": true, "BETWEEN": true,
	"DIV": true, "MOD": true, "REGEXP": true, "RLIKE": true, "COLLATE": true, "SOUNDS": true, "ESCAPE": true,
	"MEMBER": true, "OF": true, "NULL": true, "TRUE": true, "FALSE": true, "UNKNOWN": true, "BINARY": true,
	"INTERVAL": true, "CASE": true, "WHEN": true, "THEN": true, "ELSE": true,
	// units of INTERVAL n unit
	"MICROSECOND": true, "SECOND": true, "MINUTE": true, "HOUR": true, "DAY": true, "WEEK": true,
	"MONTH": true, "QUARTER": true, "YEAR": true, "SECOND_MICROSECOND": true, "MINUTE_MICROSECOND": true,
	"MINUTE_SECOND": true, "HOUR_MICROSECOND": true, "HOUR_SECOND": true, "HOUR_MINUTE": true,
	"DAY_MICROSECOND": true, "DAY_SECOND": true, "DAY_MINUTE": true, "DAY_HOUR": true, "YEAR_MONTH": true,
}

// assignedExprEnd returns the index of the first token after the
// expression that starts at toks[from].
func assignedExprEnd(toks []depthToken, from int) int {
	if from >= len(toks) {
		return from
	}
	d := toks[from].depth
	cases := 0
	for j := from; j < len(toks); j++ {
		t := toks[j]
		w := t.word
		if w == ")" {
			if t.depth < d {
				return j // closes the enclosing parenthesis
			}
			continue
		}
		if t.depth > d {
			continue
		}
		switch {
		case w == "," || w == ";":
			return j
		case w == "CASE":
			cases++
		case w == "END" && cases > 0:
			cases--
		case cases > 0 && (w == "WHEN" || w == "THEN" || w == "ELSE"):
		case assignEnds[w]:
			return j
		case j > from && isWordStart(w) && !operatorWords[w] && endsValue(toks[j-1]):
			return j // an alias without AS
		}
	}
	return len(toks)
}

func isWordStart(w string) bool {
	c := w[0]
	return c == '_' || c >= 'A' && c <= 'Z' || c >= 0x80 || c == '`'
}

// endsValue: the token can be the last of an operand (a name, number,
// string, parameter marker or closing parenthesis), so a word after it is an alias.
func endsValue(t depthToken) bool {
	w := t.word
	if w == ")" || w == "?" {
		return true
	}
	c := w[0]
	if c == '\'' || c == '"' || c == '`' || c >= '0' && c <= '9' {
		return true
	}
	return isWordStart(w) && !operatorWords[w] || w == "NULL" || w == "TRUE" || w == "FALSE"
}

// compoundUnits are the INTERVAL units the parser only takes quoted.
var compoundUnits = map[string]bool{
	"SECOND_MICROSECOND": true, "MINUTE_MICROSECOND": true, "MINUTE_SECOND": true, "HOUR_MICROSECOND": true,
	"HOUR_SECOND": true, "HOUR_MINUTE": true, "DAY_MICROSECOND": true, "DAY_SECOND": true, "DAY_MINUTE": true,
	"DAY_HOUR": true, "YEAR_MONTH": true,
}

// intervalBefore: an INTERVAL keyword at toks[at]'s depth precedes it, with
// no comma of that level between (the unit ends INTERVAL's expression).
func intervalBefore(toks []depthToken, at int) bool {
	d := toks[at].depth
	for j := at - 1; j >= 0; j-- {
		t := toks[j]
		if t.depth < d {
			return false
		}
		if t.depth > d {
			continue
		}
		switch t.word {
		case "INTERVAL":
			return true
		case ",", ";":
			return false
		}
	}
	return false
}
