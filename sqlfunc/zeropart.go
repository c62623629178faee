package sqlfunc

import (
	"regexp"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// zeroPartDate is a date string with a zero month or day ('2024-00-10').
var zeroPartDate = regexp.MustCompile(`^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[ T])`)

// dayOfZeroPart is DAY()/DAYOFMONTH() of a string: MySQL reads a date with
// a zero month or day (DAY('2024-00-10') is 10), which GMS's date parser
// refuses (NULL). Other values go to GMS's DAY.
type dayOfZeroPart struct {
	*function.Day
}

func (d *dayOfZeroPart) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := d.Day.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &dayOfZeroPart{n.(*function.Day)}, nil
}

func (d *dayOfZeroPart) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if s, ok := v.(string); ok {
		if m := zeroPartDate.FindStringSubmatch(s); m != nil {
			mon, _ := strconv.Atoi(m[2])
			day, _ := strconv.Atoi(m[3])
			if (mon == 0 || day == 0) && mon <= 12 && day <= 31 {
				return int32(day), nil
			}
		}
	}
	return d.Day.Eval(ctx, row)
}

func newDayOfZeroPart(e *function.Day) sql.Expression {
	if !types.IsText(e.Child.Type()) {
		return e
	}
	return &dayOfZeroPart{e}
}
