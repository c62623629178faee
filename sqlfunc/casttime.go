package sqlfunc

import (
	"regexp"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// castStrTime is CAST(string AS TIME). MySQL reads a string that holds a
// date and a time ('2024-01-15 03:25:45', what drivers send for a Go
// time.Time) as its time of day, and a date alone ('0000-00-00') as
// 00:00:00; GMS answered NULL for both (go-sql-driver's TestDateTime).
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
	s, ok := v.(string)
	if !ok {
		return c.Convert.Eval(ctx, row)
	}
	m := datetimeText.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return c.Convert.Eval(ctx, row)
	}
	tod := m[1]
	if tod == "" {
		tod = "00:00:00"
	}
	r, _, err := c.Convert.Type().Convert(ctx, tod)
	if err != nil {
		return nil, err
	}
	return r, nil
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
