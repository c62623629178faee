package conformance

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// A corpus file is plain SQL: statements end with ";" at the end of a line
// and may span lines. Lines starting with "--" between statements are
// comments, except these directives, which apply to the next statement:
//
//	-- mysql-differs: <reason>   MariaDB's answer is not MySQL 8.0's; the
//	                             expect-* lines below give MySQL's, and
//	                             replace MariaDB's in what they cover
//	-- expect: a | b             one result row (" | " between values, NULL
//	                             for NULL, \n for a newline in a value,
//	                             a trailing " |" for an empty last value);
//	                             one line per row, in order
//	-- expect-empty              the result has no rows
//	-- expect-error: 1690        the statement fails with this error number
//	-- expect-types: BIGINT DECIMAL   column types as the wire names them
//	                             (UNSIGNED BIGINT is one type)
//	-- expect-affected: 2        affected-row count of a DML statement
//	-- setup                     must succeed on both servers, answers are
//	                             not compared (session settings one server needs)
//	-- unordered                 compare as a multiset despite an ORDER BY
//	                             (ties the ORDER BY leaves open)
//
// Any expect-* directive needs a mysql-differs reason next to it: the corpus
// says why it does not trust the reference server.
type stmt struct {
	file string
	line int
	sql  string

	setup     bool
	unordered bool
	differs   string // mysql-differs reason
	override  *answer
}

func (s stmt) pos() string { return fmt.Sprintf("%s:%d", s.file, s.line) }

func parseCorpus(path, name string) ([]stmt, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var (
		out  []stmt
		cur  stmt
		buf  []string
		ln   int
		errf = func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", name, ln, fmt.Sprintf(format, a...))
		}
	)
	ov := func() *answer {
		if cur.override == nil {
			cur.override = &answer{}
		}
		return cur.override
	}
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		ln++
		line := sc.Text()
		trim := strings.TrimSpace(line)
		if len(buf) == 0 {
			if trim == "" {
				continue
			}
			if strings.HasPrefix(trim, "--") {
				d := strings.TrimSpace(strings.TrimPrefix(trim, "--"))
				key, val, _ := strings.Cut(d, ":")
				val = strings.TrimSpace(val)
				switch strings.TrimSpace(key) {
				case "mysql-differs":
					if val == "" {
						return nil, errf("mysql-differs needs a reason")
					}
					cur.differs = val
				case "expect":
					a := ov()
					a.hasRows = true
					var row []*string
					if strings.HasSuffix(val, " |") {
						val += " " // the line's trim took the last, empty value's space
					}
					for _, v := range strings.Split(val, " | ") {
						v = strings.ReplaceAll(strings.TrimSpace(v), `\n`, "\n")
						if v == "NULL" {
							row = append(row, nil)
						} else {
							row = append(row, &v)
						}
					}
					a.rows = append(a.rows, row)
				case "expect-empty":
					ov().hasRows = true
				case "expect-error":
					n, err := strconv.Atoi(val)
					if err != nil {
						return nil, errf("expect-error: %v", err)
					}
					ov().errno = n
				case "expect-types":
					// UNSIGNED is part of the next name, as the wire names it.
					var ts []string
					for _, f := range strings.Fields(val) {
						if n := len(ts); n > 0 && ts[n-1] == "UNSIGNED" {
							ts[n-1] += " " + f
							continue
						}
						ts = append(ts, f)
					}
					ov().types = ts
				case "expect-affected":
					n, err := strconv.ParseInt(val, 10, 64)
					if err != nil {
						return nil, errf("expect-affected: %v", err)
					}
					a := ov()
					a.affected, a.hasAffected = n, true
				case "setup":
					cur.setup = true
				case "unordered":
					cur.unordered = true
				}
				continue
			}
			cur.line = ln
		}
		buf = append(buf, line)
		if strings.HasSuffix(trim, ";") {
			q := strings.TrimSpace(strings.Join(buf, "\n"))
			cur.sql = strings.TrimSpace(strings.TrimSuffix(q, ";"))
			cur.file = name
			if cur.override != nil && cur.differs == "" {
				return nil, errf("expect-* directive without a mysql-differs reason")
			}
			out = append(out, cur)
			cur, buf = stmt{}, nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(buf) > 0 {
		return nil, fmt.Errorf("%s:%d: statement without a terminating ';'", name, cur.line)
	}
	return out, nil
}

// hasTopLevelOrderBy reports whether q orders its final result: an ORDER BY
// outside parentheses and quotes (a window's OVER (ORDER BY ...) or a
// subquery's does not order the result).
func hasTopLevelOrderBy(q string) bool {
	depth := 0
	var quote byte
	up := strings.ToUpper(q)
	for i := 0; i < len(up); i++ {
		c := up[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '\'', '"', '`':
			quote = c
		case '(':
			depth++
		case ')':
			depth--
		case 'O':
			if depth == 0 && strings.HasPrefix(up[i:], "ORDER") {
				rest := strings.TrimLeft(up[i+5:], " \t\n")
				if strings.HasPrefix(rest, "BY") && (i == 0 || !isIdent(up[i-1])) {
					return true
				}
			}
		}
	}
	return false
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// returnsRows guesses from the statement's first word whether it produces a
// result set (Query) or an OK packet (Exec, with an affected-row count).
func returnsRows(q string) bool {
	f := strings.Fields(strings.TrimLeft(q, "( \n\t"))
	if len(f) == 0 {
		return false
	}
	switch strings.ToUpper(f[0]) {
	case "SELECT", "WITH", "SHOW", "VALUES", "TABLE", "EXPLAIN", "DESCRIBE", "DESC", "CHECKSUM":
		return true
	}
	return false
}
