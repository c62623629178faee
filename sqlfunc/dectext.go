package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// decimalText is an argument of CONCAT whose DECIMAL value is made its
// type's scale before it becomes text. AVG's value keeps whole 9-digit
// words of fraction (agg.go: AVG(d) * 3 must stay exact), and arithmetic
// on it keeps them too; the wire rounds such a value to its column's scale,
// but GMS's string conversion wrote every digit: CONCAT(AVG(x)) was
// 1.500000000 where MySQL (Item::val_string_from_decimal rounds to the
// item's decimals) says 1.5000. Only a value with more digits than the
// scale changes; its type and collation are the argument's.
//
// A DATETIME(n) / TIMESTAMP(n) value gets its n digits of fraction, trailing
// zeros kept (GMS's conversion trimmed them: 00:00:00.100000 was
// 00:00:00.1, and 00:00:01.000000 lost its fraction), a DATE its date
// alone (CONCAT(CAST('2024-01-01' AS DATE)) had a time of day).
type decimalText struct{ unary }

var _ sql.CollationCoercible = (*decimalText)(nil)

func (d *decimalText) Type() sql.Type { return d.child.Type() }

func (d *decimalText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, d.child)
}

func (d *decimalText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(d, children)
}

func (d *decimalText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if t, ok := v.(time.Time); ok {
		if dt, ok := d.child.Type().(sql.DatetimeType); ok {
			switch {
			case dt.Type() == sqltypes.Date:
				return t.Format("2006-01-02"), nil
			case dt.Precision() > 0:
				return t.Format("2006-01-02 15:04:05") + fmt.Sprintf(".%06d", t.Nanosecond()/1000)[:1+dt.Precision()], nil
			}
		}
		return v, nil
	}
	dec, ok := v.(decimal.Decimal)
	if !ok {
		return v, nil
	}
	if dt, ok := d.child.Type().(sql.DecimalType); ok && -dec.Exponent() > int32(dt.Scale()) {
		return dec.Round(int32(dt.Scale())), nil
	}
	return v, nil
}

// decimalsAsText wraps CONCAT's arguments that are not literals (a
// literal's text is its own digits) in decimalText.
func decimalsAsText(args []sql.Expression) []sql.Expression {
	out := make([]sql.Expression, len(args))
	for i, a := range args {
		out[i] = a
		switch a.(type) {
		case *expression.Literal, *decimalText:
			continue
		}
		out[i] = &decimalText{unary{a}}
	}
	return out
}

// textOfDecimalOrDatetime puts decimalText under CAST(x AS CHAR) of a
// DECIMAL, DATE or DATETIME x (CAST(AVG(x) AS CHAR) was 1.500000000, CAST
// of a DATETIME(6) dropped the fraction's trailing zeros).
func textOfDecimalOrDatetime(c *expression.Convert) (sql.Expression, bool) {
	if !types.IsText(c.Type()) {
		return nil, false
	}
	switch c.Child.(type) {
	case *expression.Literal, *decimalText:
		return nil, false
	}
	ct := c.Child.Type()
	if _, isDT := ct.(sql.DatetimeType); !isDT && !types.IsDecimal(ct) {
		return nil, false
	}
	ne, err := c.WithChildren(&decimalText{unary{c.Child}})
	return ne, err == nil
}
