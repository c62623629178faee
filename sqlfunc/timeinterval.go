package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// timeArith is a TIME ± INTERVAL (`t + INTERVAL 1 SECOND`, DATE_ADD(t,
// ...), DATE_SUB, ADDDATE/SUBDATE) as MySQL computes it
// (Item_date_add_interval::resolve_type and get_time_internal): the result
// is a TIME whose fractional digits are the larger of the argument's and the
// interval's, the interval's days, hours, minutes, seconds and microseconds
// are added to the time as a duration, an interval with years or months, or
// a result beyond ±838:59:59 (maxTimeMicros; a fraction beyond it too,
// sec_to_time's range adjustment), is NULL with warning 1441. GMS answered
// `t + INTERVAL 1 SECOND` with a DATETIME on today's date (the fraction
// lost), and DATE_ADD(t, ...) with a TIME(6) whatever t's precision.
type timeArith struct {
	unary    // the GMS node, kept for String and the analyzer's walks
	date     sql.Expression
	interval *expression.Interval
	sub      bool
}

var _ sql.Expression = (*timeArith)(nil)

// isTimeType: a TIME of either Myriad's or GMS's type.
func isTimeType(t sql.Type) bool { return timetype.Is(t) || types.IsTimespan(t) }

func (d *timeArith) Type() sql.Type {
	p, ok := timetype.PrecisionOf(d.date.Type())
	if !ok {
		p = 0
	}
	return timetype.New(max(p, intervalDecimals(d.interval)))
}

func (d *timeArith) IsNullable() bool { return true }

func (d *timeArith) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (d *timeArith) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	return newDateArith(children[0]), nil
}

func (d *timeArith) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.date.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	span, err := types.Time.ConvertToTimespan(v)
	if err != nil {
		return nil, err
	}
	var us int64
	if frac, ok, err := fractionalSeconds(ctx, d.interval, row); err != nil || ok {
		if err != nil || frac == nil {
			return nil, err
		}
		us = *frac
	} else {
		delta, err := intervalDelta(ctx, d.interval, row) // compoundinterval.go
		if err != nil || delta == nil {
			return nil, err
		}
		if delta.Years != 0 || delta.Months != 0 {
			return d.overflow(ctx)
		}
		var ok bool
		if us, ok = timeIntervalMicros(delta); !ok {
			return d.overflow(ctx)
		}
	}
	if d.sub {
		us = -us
	}
	r := int64(span) + us
	if r > maxTimeMicros || r < -maxTimeMicros {
		return d.overflow(ctx)
	}
	return timetype.Round(types.Timespan(r), d.Type().(timetype.Type).Precision()), nil
}

// overflow is MySQL's answer to a TIME out of range or an interval of
// months: NULL and ER_DATETIME_FUNCTION_OVERFLOW.
func (d *timeArith) overflow(ctx *sql.Context) (any, error) {
	ctx.Warn(1441, "%s", fmt.Sprintf("Datetime function: %s field overflow", "time"))
	return nil, nil
}

// timeIntervalMicros is delta's days to microseconds as microseconds; ok
// is false when a part alone is beyond twice the TIME range, so that no
// result is in range (the products would wrap int64 and could land back
// inside it).
func timeIntervalMicros(delta *expression.TimeDelta) (int64, bool) {
	var us int64
	for _, p := range [...]struct{ n, per int64 }{
		{delta.Days, 86_400 * usPerSec}, {delta.Hours, 3600 * usPerSec}, {delta.Minutes, 60 * usPerSec},
		{delta.Seconds, usPerSec}, {delta.Microseconds, 1},
	} {
		if lim := 2 * maxTimeMicros / p.per; p.n > lim || p.n < -lim {
			return 0, false
		}
		us += p.n * p.per
	}
	return us, true
}
