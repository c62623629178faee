package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// timestampDiff is TIMESTAMPDIFF(unit, a, b) as MySQL's
// Item_func_timestamp_diff computes it: the span b - a from day numbers and
// microseconds of the day, truncated toward zero in the unit; MONTH,
// QUARTER and YEAR count whole calendar months (one less when b's day and
// time of day have not reached a's). GMS subtracted time.Time values, whose
// time.Duration saturates at 292 years (SECOND from 0001-01-01 to
// 9999-12-31 was 9223372036, not 315537811200), and divided hours by 30 or
// 365 days for months and years. Arguments are read as civilArg reads them.
type timestampDiff struct {
	*function.TimestampDiff
	unit, e1, e2 sql.Expression
}

var _ sql.FunctionExpression = (*timestampDiff)(nil)

func newTimestampDiff(u, e1, e2 sql.Expression) sql.Expression {
	return &timestampDiff{TimestampDiff: function.NewTimestampDiff(u, e1, e2).(*function.TimestampDiff), unit: u, e1: e1, e2: e2}
}

func (t *timestampDiff) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 3)
	}
	return newTimestampDiff(children[0], children[1], children[2]), nil
}

// microsPer is the length of the units TIMESTAMPDIFF counts as spans.
var microsPer = map[string]int64{
	"microsecond": 1,
	"second":      1_000_000,
	"minute":      60_000_000,
	"hour":        3_600_000_000,
	"day":         86_400_000_000,
	"week":        7 * 86_400_000_000,
}

// monthsPer is the months in the units TIMESTAMPDIFF counts in months.
var monthsPer = map[string]int64{"month": 1, "quarter": 3, "year": 12}

func (t *timestampDiff) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	u, err := t.unit.Eval(ctx, row)
	if err != nil || u == nil {
		return t.TimestampDiff.Eval(ctx, row)
	}
	us, ok := u.(string)
	if !ok {
		return t.TimestampDiff.Eval(ctx, row)
	}
	unit := unitName(us)
	per, months := microsPer[unit], monthsPer[unit]
	if per == 0 && months == 0 {
		// GMS's error for a unit it does not know.
		return t.TimestampDiff.Eval(ctx, row)
	}
	var c [2]civil
	for i, e := range []sql.Expression{t.e1, t.e2} {
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		if c[i], ok = civilArg(ctx, v); !ok {
			return nil, nil
		}
	}
	if months != 0 {
		return monthsBetween(c[0], c[1]) / months, nil
	}
	// Go's division truncates toward zero, as MySQL's of the absolute
	// span with the sign put back.
	return (c[1].micros() - c[0].micros()) / per, nil
}

// monthsBetween is MySQL's count of whole months from a to b (negative
// when b is earlier).
func monthsBetween(a, b civil) int64 {
	neg := b.micros() < a.micros()
	if neg {
		a, b = b, a
	}
	months := int64(b.y-a.y)*12 + int64(b.m-a.m)
	if b.d < a.d || (b.d == a.d && b.us < a.us) {
		months--
	}
	if neg {
		return -months
	}
	return months
}

func init() {
	functions["timestampdiff"] = sql.Function3{Name: "timestampdiff", Fn: newTimestampDiff}
}
