package sqltext

import "strings"

// StartTransaction reads a START TRANSACTION statement that has WITH
// CONSISTENT SNAPSHOT among its characteristics:
//
//	START TRANSACTION characteristic [, characteristic] ...
//	characteristic: WITH CONSISTENT SNAPSHOT | READ ONLY | READ WRITE
//
// The parser drops WITH CONSISTENT SNAPSHOT when it stands alone and
// rejects it combined with an access mode, so the caller runs rewritten
// ("START TRANSACTION" plus the access mode, if any) and takes the snapshot
// itself. Executable comments count as text (mysqldump --single-transaction
// sends `START TRANSACTION /*!40100 WITH CONSISTENT SNAPSHOT */`); Rewrite
// has already turned those newer than the server into plain comments. ok is
// false for any other statement, and for READ ONLY with READ WRITE (left to
// the parser's 1064).
func StartTransaction(q string) (rewritten string, ok bool) {
	if !containsWordFold(q, "CONSISTENT") {
		return q, false
	}
	var words []string
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case strings.HasPrefix(q[i:], "/*!"):
			i += 3
			for i < len(q) && q[i] >= '0' && q[i] <= '9' {
				i++
			}
		case strings.HasPrefix(q[i:], "*/"):
			i += 2
		case strings.HasPrefix(q[i:], "/*"):
			i = commentEnd(q, i)
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || isSpaceOrControl(q[i+2])):
			i = lineEnd(q, i)
		case c == ',' || c == ';':
			words = append(words, string(c))
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isWordByte(c):
			j := i + 1
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			words = append(words, strings.ToUpper(q[i:j]))
			i = j
		default:
			return q, false
		}
	}
	for len(words) > 0 && words[len(words)-1] == ";" {
		words = words[:len(words)-1]
	}
	if len(words) < 3 || words[0] != "START" || words[1] != "TRANSACTION" {
		return q, false
	}
	consistent, mode := false, ""
	for rest := words[2:]; ; {
		switch {
		case len(rest) >= 3 && rest[0] == "WITH" && rest[1] == "CONSISTENT" && rest[2] == "SNAPSHOT" && !consistent:
			consistent, rest = true, rest[3:]
		case len(rest) >= 2 && rest[0] == "READ" && (rest[1] == "ONLY" || rest[1] == "WRITE") && mode == "":
			mode, rest = " READ "+rest[1], rest[2:]
		default:
			return q, false
		}
		if len(rest) == 0 {
			break
		}
		if rest[0] != "," {
			return q, false
		}
		rest = rest[1:]
	}
	if !consistent {
		return q, false
	}
	return "START TRANSACTION" + mode, true
}
