package sqlfunc

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
)

// A JSON string cast to a number (CAST(CAST('"12abc"' AS JSON) AS
// DECIMAL), CAST(doc->'$.n' AS SIGNED)) is its numeric prefix, as MySQL's
// Json_wrapper::coerce_decimal (str2my_decimal) and coerce_int
// (my_strtoll10, digits only) read it, with warning 3156 (Invalid JSON
// value for CAST) when that is not all of it: '"12abc"' is 12, '"abc"' 0,
// '"12.7"' 12 as an integer. GMS answered 0 for any string that was not a
// whole number, without a warning. MariaDB has no JSON type: MySQL's
// source is the reference.

// jsonStringNumber is s as coerce_int (toInt) or coerce_decimal reads it,
// and the warning code when it is not all number (0 for none).
func jsonStringNumber(s string, toInt bool) (any, int) {
	if !toInt {
		num, clean := numPrefix(s)
		d, err := decimal.NewFromString(num)
		if err != nil {
			return decimal.Zero, erInvalidJSONForCast
		}
		if !clean {
			return d, erInvalidJSONForCast
		}
		return d, 0
	}
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start {
		return int64(0), erInvalidJSONForCast
	}
	code := 0
	if i != len(s) {
		code = erInvalidJSONForCast
	}
	u, err := strconv.ParseUint(s[start:i], 10, 64)
	switch {
	case err != nil:
		// my_strtoll10's ERANGE: the extreme of the sign.
		// coerce_int returns my_strtoll10's longlong: ULLONG_MAX read as
		// a signed value, -1 (an UNSIGNED cast wraps it back).
		if neg {
			return int64(math.MinInt64), erNumericJSONOutOfRange
		}
		return int64(-1), erNumericJSONOutOfRange
	case neg && u > 1<<63:
		return int64(math.MinInt64), erNumericJSONOutOfRange
	case neg:
		return -int64(u), code
	case u > math.MaxInt64:
		// my_strtoll10 reads up to ULLONG_MAX without an error; coerce_int
		// returns it as a longlong (negative).
		return int64(u), code
	}
	return int64(u), code
}

const (
	erNumericJSONOutOfRange = 3155
	erInvalidJSONForCast    = 3156
)

// warnJSONCast raises MySQL's warning code for a JSON value of e cast to
// target (DECIMAL, INTEGER).
func warnJSONCast(ctx *sql.Context, code int, target string, e sql.Expression) {
	if ctx == nil || ctx.Session == nil || code == 0 {
		return
	}
	msg := fmt.Sprintf("Invalid JSON value for CAST to %s from column %s at row 1", target, e)
	if code == erNumericJSONOutOfRange {
		msg = fmt.Sprintf("Out of range JSON value for CAST to %s from column %s at row 1", target, e)
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: code, Message: msg})
}
