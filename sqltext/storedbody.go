package sqltext

import (
	"regexp"
	"strings"
)

// storedBody is the head of a statement whose body is stored and parsed
// again when used (after a restart too): CREATE or ALTER of a VIEW,
// TRIGGER, PROCEDURE, FUNCTION or EVENT, with the clauses MySQL allows
// before the object word.
var storedBody = regexp.MustCompile(`(?is)^(?:CREATE|ALTER)\s+(?:OR\s+REPLACE\s+)?(?:ALGORITHM\s*=\s*\w+\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:SQL\s+SECURITY\s+\w+\s+)?(?:AGGREGATE\s+)?(?:VIEW|TRIGGER|PROCEDURE|FUNCTION|EVENT)\s`)

// StoresBody reports whether the statement q starts is one whose body is
// stored as text (see storedBody). Such a body must be read by the passes
// of the statements it holds: the parser maps the positions of the body
// back to the text as written, so that the stored text stays the user's,
// while other CREATE and ALTER statements (tables: defaults, generated
// columns and CHECKs are stored from the parsed expression) are left alone.
func StoresBody(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	return storedBody.MatchString(q)
}

// keepsText: q, a statement starting with the word first (upper-case), is
// a CREATE or ALTER whose text the passes must leave alone.
func keepsText(first, q string) bool {
	return (first == "CREATE" || first == "ALTER") && !StoresBody(q)
}
