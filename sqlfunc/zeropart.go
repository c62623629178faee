package sqlfunc

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// This file owns "a date with zero parts": how a date-part function's
// argument is read as MySQL 8.0's MYSQL_TIME, which (unlike Go's time.Time
// and GMS's parser) holds a zero month or day ('2024-00-05'), and when the
// reading fails (NULL with warning 1292).
//
// MySQL reads the argument with get_arg0_date(flags): a string through
// str_to_datetime_with_warn, which adds NO_ZERO_DATE and INVALID_DATES from
// sql_mode (never NO_ZERO_IN_DATE); a number through number_to_datetime
// (YYMMDD, YYYYMMDD, YYMMDDhhmmss, YYYYMMDDhhmmss; a DOUBLE's or DECIMAL's
// fraction is microseconds) with the function's flags only; a DATE or
// DATETIME column with the function's flags only, without a warning. Then
// check_date: a zero month or day is refused unless the function reads with
// TIME_FUZZY_DATE, a day past the month's end unless INVALID_DATES, the zero
// date under TIME_NO_ZERO_DATE.

// dateFlags are MySQL's my_time_flags_t bits this reading uses.
type dateFlags int

const (
	// fuzzyDate: zero month or day allowed (MONTH, DAYOFMONTH, YEAR,
	// QUARTER, MONTHNAME, EXTRACT of date units, DATE, DATE_FORMAT,
	// LAST_DAY).
	fuzzyDate dateFlags = 1 << iota
	// noZeroDate: '0000-00-00' refused (TO_DAYS, TO_SECONDS, DAYOFYEAR,
	// WEEK, YEARWEEK, WEEKDAY, DAYOFWEEK, DAYNAME); these also lack
	// fuzzyDate, so a zero part is refused too.
	noZeroDate
	invalidDates
	// noDateFracWarn: a YYYYMMDD.f number's dropped fraction is not
	// warned about (DATE()).
	noDateFracWarn
)

// numberIsDate: number_to_datetime reads nr as a DATE (YYMMDD or
// YYYYMMDD), not a DATETIME.
func numberIsDate(nr int64) bool {
	return nr != 0 && nr < 10000101000000 && nr <= 99991231
}

// mysqlTime is MySQL's MYSQL_TIME of a date or datetime.
type mysqlTime struct {
	y, m, d, h, mi, s, us int
}

func (t mysqlTime) zeroDate() bool { return t.y == 0 && t.m == 0 && t.d == 0 }

// real: a date GMS can hold (no zero part, a day of the month, not
// 0000-01-01, which GMS writes as the zero date).
// zeroPart: a month or day is 0 and the date is not the zero date.
func (t mysqlTime) zeroPart() bool {
	return (t.m == 0 || t.d == 0) && !t.zeroDate()
}

// yearZeroJan1: 0000-01-01, a real date to MySQL that GMS holds as the
// zero date (its '0000-00-00' is 0000-01-01): answered or stored as such it
// would read back as 0000-00-00, so it is refused (errYearZero).
func (t mysqlTime) yearZeroJan1() bool { return t.y == 0 && t.m == 1 && t.d == 1 }

func (t mysqlTime) real() bool {
	return t.m != 0 && t.d != 0 && validDate(t.y, t.m, t.d) && !(t.y == 0 && t.m == 1 && t.d == 1)
}

func (t mysqlTime) goTime() time.Time {
	return time.Date(t.y, time.Month(t.m), t.d, t.h, t.mi, t.s, t.us*1000, time.UTC)
}

func (t mysqlTime) dateText() string { return fmt.Sprintf("%04d-%02d-%02d", t.y, t.m, t.d) }

// dayNr is MySQL's calc_daynr, also of zero parts (as MySQL computes it).
func (t mysqlTime) dayNr() int { return dayNumber(t.y, t.m, t.d) }

// readStatus says how reading an argument went.
type readStatus int

const (
	readOK readStatus = iota
	// readNull: NULL (the argument is NULL, or MySQL refuses it; the
	// warning, if MySQL gives one, was pushed).
	readNull
	// readOther: a value this reader leaves to GMS's function (a TIME, a
	// string of a shape not read here).
	readOther
)

// gmsZeroTime is how GMS's DATE and DATETIME types hold '0000-00-00'.
var gmsZeroTime = time.Unix(-62167219200, 0).UTC()

func validDate(y, m, d int) bool {
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return y >= 0 && t.Year() == y && int(t.Month()) == m && t.Day() == d
}

var daysInMonth = [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

// checkDate is MySQL's check_date.
func checkDate(t mysqlTime, f dateFlags) bool {
	if t.zeroDate() {
		return f&noZeroDate == 0
	}
	if f&fuzzyDate == 0 && (t.m == 0 || t.d == 0) {
		return false
	}
	if f&invalidDates == 0 && t.m != 0 && t.d > daysInMonth[t.m-1] &&
		!(t.m == 2 && t.d == 29 && daysInYear(t.y) == 366) {
		return false
	}
	return true
}

func warnDatetime(ctx *sql.Context, text string) {
	if ctx != nil && ctx.Session != nil {
		ctx.Warn(1292, "Incorrect datetime value: '%s'", text)
	}
}

func sqlModeHas(ctx *sql.Context, mode string) bool {
	return ctx != nil && ctx.Session != nil && sql.LoadSqlMode(ctx).ModeEnabled(mode)
}

// readDate reads v, a date-part function's argument, as MySQL's
// get_arg0_date(flags) does.
// datePrefix is the date or datetime at the start of a text (parts of
// 1-4 digits between single punctuation characters).
var datePrefix = regexp.MustCompile(`^\s*\d{1,4}[-/.:]\d{1,2}[-/.:]\d{1,2}(?:[ T]+\d{1,2}(?:[-:.]\d{1,2}(?:[-:.]\d{1,2}(?:\.\d{1,6})?)?)?)?`)

// truncatedDate reads a text with characters after its date or datetime
// as str_to_datetime does: the value at its start, with warning 1292
// (DATE('2024-03-05x') and CAST('2024-03-05x' AS DATE) are 2024-03-05).
// ok is false when no date that check_date accepts under f starts s, or
// nothing follows it (parseDateText's business).
func truncatedDate(ctx *sql.Context, s string, f dateFlags) (mysqlTime, bool) {
	t, _, ok := truncatedDateText(ctx, s, f)
	return t, ok
}

// truncatedDateText is truncatedDate with the text read (the date at the
// start of s, spaces trimmed).
func truncatedDateText(ctx *sql.Context, s string, f dateFlags) (mysqlTime, string, bool) {
	m := datePrefix.FindString(s)
	if m == "" || len(strings.TrimSpace(m)) == len(strings.TrimSpace(s)) {
		return mysqlTime{}, "", false
	}
	t, ok, known := parseDateText(m)
	if !known || !ok || !checkDate(t, f) {
		return mysqlTime{}, "", false
	}
	warnDatetime(ctx, s)
	return t, strings.TrimSpace(m), true
}

// realDateText is s read as str_to_datetime reads a date or datetime
// argument (parseDateText, or the date before trailing text, with 1292),
// and the text read; ok only for a real date (no zero date or part: those
// are GMS's and sql_mode's business).
func realDateText(ctx *sql.Context, s string) (mysqlTime, string, bool) {
	t, ok, known := parseDateText(s)
	read := s
	if !known {
		t, read, ok = truncatedDateText(ctx, s, fuzzyDate)
	}
	return t, read, ok && t.real()
}

func readDate(ctx *sql.Context, v any, f dateFlags) (mysqlTime, readStatus) {
	if v == nil {
		return mysqlTime{}, readNull
	}
	switch x := v.(type) {
	case time.Time:
		// A DATE/DATETIME value: GMS holds the zero date as 0000-01-01.
		// MySQL reads a column with the function's flags, no warning.
		if x.Equal(gmsZeroTime) {
			if f&noZeroDate != 0 {
				return mysqlTime{}, readNull
			}
			return mysqlTime{}, readOK
		}
		return mysqlTime{x.Year(), int(x.Month()), x.Day(), x.Hour(), x.Minute(), x.Second(), x.Nanosecond() / 1000}, readOK
	case types.Timespan:
		return mysqlTime{}, readOther
	case string, []byte:
		s, _ := asString(v)
		if sqlModeHas(ctx, "NO_ZERO_DATE") || sqlModeHas(ctx, "TRADITIONAL") {
			f |= noZeroDate
		}
		if sqlModeHas(ctx, "INVALID_DATES") {
			f |= invalidDates
		}
		t, ok, known := parseDateText(s)
		if !known {
			if t, ok := truncatedDate(ctx, s, f); ok {
				return t, readOK
			}
			return t, readOther
		}
		if !ok || !checkDate(t, f) {
			warnDatetime(ctx, s)
			return mysqlTime{}, readNull
		}
		return t, readOK
	}
	d, text, isNum := numberOf(v)
	if !isNum {
		return mysqlTime{}, readOther
	}
	whole := d.Truncate(0)
	if d.Sign() < 0 || whole.GreaterThan(maxDatetimeNumber) {
		warnDatetime(ctx, text)
		return mysqlTime{}, readNull
	}
	nr := whole.IntPart()
	t, ok := numberToMySQLTime(nr, f)
	if !ok {
		warnDatetime(ctx, text)
		return mysqlTime{}, readNull
	}
	frac := d.Sub(whole)
	if frac.IsZero() {
		return t, readOK
	}
	if numberIsDate(nr) {
		// lldiv_t_to_datetime: a DATE's fraction is dropped with a
		// warning, except for CAST and DATE() (TIME_NO_DATE_FRAC_WARN).
		if f&noDateFracWarn == 0 && ctx != nil && ctx.Session != nil {
			ctx.Warn(1292, "Truncated incorrect date value: '%s'", text)
		}
		return t, readOK
	}
	// A DATETIME's fraction is microseconds, rounded.
	if t.us = micros(frac); t.us >= 1_000_000 {
		// Rounding up into the next second is rare; leave it to GMS.
		return mysqlTime{}, readOther
	}
	return t, readOK
}

// maxDatetimeNumber is 9999-99-99 99:99:99 as a number, the largest
// number_to_datetime reads.
var maxDatetimeNumber = decimal.NewFromInt(99999999999999)

// numberOf is a numeric argument as a decimal, and its text as MySQL's
// warnings quote it; isNum is false for other values (and NaN, Inf).
func numberOf(v any) (d decimal.Decimal, text string, isNum bool) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return d, "", false
		}
		return decimal.NewFromFloat(x), strconv.FormatFloat(x, 'f', -1, 64), true
	case float32:
		d = decimal.NewFromFloat32(x)
	case decimal.Decimal:
		d = x
	default:
		b, ok := toBig(v)
		if !ok {
			return d, "", false
		}
		d = decimal.NewFromBigInt(b, 0)
	}
	return d, d.String(), true
}

// micros is a fraction of a second as microseconds, rounded.
func micros(frac decimal.Decimal) int {
	return int(frac.Shift(6).Round(0).IntPart())
}

// numberToDatetime is MySQL's number_to_datetime: ok is false where MySQL
// answers -1 (NULL with a warning).
func numberToMySQLTime(nr int64, f dateFlags) (mysqlTime, bool) {
	switch {
	case nr == 0 || nr >= 10000101000000:
		if nr > 99999999999999 {
			return mysqlTime{}, false
		}
	case nr < 101:
		return mysqlTime{}, false
	case nr <= 691231:
		nr = (nr + 20000000) * 1000000 // YYMMDD, 2000-2069
	case nr < 700101:
		return mysqlTime{}, false
	case nr <= 991231:
		nr = (nr + 19000000) * 1000000 // YYMMDD, 1970-1999
	case nr < 10000101:
		return mysqlTime{}, false
	case nr <= 99991231:
		nr *= 1000000
	case nr < 101000000:
		return mysqlTime{}, false
	case nr <= 691231235959:
		nr += 20000000000000 // YYMMDDhhmmss, 2000-2069
	case nr < 700101000000:
		return mysqlTime{}, false
	case nr <= 991231235959:
		nr += 19000000000000
	}
	date, clock := nr/1000000, nr%1000000
	t := mysqlTime{
		y: int(date / 10000), m: int(date / 100 % 100), d: int(date % 100),
		h: int(clock / 10000), mi: int(clock / 100 % 100), s: int(clock % 100),
	}
	if t.y > 9999 || t.m > 12 || t.d > 31 || t.h > 23 || t.mi > 59 || t.s > 59 || !checkDate(t, f) {
		return mysqlTime{}, false
	}
	return t, true
}

// parseDateText reads a date or datetime string as MySQL's str_to_datetime
// for the shapes written here: delimited 'Y-M-D[ h:m:s[.f]]' (any
// punctuation between parts, a 'T' or spaces before the time) and the
// digit-only YYMMDD, YYYYMMDD, YYMMDDhhmmss and YYYYMMDDhhmmss[.f]. ok is
// false for a value MySQL refuses (a part out of range, no date at all);
// known is false for a shape left to GMS (trailing text, which MySQL reads
// with a truncation warning).
func parseDateText(s string) (t mysqlTime, ok, known bool) {
	s = strings.TrimLeft(s, " \t\n\r")
	s = strings.TrimRight(s, " \t\n\r")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return t, false, true
	}
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits == len(s) || s[digits] == '.' && digits >= 12 {
		return parseDigitDate(s, digits)
	}
	var parts []int
	var widths []int
	i := 0
	frac := -1
	for i < len(s) && len(parts) < 6 {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 4 && len(parts) > 0 {
			return t, false, false
		}
		n, _ := strconv.Atoi(s[i:j])
		parts, widths = append(parts, n), append(widths, j-i)
		i = j
		if i == len(s) {
			break
		}
		if len(parts) == 6 {
			break
		}
		// One separator between date parts, spaces or 'T' before the
		// time, one ':'-like separator inside it.
		if len(parts) == 3 {
			k := i
			for k < len(s) && (s[k] == ' ' || s[k] == 'T') {
				k++
			}
			if k == i {
				return t, false, false
			}
			i = k
			continue
		}
		if !isPunct(s[i]) {
			return t, false, false
		}
		i++
	}
	if i < len(s) {
		if len(parts) != 6 || s[i] != '.' {
			return t, false, false
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j != len(s) || j == i+1 {
			return t, false, false
		}
		frac = fracMicros(s[i+1 : j])
		if frac < 0 {
			return t, false, false
		}
	}
	if len(parts) < 3 {
		return t, false, true
	}
	if widths[0] <= 2 {
		parts[0] = yearOf2(parts[0])
	}
	t = mysqlTime{y: parts[0], m: parts[1], d: parts[2]}
	// The time's missing trailing parts are 0: str_to_datetime reads
	// '2024-01-31 10' as 10:00:00 and '2024-01-31 10:30' as 10:30:00.
	if len(parts) > 3 {
		t.h = parts[3]
	}
	if len(parts) > 4 {
		t.mi = parts[4]
	}
	if len(parts) > 5 {
		t.s = parts[5]
	}
	if frac > 0 {
		t.us = frac
	}
	return t, t.m <= 12 && t.d <= 31 && t.h <= 23 && t.mi <= 59 && t.s <= 59, true
}

// yearOf2 is MySQL's two-digit year: 00-69 are 2000-2069.
func yearOf2(y int) int {
	if y < 70 {
		return y + 2000
	}
	return y + 1900
}

// fracMicros is a fraction's digits as microseconds, or -1 when rounding
// would carry into the seconds (left to GMS).
func fracMicros(ds string) int {
	for len(ds) < 6 {
		ds += "0"
	}
	us, _ := strconv.Atoi(ds[:6])
	if len(ds) > 6 && ds[6] >= '5' {
		us++
	}
	if us >= 1_000_000 {
		return -1
	}
	return us
}

func parseDigitDate(s string, digits int) (t mysqlTime, ok, known bool) {
	d := s[:digits]
	n := func(a, b int) int { v, _ := strconv.Atoi(d[a:b]); return v }
	switch digits {
	case 6:
		t = mysqlTime{y: yearOf2(n(0, 2)), m: n(2, 4), d: n(4, 6)}
	case 8:
		t = mysqlTime{y: n(0, 4), m: n(4, 6), d: n(6, 8)}
	case 12:
		t = mysqlTime{y: yearOf2(n(0, 2)), m: n(2, 4), d: n(4, 6), h: n(6, 8), mi: n(8, 10), s: n(10, 12)}
	case 14:
		t = mysqlTime{y: n(0, 4), m: n(4, 6), d: n(6, 8), h: n(8, 10), mi: n(10, 12), s: n(12, 14)}
	default:
		return t, false, false
	}
	if digits < len(s) {
		if digits < 12 {
			return t, false, false
		}
		rest := s[digits+1:]
		for _, c := range rest {
			if c < '0' || c > '9' {
				return t, false, false
			}
		}
		if t.us = fracMicros(rest); t.us < 0 || rest == "" {
			return t, false, false
		}
	}
	return t, t.m <= 12 && t.d <= 31 && t.h <= 23 && t.mi <= 59 && t.s <= 59, true
}

// unixTimestampNumber reads an integer argument of UNIX_TIMESTAMP as
// MySQL's Item::get_timeval: the date number_to_datetime reads
// (UNIX_TIMESTAMP(20240305) is that midnight's; GMS answered 0), or, for a
// number that is no date or has a zero part, the zero time (UNIX_TIMESTAMP
// answers 0; readDate warned where MySQL does). ok is false for other
// values.
func unixTimestampNumber(ctx *sql.Context, v any) (time.Time, bool) {
	var d decimal.Decimal
	switch n := v.(type) {
	case float64:
		d = decimal.NewFromFloat(n)
	case decimal.Decimal:
		d = n
	}
	if !d.IsZero() && d.Sign() > 0 {
		// A DOUBLE or DECIMAL: its integer part read as a datetime
		// number, its fraction the microseconds (MySQL's
		// UNIX_TIMESTAMP(20240101123456.25) is 1704112496.25 in UTC;
		// GMS answered 0).
		whole := d.Truncate(0)
		if !whole.IsInteger() || whole.GreaterThan(decimal.New(99991231235959, 0)) {
			return time.Time{}, false
		}
		t, st := readDate(ctx, whole.IntPart(), fuzzyDate)
		if st == readOK && t.real() {
			if whole.LessThan(decimal.New(1, 11)) {
				// A date alone (YYYYMMDD.f): the fraction is no
				// seconds' (MariaDB's answer; MySQL's
				// number_to_datetime gives a DATE).
				return t.goTime(), true
			}
			return t.goTime().Add(time.Duration(micros(d.Sub(whole))) * time.Microsecond), true
		}
		return time.Time{}, st != readOther
	}
	if _, isInt := toBig(v); !isInt {
		return time.Time{}, false
	}
	t, st := readDate(ctx, v, fuzzyDate)
	if st == readOK && t.real() {
		return t.goTime(), true
	}
	return time.Time{}, st != readOther
}

// IsZeroDateValue reports whether v, read from a DATE or DATETIME column, is
// MySQL's zero date (GMS holds '0000-00-00' as gmsZeroTime).
func IsZeroDateValue(v any) bool {
	t, ok := v.(time.Time)
	return ok && t.Equal(gmsZeroTime)
}
