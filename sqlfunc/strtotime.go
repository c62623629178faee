package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// strTime is a string read as a TIME the way MySQL's str_to_time reads it
// (sql-common/my_time.cc), the reading behind every function that takes a
// TIME argument (get_time: TIME(), TIME_TO_SEC, HOUR, TIME_FORMAT,
// TIMEDIFF, ADDTIME). GMS and the readers written before this one each
// parsed a part of that grammar and answered NULL for the rest: a date
// alone ('2020-10-24' is 00:20:20, its leading number), a value beyond
// 838:59:59 (clamped), text after the time (' 10:11:12 ', '10:11:12abc',
// read with a warning), a trailing '.'.
type strTime struct {
	us int64 // signed microseconds, within TIME's range
	// dt is set when the text is a datetime (12 characters or more that
	// read as one): its time of day is us, and TIMEDIFF and ADDTIME treat
	// it as a DATETIME.
	dt *mysqlTime
	// warn: MySQL's 1292 Truncated incorrect time value (text after the
	// value, or a value clamped to 838:59:59).
	warn bool
}

// strToTime reads s as str_to_time does. ok is false where MySQL's answer
// is NULL with a warning: no leading digit, a minute or second of 60 or
// more, an exponent, a datetime of 12 or more characters with a part out
// of range. Callers that keep an older reading for texts not starting with
// a digit check ok first.
func strToTime(s string) (strTime, bool) {
	rest := strings.TrimLeft(s, " \t\n\r\v\f")
	neg := false
	if strings.HasPrefix(rest, "-") {
		neg, rest = true, rest[1:]
	}
	if rest == "" || !isDigit(rest[0]) {
		return strTime{}, false
	}
	if len(rest) >= 12 && !neg {
		// Probably a full datetime (str_to_datetime with
		// TIME_DATETIME_ONLY): its time of day. A shape it does not
		// know ('1 10:11:12.5') is read as a time below.
		if t, ok, known := parseDateText(rest); known {
			if !ok || !checkDate(t, fuzzyDate) || t.h > 23 {
				return strTime{}, false
			}
			return datetimeTime(t), true
		}
		if d, _, _, ok := parseDatetime(rest); ok {
			// 'YYYY-MM-DD hh:mm' and other literal shapes.
			y, mo, dd := d.Date()
			return datetimeTime(mysqlTime{y: y, m: int(mo), d: dd, h: d.Hour(), mi: d.Minute(), s: d.Second(), us: d.Nanosecond() / 1000}), true
		}
	}
	i := 0
	num := func() (uint64, bool) {
		var v uint64
		for i < len(rest) && isDigit(rest[i]) {
			v = v*10 + uint64(rest[i]-'0')
			if v > 1<<32-1 {
				return v, false
			}
			i++
		}
		return v, true
	}
	var date [5]uint64 // days, hours, minutes, seconds, microseconds
	v, ok := num()
	if !ok {
		return strTime{}, false
	}
	endOfDays := i
	for i < len(rest) && isSpace(rest[i]) {
		i++
	}
	// The parts not read stay 0 ('1 02' is 26:00:00, '12:5' 12:05:00).
	state := 0
	switch {
	case len(rest)-i > 1 && i != endOfDays && isDigit(rest[i]):
		date[0], state = v, 1 // days
	case len(rest)-i > 1 && rest[i] == ':' && isDigit(rest[i+1]):
		date[1], state = v, 2 // hours
		i++
	default:
		// One number: [H]HMMSS.
		i = endOfDays
		date[1], date[2], date[3] = v/10000, v/100%100, v%100
		state = 4
	}
	if state < 4 {
		for {
			v, ok := num()
			if !ok {
				return strTime{}, false
			}
			date[state] = v
			state++
			if state == 4 || len(rest)-i < 2 || rest[i] != ':' || !isDigit(rest[i+1]) {
				break
			}
			i++
		}
	}
	if len(rest)-i >= 2 && rest[i] == '.' && isDigit(rest[i+1]) {
		i++
		var us uint64
		n := 0
		for ; i < len(rest) && isDigit(rest[i]); i++ {
			if n < 6 {
				us = us*10 + uint64(rest[i]-'0')
			} else if n == 6 && rest[i] >= '5' {
				// MySQL 8.0 rounds the seventh digit (without
				// TIME_TRUNCATE_FRACTIONAL).
				us++
			}
			n++
		}
		for ; n < 6; n++ {
			us *= 10
		}
		date[4] = us
	} else if len(rest)-i == 1 && rest[i] == '.' {
		i++
	}
	if len(rest)-i > 1 && (rest[i] == 'e' || rest[i] == 'E') &&
		(isDigit(rest[i+1]) || (rest[i+1] == '-' || rest[i+1] == '+') && len(rest)-i > 2 && isDigit(rest[i+2])) {
		return strTime{}, false
	}
	if date[2] > 59 || date[3] > 59 {
		return strTime{}, false
	}
	var r strTime
	hours := date[1] + date[0]*24
	total := int64(0)
	if hours > 838 {
		total, r.warn = maxTimeMicros, true
	} else {
		total = ((int64(hours)*60+int64(date[2]))*60+int64(date[3]))*1_000_000 + int64(date[4])
		if total > maxTimeMicros {
			total, r.warn = maxTimeMicros, true
		}
	}
	for ; i < len(rest); i++ {
		if !isSpace(rest[i]) {
			r.warn = true
			break
		}
	}
	if neg {
		total = -total
	}
	r.us = total
	return r, true
}

func datetimeTime(t mysqlTime) strTime {
	us := ((int64(t.h)*60+int64(t.mi))*60+int64(t.s))*1_000_000 + int64(t.us)
	return strTime{us: us, dt: &t}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// warnTime is MySQL's warning for a TIME text read with truncation or
// clamping, or refused.
func warnTime(ctx *sql.Context, s string) {
	if ctx == nil || ctx.Session == nil {
		return
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERTruncatedWrongValue,
		Message: fmt.Sprintf("Truncated incorrect time value: '%s'", s)})
}

// timeString reads s as a TIME argument (strToTime), giving MySQL's
// warning. handled is false for a text that does not start with a digit
// (after spaces and a sign), which callers read as they did before; st is
// nil where MySQL's answer is NULL.
func timeString(ctx *sql.Context, s string) (st *strTime, handled bool) {
	r, ok := strToTime(s)
	if !ok {
		t := strings.TrimPrefix(strings.TrimLeft(s, " \t\n\r\v\f"), "-")
		if t == "" || !isDigit(t[0]) {
			return nil, false
		}
		warnTime(ctx, s)
		return nil, true
	}
	if r.warn {
		warnTime(ctx, s)
	}
	return &r, true
}
