package sqlfunc

import (
	"reflect"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/vitess/go/sqltypes"
)

// MySQL's GROUP_CONCAT keeps its values in a temporary table whose
// TIMESTAMP field is the column's field copied (the stored instant): with
// DISTINCT its tree tells the two instants of a repeated wall time apart,
// and its ORDER BY compares the stored values. GMS's buffer drops a value
// whose text it has seen (both instants print as 01:30:00) and sorts the
// wall times. stampGroupConcat is GROUP_CONCAT(DISTINCT ts ...) of a
// column as read (plainCols): GMS's GROUP_CONCAT without DISTINCT under a
// buffer that drops a row whose instant it has seen, the order keys that
// are such columns sorted by instant (stampOrder). GMS exports neither the
// separator, the length limit nor the sort directions, so they are read
// from its unexported fields; when GMS renames them the rewrite is
// skipped (GMS's answer stays).
type stampGroupConcat struct {
	*aggregation.GroupConcat
	name string // the original's text: the GroupBy's column is named by it
	arg  sql.Expression
}

var _ sql.Aggregation = (*stampGroupConcat)(nil)

// stampConcat rewrites g when its argument (or an order key) is a plain
// TIMESTAMP column of child; ok is false when nothing changes.
func stampConcat(g *aggregation.GroupConcat, isPlain func(sql.Expression) bool) (sql.Expression, bool) {
	v := reflect.ValueOf(g).Elem()
	dist, sep, maxLen, sf := v.FieldByName("distinct"), v.FieldByName("separator"), v.FieldByName("maxLen"), v.FieldByName("sf")
	if !dist.IsValid() || dist.Kind() != reflect.String || !sep.IsValid() || sep.Kind() != reflect.String ||
		!maxLen.IsValid() || maxLen.Kind() != reflect.Int || !sf.IsValid() || sf.Kind() != reflect.Slice {
		return g, false
	}
	ch := g.Children()
	n := sf.Len()
	if n+1 != len(ch) { // several arguments are one CONCAT (groupConcatArgs)
		return g, false
	}
	arg := underWrappers(ch[n], isPlain)
	distinct := dist.String() != "" && arg != nil
	hit := distinct
	fields := make(sql.SortFields, n)
	for i := 0; i < n; i++ {
		f := sf.Index(i)
		o, no := f.FieldByName("Order"), f.FieldByName("NullOrdering")
		if o.Kind() != reflect.Uint8 || no.Kind() != reflect.Uint8 {
			return g, false
		}
		col := ch[i]
		if c := underWrappers(col, isPlain); c != nil {
			col = &stampOrder{unary: unary{c}}
			hit = true
		}
		c2, _ := col.(sql.Expression2)
		fields[i] = sql.SortField{Column: col, Column2: c2, Order: sql.SortOrder(o.Uint()), NullOrdering: sql.NullOrdering(no.Uint())}
	}
	if !hit {
		return g, false
	}
	d := ""
	if !distinct {
		d = dist.String()
	}
	ng := aggregation.NewGroupConcat(d, fields, sep.String(), []sql.Expression{ch[n]}, int(maxLen.Int()))
	ng = ng.WithId(g.Id()).(*aggregation.GroupConcat)
	if w := g.Window(); w != nil {
		ng = ng.WithWindow(w).(*aggregation.GroupConcat)
	}
	out := &stampGroupConcat{GroupConcat: ng, name: g.String()}
	if distinct {
		out.arg = arg
	}
	return out, true
}

// underWrappers is the plain column under e: GROUP_CONCAT's argument and
// order keys reach it wrapped in expressions that print as the column and
// format or key it as text (decimalText, dectext.go; the engine's collKey
// of a text-typed key). nil when there is none.
func underWrappers(e sql.Expression, isPlain func(sql.Expression) bool) sql.Expression {
	for {
		if isPlain(e) {
			return e
		}
		ch := e.Children()
		if len(ch) != 1 || ch[0].String() != e.String() {
			return nil
		}
		e = ch[0]
	}
}

func (s *stampGroupConcat) String() string { return s.name }

func (s *stampGroupConcat) NewBuffer() (sql.AggregationBuffer, error) {
	b, err := s.GroupConcat.NewBuffer()
	if err != nil || s.arg == nil {
		return b, err
	}
	return &stampConcatBuffer{AggregationBuffer: b, arg: s.arg, seen: map[time.Time]struct{}{}}, nil
}

// WithChildren, WithId and WithWindow keep the wrapper (GMS's drop the
// column id and the window).
func (s *stampGroupConcat) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ne, err := s.GroupConcat.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	g := ne.(*aggregation.GroupConcat).WithId(s.Id()).(*aggregation.GroupConcat)
	if w := s.Window(); w != nil {
		g = g.WithWindow(w).(*aggregation.GroupConcat)
	}
	out := *s
	out.GroupConcat = g
	if s.arg != nil {
		out.arg = underWrappers(children[len(children)-1], func(e sql.Expression) bool {
			gf, ok := e.(*expression.GetField)
			return ok && gf.Type().Type() == sqltypes.Timestamp
		})
		if out.arg == nil {
			out.arg = s.arg
		}
	}
	return &out, nil
}

func (s *stampGroupConcat) WithId(id sql.ColumnId) sql.IdExpression {
	out := *s
	out.GroupConcat = s.GroupConcat.WithId(id).(*aggregation.GroupConcat)
	return &out
}

func (s *stampGroupConcat) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	out := *s
	out.GroupConcat = s.GroupConcat.WithWindow(w).(*aggregation.GroupConcat)
	return &out
}

type stampConcatBuffer struct {
	sql.AggregationBuffer
	arg  sql.Expression
	seen map[time.Time]struct{}
}

func (b *stampConcatBuffer) Update(ctx *sql.Context, row sql.Row) error {
	v, err := b.arg.Eval(ctx, row)
	if err != nil {
		return err
	}
	if t, ok := v.(time.Time); ok {
		k := StampInstant(t, SessionZone(ctx)).UTC()
		if _, dup := b.seen[k]; dup {
			return nil
		}
		b.seen[k] = struct{}{}
	}
	return b.AggregationBuffer.Update(ctx, row)
}
