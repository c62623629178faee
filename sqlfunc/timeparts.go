package sqlfunc

import (
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
		return c, true, nil
	}
	return ne, changed, nil
}

func stringTimePart(e sql.Expression) (sql.Expression, bool, error) {
	changed := false
	if arg := e.Children()[0]; isInt(arg.Type()) {
		switch e.(type) {
		case *function.Minute, *function.Second:
			e, changed = &clampTimeNumber{Expression: e}, true
		}
	} else if isPlainString(arg) || types.IsDecimal(arg.Type()) {
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
// 0 without a warning. A TIME's parts are its magnitude's (spanClock).
// Other values are inner's (stringTimePart of orig).
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
	if t := orig.Children()[0].Type(); !types.IsText(t) && !isNumber(t) && !timetype.Is(t) && !types.IsTimespan(t) {
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
	if ts, isSpan := v.(types.Timespan); isSpan {
		return c.part(spanClock(ts)), nil
	}
	t, ok := clockOf(ctx, v, true) // extract.go
	if !ok {
		if d, _, isNum := numberOf(v); isNum && d.Sign() < 0 {
			// number_to_time reads a negative number's magnitude.
			t, ok = clockOf(ctx, d.Neg(), true)
		}
	}
	if !ok {
		// A string read as a TIME ('-10:20:30', '-838:59:59'): the parts
		// of its magnitude, as of any TIME. GMS took a negative TIME for
		// a time of day before midnight (MINUTE was 39).
		if args := c.Expression.Children(); len(args) == 1 && isPlainString(c.orig.Children()[0]) {
			tv, err := args[0].Eval(ctx, row)
			if err != nil || tv == nil {
				return nil, err
			}
			if ts, isSpan := tv.(types.Timespan); isSpan {
				return c.part(spanClock(ts)), nil
			}
		}
		return c.Expression.Eval(ctx, row)
	}
	return c.part(t), nil
}

// spanClock is a TIME's magnitude as hours, minutes, seconds and
// microseconds: MySQL's HOUR, MINUTE, SECOND and MICROSECOND of a negative
// TIME are those of its magnitude (MINUTE('-10:20:30') is 20).
func spanClock(ts types.Timespan) mysqlTime {
	us := int64(ts)
	if us < 0 {
		us = -us
	}
	return mysqlTime{h: int(us / 3_600_000_000), mi: int(us / 60_000_000 % 60), s: int(us / 1_000_000 % 60), us: int(us % 1_000_000)}
}

func (c *clockPart) part(t mysqlTime) any {
	switch c.orig.(type) {
	case *function.Hour:
		return int32(t.h)
	case *function.Minute:
		return int32(t.mi)
	case *function.Second:
		return int32(t.s)
	}
	return int64(t.us)
}

// clampTimeNumber is MINUTE or SECOND of an integer argument read as
// MySQL's number_to_time reads it: a number beyond 838:59:59 and short of
// a datetime's 11 digits is 838:59:59, with a warning (MINUTE(20240305)
// is 59); GMS answered NULL. Other values are GMS's answer.
type clampTimeNumber struct {
	sql.Expression // GMS's MINUTE or SECOND
}

func (c *clampTimeNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &clampTimeNumber{n}, nil
}

func (c *clampTimeNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Expression.Children()[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if d, _, isNum := numberOf(v); isNum {
		if clampsToMaxTime(ctx, d) { // timesec.go
			return int32(59), nil // 838:59:59's minutes and seconds
		}
	}
	return c.Expression.Eval(ctx, row)
}
