package sqltext

import "strings"

// Explain reads EXPLAIN (or DESCRIBE, DESC) with a FORMAT= that the parser
// refuses, at the start of q:
//
//	EXPLAIN FORMAT = {TRADITIONAL | JSON} statement
//
// where statement is a SELECT, TABLE, WITH, INSERT, REPLACE, UPDATE or
// DELETE. rewritten is q with the FORMAT clause taken out for TRADITIONAL
// (plain EXPLAIN is the traditional table) and replaced by FORMAT=TREE for
// JSON, which the caller turns into MySQL's JSON document; format is
// "TRADITIONAL" or "JSON". ok is false for anything else (plain EXPLAIN,
// FORMAT=TREE, DESCRIBE of a table), which the parser reads as it is.
func Explain(q string) (rewritten, format string, ok bool) {
	i := leadingBlanks(q)
	w, j := word(q, i)
	if w != "EXPLAIN" && w != "DESCRIBE" && w != "DESC" {
		return q, "", false
	}
	k := leadingBlanks(q[j:]) + j
	w, f := word(q, k)
	if w != "FORMAT" {
		return q, "", false
	}
	f = leadingBlanks(q[f:]) + f
	if f >= len(q) || q[f] != '=' {
		return q, "", false
	}
	f = leadingBlanks(q[f+1:]) + f + 1
	quoted := f < len(q) && (q[f] == '\'' || q[f] == '"')
	if quoted {
		f++
	}
	format, end := word(q, f)
	if quoted {
		if end >= len(q) || q[end] != q[f-1] {
			return q, "", false
		}
		end++
	}
	if format != "TRADITIONAL" && format != "JSON" {
		return q, "", false
	}
	s := leadingBlanks(q[end:]) + end
	if s < len(q) && q[s] != '(' {
		switch first, _ := word(q, s); first {
		case "SELECT", "TABLE", "WITH", "INSERT", "REPLACE", "UPDATE", "DELETE":
		default:
			return q, "", false
		}
	} else if s >= len(q) {
		return q, "", false
	}
	with := " "
	if format == "JSON" {
		with = " FORMAT=TREE "
	}
	return q[:j] + with + q[s:], format, true
}

// word returns the upper-cased word at q[i:] and where it ends ("" when
// no word starts there).
func word(q string, i int) (string, int) {
	j := i
	for j < len(q) && isWordByte(q[j]) {
		j++
	}
	return strings.ToUpper(q[i:j]), j
}
