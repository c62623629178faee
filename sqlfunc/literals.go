package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/sqltext"
	"github.com/myriaddb/myriad/timetype"
)

// erWrongValue is MySQL's ER_WRONG_VALUE (1525), a typed temporal literal
// that is not a valid value of its type.
const erWrongValue = 1525

// newTemporalLiteral builds the typed literal of `DATE 'str'`, `TIME 'str'`
// or `TIMESTAMP 'str'` (sqltext.TemporalLiterals turned them into calls of
// kw's function): a constant DATE, TIME or DATETIME(n), n being the
// fraction's digits, or error 1525 at parse time as in MySQL. The parser
// read the keyword and kept a VARCHAR.
func newTemporalLiteral(kw string) func(args ...sql.Expression) (sql.Expression, error) {
	return func(args ...sql.Expression) (sql.Expression, error) {
		if len(args) != 1 {
			return nil, sql.ErrInvalidArgumentNumber.New(kw+" literal", 1, len(args))
		}
		lit, ok := args[0].(*expression.Literal)
		s, isStr := lit.Value().(string)
		if !ok || !isStr {
			return nil, fmt.Errorf("%s literal of a non-string %s", kw, args[0])
		}
		wrong := func() error {
			typ := kw
			if kw == "TIMESTAMP" {
				typ = "DATETIME"
			}
			return mysql.NewSQLError(erWrongValue, "HY000", "Incorrect %s value: '%s'", typ, s)
		}
		if t, _, _, ok := parseDatetime(s); ok && kw != "TIME" && t.Year() == 0 && t.YearDay() == 1 {
			// A real 0000-01-01 (the zero date is no literal); see
			// mysqlTime.yearZeroJan1.
			return nil, errYearZero(mysqlTime{m: 1, d: 1, h: t.Hour(), mi: t.Minute(), s: t.Second(), us: t.Nanosecond() / 1000})
		}
		switch kw {
		case "DATE":
			t, frac, hasTime, ok := parseDatetime(s)
			if !ok || hasTime || frac > 0 {
				return nil, wrong()
			}
			return expression.NewLiteral(t, types.Date), nil
		case "TIMESTAMP":
			t, frac, hasTime, ok := parseDatetime(s)
			if !ok || !hasTime {
				return nil, wrong()
			}
			return expression.NewLiteral(t, types.MustCreateDatetimeType(sqltypes.Datetime, frac)), nil
		default:
			ts, ok := parseTime(s)
			if !ok {
				return nil, wrong()
			}
			// TIME(n), n the literal's fractional digits, as MySQL types it.
			return expression.NewLiteral(ts, timetype.New(literalFsp(s))), nil
		}
	}
}

// parseDatetime reads s as MySQL's str_to_datetime does for a literal:
// year-month-day with any punctuation between the parts (YY years are
// 1970-2069), or the digits-only YYYYMMDD[hhmmss] / YYMMDD[hhmmss], then an
// optional time of day after ' ' or 'T' and up to six fractional digits. A
// zero or out-of-range part is not a value (MySQL's literals refuse them).
// frac is the number of fractional digits written.
func parseDatetime(s string) (t time.Time, frac int, hasTime, ok bool) {
	s = strings.TrimSpace(s)
	var parts [6]int
	n, i := 0, 0
	yearDigits := 0
	if digitsOnly(s) || (strings.IndexByte(s, '.') > 0 && digitsOnly(s[:strings.IndexByte(s, '.')])) {
		// YYYYMMDD[hhmmss] or YYMMDD[hhmmss]
		end := len(s)
		if d := strings.IndexByte(s, '.'); d > 0 {
			end = d
		}
		ds := s[:end]
		switch len(ds) {
		case 8, 14:
			yearDigits = 4
		case 6, 12:
			yearDigits = 2
		default:
			return t, 0, false, false
		}
		p := 0
		widths := []int{yearDigits, 2, 2, 2, 2, 2}
		for k := 0; k < 6 && p < len(ds); k++ {
			parts[k] = atoi(ds[p : p+widths[k]])
			p += widths[k]
			n = k + 1
		}
		i = end
		hasTime = n > 3
	} else {
		for {
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j == i || (n == 0 && j-i > 4) || (n > 0 && j-i > 2) {
				return t, 0, false, false
			}
			if n == 0 {
				yearDigits = j - i
			}
			parts[n] = atoi(s[i:j])
			n++
			i = j
			if i >= len(s) || n == 6 || (n >= 3 && s[i] == '.') {
				break
			}
			c := s[i]
			switch {
			case n == 3 && (c == ' ' || c == 'T'):
				for i++; i < len(s) && s[i] == ' '; i++ {
				}
			case n < 3 && isPunct(c), n > 3 && c == ':':
				i++
			default:
				return t, 0, false, false
			}
		}
		if n < 3 {
			return t, 0, false, false
		}
		hasTime = n > 3
	}
	if yearDigits <= 2 {
		if parts[0] < 70 {
			parts[0] += 2000
		} else {
			parts[0] += 1900
		}
	}
	nsec := 0
	if i < len(s) {
		if s[i] != '.' || !hasTime {
			return t, 0, false, false
		}
		f := s[i+1:]
		if !digitsOnly(f) || len(f) > 6 {
			return t, 0, false, false
		}
		frac = len(f)
		nsec = atoi((f + "000000")[:6]) * 1000
	}
	y, mo, d, h, mi, se := parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]
	if mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59 || y > 9999 {
		return t, 0, false, false
	}
	t = time.Date(y, time.Month(mo), d, h, mi, se, nsec, time.UTC)
	if t.Day() != d {
		return t, 0, false, false // February 30th
	}
	return t, frac, hasTime, true
}

// parseTime reads a TIME literal as MySQL's str_to_time does:
// '[-][D ]hh[:mm[:ss]][.f]' (D days, at most 34), or digits only
// '[-]hhmmss[.f]' / 'mmss' / 'ss'; minutes and seconds below 60, at most
// 838:59:59.
func parseTime(s string) (types.Timespan, bool) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	frac := ""
	if d := strings.IndexByte(s, '.'); d >= 0 {
		frac = s[d+1:]
		s = s[:d]
		if !digitsOnly(frac) || len(frac) > 6 {
			return 0, false
		}
	}
	var h, m, sec int
	switch {
	case digitsOnly(s):
		if len(s) > 7 {
			return 0, false
		}
		v := atoi(s)
		h, m, sec = v/10000, v/100%100, v%100
	default:
		days := 0
		if sp := strings.IndexByte(s, ' '); sp >= 0 {
			if !digitsOnly(s[:sp]) || sp > 2 {
				return 0, false
			}
			days = atoi(s[:sp])
			s = strings.TrimLeft(s[sp:], " ")
		}
		parts := strings.Split(s, ":")
		vals := make([]int, 3)
		for i, p := range parts {
			if i >= 3 || !digitsOnly(p) || (i > 0 && len(p) > 2) || (i == 0 && len(p) > 3) {
				return 0, false
			}
			vals[i] = atoi(p)
		}
		if len(parts) == 1 && days == 0 {
			return 0, false // digits only is the case above
		}
		h, m, sec = days*24+vals[0], vals[1], vals[2]
	}
	if m > 59 || sec > 59 {
		return 0, false
	}
	us := int64(0)
	if frac != "" {
		us = int64(atoi((frac + "000000")[:6]))
	}
	total := (int64(h)*3600+int64(m)*60+int64(sec))*1_000_000 + us
	if total > 838*3600_000_000+59*60_000_000+59_000_000 {
		return 0, false
	}
	if neg {
		total = -total
	}
	return types.Time.MicrosecondsToTimespan(total), true
}

func digitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

func atoi(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}

// temporalLiteralFunctions are the functions sqltext.TemporalLiterals
// calls in place of typed temporal literals.
var temporalLiteralFunctions = map[string]string{
	sqltext.DateLiteralFunc:      "DATE",
	sqltext.TimeLiteralFunc:      "TIME",
	sqltext.TimestampLiteralFunc: "TIMESTAMP",
}

// dateFunc is DATE(expr) returning what its type says: GMS's DATE() is
// typed DATE but returns a string, so a hash join or IN-subquery keyed on
// it never met a DATE column's time.Time (`d IN (SELECT DATE(dt) ...)` was
// empty).
type dateFunc struct {
	sql.Expression // GMS's DATE()
}

func newDateFunc(e sql.Expression) sql.Expression {
	return &dateFunc{function.NewDate(e)}
}

func (d *dateFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	t, _, err := types.Date.Convert(ctx, s)
	if err != nil {
		return nil, nil
	}
	return t, nil
}

func (d *dateFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	inner, err := d.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &dateFunc{inner}, nil
}

// literalFsp is the number of fractional digits of a TIME literal's text
// (at most 6).
func literalFsp(s string) int {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, '.')
	if i < 0 {
		return 0
	}
	n := 0
	for _, c := range s[i+1:] {
		if c < '0' || c > '9' {
			break
		}
		n++
	}
	return min(n, timetype.MaxPrecision)
}
