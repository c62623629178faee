package sqltext

import (
	"sort"
	"strings"
)

// QuantifiedPrefix starts the names of the functions QuantifiedComparisons
// calls in place of `ALL (subquery)` and `ANY (subquery)` / `SOME
// (subquery)`: QuantifiedFunc gives each name. Package sqlfunc registers them
// and package planfix turns the comparison holding one into MySQL's
// quantified comparison.
const QuantifiedPrefix = "myriad_quantified_"

// QuantifiedOps are the comparison operators a quantified comparison takes,
// by the name QuantifiedFunc gives them. The operator is part of the name
// because the parser reads `x <> ANY (...)` as NOT (x = ...), which would
// be indistinguishable from NOT (x = ANY (...)).
var QuantifiedOps = map[string]string{"=": "eq", "<>": "ne", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

// QuantifiedFunc is the name of the function for `op ALL (...)` (all) or
// `op ANY (...)` (op by its name in QuantifiedOps).
func QuantifiedFunc(all bool, op string) string {
	if all {
		return QuantifiedPrefix + "all_" + op
	}
	return QuantifiedPrefix + "any_" + op
}

// A Quantified is one `ALL (subquery)` (or ANY, SOME) QuantifiedComparisons
// rewrote: Orig, the text from the keyword to the closing parenthesis,
// became New (with any quantified operands inside it still as written).
type Quantified struct {
	Orig, New string
}

// QuantifiedComparisons rewrites the right operand of a quantified
// comparison (`x > ALL (SELECT ...)`, `x = ANY (...)`, `x <> SOME (...)`),
// which the parser does not know (1064), into a call of the QuantifiedFunc
// of its quantifier and operator with the parenthesized subquery as its
// argument: `x > myriad_quantified_all_gt((SELECT ...))`. The parser then reads the
// comparison with its usual precedence. Only a keyword right after a
// comparison operator (= <> != < <= > >=) and right before a parenthesized
// SELECT, WITH, VALUES or TABLE is rewritten, so UNION ALL, SELECT ALL and
// a column or function named any are left alone.
//
// It returns the edits (on q, in order) and what each rewritten operand
// was, or nil when there is none.
func QuantifiedComparisons(q string) ([]Edit, []Quantified) {
	if !containsWordFold(q, "ALL") && !containsWordFold(q, "ANY") && !containsWordFold(q, "SOME") {
		return nil, nil
	}
	var edits []Edit
	var qs []Quantified
	op := "" // the name of the comparison operator that was the last token
	for i, j := nextToken(q, 0, false); i < len(q); i, j = nextToken(q, j, false) {
		switch c := q[i]; {
		case c == '<' || c == '>' || c == '=' || c == '!':
			for j < len(q) && strings.IndexByte("<>=!", q[j]) >= 0 {
				j++
			}
			op = QuantifiedOps[q[i:j]]
		case isWordByte(c):
			if op != "" && (i == 0 || q[i-1] != '.' && q[i-1] != '@') {
				fn := ""
				switch strings.ToUpper(q[i:j]) {
				case "ALL":
					fn = QuantifiedFunc(true, op)
				case "ANY", "SOME":
					fn = QuantifiedFunc(false, op)
				}
				if fn != "" {
					if open, end, ok := subqueryOperand(q, j); ok {
						edits = append(edits, Edit{At: i, Len: open - i, New: fn + "("}, Edit{At: end, New: ")"})
						qs = append(qs, Quantified{Orig: q[i:end], New: fn + "(" + q[open:end] + ")"})
					}
				}
			}
			op = ""
		default:
			op = ""
		}
	}
	if len(edits) == 0 {
		return nil, nil
	}
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].At < edits[b].At })
	return edits, qs
}

// subqueryOperand: after blanks and comments from q[i] comes a parenthesized
// query (its first word, after any further parentheses, is SELECT, WITH,
// VALUES or TABLE); open is its '(' and end the index after its ')'.
func subqueryOperand(q string, i int) (open, end int, ok bool) {
	i = skipBlanks(q, i)
	if i >= len(q) || q[i] != '(' {
		return 0, 0, false
	}
	open = i
	k := open
	for k < len(q) && q[k] == '(' {
		k = skipBlanks(q, k+1)
	}
	w := k
	for w < len(q) && isWordByte(q[w]) {
		w++
	}
	switch strings.ToUpper(q[k:w]) {
	case "SELECT", "WITH", "VALUES", "TABLE":
	default:
		return 0, 0, false
	}
	depth := 0
	for k, e := nextToken(q, open, false); k < len(q); k, e = nextToken(q, e, false) {
		switch q[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return open, k + 1, true
			}
		}
	}
	return 0, 0, false
}

// skipBlanks returns the index of the first byte from q[i] that is neither
// blank nor inside a comment (an executable comment's text is code).
func skipBlanks(q string, i int) int {
	return skipIgnored(q, i, false)
}

// RestoreQuantified puts the original spelling of the rewritten operands
// back into s, a piece of the rewritten text (a select expression's text
// names its column). Inner operands go first: an enclosing one's New holds
// their original text.
func RestoreQuantified(qs []Quantified, s string) string {
	if !strings.Contains(s, QuantifiedPrefix) && !strings.Contains(s, RollupMarker) {
		return s
	}
	sorted := append([]Quantified(nil), qs...)
	sort.SliceStable(sorted, func(a, b int) bool { return len(sorted[a].New) < len(sorted[b].New) })
	for _, x := range sorted {
		s = strings.ReplaceAll(s, x.New, x.Orig)
	}
	return s
}

// ParserEdits is DoBodies, QuantifiedComparisons and RollupEdits over q: the
// text the parser reads, the edits (for DoOrigOffset) and the rewritten
// quantified operands and WITH ROLLUPs (for RestoreQuantified).
func ParserEdits(q string) (string, []Edit, []Quantified) {
	_, do := DoBodies(q)
	qe, qs := QuantifiedComparisons(q)
	re := RollupEdits(q)
	if do == nil && qe == nil && re == nil {
		return q, nil, nil
	}
	edits := make([]Edit, 0, len(do)+len(qe)+len(re))
	for _, e := range do {
		edits = append(edits, Edit{At: e.At, Len: e.Len, New: e.New})
	}
	edits = append(edits, qe...)
	edits = append(edits, re...)
	for _, e := range re {
		// A subquery's column is named by its text as written.
		qs = append(qs, Quantified{Orig: q[e.At : e.At+e.Len], New: e.New})
	}
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].At < edits[b].At })
	return applyEdits(q, edits), edits, qs
}

// QuantifiedText is q with its quantified comparisons rewritten
// (QuantifiedComparisons), for a parser that must read the text before
// the engine's does (the protocol library's, of a COM_STMT_PREPARE), and
// what RestoreQuantified needs to give the text back; q itself and nil
// when there is none.
//
// Its WITH ROLLUPs are rewritten too (RollupEdits), and restored the same
// way.
func QuantifiedText(q string) (string, []Quantified) {
	edits, qs := QuantifiedComparisons(q)
	re := RollupEdits(q)
	if edits == nil && re == nil {
		return q, nil
	}
	for _, e := range re {
		qs = append(qs, Quantified{Orig: q[e.At : e.At+e.Len], New: e.New})
	}
	edits = append(edits, re...)
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].At < edits[b].At })
	return applyEdits(q, edits), qs
}

// applyEdits writes q with edits (sorted, not overlapping) applied and
// records where each one's New starts.
func applyEdits(q string, edits []Edit) string {
	var b strings.Builder
	b.Grow(len(q) + 32*len(edits))
	last := 0
	for k := range edits {
		e := &edits[k]
		b.WriteString(q[last:e.At])
		e.newAt = b.Len()
		b.WriteString(e.New)
		last = e.At + e.Len
	}
	b.WriteString(q[last:])
	return b.String()
}
