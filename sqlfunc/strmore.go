package sqlfunc

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// String functions go-mysql-server v0.20 lacks (1305 "FUNCTION db.oct does
// not exist"): OCT, INSERT, MAKE_SET, EXPORT_SET. Each is a strFn: its
// arguments evaluated in order, NULL in gives NULL out unless the function
// says otherwise.

type strFn struct {
	name string
	args []sql.Expression
	eval func(ctx *sql.Context, vs []any) (any, error)
	// nullIn: which argument positions make the result NULL when NULL
	// (nil: all of them).
	nullIn func(i int) bool
	typ    sql.Type // nil: a string
}

var _ sql.FunctionExpression = (*strFn)(nil)

func (f *strFn) FunctionName() string { return f.name }
func (f *strFn) Description() string  { return "MySQL's " + strings.ToUpper(f.name) }
func (f *strFn) Type() sql.Type {
	if f.typ != nil {
		return f.typ
	}
	return types.LongText
}
func (f *strFn) IsNullable() bool           { return true }
func (f *strFn) Children() []sql.Expression { return f.args }
func (f *strFn) Resolved() bool {
	for _, a := range f.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}
func (f *strFn) String() string {
	as := make([]string, len(f.args))
	for i, a := range f.args {
		as[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", f.name, strings.Join(as, ", "))
}
func (f *strFn) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if f.typ != nil {
		return sql.Collation_binary, 5
	}
	return ctx.GetCollation(), 4
}
func (f *strFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(f.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), len(f.args))
	}
	nf := *f
	nf.args = children
	return &nf, nil
}
func (f *strFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vs := make([]any, len(f.args))
	for i, a := range f.args {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil && (f.nullIn == nil || f.nullIn(i)) {
			return nil, nil
		}
		vs[i] = v
	}
	return f.eval(ctx, vs)
}

func newStrFn(name string, lo, hi int, eval func(*sql.Context, []any) (any, error), nullIn func(int) bool) sql.FunctionN {
	return sql.FunctionN{Name: name, Fn: func(args ...sql.Expression) (sql.Expression, error) {
		if len(args) < lo || hi >= 0 && len(args) > hi {
			return nil, sql.ErrInvalidArgumentNumber.New(strings.ToUpper(name), lo, len(args))
		}
		return &strFn{name: name, args: args, eval: eval, nullIn: nullIn}, nil
	}}
}

// intArg reads an integer argument as MySQL does: a number rounded, a
// string's numeric prefix.
func intArg(ctx *sql.Context, v any) int64 {
	if s, ok := asString(v); ok {
		return int64(roundHalfAway(strToFloat(ctx, s)))
	}
	r, _, err := types.Int64.Convert(ctx, v)
	if err != nil {
		return 0
	}
	return r.(int64)
}

func roundHalfAway(f float64) float64 {
	if f < 0 {
		return -roundHalfAway(-f)
	}
	return float64(int64(f + 0.5))
}

// uint64Arg is a BIGINT argument read as its 64-bit two's complement (OCT(-1)
// is 1777777777777777777777, MAKE_SET's bits of -1 are all set).
func uint64Arg(ctx *sql.Context, v any) uint64 {
	if b, ok := toBig(v); ok {
		if b.Sign() < 0 {
			return uint64(b.Int64())
		}
		return b.Uint64()
	}
	f, err := toFloat(ctx, v)
	if err != nil {
		return 0
	}
	// MySQL truncates a fractional argument of OCT/CONV toward zero.
	if f < 0 {
		bf := new(big.Float).SetFloat64(f)
		i, _ := bf.Int64()
		return uint64(i)
	}
	u, _ := new(big.Float).SetFloat64(f).Uint64()
	return u
}

func strArg(ctx *sql.Context, v any) string {
	if s, ok := asString(v); ok {
		return s
	}
	s, _ := asText(ctx, v)
	if str, ok := s.(string); ok {
		return str
	}
	return fmt.Sprint(v)
}

var moreStringFunctions = map[string]sql.FunctionN{
	// INSERT(str, pos, len, newstr): str unchanged when pos is outside it;
	// len past the end replaces the rest. Positions count characters.
	"insert": newStrFn("insert", 4, 4, func(ctx *sql.Context, vs []any) (any, error) {
		s := []rune(strArg(ctx, vs[0]))
		pos, n := intArg(ctx, vs[1]), intArg(ctx, vs[2])
		repl := strArg(ctx, vs[3])
		if pos < 1 || pos > int64(len(s)) {
			return string(s), nil
		}
		start := pos - 1
		end := int64(len(s))
		if n >= 0 && start+n < end {
			end = start + n
		}
		return string(s[:start]) + repl + string(s[end:]), nil
	}, nil),
	// MAKE_SET(bits, str1, str2, ...): the strings whose bit is set, NULLs
	// skipped; only bits being NULL makes it NULL.
	"make_set": newStrFn("make_set", 2, -1, func(ctx *sql.Context, vs []any) (any, error) {
		bits := uint64Arg(ctx, vs[0])
		var out []string
		for i, v := range vs[1:] {
			if i < 64 && bits&(1<<uint(i)) != 0 && v != nil {
				out = append(out, strArg(ctx, v))
			}
		}
		return strings.Join(out, ","), nil
	}, func(i int) bool { return i == 0 }),
	// EXPORT_SET(bits, on, off[, separator[, number_of_bits]]).
	"export_set": newStrFn("export_set", 3, 5, func(ctx *sql.Context, vs []any) (any, error) {
		bits := uint64Arg(ctx, vs[0])
		on, off, sep := strArg(ctx, vs[1]), strArg(ctx, vs[2]), ","
		if len(vs) > 3 {
			sep = strArg(ctx, vs[3])
		}
		n := int64(64)
		if len(vs) > 4 {
			if n = intArg(ctx, vs[4]); n < 0 || n > 64 {
				n = 64
			}
		}
		out := make([]string, n)
		for i := range out {
			if bits&(1<<uint(i)) != 0 {
				out[i] = on
			} else {
				out[i] = off
			}
		}
		return strings.Join(out, sep), nil
	}, nil),
}

func init() {
	for name, f := range moreStringFunctions {
		functions[name] = f
	}
}
