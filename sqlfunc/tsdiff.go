package sqlfunc

import (
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// timestampDiff is TIMESTAMPDIFF with MySQL's calendar arithmetic for
// MONTH, QUARTER and YEAR: whole months between the two dates, one less
// when the later date's day (and time of day) has not reached the
// earlier's. GMS divides the elapsed hours by 30 or 365 days:
// TIMESTAMPDIFF(YEAR, '2000-02-29', '2024-02-28') was 24, MONTH from
// '2024-01-31' to '2024-03-01' 0. Other units are GMS's.
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

func (t *timestampDiff) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	u, err := t.unit.Eval(ctx, row)
	if err != nil || u == nil {
		return t.TimestampDiff.Eval(ctx, row)
	}
	us, ok := u.(string)
	if !ok {
		return t.TimestampDiff.Eval(ctx, row)
	}
	per, micros := int64(0), int64(0)
	switch strings.TrimPrefix(strings.ToLower(us), "sql_tsi_") {
	case "month":
		per = 1
	case "quarter":
		per = 3
	case "year":
		per = 12
	case "microsecond":
		micros = 1
	case "second":
		micros = 1e6
	case "minute":
		micros = 60e6
	case "hour":
		micros = 3600e6
	case "day":
		micros = 86400e6
	case "week":
		micros = 7 * 86400e6
	default:
		return t.TimestampDiff.Eval(ctx, row)
	}
	ts, ok, err := evalDatetimes(ctx, row, t.e1, t.e2)
	if !ok {
		return nil, err
	}
	if micros != 0 {
		// From microsecond counts, truncated toward zero as MySQL does:
		// GMS subtracts into a time.Duration, which saturates at ~292
		// years (TIMESTAMPDIFF(SECOND, '0001-01-01', '9999-12-31') was
		// 9223372036, MySQL 315537811200).
		return (ts[1].UnixMicro() - ts[0].UnixMicro()) / micros, nil
	}
	return monthsBetween(ts[0], ts[1]) / per, nil
}

// dateDiff is DATEDIFF counted in calendar days: GMS subtracts the two
// dates into a time.Duration, which saturates at ~292 years
// (DATEDIFF('9999-12-31', '0001-01-01') was 106752, MySQL 3652058).
type dateDiff struct{ *function.DateDiff }

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
	ts, ok, err := evalDatetimes(ctx, row, d.LeftChild, d.RightChild)
	if !ok {
		return nil, err
	}
	var days [2]int64
	for i, t := range ts {
		y, m, dd := t.Date()
		days[i] = time.Date(y, m, dd, 0, 0, 0, 0, time.UTC).Unix() / 86400
	}
	return days[0] - days[1], nil
}

// evalDatetimes evaluates a and b as GMS's date functions read their
// arguments (DATETIME(6)); ok is false for a NULL or an error.
func evalDatetimes(ctx *sql.Context, row sql.Row, a, b sql.Expression) (ts [2]time.Time, ok bool, err error) {
	for i, e := range []sql.Expression{a, b} {
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return ts, false, err
		}
		c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
		if err != nil || c == nil {
			return ts, false, err
		}
		ts[i] = c.(time.Time)
	}
	return ts, true, nil
}

// monthsBetween is MySQL's count of whole months from a to b (negative
// when b is earlier).
func monthsBetween(a, b time.Time) int64 {
	neg := b.Before(a)
	if neg {
		a, b = b, a
	}
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	months := int64(by-ay)*12 + int64(bm-am)
	tod := func(t time.Time) time.Duration {
		y, m, d := t.Date()
		return t.Sub(time.Date(y, m, d, 0, 0, 0, 0, t.Location()))
	}
	if bd < ad || (bd == ad && tod(b) < tod(a)) {
		months--
	}
	if neg {
		return -months
	}
	return months
}

func init() {
	functions["timestampdiff"] = sql.Function3{Name: "timestampdiff", Fn: newTimestampDiff}
	functions["datediff"] = sql.Function2{Name: "datediff", Fn: newDateDiff}
}
