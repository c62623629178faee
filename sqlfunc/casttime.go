package sqlfunc

import (
	"regexp"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
)

// castStrTime is CAST(string AS TIME), and CAST(decimal AS TIME). MySQL
// reads a string that holds a date and a time ('2024-01-15 03:25:45', what
// drivers send for a Go time.Time) as its time of day, and a date alone by
// its leading digits, as str_to_time does (a text shorter than 12
// characters is read as a TIME: '2020-10-24' is 00:20:20, '0000-00-00'
// 00:00:00); GMS answered NULL for both (go-sql-driver's TestDateTime).
type castStrTime struct {
	*expression.Convert
}

func (c *castStrTime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castStrTime{n.(*expression.Convert)}, nil
}

// datetimeText: a date, then optionally a time of day after a space or T.
var datetimeText = regexp.MustCompile(`^\d{2,4}-\d{1,2}-\d{1,2}(?:[ T]+(\d{1,2}:\d{1,2}(?::\d{1,2}(?:\.\d*)?)?))?$`)

func (c *castStrTime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if d, ok := v.(decimal.Decimal); ok {
		// [H]HMMSS.ffffff with its fraction: GMS's conversion kept the
		// integer part only (CAST(1.25 AS TIME(1)) was 00:00:01.0).
		r, _, err := c.Convert.Type().Convert(ctx, d.String())
		if err != nil {
			return nil, nil
		}
		return r, nil
	}
	s, ok := v.(string)
	if !ok {
		return c.Convert.Eval(ctx, row)
	}
	if st, handled := timeString(ctx, s); handled {
		if st == nil {
			return nil, nil
		}
		return types.Time.MicrosecondsToTimespan(st.us), nil
	}
	if ts, ok := dayTimeOf(ctx, s); ok {
		// 'D hh:mm:ss' (GMS's parser has no day field).
		return ts, nil
	}
	m := datetimeText.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		r, err := c.Convert.Eval(ctx, row)
		if r == nil && err == nil {
			return timeOfPrefix(ctx, c.Convert.Type(), s)
		}
		return r, err
	}
	tod := m[1]
	if tod == "" {
		// A date alone is shorter than str_to_time's 12 characters, so
		// MySQL reads it as a time: its leading digits, [H]HMMSS, up to
		// the '-' ('2020-10-24' is 00:20:20, '0000-00-00' 00:00:00).
		tod = dateOnlyDigits(s)
	}
	r, _, err := c.Convert.Type().Convert(ctx, tod)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// dateOnlyDigits is the leading digits of a date-only text.
func dateOnlyDigits(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '-'); i > 0 {
		return s[:i]
	}
	return s
}

// castTimeDatetime is CAST(time AS DATETIME/DATE): MySQL puts the TIME on
// the current date (CAST(TIME '10:20:30' AS DATETIME) is today at 10:20:30;
// 25:00:00 tomorrow at 01:00); GMS answered NULL.
type castTimeDatetime struct {
	*expression.Convert
}

func (c *castTimeDatetime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castTimeDatetime{n.(*expression.Convert)}, nil
}

func (c *castTimeDatetime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	ts, ok := v.(types.Timespan)
	if !ok {
		return c.Convert.Eval(ctx, row)
	}
	// The date CURDATE() gives.
	y, m, d := ctx.QueryTime().Date()
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Add(time.Duration(ts.AsMicroseconds()) * time.Microsecond)
	r, _, err := c.Convert.Type().Convert(ctx, t)
	return r, err
}

// castTimeN is CAST(x AS TIME(n)): a TIME(n) (timetype), its value rounded
// to n digits as MySQL rounds it. GMS's CAST keeps n only in its text and
// answers its microsecond TIME (CAST('10:00:00.5' AS TIME) was
// 10:00:00.500000; MySQL's is 10:00:01). Children are the cast's own, so
// the rule that makes it never sees the cast again.
type castTimeN struct {
	inner sql.Expression // the *expression.Convert or castStrTime
	fsp   int
}

func (c *castTimeN) Type() sql.Type { return timetype.New(c.fsp) }
func (c *castTimeN) Resolved() bool { return c.inner.Resolved() }

// IsNullable: Item_typecast_time is maybe_null (a string that is no time
// is NULL); GMS's Convert said NOT NULL over a NOT NULL column.
func (c *castTimeN) IsNullable() bool           { return true }
func (c *castTimeN) Children() []sql.Expression { return c.inner.Children() }
func (c *castTimeN) String() string             { return c.inner.String() }
func (c *castTimeN) DebugString() string        { return sql.DebugString(c.inner) }
func (c *castTimeN) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (c *castTimeN) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.inner.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castTimeN{inner: n, fsp: c.fsp}, nil
}

func (c *castTimeN) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.inner.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	ts, ok := v.(types.Timespan)
	if !ok {
		return v, nil
	}
	return timetype.Round(ts, c.fsp), nil
}

// castPrecision reads n of CAST(x AS TIME(n)) from the cast's text, the
// only place GMS's Convert shows its length: `convert(x, time(2))`.
var castPrecision = regexp.MustCompile(`, time\(([0-6])\)\)$`)

// castTimePrecision is n of CAST(x AS TIME(n)), 0 without one.
func castTimePrecision(c *expression.Convert) int {
	if m := castPrecision.FindStringSubmatch(c.String()); m != nil {
		return int(m[1][0] - '0')
	}
	return 0
}

// castZeroDatetime is CAST(string AS DATE or DATETIME[(n)]) that reads MySQL's
// zero datetime with a fraction ('0000-00-00 00:00:00.0', what
// go-sql-driver sends for a zero time.Time into DATETIME(1)) as the zero
// datetime; GMS knows only the text without a fraction and answered NULL.
type castZeroDatetime struct {
	*expression.Convert
}

func (c *castZeroDatetime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castZeroDatetime{n.(*expression.Convert)}, nil
}

// zeroDatetimeText is the zero datetime with a fraction of zeros.
var zeroDatetimeText = regexp.MustCompile(`^0000-00-00[ T]00:00:00\.0*$`)

func (c *castZeroDatetime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	if ok && zeroDatetimeText.MatchString(strings.TrimSpace(s)) && !types.IsDateType(c.Type()) {
		return zeroDatetime, nil
	}
	if ok {
		// MySQL's str_to_datetime reads any punctuation between the parts
		// and two-digit years ('24-01-31', '2024/1/3', '2024.01.31',
		// '240131', '2024-01-31 10.20.30'); GMS's layouts answered NULL.
		// Only a real date is read here: zero dates and zero parts stay
		// GMS's (and sql_mode's) business.
		t, _, ok := realDateText(ctx, s) // zeropart.go
		if ok {
			r, _, err := c.Convert.Type().Convert(ctx, t.goTime())
			if err == nil && r != nil {
				return r, nil
			}
		} else if t.yearZeroJan1() {
			return nil, errYearZero(t)
		}
	}
	return c.Convert.Eval(ctx, row)
}
