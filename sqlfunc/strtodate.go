package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// strToDate is STR_TO_DATE with `%p` and `%r` applied: GMS's parser reads
// the AM/PM marker and drops it, so '1:02PM' with '%h:%i%p' was 01:02 and
// '12:02 AM' 12:02. The marker is the input's AM or PM after a digit or a
// space (no English month or day name holds either).
type strToDate struct {
	*function.StrToDate
}

var _ sql.FunctionExpression = (*strToDate)(nil)

func newStrToDate(date, format sql.Expression) sql.Expression {
	return &strToDate{function.NewStrToDate(date, format).(*function.StrToDate)}
}

func (s *strToDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 2)
	}
	return newStrToDate(children[0], children[1]), nil
}

func (s *strToDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.StrToDate.Eval(ctx, row)
	t, ok := v.(time.Time)
	if err != nil || !ok {
		return v, err
	}
	f, err := s.Format.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	fs, _ := f.(string)
	d, err := s.Date.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	ds, _ := d.(string)
	if normalized(ctx, ds, fs, t) {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1411,
			Message: fmt.Sprintf("Incorrect datetime value: '%s' for function str_to_date", ds)})
		return nil, nil
	}
	if !strings.Contains(fs, "%p") && !strings.Contains(fs, "%r") {
		return v, nil
	}
	switch meridiem(ds) {
	case "PM":
		if t.Hour() < 12 {
			t = t.Add(12 * time.Hour)
		}
	case "AM":
		if t.Hour() == 12 {
			t = t.Add(-12 * time.Hour)
		}
	}
	return t, nil
}

// meridiem is "AM" or "PM" when s holds one after a digit or a space.
func meridiem(s string) string {
	u := strings.ToUpper(s)
	for i := 1; i+1 < len(u); i++ {
		if (u[i] == 'A' || u[i] == 'P') && u[i+1] == 'M' {
			if c := u[i-1]; c == ' ' || (c >= '0' && c <= '9') {
				return u[i : i+2]
			}
		}
	}
	return ""
}

func init() {
	functions["str_to_date"] = sql.Function2{Name: "str_to_date", Fn: newStrToDate}
}

// normalized reports whether GMS's parse of ds moved a part that is no
// date (2024-02-30 became 2024-03-01; MySQL: NULL with warning 1411), for
// formats of numeric parts only: the numbers of ds and of t printed with
// the same format differ.
func normalized(ctx *sql.Context, ds, format string, t time.Time) bool {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			continue
		}
		i++
		if !strings.ContainsRune("YmdceHisT", rune(format[i])) {
			return false
		}
	}
	df := function.NewDateFormat(expression.NewLiteral(t, types.DatetimeMaxPrecision),
		expression.NewLiteral(format, types.LongText))
	out, err := df.Eval(ctx, nil)
	os, ok := out.(string)
	if err != nil || !ok {
		return false
	}
	a, b := numbersIn(ds), numbersIn(os)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return true
		}
	}
	return false
}

func numbersIn(s string) []int64 {
	var out []int64
	cur, in := int64(0), false
	for _, c := range s {
		if c >= '0' && c <= '9' {
			cur, in = cur*10+int64(c-'0'), true
			continue
		}
		if in {
			out = append(out, cur)
		}
		cur, in = 0, false
	}
	if in {
		out = append(out, cur)
	}
	return out
}
