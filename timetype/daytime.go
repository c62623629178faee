package timetype

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// dayTimeText is MySQL's 'D hh:mm:ss.f' TIME text and its shorter forms
// 'D hh:mm' and 'D hh': a day count (0..34), a space, then hours.
var dayTimeText = regexp.MustCompile(`^(-?)(\d{1,2})\s+(\d{1,3})(?::(\d{1,2})(?::(\d{1,2})(\.\d*)?)?)?$`)

// DayTime rewrites MySQL's day form of a TIME string ('1 10:00:00',
// '-2 01:02:03.5', '1 10:30', '1 10') as the hh:mm:ss text GMS reads
// ('34:00:00', '-49:02:03.5', '34:30:00', '34:00:00'); ok is false when s
// is not in that form. GMS's parser has no day field: it answered NULL (a
// CAST, a comparison) or refused the value with 1105 (an INSERT).
func DayTime(s string) (hms string, ok bool) {
	m := dayTimeText.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return s, false
	}
	days, _ := strconv.Atoi(m[2])
	hours, _ := strconv.Atoi(m[3])
	if days > 34 {
		// MySQL's limit for the day field: beyond it the text is not a TIME.
		return s, false
	}
	min, sec := m[4], m[5]
	if min == "" {
		min = "0"
	}
	if sec == "" {
		sec = "0"
	}
	var b strings.Builder
	b.WriteString(m[1])
	b.WriteString(strconv.Itoa(days*24 + hours))
	b.WriteByte(':')
	b.WriteString(min)
	b.WriteByte(':')
	b.WriteString(sec)
	b.WriteString(m[6])
	return b.String(), true
}

// datetimeTime is a date and a time of day ('2024-01-01 10:11:12.5', T
// or spaces between) or the 14 digits YYYYMMDDhhmmss[.f].
var datetimeTime = regexp.MustCompile(`^\s*(?:\d{2,4}-\d{1,2}-\d{1,2}[T ]+(\d{1,2}:\d{1,2}(?::\d{1,2})?(?:\.\d*)?)|\d{8}(\d{6}(?:\.\d*)?))\s*$`)

// TimeOfDatetime is the time of day of a DATETIME text, which MySQL's
// str_to_time reads for a TIME (a text of 12 characters or more is tried
// as a DATETIME first): '2024-01-01 10:11:12' stored into a TIME column
// is 10:11:12 (GMS refused it with 1105). ok is false for other text.
func TimeOfDatetime(s string) (string, bool) {
	if len(s) < len("0-1-1 1:1") {
		return s, false // too short to match: no regexp per short value
	}
	m := datetimeTime.FindStringSubmatch(s)
	switch {
	case m == nil:
		return s, false
	case m[1] != "":
		return m[1], true
	}
	return m[2], true
}

// dayTimeArg is v with a day-form or DATETIME string rewritten (the
// latter to its time of day); other values as they are.
//
// A DECIMAL is read as its text, [H]HMMSS.ffffff as MySQL reads it: GMS
// converted a DECIMAL through its integer part, so 1.25 stored into a
// TIME(6) column was 00:00:01.000000 (a DOUBLE and the text '1.25' kept
// the fraction).
func dayTimeArg(v interface{}) interface{} {
	switch x := v.(type) {
	case string:
		if r, ok := DayTime(x); ok {
			return r
		}
		if r, ok := TimeOfDatetime(x); ok {
			return r
		}
	case decimal.Decimal:
		return x.String()
	}
	return v
}

// The TIME(n) type's conversions read the day form too: INSERT into a TIME
// column and a comparison with a column (GMS converts the constant in the
// column's type) go through them. Compare is here because GMS's calls its
// own ConvertToTimespan, not this type's.

func (t Type) Convert(ctx context.Context, v interface{}) (interface{}, sql.ConvertInRange, error) {
	return t.TimespanType_.Convert(ctx, dayTimeArg(v))
}

func (t Type) ConvertToTimespan(v interface{}) (types.Timespan, error) {
	return t.TimespanType_.ConvertToTimespan(dayTimeArg(v))
}

func (t Type) ConvertToTimeDuration(v interface{}) (time.Duration, error) {
	return t.TimespanType_.ConvertToTimeDuration(dayTimeArg(v))
}

func (t Type) Compare(ctx context.Context, a, b interface{}) (int, error) {
	return t.TimespanType_.Compare(ctx, dayTimeArg(a), dayTimeArg(b))
}
