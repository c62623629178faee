package sqltext

import "strings"

// RollupMarker names the function call RollupEdits puts in place of
// `WITH ROLLUP`: the parser has no ROLLUP (1064), so `GROUP BY a, b WITH
// ROLLUP` is read as `GROUP BY a, b, myriad_rollup()`, and the engine's
// parser (server/rollup.go) turns a SELECT whose GROUP BY ends with the
// marker into MySQL's grouping levels.
const RollupMarker = "myriad_rollup"

// RollupEdits finds each `WITH ROLLUP` of q (outside strings, quoted names
// and comments) and returns the edits that replace it with
// ", myriad_rollup()"; nil when there is none. A CTE called rollup (`WITH
// rollup AS (...)`, `WITH rollup (a) AS ...`) is left alone.
func RollupEdits(q string) []Edit {
	if !containsWordFold(q, "ROLLUP") {
		return nil
	}
	var edits []Edit
	with := -1 // start of the last token when it was the word WITH
	for i, j := nextToken(q, 0, false); i < len(q); i, j = nextToken(q, j, false) {
		if !isWordByte(q[i]) || i > 0 && (q[i-1] == '.' || q[i-1] == '@') {
			with = -1
			continue
		}
		w := q[i:j]
		if with >= 0 && strings.EqualFold(w, "ROLLUP") {
			k, e := nextToken(q, j, false)
			if k == len(q) || !(q[k] == '(' || strings.EqualFold(q[k:e], "AS")) {
				// The k-th call has k blanks between its parentheses: each
				// New is distinct, so RestoreQuantified gives each one its
				// own spelling back.
				edits = append(edits, Edit{At: with, Len: j - with, New: ", " + RollupMarker + "(" + strings.Repeat(" ", len(edits)) + ")"})
			}
		}
		with = -1
		if strings.EqualFold(w, "WITH") {
			with = i
		}
	}
	return edits
}
