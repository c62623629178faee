package sqltext

import "strings"

// chainedComparisons parenthesizes chains of comparisons, which MySQL reads
// left-associatively (`1 = 1 = 1` is `(1 = 1) = 1`, 1) and the parser
// refuses (1064): `a < b < c` becomes `(a < b) < c`. Only chains the
// rewrite cannot misread are taken, the rest stay refused:
//
//   - every operand is a single atom (a name, possibly qualified, a
//     number, a string, a @variable), so no operator of another
//     precedence is inside the chain;
//   - the chain starts right after a word or sign that binds less than a
//     comparison in every sql_mode: "(", ",", SELECT, DISTINCT, WHERE,
//     ON, HAVING, AND, OR, XOR, WHEN, THEN, ELSE, RETURN (not NOT, which
//     HIGH_NOT_PRECEDENCE makes bind more; not ||, a concatenation under
//     PIPES_AS_CONCAT);
//   - it ends before a token that binds less too;
//   - the statement has no SET, DUPLICATE, DEFAULT, BETWEEN or := (whose
//     "=" is an assignment, or whose AND is BETWEEN's).
func chainedComparisons(q string, toks []depthToken) []Edit {
	for _, w := range [...]string{"SET", "DUPLICATE", "DEFAULT", "BETWEEN"} {
		if containsWordFold(q, w) {
			return nil
		}
	}
	if strings.Contains(q, ":=") {
		return nil
	}
	var edits []Edit
	for i := 0; i < len(toks); i++ {
		if i == 0 || !chainOpens[toks[i-1].word] {
			continue
		}
		var ends []int // end offsets of the operands
		j, ok := chainAtom(q, toks, i)
		if !ok {
			continue
		}
		for {
			ends = append(ends, toks[j-1].end)
			k, isOp := comparisonOp(q, toks, j)
			if !isOp {
				break
			}
			n, ok := chainAtom(q, toks, k)
			if !ok {
				ends = nil
				break
			}
			j = n
		}
		if len(ends) < 3 || j < len(toks) && !chainCloses[toks[j].word] {
			continue
		}
		edits = append(edits, Edit{At: toks[i].start, New: strings.Repeat("(", len(ends)-2)})
		for _, e := range ends[1 : len(ends)-1] {
			edits = append(edits, Edit{At: e, New: ")"})
		}
		i = j - 1
	}
	return edits
}

var chainOpens = map[string]bool{"(": true, ",": true, "SELECT": true, "DISTINCT": true, "WHERE": true, "ON": true,
	"HAVING": true, "AND": true, "OR": true, "XOR": true, "WHEN": true, "THEN": true, "ELSE": true, "RETURN": true}

var chainCloses = map[string]bool{")": true, ",": true, ";": true, "AND": true, "OR": true, "XOR": true, "AS": true,
	"FROM": true, "WHERE": true, "GROUP": true, "ORDER": true, "LIMIT": true, "HAVING": true, "THEN": true,
	"ELSE": true, "END": true, "WHEN": true, "UNION": true, "INTO": true, "WINDOW": true, "FOR": true}

// chainAtom: the tokens from toks[i] are one atom; it returns the index
// after it.
func chainAtom(q string, toks []depthToken, i int) (int, bool) {
	j := i
	if j < len(toks) && toks[j].word == "@" {
		j++
		if j < len(toks) && toks[j].word == "@" && toks[j].start == toks[j-1].end {
			j++
		}
		if j >= len(toks) || toks[j].start != toks[j-1].end {
			return 0, false
		}
	}
	for {
		if j >= len(toks) {
			return 0, false
		}
		w := toks[j].word
		if w == "" || !(isWordByte(w[0]) || w[0] == '\'' || w[0] == '"' || w[0] == '`') || atomKeywords[w] {
			return 0, false
		}
		j++
		if j+1 < len(toks) && toks[j].word == "." && toks[j].start == toks[j-1].end && toks[j+1].start == toks[j].end {
			j++
			continue
		}
		break
	}
	if j < len(toks) && (toks[j].word == "(" || toks[j].start == toks[j-1].end && isWordByte(q[toks[j].start])) {
		return 0, false // a call, or a string after an introducer
	}
	if j < len(toks) && (toks[j].word[0] == '\'' || toks[j].word[0] == '"') {
		return 0, false // a typed literal (DATE '...')
	}
	return j, true
}

// atomKeywords are words that are no operand of their own.
var atomKeywords = map[string]bool{"NOT": true, "AND": true, "OR": true, "XOR": true, "IS": true, "LIKE": true,
	"IN": true, "REGEXP": true, "RLIKE": true, "MEMBER": true, "CASE": true, "WHEN": true, "THEN": true,
	"ELSE": true, "END": true, "SELECT": true, "EXISTS": true, "BINARY": true, "INTERVAL": true, "DIV": true,
	"MOD": true, "ESCAPE": true, "COLLATE": true, "SOUNDS": true, "ANY": true, "SOME": true, "ALL": true}

// comparisonOp: toks[j] starts one of = < > <= >= <> != <=>; it returns
// the index after it.
func comparisonOp(q string, toks []depthToken, j int) (int, bool) {
	k := j
	for k < len(toks) && len(toks[k].word) == 1 && strings.ContainsAny(toks[k].word, "=<>!") &&
		(k == j || toks[k].start == toks[k-1].end) {
		k++
	}
	if k == j {
		return 0, false
	}
	switch q[toks[j].start:toks[k-1].end] {
	case "=", "<", ">", "<=", ">=", "<>", "!=", "<=>":
		return k, true
	}
	return 0, false
}

// mayChainCompare is a cheap first test for chainedComparisons: a
// comparison operator, an operand of word characters, dots, @ and quotes
// only, and another operator.
func mayChainCompare(q string) bool {
	for i := 0; i < len(q); i++ {
		if c := q[i]; c != '=' && c != '<' && c != '>' {
			continue
		}
		j := i
		for j < len(q) && (q[j] == '=' || q[j] == '<' || q[j] == '>') {
			j++
		}
		i = j - 1
		for j < len(q) && q[j] == ' ' {
			j++
		}
		k := j
		for k < len(q) && (isWordByte(q[k]) || q[k] == '.' || q[k] == '@' || q[k] == '\'' || q[k] == '"' || q[k] == '`') {
			k++
		}
		if k == j {
			continue
		}
		for k < len(q) && q[k] == ' ' {
			k++
		}
		if k < len(q) && (q[k] == '=' || q[k] == '<' || q[k] == '>' || q[k] == '!') {
			return true
		}
	}
	return false
}
