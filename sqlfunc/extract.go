package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// extractStr is EXTRACT(unit FROM string) for units of the time of day:
// MySQL reads the string as a TIME for them ('10:20:30' has HOUR 10); GMS
// reads every string as a DATETIME, so a time string gave NULL. A string
// that is no TIME (a DATETIME's) is left to GMS.
type extractStr struct {
	*function.Extract
}

func (e *extractStr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := e.Extract.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &extractStr{n.(*function.Extract)}, nil
}

// timeOfDayUnit: the units MySQL extracts from a TIME.
func timeOfDayUnit(u string) bool {
	switch strings.ToUpper(u) {
	case "HOUR", "MINUTE", "SECOND", "MICROSECOND", "HOUR_MINUTE", "HOUR_SECOND", "HOUR_MICROSECOND",
		"MINUTE_SECOND", "MINUTE_MICROSECOND", "SECOND_MICROSECOND":
		return true
	}
	return false
}

func (e *extractStr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	u, err := e.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	us, ok := u.(string)
	if !ok || !timeOfDayUnit(us) {
		return e.Extract.Eval(ctx, row)
	}
	v, err := e.RightChild.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, ok := asString(v)
	if !ok {
		return e.Extract.Eval(ctx, row)
	}
	// As TIME first, as MySQL reads it for these units ('13:04:05' would
	// also read as the date 2013-04-05).
	ts, ok := parseTime(s)
	if !ok {
		return e.Extract.Eval(ctx, row)
	}
	return function.NewExtract(expression.NewLiteral(us, types.LongText), expression.NewLiteral(ts, types.Time)).Eval(ctx, nil)
}
