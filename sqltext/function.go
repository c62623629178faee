package sqltext

import (
	"regexp"
	"strings"
)

// createFunction is CREATE [OR REPLACE] [DEFINER = user] [AGGREGATE]
// FUNCTION: the words must be in that place, not anywhere in the statement
// (CREATE DATABASE c_functions is no function).
var createFunction = regexp.MustCompile(`(?is)^CREATE\s+(?:OR\s+REPLACE\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:AGGREGATE\s+)?FUNCTION\s`)

// StoredFunction reads CREATE FUNCTION and DROP FUNCTION, which the parser
// does not know (GMS v0.20.0 has no stored functions): create is true for
// CREATE [DEFINER = ...] [AGGREGATE] FUNCTION; otherwise it is a DROP
// FUNCTION [IF EXISTS] name, with name as written (backquotes removed). ok
// is false for any other statement.
func StoredFunction(q string) (create, ifExists bool, name string, ok bool) {
	i := leadingBlanks(q)
	first, j := word(q, i)
	switch first {
	case "CREATE":
		if !createFunction.MatchString(q[i:]) {
			return false, false, "", false
		}
		return true, false, "", true
	case "DROP":
		k := leadingBlanks(q[j:]) + j
		if w, e := word(q, k); w != "FUNCTION" {
			return false, false, "", false
		} else {
			k = leadingBlanks(q[e:]) + e
		}
		if w, e := word(q, k); w == "IF" {
			if w2, e2 := word(q, leadingBlanks(q[e:])+e); w2 == "EXISTS" {
				ifExists, k = true, leadingBlanks(q[e2:])+e2
			}
		}
		end := k
		for end < len(q) && !strings.ContainsRune(" \t\r\n;", rune(q[end])) {
			end++
		}
		name = strings.ReplaceAll(q[k:end], "`", "")
		if name == "" || strings.TrimSpace(strings.TrimLeft(q[end:], ";")) != "" {
			return false, false, "", false
		}
		return false, ifExists, name, true
	}
	return false, false, "", false
}
