package sqlfunc

import (
	"strings"

	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// Built-ins whose values GMS computes right but types wrong, or whose
// string arguments GMS refuses where MySQL reads their numeric prefix:
// UPPER(2.5) answered a DECIMAL column (MySQL: VARCHAR), LOWER(NULL) a NULL
// one (VARBINARY), COS('abc') failed with 1366 (MySQL: 1, with a 1292
// warning), CRC32(2.5) with 1105, CEIL(1e2) answered INT (DOUBLE).

// gmsBuiltin is GMS's registry entry for name; its NewInstance keeps GMS's
// argument-count checks (1582).
func gmsBuiltin(name string) sql.Function {
	for _, f := range function.BuiltIns {
		if f.FunctionName() == name {
			return f
		}
	}
	panic("sqlfunc: no GMS built-in " + name)
}

// fixedFn is a GMS function expression with MySQL's result type and an
// optional correction of its value. Its children are the inner function's,
// so rules that rewrite arguments see through it.
type fixedFn struct {
	inner sql.Expression
	typ   func(inner sql.Expression) sql.Type
	post  func(ctx *sql.Context, v any) (any, error)
	// name is the registered name, for an inner expression that is not a
	// sql.FunctionExpression (GMS's QUOTE has no Description): rules that
	// pick functions by name (timeTextArgs) missed QUOTE(AVG(x)).
	name string
}

var _ sql.FunctionExpression = (*fixedFn)(nil)

func (f *fixedFn) FunctionName() string {
	if fe, ok := f.inner.(sql.FunctionExpression); ok {
		return fe.FunctionName()
	}
	if f.name != "" {
		return f.name
	}
	return f.inner.String()
}
func (f *fixedFn) Description() string {
	if fe, ok := f.inner.(sql.FunctionExpression); ok {
		return fe.Description()
	}
	return ""
}
func (f *fixedFn) Type() sql.Type             { return f.typ(f.inner) }
func (f *fixedFn) Resolved() bool             { return f.inner.Resolved() }
func (f *fixedFn) IsNullable() bool           { return f.inner.IsNullable() }
func (f *fixedFn) Children() []sql.Expression { return f.inner.Children() }
func (f *fixedFn) String() string             { return f.inner.String() }
func (f *fixedFn) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if types.IsText(f.Type()) {
		if cc, ok := f.inner.(sql.CollationCoercible); ok {
			return cc.CollationCoercibility(ctx)
		}
		return ctx.GetCollation(), 4
	}
	return sql.Collation_binary, 5
}
func (f *fixedFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	in, err := f.inner.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &fixedFn{inner: in, typ: f.typ, post: f.post, name: f.name}, nil
}
func (f *fixedFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.inner.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if f.post != nil {
		return f.post(ctx, v)
	}
	return v, nil
}

// fixed wraps GMS's built-in name: argument i is first passed through
// args(i, arg) when args is given, the result typed by typ and its value
// passed through post.
func fixed(name string, args func(int, sql.Expression) sql.Expression, typ func(sql.Expression) sql.Type,
	post func(*sql.Context, any) (any, error)) sql.FunctionN {
	gms := gmsBuiltin(name)
	return sql.FunctionN{Name: name, Fn: func(as ...sql.Expression) (sql.Expression, error) {
		if args != nil {
			as = append([]sql.Expression(nil), as...)
			for i, a := range as {
				as[i] = args(i, a)
			}
		}
		in, err := gms.NewInstance(as)
		if err != nil {
			return nil, err
		}
		return &fixedFn{inner: in, typ: typ, post: post, name: name}, nil
	}}
}

// stringResult is the type of a string function: VARBINARY when its
// string argument is the NULL literal (MySQL's NULL has the binary
// character set), GMS's when that is a string (a functional index on
// LOWER(varchar_col) needs its length), else a string whatever the
// argument's type.
func stringResult(inner sql.Expression) sql.Type {
	if args := inner.Children(); len(args) > 0 && args[0].Type() == types.Null {
		return types.LongBlob
	}
	if t := inner.Type(); types.IsText(t) {
		return t
	}
	return types.LongText
}

// asText gives a value of a string function the string type it claims.
func asText(ctx *sql.Context, v any) (any, error) {
	switch x := v.(type) {
	case nil, string:
		return v, nil
	case []byte:
		return string(x), nil
	}
	s, _, err := types.LongText.Convert(ctx, v)
	return s, err
}

// numericArg reads a string argument of a numeric function as MySQL does:
// its numeric prefix as a DOUBLE, warning 1292.
func numericArg(_ int, a sql.Expression) sql.Expression {
	if types.IsText(a.Type()) {
		return &toDouble{unary: unary{a}}
	}
	return a
}

// textArg is an argument a function reads as a string: a DECIMAL's text
// keeps its scale (CRC32(2.5) hashes "2.5", CRC32(-0.0) "0.0").
func textArg(_ int, a sql.Expression) sql.Expression {
	if types.IsDecimal(a.Type()) || types.IsFloat(a.Type()) {
		return &numText{unary{a}}
	}
	return a
}

// numberAsText is LEFT's and RIGHT's string argument: GMS failed on an
// integer (1105 "invalid type: int32" for LEFT(123456, 3); MySQL '123').
func numberAsText(i int, a sql.Expression) sql.Expression {
	if i == 0 && isNumber(a.Type()) {
		return &numText{unary{a}}
	}
	return a
}

// numText is a number as the text MySQL writes for it.
type numText struct{ unary }

func (e *numText) Type() sql.Type { return types.LongText }
func (e *numText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}
func (e *numText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}
func (e *numText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if d, ok := v.(decimal.Decimal); ok {
		scale := int32(0)
		if dt, ok := e.child.Type().(sql.DecimalType); ok {
			scale = int32(dt.Scale())
		}
		return d.StringFixed(scale), nil
	}
	if f, ok := floatText(e.child.Type(), v); ok { // strfunc.go: 1e20, not 21 digits
		return f, nil
	}
	return asText(ctx, v)
}

func fixedType(t sql.Type) func(sql.Expression) sql.Type {
	return func(sql.Expression) sql.Type { return t }
}

// quoteNull is QUOTE's value for NULL: the word NULL, unquoted. GMS
// escapes Control+Z as a backslash and the byte itself; MySQL writes \Z
// (Item_func_quote::val_str), which a client reading the text back needs.
func quoteNull(ctx *sql.Context, v any) (any, error) {
	if v == nil {
		return "NULL", nil
	}
	t, err := asText(ctx, v)
	if s, ok := t.(string); ok && err == nil {
		return strings.ReplaceAll(s, "\\\x1a", "\\Z"), nil
	}
	return t, err
}

// ceilFloor is CEIL/CEILING/FLOOR typed as MySQL types them: an integer
// argument gives a BIGINT (UNSIGNED for an unsigned BIGINT column), a
// DECIMAL one a BIGINT while its integer part fits (else a DECIMAL of scale
// 0), anything else (DOUBLE, strings, NULL) a DOUBLE. GMS typed a DOUBLE
// argument INT and read strings as 0.
type ceilFloor struct {
	unary
	numeric
	ceil bool
}

var _ sql.FunctionExpression = (*ceilFloor)(nil)

func newCeil(x sql.Expression) sql.Expression {
	return &ceilFloor{unary: unary{x}, ceil: true}
}
func newFloor(x sql.Expression) sql.Expression {
	return &ceilFloor{unary: unary{x}, ceil: false}
}

func (c *ceilFloor) FunctionName() string {
	if c.ceil {
		return "ceil"
	}
	return "floor"
}
func (c *ceilFloor) Description() string { return "rounds the argument to an integer" }
func (c *ceilFloor) String() string      { return fmt.Sprintf("%s(%s)", c.FunctionName(), c.child) }
func (c *ceilFloor) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *ceilFloor) Type() sql.Type {
	t := c.child.Type()
	switch {
	case types.IsInteger(t):
		if t == types.Uint64 {
			return types.Uint64
		}
		return types.Int64
	case types.IsDecimal(t):
		dt := t.(sql.DecimalType)
		intDigits := int(dt.Precision()) - int(dt.Scale())
		if intDigits < 18 {
			return types.Int64
		}
		return types.MustCreateDecimalType(uint8(min(intDigits+1, 65)), 0)
	}
	return types.Float64
}

func (c *ceilFloor) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	typ := c.Type()
	if types.IsInteger(c.child.Type()) {
		r, _, err := typ.Convert(ctx, v)
		return r, err
	}
	if d, ok := v.(decimal.Decimal); ok {
		if c.ceil {
			d = d.Ceil()
		} else {
			d = d.Floor()
		}
		if typ == types.Int64 {
			return d.IntPart(), nil
		}
		return d, nil
	}
	f, err := toFloat(ctx, v)
	if err != nil {
		return nil, err
	}
	if c.ceil {
		return math.Ceil(f), nil
	}
	return math.Floor(f), nil
}
