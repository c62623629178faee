package sqlfunc

import (
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// conv is CONV(n, from_base, to_base) as MySQL computes it: n read as text
// by strtoull (or strtoll for a negative from_base) up to its first
// character that is not a digit of the base, a negative value taken as its
// two's complement unless to_base is negative. GMS dropped the sign when it
// stopped early: CONV(-2.5, 10, 16) was 2, MySQL's FFFFFFFFFFFFFFFE.
type conv struct {
	*function.Conv
}

func newConv(n, from, to sql.Expression) sql.Expression {
	return &conv{function.NewConv(n, from, to).(*function.Conv)}
}

func (c *conv) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 3)
	}
	return newConv(children[0], children[1], children[2]), nil
}

func (c *conv) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cs := c.Children()
	if types.IsBit(cs[0].Type()) {
		return c.Conv.Eval(ctx, row)
	}
	vals := make([]any, 3)
	for i, e := range cs {
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		vals[i] = v
	}
	var bases [2]int64
	for i, v := range vals[1:] {
		b, _, err := types.Int64.Convert(ctx, v)
		if err != nil {
			return nil, nil
		}
		bases[i] = b.(int64)
	}
	from, to := bases[0], bases[1]
	if abs64(from) < 2 || abs64(from) > 36 || abs64(to) < 2 || abs64(to) > 36 {
		return nil, nil
	}
	s, ok := asString(vals[0])
	if !ok {
		t, _, err := types.LongText.Convert(ctx, vals[0])
		if err != nil {
			return nil, nil
		}
		s = t.(string)
	}
	if s == "" {
		return nil, nil
	}
	var n uint64
	if from < 0 {
		n = uint64(strToInt(s, int(-from)))
	} else {
		n = strToUint(s, int(from))
	}
	var out string
	if to < 0 {
		out = strconv.FormatInt(int64(n), int(-to))
	} else {
		out = strconv.FormatUint(n, int(to))
	}
	return strings.ToUpper(out), nil
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// digitsOf returns s's leading spaces-skipped sign and the magnitude of its
// longest prefix of base-b digits, saturated at MaxUint64 (overflow true).
func digitsOf(s string, b int) (neg bool, mag uint64, overflow bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	for ; i < len(s); i++ {
		c := s[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		if d >= b {
			break
		}
		if mag > (math.MaxUint64-uint64(d))/uint64(b) {
			overflow = true
			mag = math.MaxUint64
			continue
		}
		if !overflow {
			mag = mag*uint64(b) + uint64(d)
		}
	}
	return neg, mag, overflow
}

// strToUint is MySQL's my_strntoull: a negative value wraps, an overflow
// is MaxUint64.
func strToUint(s string, b int) uint64 {
	neg, mag, overflow := digitsOf(s, b)
	if overflow {
		return math.MaxUint64
	}
	if neg {
		return -mag
	}
	return mag
}

// strToInt is MySQL's my_strntoll: saturated at the BIGINT bounds.
func strToInt(s string, b int) int64 {
	neg, mag, overflow := digitsOf(s, b)
	switch {
	case neg && (overflow || mag > 1<<63):
		return math.MinInt64
	case neg:
		return -int64(mag)
	case overflow || mag > math.MaxInt64:
		return math.MaxInt64
	}
	return int64(mag)
}
