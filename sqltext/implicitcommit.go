package sqltext

import "strings"

// CommitsImplicitly reports whether MySQL ends the session's open
// transaction (commits it) before running statement q: data definition
// (CREATE/ALTER/DROP/RENAME/TRUNCATE of tables, indexes, views, triggers,
// routines, schemas, users), GRANT/REVOKE, SET PASSWORD, LOCK TABLES,
// ANALYZE TABLE and FLUSH (MySQL 8.0 manual, "Statements That Cause an
// Implicit Commit"). Temporary-table CREATE/DROP and DROP PREPARE do not.
// The manual's other administrative statements (CHECK/OPTIMIZE/REPAIR
// TABLE, RESET, CACHE INDEX, LOAD INDEX) are syntax errors here, which
// MySQL reports without committing. GMS commits only after such a
// statement, inside the transaction the statement found, so a DDL could
// read an old snapshot and conflict with writes committed since BEGIN.
//
// It runs before every statement, so it tokenizes only statements whose
// first word may commit.
func CommitsImplicitly(q string) bool {
	first, may := firstWord(q), false
	for _, w := range [...]string{"ALTER", "RENAME", "TRUNCATE", "GRANT", "REVOKE", "LOCK", "CREATE", "DROP",
		"ANALYZE", "FLUSH", "SET"} {
		may = may || strings.EqualFold(first, w)
	}
	if !may {
		return false
	}
	toks := topLevelTokens(q)
	if len(toks) == 0 {
		return false
	}
	at := func(i int) string {
		if i < len(toks) {
			return toks[i].word
		}
		return ""
	}
	switch at(0) {
	case "ALTER", "RENAME", "TRUNCATE", "GRANT", "REVOKE":
		return true
	case "LOCK":
		return at(1) == "TABLES" || at(1) == "TABLE"
	case "ANALYZE":
		// ANALYZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE: not MariaDB's
		// ANALYZE SELECT.
		switch at(1) {
		case "TABLE", "TABLES", "LOCAL", "NO_WRITE_TO_BINLOG":
			return true
		}
		return false
	case "FLUSH":
		return true
	case "SET":
		return at(1) == "PASSWORD"
	case "CREATE", "DROP":
		switch at(1) {
		case "TEMPORARY", "PREPARE":
			return false
		case "":
			return false
		}
		return true
	}
	return false
}

// firstWord is q's first word after spaces and comments ("" if none).
func firstWord(q string) string {
	i := 0
	for i < len(q) {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
		default:
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			return q[i:j]
		}
	}
	return ""
}
