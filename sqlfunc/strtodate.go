package sqlfunc

import (
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
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
	if !strings.Contains(fs, "%p") && !strings.Contains(fs, "%r") {
		return v, nil
	}
	d, err := s.Date.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	ds, _ := d.(string)
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
