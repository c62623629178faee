package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
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
	switch {
	case types.IsTimespan(l.Type()) && isPlainString(r):
		if _, col := l.(*expression.GetField); col {
			return e, false
		}
		r = &castStrTime{expression.NewConvert(r, expression.ConvertToTime)}
	case types.IsTimespan(r.Type()) && isPlainString(l):
		if _, col := r.(*expression.GetField); col {
			return e, false
		}
		l = &castStrTime{expression.NewConvert(l, expression.ConvertToTime)}
	default:
		return e, false
	}
	ne, err := e.WithChildren(l, r)
	if err != nil {
		return e, false
	}
	return ne, true
}
