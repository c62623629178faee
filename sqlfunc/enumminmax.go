package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// enumMinMax is MIN() or MAX() of an ENUM or SET: MySQL compares the
// members' text, not their numbers (the manual's MAX(): "MySQL currently
// compares ENUM and SET columns by their string value rather than by the
// string's relative position in the set"; MIN() likewise), GMS compared
// member numbers (MIN of ENUM('b','a','c') holding all three was 'b').
//
// The inner aggregate runs over the member's text (enumText). The result
// column keeps the type the reference reports: with GROUP BY the ENUM or SET
// itself (MariaDB's temporary-table field, ENUM/SET flag), so the text is
// turned back into the stored value; without GROUP BY and in a window a
// VARCHAR (enumText's type).
type enumMinMax struct {
	sql.Aggregation          // *aggregation.Min or *aggregation.Max over enumText
	typ             sql.Type // the ENUM or SET when keep
	keep            bool
}

var _ sql.Aggregation = (*enumMinMax)(nil)

// enumMinMaxes replaces MIN/MAX of ENUM and SET in n and its subqueries.
// It runs in the once-before batch, ahead of GMS's replaceAgg, which would
// otherwise answer MIN/MAX of a primary key's first column from the key's
// order: member numbers again.
func enumMinMaxes(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var f transform.ExprWithNodeFunc
	f = func(n sql.Node, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e := e.(type) {
		case *plan.Subquery:
			q, same, err := transform.NodeExprsWithNodeWithOpaque(e.Query, f)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return e.WithQuery(q), transform.NewTree, nil
		case *aggregation.Min, *aggregation.Max:
			x := e.Children()[0]
			if !isEnumOrSet(x.Type()) {
				return e, transform.SameTree, nil
			}
			inner, err := e.WithChildren(&enumText{unary{x}})
			if err != nil {
				return e, transform.SameTree, err
			}
			keep := false
			if gb, ok := n.(*plan.GroupBy); ok && len(gb.GroupByExprs) > 0 && e.(sql.WindowAdaptableExpression).Window() == nil {
				keep = true
			}
			return &enumMinMax{Aggregation: inner.(sql.Aggregation), typ: x.Type(), keep: keep}, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	}
	return transform.NodeExprsWithNodeWithOpaque(n, f)
}

func (a *enumMinMax) Type() sql.Type {
	if a.keep {
		return a.typ
	}
	return a.Aggregation.Type()
}

func (a *enumMinMax) IsNullable() bool { return true }

func (a *enumMinMax) wrap(inner sql.Expression) *enumMinMax {
	return &enumMinMax{Aggregation: inner.(sql.Aggregation), typ: a.typ, keep: a.keep}
}

func (a *enumMinMax) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := a.Aggregation.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return a.wrap(n), nil
}

func (a *enumMinMax) WithId(id sql.ColumnId) sql.IdExpression {
	return a.wrap(a.Aggregation.WithId(id))
}

func (a *enumMinMax) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return a.wrap(a.Aggregation.WithWindow(w))
}

func (a *enumMinMax) NewBuffer() (sql.AggregationBuffer, error) {
	b, err := a.Aggregation.NewBuffer()
	if err != nil || !a.keep {
		return b, err
	}
	return &enumMinMaxBuffer{AggregationBuffer: b, typ: a.typ}, nil
}

// enumMinMaxBuffer turns the winning text back into the stored value.
type enumMinMaxBuffer struct {
	sql.AggregationBuffer
	typ sql.Type
}

func (b *enumMinMaxBuffer) Eval(ctx *sql.Context) (any, error) {
	v, err := b.AggregationBuffer.Eval(ctx)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	if et, ok := b.typ.(sql.EnumType); ok {
		if i := et.IndexOf(s); i >= 0 {
			return uint16(i), nil
		}
		// The empty error member of an INSERT IGNORE (index 0).
		if s == "" {
			return uint16(0), nil
		}
	}
	c, _, err := b.typ.Convert(ctx, s)
	return c, err
}
