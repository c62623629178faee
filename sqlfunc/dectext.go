package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
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

// Type is a VARCHAR as long as the text: GMS's SUBSTRING (and others) type
// their result as their argument, and a DATETIME-typed SUBSTRING(dt, 12)
// failed to convert '00:00:00.100000' back (1292).
func (d *decimalText) Type() sql.Type {
	if n, ok := maxCharLength(d.child); ok { // concattype.go
		return types.MustCreateStringWithDefaults(sqltypes.VarChar, n)
	}
	if types.IsFloat(d.child.Type()) {
		return types.MustCreateStringWithDefaults(sqltypes.VarChar, 22)
	}
	return d.child.Type()
}

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
			if t.Equal(gmsZeroTime) {
				// GMS holds the zero date as 0000-01-01 and printed it so.
				return zeroTemporalText(dt), nil
			}
			switch {
			case dt.Type() == sqltypes.Date:
				return t.Format("2006-01-02"), nil
			case dt.Precision() > 0:
				return t.Format("2006-01-02 15:04:05") + fmt.Sprintf(".%06d", t.Nanosecond()/1000)[:1+dt.Precision()], nil
			}
		}
		return v, nil
	}
	if f, ok := floatText(d.child.Type(), v); ok { // strfunc.go
		return f, nil
	}
	dec, ok := v.(decimal.Decimal)
	if !ok {
		return v, nil
	}
	if _, ok := d.child.(*expression.UserVar); ok {
		// A user variable's DECIMAL is typed DECIMAL(65,30), but MySQL
		// prints its value with the value's own scale (user_var_entry's
		// val_str): SET @a = 1.50 then CONCAT(@a) is 1.50, not 30 digits.
		if e := dec.Exponent(); e < 0 {
			return dec.StringFixed(-e), nil
		}
		return dec.String(), nil
	}
	if dt, ok := d.child.Type().(sql.DecimalType); ok {
		// The text, not the rounded value: GMS's SUBSTRING, LEFT and
		// others refuse a decimal.Decimal (1105 "invalid type").
		return dec.StringFixed(int32(dt.Scale())), nil
	}
	return dec.String(), nil
}

// zeroTemporalText is MySQL's text of the zero date in a DATE, DATETIME(n)
// or TIMESTAMP(n).
func zeroTemporalText(dt sql.DatetimeType) string {
	if dt.Type() == sqltypes.Date {
		return "0000-00-00"
	}
	s := "0000-00-00 00:00:00"
	if p := dt.Precision(); p > 0 {
		s += ".000000"[:1+p]
	}
	return s
}

// stringArg is the one owner of how a string function reads an argument that
// is not a string: it wraps c in the expression that makes MySQL's text of
// it (timeText for a TIME, enumText for an ENUM or SET, decimalText for a
// DECIMAL or a DATE/DATETIME/TIMESTAMP). numeric is whether the function
// reads this argument as a number (a length, a position, a count): a DECIMAL
// or DATETIME there keeps its value (MySQL's val_int of all the digits).
// ok is false when c needs nothing.
func stringArg(c sql.Expression, numeric bool) (sql.Expression, bool) {
	switch c.(type) {
	case *timeText, *enumText, *decimalText, *bitText:
		return c, false
	}
	switch t := c.Type(); {
	case types.IsBit(t) && !numeric: // bittext.go
		return &bitText{unary{c}}, true
	case timetype.Is(t):
		return &timeText{unary{c}}, true
	case isEnumOrSet(t): // enumtext.go
		return &enumText{unary{c}}, true
	case numeric:
		return c, false
	case types.IsDecimal(t):
		if _, lit := c.(*expression.Literal); lit {
			return c, false // a literal's text is its own digits
		}
		return &decimalText{unary{c}}, true
	case isDatetimeType(t):
		return &decimalText{unary{c}}, true
	case types.IsFloat(t):
		// A DOUBLE's text is MySQL's (floatfmt: 1e20, not GMS's 21
		// digits), and SUBSTR/LENGTH of one failed 1105 "invalid type".
		return &decimalText{unary{c}}, true
	}
	return c, false
}

func isDatetimeType(t sql.Type) bool {
	_, ok := t.(sql.DatetimeType)
	return ok
}

// numericArgs are the arguments, by position, that the string functions of
// textOfTimeFuncs read as numbers.
var numericArgs = map[string][]int{
	"left": {1}, "right": {1}, "substring": {1, 2}, "substr": {1, 2}, "mid": {1, 2},
	"substring_index": {2}, "lpad": {1}, "rpad": {1}, "locate": {2}, "repeat": {1},
	"insert": {1, 2}, "elt": {0}, "export_set": {0, 4}, "make_set": {0}, "sha2": {1},
	// HEX of a number is the number's hexadecimal (HEX(255) is FF), not
	// its text's (a temporal argument is a string to MySQL's HEX:
	// timeTextArgs lets it through).
	"hex": {0},
}

// decimalsAsText gives CONCAT's arguments the text MySQL reads (stringArg).
func decimalsAsText(args []sql.Expression) []sql.Expression {
	out := make([]sql.Expression, len(args))
	for i, a := range args {
		out[i] = a
		if w, ok := stringArg(a, false); ok {
			out[i] = w
		}
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
	w, ok := stringArg(c.Child, false)
	if !ok {
		return nil, false
	}
	ne, err := c.WithChildren(w)
	return ne, err == nil
}
