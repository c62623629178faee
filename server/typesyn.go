package server

import (
	"regexp"
	"strings"
)

// longTypes are the LONG type synonyms MySQL and MariaDB accept in column
// definitions and the protocol library's parser does not: LONG VARBINARY and
// LONG BYTE are MEDIUMBLOB, LONG VARCHAR and LONG CHAR[ACTER] VARYING are
// MEDIUMTEXT (MySQLdb's and PyMySQL's capability tests declare LONG BYTE).
var longTypes = regexp.MustCompile(`(?i)\bLONG\s+(VARBINARY|BYTE|VARCHAR|CHAR(?:ACTER)?\s+VARYING)\b`)

// longTypeText rewrites those synonyms in a CREATE or ALTER statement,
// outside string literals, quoted names and comments.
func longTypeText(q string) string {
	switch firstWord(q) {
	case "CREATE", "ALTER":
	default:
		return q
	}
	if !strings.Contains(strings.ToUpper(q), "LONG") {
		return q
	}
	var b strings.Builder
	from := 0
	flush := func(to int) {
		b.WriteString(longTypes.ReplaceAllStringFunc(q[from:to], func(m string) string {
			f := strings.Fields(strings.ToUpper(m))
			if f[1] == "VARBINARY" || f[1] == "BYTE" {
				return "MEDIUMBLOB"
			}
			return "MEDIUMTEXT"
		}))
	}
	for i := 0; i < len(q); {
		j := skipQuoted(q, i)
		if j == i {
			i++
			continue
		}
		flush(i)
		b.WriteString(q[i:j])
		from, i = j, j
	}
	flush(len(q))
	return b.String()
}

// skipQuoted returns the index after the string literal, quoted name or
// comment starting at q[i], or i when none starts there.
func skipQuoted(q string, i int) int {
	c := q[i]
	switch {
	case c == '\'' || c == '"':
		j := i + 1
		for j < len(q) {
			if q[j] == '\\' {
				j += 2
				continue
			}
			if q[j] == c {
				if j+1 < len(q) && q[j+1] == c {
					j += 2
					continue
				}
				return j + 1
			}
			j++
		}
		return len(q)
	case c == '`':
		if k := strings.IndexByte(q[i+1:], '`'); k >= 0 {
			return i + k + 2
		}
		return len(q)
	case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
		if k := strings.IndexByte(q[i:], '\n'); k >= 0 {
			return i + k + 1
		}
		return len(q)
	case c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
		if k := strings.Index(q[i+2:], "*/"); k >= 0 {
			return i + k + 4
		}
		return len(q)
	}
	return i
}
