package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// doubleAgg is STD, STDDEV, STDDEV_POP, STDDEV_SAMP, VARIANCE, VAR_POP and
// VAR_SAMP declared DOUBLE, as in MySQL. GMS computes a float64 but declares
// the argument's type, so over an INT column the result reached the client
// rounded to an integer: STDDEV_POP of 40, 60, 100 was 25, not 24.94
// (Django's StdDev and Variance).
type doubleAgg struct {
	sql.Aggregation
}

var _ sql.Aggregation = (*doubleAgg)(nil)

func (d *doubleAgg) Type() sql.Type { return types.Float64 }

func (d *doubleAgg) FunctionName() string {
	if f, ok := d.Aggregation.(sql.FunctionExpression); ok {
		return f.FunctionName()
	}
	return ""
}

func (d *doubleAgg) Description() string {
	if f, ok := d.Aggregation.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return ""
}

func (d *doubleAgg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := d.Aggregation.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &doubleAgg{n.(sql.Aggregation)}, nil
}

func (d *doubleAgg) WithId(id sql.ColumnId) sql.IdExpression {
	return &doubleAgg{d.Aggregation.WithId(id).(sql.Aggregation)}
}

func (d *doubleAgg) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &doubleAgg{d.Aggregation.WithWindow(w).(sql.Aggregation)}
}

func newStdDevPop(e sql.Expression) sql.Expression {
	return &doubleAgg{aggregation.NewStdDevPop(e)}
}
func newStdDevSamp(e sql.Expression) sql.Expression {
	return &doubleAgg{aggregation.NewStdDevSamp(e)}
}
func newVarPop(e sql.Expression) sql.Expression  { return &doubleAgg{aggregation.NewVarPop(e)} }
func newVarSamp(e sql.Expression) sql.Expression { return &doubleAgg{aggregation.NewVarSamp(e)} }
