package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Date and time functions go-mysql-server v0.20 lacks (1305): MAKETIME,
// SEC_TO_TIME, TO_SECONDS, PERIOD_ADD, PERIOD_DIFF, UTC_DATE.

// maxTimeMicros is TIME's range, 838:59:59; MySQL clamps to it (with a
// warning) rather than wrap.
const maxTimeMicros = (838*3600 + 59*60 + 59) * 1_000_000

func timeOfMicros(us int64) types.Timespan {
	us = min(max(us, -maxTimeMicros), maxTimeMicros)
	return types.Time.MicrosecondsToTimespan(us)
}

func typedFn(name string, lo, hi int, typ sql.Type, eval func(*sql.Context, []any) (any, error)) sql.FunctionN {
	f := newStrFn(name, lo, hi, eval, nil)
	return sql.FunctionN{Name: name, Fn: func(args ...sql.Expression) (sql.Expression, error) {
		e, err := f.Fn(args...)
		if err != nil {
			return nil, err
		}
		e.(*strFn).typ = typ
		return e, nil
	}}
}

// period is a YYMM or YYYYMM period as a month count (MySQL's
// convert_period_to_month: a two-digit year below 70 is 20YY).
func period(p int64) int64 {
	if p == 0 {
		return 0
	}
	y, m := p/100, p%100
	if y < 70 {
		y += 2000
	} else if y < 100 {
		y += 1900
	}
	return y*12 + m - 1
}

func monthsToPeriod(n int64) int64 {
	if n == 0 {
		return 0
	}
	y := n / 12
	if y < 100 {
		if y < 70 {
			y += 2000
		} else {
			y += 1900
		}
	}
	return y*100 + n%12 + 1
}

// toDatetime reads a DATE/DATETIME argument (a string or a temporal value).
func toDatetime(ctx *sql.Context, v any) (time.Time, bool) {
	d, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	if err != nil || d == nil {
		return time.Time{}, false
	}
	t, ok := d.(time.Time)
	return t, ok
}

var moreTimeFunctions = map[string]sql.FunctionN{
	"maketime": typedFn("maketime", 3, 3, types.Time, func(ctx *sql.Context, vs []any) (any, error) {
		h, m := intArg(ctx, vs[0]), intArg(ctx, vs[1])
		sf, _, err := types.Float64.Convert(ctx, vs[2])
		if err != nil {
			return nil, err
		}
		s := sf.(float64)
		if m < 0 || m > 59 || s < 0 || s >= 60 {
			return nil, nil
		}
		us := (abs64(h)*3600+m*60)*1_000_000 + int64(s*1_000_000+0.5)
		if h < 0 {
			us = -us
		}
		return timeOfMicros(us), nil
	}),
	"sec_to_time": typedFn("sec_to_time", 1, 1, types.Time, func(ctx *sql.Context, vs []any) (any, error) {
		f, _, err := types.Float64.Convert(ctx, vs[0])
		if err != nil {
			return nil, err
		}
		return timeOfMicros(secToTimeMicros(f.(float64))), nil
	}),
	// TO_SECONDS(d): seconds since year 0, as TO_DAYS counts days.
	"to_seconds": typedFn("to_seconds", 1, 1, types.Int64, func(ctx *sql.Context, vs []any) (any, error) {
		// Item_func_to_seconds reads with TIME_NO_ZERO_DATE (zeropart.go).
		t, st := readDate(ctx, vs[0], noZeroDate)
		switch st {
		case readNull:
			return nil, nil
		case readOther:
			tt, ok := toDatetime(ctx, vs[0])
			if !ok {
				return nil, nil
			}
			t = mysqlTime{y: tt.Year(), m: int(tt.Month()), d: tt.Day(), h: tt.Hour(), mi: tt.Minute(), s: tt.Second()}
		}
		return int64(t.dayNr())*86400 + int64(t.h*3600+t.mi*60+t.s), nil
	}),
	"period_add": typedFn("period_add", 2, 2, types.Int64, func(ctx *sql.Context, vs []any) (any, error) {
		p, n := intArg(ctx, vs[0]), intArg(ctx, vs[1])
		if p == 0 {
			return int64(0), nil
		}
		return monthsToPeriod(period(p) + n), nil
	}),
	"period_diff": typedFn("period_diff", 2, 2, types.Int64, func(ctx *sql.Context, vs []any) (any, error) {
		return period(intArg(ctx, vs[0])) - period(intArg(ctx, vs[1])), nil
	}),
	"utc_date": typedFn("utc_date", 0, 0, types.Date, func(ctx *sql.Context, _ []any) (any, error) {
		y, m, d := ctx.QueryTime().UTC().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
	}),
}

func init() {
	for name, f := range moreTimeFunctions {
		functions[name] = f
	}
}
