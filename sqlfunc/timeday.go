package sqlfunc

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
)

// dayTimeText is MySQL's 'D hh:mm:ss.f' TIME text and its shorter forms
// 'D hh:mm' and 'D hh' (str_to_time's DAYS_TO_SECOND form).
var dayTimeText = regexp.MustCompile(`^\s*(-?)(\d+)\s+(\d{1,3})(?::(\d{1,2})(?::(\d{1,2})(?:\.(\d*))?)?)?\s*$`)

// dayTimeOf reads s in the day form as MySQL's str_to_time does: the days
// are hours (any number of them: beyond 838:59:59 the value is clamped to
// it with warning 1292, as adjust_time_range does; GMS read no day field
// and timetype's reading stops at 34 days), minutes and seconds below 60,
// a fraction rounded to microseconds. ok is false when s is not in the day
// form, or is (with a minute or second of 60 or more) no TIME.
func dayTimeOf(ctx *sql.Context, s string) (types.Timespan, bool) {
	m := dayTimeText.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	num := func(t string) int64 {
		n, _ := strconv.ParseInt(t, 10, 64)
		return n
	}
	mi, se := num(m[4]), num(m[5])
	if mi > 59 || se > 59 {
		return 0, false
	}
	frac := m[6]
	us := num((frac + "000000")[:6])
	if len(frac) > 6 && frac[6] >= '5' {
		us++
	}
	var total int64
	if len(m[2]) > 9 {
		total = maxTimeMicros + 1
	} else {
		total = ((num(m[2])*24+num(m[3]))*60+mi)*60_000_000 + se*1_000_000 + us
	}
	if total > maxTimeMicros {
		total = maxTimeMicros
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERTruncatedWrongValue,
			Message: fmt.Sprintf("Truncated incorrect time value: '%s'", s)})
	}
	if m[1] == "-" {
		total = -total
	}
	return types.Timespan(total), true
}

// timeOf is TIME(expr) with a day-form string read as dayTimeOf reads it
// (TIME('1 02:03:04') is 26:03:04; GMS's answer was NULL) and a TIME kept
// whole (GMS's TIME() of a TIME column holding 26:03:04 was 02:03:04, of
// -26:03:04 21:56:56). Other values are GMS's.
type timeOf struct {
	*function.Time
}

var _ sql.FunctionExpression = (*timeOf)(nil)

func newTimeOf(arg sql.Expression) sql.Expression {
	return &timeOf{function.NewTime(arg).(*function.Time)}
}

func (t *timeOf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	return newTimeOf(children[0]), nil
}

func (t *timeOf) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch v := v.(type) {
	case types.Timespan:
		// GMS took a TIME through DATETIME: TIME(t) of 26:03:04 was
		// 02:03:04.
		return v, nil
	case string, []byte:
		s, _ := asString(v)
		if st, handled := timeString(ctx, s); handled {
			if st == nil {
				return nil, nil
			}
			return types.Time.MicrosecondsToTimespan(st.us), nil
		}
		if ts, ok := dayTimeOf(ctx, s); ok {
			return ts, nil
		}
		if m := datetimeText.FindStringSubmatch(strings.TrimSpace(s)); m != nil && m[1] == "" {
			// A date alone: its leading digits as a TIME (castStrTime).
			r, _, err := timetype.New(6).Convert(ctx, dateOnlyDigits(s))
			if err != nil {
				return nil, nil
			}
			return r, nil
		}
	case decimal.Decimal:
		// [H]HMMSS.ffffff with its fraction (GMS kept the integer part:
		// TIME(1.25) was 00:00:01.00).
		r, _, err := timetype.New(6).Convert(ctx, v.String())
		if err != nil {
			return nil, nil
		}
		return r, nil
	}
	if d, _, isNum := numberOf(v); isNum && isInt(t.Child.Type()) {
		if clampsToMaxTime(ctx, d) { // timesec.go; TIME(20240305) (GMS: NULL)
			return types.Time.MicrosecondsToTimespan(int64(d.Sign()) * 3_020_399_000_000), nil
		}
		if d.Sign() > 0 && !d.LessThan(minDatetimeNumber) && !d.GreaterThan(maxDatetimeNumber) {
			// From 11 digits on: a datetime's time of day.
			if dt, ok := numberToMySQLTime(d.IntPart(), fuzzyDate); ok {
				return types.Time.MicrosecondsToTimespan(int64(dt.h*3600+dt.mi*60+dt.s) * 1_000_000), nil
			}
		}
	}
	return t.Time.Eval(ctx, row)
}

func init() {
	// Before timeprec.go's init, which gives it MySQL's precision.
	functions["time"] = sql.Function1{Name: "time", Fn: newTimeOf}
}

// timeDiff is TIMEDIFF with a 'D hh:mm:ss' string read as the TIME it is
// (dayTimeOf): GMS's reading of a string knows no day field and answered
// NULL for TIMEDIFF('1 01:00:00', '01:00:00'). Other values are GMS's.
type timeDiff struct {
	*function.TimeDiff
}

var _ sql.FunctionExpression = (*timeDiff)(nil)

func newTimeDiff(l, r sql.Expression) sql.Expression {
	return &timeDiff{function.NewTimeDiff(l, r).(*function.TimeDiff)}
}

func (t *timeDiff) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 2)
	}
	return newTimeDiff(children[0], children[1]), nil
}

func (t *timeDiff) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	l, err := t.LeftChild.Eval(ctx, row)
	if err != nil || l == nil {
		return nil, err
	}
	r, err := t.RightChild.Eval(ctx, row)
	if err != nil || r == nil {
		return nil, err
	}
	if lt, ok := timeDiffArg(ctx, l); ok {
		if rt, ok := timeDiffArg(ctx, r); ok {
			return timeDiffOf(ctx, lt, rt), nil
		}
	}
	day := false
	for _, v := range []*any{&l, &r} {
		if s, ok := (*v).(string); ok {
			if ts, ok := dayTimeOf(ctx, s); ok {
				*v, day = ts, true
			}
		}
	}
	if !day {
		return t.TimeDiff.Eval(ctx, row)
	}
	lt, rt := t.LeftChild.Type(), t.RightChild.Type()
	if _, ok := l.(types.Timespan); ok {
		lt = types.Time
	}
	if _, ok := r.(types.Timespan); ok {
		rt = types.Time
	}
	return function.NewTimeDiff(expression.NewLiteral(l, lt), expression.NewLiteral(r, rt)).Eval(ctx, nil)
}

// timeDiffArg is a TIMEDIFF operand read by get_time: a TIME, or a
// string (timeString). ok is false for other values (a DATETIME column's,
// a number), which keep GMS's reading; a nil st is NULL.
func timeDiffArg(ctx *sql.Context, v any) (st *strTime, ok bool) {
	switch v := v.(type) {
	case types.Timespan:
		return &strTime{us: v.AsMicroseconds()}, true
	case string:
		return timeString(ctx, v)
	}
	return nil, false
}

// timeDiffOf is Item_func_timediff of two operands read by get_time: NULL
// when either is NULL or one is a datetime and the other a time; the
// difference clamped to TIME's range with warning 1292.
func timeDiffOf(ctx *sql.Context, l, r *strTime) any {
	if l == nil || r == nil || (l.dt == nil) != (r.dt == nil) {
		return nil
	}
	d := l.us - r.us
	if l.dt != nil {
		// calc_time_diff: day numbers (zero parts as MySQL counts them).
		d += int64(l.dt.dayNr()-r.dt.dayNr()) * 86_400_000_000
	}
	if d > maxTimeMicros || d < -maxTimeMicros {
		warnTime(ctx, types.Time.MicrosecondsToTimespan(d).String())
		d = max(min(d, maxTimeMicros), -maxTimeMicros)
	}
	return types.Time.MicrosecondsToTimespan(d)
}

func init() {
	functions["timediff"] = sql.Function2{Name: "timediff", Fn: newTimeDiff}
}
