package sqlfunc

import (
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// TIME_TO_SEC(t) as MySQL's Item_func_time_to_sec: its argument read as a
// TIME (get_arg0_time), the whole seconds signed, an integer. GMS read it as
// a DATETIME's time of day: '838:59:59' was 82799, '-01:00:00' 82800, a TIME
// column holding -01:00:00 3601, a number 1292.
func timeToSec(ctx *sql.Context, vs []any) (any, error) {
	switch v := vs[0].(type) {
	case types.Timespan:
		return v.AsMicroseconds() / 1_000_000, nil
	case time.Time:
		return int64(v.Hour()*3600 + v.Minute()*60 + v.Second()), nil
	}
	if s, ok := asString(vs[0]); ok {
		if st, handled := timeString(ctx, s); handled {
			if st == nil {
				return nil, nil
			}
			return st.us / 1_000_000, nil
		}
		if ts, ok := parseTime(s); ok {
			return ts.AsMicroseconds() / 1_000_000, nil
		}
		if t, ok := clockOf(ctx, s, false); ok {
			return int64(t.h*3600 + t.mi*60 + t.s), nil
		}
		return nil, nil
	}
	d, _, isNum := numberOf(vs[0])
	if !isNum {
		return nil, nil
	}
	// A number is [-]hhmmss[.f] (number_to_time), or a datetime's time of
	// day from 11 digits on.
	sign := int64(1)
	if d.Sign() < 0 {
		sign, d = -1, d.Neg()
	}
	if clampsToMaxTime(ctx, d) {
		return sign * (838*3600 + 59*60 + 59), nil
	}
	t, ok := clockOf(ctx, d, false)
	if !ok {
		return nil, nil
	}
	return sign * int64(t.h*3600+t.mi*60+t.s), nil
}

// maxTimeNumber is 838:59:59 as a number (TIME_MAX_VALUE); from
// minDatetimeNumber on, number_to_time reads a datetime.
var (
	maxTimeNumber     = decimal.NewFromInt(8385959)
	minDatetimeNumber = decimal.NewFromInt(10000000000)
)

// clampsToMaxTime: number_to_time reads d, a number beyond 838:59:59 (in
// either sign) and short of a datetime's 11 digits, as 838:59:59 with a
// warning (HOUR(20240305) is 838); it warns when so.
func clampsToMaxTime(ctx *sql.Context, d decimal.Decimal) bool {
	if a := d.Abs(); !a.GreaterThan(maxTimeNumber) || !a.LessThan(minDatetimeNumber) {
		return false
	}
	ctx.Warn(erTruncatedWrongValue, "Truncated incorrect time value: '%s'", d.String())
	return true
}

// secToTimeMicros is SEC_TO_TIME's argument as microseconds, clamped to
// TIME's range before the conversion to an integer: a float beyond int64's
// range converted to the smallest int64 (99999999999999999999 was
// -838:59:59; MySQL 838:59:59 with a warning).
func secToTimeMicros(f float64) int64 {
	us := f * 1_000_000
	if math.IsNaN(us) {
		return 0
	}
	return int64(math.Max(math.Min(us, maxTimeMicros), -maxTimeMicros))
}

// HOUR(t) as MySQL's Item_func_hour: the hours of its argument read as a
// TIME (get_arg0_time), without the sign, so beyond 23 for a TIME ('838:59:59'
// is 838, '-100:00:00' 100, '1 10:00:00' 34). GMS read it as a DATETIME's
// time of day: 22, 4 and 10.
func hourOf(ctx *sql.Context, vs []any) (any, error) {
	if t, ok := vs[0].(time.Time); ok {
		return int64(t.Hour()), nil
	}
	sec, err := timeToSec(ctx, vs)
	n, ok := sec.(int64)
	if err != nil {
		return nil, err
	}
	if !ok {
		// Not read as a TIME here ('2024-01-01', which MySQL's
		// str_to_time reads as 00:20:24): GMS's answer, as before.
		return function.NewHour(expression.NewLiteral(vs[0], types.LongText)).Eval(ctx, nil)
	}
	if n < 0 {
		n = -n
	}
	return n / 3600, nil
}

func init() {
	functions["time_to_sec"] = typedFn("time_to_sec", 1, 1, types.Int64, timeToSec)
	functions["hour"] = typedFn("hour", 1, 1, types.Int32, hourOf)
}
