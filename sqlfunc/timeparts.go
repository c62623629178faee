package sqlfunc

import (
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// signedTimePart is TIME_TO_SEC or MICROSECOND typed BIGINT as in MySQL:
// GMS declares BIGINT UNSIGNED, so Django's TimeField subtraction,
// (TIME_TO_SEC(a) * 1000000 + MICROSECOND(a)) - (... b ...), failed with
// 1690 whenever b was the later time.
type signedTimePart struct {
	sql.Expression
}

func (s *signedTimePart) Type() sql.Type { return types.Int64 }

func (s *signedTimePart) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := s.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &signedTimePart{n}, nil
}

func (s *signedTimePart) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	c, _, err := types.Int64.Convert(ctx, v)
	return c, err
}

// timePart is HOUR, MINUTE, SECOND, MICROSECOND or TIME_TO_SEC of e's
// argument with a string argument read as a TIME, as MySQL does
// ('11:15:00.000000', how mysqlclient sends a time: GMS read the string as
// a DATETIME only, answering NULL, or 1292 for TIME_TO_SEC), and
// TIME_TO_SEC and MICROSECOND signed.
func timePart(e sql.Expression) (sql.Expression, bool, error) {
	ne, changed, err := stringTimePart(e)
	if err != nil {
		return nil, false, err
	}
	if c, isClock := clockPartOf(ne, e); isClock {
		ne, changed = c, true
	}
	switch e.(type) {
	case *function.Minute, *function.Second, *function.Microsecond:
		return &negClockPart{Expression: ne, orig: e}, true, nil
	}
	return ne, changed, nil
}

func stringTimePart(e sql.Expression) (sql.Expression, bool, error) {
	changed := false
	if arg := e.Children()[0]; isPlainString(arg) {
		ne, err := e.WithChildren(&castStrTime{expression.NewConvert(arg, expression.ConvertToTime)})
		if err != nil {
			return nil, false, err
		}
		e, changed = ne, true
	}
	switch e.(type) {
	case *function.TimeToSec, *function.Microsecond:
		return &signedTimePart{e}, true, nil
	}
	return e, changed, nil
}

// compareAsTime makes a comparison of a TIME expression that is not a
// column (TIME(dt), CAST(x AS TIME): Django's __time lookup and TruncTime)
// with a string read the string as a TIME, as MySQL does; GMS compares
// such operands as DATETIMEs only when one is a column, so
// TIME(dt) = '14:30:26' was false for 14:30:26.
func compareAsTime(e sql.Expression) (sql.Expression, bool) {
	cs := e.Children()
	if len(cs) != 2 {
		return e, false
	}
	l, r := cs[0], cs[1]
	if ne, ok := compareTimeAsNumber(e, l, r); ok {
		return ne, true
	}
	switch {
	case timetype.Is(l.Type()) && isPlainString(r):
		if _, col := l.(*expression.GetField); col {
			return e, false
		}
		r = &castStrTime{expression.NewConvert(r, expression.ConvertToTime)}
	case timetype.Is(r.Type()) && isPlainString(l):
		if _, col := r.(*expression.GetField); col {
			return e, false
		}
		l = &castStrTime{expression.NewConvert(l, expression.ConvertToTime)}
	case timetype.Is(l.Type()) && timetype.Is(r.Type()) && !l.Type().Equals(r.Type()) && !r.Type().Equals(l.Type()):
	default:
		return e, false
	}
	// Two TIMEs of different types (TIME(n) and another precision, or
	// GMS's TIME) that are not columns: GMS compares values of unequal
	// types by their text unless one side is a column, whose type it
	// then compares in. Both sides become GMS's TIME, compared as times.
	if _, col := l.(*expression.GetField); !col {
		l = asTime(l)
	}
	if _, col := r.(*expression.GetField); !col {
		r = asTime(r)
	}
	ne, err := e.WithChildren(l, r)
	if err != nil {
		return e, false
	}
	return ne, true
}

// timeAs is a TIME(n) expression seen as GMS's TIME (same values).
type timeAs struct {
	unary
	numeric
}

// asTime is e typed as GMS's TIME, or e if it already is.
func asTime(e sql.Expression) sql.Expression {
	if types.IsTimespan(e.Type()) {
		return e
	}
	return &timeAs{unary: unary{e}}
}

func (a *timeAs) Type() sql.Type                                  { return types.Time }
func (a *timeAs) Eval(ctx *sql.Context, row sql.Row) (any, error) { return a.child.Eval(ctx, row) }
func (a *timeAs) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(a, children)
}

// compareTimeAsNumber: a TIME that is not a column compared with a number
// is read as MySQL's number hhmmss[.ffffff] (TIME '10:00:00' > 90000 is
// true: 100000 > 90000). GMS compared such operands by another reading
// (false). A TIME column compared with a number keeps GMS's comparison in the
// column's type, which agrees and keeps the index range.
func compareTimeAsNumber(e, l, r sql.Expression) (sql.Expression, bool) {
	isTime := func(x sql.Expression) bool {
		_, col := x.(*expression.GetField)
		return !col && (timetype.Is(x.Type()) || types.IsTimespan(x.Type()))
	}
	switch {
	case isTime(l) && isNumber(r.Type()):
		l = newTemporalNum(l)
	case isTime(r) && isNumber(l.Type()):
		r = newTemporalNum(r)
	default:
		return e, false
	}
	ne, err := e.WithChildren(l, r)
	if err != nil {
		return e, false
	}
	return ne, true
}

// clockPart is HOUR, MINUTE, SECOND or MICROSECOND of a string or number
// read as MySQL's get_arg0_time does (clockOf: '2024-00-05 10:20:30' is
// 10:20:30, '2024-03-05' 00:20:24, 240305 24:03:05); GMS answered NULL, or
// 0 without a warning. Other values are inner's (stringTimePart of orig).
type clockPart struct {
	sql.Expression // inner
	orig           sql.Expression
}

func clockPartOf(inner, orig sql.Expression) (sql.Expression, bool) {
	switch orig.(type) {
	case *function.Hour, *function.Minute, *function.Second, *function.Microsecond:
	default:
		return inner, false
	}
	if t := orig.Children()[0].Type(); !types.IsText(t) && !isNumber(t) {
		return inner, false
	}
	return &clockPart{Expression: inner, orig: orig}, true
}

func (c *clockPart) Children() []sql.Expression { return c.orig.Children() }
func (c *clockPart) String() string             { return c.orig.String() }

func (c *clockPart) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	o, err := c.orig.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	inner, _, err := stringTimePart(o)
	if err != nil {
		return nil, err
	}
	return &clockPart{Expression: inner, orig: o}, nil
}

func (c *clockPart) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.orig.Children()[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	t, ok := clockOf(ctx, v, true) // extract.go
	if !ok {
		return c.Expression.Eval(ctx, row)
	}
	switch c.orig.(type) {
	case *function.Hour:
		return int32(t.h), nil
	case *function.Minute:
		return int32(t.mi), nil
	case *function.Second:
		return int32(t.s), nil
	}
	return int64(t.us), nil
}

// negClockPart is MINUTE, SECOND or MICROSECOND of a negative TIME (a
// string such as '-10:20:30', a negative number, or a TIME value): MySQL
// takes the part of the time's magnitude (Item_func_minute::val_int reads
// the argument with get_arg0_time and returns ltime.minute, the sign held
// apart in ltime.neg), so MINUTE('-10:20:30') is 20. GMS read the string as
// a time of day before midnight (39) or failed on the number. Values that
// are not negative keep inner's reading (clockPart's date-only strings:
// MINUTE('2024-03-05') is 20).
type negClockPart struct {
	sql.Expression // inner
	orig           sql.Expression
}

func (n *negClockPart) Children() []sql.Expression { return n.orig.Children() }
func (n *negClockPart) String() string             { return n.orig.String() }

func (n *negClockPart) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	o, err := n.orig.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	ne, _, err := timePart(o)
	return ne, err
}

func (n *negClockPart) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.orig.Children()[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	ts, ok := negativeTime(ctx, v)
	if !ok {
		return n.Expression.Eval(ctx, row)
	}
	us := -int64(ts)
	switch n.orig.(type) {
	case *function.Minute:
		return int32(us / 60_000_000 % 60), nil
	case *function.Second:
		return int32(us / 1_000_000 % 60), nil
	}
	return us % 1_000_000, nil
}

// negativeTime is v read as a TIME when that TIME is negative.
func negativeTime(ctx *sql.Context, v any) (types.Timespan, bool) {
	var ts types.Timespan
	var err error
	switch x := v.(type) {
	case types.Timespan:
		ts = x
	case string:
		s := strings.TrimSpace(x)
		if !strings.HasPrefix(s, "-") {
			return 0, false
		}
		if d, ok := dayTimeOf(ctx, s); ok {
			ts = d
		} else {
			ts, err = types.Time.ConvertToTimespan(s)
		}
	case decimal.Decimal:
		f, _ := x.Float64()
		ts, err = types.Time.ConvertToTimespan(f)
	case int64, int32, int16, int8, int, float64, float32:
		ts, err = types.Time.ConvertToTimespan(x)
	default:
		return 0, false
	}
	if err != nil || ts >= 0 {
		return 0, false
	}
	return ts, true
}
