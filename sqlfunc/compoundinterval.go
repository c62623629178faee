package sqlfunc

import (
	"math"
	"math/bits"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// compoundUnit is a compound interval unit (DAY_HOUR, YEAR_MONTH, ...):
// its smallest part, and how many of those each of its fields is, largest
// first.
type compoundUnit struct {
	base  string
	mults []int64
	micro bool // the last field is microseconds (MySQL's transform_msec)
}

const usPerSec = 1_000_000

var compoundUnits = map[string]compoundUnit{
	"YEAR_MONTH":         {"MONTH", []int64{12, 1}, false},
	"DAY_HOUR":           {"HOUR", []int64{24, 1}, false},
	"DAY_MINUTE":         {"MINUTE", []int64{1440, 60, 1}, false},
	"DAY_SECOND":         {"SECOND", []int64{86400, 3600, 60, 1}, false},
	"HOUR_MINUTE":        {"MINUTE", []int64{60, 1}, false},
	"HOUR_SECOND":        {"SECOND", []int64{3600, 60, 1}, false},
	"MINUTE_SECOND":      {"SECOND", []int64{60, 1}, false},
	"DAY_MICROSECOND":    {"MICROSECOND", []int64{86400 * usPerSec, 3600 * usPerSec, 60 * usPerSec, usPerSec, 1}, true},
	"HOUR_MICROSECOND":   {"MICROSECOND", []int64{3600 * usPerSec, 60 * usPerSec, usPerSec, 1}, true},
	"MINUTE_MICROSECOND": {"MICROSECOND", []int64{60 * usPerSec, usPerSec, 1}, true},
	"SECOND_MICROSECOND": {"MICROSECOND", []int64{usPerSec, 1}, true},
}

// intervalDelta is iv's value as GMS's EvalDelta gives it, with a
// compound unit's value read as MySQL's get_interval_value reads it
// (compoundValue): GMS matched it against one fixed pattern per unit ('1 2'
// for DAY_HOUR), failed the statement with 1105 for anything else ('1:2',
// '1-2', a sign, fewer fields, a number) and read the microseconds of
// '4.5' as 5, not 500000. The delta holds the total in the unit's smallest
// part, as MySQL's date_add_interval sums days to microseconds (and years
// to months). nil for NULL, and for text that is no value of the unit,
// with warning 1441 as MySQL's Item_date_add_interval gives.
func intervalDelta(ctx *sql.Context, iv *expression.Interval, row sql.Row) (*expression.TimeDelta, error) {
	u, ok := compoundUnits[iv.Unit]
	if !ok && iv.Unit == "SECOND" {
		return iv.EvalDelta(ctx, row)
	}
	v, err := iv.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if !ok {
		return simpleDelta(ctx, iv, v)
	}
	s, ok := asString(v)
	if !ok {
		t, _, err := types.LongText.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		s, _ = t.(string)
	}
	n, ok := compoundValue(s, u)
	if !ok {
		ctx.Warn(1441, "%s", "Datetime function: date_add_interval field overflow")
		return nil, nil
	}
	var td expression.TimeDelta
	switch u.base {
	case "MONTH":
		td.Months = n
	case "HOUR":
		td.Hours = n
	case "MINUTE":
		td.Minutes = n
	case "SECOND":
		td.Seconds = n
	default:
		td.Microseconds = n
	}
	return &td, nil
}

// compoundValue reads s as MySQL's get_interval_value and get_interval_info
// read a compound interval: spaces, an optional '-', then the fields as
// runs of digits with any non-digits between them (and before the first);
// fewer fields than the unit has are its smallest ones ('2' DAY_HOUR is 2
// hours); a microsecond field is a fraction (its digits scaled to six). ok
// is false for text left after the last field, or a value beyond BIGINT.
func compoundValue(s string, u compoundUnit) (int64, bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	for i < len(s) && !isDigit(s[i]) {
		i++
	}
	count := len(u.mults)
	vals := make([]int64, count)
	lastLen := 0
	for f := 0; f < count; f++ {
		start := i
		var v int64
		for ; i < len(s) && isDigit(s[i]); i++ {
			if v > (math.MaxInt64-10)/10 {
				return 0, false
			}
			v = v*10 + int64(s[i]-'0')
		}
		lastLen = i - start
		vals[f] = v
		for i < len(s) && !isDigit(s[i]) {
			i++
		}
		if i == len(s) && f != count-1 {
			// Fewer fields: they are the smallest ones.
			got := f + 1
			copy(vals[count-got:], vals[:got])
			clear(vals[:count-got])
			break
		}
	}
	if i != len(s) {
		return 0, false
	}
	if u.micro && lastLen > 0 {
		last := &vals[count-1]
		if lastLen < 6 {
			*last *= int64(math.Pow10(6 - lastLen))
		} else if lastLen > 6 {
			*last /= int64(math.Pow10(lastLen - 6))
		}
	}
	var total uint64
	for f, v := range vals {
		hi, lo := bits.Mul64(uint64(v), uint64(u.mults[f]))
		sum, carry := bits.Add64(total, lo, 0)
		if hi != 0 || carry != 0 || sum > math.MaxInt64 {
			return 0, false
		}
		total = sum
	}
	if neg {
		return -int64(total), true
	}
	return int64(total), true
}

// simpleDelta is the value v of a one-unit interval other than SECOND. A
// string is read as MySQL's get_interval_value reads it, with val_int: the
// integer at its start ('1.5' DAY is one day, '1e2' DAY one, '2abc' DAY two
// with warning 1292), where GMS rounded it as a number (two days for '1.5')
// and failed the statement with 1366 for '2abc'. SECOND keeps its fraction
// ('1.5' SECOND is 1.5 s in MySQL too) and other values are GMS's.
func simpleDelta(ctx *sql.Context, iv *expression.Interval, v any) (*expression.TimeDelta, error) {
	s, ok := asString(v)
	if !ok {
		return expression.NewInterval(expression.NewLiteral(v, iv.Child.Type()), iv.Unit).EvalDelta(ctx, nil)
	}
	mag, neg, clean, overflow := intPrefix(s)
	if !clean && strings.TrimRight(s, " ") != s {
		_, _, clean, _ = intPrefix(strings.TrimRight(s, " "))
	}
	if overflow || mag > math.MaxInt64 {
		ctx.Warn(1441, "%s", "Datetime function: date_add_interval field overflow")
		return nil, nil
	}
	if !clean {
		warnTruncated(ctx, "INTEGER", s)
	}
	n := int64(mag)
	if neg {
		n = -n
	}
	return expression.NewInterval(expression.NewLiteral(n, types.Int64), iv.Unit).EvalDelta(ctx, nil)
}
