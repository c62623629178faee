package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// doubleAgg is STD/STDDEV/STDDEV_POP/STDDEV_SAMP/VARIANCE/VAR_POP/VAR_SAMP:
// GMS computes them in DOUBLE but declares the argument's type, so an INT
// column's standard deviation 1.9508 reached the client as the INT 2 and a
// DECIMAL(10,3) one was cut to three digits. MySQL's result is DOUBLE.
type doubleAgg struct {
	sql.Aggregation
	name string
}

var _ sql.Aggregation = (*doubleAgg)(nil)
var _ sql.FunctionExpression = (*doubleAgg)(nil)

func doubleAggregate(name string, mk func(sql.Expression) sql.Aggregation) sql.Function1 {
	return sql.Function1{Name: name, Fn: func(e sql.Expression) sql.Expression {
		return &doubleAgg{Aggregation: mk(e), name: name}
	}}
}

func (a *doubleAgg) Type() sql.Type       { return types.Float64 }
func (a *doubleAgg) IsNullable() bool     { return true }
func (a *doubleAgg) FunctionName() string { return a.name }
func (a *doubleAgg) Description() string {
	if f, ok := a.Aggregation.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return a.name
}

func (a *doubleAgg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := a.Aggregation.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &doubleAgg{Aggregation: n.(sql.Aggregation), name: a.name}, nil
}

func (a *doubleAgg) WithId(id sql.ColumnId) sql.IdExpression {
	return &doubleAgg{Aggregation: a.Aggregation.WithId(id).(sql.Aggregation), name: a.name}
}

func (a *doubleAgg) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &doubleAgg{Aggregation: a.Aggregation.WithWindow(w).(sql.Aggregation), name: a.name}
}

func init() {
	pop := func(e sql.Expression) sql.Aggregation { return aggregation.NewStdDevPop(e) }
	samp := func(e sql.Expression) sql.Aggregation { return aggregation.NewStdDevSamp(e) }
	varPop := func(e sql.Expression) sql.Aggregation { return aggregation.NewVarPop(e) }
	varSamp := func(e sql.Expression) sql.Aggregation { return aggregation.NewVarSamp(e) }
	for name, mk := range map[string]func(sql.Expression) sql.Aggregation{
		"std": pop, "stddev": pop, "stddev_pop": pop, "stddev_samp": samp,
		"variance": varPop, "var_pop": varPop, "var_samp": varSamp,
	} {
		functions[name] = doubleAggregate(name, mk)
	}
}
