package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// yearCompareArgs converts the constants compared with a YEAR column as
// MySQL does (convert_constant_item stores the constant into the YEAR
// field first): a two-digit number 1-69 is 2001-2069, 70-99 1970-1999, a
// one- or two-digit string likewise ('0' and '00' are 2000). GMS compared
// the number itself: `y = 20` found no row of 2020. Constants the YEAR
// cannot hold, four-digit years and 0 are compared as written.
func yearCompareArgs(e sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual, *expression.Between:
	case *expression.InTuple, *expression.HashInTuple:
		cs := e.Children()
		if len(cs) != 2 || !isYearColumn(cs[0]) {
			return e, false
		}
		tup, ok := cs[1].(expression.Tuple)
		if !ok {
			return e, false
		}
		items := make([]sql.Expression, len(tup))
		changed := false
		for i, it := range tup {
			items[i] = twoDigitYear(it)
			changed = changed || items[i] != it
		}
		if !changed {
			return e, false
		}
		ne, err := e.WithChildren(cs[0], expression.NewTuple(items...))
		if err != nil {
			return e, false
		}
		return ne, true
	default:
		return e, false
	}
	cs := e.Children()
	year := false
	for _, c := range cs {
		year = year || isYearColumn(c)
	}
	if !year {
		return e, false
	}
	ncs := make([]sql.Expression, len(cs))
	changed := false
	for i, c := range cs {
		ncs[i] = c
		if !isYearColumn(c) {
			ncs[i] = twoDigitYear(c)
		}
		changed = changed || ncs[i] != c
	}
	if !changed {
		return e, false
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

func isYearColumn(e sql.Expression) bool {
	_, ok := e.(*expression.GetField)
	return ok && types.IsYear(e.Type())
}

// twoDigitYear is the YEAR a one- or two-digit constant stands for, or e.
func twoDigitYear(e sql.Expression) sql.Expression {
	l, ok := e.(*expression.Literal)
	if !ok {
		return e
	}
	var n int64
	switch v := l.Value().(type) {
	case int8, int16, int32, int64, uint8, uint16, uint32, uint64:
		b, ok := toBig(v)
		if !ok || !b.IsInt64() || b.Int64() < 1 || b.Int64() > 99 {
			return e
		}
		n = b.Int64()
	case decimal.Decimal:
		if !v.IsInteger() || v.LessThan(decimal.NewFromInt(1)) || v.GreaterThan(decimal.NewFromInt(99)) {
			return e
		}
		n = v.IntPart()
	case string:
		// '0' and '00' are 2000 too (a string zero is not YEAR 0).
		if len(v) < 1 || len(v) > 2 {
			return e
		}
		for i := 0; i < len(v); i++ {
			if v[i] < '0' || v[i] > '9' {
				return e
			}
			n = n*10 + int64(v[i]-'0')
		}
	default:
		return e
	}
	if n <= 69 {
		n += 2000
	} else {
		n += 1900
	}
	return expression.NewLiteral(n, types.Int64)
}
