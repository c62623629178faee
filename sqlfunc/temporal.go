package sqlfunc

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
)

// dateArith is date ± INTERVAL, DATE_ADD and DATE_SUB with MySQL's result
// type: DATETIME(n) keeps the argument's fractional digits (or the
// interval's, if more), a DATE plus whole days or more stays a DATE. GMS
// declares DATETIME(0) for `+ INTERVAL`, so the microseconds it computed were
// cut off on the wire, and TEXT for DATE_ADD of a DATETIME. The computation
// itself stays GMS's (the child); strings keep GMS's string result, as MySQL's
// is a string too.
type dateArith struct {
	unary
	date     sql.Expression
	interval *expression.Interval
}

var _ sql.Expression = (*dateArith)(nil)

// dateUnits are the units that keep a DATE a DATE.
var dateUnits = map[string]bool{"YEAR": true, "QUARTER": true, "MONTH": true, "WEEK": true, "DAY": true, "YEAR_MONTH": true}

// intervalDecimals is the number of fractional-second digits an interval
// brings.
func intervalDecimals(i *expression.Interval) int {
	if strings.Contains(i.Unit, "MICROSECOND") {
		return 6
	}
	if i.Unit != "SECOND" {
		return 0
	}
	ct := i.Child.Type()
	switch {
	case isInt(ct):
		return 0
	case types.IsDecimal(ct):
		return min(int(ct.(sql.DecimalType).Scale()), 6)
	}
	return 6
}

func datetimePrecision(t sql.Type) (int, bool) {
	if types.IsDatetimeType(t) || types.IsTimestampType(t) {
		if dt, ok := t.(sql.DatetimeType); ok {
			return dt.Precision(), true
		}
		return 0, true
	}
	return 0, false
}

func datetimeOf(prec int) sql.Type {
	return types.MustCreateDatetimeType(sqltypes.Datetime, min(prec, 6))
}

func (d *dateArith) Type() sql.Type {
	dt := d.date.Type()
	ivDec := intervalDecimals(d.interval)
	if p, ok := datetimePrecision(dt); ok {
		return datetimeOf(max(p, ivDec))
	}
	if types.IsDateType(dt) {
		if dateUnits[d.interval.Unit] {
			return types.Date
		}
		return datetimeOf(ivDec)
	}
	// A string, or NULL (DATE_ADD(NULL, INTERVAL 1 DAY)): MySQL's result is
	// a string (Item_date_add_interval::resolve_type); GMS typed NULL's as
	// NULL.
	if types.IsText(dt) || dt == types.Null {
		return types.LongText
	}
	return d.child.Type()
}

func (d *dateArith) IsNullable() bool { return true }
func (d *dateArith) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if c, ok := d.child.(sql.CollationCoercible); ok {
		return c.CollationCoercibility(ctx)
	}
	return sql.Collation_binary, 5
}

func (d *dateArith) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	return newDateArith(children[0]), nil
}

// newDateArith wraps a GMS date-interval node, or returns it unchanged when
// it is not one.
func newDateArith(e sql.Expression) sql.Expression {
	var date sql.Expression
	var iv *expression.Interval
	switch n := e.(type) {
	case *expression.Arithmetic:
		if i, ok := n.RightChild.(*expression.Interval); ok {
			date, iv = n.LeftChild, i
		} else if i, ok := n.LeftChild.(*expression.Interval); ok {
			date, iv = n.RightChild, i
		}
	case interface {
		Children() []sql.Expression
		FunctionName() string
	}:
		if name := n.FunctionName(); name == "date_add" || name == "date_sub" {
			if cs := n.Children(); len(cs) == 2 {
				date, _ = cs[0], 0
				iv, _ = cs[1].(*expression.Interval)
			}
		}
	}
	if date == nil || iv == nil {
		return e
	}
	if isTimeType(date.Type()) {
		d := &dateArith{unary: unary{e}, date: date, interval: iv}
		return &timeArith{unary: unary{e}, date: date, interval: iv, sub: d.subtracts()}
	}
	return &dateArith{unary: unary{e}, date: date, interval: iv}
}

func (d *dateArith) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	// A NULL interval value is NULL in MySQL. GMS's Arithmetic keeps the
	// interval's nil *TimeDelta in an interface, which is then not == nil,
	// and dereferences it: the statement would panic.
	if iv, err := d.interval.Child.Eval(ctx, row); err != nil || iv == nil {
		return nil, err
	}
	typ := d.Type()
	if types.IsText(d.date.Type()) {
		return d.evalString(ctx, row)
	}
	temporal := types.IsDatetimeType(typ) || types.IsDateType(typ)
	var v any
	var err error
	if temporal {
		// GMS's Arithmetic converts the date to DATETIME(0) before adding,
		// dropping the microseconds; add the interval to the full value.
		v, err = d.date.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		v, _, err = types.DatetimeMaxPrecision.Convert(ctx, v)
		if err != nil || v == nil {
			return nil, err
		}
		tm, ok, err := d.addTime(ctx, row, v.(time.Time), typ)
		if err != nil || !ok {
			return nil, err
		}
		v = tm
	} else {
		v, err = d.child.Eval(ctx, row)
	}
	if err != nil || v == nil {
		return nil, err
	}
	if !temporal {
		return v, nil
	}
	t, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	if err != nil || t == nil {
		return nil, err
	}
	tm := t.(time.Time)
	if types.IsDateType(typ) {
		tm = time.Date(tm.Year(), tm.Month(), tm.Day(), 0, 0, 0, 0, tm.Location())
	}
	return tm, nil
}

// add is t plus (or minus) the interval (addInterval, dateadd.go); ok is
// false for NULL: a NULL or unreadable interval, or a result MySQL refuses,
// which warns 1441 as MySQL's date_add_interval_with_warn.
func (d *dateArith) add(ctx *sql.Context, row sql.Row, t mysqlTime) (mysqlTime, bool, error) {
	var delta *expression.TimeDelta
	if us, ok, err := fractionalSeconds(ctx, d.interval, row); err != nil || ok {
		if err != nil || us == nil {
			return mysqlTime{}, false, err
		}
		delta = &expression.TimeDelta{Microseconds: *us}
	} else if delta, err = intervalDelta(ctx, d.interval, row); err != nil || delta == nil { // compoundinterval.go
		return mysqlTime{}, false, err
	}
	sign := int64(1)
	if d.subtracts() {
		sign = -1
	}
	r, ok := addInterval(t, delta, sign)
	if !ok {
		warnDateOverflow(ctx)
		return mysqlTime{}, false, nil
	}
	return r, true, nil
}

func warnDateOverflow(ctx *sql.Context) {
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1441, Message: "Datetime function: datetime field overflow"})
}

// addTime is add for a DATE or DATETIME value (typ is the result's type).
// GMS holds the zero date as 0000-01-01, so a result of year 0 that is
// January 1st, or the zero date with a time of day, has no value here:
// refused (1235) rather than answered as another date.
func (d *dateArith) addTime(ctx *sql.Context, row sql.Row, tm time.Time, typ sql.Type) (time.Time, bool, error) {
	if tm.Equal(gmsZeroTime) {
		// MySQL reads the date with TIME_NO_ZERO_DATE: NULL.
		warnDateOverflow(ctx)
		return time.Time{}, false, nil
	}
	t := mysqlTime{tm.Year(), int(tm.Month()), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond() / 1000}
	r, ok, err := d.add(ctx, row, t)
	if err != nil || !ok {
		return time.Time{}, ok, err
	}
	dateOnly := types.IsDateType(typ) || r.h == 0 && r.mi == 0 && r.s == 0 && r.us == 0
	switch {
	case r.zeroDate() && dateOnly:
		return gmsZeroTime.In(tm.Location()), true, nil
	case r.zeroDate() || r.yearZeroJan1():
		return time.Time{}, false, errYearZero(r)
	}
	ns := r.us*1000 + tm.Nanosecond()%1000 // below a microsecond: kept as it was
	return time.Date(r.y, time.Month(r.m), r.d, r.h, r.mi, r.s, ns, tm.Location()), true, nil
}

func errYearZero(r mysqlTime) error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"This version of MySQL doesn't yet support 'the date %s as a DATE or DATETIME value (its date is held as the zero date)'",
		r.text(r.h != 0 || r.mi != 0 || r.s != 0 || r.us != 0))
}

// text is r as MySQL prints a DATETIME (withTime) or a DATE, microseconds
// only when not zero.
func (r mysqlTime) text(withTime bool) string {
	if !withTime {
		return r.dateText()
	}
	s := fmt.Sprintf("%s %02d:%02d:%02d", r.dateText(), r.h, r.mi, r.s)
	if r.us != 0 {
		s += fmt.Sprintf(".%06d", r.us)
	}
	return s
}

func (d *dateArith) subtracts() bool {
	switch n := d.child.(type) {
	case *expression.Arithmetic:
		return n.Op == "-"
	case sql.FunctionExpression:
		return n.FunctionName() == "date_sub"
	}
	return false
}

// fractionalSeconds handles INTERVAL x SECOND with a fractional x, which
// GMS rounds to whole seconds (MySQL adds 1.5 seconds for 1.5). ok is false
// for every other interval; us nil for a NULL x.
func fractionalSeconds(ctx *sql.Context, iv *expression.Interval, row sql.Row) (us *int64, ok bool, err error) {
	if iv.Unit != "SECOND" || isInt(iv.Child.Type()) {
		return nil, false, nil
	}
	v, err := iv.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, true, err
	}
	var d decimal.Decimal
	if s, isStr := asString(v); isStr {
		num, _ := numPrefix(s)
		d, err = decimal.NewFromString(num)
	} else {
		var c any
		c, _, err = types.InternalDecimalType.Convert(ctx, v)
		if err == nil {
			d = c.(decimal.Decimal)
		}
	}
	if err != nil {
		return nil, true, err
	}
	if d.IsInteger() {
		return nil, false, nil
	}
	us = new(int64)
	if lim := decimal.NewFromInt(maxArithUs + 1); d.Shift(6).Abs().GreaterThan(lim) {
		// Out of any result's range; IntPart would wrap.
		*us = lim.IntPart() * int64(d.Sign())
	} else {
		*us = d.Shift(6).Round(0).IntPart()
	}
	return us, true, nil
}

// addTime is ADDTIME(expr1, expr2) and SUBTIME: expr1 a DATETIME, TIME or
// a string of either, expr2 a time. GMS v0.20 has neither function. Result
// types as MySQL: DATETIME(n)/TIME for temporal expr1, a string otherwise.
type addTime struct {
	base, delta sql.Expression
	sub         bool
}

func newAddTime(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("ADDTIME", 2, len(args))
	}
	return &addTime{base: args[0], delta: args[1]}, nil
}

func newSubTime(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("SUBTIME", 2, len(args))
	}
	return &addTime{base: args[0], delta: args[1], sub: true}, nil
}

func (a *addTime) FunctionName() string {
	if a.sub {
		return "subtime"
	}
	return "addtime"
}

func (a *addTime) Description() string {
	if a.sub {
		return "subtracts expr2 from expr1"
	}
	return "adds expr2 to expr1"
}

// fracDigits is the number of fractional-second digits e's values have.
func fracDigits(e sql.Expression) int {
	if p, ok := datetimePrecision(e.Type()); ok {
		return p
	}
	if l, ok := e.(*expression.Literal); ok {
		switch v := l.Value().(type) {
		case string:
			if i := strings.LastIndexByte(v, '.'); i >= 0 {
				// The digits str_to_datetime reads as the fraction
				// (status.fractional_digits): text after them is not.
				n := 0
				for n < len(v)-i-1 && v[i+1+n] >= '0' && v[i+1+n] <= '9' {
					n++
				}
				return min(n, 6)
			}
			return 0
		case decimal.Decimal:
			return min(int(-v.Exponent()), 6)
		}
		if isInt(l.Type()) {
			return 0
		}
	}
	return 6
}

func (a *addTime) Type() sql.Type {
	bt := a.base.Type()
	switch {
	case timetype.Is(bt):
		// MySQL's TIME(n) here takes the larger precision of the
		// operands; GMS's TIME keeps every microsecond either way.
		return types.Time
	case types.IsDatetimeType(bt) || types.IsTimestampType(bt) || types.IsDateType(bt):
		return datetimeOf(max(fracDigits(a.base), fracDigits(a.delta)))
	}
	return types.LongText
}

func (a *addTime) Resolved() bool             { return a.base.Resolved() && a.delta.Resolved() }
func (a *addTime) IsNullable() bool           { return true }
func (a *addTime) Children() []sql.Expression { return []sql.Expression{a.base, a.delta} }
func (a *addTime) String() string {
	return fmt.Sprintf("%s(%s,%s)", a.FunctionName(), a.base, a.delta)
}
func (a *addTime) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (a *addTime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 2)
	}
	return &addTime{base: children[0], delta: children[1], sub: a.sub}, nil
}

func (a *addTime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	bv, err := a.base.Eval(ctx, row)
	if err != nil || bv == nil {
		return nil, err
	}
	dv, err := a.delta.Eval(ctx, row)
	if err != nil || dv == nil {
		return nil, err
	}
	delta, err := timeSpanArg(dv)
	if err != nil {
		return nil, nil
	}
	us := delta.AsMicroseconds()
	if a.sub {
		us = -us
	}
	typ := a.Type()
	if typ == types.Time {
		bs, err := timeSpanArg(bv)
		if err != nil {
			return nil, nil
		}
		return types.Time.MicrosecondsToTimespan(bs.AsMicroseconds() + us), nil
	}
	if types.IsDatetimeType(typ) {
		t, _, err := types.DatetimeMaxPrecision.Convert(ctx, bv)
		if err != nil || t == nil {
			return nil, nil
		}
		r := t.(time.Time).Add(time.Duration(us) * time.Microsecond)
		if !inDatetimeRange(r) {
			return nil, nil
		}
		return r, nil
	}
	// A string: a datetime if it reads as one (it has a date part), else a time.
	if t, ok := bv.(time.Time); ok {
		bv = t.Format("2006-01-02 15:04:05.999999")
	}
	s, _ := asString(bv)
	if s == "" {
		s = fmt.Sprint(bv)
	}
	// str_to_time decides: a datetime is 12 characters or more that read
	// as one; anything shorter ('2020-10-24') is a TIME (00:20:20).
	st, handled := timeString(ctx, s)
	if handled && st == nil {
		return nil, nil
	}
	if handled && st.dt == nil {
		return types.Time.MicrosecondsToTimespan(max(min(st.us+us, maxTimeMicros), -maxTimeMicros)).String(), nil
	}
	if handled || strings.Contains(s, "-") && strings.Count(strings.TrimSpace(s), " ") <= 1 && !strings.HasPrefix(strings.TrimSpace(s), "-") {
		t, _, err := types.DatetimeMaxPrecision.Convert(ctx, s)
		if err != nil || t == nil {
			return nil, nil
		}
		r := t.(time.Time).Add(time.Duration(us) * time.Microsecond)
		if !inDatetimeRange(r) {
			return nil, nil
		}
		if r.Nanosecond() != 0 {
			return r.Format("2006-01-02 15:04:05.000000"), nil
		}
		return r.Format("2006-01-02 15:04:05"), nil
	}
	bs, err := timeSpanArg(s)
	if err != nil {
		return nil, nil
	}
	return types.Time.MicrosecondsToTimespan(bs.AsMicroseconds() + us).String(), nil
}

// inDatetimeRange: a sum past 9999-12-31 23:59:59.999999 or before year 1
// is NULL in MySQL (Item_func_add_time), not a year-10000 DATETIME.
func inDatetimeRange(t time.Time) bool {
	return t.Year() >= 1 && t.Year() <= 9999
}

// timeSpanArg reads an ADDTIME/SUBTIME operand as a TIME the way MySQL's
// get_time does: the 'D hh:mm:ss' day form (timetype), and a DECIMAL or
// DOUBLE as [HH]MMSS with its fraction. GMS's conversion refused the day
// form (ADDTIME('10:00:00', '1 01:00:00') was NULL) and dropped the
// fraction of a number (ADDTIME(t, 1.5) added 1 second).
func timeSpanArg(v any) (types.Timespan, error) {
	switch n := v.(type) {
	case decimal.Decimal:
		v = n.String()
	case float64:
		v = strconv.FormatFloat(n, 'f', -1, 64)
	case float32:
		v = strconv.FormatFloat(float64(n), 'f', -1, 32)
	}
	return timetype.New(6).ConvertToTimespan(v)
}

// timestamp is TIMESTAMP(expr) typed as MySQL types it, DATETIME(n) with n
// the argument's fractional digits (GMS declares the argument's own type, a
// string for TIMESTAMP('...')), and TIMESTAMP(expr, time), missing in GMS,
// as ADDTIME of the two.
type timestamp struct {
	sql.Expression // GMS's DATETIME conversion
	arg            sql.Expression
}

func newTimestamp(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 1 && len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("TIMESTAMP", "1 or 2", len(args))
	}
	conv, err := function.NewDatetime(args[0])
	if err != nil {
		return nil, err
	}
	var ts sql.Expression = &timestamp{Expression: conv, arg: args[0]}
	if len(args) == 2 {
		return &addTime{base: ts, delta: args[1]}, nil
	}
	return ts, nil
}

func (t *timestamp) Type() sql.Type {
	at := t.arg.Type()
	if p, ok := datetimePrecision(at); ok {
		return datetimeOf(p)
	}
	if types.IsDateType(at) || isInt(at) {
		return datetimeOf(0)
	}
	return datetimeOf(fracDigits(t.arg))
}

func (t *timestamp) FunctionName() string { return "timestamp" }
func (t *timestamp) Description() string  { return "returns a datetime value" }

func (t *timestamp) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	return newTimestamp(children[0])
}

func (t *timestamp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if types.IsText(t.arg.Type()) {
		// str_to_datetime's reading: any punctuation, two-digit years, an
		// hour alone, text after the value (with 1292). GMS's layouts
		// refused TIMESTAMP('24-1-3 1:2') and TIMESTAMP('2024-01-31 1')
		// with 1292. Values it cannot read stay GMS's (1292).
		v, err := t.arg.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		if s, ok := asString(v); ok {
			if tm, _, ok := realDateText(ctx, s); ok { // zeropart.go
				return tm.goTime(), nil
			}
		}
	}
	v, err := t.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// evalString is date arithmetic on a string, whose result MySQL gives as a
// string: 'YYYY-MM-DD' when the string is a date and the interval has no
// time part, else 'YYYY-MM-DD hh:mm:ss' with microseconds when there are
// any, and NULL (warning 1441) outside years 1..9999. GMS gave a DATETIME
// for `'2024-02-29' + INTERVAL 1 DAY` (2024-03-01 00:00:00) and year 0 for
// DATE_SUB('0001-01-01', INTERVAL 1 DAY).
func (d *dateArith) evalString(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.date.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, ok := asString(v)
	if !ok {
		return d.child.Eval(ctx, row)
	}
	// '2024-03-05x' + INTERVAL 1 DAY reads the date, with 1292; its text
	// (the date read) decides the result's form below.
	t, read, ok := realDateText(ctx, s) // zeropart.go
	if read != "" {
		s = read
	}
	if !ok && !t.yearZeroJan1() {
		// MySQL's reading of any punctuation and two-digit years
		// ('24-1-31' + INTERVAL 0 DAY was NULL) is realDateText's; a real
		// 0000-01-01 is a date too (the text result holds it); the rest
		// as GMS reads it.
		tv, _, err := types.DatetimeMaxPrecision.Convert(ctx, s)
		if err != nil || tv == nil || tv.(time.Time).Equal(gmsZeroTime) {
			ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1292,
				Message: fmt.Sprintf("Incorrect datetime value: '%s'", s)})
			return nil, nil
		}
		tm := tv.(time.Time)
		t = mysqlTime{tm.Year(), int(tm.Month()), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond() / 1000}
	}
	r, ok, err := d.add(ctx, row, t)
	if err != nil || !ok {
		return nil, err
	}
	return r.text(strings.ContainsAny(strings.TrimSpace(s), " T:") || !dateUnits[d.interval.Unit]), nil
}
