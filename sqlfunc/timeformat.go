package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// timeFormat is TIME_FORMAT(time, format) for formats of time-of-day
// specifiers only: MySQL prints a TIME's whole hours with %H and %k
// (TIME_FORMAT('100:00:00', '%H %k') is '100 100'); GMS formatted the time
// as a clock time (hours modulo 24) and printed %k literally. The date
// specifiers are MySQL's make_date_time of a TIME (year, month and day 0):
// %Y %y %m %c %d %e print zeros, %M %b %W %a %D %j %U %u %V %v %X %x %w make
// the result NULL; GMS printed the letters ('%Y %d' was 'Y d').
type timeFormat struct {
	*function.TimeFormat
	value, format sql.Expression
}

var _ sql.FunctionExpression = (*timeFormat)(nil)

func newTimeFormat(v, f sql.Expression) sql.Expression {
	return &timeFormat{TimeFormat: function.NewTimeFormat(v, f).(*function.TimeFormat), value: v, format: f}
}

func (t *timeFormat) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 2)
	}
	return newTimeFormat(children[0], children[1]), nil
}

func (t *timeFormat) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	f, err := t.format.Eval(ctx, row)
	if err != nil || f == nil {
		return nil, err
	}
	fs, ok := asString(f)
	if !ok {
		return t.TimeFormat.Eval(ctx, row)
	}
	v, err := t.value.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	var us int64
	switch x := v.(type) {
	case types.Timespan:
		us = x.AsMicroseconds()
	case time.Time:
		y, m, d := x.Date()
		us = x.Sub(time.Date(y, m, d, 0, 0, 0, 0, x.Location())).Microseconds()
	default:
		s, ok := asString(v)
		if !ok {
			return t.TimeFormat.Eval(ctx, row)
		}
		// As TIME first, as MySQL reads it ('13:04:05' would also
		// read as the date 2013-04-05).
		if st, handled := timeString(ctx, s); handled {
			if st == nil {
				return nil, nil
			}
			us = st.us
		} else if ts, isTime := parseTime(s); isTime {
			us = ts.AsMicroseconds()
		} else if dt, _, _, isDT := parseDatetime(s); isDT {
			y, m, d := dt.Date()
			us = dt.Sub(time.Date(y, m, d, 0, 0, 0, 0, dt.Location())).Microseconds()
		} else {
			return t.TimeFormat.Eval(ctx, row)
		}
	}
	if s, ok := formatTimeOfDay(us, fs); ok {
		return s, nil
	}
	return nil, nil
}

// formatTimeOfDay is make_date_time of a TIME; ok is false where MySQL's
// answer is NULL (a specifier that needs a date).
func formatTimeOfDay(us int64, f string) (string, bool) {
	var b strings.Builder
	if us < 0 {
		b.WriteByte('-')
		us = -us
	}
	h, m, s, frac := us/3_600_000_000, us/60_000_000%60, us/1_000_000%60, us%1_000_000
	h12 := h % 12
	if h12 == 0 {
		h12 = 12
	}
	ampm := "AM"
	if h%24 >= 12 {
		ampm = "PM"
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'H':
			fmt.Fprintf(&b, "%02d", h)
		case 'k':
			fmt.Fprintf(&b, "%d", h)
		case 'h', 'I':
			fmt.Fprintf(&b, "%02d", h12)
		case 'l':
			fmt.Fprintf(&b, "%d", h12)
		case 'i':
			fmt.Fprintf(&b, "%02d", m)
		case 's', 'S':
			fmt.Fprintf(&b, "%02d", s)
		case 'f':
			fmt.Fprintf(&b, "%06d", frac)
		case 'p':
			b.WriteString(ampm)
		case 'r':
			fmt.Fprintf(&b, "%02d:%02d:%02d %s", h12, m, s, ampm)
		case 'T':
			fmt.Fprintf(&b, "%02d:%02d:%02d", h, m, s)
		case 'Y':
			b.WriteString("0000")
		case 'y', 'm', 'd':
			b.WriteString("00")
		case 'c', 'e':
			b.WriteString("0")
		case 'M', 'b', 'W', 'a', 'D', 'j', 'U', 'u', 'V', 'v', 'X', 'x', 'w':
			return "", false
		default:
			b.WriteByte(f[i])
		}
	}
	return b.String(), true
}

func init() {
	functions["time_format"] = sql.Function2{Name: "time_format", Fn: newTimeFormat}
}
