package sqlfunc

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/planbuilder/dateparse"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/timetype"
)

// strToDate is STR_TO_DATE as MySQL's Item_func_str_to_date answers it,
// around GMS's parser (dateparse):
//   - `%p` and `%r` applied: GMS reads the AM/PM marker and drops it, so
//     '1:02PM' with '%h:%i%p' was 01:02 and '12:02 AM' 12:02. The marker is
//     the input's AM or PM after a digit or a space (no English month or
//     day name holds either).
//   - `%f` read as MySQL reads it (strLayout): at most six digits, the
//     digits of a fraction ('5' is 500000 µs; GMS read it as 5 µs, and a
//     seventh digit as more microseconds), and the type has six
//     fractional digits (DATETIME(6) or TIME(6)) when the format has %f;
//     GMS dropped them (DATETIME) or always kept them (TIME).
//   - input that ends before the format is a value of the parts read (MySQL
//     stops at the end of the input): '10:11:12' with '%H:%i:%s.%f' was
//     NULL. Input left after the format is warning 1292.
//   - a date GMS moved (2024-02-30 became 2024-03-01) is NULL with 1411.
type strToDate struct {
	*function.StrToDate
}

var _ sql.FunctionExpression = (*strToDate)(nil)

func newStrToDate(date, format sql.Expression) sql.Expression {
	return &strToDate{function.NewStrToDate(date, format).(*function.StrToDate)}
}

func (s *strToDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 2)
	}
	return newStrToDate(children[0], children[1]), nil
}

// Type is MySQL's (fix_from_format): DATE for a format of date parts,
// TIME(0|6) for one of time parts, DATETIME(0|6) for both, six fractional
// digits with %f; DATETIME(6) when the format is not a constant.
func (s *strToDate) Type() sql.Type {
	t := s.StrToDate.Type()
	lit, ok := s.Format.(*expression.Literal)
	if !ok {
		return types.DatetimeMaxPrecision
	}
	f, _ := lit.Value().(string)
	fsp := 0
	if hasFraction(f) {
		fsp = 6
	}
	switch {
	case weekFormat(f) && !strings.ContainsAny(f, "HhIiklSsTrpf"):
		// GMS does not know the week specifiers: their formats are
		// dates (strToDateWeek reads no time part).
		return types.Date
	case types.IsTimespan(t) || timetype.Is(t):
		return timetype.New(fsp)
	case t == types.Date:
		return t
	}
	return types.MustCreateDatetimeType(sqltypes.Datetime, fsp)
}

// hasFraction reports whether format has %f (not %%f).
func hasFraction(format string) bool {
	for i := 0; i+1 < len(format); i++ {
		if format[i] == '%' {
			if format[i+1] == 'f' {
				return true
			}
			i++
		}
	}
	return false
}

func (s *strToDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	d, err := s.Date.Eval(ctx, row)
	if err != nil || d == nil {
		return nil, err
	}
	f, err := s.Format.Eval(ctx, row)
	if err != nil || f == nil {
		return nil, err
	}
	ds, ok1 := asString(d)
	fs, ok2 := asString(f)
	if !ok1 || !ok2 {
		return s.StrToDate.Eval(ctx, row)
	}
	if weekFormat(fs) {
		t, st := strToDateWeek(ds, fs) // strtodateweek.go
		switch st {
		case weekUnknown:
			return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
				"This version of MySQL doesn't yet support 'STR_TO_DATE of a week-based format (%%X, %%V, %%U ...) with specifiers other than years, weeks, weekdays, months and days'")
		case weekZeroDate, weekZeroPart:
			if zero, err := s.zeroParts(ctx, st == weekZeroDate); err != nil || zero != nil {
				return zero, err
			}
			fallthrough
		case weekNull:
			ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1411,
				Message: fmt.Sprintf("Incorrect datetime value: '%s' for function str_to_date", ds)})
			return nil, nil
		}
		return t, nil
	}
	lay := strLayout(ds, fs)
	if lay.bad {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1411,
			Message: fmt.Sprintf("Incorrect datetime value: '%s' for function str_to_date", ds)})
		return nil, nil
	}
	if lay.ok && lay.zeroMD {
		if zero, err := s.zeroParts(ctx, lay.allZero); err != nil || zero != nil {
			return zero, err
		}
	}
	in, format := ds, fs
	if lay.ok {
		in, format = lay.input, lay.format
	}
	v, perr := dateparse.ParseDateWithFormat(in, format)
	t, ok := v.(time.Time)
	if perr != nil || !ok || normalized(ctx, in, format, t) {
		if perr == nil && v == nil {
			// dateparse's answer for input with no part.
			return nil, nil
		}
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1411,
			Message: fmt.Sprintf("Incorrect datetime value: '%s' for function str_to_date", ds)})
		return nil, nil
	}
	if t.Year() == 0 && t.YearDay() == 1 && strings.Contains(fs, "%Y") && !timetype.Is(s.Type()) {
		// A year written 0000 with January 1st: see mysqlTime.yearZeroJan1.
		return nil, errYearZero(mysqlTime{m: 1, d: 1, h: t.Hour(), mi: t.Minute(), s: t.Second(), us: t.Nanosecond() / 1000})
	}
	if lay.ok && lay.trailing {
		kind := "datetime"
		switch typ := s.Type(); {
		case typ == types.Date:
			kind = "date"
		case timetype.Is(typ):
			kind = "time"
		}
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
			Message: fmt.Sprintf("Truncated incorrect %s value: '%s'", kind, ds)})
	}
	if !strings.Contains(fs, "%p") && !strings.Contains(fs, "%r") {
		return t, nil
	}
	switch meridiem(ds) {
	case "PM":
		if t.Hour() < 12 {
			t = t.Add(12 * time.Hour)
		}
	case "AM":
		if t.Hour() == 12 {
			t = t.Add(-12 * time.Hour)
		}
	}
	return t, nil
}

// zeroParts answers a date with a zero month or day as sql_mode lets
// MySQL: under NO_ZERO_IN_DATE (NO_ZERO_DATE for the zero date) NULL with
// 1411, as before (nil, nil: the general path's answer); otherwise MySQL
// returns the date, which only the zero date can be here: a DATE such as
// 2024-00-05 is refused (1235), not answered NULL as GMS did.
func (s *strToDate) zeroParts(ctx *sql.Context, allZero bool) (any, error) {
	strict := sqlModeHas(ctx, "TRADITIONAL")
	if allZero {
		if strict || sqlModeHas(ctx, "NO_ZERO_DATE") {
			return nil, nil
		}
		if s.Type() == types.Date {
			return zeroDatetime, nil
		}
	} else if strict || sqlModeHas(ctx, "NO_ZERO_IN_DATE") {
		return nil, nil
	}
	return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"This version of MySQL doesn't yet support 'a date with a zero month or day from STR_TO_DATE when sql_mode has no NO_ZERO_IN_DATE'")
}

// layout is what strLayout makes of an input and a format.
type layout struct {
	ok bool
	// input is the input with the digits of %f written as six (the
	// microseconds GMS's parser reads) and anything after the format
	// dropped; format is the format up to where the input ends.
	input, format string
	trailing      bool // the input had more than spaces after the format
	// zeroMD: a month or day part read 0; allZero: every date part did.
	zeroMD, allZero bool
	// bad: a part out of its range, which MySQL's extract_date_time
	// refuses (NULL with 1411): a minute or second above 59, an hour
	// above 23, a 12-hour hour outside 1-12, a month above 12, a day above
	// 31. GMS's parser carried them (12:60:00 was 13:00:00).
	bad bool
}

// specMax is the largest value extract_date_time accepts for a specifier
// (a 12-hour hour must also not be 0).
var specMax = map[byte]int{
	'i': 59, 's': 59, 'S': 59, 'H': 23, 'k': 23, 'h': 12, 'I': 12, 'l': 12,
	'm': 12, 'c': 12, 'd': 31, 'e': 31,
}

// specWidth is how many digits MySQL's extract_date_time reads for a
// numeric specifier.
var specWidth = map[byte]int{
	'Y': 4, 'X': 4, 'x': 4, 'j': 3, 'w': 1,
	'y': 2, 'm': 2, 'c': 2, 'd': 2, 'e': 2, 'H': 2, 'k': 2, 'h': 2, 'I': 2,
	'l': 2, 'i': 2, 's': 2, 'S': 2, 'U': 2, 'u': 2, 'V': 2, 'v': 2, 'f': 6,
}

// dateSpecs are the specifiers of date parts.
const dateSpecs = "YyXxjwmcdeDMbWaUuVv"

// strLayout walks format over input as MySQL's extract_date_time does
// (spaces before a specifier skipped, a space in the format matches
// nothing, other characters match themselves, numbers of at most
// specWidth digits) to find the digits %f reads and where the input or
// the format ends. ok is false for what it does not follow (names, %D,
// %., a number after more than six fraction digits, a date part the input
// ends before): GMS's parser alone then answers.
func strLayout(input, format string) layout {
	format = strings.NewReplacer("%T", "%H:%i:%s", "%r", "%I:%i:%S %p").Replace(format)
	var out strings.Builder
	i := 0
	dateParts, dateZeros, zeroMD := 0, 0, false
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	for p := 0; p < len(format); p++ {
		if i >= len(input) {
			// MySQL stops here; parts not read are 0, which only a time
			// part may be for a value GMS can hold.
			rest := format[p:]
			for q := 0; q+1 < len(rest); q++ {
				if rest[q] == '%' {
					if strings.IndexByte(dateSpecs, rest[q+1]) >= 0 {
						return layout{}
					}
					q++
				}
			}
			return layout{ok: true, input: out.String(), format: strings.TrimRight(format[:p], " ")}
		}
		c := format[p]
		if c != '%' || p+1 == len(format) {
			if c == ' ' {
				continue
			}
			if input[i] != c {
				return layout{}
			}
			out.WriteByte(c)
			i++
			continue
		}
		p++
		spec := format[p]
		for i < len(input) && input[i] == ' ' {
			out.WriteByte(' ')
			i++
		}
		switch w := specWidth[spec]; {
		case spec == 'p':
			if i+2 > len(input) {
				return layout{}
			}
			out.WriteString(input[i : i+2])
			i += 2
		case w > 0:
			j := i
			for j < len(input) && j-i < w && isDigit(input[j]) {
				j++
			}
			if j == i {
				return layout{}
			}
			if spec == 'f' {
				out.WriteString((input[i:j] + "000000")[:6])
				if j < len(input) && isDigit(input[j]) {
					// A seventh digit: MySQL leaves it to what follows.
					if strings.TrimSpace(format[p+1:]) != "" {
						return layout{}
					}
					for j < len(input) && isDigit(input[j]) {
						j++
					}
					return layout{ok: true, input: out.String(), format: format[:p+1], trailing: true}
				}
			} else {
				out.WriteString(input[i:j])
				n, _ := strconv.Atoi(input[i:j])
				if m, ok := specMax[spec]; ok && (n > m || n == 0 && strings.IndexByte("hIl", spec) >= 0) {
					return layout{bad: true}
				}
				if strings.IndexByte("YyXxmcde", spec) >= 0 {
					dateParts++
					if n == 0 {
						dateZeros++
						zeroMD = zeroMD || strings.IndexByte("mcde", spec) >= 0
					}
				}
			}
			i = j
		default:
			return layout{}
		}
	}
	rest := input[i:]
	return layout{ok: true, input: out.String(), format: format, trailing: strings.TrimSpace(rest) != "",
		zeroMD: zeroMD, allZero: zeroMD && dateZeros == dateParts}
}

// meridiem is "AM" or "PM" when s holds one after a digit or a space.
func meridiem(s string) string {
	u := strings.ToUpper(s)
	for i := 1; i+1 < len(u); i++ {
		if (u[i] == 'A' || u[i] == 'P') && u[i+1] == 'M' {
			if c := u[i-1]; c == ' ' || (c >= '0' && c <= '9') {
				return u[i : i+2]
			}
		}
	}
	return ""
}

func init() {
	functions["str_to_date"] = sql.Function2{Name: "str_to_date", Fn: newStrToDate}
}

// normalized reports whether GMS's parse of ds moved a part that is no
// date (2024-02-30 became 2024-03-01; MySQL: NULL with warning 1411), for
// formats of numeric parts only: the numbers of ds and of t printed with
// the same format differ.
func normalized(ctx *sql.Context, ds, format string, t time.Time) bool {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			continue
		}
		i++
		if !strings.ContainsRune("YmdceHisTf", rune(format[i])) {
			return false
		}
	}
	df := function.NewDateFormat(expression.NewLiteral(t, types.DatetimeMaxPrecision),
		expression.NewLiteral(format, types.LongText))
	out, err := df.Eval(ctx, nil)
	os, ok := out.(string)
	if err != nil || !ok {
		return false
	}
	a, b := numbersIn(ds), numbersIn(os)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return true
		}
	}
	return false
}

func numbersIn(s string) []int64 {
	var out []int64
	cur, in := int64(0), false
	for _, c := range s {
		if c >= '0' && c <= '9' {
			cur, in = cur*10+int64(c-'0'), true
			continue
		}
		if in {
			out = append(out, cur)
		}
		cur, in = 0, false
	}
	if in {
		out = append(out, cur)
	}
	return out
}
