package sqlfunc

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// castEmptyFunc is the function zeroLengthCast puts under a CAST to a
// zero-length string type.
const castEmptyFunc = "myriad_cast_empty"

// zeroLengthCast makes CAST(x AS CHAR(0)) (NCHAR(0), BINARY(0), and the
// same CONVERT) CAST(myriad_cast_empty(CAST(x AS CHAR), 'CHAR') AS CHAR):
// MySQL's Item_char_typecast cuts the text to no characters, warning 1292
// when anything was cut. GMS's Convert cannot tell a length of 0 from no
// length, so the cast kept the whole text (castcharn.go cuts the other
// lengths, which GMS does keep).
func zeroLengthCast(c *ast.ConvertExpr) bool {
	if c.Type == nil || c.Type.Length == nil {
		return false
	}
	if n, err := strconv.Atoi(string(c.Type.Length.Val)); err != nil || n != 0 {
		return false
	}
	kind := strings.ToUpper(c.Type.Type)
	switch kind {
	case "CHAR", "NCHAR":
		kind = "CHAR"
	case "BINARY":
	default:
		return false
	}
	whole := &ast.ConvertExpr{Name: c.Name, Expr: c.Expr, Type: &ast.ConvertType{Type: c.Type.Type, Charset: c.Type.Charset}}
	c.Expr = &ast.FuncExpr{Name: ast.NewColIdent(castEmptyFunc), Exprs: ast.SelectExprs{
		&ast.AliasedExpr{Expr: whole},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(kind))},
	}}
	c.Type = &ast.ConvertType{Type: c.Type.Type, Charset: c.Type.Charset}
	return true
}

// castEmpty is the empty text of a cast to CHAR(0) or BINARY(0); NULL
// stays NULL.
type castEmpty struct {
	unary
	kind string
}

func newCastEmpty(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New(castEmptyFunc, 2, len(args))
	}
	kind := "CHAR"
	if l, ok := args[1].(*expression.Literal); ok {
		if s, ok := l.Value().(string); ok {
			kind = s
		}
	}
	return &castEmpty{unary: unary{args[0]}, kind: kind}, nil
}

func (e *castEmpty) Type() sql.Type { return e.child.Type() }

func (e *castEmpty) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func (e *castEmpty) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, _ := asString(v)
	if s != "" && ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
			Message: "Truncated incorrect " + e.kind + "(0) value: '" + s + "'"})
	}
	if _, ok := v.([]byte); ok {
		return []byte{}, nil
	}
	return "", nil
}

func init() {
	functions[castEmptyFunc] = sql.FunctionN{Name: castEmptyFunc, Fn: newCastEmpty}
}
