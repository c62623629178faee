package sqlfunc

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// extractFn is EXTRACT(unit FROM x) as MySQL's Item_extract: the date
// units (YEAR, QUARTER, MONTH, WEEK, DAY, YEAR_MONTH) read x with
// TIME_FUZZY_DATE (zeropart.go: zero parts, the zero date, numbers), the
// others as a TIME: a string that is a TIME ('10:20:30' has HOUR 10; GMS
// read every string as a DATETIME, NULL), a datetime string or a 12- or
// 14-digit number by its time of day (and day). What neither reads is
// GMS's.
type extractFn struct {
	*function.Extract
}

func (e *extractFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := e.Extract.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &extractFn{n.(*function.Extract)}, nil
}

// timeOfDayUnit: the units MySQL extracts from a TIME.
func timeOfDayUnit(u string) bool {
	switch u {
	case "HOUR", "MINUTE", "SECOND", "MICROSECOND", "HOUR_MINUTE", "HOUR_SECOND", "HOUR_MICROSECOND",
		"MINUTE_SECOND", "MINUTE_MICROSECOND", "SECOND_MICROSECOND":
		return true
	}
	return false
}

func dateUnit(u string) bool {
	switch u {
	case "YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "YEAR_MONTH":
		return true
	}
	return false
}

func (e *extractFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	u, err := e.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	us, ok := u.(string)
	if !ok {
		return e.Extract.Eval(ctx, row)
	}
	us = strings.ToUpper(us)
	v, err := e.RightChild.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if dateUnit(us) {
		t, st := readDate(ctx, v, fuzzyDate)
		switch st {
		case readNull:
			return nil, nil
		case readOK:
			return extractDate(ctx, us, t), nil
		}
		return e.Extract.Eval(ctx, row)
	}
	// A short date string is a date at midnight, as GMS read a valid one
	// and MariaDB's EXTRACT answers ('2024-00-05' too: DAY_HOUR 500);
	// MySQL's str_to_time reading of it for EXTRACT is unverified.
	if s, ok := asString(v); ok && len(strings.TrimSpace(s)) < 12 && leadingDateNumber.MatchString(strings.TrimSpace(s)) {
		if t, ok, known := parseDateText(s); ok && known && checkDate(t, fuzzyDate) {
			return extractTime(us, t)
		}
	}
	if t, ok := clockOf(ctx, v, false); ok {
		return extractTime(us, t)
	}
	if s, ok := asString(v); ok && timeOfDayUnit(us) {
		// As TIME first, as MySQL reads it for these units ('13:04:05'
		// would also read as the date 2013-04-05).
		if ts, ok := parseTime(s); ok {
			return extractTimespan(ctx, us, ts)
		}
	}
	if ts, ok := v.(types.Timespan); ok && timeOfDayUnit(us) {
		return extractTimespan(ctx, us, ts)
	}
	return e.Extract.Eval(ctx, row)
}

// extractTimespan is a unit of a TIME, negative for a negative TIME as
// Item_extract::val_int multiplies by the sign: GMS extracted from the
// clock time before midnight (HOUR of -01:02:03 was 22, MINUTE_SECOND 5757;
// MySQL -1 and -203).
func extractTimespan(ctx *sql.Context, unit string, ts types.Timespan) (any, error) {
	us := ts.AsMicroseconds()
	neg := us < 0
	if neg {
		ts = types.Time.MicrosecondsToTimespan(-us)
	}
	r, err := function.NewExtract(expression.NewLiteral(unit, types.LongText), expression.NewLiteral(ts, types.Time)).Eval(ctx, nil)
	if !neg || err != nil {
		return r, err
	}
	switch n := r.(type) {
	case int:
		return -n, nil
	case int64:
		return -n, nil
	case int32:
		return -n, nil
	}
	return r, nil
}

func extractDate(ctx *sql.Context, unit string, t mysqlTime) int64 {
	switch unit {
	case "YEAR":
		return int64(t.y)
	case "QUARTER":
		return int64((t.m + 2) / 3)
	case "MONTH":
		return int64(t.m)
	case "DAY":
		return int64(t.d)
	case "YEAR_MONTH":
		return int64(t.y*100 + t.m)
	}
	mode := int64(0)
	if sv, err := ctx.GetSessionVariable(ctx, "default_week_format"); err == nil {
		if m, _, err := types.Int64.Convert(ctx, sv); err == nil {
			mode = m.(int64)
		}
	}
	w, _ := calcWeek(t.y, t.m, t.d, weekMode(int(mode)))
	return int64(w)
}

// clockOf reads v for its time of day as MySQL's get_arg0_time does for
// the values GMS misreads: a datetime string ('2024-00-05 10:20:30':
// str_to_time reads a string of 12 or more characters as a datetime with
// TIME_FUZZY_DATE), a shorter date string ('2024-03-05': its leading
// number is the time, 00:20:24, the rest truncated with a warning), a
// number of 11 or more digits as a datetime (number_to_time, flags 0) and
// a number hhmmss. ok is false for anything else, and for a short date
// string unless shortDates.
func clockOf(ctx *sql.Context, v any, shortDates bool) (mysqlTime, bool) {
	if s, ok := asString(v); ok {
		trimmed := strings.TrimSpace(s)
		if len(trimmed) >= 12 {
			t, ok, known := parseDateText(s)
			return t, ok && known && checkDate(t, fuzzyDate)
		}
		m := leadingDateNumber.FindStringSubmatch(trimmed)
		if !shortDates || m == nil || len(m[1]) > 7 {
			return mysqlTime{}, false
		}
		n, _ := strconv.Atoi(m[1])
		t, ok := hhmmss(int64(n))
		if ok && ctx != nil && ctx.Session != nil {
			ctx.Warn(1292, "Truncated incorrect time value: '%s'", s)
		}
		return t, ok
	}
	d, _, isNum := numberOf(v) // zeropart.go
	if !isNum {
		return mysqlTime{}, false
	}
	whole := d.Truncate(0)
	if d.Sign() < 0 || whole.GreaterThan(maxDatetimeNumber) {
		return mysqlTime{}, false
	}
	var t mysqlTime
	var ok bool
	if nr := whole.IntPart(); nr >= 10000000000 {
		t, ok = numberToMySQLTime(nr, 0)
	} else {
		t, ok = hhmmss(nr)
	}
	if !ok {
		return t, false
	}
	if t.us = micros(d.Sub(whole)); t.us >= 1_000_000 {
		return t, false
	}
	return t, true
}

// leadingDateNumber is a short date string's first part.
var leadingDateNumber = regexp.MustCompile(`^(\d+)[-/]`)

// hhmmss is MySQL's number_to_time of a number up to 838:59:59.
func hhmmss(n int64) (mysqlTime, bool) {
	if n < 0 || n > 8385959 || n%100 > 59 || n/100%100 > 59 {
		return mysqlTime{}, false
	}
	return mysqlTime{h: int(n / 10000), mi: int(n / 100 % 100), s: int(n % 100)}, true
}

func extractTime(unit string, t mysqlTime) (any, error) {
	h, m, s, us := int64(t.h), int64(t.mi), int64(t.s), int64(t.us)
	switch unit {
	case "HOUR":
		return h, nil
	case "MINUTE":
		return m, nil
	case "SECOND":
		return s, nil
	case "MICROSECOND":
		return us, nil
	case "HOUR_MINUTE":
		return h*100 + m, nil
	case "HOUR_SECOND":
		return h*10000 + m*100 + s, nil
	case "HOUR_MICROSECOND":
		return (h*10000+m*100+s)*1000000 + us, nil
	case "MINUTE_SECOND":
		return m*100 + s, nil
	case "MINUTE_MICROSECOND":
		return (m*100+s)*1000000 + us, nil
	case "SECOND_MICROSECOND":
		return s*1000000 + us, nil
	}
	d := int64(t.d)
	switch unit {
	case "DAY_HOUR":
		return d*100 + h, nil
	case "DAY_MINUTE":
		return d*10000 + h*100 + m, nil
	case "DAY_SECOND":
		return d*1000000 + h*10000 + m*100 + s, nil
	case "DAY_MICROSECOND":
		return (d*1000000+h*10000+m*100+s)*1000000 + us, nil
	}
	return nil, nil
}
