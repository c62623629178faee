package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/shopspring/decimal"
)

// erWarnDataOutOfRange is MySQL's ER_WARN_DATA_OUT_OF_RANGE (1264).
const erWarnDataOutOfRange = 1264

// checkRange is the value an UPDATE ... SET (or ON DUPLICATE KEY UPDATE)
// assigns to a numeric column. GMS's SetField ignores the "out of range"
// result of converting it to the column's type and stores the wrapped or
// clamped value (SET u = -1 stored 4294967295 in an INT UNSIGNED, SET t =
// 200 stored 127 in a TINYINT); MySQL's strict mode fails the statement with
// 1264, as GMS's INSERT does. The error is a type-conversion error so that
// UPDATE IGNORE still stores the clamped value with a warning. SetField itself
// stays GMS's, which its executors type-assert.
type checkRange struct {
	unary
	col *expression.GetField
	// ignore: the statement is UPDATE IGNORE / INSERT IGNORE: MySQL stores
	// the nearest value of the type with a 1264 warning (GMS would store 0).
	ignore bool
}

func (c *checkRange) Type() sql.Type { return c.child.Type() }
func (c *checkRange) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if cc, ok := c.child.(sql.CollationCoercible); ok {
		return cc.CollationCoercibility(ctx)
	}
	return sql.Collation_binary, 5
}
func (c *checkRange) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *checkRange) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	typ := c.col.Type()
	conv, inRange, err := typ.Convert(ctx, v)
	if err != nil && types.IsDecimal(typ) && isNumeric(v) {
		// GMS reports a number beyond a DECIMAL's precision as an error
		// without a MySQL code.
		err, inRange = nil, false
	}
	if err == nil && !inRange {
		if c.ignore {
			if b, ok := clamp(ctx, typ, v); ok {
				ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erWarnDataOutOfRange,
					Message: fmt.Sprintf("Out of range value for column '%s' at row 1", c.col.Name())})
				return b, nil
			}
		}
		return nil, sql.NewWrappedTypeConversionError(v, c.col.Index(),
			mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row 1", c.col.Name()))
	}
	if err != nil {
		return v, nil // SetField reports conversion errors itself
	}
	return conv, nil
}

// rangeCheckedSet puts checkRange under a SET of a numeric column.
func rangeCheckedSet(s *expression.SetField, ignore bool) sql.Expression {
	gf, ok := s.LeftChild.(*expression.GetField)
	if !ok || !isNumber(gf.Type()) {
		return s
	}
	switch s.RightChild.(type) {
	case *checkRange, *sql.ColumnDefaultValue, *expression.Wrapper:
		return s
	}
	return expression.NewSetField(gf, &checkRange{unary: unary{s.RightChild}, col: gf, ignore: ignore})
}

// clamp returns the value of typ nearest to v, for an out-of-range v.
func clamp(ctx *sql.Context, typ sql.Type, v any) (any, bool) {
	d, _, err := types.InternalDecimalType.Convert(ctx, v)
	if err != nil {
		return nil, false
	}
	return clampDec(ctx, typ, d.(decimal.Decimal))
}

// clampDec is clamp of a number already read as a decimal.
func clampDec(ctx *sql.Context, typ sql.Type, x decimal.Decimal) (any, bool) {
	var lo, hi decimal.Decimal
	switch {
	case types.IsDecimal(typ):
		dt := typ.(sql.DecimalType)
		hi = decimal.New(1, int32(dt.Precision())-int32(dt.Scale())).Sub(decimal.New(1, -int32(dt.Scale())))
		lo = hi.Neg()
		if types.IsUnsigned(typ) {
			lo = decimal.Zero
		}
	case isInt(typ):
		bounds := map[string][2]string{
			"tinyint": {"-128", "127"}, "tinyint unsigned": {"0", "255"},
			"smallint": {"-32768", "32767"}, "smallint unsigned": {"0", "65535"},
			"mediumint": {"-8388608", "8388607"}, "mediumint unsigned": {"0", "16777215"},
			"int": {"-2147483648", "2147483647"}, "int unsigned": {"0", "4294967295"},
			"bigint": {"-9223372036854775808", "9223372036854775807"}, "bigint unsigned": {"0", "18446744073709551615"},
		}
		b, ok := bounds[typ.String()]
		if !ok {
			return nil, false
		}
		lo, hi = decimal.RequireFromString(b[0]), decimal.RequireFromString(b[1])
	default:
		return nil, false
	}
	if x.LessThan(lo) {
		x = lo
	} else if x.GreaterThan(hi) {
		x = hi
	}
	c, _, err := typ.Convert(ctx, x)
	return c, err == nil
}

func isNumeric(v any) bool {
	switch v.(type) {
	case decimal.Decimal, float64, float32:
		return true
	}
	_, ok := toBig(v)
	return ok
}
