package sqlfunc

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/floatfmt"
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
	if _, hex := cs[0].(*hexNumber); hex {
		// A hexadecimal or bit-value literal is its integer value, in
		// any from_base (operators.go wraps it for CONV, OCT and BIN).
		if n, ok := vals[0].(uint64); ok {
			if to < 0 {
				return strings.ToUpper(strconv.FormatInt(int64(n), int(-to))), nil
			}
			return strings.ToUpper(strconv.FormatUint(n, int(to))), nil
		}
	}
	s, ok := asString(vals[0])
	if !ok {
		s, ok = floatText(cs[0].Type(), vals[0])
	}
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

// floatText is a DOUBLE or FLOAT value's text as MySQL's val_str prints it
// (floatfmt), which CONV reads: 1e20 is "1e20", so CONV(1e20, 10, 2) is 1
// (strtoull stops at the 'e'); GMS's text was all 21 digits, which
// saturated to 64 one bits. ok is false for any other value.
func floatText(t sql.Type, v any) (string, bool) {
	switch f := v.(type) {
	case float32:
		return string(floatfmt.AppendFloat(nil, f)), true
	case float64:
		if t == types.Float32 {
			return string(floatfmt.AppendFloat(nil, float32(f))), true
		}
		return string(floatfmt.AppendDouble(nil, f)), true
	}
	return "", false
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

// field is FIELD(key, a, b, ...): the position of the first argument equal
// to key, compared as = compares them (strings by collation and PAD SPACE,
// numbers as numbers, a string with a number as DOUBLE). GMS compared
// everything as text with EqualFold, so FIELD(2, 1.0, 2.0) was 0 and
// FIELD('héllo', 'Hello') under an accent-insensitive collation was 0.
type field struct {
	eqs []sql.Expression // key = arg_i
}

func newField(args ...sql.Expression) (sql.Expression, error) {
	if len(args) < 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("FIELD", "2 or more", len(args))
	}
	eqs := make([]sql.Expression, len(args)-1)
	for i, a := range args[1:] {
		eqs[i] = expression.NewEquals(args[0], a)
	}
	return &field{eqs: eqs}, nil
}

func (f *field) FunctionName() string { return "field" }
func (f *field) Description() string {
	return "returns the position of the first argument equal to the first"
}
func (f *field) Type() sql.Type             { return types.Int64 }
func (f *field) IsNullable() bool           { return false }
func (f *field) Children() []sql.Expression { return f.eqs }
func (f *field) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (f *field) Resolved() bool {
	for _, e := range f.eqs {
		if !e.Resolved() {
			return false
		}
	}
	return true
}
func (f *field) String() string {
	args := make([]string, 0, len(f.eqs)+1)
	for i, e := range f.eqs {
		cs := e.Children()
		if i == 0 {
			args = append(args, cs[0].String())
		}
		args = append(args, cs[1].String())
	}
	return "field(" + strings.Join(args, ", ") + ")"
}

func (f *field) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(f.eqs) {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), len(f.eqs))
	}
	return &field{eqs: children}, nil
}

func (f *field) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for i, e := range f.eqs {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if t, ok := v.(bool); ok && t {
			return int64(i + 1), nil
		}
	}
	return int64(0), nil
}

// pad is LPAD/RPAD counted in characters (bytes for binary strings): GMS
// counted bytes, so LPAD('héllo', 6, '*') did not pad and
// RPAD('héllo', 2, 'x') cut 'é' in half (error 1366).
type pad struct {
	args [3]sql.Expression
	left bool
}

func newLPad(args ...sql.Expression) (sql.Expression, error) { return newPad(true, args) }
func newRPad(args ...sql.Expression) (sql.Expression, error) { return newPad(false, args) }

func newPad(left bool, args []sql.Expression) (sql.Expression, error) {
	name := "RPAD"
	if left {
		name = "LPAD"
	}
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(name, "3", len(args))
	}
	return &pad{args: [3]sql.Expression{args[0], args[1], args[2]}, left: left}, nil
}

func (p *pad) FunctionName() string {
	if p.left {
		return "lpad"
	}
	return "rpad"
}
func (p *pad) Description() string { return "pads a string to a length with another string" }
func (p *pad) Type() sql.Type {
	if types.IsBinaryType(p.args[0].Type()) {
		return types.LongBlob
	}
	return types.LongText
}
func (p *pad) IsNullable() bool           { return true }
func (p *pad) Children() []sql.Expression { return p.args[:] }
func (p *pad) Resolved() bool {
	return p.args[0].Resolved() && p.args[1].Resolved() && p.args[2].Resolved()
}
func (p *pad) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, p.args[0])
}
func (p *pad) String() string {
	return fmt.Sprintf("%s(%s, %s, %s)", p.FunctionName(), p.args[0], p.args[1], p.args[2])
}

func (p *pad) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 3)
	}
	return &pad{args: [3]sql.Expression{children[0], children[1], children[2]}, left: p.left}, nil
}

// maxPadResult is max_allowed_packet's default: MySQL answers NULL with
// warning 1301 rather than build a longer result.
const maxPadResult = 64 << 20

func (p *pad) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var vals [3]any
	for i, e := range p.args {
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		vals[i] = v
	}
	n64, _, err := types.Int64.Convert(ctx, vals[1])
	if err != nil {
		return nil, nil
	}
	n := n64.(int64)
	if n < 0 {
		return nil, nil
	}
	str, err := textOf(ctx, vals[0])
	if err != nil {
		return nil, err
	}
	padStr, err := textOf(ctx, vals[2])
	if err != nil {
		return nil, err
	}
	if n > maxPadResult {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1301,
			Message: fmt.Sprintf("Result of %s() was larger than max_allowed_packet (%d) - truncated", p.FunctionName(), maxPadResult)})
		return nil, nil
	}
	if types.IsBinaryType(p.args[0].Type()) {
		if r, ok := padUnits([]byte(str), []byte(padStr), int(n), p.left); ok {
			return r, nil
		}
		return nil, nil
	}
	if r, ok := padUnits([]rune(str), []rune(padStr), int(n), p.left); ok {
		return string(r), nil
	}
	return nil, nil
}

// padUnits pads or cuts s to n units (bytes or characters) with pad.
// An empty pad that would be needed makes the result NULL (ok false).
func padUnits[T byte | rune](s, pad []T, n int, left bool) (r []T, ok bool) {
	if len(s) >= n {
		return s[:n], true
	}
	if len(pad) == 0 {
		return nil, false
	}
	fill := make([]T, 0, n)
	if !left {
		fill = append(fill, s...)
	}
	for need := n - len(s); need > 0; {
		k := min(need, len(pad))
		fill = append(fill, pad[:k]...)
		need -= k
	}
	if left {
		fill = append(fill, s...)
	}
	return fill, true
}

func textOf(ctx *sql.Context, v any) (string, error) {
	if s, ok := asString(v); ok {
		return s, nil
	}
	t, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return "", err
	}
	return t.(string), nil
}

// locate is LOCATE(substr, str[, pos]) and POSITION(substr IN str): MySQL's
// search (instr.go) with positions in characters (GMS counted bytes, so
// LOCATE('l', 'héllo') was 4, not 3).
type locate struct {
	*function.Locate
}

func newLocate(args ...sql.Expression) (sql.Expression, error) {
	l, err := function.NewLocate(args...)
	if err != nil {
		return nil, err
	}
	return &locate{l.(*function.Locate)}, nil
}

func (l *locate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newLocate(children...)
}

func (l *locate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cs := l.Children()
	var pos sql.Expression
	if len(cs) == 3 {
		pos = cs[2]
	}
	return evalLocate(ctx, row, cs[0], cs[1], pos)
}
