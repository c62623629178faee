package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// curDateValue is CURDATE() and CURRENT_DATE typed as MySQL types them, a
// DATE whose value is a date: GMS types them LONGTEXT and evaluates a
// string, so the result column was a BLOB/VARCHAR to clients (binary
// protocol included), and every comparison and conversion special-cased
// them (CURDATE() IN (20261127, 'x') compared the number with the text's
// prefix and was 0; MySQL compares a temporal item with a number as numbers
// and with a string as dates, pair by pair in a mixed IN list). The date is
// the session zone's (timezone.go's curDate).
type curDateValue struct{ *curDate }

var _ sql.FunctionExpression = (*curDateValue)(nil)
var _ sql.CollationCoercible = (*curDateValue)(nil)

func newCurDateValue(name string) func() sql.Expression {
	mk := newCurDate(name)
	return func() sql.Expression { return &curDateValue{mk().(*curDate)} }
}

func (c *curDateValue) Type() sql.Type { return types.Date }

func (c *curDateValue) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (c *curDateValue) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	y, m, d := SessionNow(ctx, false).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}

func (c *curDateValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 0)
	}
	return c, nil
}
