package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// docAgg is JSON_ARRAYAGG/JSON_OBJECTAGG: GMS's aggregate collects the
// values with their kinds (a JSON argument's numbers as jsondoc keeps them)
// but its result is GMS's document, which prints a DOUBLE 100 as 100 and a
// DECIMAL without its trailing zeros; the result is handed on as a
// jsondoc.Doc, which prints as MySQL (100.0, 1.50).
type docAgg struct {
	sql.Aggregation
	name string
}

var _ sql.Aggregation = (*docAgg)(nil)
var _ sql.FunctionExpression = (*docAgg)(nil)

func (a *docAgg) FunctionName() string { return a.name }
func (a *docAgg) Description() string {
	if f, ok := a.Aggregation.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return a.name
}

func (a *docAgg) wrap(e any) *docAgg { return &docAgg{Aggregation: e.(sql.Aggregation), name: a.name} }

func (a *docAgg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := a.Aggregation.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return a.wrap(n), nil
}

func (a *docAgg) WithId(id sql.ColumnId) sql.IdExpression { return a.wrap(a.Aggregation.WithId(id)) }

func (a *docAgg) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return a.wrap(a.Aggregation.WithWindow(w))
}

func (a *docAgg) NewBuffer() (sql.AggregationBuffer, error) {
	b, err := a.Aggregation.NewBuffer()
	if err != nil {
		return nil, err
	}
	return docBuffer{b}, nil
}

func (a *docAgg) NewWindowFunction() (sql.WindowFunction, error) {
	f, err := a.Aggregation.NewWindowFunction()
	if err != nil {
		return nil, err
	}
	var framer sql.WindowFramer
	if w := a.Window(); w != nil && w.Frame != nil {
		if framer, err = w.Frame.NewFramer(w); err != nil {
			return nil, err
		}
	}
	return docWindow{f, framer}, nil
}

type docBuffer struct{ sql.AggregationBuffer }

func (b docBuffer) Eval(ctx *sql.Context) (any, error) {
	v, err := b.AggregationBuffer.Eval(ctx)
	if err != nil {
		return nil, err
	}
	if d, ok := v.(types.JSONDocument); ok {
		if a, ok := d.Val.([]any); ok && len(a) == 0 {
			// No rows: NULL, as MySQL (GMS: []).
			return nil, nil
		}
	}
	return kindedDoc(ctx, v)
}

// docWindow is the aggregate over a window. GMS's JSON_ARRAYAGG kept its
// window's frame but framed by its default all the same (partition start
// through the current row, ROWS), so OVER () and OVER (PARTITION BY g) were
// running arrays where MySQL gives every row the whole partition's; the
// frame is used here (the analyzer's windowfunc rule has already given an
// ORDER BY without a frame clause MySQL's RANGE peer frame).
type docWindow struct {
	sql.WindowFunction
	framer sql.WindowFramer
}

func (w docWindow) DefaultFramer() sql.WindowFramer {
	if w.framer != nil {
		return w.framer
	}
	return w.WindowFunction.DefaultFramer()
}

func (w docWindow) Compute(ctx *sql.Context, interval sql.WindowInterval, buf sql.WindowBuffer) any {
	if interval.End <= interval.Start {
		// An empty frame aggregates no rows: NULL (GMS: []).
		return nil
	}
	v, _ := kindedDoc(ctx, w.WindowFunction.Compute(ctx, interval, buf))
	return v
}

func init() {
	functions["json_arrayagg"] = sql.Function1{Name: "json_arrayagg", Fn: func(e sql.Expression) sql.Expression {
		return &docAgg{Aggregation: aggregation.NewJsonArray(wrapJSONArg(e, argAggValue)), name: "json_arrayagg"}
	}}
	functions["json_objectagg"] = sql.Function2{Name: "json_objectagg", Fn: func(k, v sql.Expression) sql.Expression {
		return &docAgg{Aggregation: aggregation.NewJSONObjectAgg(k, wrapJSONArg(v, argAggValue)).(sql.Aggregation), name: "json_objectagg"}
	}}
}
