package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// datePartKind names the function a datePart answers.
type datePartKind int

const (
	partYear datePartKind = iota
	partMonth
	partDay
	partQuarter
	partDayOfWeek
	partWeekday
	partDayName
	partMonthName
	partDayOfYear
	partToDays
	partToSeconds
	partWeekOfYear
	partYearWeek
	partLastDay
	partDate
	partDateFormat
)

// partFlags are the get_arg0_date flags of each function in MySQL 8.0's
// item_timefunc.cc.
var partFlags = map[datePartKind]dateFlags{
	partYear: fuzzyDate, partMonth: fuzzyDate, partDay: fuzzyDate, partQuarter: fuzzyDate,
	partMonthName: fuzzyDate, partLastDay: fuzzyDate, partDate: fuzzyDate | noDateFracWarn, partDateFormat: fuzzyDate,
	partDayOfWeek: noZeroDate, partWeekday: noZeroDate, partDayName: noZeroDate,
	partDayOfYear: noZeroDate, partToDays: noZeroDate, partToSeconds: noZeroDate,
	partWeekOfYear: noZeroDate, partYearWeek: noZeroDate,
}

// datePart is a date-part function whose first argument is read as MySQL
// reads it (readDate): zero parts, the zero date, numbers and DOUBLE/DECIMAL
// forms. GMS's parser refused zero parts (NULL, or error 1292 from
// DATE_FORMAT and MONTHNAME), read no number as a date, and held the zero
// date as 0000-01-01 (MONTH 1). The GMS expression stays underneath for
// its type and name, and answers for arguments readDate leaves to it
// (TIME values, strings of other shapes).
type datePart struct {
	sql.Expression
	kind datePartKind
}

var _ sql.FunctionExpression = (*datePart)(nil)

func (p *datePart) FunctionName() string {
	if f, ok := p.Expression.(sql.FunctionExpression); ok {
		return f.FunctionName()
	}
	return ""
}

func (p *datePart) Description() string {
	if f, ok := p.Expression.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return ""
}

// IsNullable: MySQL 8.0's date-part functions are maybe_null whatever
// their argument (an invalid or zero date gives NULL: YEAR('x'),
// DATE('x'), LAST_DAY of a NOT NULL string column); GMS's said NOT NULL
// over a NOT NULL column, and so did the result field.
func (p *datePart) IsNullable() bool { return true }

func (p *datePart) Type() sql.Type {
	switch p.kind {
	case partWeekOfYear:
		return types.Int32 // MySQL's INT (GMS: BIGINT UNSIGNED)
	}
	return p.Expression.Type()
}

func (p *datePart) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := p.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &datePart{Expression: n, kind: p.kind}, nil
}

func (p *datePart) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	args := p.Expression.Children()
	v, err := args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	t, st := readDate(ctx, v, partFlags[p.kind])
	switch st {
	case readNull:
		return nil, nil
	case readOther:
		return p.Expression.Eval(ctx, row)
	}
	switch p.kind {
	case partYear:
		return int32(t.y), nil
	case partMonth:
		return int32(t.m), nil
	case partDay:
		return int32(t.d), nil
	case partQuarter:
		return int32((t.m + 2) / 3), nil
	case partDayOfWeek:
		return int32((t.dayNr()+6)%7 + 1), nil
	case partWeekday:
		return int32((t.dayNr() + 5) % 7), nil
	case partDayName:
		return dayNames[(t.dayNr()+5)%7], nil
	case partMonthName:
		if t.m == 0 {
			return nil, nil
		}
		return monthNames[t.m-1], nil
	case partDayOfYear:
		return int32(t.dayNr() - dayNumber(t.y, 1, 1) + 1), nil
	case partToDays:
		return int64(t.dayNr()), nil
	case partToSeconds:
		return int64(t.dayNr())*86400 + int64(t.h*3600+t.mi*60+t.s), nil
	case partWeekOfYear:
		w, _ := calcWeek(t.y, t.m, t.d, weekMode(3))
		return int32(w), nil
	case partYearWeek:
		mode := int64(0)
		if len(args) > 1 {
			mv, err := args[1].Eval(ctx, row)
			if err != nil || mv == nil {
				return nil, err
			}
			mode = intArg(ctx, mv)
		}
		w, y := calcWeek(t.y, t.m, t.d, weekMode(int(mode))|weekYear)
		return int32(y*100 + w), nil
	case partLastDay:
		if t.m == 0 {
			// Item_func_last_day: no last day of a zero month.
			warnDatetime(ctx, t.dateText())
			return nil, nil
		}
		d := daysInMonth[t.m-1]
		if t.m == 2 && daysInYear(t.y) == 366 {
			d = 29
		}
		t = mysqlTime{y: t.y, m: t.m, d: d}
		return dateValue(t)
	case partDate:
		return dateValue(mysqlTime{y: t.y, m: t.m, d: t.d})
	case partDateFormat:
		fv, err := args[1].Eval(ctx, row)
		if err != nil || fv == nil {
			return nil, err
		}
		fs, ok := asString(fv)
		if !ok || fs == "" {
			return nil, nil
		}
		return formatMySQLDate(t, fs)
	}
	return p.Expression.Eval(ctx, row)
}

// dateValue is a DATE result. A date with a zero month or day, which
// MySQL returns ('2024-00-05'), is refused with 1292: GMS's DATE type, which
// the result is typed and written by, holds no such value, and NULL would
// be a wrong answer.
func dateValue(t mysqlTime) (any, error) {
	if t.real() {
		return t.goTime(), nil
	}
	if t.zeroDate() {
		return gmsZeroTime, nil
	}
	return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "Incorrect date value: '%s'", t.dateText())
}

var dayNames = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
var monthNames = [12]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// formatMySQLDate is MySQL's make_date_time for a date or datetime: NULL
// where MySQL's answers it (a month name of month 0, a weekday of a date
// without year and month).
func formatMySQLDate(t mysqlTime, f string) (any, error) {
	var b strings.Builder
	h12 := (t.h%24+11)%12 + 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'M':
			if t.m == 0 {
				return nil, nil
			}
			b.WriteString(monthNames[t.m-1])
		case 'b':
			if t.m == 0 {
				return nil, nil
			}
			b.WriteString(monthNames[t.m-1][:3])
		case 'W', 'a':
			if t.m == 0 && t.y == 0 {
				return nil, nil
			}
			n := dayNames[(t.dayNr()+5)%7]
			if f[i] == 'a' {
				n = n[:3]
			}
			b.WriteString(n)
		case 'D':
			fmt.Fprintf(&b, "%d", t.d)
			switch {
			case t.d >= 10 && t.d <= 19:
				b.WriteString("th")
			case t.d%10 == 1:
				b.WriteString("st")
			case t.d%10 == 2:
				b.WriteString("nd")
			case t.d%10 == 3:
				b.WriteString("rd")
			default:
				b.WriteString("th")
			}
		case 'Y':
			fmt.Fprintf(&b, "%04d", t.y)
		case 'y':
			fmt.Fprintf(&b, "%02d", t.y%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", t.m)
		case 'c':
			fmt.Fprintf(&b, "%d", t.m)
		case 'd':
			fmt.Fprintf(&b, "%02d", t.d)
		case 'e':
			fmt.Fprintf(&b, "%d", t.d)
		case 'f':
			fmt.Fprintf(&b, "%06d", t.us)
		case 'H':
			fmt.Fprintf(&b, "%02d", t.h)
		case 'h', 'I':
			fmt.Fprintf(&b, "%02d", h12)
		case 'i':
			fmt.Fprintf(&b, "%02d", t.mi)
		case 'j':
			fmt.Fprintf(&b, "%03d", t.dayNr()-dayNumber(t.y, 1, 1)+1)
		case 'k':
			fmt.Fprintf(&b, "%d", t.h)
		case 'l':
			fmt.Fprintf(&b, "%d", h12)
		case 'p':
			b.WriteString(ampm(t.h))
		case 'r':
			fmt.Fprintf(&b, "%02d:%02d:%02d %s", h12, t.mi, t.s, ampm(t.h))
		case 'S', 's':
			fmt.Fprintf(&b, "%02d", t.s)
		case 'T':
			fmt.Fprintf(&b, "%02d:%02d:%02d", t.h, t.mi, t.s)
		case 'U', 'u':
			mode := weekMondayFirst
			if f[i] == 'U' {
				mode = weekFirstWeekday
			}
			w, _ := calcWeek(t.y, t.m, t.d, mode)
			fmt.Fprintf(&b, "%02d", w)
		case 'V', 'v', 'X', 'x':
			mode := weekYear | weekMondayFirst
			if f[i] == 'V' || f[i] == 'X' {
				mode = weekYear | weekFirstWeekday
			}
			w, y := calcWeek(t.y, t.m, t.d, mode)
			if f[i] == 'V' || f[i] == 'v' {
				fmt.Fprintf(&b, "%02d", w)
			} else {
				fmt.Fprintf(&b, "%04d", y)
			}
		case 'w':
			if t.m == 0 && t.y == 0 {
				return nil, nil
			}
			fmt.Fprintf(&b, "%d", (t.dayNr()+6)%7)
		default:
			b.WriteByte(f[i])
		}
	}
	return b.String(), nil
}

func ampm(h int) string {
	if h%24 < 12 {
		return "AM"
	}
	return "PM"
}

// newDatePart wraps a GMS date-part function; e itself when it is none.
func newDatePart(e sql.Expression) sql.Expression {
	var kind datePartKind
	switch e.(type) {
	case *function.Year:
		kind = partYear
	case *function.Month:
		kind = partMonth
	case *function.Day:
		kind = partDay
	case *function.Quarter:
		kind = partQuarter
	case *function.DayOfWeek:
		kind = partDayOfWeek
	case *function.Weekday:
		kind = partWeekday
	case *function.DayName:
		kind = partDayName
	case *function.MonthName:
		kind = partMonthName
	case *function.DayOfYear:
		kind = partDayOfYear
	case *function.ToDays:
		kind = partToDays
	case *function.WeekOfYear:
		kind = partWeekOfYear
	case *function.YearWeek:
		kind = partYearWeek
	case *function.LastDay:
		kind = partLastDay
	case *function.Date, *dateFunc:
		kind = partDate
	case *function.DateFormat:
		kind = partDateFormat
	default:
		return e
	}
	return &datePart{Expression: e, kind: kind}
}
