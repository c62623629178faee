package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// civil is a date and time of day as MySQL's MYSQL_TIME holds it: parts,
// not an instant, so that spans of any length (9999 years are 3.2e17 µs)
// are computed from day numbers without time.Duration's ±292 years.
type civil struct {
	y, m, d int
	us      int64 // microseconds since midnight
}

// days is calc_daynr of the date.
func (c civil) days() int64 { return int64(dayNumber(c.y, c.m, c.d)) }

// micros is the value as microseconds since 0000-00-00 (day number 0).
func (c civil) micros() int64 { return c.days()*86_400_000_000 + c.us }

func civilOfTime(t time.Time) civil {
	y, m, d := t.Date()
	return civil{y: y, m: int(m), d: d,
		us: int64(t.Hour()*3600+t.Minute()*60+t.Second())*1_000_000 + int64(t.Nanosecond()/1000)}
}

// civilArg reads an argument of DATEDIFF or TIMESTAMPDIFF as MySQL's
// get_date(TIME_NO_ZERO_DATE) does: a TIME is today at that time; a number
// is YYYYMMDD[hhmmss]; the zero date, a zero month or day (the flags lack
// TIME_FUZZY_DATE, so check_date refuses one whatever the sql_mode) and a
// string that is no date are NULL with warning 1292, where GMS failed the
// statement with 1292. ok is false for NULL.
func civilArg(ctx *sql.Context, v any) (civil, bool) {
	switch v := v.(type) {
	case nil:
		return civil{}, false
	case time.Time:
		if v.Equal(zeroDatetime) {
			return civil{}, false
		}
		return civilOfTime(v), true
	case types.Timespan:
		// The date CURDATE() gives, as castTimeDatetime.
		y, m, d := ctx.QueryTime().Date()
		return civilOfTime(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Add(time.Duration(v.AsMicroseconds()) * time.Microsecond)), true
	}
	s, isStr := asString(v)
	if isStr {
		if t, _, _, ok := parseDatetime(s); ok {
			return civilOfTime(t), true
		}
		if t, ok := truncatedDate(ctx, s, 0); ok && t.real() { // zeropart.go
			return civilOfTime(t.goTime()), true
		}
		if c, _, err := types.DatetimeMaxPrecision.Convert(ctx, s); err == nil {
			if t, ok := c.(time.Time); ok && !t.Equal(zeroDatetime) {
				return civilOfTime(t), true
			}
		}
	} else {
		// A number is YYYYMMDD[hhmmss[.f]] (MySQL's number_to_datetime).
		if d, _, err := types.InternalDecimalType.Convert(ctx, v); err == nil {
			if t, ok := decimalToDatetime(d.(decimal.Decimal)); ok {
				return civilOfTime(t), true
			}
		}
		s = fmt.Sprint(v)
	}
	ctx.Warn(erTruncatedWrongValue, "%s", fmt.Sprintf("Incorrect datetime value: '%s'", s))
	return civil{}, false
}

// dateDiff is DATEDIFF(a, b), MySQL's TO_DAYS(a) - TO_DAYS(b) (its
// Create_func_datediff). GMS subtracted time.Time values, whose
// time.Duration saturates at 292 years: DATEDIFF('9999-12-31',
// '0001-01-01') was 106752, not 3652058.
type dateDiff struct {
	*function.DateDiff
}

var _ sql.FunctionExpression = (*dateDiff)(nil)

func newDateDiff(a, b sql.Expression) sql.Expression {
	return &dateDiff{function.NewDateDiff(a, b).(*function.DateDiff)}
}

func (d *dateDiff) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 2)
	}
	return newDateDiff(children[0], children[1]), nil
}

func (d *dateDiff) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	// Both arguments are read (and warn) even when one is NULL, as MySQL's
	// minus of two TO_DAYS evaluates both.
	var c [2]civil
	null := false
	for i, e := range []sql.Expression{d.LeftChild, d.RightChild} {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		var ok bool
		c[i], ok = civilArg(ctx, v)
		null = null || !ok
	}
	if null {
		return nil, nil
	}
	return c[0].days() - c[1].days(), nil
}

func init() {
	functions["datediff"] = sql.Function2{Name: "datediff", Fn: newDateDiff}
}

// unitName is an interval unit's name without SQL_TSI_, lower case.
func unitName(u string) string {
	return strings.TrimPrefix(strings.ToLower(u), "sql_tsi_")
}
