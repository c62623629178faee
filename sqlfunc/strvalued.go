package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// stringValued reports whether MySQL takes e for a string when it compares
// e with a number, and so compares the two as DOUBLE (item_cmp_type: a
// STRING_RESULT against an INT, DECIMAL or REAL one is REAL_RESULT), with
// the numeric-prefix rule ('3abc' is 3 and warns). That is any text-typed
// expression except the date and time functions GMS types as text: MySQL
// reads those as dates (CURDATE() = 20261127 holds), so they are left to
// GMS (CURDATE() is a DATE since wrong24: curdate.go). isPlainString (literals, columns, CASTs) was all this package used to
// convert, and GMS's own comparison of any other string with a number failed
// on a prefix (CONCAT(s, 'abc') = 3 was 0 for s = '3') and its IN compared such a
// string with the numbers as strings (COALESCE(3.00, 'b') IN (3) was 0: '3.00'
// against '3').
func stringValued(e sql.Expression) bool {
	if s, ok := e.(*operandSlot); ok {
		return stringValued(s.like)
	}
	if isPlainString(e) {
		return true
	}
	if _, bind := e.(*expression.BindVar); bind || !types.IsText(e.Type()) {
		return false
	}
	if f, ok := e.(sql.FunctionExpression); ok && temporalTextFunctions[strings.ToLower(f.FunctionName())] {
		return false
	}
	return true
}

// temporalTextFunctions are the date and time functions whose GMS type can
// be text (a string first argument, a format) while MySQL compares their
// value as a date or a time, or whose MySQL comparison with a number has not
// been checked against MySQL 8.
var temporalTextFunctions = map[string]bool{
	"curtime": true, "current_time": true, "utc_time": true,
	"now": true, "current_timestamp": true, "localtime": true, "localtimestamp": true,
	"sysdate": true, "utc_timestamp": true,
	"date_add": true, "date_sub": true, "adddate": true, "subdate": true,
	"addtime": true, "subtime": true, "timestampadd": true, "timediff": true,
	"str_to_date": true, "convert_tz": true, "from_unixtime": true,
	"from_days": true, "last_day": true, "makedate": true, "maketime": true,
	"sec_to_time": true, "date": true, "time": true, "timestamp": true,
}
