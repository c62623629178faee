package sqltext

// CommitsImplicitly reports whether MySQL ends the session's open
// transaction (commits it) before running statement q: data definition
// (CREATE/ALTER/DROP/RENAME/TRUNCATE of tables, indexes, views, triggers,
// routines, schemas, users), GRANT/REVOKE and LOCK TABLES. Temporary-table
// CREATE/DROP and DROP PREPARE do not. GMS commits only after such a
// statement, inside the transaction the statement found, so a DDL could
// read an old snapshot and conflict with writes committed since BEGIN.
func CommitsImplicitly(q string) bool {
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
