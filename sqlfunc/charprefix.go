package sqlfunc

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// CharPrefixFunc is the call CAST(x AS CHAR(n)) becomes (charPrefix).
const CharPrefixFunc = "myriad_char_prefix"

// charPrefix makes CAST(x AS CHAR(n)) and CONVERT(x, CHAR(n)) the cast
// without its length inside CharPrefixFunc: n counts characters in MySQL
// (Item_char_typecast), but GMS cut the converted string to n bytes, so
// CAST('ééé' AS CHAR(2)) was 'é' and CAST('é' AS CHAR(1)) failed with 1366
// (half a character), and a cut string gave no warning (MySQL 1292
// "Truncated incorrect CHAR(n) value").
func charPrefix(e ast.Expr, changed *bool) (ast.Expr, bool) {
	c, ok := e.(*ast.ConvertExpr)
	if !ok || c.Type == nil || c.Type.Length == nil || c.Type.Charset != "" {
		return e, false
	}
	switch strings.ToLower(c.Type.Type) {
	case "char", "nchar":
	default:
		return e, false
	}
	inner := *c
	t := *c.Type
	t.Length = nil
	inner.Type = &t
	*changed = true
	return call(CharPrefixFunc, &inner, c.Type.Length), true
}

// charPrefixExpr is CharPrefixFunc: its first argument's first n
// characters, with MySQL's warning when it cuts.
type charPrefixExpr struct {
	str sql.Expression
	n   int
}

func newCharPrefix(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New(CharPrefixFunc, 2, len(args))
	}
	v, err := args[1].Eval(nil, nil)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(toText(v)))
	if err != nil {
		return nil, err
	}
	return &charPrefixExpr{str: args[0], n: n}, nil
}

func toText(v any) string {
	if s, ok := asString(v); ok {
		return s
	}
	c, _, err := types.LongText.Convert(context.Background(), v)
	if err != nil {
		return ""
	}
	s, _ := c.(string)
	return s
}

func (c *charPrefixExpr) Resolved() bool             { return c.str.Resolved() }
func (c *charPrefixExpr) IsNullable() bool           { return c.str.IsNullable() }
func (c *charPrefixExpr) Type() sql.Type             { return c.str.Type() }
func (c *charPrefixExpr) Children() []sql.Expression { return []sql.Expression{c.str} }
func (c *charPrefixExpr) String() string             { return c.str.String() + "(" + strconv.Itoa(c.n) + ")" }
func (c *charPrefixExpr) FunctionName() string       { return CharPrefixFunc }
func (c *charPrefixExpr) Description() string        { return "CAST(x AS CHAR(n)), n characters" }
func (c *charPrefixExpr) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, c.str)
}

func (c *charPrefixExpr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &charPrefixExpr{str: children[0], n: c.n}, nil
}

func (c *charPrefixExpr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.str.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := asString(v)
	if !ok || utf8.RuneCountInString(s) <= c.n {
		return v, nil
	}
	cut, i := s, 0
	for j := range s {
		if i == c.n {
			cut = s[:j]
			break
		}
		i++
	}
	if ctx != nil && ctx.Session != nil {
		ctx.Warn(1292, "Truncated incorrect CHAR(%d) value: '%s'", c.n, s)
	}
	return cut, nil
}

func init() {
	functions[CharPrefixFunc] = sql.FunctionN{Name: CharPrefixFunc, Fn: newCharPrefix}
}
