package sqlfunc

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation/window"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/windowfunc"
)

// CUME_DIST and NTH_VALUE, which GMS lacks (1305). CUME_DIST reuses
// PERCENT_RANK's expression (a ranking function of no arguments, DOUBLE)
// with its own computation; NTH_VALUE reuses FIRST_VALUE's (one value
// argument, its frame) and reads the n-th row of the frame.

type cumeDist struct{ *window.PercentRank }

func newCumeDist() sql.Expression {
	return &cumeDist{window.NewPercentRank().(*window.PercentRank)}
}

func (c *cumeDist) FunctionName() string { return "CUME_DIST" }
func (c *cumeDist) String() string {
	if w := c.Window(); w != nil {
		return "cume_dist() " + w.String()
	}
	return "cume_dist()"
}
func (c *cumeDist) WithId(id sql.ColumnId) sql.IdExpression {
	return &cumeDist{c.PercentRank.WithId(id).(*window.PercentRank)}
}
func (c *cumeDist) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &cumeDist{c.PercentRank.WithWindow(w).(*window.PercentRank)}
}
func (c *cumeDist) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := c.PercentRank.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &cumeDist{e.(*window.PercentRank)}, nil
}
func (c *cumeDist) NewWindowFunction() (sql.WindowFunction, error) {
	return &cumeDistAgg{orderBy: c.Window().OrderBy.ToExpressions()}, nil
}

// cumeDistAgg is, for each row, the fraction of its partition's rows that
// sort before it or are its peers (1 for every row without ORDER BY).
type cumeDistAgg struct {
	orderBy    []sql.Expression
	start, end int
}

func (a *cumeDistAgg) Dispose() {}
func (a *cumeDistAgg) DefaultFramer() sql.WindowFramer {
	return aggregation.NewPeerGroupFramer(a.orderBy)
}
func (a *cumeDistAgg) StartPartition(_ *sql.Context, iv sql.WindowInterval, _ sql.WindowBuffer) error {
	a.start, a.end = iv.Start, iv.End
	return nil
}
func (a *cumeDistAgg) Compute(_ *sql.Context, peers sql.WindowInterval, _ sql.WindowBuffer) interface{} {
	if peers.End-peers.Start < 1 || a.end <= a.start {
		return nil
	}
	return float64(peers.End-a.start) / float64(a.end-a.start)
}

type nthValue struct {
	*windowfunc.FirstValue
	n int64
}

func newNthValue(e, n sql.Expression) (sql.Expression, error) {
	l, ok := n.(*expression.Literal)
	if !ok {
		return nil, sql.ErrInvalidArgumentDetails.New("NTH_VALUE", n.String())
	}
	v, _, err := types.Int64.Convert(context.Background(), l.Value())
	if err != nil || v == nil || v.(int64) < 1 {
		return nil, sql.ErrInvalidArgumentDetails.New("NTH_VALUE", n.String())
	}
	return &nthValue{FirstValue: windowfunc.NewFirstValue(e), n: v.(int64)}, nil
}

func (f *nthValue) FunctionName() string { return "NTH_VALUE" }
func (f *nthValue) IsNullable() bool     { return true }
func (f *nthValue) String() string {
	s := fmt.Sprintf("nth_value(%s, %d)", f.Child, f.n)
	if w := f.Window(); w != nil {
		s += " " + w.String()
	}
	return s
}
func (f *nthValue) WithId(id sql.ColumnId) sql.IdExpression {
	return &nthValue{FirstValue: f.FirstValue.WithId(id).(*windowfunc.FirstValue), n: f.n}
}
func (f *nthValue) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &nthValue{FirstValue: f.FirstValue.WithWindow(w).(*windowfunc.FirstValue), n: f.n}
}
func (f *nthValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := f.FirstValue.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &nthValue{FirstValue: e.(*windowfunc.FirstValue), n: f.n}, nil
}
func (f *nthValue) NewWindowFunction() (sql.WindowFunction, error) {
	c, err := transform.Clone(f.Child)
	if err != nil {
		return nil, err
	}
	a := &nthAgg{expr: c, n: f.n}
	if w := f.Window(); w != nil && w.Frame != nil {
		if a.framer, err = w.Frame.NewFramer(w); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// nthAgg is the value of the n-th row of each row's frame, NULL when the
// frame has fewer rows.
type nthAgg struct {
	expr   sql.Expression
	n      int64
	framer sql.WindowFramer
}

func (a *nthAgg) Dispose() { expression.Dispose(a.expr) }
func (a *nthAgg) DefaultFramer() sql.WindowFramer {
	if a.framer != nil {
		return a.framer
	}
	return aggregation.NewUnboundedPrecedingToCurrentRowFramer()
}
func (a *nthAgg) StartPartition(*sql.Context, sql.WindowInterval, sql.WindowBuffer) error { return nil }
func (a *nthAgg) Compute(ctx *sql.Context, frame sql.WindowInterval, buf sql.WindowBuffer) interface{} {
	if int64(frame.End-frame.Start) < a.n {
		return nil
	}
	v, err := a.expr.Eval(ctx, buf[frame.Start+int(a.n)-1])
	if err != nil {
		return nil
	}
	return v
}

// GMS's planner builds a call with OVER as a window function only for the
// names it lists (planbuilder's isWindowFunc), so missingWindowFuncs
// renames CUME_DIST() to NTILE(marker) and NTH_VALUE(e, n) to
// FIRST_VALUE(e, n, marker), names it lists and this package's registry
// answers; the marker, a string no query writes, says which function was
// meant. The select expression keeps its text, so its column name.
const windowMarker = "\x00myriad_window:"

func missingWindowFuncs(stmt ast.Statement) {
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		f, ok := n.(*ast.FuncExpr)
		if !ok || f.Over == nil {
			return true, nil
		}
		marker := func(name string) ast.SelectExpr {
			return &ast.AliasedExpr{Expr: ast.NewStrVal([]byte(windowMarker + name))}
		}
		switch f.Name.Lowered() {
		case "cume_dist":
			f.Name = ast.NewColIdent("ntile")
			f.Exprs = append(f.Exprs, marker("cume_dist"))
		case "nth_value":
			f.Name = ast.NewColIdent("first_value")
			f.Exprs = append(f.Exprs, marker("nth_value"))
		case "bit_and", "bit_or", "bit_xor", "json_objectagg":
			// winaggs.go builds them. With a wrong argument count the
			// name stays, for the aggregate's own error.
			want := 1
			if f.Name.Lowered() == "json_objectagg" {
				want = 2
			}
			if len(f.Exprs) == want {
				f.Exprs = append(f.Exprs, marker(f.Name.Lowered()))
				f.Name = ast.NewColIdent("first_value")
			}
		}
		return true, nil
	}, stmt)
}

// isMarker reports whether e is the marker of the window function name.
func isMarker(e sql.Expression, name string) bool {
	l, ok := e.(*expression.Literal)
	if !ok {
		return false
	}
	s, ok := l.Value().(string)
	return ok && s == windowMarker+name
}

func init() {
	functions["ntile"] = sql.FunctionN{Name: "ntile", Fn: func(args ...sql.Expression) (sql.Expression, error) {
		switch {
		case len(args) == 1 && isMarker(args[0], "cume_dist"):
			return newCumeDist(), nil
		case len(args) == 1:
			return &ntile{window.NewNTile(args[0]).(*window.NTile)}, nil
		case len(args) > 1 && isMarker(args[len(args)-1], "cume_dist"):
			return nil, sql.ErrInvalidArgumentNumber.New("CUME_DIST", 0, len(args)-1)
		}
		return nil, sql.ErrInvalidArgumentNumber.New("NTILE", 1, len(args))
	}}
	functions["first_value"] = sql.FunctionN{Name: "first_value", Fn: func(args ...sql.Expression) (sql.Expression, error) {
		if e, ok, err := windowAggregate(args); ok {
			return e, err
		}
		switch {
		case len(args) == 3 && isMarker(args[2], "nth_value"):
			return newNthValue(args[0], args[1])
		case len(args) > 0 && isMarker(args[len(args)-1], "nth_value"):
			return nil, sql.ErrInvalidArgumentNumber.New("NTH_VALUE", 2, len(args)-1)
		case len(args) == 1:
			return windowfunc.NewFirstValue(args[0]), nil
		}
		return nil, sql.ErrInvalidArgumentNumber.New("FIRST_VALUE", 1, len(args))
	}}
	// GMS's own refuse an empty window back (windowfunc/emptywin.go).
	functions["last_value"] = sql.Function1{Name: "last_value", Fn: func(e sql.Expression) sql.Expression {
		return windowfunc.NewLastValue(e)
	}}
	functions["lag"] = sql.FunctionN{Name: "lag", Fn: func(args ...sql.Expression) (sql.Expression, error) {
		args, err := lagDefaultArgs("LAG", args) // lagdefault.go
		if err != nil {
			return nil, err
		}
		return windowfunc.NewLag(args...)
	}}
	functions["lead"] = sql.FunctionN{Name: "lead", Fn: func(args ...sql.Expression) (sql.Expression, error) {
		args, err := lagDefaultArgs("LEAD", args)
		if err != nil {
			return nil, err
		}
		return windowfunc.NewLead(args...)
	}}
}
