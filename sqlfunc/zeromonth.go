package sqlfunc

import (
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// datePartKind names which part a zeroPartFn answers.
type datePartKind int

const (
	partMonth datePartKind = iota
	partYear
	partQuarter
	partDayOfWeek
)

// zeroPartFn is MONTH/YEAR/QUARTER/DAYOFWEEK of a string or integer
// argument that may be a zero date or hold a zero month or day. MySQL 8.0
// reads these with TIME_FUZZY_DATE and, from sql_mode, only NO_ZERO_DATE
// (str_to_datetime_with_warn adds NO_ZERO_DATE and INVALID_DATES, never
// NO_ZERO_IN_DATE): MONTH('2024-00-05') is 0, YEAR('2024-00-00') 2024,
// while '0000-00-00' under NO_ZERO_DATE is NULL with warning 1292 (without
// the mode its parts are 0). DAYOFWEEK needs a real date (TIME_NO_ZERO_DATE
// plus calc_weekday of a valid day): NULL with 1292 for any zero part.
// Other values go to GMS's function.
type zeroPartFn struct {
	sql.Expression
	kind datePartKind
}

func (z *zeroPartFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := z.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &zeroPartFn{Expression: n, kind: z.kind}, nil
}

func (z *zeroPartFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	child := z.Expression.Children()[0]
	v, err := child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if t, isTime := v.(time.Time); isTime {
		// GMS holds a stored zero date as 0000-01-01 (it has no zero
		// month); MySQL reads a column with the function's flags only,
		// not sql_mode: the parts are 0, DAYOFWEEK (TIME_NO_ZERO_DATE) NULL.
		if !t.Equal(gmsZeroTime) {
			return z.Expression.Eval(ctx, row)
		}
		if z.kind == partDayOfWeek {
			return nil, nil
		}
		return int32(0), nil
	}
	y, m, d, text, ok := zeroPartsOf(v)
	if !ok {
		return z.Expression.Eval(ctx, row)
	}
	zeroDate := y == 0 && m == 0 && d == 0
	warn := func() (any, error) {
		ctx.Warn(1292, "Incorrect datetime value: '%s'", text)
		return nil, nil
	}
	if zeroDate && ctx != nil && ctx.Session != nil && sql.LoadSqlMode(ctx).ModeEnabled("NO_ZERO_DATE") {
		return warn()
	}
	switch z.kind {
	case partMonth:
		return int32(m), nil
	case partYear:
		return int32(y), nil
	case partQuarter:
		return int32((m + 2) / 3), nil
	}
	if m != 0 && d != 0 {
		return int32(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Weekday()) + 1, nil
	}
	return warn()
}

// gmsZeroTime is how GMS's DATE and DATETIME types hold '0000-00-00'.
var gmsZeroTime = time.Unix(-62167219200, 0).UTC()

func validDate(y, m, d int) bool {
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return y >= 1 && t.Year() == y && int(t.Month()) == m && t.Day() == d
}

// zeroPartsOf splits a text 'YYYY-MM-DD...' or an integer YYYYMMDD (or 0)
// whose month or day is zero; ok is false for anything else, which GMS
// already reads right.
func zeroPartsOf(v any) (y, m, d int, text string, ok bool) {
	switch x := v.(type) {
	case string:
		s := zeroPartDate.FindStringSubmatch(x)
		if s == nil {
			return 0, 0, 0, "", false
		}
		y, _ = strconv.Atoi(s[1])
		m, _ = strconv.Atoi(s[2])
		d, _ = strconv.Atoi(s[3])
		text = x
	default:
		n, isInt := asInt64(v)
		if !isInt || n < 0 || (n != 0 && (n < 101 || n > 99991231)) {
			return 0, 0, 0, "", false
		}
		text = strconv.FormatInt(n, 10)
		if n != 0 && n < 10000101 {
			// MySQL reads 6-digit and shorter numbers as YYMMDD; leave them.
			return 0, 0, 0, "", false
		}
		y, m, d = int(n/10000), int(n/100%100), int(n%100)
	}
	if m > 12 || d > 31 {
		return 0, 0, 0, "", false
	}
	if m != 0 && d != 0 {
		// A whole date: GMS reads text itself, but not an integer
		// (YEAR(20240305) was NULL), so integers of a valid date are
		// answered here too.
		if _, isText := v.(string); isText || !validDate(y, m, d) {
			return 0, 0, 0, "", false
		}
	}
	return y, m, d, text, true
}

func asInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint64:
		if x > 1<<62 {
			return 0, false
		}
		return int64(x), true
	}
	return 0, false
}

// newZeroPart wraps a date-part function whose argument is text or an
// integer; temporal arguments keep GMS's evaluation.
func newZeroPart(e sql.Expression) sql.Expression {
	var kind datePartKind
	switch e.(type) {
	case *function.Month:
		kind = partMonth
	case *function.Year:
		kind = partYear
	case *function.Quarter:
		kind = partQuarter
	case *function.DayOfWeek:
		kind = partDayOfWeek
	default:
		return e
	}
	ct := e.Children()[0].Type()
	if !types.IsText(ct) && !types.IsInteger(ct) && !types.IsTime(ct) {
		return e
	}
	return &zeroPartFn{Expression: e, kind: kind}
}
