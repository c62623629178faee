package sqlfunc

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	// The zone names resolve the same on every host, also one without
	// /usr/share/zoneinfo (a scratch container): MySQL without loaded
	// zone tables refuses every name with 1298, Myriad has them all.
	_ "time/tzdata"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// Time zones as MySQL's time_zone and CONVERT_TZ read them, and the
// conversion of wall times between them (the engine converts TIMESTAMP
// values with these; engine/timezone.go).

// utcNames are the time zone names that are UTC at every instant.
var utcNames = []string{"UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu",
	"GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Greenwich", "Etc/Greenwich", "UCT", "Etc/UCT"}

// zones caches ParseZone's answers for valid zones (their number is
// bounded: the offsets and the tz database's names).
var zones sync.Map // string -> zoneEntry

type zoneEntry struct {
	name string
	loc  *time.Location // nil: UTC
}

// ParseZone reads a time zone as MySQL's time_zone and CONVERT_TZ take it:
// SYSTEM, an offset [+-]H[H]:MM from -13:59 to +14:00, or a name of the tz
// database (case-sensitive, as the files are named). name is how MySQL
// shows it; loc is nil for the zones that are UTC at every instant.
func ParseZone(s string) (name string, loc *time.Location, ok bool) {
	if e, hit := zones.Load(s); hit {
		z := e.(zoneEntry)
		return z.name, z.loc, true
	}
	name, loc, ok = parseZone(s)
	if ok {
		zones.Store(s, zoneEntry{name: name, loc: loc})
	}
	return name, loc, ok
}

func parseZone(s string) (string, *time.Location, bool) {
	z := s
	if strings.EqualFold(z, "SYSTEM") {
		return "SYSTEM", nil, true
	}
	for _, n := range utcNames {
		if strings.EqualFold(z, n) {
			return n, nil, true
		}
	}
	if off, ok := tzOffset(z); ok {
		sign := "+"
		if off < 0 {
			sign = "-"
		}
		a := max(off, -off)
		name := sign + pad2(a/60) + ":" + pad2(a%60)
		if off == 0 {
			return "+00:00", nil, true
		}
		return name, time.FixedZone(name, off*60), true
	}
	// "Local" and "" are Go's names for the host zone and UTC, no MySQL
	// zone; LoadLocation itself refuses paths.
	if z == "" || z == "Local" {
		return "", nil, false
	}
	loc, err := time.LoadLocation(z)
	if err != nil {
		return "", nil, false
	}
	return z, loc, true
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// tzOffset reads MySQL's [+-]H[H]:MM offset (-13:59 to +14:00) as minutes.
func tzOffset(z string) (int, bool) {
	if len(z) < 5 || (z[0] != '+' && z[0] != '-') {
		return 0, false
	}
	h, m, ok := strings.Cut(z[1:], ":")
	if !ok || len(h) < 1 || len(h) > 2 || len(m) != 2 {
		return 0, false
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || mm > 59 || h[0] == '+' || h[0] == '-' || m[0] == '+' || m[0] == '-' {
		return 0, false
	}
	off := hh*60 + mm
	if z[0] == '-' {
		off = -off
	}
	if off < -(13*60+59) || off > 14*60 {
		return 0, false
	}
	return off, true
}

// SessionZone is the session's time_zone as a location; nil when it is UTC
// (no conversion).
func SessionZone(ctx *sql.Context) *time.Location {
	if ctx == nil || ctx.Session == nil {
		return nil
	}
	v, err := ctx.GetSessionVariable(ctx, "time_zone")
	if err != nil {
		return nil
	}
	s, _ := v.(string)
	_, loc, _ := ParseZone(s)
	return loc
}

// ToZone is the wall time in loc of t, a UTC instant, in the UTC-labelled
// form GMS keeps temporal values in.
func ToZone(t time.Time, loc *time.Location) time.Time {
	if loc == nil || t.Year() < 1 {
		return t // MySQL's zero timestamp is the same in every zone
	}
	w := t.In(loc)
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), time.UTC)
}

// FromZone is the UTC instant of the wall time t (UTC-labelled) in loc, as
// MySQL's TIME_to_gmt_sec (sql/tztime.cc) picks it where Go's time.Date
// leaves the choice open: a wall time a DST change skips (02:30 on a
// spring-forward day) is the instant of the change, the first second of
// the new offset, with t's fraction kept ("tm is set to the first second
// after gap"); a wall time a change repeats is the earlier of its two
// instants ("if it has two answers it will give the smaller one").
func FromZone(t time.Time, loc *time.Location) time.Time {
	if loc == nil || t.Year() < 1 {
		return t
	}
	t = t.UTC()
	r := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc)
	start, end := r.ZoneBounds()
	if !ToZone(r.UTC(), loc).Equal(t) {
		// Skipped: time.Date answered on one side of the change; the
		// change is the bound of r's zone period nearest to r (periods
		// last months, a gap hours).
		tr, far := start, time.Duration(1<<63-1)
		if !start.IsZero() {
			far = r.Sub(start)
		}
		if !end.IsZero() && (start.IsZero() || end.Sub(r) < far) {
			tr = end
		}
		if tr.IsZero() {
			return r.UTC()
		}
		return tr.UTC().Add(time.Duration(t.Nanosecond()))
	}
	if !start.IsZero() {
		// Repeated when the period before r's had a greater offset and
		// the wall time read with it lies in that period.
		_, off := r.Zone()
		_, prev := start.Add(-time.Nanosecond).Zone()
		if prev > off {
			if c := r.Add(-time.Duration(prev-off) * time.Second); c.Before(start) {
				return c.UTC()
			}
		}
	}
	return r.UTC()
}

// A TIMESTAMP read in a repeated hour's later instant has a wall time that
// FromZone maps to the earlier one: writing it back unchanged (an UPDATE of
// another column, the old row of an UPDATE or DELETE), its
// UNIX_TIMESTAMP and ORDER BY would all be an hour off the stored value,
// which MySQL uses. ToSessionStamp marks such a value with a location that
// reads as UTC (offset 0, named "UTC": the instant, wall clock, comparisons,
// formatting and GMS's hashing of the value are unchanged) but is one of
// foldLocs, which remembers the offset the value was read with; StampInstant
// honours it. GMS's conversions (.UTC()) drop the mark, leaving MySQL's
// earlier reading. The offsets are few (those of the tz database).
var (
	foldLocs sync.Map // offset (seconds) -> *time.Location
	foldOffs sync.Map // *time.Location -> offset (seconds)
)

func foldLoc(off int) *time.Location {
	if l, ok := foldLocs.Load(off); ok {
		return l.(*time.Location)
	}
	l, loaded := foldLocs.LoadOrStore(off, time.FixedZone("UTC", 0))
	if !loaded {
		foldOffs.Store(l, off)
	}
	return l.(*time.Location)
}

// ToSessionStamp is ToZone for a stored TIMESTAMP: the wall time in loc of
// the UTC instant t, marked when FromZone would not give t back (the later
// instant of a repeated wall time).
func ToSessionStamp(t time.Time, loc *time.Location) time.Time {
	if loc == nil || t.Year() < 1 {
		return t
	}
	l := t.In(loc)
	start, _ := l.ZoneBounds()
	_, off := l.Zone()
	w := time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
	// Only the first hours after a change that turned the clock back
	// repeat earlier wall times (a day bounds every offset change).
	if start.IsZero() || l.Sub(start) >= 26*time.Hour {
		return w
	}
	if _, prev := start.Add(-time.Nanosecond).Zone(); prev <= off {
		return w
	}
	if FromZone(w, loc).Equal(t) {
		return w
	}
	return w.In(foldLoc(off))
}

// StampInstant is the UTC instant of a TIMESTAMP value t in loc: FromZone,
// except that a value ToSessionStamp marked is the instant it was read
// from.
func StampInstant(t time.Time, loc *time.Location) time.Time {
	if loc == nil || t.Year() < 1 {
		return t.UTC()
	}
	if off, ok := foldOffs.Load(t.Location()); ok {
		c := t.UTC().Add(-time.Duration(off.(int)) * time.Second)
		// Read in another zone than loc (CONVERT_TZ's, a changed
		// session zone): the mark does not apply.
		if ToZone(c, loc).Equal(t) {
			return c
		}
	}
	return FromZone(t, loc)
}

// newUnixTimestamp is UNIX_TIMESTAMP. GMS takes the value of a TIMESTAMP(0)
// argument as UTC, which the stored value is but the value read is not: the
// engine reads TIMESTAMPs in the session's zone; and GMS converts any other
// argument from the session's zone with Go's time.Date, not MySQL's choice
// at a DST change (FromZone). A TIMESTAMP argument is the instant it was
// read from (StampInstant: MySQL's UNIX_TIMESTAMP returns "the internal
// timestamp value directly" for a TIMESTAMP column).
func newUnixTimestamp(args ...sql.Expression) (sql.Expression, error) {
	if len(args) == 0 {
		return function.NewUnixTimestamp()
	}
	inner := args
	if len(args) == 1 && args[0].Type().Type() == sqltypes.Timestamp {
		if dt, ok := args[0].Type().(sql.DatetimeType); ok {
			inner = []sql.Expression{&asDatetime{unary: unary{args[0]}, typ: types.MustCreateDatetimeType(sqltypes.Datetime, dt.Precision())}}
		}
	}
	gms, err := function.NewUnixTimestamp(inner...)
	if err != nil {
		return nil, err
	}
	return &unixTimestamp{unary: unary{args[0]}, gms: gms}, nil
}

type unixTimestamp struct {
	unary
	numeric
	gms sql.Expression // GMS's, for the type and an argument that is no date
}

var _ sql.FunctionExpression = (*unixTimestamp)(nil)

func (u *unixTimestamp) FunctionName() string { return "unix_timestamp" }
func (u *unixTimestamp) Description() string {
	return "returns the datetime argument as seconds since the Unix epoch"
}

// Type is GMS's, except for a DOUBLE or DECIMAL argument, whose
// fraction MySQL keeps (Item_func_unix_timestamp::resolve_type:
// DECIMAL(11 + d, d), d the argument's decimals up to 6; a DOUBLE's are
// not fixed, so 6).
func (u *unixTimestamp) Type() sql.Type {
	at := u.child.Type()
	d := int32(-1)
	if types.IsFloat(at) {
		d = 6
	} else if dt, ok := at.(sql.DecimalType); ok && dt.Scale() > 0 {
		d = int32(min(dt.Scale(), 6))
	}
	if d < 0 {
		return u.gms.Type()
	}
	t, err := types.CreateDecimalType(uint8(11+d), uint8(d))
	if err != nil {
		return u.gms.Type()
	}
	return t
}
func (u *unixTimestamp) IsNullable() bool { return true }
func (u *unixTimestamp) String() string   { return fmt.Sprintf("unix_timestamp(%s)", u.child) }
func (u *unixTimestamp) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newUnixTimestamp(children...)
}

func (u *unixTimestamp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	loc := SessionZone(ctx)
	var inst time.Time
	if t, ok := v.(time.Time); ok && u.child.Type().Type() == sqltypes.Timestamp && StampColumnRef(u.child) {
		inst = StampInstant(t, loc)
	} else if t, ok := unixTimestampNumber(ctx, v); ok { // zeropart.go
		inst = FromZone(t, loc)
	} else {
		d, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
		if err != nil {
			return u.gms.Eval(ctx, row) // GMS's 0 with MySQL's warning
		}
		inst = FromZone(d.(time.Time), loc)
	}
	micro := inst.UnixMicro()
	typ := u.Type()
	switch {
	case micro > function.MaxUnixTimeMicroSecs:
		return int64(0), nil
	case micro < 1e6:
		return typ.Zero(), nil
	}
	if dt, ok := typ.(sql.DecimalType); ok {
		scale := int32(dt.Scale())
		return decimal.New(micro, -6).Truncate(scale), nil
	}
	return micro / 1e6, nil
}

// newUnixTimestampInt is UNIX_TIMESTAMP typed as MySQL types it: BIGINT
// for a DATE, DATETIME or TIMESTAMP argument without fractional seconds
// (GMS: DECIMAL(19,0)), DECIMAL(19,n) with n digits.
func newUnixTimestampInt(args ...sql.Expression) (sql.Expression, error) {
	e, err := newUnixTimestamp(args...)
	if err != nil || len(args) != 1 {
		return e, err
	}
	dt, ok := args[0].Type().(sql.DatetimeType)
	if !ok || dt.Precision() != 0 {
		return e, nil
	}
	return &fixedFn{inner: e, typ: fixedType(types.Int64), post: func(_ *sql.Context, v any) (any, error) {
		if d, ok := v.(decimal.Decimal); ok {
			return d.IntPart(), nil
		}
		return v, nil
	}}, nil
}

// asDatetime is its TIMESTAMP child typed DATETIME.
type asDatetime struct {
	unary
	numeric
	typ sql.Type
}

func (a *asDatetime) Type() sql.Type { return a.typ }
func (a *asDatetime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return a.child.Eval(ctx, row)
}
func (a *asDatetime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(a, children)
}

// newConvertTz is CONVERT_TZ. GMS read offsets only as [+-]HH:MM ('+5:00'
// was NULL), took Go's names for MySQL's ('Local', ”) and converted values
// outside the TIMESTAMP range, which MySQL returns unchanged.
func newConvertTz(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New("CONVERT_TZ", 3, len(args))
	}
	// MySQL types the result DATETIME with the argument's precision
	// (Item_func_convert_tz::resolve_type); GMS said DATETIME(6) always,
	// so '2024-01-01 10:00:00' came back with six zero digits.
	typ := types.MustCreateDatetimeType(sqltypes.Datetime, timePrecision(args[0]))
	return &convertTz{NaryExpression: expression.NaryExpression{ChildExpressions: args}, typ: typ}, nil
}

type convertTz struct {
	expression.NaryExpression
	numeric
	typ sql.DatetimeType
	gms bool // GMS's DATETIME(6), for GMS's suites (ZoneFunctions)
}

var _ sql.FunctionExpression = (*convertTz)(nil)

func (c *convertTz) FunctionName() string { return "convert_tz" }
func (c *convertTz) Description() string  { return "converts a datetime from one time zone to another" }
func (c *convertTz) Type() sql.Type {
	if c.gms {
		return types.DatetimeMaxPrecision
	}
	return c.typ
}
func (c *convertTz) IsNullable() bool { return true }
func (c *convertTz) String() string {
	a := c.ChildExpressions
	return fmt.Sprintf("convert_tz(%s,%s,%s)", a[0], a[1], a[2])
}
func (c *convertTz) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := newConvertTz(children...)
	if n, ok := e.(*convertTz); ok {
		n.gms = c.gms
	}
	return e, err
}

// The TIMESTAMP range: CONVERT_TZ converts only the values in it.
var (
	minStamp = time.Unix(1, 0).UTC()
	maxStamp = time.Unix(1<<31-1, 999999000).UTC()
)

func (c *convertTz) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var vals [3]any
	for i, e := range c.ChildExpressions {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, nil
		}
		vals[i] = v
	}
	t, err := types.DatetimeMaxPrecision.ConvertWithoutRangeCheck(ctx, vals[0])
	if err != nil {
		return nil, nil
	}
	var locs [2]*time.Location
	for i, v := range vals[1:] {
		s, _, err := types.LongText.Convert(ctx, v)
		if err != nil {
			return nil, nil
		}
		str, _ := s.(string)
		_, loc, ok := ParseZone(str)
		if !ok {
			return nil, nil
		}
		locs[i] = loc
	}
	u := FromZone(t, locs[0])
	if u.Before(minStamp) || u.After(maxStamp) {
		return t, nil
	}
	return ToZone(u, locs[1]), nil
}

// ZoneFunctions serves only the functions that read TIMESTAMP values the
// way the engine hands them out, in the session's zone: for an analyzer
// without Install (GMS's own test suites run against Myriad's storage).
func ZoneFunctions() sql.FunctionProvider {
	// GMS's suites expect GMS's DECIMAL(19,0) where MySQL says BIGINT
	// (newUnixTimestampInt) and GMS's DATETIME(6) CONVERT_TZ, as they do
	// of every type sqlfunc corrects.
	return function.Registry{
		"unix_timestamp": sql.FunctionN{Name: "unix_timestamp", Fn: newUnixTimestamp},
		"convert_tz": sql.FunctionN{Name: "convert_tz", Fn: func(args ...sql.Expression) (sql.Expression, error) {
			e, err := newConvertTz(args...)
			if c, ok := e.(*convertTz); ok {
				c.gms = true
			}
			return e, err
		}},
	}
}

// SessionNow is the current time in the session's zone: the statement's
// start (NOW()), or this instant (exact, SYSDATE()).
func SessionNow(ctx *sql.Context, exact bool) time.Time {
	t := ctx.QueryTime()
	if exact {
		t = sql.Now()
	}
	return ToZone(t.UTC(), SessionZone(ctx))
}

// newCurDate is CURDATE() and CURRENT_DATE(): GMS's is the date of the
// statement's start in UTC, whatever the session's zone.
func newCurDate(name string) func() sql.Expression {
	return func() sql.Expression {
		if name == "current_date" {
			return &curDate{CurrDate: function.NewCurrentDate().(function.CurrDate)}
		}
		return &curDate{CurrDate: function.NewCurrDate().(function.CurrDate)}
	}
}

type curDate struct{ function.CurrDate }

var _ sql.FunctionExpression = (*curDate)(nil)

func (c *curDate) IsNonDeterministic() bool { return true }
func (c *curDate) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	t := SessionNow(ctx, false)
	return fmt.Sprintf("%d-%02d-%02d", t.Year(), t.Month(), t.Day()), nil
}
func (c *curDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 0)
	}
	return c, nil
}

// StampColumnRef reports whether e reads a table's (or derived table's)
// TIMESTAMP column itself, the one place MySQL has a TIMESTAMP's stored
// instant: Item_field::get_timeval reads the field, while every other item
// (IFNULL, a scalar subquery, MAX, a window function, ...) answers
// Item::get_timeval from its wall time in the session zone (get_date, then
// TIME_to_gmt_sec: a repeated hour's earlier instant). GMS passes the
// engine's mark of the later instant through some of those unchanged.
func StampColumnRef(e sql.Expression) bool {
	gf, ok := e.(*expression.GetField)
	return ok && gf.Table() != ""
}
