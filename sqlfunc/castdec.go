package sqlfunc

import (
	"fmt"
	"math/big"
	"reflect"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// castDecimal is CAST(x AS DECIMAL(p,s)). GMS keeps the declared precision
// and scale only when the scale is above zero: DECIMAL, DECIMAL(5) and
// DECIMAL(5,0) become DECIMAL(65,30), so CAST(-1.5 AS DECIMAL(5,0)) answered
// -1.5 (MySQL: -2) and CAST(18446744073709551615 AS DECIMAL(5,0)) kept every
// digit. Where it does keep them, a value beyond the precision became 0
// (CAST(1000 AS DECIMAL(5,2)) gave 0.00). MySQL rounds half away from zero to
// the scale and clamps to the largest value of the type with warning 1264.
type castDecimal struct {
	*expression.Convert
	typ sql.DecimalType
}

// newCastDecimal returns nil when c's precision and scale are not ones MySQL
// accepts (GMS reports those itself).
func newCastDecimal(c *expression.Convert) *castDecimal {
	prec, scale := convertShape(c)
	if prec == 0 {
		prec = 10 // MySQL's DECIMAL without a precision
	}
	if prec > types.DecimalTypeMaxPrecision || scale > types.DecimalTypeMaxScale || scale > prec {
		return nil
	}
	dt, err := types.CreateDecimalType(uint8(prec), uint8(scale))
	if err != nil {
		return nil
	}
	return &castDecimal{Convert: c, typ: dt}
}

// convertShape reads a CAST's declared length and scale, which GMS keeps
// unexported (and only uses when the scale is positive).
func convertShape(c *expression.Convert) (length, scale int) {
	v := reflect.ValueOf(c).Elem()
	l, s := v.FieldByName("typeLength"), v.FieldByName("typeScale")
	if !l.IsValid() || !s.IsValid() {
		return 0, 0
	}
	return int(l.Int()), int(s.Int())
}

func (c *castDecimal) Type() sql.Type { return c.typ }

func (c *castDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castDecimal{Convert: n.(*expression.Convert), typ: c.typ}, nil
}

func (c *castDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	d, ok := exactDecimal(v, c.Child.Type())
	if !ok {
		if s, isStr := asString(v); isStr && types.IsText(c.Child.Type()) {
			num, clean := numPrefix(s)
			if !clean {
				warnTruncated(ctx, "DECIMAL", s)
			}
			if d, err = decimal.NewFromString(num); err != nil {
				d = decimal.Zero
			}
		} else {
			// Anything else (hex literals, BIT, JSON) converts as GMS does.
			wide := expression.NewConvertWithLengthAndScale(c.Child, expression.ConvertToDecimal, 65, 30)
			w, err := wide.Eval(ctx, row)
			if err != nil || w == nil {
				return w, err
			}
			if d, ok = w.(decimal.Decimal); !ok {
				return nil, fmt.Errorf("cast to decimal gave %T", w)
			}
		}
	}
	scale := int32(c.typ.Scale())
	d = d.Round(scale)
	hi := decimal.New(1, int32(c.typ.Precision())-scale).Sub(decimal.New(1, -scale))
	if d.GreaterThan(hi) || d.LessThan(hi.Neg()) {
		if d.Sign() > 0 {
			d = hi
		} else {
			d = hi.Neg()
		}
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erWarnDataOutOfRange,
			Message: fmt.Sprintf("Out of range value for column '%s' at row 1", castText(c.Convert, c.typ))})
	}
	return d, nil
}

// castText is the column name MySQL's warning uses for a CAST.
func castText(c *expression.Convert, t sql.DecimalType) string {
	return fmt.Sprintf("CAST(%s AS DECIMAL(%d,%d))", mysqlString(c.Child), t.Precision(), t.Scale())
}

// exactDecimal converts numbers and temporal values (of type t) the way
// MySQL's numeric context reads them: doubles by their shortest representation,
// dates as YYYYMMDD, datetimes as YYYYMMDDhhmmss[.ffffff], times as
// hhmmss[.ffffff].
func exactDecimal(v any, t sql.Type) (decimal.Decimal, bool) {
	switch n := v.(type) {
	case decimal.Decimal:
		return n, true
	case float64:
		return decimal.NewFromFloat(n), true
	case float32:
		return decimal.NewFromFloat32(n), true
	case bool:
		if n {
			return decimal.NewFromInt(1), true
		}
		return decimal.Zero, true
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint, uint64:
		b, ok := toBig(v)
		if !ok {
			return decimal.Decimal{}, false
		}
		return decimal.NewFromBigInt(new(big.Int).Set(b), 0), true
	case time.Time:
		if n.Equal(gmsZeroTime) {
			// GMS holds '0000-00-00' as 0000-01-01; MySQL's number of the
			// zero date is 0 (it was 101, and SUM/AVG/BIT_OR/+ 0 read it so).
			return decimal.Zero, true
		}
		if t != nil && types.IsDateType(t) {
			return decimal.RequireFromString(n.Format("20060102")), true
		}
		d := decimal.RequireFromString(n.Format("20060102150405"))
		if us := n.Nanosecond() / 1000; us != 0 {
			d = d.Add(decimal.New(int64(us), -6))
		}
		return d, true
	case types.Timespan:
		us := n.AsMicroseconds()
		neg := us < 0
		if neg {
			us = -us
		}
		secs := us / 1_000_000
		hms := (secs/3600)*10000 + (secs/60%60)*100 + secs%60
		d := decimal.New(hms, 0).Add(decimal.New(us%1_000_000, -6))
		if neg {
			d = d.Neg()
		}
		return d, true
	}
	return decimal.Decimal{}, false
}

// castSigned is CAST(unsigned AS SIGNED): MySQL reinterprets the 64 bits
// (CAST(CAST(-1 AS UNSIGNED) AS SIGNED) is -1); GMS clamped to
// 9223372036854775807.
type castSigned struct {
	*expression.Convert
}

func (c *castSigned) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castSigned{n.(*expression.Convert)}, nil
}

func (c *castSigned) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if u, ok := v.(uint64); ok {
		return int64(u), nil
	}
	return c.Convert.Eval(ctx, row)
}

// castNumDate is CAST(integer AS DATE/DATETIME): MySQL reads the number as
// YYYYMMDD, YYMMDD, YYYYMMDDhhmmss or YYMMDDhhmmss (CAST(20240115 AS DATE)
// is 2024-01-15); GMS answered NULL for every number.
type castNumDate struct {
	*expression.Convert
}

func (c *castNumDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castNumDate{n.(*expression.Convert)}, nil
}

func (c *castNumDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	b, ok := toBig(v)
	if !ok || !b.IsInt64() {
		return c.Convert.Eval(ctx, row)
	}
	t, ok := numberToDatetime(b.Int64())
	if !ok {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1292,
			Message: fmt.Sprintf("Incorrect datetime value: '%d'", b.Int64())})
		return nil, nil
	}
	if types.IsDateType(c.Convert.Type()) {
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), nil
	}
	return t, nil
}

// numberToDatetime is MySQL's number_to_datetime for a valid, non-zero
// date (zeropart.go reads the number).
func numberToDatetime(nr int64) (time.Time, bool) {
	if nr == 0 {
		return time.Time{}, false
	}
	t, ok := numberToMySQLTime(nr, noZeroDate)
	if !ok || t.y < 1 {
		return time.Time{}, false
	}
	return t.goTime(), true
}
