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

// NTILE's registry entry is in winfuncs.go (it also answers CUME_DIST).

// ROW_NUMBER with GMS's values but MySQL's type, BIGINT UNSIGNED (GMS:
// BIGINT), as RANK and DENSE_RANK already are.

type rowNumber struct{ *window.RowNumber }

func (r *rowNumber) Type() sql.Type { return types.Uint64 }
func (r *rowNumber) WithId(id sql.ColumnId) sql.IdExpression {
	return &rowNumber{r.RowNumber.WithId(id).(*window.RowNumber)}
}
func (r *rowNumber) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &rowNumber{r.RowNumber.WithWindow(w).(*window.RowNumber)}
}
func (r *rowNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := r.RowNumber.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &rowNumber{e.(*window.RowNumber)}, nil
}

func init() {
	functions["row_number"] = sql.Function0{Name: "row_number", Fn: func() sql.Expression {
		return &rowNumber{window.NewRowNumber().(*window.RowNumber)}
	}}
}
