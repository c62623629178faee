package sqlfunc

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
)

// floatLiteralLength is MySQL's length of a floating-point literal (a
// number written with an exponent, `1.5e0`): Item_float's max_length is its
// text as written (Item_float::init), which decides the VARCHAR(n) of a
// CASE/IF/IFNULL/COALESCE mixing it with strings (`IF(t, 'abc', 1.5e0)` is
// VARCHAR(5) in MySQL and MariaDB). GMS keeps only the DOUBLE, so the text
// is looked up in the statement (ctx.Query()): every literal with an
// exponent whose value is e's. ok is false when there is none, or several
// of different lengths, or e is no such literal (a view's definition is not
// the statement's text; its branch keeps GMS's TEXT).
func floatLiteralLength(ctx *sql.Context, e sql.Expression) (int64, bool) {
	l, ok := e.(*expression.Literal)
	if !ok || ctx == nil {
		return 0, false
	}
	v, ok := l.Value().(float64)
	if !ok {
		return 0, false
	}
	n := int64(-1)
	for _, tok := range exponentLiterals(ctx.Query()) {
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil || f != v {
			continue
		}
		if n >= 0 && n != int64(len(tok)) {
			return 0, false
		}
		n = int64(len(tok))
	}
	return n, n >= 0
}

// exponentLiterals is the numbers written with an exponent in the SQL text
// q, outside quoted strings, quoted identifiers and comments.
func exponentLiterals(q string) []string {
	var out []string
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(q, i)
			continue
		case c == '#' || (c == '-' && strings.HasPrefix(q[i:], "-- ")):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(q)
			}
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(q)
			}
			continue
		case isDigit(c) || (c == '.' && i+1 < len(q) && isDigit(q[i+1])):
			if i > 0 && isIdentByte(q[i-1]) {
				// part of an identifier such as t1e5
				for i < len(q) && isIdentByte(q[i]) {
					i++
				}
				continue
			}
			j := i
			for j < len(q) && (isDigit(q[j]) || q[j] == '.') {
				j++
			}
			if j < len(q) && (q[j] == 'e' || q[j] == 'E') {
				k := j + 1
				if k < len(q) && (q[k] == '+' || q[k] == '-') {
					k++
				}
				if k < len(q) && isDigit(q[k]) {
					for k < len(q) && isDigit(q[k]) {
						k++
					}
					if k == len(q) || !isIdentByte(q[k]) {
						out = append(out, q[i:k])
					}
					i = k
					continue
				}
			}
			for j < len(q) && isIdentByte(q[j]) {
				j++
			}
			i = j
			continue
		case isIdentByte(c):
			for i < len(q) && isIdentByte(q[i]) {
				i++
			}
			continue
		}
		i++
	}
	return out
}

// skipQuoted is the index after the quoted text that starts at q[i],
// doubled quotes and backslash escapes (not in identifiers) inside.
func skipQuoted(q string, i int) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch q[j] {
		case '\\':
			if quote != '`' {
				j++
			}
		case quote:
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}
