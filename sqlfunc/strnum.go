package sqlfunc

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// erTruncatedWrongValue is MySQL's ER_TRUNCATED_WRONG_VALUE (1292).
const erTruncatedWrongValue = 1292

func warnTruncated(ctx *sql.Context, kind, s string) {
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
			Message: fmt.Sprintf("Truncated incorrect %s value: '%s'", kind, s)})
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// intPrefix parses the integer at the start of s the way MySQL's CAST(... AS
// SIGNED/UNSIGNED) does: leading spaces, an optional sign, decimal digits;
// parsing stops at the first other character ('1.9' is 1, '1e2' is 1).
// clean is false when anything but the number was there (a 1292 warning);
// overflow when the digits exceed 64 bits, which MySQL answers with
// 18446744073709551615 (-1 signed) and a warning.
func intPrefix(s string) (mag uint64, negative, clean, overflow bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		negative = s[i] == '-'
		i++
	}
	start := i
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		d := uint64(s[i] - '0')
		if mag > (math.MaxUint64-d)/10 {
			overflow = true
		} else if !overflow {
			mag = mag*10 + d
		}
	}
	clean = i == len(s) && i > start && !overflow
	if overflow {
		mag, negative = math.MaxUint64, false
	}
	return mag, negative, clean, overflow
}

// numPrefix returns the longest prefix of s (after leading spaces) that is a
// number: [+-]digits[.digits][e[+-]digits]. clean is false when other
// characters (trailing spaces aside) follow or there is no number at all.
func numPrefix(s string) (num string, clean bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		frac := 0
		for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
			frac++
		}
		if digits+frac > 0 {
			i, digits = j, digits+frac
		}
	}
	if digits == 0 {
		return "0", false
	}
	end := i
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for ; k < len(s) && s[k] >= '0' && s[k] <= '9'; k++ {
		}
		if k > j {
			end = k
		}
	}
	rest := end
	for rest < len(s) && isSpace(s[rest]) {
		rest++
	}
	return s[start:end], rest == len(s)
}

// strToFloat converts s as MySQL does where a string meets a number: the
// numeric prefix, with a 1292 warning (Truncated incorrect DOUBLE value) when
// that is not all of it.
func strToFloat(ctx *sql.Context, s string) float64 {
	num, clean := numPrefix(s)
	f, err := strconv.ParseFloat(num, 64)
	if err != nil && f == 0 {
		clean = false
	}
	if math.IsInf(f, 0) {
		// '1e400': the largest DOUBLE, with a warning, as MySQL.
		f, clean = math.Copysign(math.MaxFloat64, f), false
	}
	if !clean {
		warnTruncated(ctx, "DOUBLE", s)
	}
	return f
}

// toFloat converts v to a DOUBLE: a string as MySQL does, by its numeric
// prefix with the 1292 warning (strToFloat); anything else by GMS's
// conversion.
func toFloat(ctx *sql.Context, v any) (float64, error) {
	if s, ok := asString(v); ok {
		return strToFloat(ctx, s), nil
	}
	f, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return 0, err
	}
	return f.(float64), nil
}

// AsString is a string or byte-slice value's text (ok false for others).
func AsString(v any) (string, bool) { return asString(v) }

func asString(v any) (string, bool) {
	switch s := v.(type) {
	case string:
		return s, true
	case []byte:
		return string(s), true
	}
	return "", false
}

// toDouble is a string operand compared with a number: MySQL compares the two
// as DOUBLE, so '10abc' = 10 is true (with a warning), where GMS's comparison
// of the unconverted string gives false.
type toDouble struct {
	unary
	numeric
}

func (e *toDouble) Type() sql.Type { return types.Float64 }
func (e *toDouble) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func (e *toDouble) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := asString(v); ok {
		if isHybrid(e.child) { // hybridnum.go
			return hybridNumber(ctx, s)
		}
		return strToFloat(ctx, s), nil
	}
	f, _, err := types.Float64.Convert(ctx, v)
	return f, err
}

// castNum is CAST(string AS SIGNED/UNSIGNED/DECIMAL/DOUBLE/FLOAT): MySQL
// takes the numeric prefix and warns (1292); GMS answers 0 for '12abc',
// rounds '1.9' to 2 and reads '1e2' as 100 for an integer target.
type castNum struct {
	*expression.Convert
}

func (c *castNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castNum{n.(*expression.Convert)}, nil
}

func (c *castNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	typ := c.Convert.Type()
	s, ok := asString(v)
	if !ok {
		if types.IsInteger(typ) {
			if r, ok := fractionalToInt(ctx, v, types.IsUnsigned(typ)); ok {
				return r, nil
			}
		}
		return c.Convert.Eval(ctx, row)
	}
	switch {
	case types.IsInteger(typ):
		mag, negative, clean, overflow := intPrefix(s)
		if !clean || overflow {
			warnTruncated(ctx, "INTEGER", s)
		}
		if types.IsUnsigned(typ) {
			if negative {
				ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1105,
					Message: "Cast to unsigned converted negative integer to it's positive complement"})
				return -mag, nil
			}
			return mag, nil
		}
		if negative {
			return -int64(mag), nil
		}
		return int64(mag), nil
	case types.IsDecimal(typ):
		num, clean := numPrefix(s)
		if !clean {
			warnTruncated(ctx, "DECIMAL", s)
		}
		d, err := decimal.NewFromString(num)
		if err != nil {
			d = decimal.Zero
		}
		conv, err := c.Convert.WithChildren(expression.NewLiteral(d, types.MustCreateDecimalType(65, 30)))
		if err != nil {
			return nil, err
		}
		return conv.Eval(ctx, row)
	case types.IsFloat(typ):
		f := strToFloat(ctx, s)
		if typ.Type() == types.Float32.Type() {
			return float32(f), nil
		}
		return f, nil
	}
	return c.Convert.Eval(ctx, row)
}

// fractionalToInt is CAST of a DECIMAL or DOUBLE to SIGNED/UNSIGNED:
// rounded (DECIMAL half away from zero, DOUBLE half to even, as rint), and
// outside the target's range the nearest bound with warning 1916 — GMS
// turned CAST(-1.5 AS UNSIGNED) into 9223372036854775808.
func fractionalToInt(ctx *sql.Context, v any, unsigned bool) (any, bool) {
	var d decimal.Decimal
	switch n := v.(type) {
	case decimal.Decimal:
		d = n.Round(0)
	case float64:
		d = decimal.NewFromFloat(math.RoundToEven(n))
	case float32:
		d = decimal.NewFromFloat(math.RoundToEven(float64(n)))
	default:
		return nil, false
	}
	lo, hi, target := minInt64, maxInt64, "SIGNED BIGINT"
	if unsigned {
		lo, hi, target = big.NewInt(0), maxUint64, "UNSIGNED BIGINT"
	}
	b := d.BigInt()
	if b.Cmp(lo) < 0 || b.Cmp(hi) > 0 {
		if b.Cmp(lo) < 0 {
			b = lo
		} else {
			b = hi
		}
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1916,
			Message: fmt.Sprintf("Got overflow when converting '%v' to %s. Value truncated", v, target)})
	}
	r, _ := fit(b, unsigned)
	return r, true
}

// StringToDouble is s read as MySQL reads a string compared with a number:
// its numeric prefix as DOUBLE, with a 1292 warning when that is not all of
// it. Package planfix converts lookup keys with it.
func StringToDouble(ctx *sql.Context, s string) float64 { return strToFloat(ctx, s) }
