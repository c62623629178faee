package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// The fractional digits of DATETIME results that GMS types DATETIME(6)
// whatever their argument: the server pads every DATETIME(n) result
// column to n digits (server/fields.go), as MySQL prints them, so a type
// with more digits than MySQL's would print '.000000' where MySQL prints
// none.
//   - FROM_UNIXTIME of an integer (or a DECIMAL of scale 0) is DATETIME(0);
//   - CONVERT_TZ(dt, from, to) has dt's precision: a DATETIME(n) or
//     TIMESTAMP(n) operand's n, a string constant's own fractional digits
//     (MySQL's Item::datetime_precision evaluates a constant), 6 for any
//     other string, 0 for a number without a fraction.

// wholeSecondsFromUnix is GMS's one-argument FROM_UNIXTIME typed DATETIME(0).
func wholeSecondsFromUnix(gms sql.Expression) sql.Expression {
	if _, ok := gms.(*function.FromUnixtime); !ok || len(gms.Children()) != 1 {
		return gms
	}
	return &fixedFn{inner: gms, typ: fixedType(types.Datetime)}
}

// convertTzType is CONVERT_TZ's type (timezone.go): DATETIME of dt's
// precision.
func convertTzType(dt sql.Expression) sql.Type {
	return datetimeOf(operandDatetimePrecision(dt))
}

// operandDatetimePrecision is MySQL's datetime_precision() of e.
func operandDatetimePrecision(e sql.Expression) int {
	t := e.Type()
	if p, ok := datetimePrecision(t); ok {
		return p
	}
	switch {
	case types.IsDateType(t):
		return 0
	case types.IsText(t):
		if l, ok := e.(*expression.Literal); ok {
			if s, ok := l.Value().(string); ok {
				return literalFractionDigits(s)
			}
		}
		return 6
	case types.IsDecimal(t):
		if dt, ok := t.(sql.DecimalType); ok {
			return min(int(dt.Scale()), 6)
		}
	case types.IsFloat(t):
		return 6
	}
	return 0
}

// literalFractionDigits counts the digits after the seconds' point of a
// datetime string ('2024-01-01 00:00:00.50' has 2), at most 6.
func literalFractionDigits(s string) int {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, '.')
	if i < 0 || !strings.ContainsAny(s[:i], ":") {
		return 0
	}
	n := 0
	for _, c := range s[i+1:] {
		if c < '0' || c > '9' {
			break
		}
		n++
	}
	return min(n, 6)
}
