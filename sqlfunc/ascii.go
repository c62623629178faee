package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// asciiFunc is ASCII(str) typed INT, as in MySQL; GMS declares TINYINT
// UNSIGNED, which clients read as another type (same values).
type asciiFunc struct {
	*function.Ascii
}

var _ sql.FunctionExpression = (*asciiFunc)(nil)

func newASCII(e sql.Expression) sql.Expression {
	return &asciiFunc{function.NewAscii(e).(*function.Ascii)}
}

func (a *asciiFunc) Type() sql.Type { return types.Int32 }

func (a *asciiFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	return newASCII(children[0]), nil
}

func (a *asciiFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.Ascii.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	r, _, err := types.Int32.Convert(ctx, v)
	return r, err
}

func init() {
	functions["ascii"] = sql.Function1{Name: "ascii", Fn: newASCII}
}
