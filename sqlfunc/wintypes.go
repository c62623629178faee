package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation/window"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// NTILE with GMS's values but MySQL's type, BIGINT (GMS: DOUBLE).

type ntile struct{ *window.NTile }

func (n *ntile) Type() sql.Type { return types.Int64 }
func (n *ntile) WithId(id sql.ColumnId) sql.IdExpression {
	return &ntile{n.NTile.WithId(id).(*window.NTile)}
}
func (n *ntile) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &ntile{n.NTile.WithWindow(w).(*window.NTile)}
}
func (n *ntile) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := n.NTile.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &ntile{e.(*window.NTile)}, nil
}

func init() {
	functions["ntile"] = sql.Function1{Name: "ntile", Fn: func(e sql.Expression) sql.Expression {
		return &ntile{window.NewNTile(e).(*window.NTile)}
	}}
}
