package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// weekFunc is WEEK(date[, mode]) computed as MySQL's calc_week. GMS moved
// every week that belongs to the neighbouring year to 0 or 53, also in
// the modes whose range is 1-53 (2, 3, 6, 7): WEEK('2014-12-31', 3),
// Django's ExtractWeek, is ISO week 1, not 53, and WEEK('2016-01-01', 3)
// is 53, not 0.
type weekFunc struct {
	args []sql.Expression
}

var _ sql.FunctionExpression = (*weekFunc)(nil)

func newWeek(args ...sql.Expression) (sql.Expression, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("WEEK", "1 or 2", len(args))
	}
	return &weekFunc{args: args}, nil
}

func (w *weekFunc) FunctionName() string       { return "week" }
func (w *weekFunc) Description() string        { return "returns the week number" }
func (w *weekFunc) Type() sql.Type             { return types.Int32 }
func (w *weekFunc) IsNullable() bool           { return true }
func (w *weekFunc) Children() []sql.Expression { return w.args }
func (w *weekFunc) Resolved() bool {
	for _, a := range w.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}
func (w *weekFunc) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (w *weekFunc) String() string {
	if len(w.args) == 2 {
		return fmt.Sprintf("week(%s, %s)", w.args[0], w.args[1])
	}
	return fmt.Sprintf("week(%s)", w.args[0])
}

func (w *weekFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newWeek(children...)
}

func (w *weekFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := w.args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	// Item_func_week reads with TIME_NO_ZERO_DATE (zeropart.go).
	t, st := readDate(ctx, v, noZeroDate)
	switch st {
	case readNull:
		return nil, nil
	case readOther:
		dv, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
		tt, ok := dv.(time.Time)
		if err != nil || !ok {
			warnDatetime(ctx, fmt.Sprint(v))
			return nil, nil
		}
		t = mysqlTime{y: tt.Year(), m: int(tt.Month()), d: tt.Day()}
	}
	mode := int64(0)
	if len(w.args) == 2 {
		mv, err := w.args[1].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if mv == nil {
			return nil, nil
		}
		m, _, err := types.Int64.Convert(ctx, mv)
		if err != nil {
			return nil, err
		}
		mode = m.(int64)
	} else if sv, err := ctx.GetSessionVariable(ctx, "default_week_format"); err == nil {
		if m, _, err := types.Int64.Convert(ctx, sv); err == nil {
			mode = m.(int64)
		}
	}
	week, _ := calcWeek(t.y, t.m, t.d, weekMode(int(mode)))
	return int32(week), nil
}

const (
	weekMondayFirst  = 1
	weekYear         = 2
	weekFirstWeekday = 4
)

// weekMode is MySQL's week_mode: the mode's bits as calc_week reads them.
func weekMode(mode int) int {
	f := mode & 7
	if f&weekMondayFirst == 0 {
		f ^= weekFirstWeekday
	}
	return f
}

// dayNumber is MySQL's calc_daynr: days since year 0 of the proleptic
// calendar MySQL uses.
func dayNumber(year, month, day int) int {
	if year == 0 && month == 0 {
		return 0
	}
	delsum := 365*year + 31*(month-1)
	if month <= 2 {
		year--
	} else {
		delsum -= (month*4 + 23) / 10
	}
	temp := ((year/100 + 1) * 3) / 4
	return delsum + day + year/4 - temp
}

func daysInYear(year int) int {
	if year&3 == 0 && (year%100 != 0 || (year%400 == 0 && year != 0)) {
		return 366
	}
	return 365
}

// calcWeek is MySQL's calc_week: the week of the date under behaviour (see
// weekMode) and the year that week belongs to.
func calcWeek(year, month, day, behaviour int) (int, int) {
	daynr := dayNumber(year, month, day)
	firstDaynr := dayNumber(year, 1, 1)
	mondayFirst := behaviour&weekMondayFirst != 0
	inYear := behaviour&weekYear != 0
	firstWeekday := behaviour&weekFirstWeekday != 0
	sundayFirst := 0
	if !mondayFirst {
		sundayFirst = 1
	}
	weekday := (firstDaynr + 5 + sundayFirst) % 7
	y := year
	if month == 1 && day <= 7-weekday {
		if !inYear && (firstWeekday && weekday != 0 || !firstWeekday && weekday >= 4) {
			return 0, y
		}
		inYear = true
		y--
		days := daysInYear(y)
		firstDaynr -= days
		weekday = (weekday + 53*7 - days) % 7
	}
	// days is C's uint in calc_week: a date with a zero month or day (read
	// by DATE_FORMAT's %U or EXTRACT(WEEK ...)) comes before the year's
	// first day, and MySQL's answer is the wrapped count's.
	var days uint32
	if firstWeekday && weekday != 0 || !firstWeekday && weekday >= 4 {
		days = uint32(daynr - (firstDaynr + (7 - weekday)))
	} else {
		days = uint32(daynr - (firstDaynr - weekday))
	}
	if inYear && days >= 52*7 {
		weekday = (weekday + daysInYear(y)) % 7
		if !firstWeekday && weekday < 4 || firstWeekday && weekday == 0 {
			return 1, y + 1
		}
	}
	return int(days/7 + 1), y
}
