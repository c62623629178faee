package sqlfunc

import (
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
)

// DateCompareRuleID names the rule that rewrites comparisons of DATE and
// DATETIME values with constants (issue 9's range 10_600-10_649).
const DateCompareRuleID analyzer.RuleId = 10_600

var dateCompareRule = analyzer.Rule{Id: DateCompareRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return DateComparisons(ctx, n)
}}

// DateComparisons rewrites the comparisons of n (and its subqueries) of a
// DATE, DATETIME or TIMESTAMP value with a string or number constant into
// comparisons with a constant of the value's own type that mean the same
// in MySQL's terms:
//
//   - MySQL compares a temporal value with such a constant as DATETIME,
//     reading a number as YYYYMMDD[hhmmss[.ffffff]] (`d = 20240102` is true
//     for 2024-01-02; a number that is no date warns 1292 and compares as
//     the zero date). GMS compared a DATE with a number as numbers (no row)
//     or failed with 1292 building the index range.
//   - GMS builds index ranges by converting the constant to the column's
//     type, cutting a DATETIME string down to a DATE (`di < '2024-01-02
//     10:00'` lost 2024-01-02) or to the column's fractional digits. A
//     constant finer than the column becomes the neighbouring value of the
//     column's type with the operator adjusted (< x becomes <= floor(x),
//     = x can match no value of the column).
//
// Every such constant is replaced, even one already of the column's
// precision: the plan cache must never hold a plan of this shape, whose
// index range depends on the constant's value in ways it cannot redo.
func DateComparisons(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e := e.(type) {
		case *exactDecimalLiteral:
			// Unwrapped here already: this rule runs first and must see
			// the literal (see Parser).
			return e.child, transform.NewTree, nil
		case *plan.Subquery:
			q, same, err := DateComparisons(ctx, e.Query)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return e.WithQuery(q), transform.NewTree, nil
		case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
			*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
			cs := e.Children()
			if r := dateCompare(ctx, opOf(e), cs[0], cs[1]); r != nil {
				return r, transform.NewTree, nil
			}
		case *expression.Between:
			if r := stringBetweenDates(e); r != nil {
				return r, transform.NewTree, nil
			}
			if vt := e.Val.Type(); isInt(vt) || types.IsDecimal(vt) || types.IsFloat(vt) {
				// GMS evaluates BETWEEN with comparisons it makes per row,
				// which this package's exact ones never replace (a
				// DECIMAL(5,0) of 1 was BETWEEN 1.005 AND 1.5e0); MySQL
				// defines it as the conjunction.
				return expression.NewAnd(expression.NewGreaterThanOrEqual(e.Val, e.Lower),
					expression.NewLessThanOrEqual(e.Val, e.Upper)), transform.NewTree, nil
			}
			if !isTemporal(e.Val.Type()) {
				break
			}
			lo := dateCompare(ctx, ">=", e.Val, e.Lower)
			hi := dateCompare(ctx, "<=", e.Val, e.Upper)
			if lo == nil && hi == nil {
				break
			}
			if lo == nil {
				lo = expression.NewGreaterThanOrEqual(e.Val, e.Lower)
			}
			if hi == nil {
				hi = expression.NewLessThanOrEqual(e.Val, e.Upper)
			}
			return expression.NewAnd(lo, hi), transform.NewTree, nil
		case *expression.InTuple:
			if r := dateIn(ctx, e); r != nil {
				return r, transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	})
}

// stringBetweenDates is `s BETWEEN x AND y` with a string s and a temporal
// bound, the other bound a string or temporal too: MySQL compares all three
// as DATETIMEs (compare_as_dates_with_strings), so the strings are read as
// dates. GMS compared s with a string bound as strings and used the string
// index for a range.
func stringBetweenDates(e *expression.Between) sql.Expression {
	if !types.IsText(e.Val.Type()) || !(isTemporal(e.Lower.Type()) || isTemporal(e.Upper.Type())) {
		return nil
	}
	args := []sql.Expression{e.Val, e.Lower, e.Upper}
	for i, a := range args {
		switch {
		case isTemporal(a.Type()):
		case types.IsText(a.Type()):
			args[i] = &strAsDatetime{unary{a}}
		default:
			return nil
		}
	}
	return expression.NewBetween(args[0], args[1], args[2])
}

func opOf(e sql.Expression) string {
	if op := ComparisonOp(e); op != "" {
		return op
	}
	return ">="
}

// ComparisonOp is the operator of a GMS comparison of two operands (=, <=>,
// <, >, <=, >=), or "" for any other expression.
func ComparisonOp(e sql.Expression) string {
	switch e.(type) {
	case *expression.Equals:
		return "="
	case *expression.NullSafeEquals:
		return "<=>"
	case *expression.LessThan:
		return "<"
	case *expression.GreaterThan:
		return ">"
	case *expression.LessThanOrEqual:
		return "<="
	case *expression.GreaterThanOrEqual:
		return ">="
	}
	return ""
}

// Flipped is the operator that compares the same way with the operands
// swapped (a < b is b > a).
func Flipped(op string) string { return flipped[op] }

var flipped = map[string]string{"=": "=", "<=>": "<=>", "<": ">", ">": "<", "<=": ">=", ">=": "<="}

func isTemporal(t sql.Type) bool {
	return types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t)
}

func isConstant(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	if !ok || l.Value() == nil {
		return false
	}
	t := l.Type()
	return types.IsText(t) || isInt(t) || types.IsDecimal(t) || types.IsFloat(t) || isTemporal(t)
}

// dateCompare returns `a op b` rewritten (see DateComparisons), or nil when
// it is not a temporal value compared with a constant.
func dateCompare(ctx *sql.Context, op string, a, b sql.Expression) sql.Expression {
	if !isTemporal(a.Type()) || !isConstant(b) {
		if isTemporal(b.Type()) && isConstant(a) {
			return dateCompare(ctx, flipped[op], b, a)
		}
		if r := temporalVsColumn(op, a, b); r != nil {
			return r
		}
		if r := temporalVsColumn(flipped[op], b, a); r != nil {
			return r
		}
		if r := timeVsNumber(op, a, b); r != nil {
			return r
		}
		return timeVsNumber(flipped[op], b, a)
	}
	if numberForExpression(a, b) {
		return nil
	}
	if numberPastDatetimes(b.(*expression.Literal)) {
		// MySQL's convert_constant_item stores the constant into the
		// column's type; a number past 9999-12-31 23:59:59 or below zero
		// does not store (out of range), so the comparison stays numeric
		// (item_cmp_type: REAL): `d < 1e20` is true for every date.
		return comparison(op, newTemporalNum(a), b)
	}
	col := a.Type()
	v, zero, ok := temporalConstant(ctx, b.(*expression.Literal))
	if !ok {
		return nil
	}
	if zero {
		// Earlier than every value.
		switch op {
		case "=", "<", "<=":
			return matchNothing(a)
		case "<=>":
			return expression.NewLiteral(false, types.Boolean)
		}
		return expression.NewEquals(a, a) // true, or NULL for NULL
	}
	floor, exact := truncateTo(v, col)
	lit := expression.NewLiteral(floor, col)
	if exact {
		return comparison(op, a, lit)
	}
	// floor < v < the next value of the column's type.
	switch op {
	case "=":
		return matchNothing(a)
	case "<=>":
		return expression.NewLiteral(false, types.Boolean)
	case "<", "<=":
		return expression.NewLessThanOrEqual(a, lit)
	default: // ">", ">="
		return expression.NewGreaterThan(a, lit)
	}
}

// timeVsNumber compares a TIME expression other than a column with a
// number as MySQL does, the number read as hhmmss[.ffffff]: as numbers,
// the TIME read as its hhmmss. GMS compared them as strings ('10:00:00' <
// '90000'), so TIME '10:00:00' > 90000 was false; for a column it
// converts the number to TIME itself.
func timeVsNumber(op string, a, b sql.Expression) sql.Expression {
	if !timetype.Is(a.Type()) {
		return nil
	}
	if _, col := a.(*expression.GetField); col {
		return nil
	}
	if bt := b.Type(); !isInt(bt) && !types.IsDecimal(bt) && !types.IsFloat(bt) {
		return nil
	}
	return comparison(op, newTemporalNum(a), b)
}

// matchNothing is false for every value of a, NULL for NULL, as `a = x`
// is for an x no value of a's type equals. It is a range the index range
// builder reads as empty.
func matchNothing(a sql.Expression) sql.Expression {
	lit := expression.NewLiteral(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), a.Type())
	return expression.NewAnd(expression.NewGreaterThan(a, lit), expression.NewLessThan(a, lit))
}

func comparison(op string, a, b sql.Expression) sql.Expression {
	switch op {
	case "=":
		return expression.NewEquals(a, b)
	case "<=>":
		return expression.NewNullSafeEquals(a, b)
	case "<":
		return expression.NewLessThan(a, b)
	case ">":
		return expression.NewGreaterThan(a, b)
	case "<=":
		return expression.NewLessThanOrEqual(a, b)
	}
	return expression.NewGreaterThanOrEqual(a, b)
}

// dateIn rewrites `temporal IN (constants...)`: each constant becomes one of
// the value's type, and one finer than that type is dropped (it equals no
// value of it).
func dateIn(ctx *sql.Context, in *expression.InTuple) sql.Expression {
	a := in.Left()
	tup, ok := in.Right().(expression.Tuple)
	if !ok || !isTemporal(a.Type()) {
		return nil
	}
	var kept []sql.Expression
	changed := false
	for _, e := range tup {
		if !isConstant(e) || numberForExpression(a, e) {
			kept = append(kept, e)
			continue
		}
		v, zero, ok := temporalConstant(ctx, e.(*expression.Literal))
		if !ok {
			kept = append(kept, e)
			continue
		}
		changed = true
		if zero {
			continue
		}
		if floor, exact := truncateTo(v, a.Type()); exact {
			kept = append(kept, expression.NewLiteral(floor, a.Type()))
		}
	}
	if !changed {
		return nil
	}
	if len(kept) == 0 {
		return matchNothing(a)
	}
	return expression.NewInTuple(a, expression.NewTuple(kept...))
}

// numberForExpression: a number constant b compared with a temporal a that
// is not a column is compared as a number (datenum.go), since MySQL
// converts a constant to the type of a field only (convert_constant_item):
// NOW() < 20261128 compares 20261127103000 with 20261128.
func numberForExpression(a, b sql.Expression) bool {
	_, col := a.(*expression.GetField)
	return !col && isNumber(b.Type())
}

// temporalConstant reads a string or number constant as MySQL does when it
// compares it with a temporal value: a string as a DATETIME (ok is false
// for one that is none: the comparison is left as it is), a number as
// YYYYMMDD[hhmmss][.ffffff] (one that is no date warns 1292 and is the zero
// date, earlier than every date).
func temporalConstant(ctx *sql.Context, l *expression.Literal) (t time.Time, zero, ok bool) {
	switch v := l.Value().(type) {
	case string:
		t, _, _, ok := parseDatetime(v)
		return t, false, ok
	case time.Time:
		return v, false, true
	}
	var d decimal.Decimal
	switch v := l.Value().(type) {
	case decimal.Decimal:
		d = v
	case float64:
		d = decimal.NewFromFloat(v)
	case float32:
		d = decimal.NewFromFloat32(v)
	default:
		i, _, err := types.Int64.Convert(ctx, v)
		if err != nil {
			u, _, err2 := types.Uint64.Convert(ctx, v)
			if err2 != nil {
				return time.Time{}, false, false
			}
			d = decimal.NewFromBigInt(new(big.Int).SetUint64(u.(uint64)), 0)
		} else {
			d = decimal.NewFromInt(i.(int64))
		}
	}
	if d.IsZero() {
		// 0 is the zero date to MySQL (number_to_datetime), which a
		// column holds under a sql_mode without NO_ZERO_DATE: `d = 0`
		// finds the '0000-00-00' rows.
		return gmsZeroTime, false, true
	}
	t, ok = decimalToDatetime(d)
	if !ok {
		if ctx != nil && ctx.Session != nil {
			ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
				Message: fmt.Sprintf("Incorrect datetime value: '%s'", d.String())})
		}
		return time.Time{}, true, true
	}
	return t, false, true
}

// numberPastDatetimes: l is a number below 0 or above the largest
// YYYYMMDDhhmmss number (99991231235959).
func numberPastDatetimes(l *expression.Literal) bool {
	var d decimal.Decimal
	switch v := l.Value().(type) {
	case decimal.Decimal:
		d = v
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return false
		}
		d = decimal.NewFromFloat(v)
	case float32:
		d = decimal.NewFromFloat32(v)
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		if b, ok := toBig(v); ok {
			d = decimal.NewFromBigInt(new(big.Int).Set(b), 0)
		}
	default:
		return false
	}
	return d.Sign() < 0 || d.Truncate(0).GreaterThan(decimal.NewFromInt(99991231235959))
}

// decimalToDatetime is numberToDatetime with the fraction of a
// YYYYMMDDhhmmss number as microseconds.
func decimalToDatetime(d decimal.Decimal) (time.Time, bool) {
	ip := d.Truncate(0)
	if d.Sign() <= 0 || ip.GreaterThan(decimal.NewFromInt(99991231235959)) {
		return time.Time{}, false
	}
	t, ok := numberToDatetime(ip.IntPart())
	if !ok {
		return t, false
	}
	if ip.IntPart() <= 99991231 {
		// A date-only number's fraction is dropped (MySQL's
		// lldiv_t_to_datetime): 20240101.5 is 2024-01-01.
		return t, true
	}
	us := d.Sub(ip).Shift(6).Round(0).IntPart()
	return t.Add(time.Duration(us) * time.Microsecond), true
}

// truncateTo returns v cut to the values of type t (a DATE's day, a
// DATETIME(p)'s 10^-p seconds) and whether that lost nothing.
func truncateTo(v time.Time, t sql.Type) (time.Time, bool) {
	var floor time.Time
	if types.IsDateType(t) {
		floor = time.Date(v.Year(), v.Month(), v.Day(), 0, 0, 0, 0, time.UTC)
	} else {
		p := 6
		if dt, ok := t.(sql.DatetimeType); ok {
			p = dt.Precision()
		}
		unit := time.Duration(1)
		for i := 0; i < 9-p; i++ {
			unit *= 10
		}
		floor = v.Add(-(time.Duration(v.Nanosecond()) % unit))
	}
	return floor, floor.Equal(v)
}

// temporalVsColumn rewrites a temporal value compared with a non-constant
// string or number (a column, usually), or nil:
//
//   - a string is read as a DATETIME, as MySQL compares them (`s <
//     TIMESTAMP '...'`); one that is no date is the zero date. GMS failed
//     with 1292 evaluating it and built an index range over the string
//     index, whose order is not the dates' order.
//   - a number against a temporal constant compares as numbers, the
//     constant read as YYYYMMDD[hhmmss[.f]] (MySQL's rule for date and
//     number; `int_col >= DATE '2024-01-01'` was true for 5).
func temporalVsColumn(op string, a, b sql.Expression) sql.Expression {
	if !isTemporal(a.Type()) {
		return nil
	}
	if _, lit := b.(*expression.Literal); lit {
		return nil
	}
	bt := b.Type()
	switch {
	case types.IsText(bt):
		if _, done := b.(*strAsDatetime); done {
			return nil
		}
		return comparison(op, a, &strAsDatetime{unary{b}})
	case isInt(bt) || types.IsDecimal(bt) || types.IsFloat(bt):
		l, ok := a.(*expression.Literal)
		if !ok || l.Value() == nil {
			return nil
		}
		t, ok := l.Value().(time.Time)
		if !ok {
			return nil
		}
		return comparison(op, temporalNumber(t, l.Type()), b)
	}
	return nil
}

// temporalNumber is a DATE or DATETIME constant as MySQL's number.
func temporalNumber(t time.Time, typ sql.Type) sql.Expression {
	ymd := int64(t.Year())*10000 + int64(t.Month())*100 + int64(t.Day())
	if types.IsDateType(typ) {
		return expression.NewLiteral(ymd, types.Int64)
	}
	n := ymd*1000000 + int64(t.Hour())*10000 + int64(t.Minute())*100 + int64(t.Second())
	p, _ := datetimePrecision(typ)
	if p == 0 && t.Nanosecond() == 0 {
		return expression.NewLiteral(n, types.Int64)
	}
	d := decimal.NewFromInt(n).Add(decimal.New(int64(t.Nanosecond()/1000), -6))
	scale := max(p, 6)
	return expression.NewLiteral(d, types.MustCreateDecimalType(uint8(14+scale), uint8(scale)))
}

// strAsDatetime reads a string as a DATETIME for a comparison with a
// temporal value: NULL stays NULL, a string that is no date is the zero
// date (earlier than every date), as in MySQL.
type strAsDatetime struct{ unary }

func (e *strAsDatetime) Type() sql.Type { return types.DatetimeMaxPrecision }
func (e *strAsDatetime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func (e *strAsDatetime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	t, _ := DatetimeOf(ctx, v)
	return t, nil
}

// DatetimeOf is v (a time.Time, or a string or bytes) as MySQL reads it to
// compare it with a DATE or DATETIME: a string that is no date is the zero
// date, with warning 1292. ok is false for NULL and other types.
func DatetimeOf(ctx *sql.Context, v any) (t time.Time, ok bool) {
	var str string
	switch v := v.(type) {
	case time.Time:
		return v, true
	case string:
		str = v
	case []byte:
		str = string(v)
	default:
		return time.Time{}, false
	}
	if t, _, _, ok := parseDatetime(str); ok {
		return t, true
	}
	if t, _, err := types.DatetimeMaxPrecision.Convert(ctx, str); err == nil && t != nil {
		if tm, isTime := t.(time.Time); isTime {
			return tm, true
		}
	}
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
			Message: fmt.Sprintf("Incorrect datetime value: '%s'", str)})
	}
	return zeroDatetime, true
}

// zeroDatetime stands for 0000-00-00 00:00:00 (GMS's own zero time).
var zeroDatetime = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)
