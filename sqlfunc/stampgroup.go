package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"
)

// StampGroupRuleID is from tzrep's range 11_410-11_419.
const StampGroupRuleID analyzer.RuleId = 11_410

// MySQL's GROUP BY, DISTINCT, UNION (distinct) and COUNT(DISTINCT) of a
// TIMESTAMP column key their temporary table on the column's stored value
// (the field is copied byte for byte, the UTC instant), so under a zone
// with DST the two instants of a repeated wall time (01:30 EDT and 01:30
// EST on America/New_York's 2026-11-01) are two groups, two rows, a count
// of two. GMS hashes the value it is handed, the session's wall time, and
// the engine's mark of the later instant (ToSessionStamp) is invisible to
// that hash on purpose (joins and comparisons are in wall time in MySQL
// too). stampGroupRule keys those operations on StampInstant instead, for
// a column handed up as read (plainCols): an expression over it (DATE(ts),
// ts + INTERVAL ..., IFNULL(ts, ...), MAX(ts)) is a wall time to MySQL,
// stored in its temporary table as that wall time's earlier instant, so
// it keeps GMS's wall-time key. Windows sort their PARTITION BY and ORDER
// BY keys by instant, as ORDER BY does (stamporder.go): MySQL's filesort
// sorts the stored value. It runs last, and only under a zone with DST (a
// plan is cached per time_zone).
var stampGroupRule = analyzer.Rule{Id: StampGroupRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !zoneHasDST(ctx) {
		return n, transform.SameTree, nil
	}
	return stampGroups(n)
}}

// stampGroups rewrites n, through derived tables (a SubqueryAlias is
// opaque to transform.Node) and subqueries in expressions, which GMS
// analyzed before this rule saw them; every rewrite is idempotent.
func stampGroups(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	n, same1, err := transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok || sq.Query == nil {
			return e, transform.SameTree, nil
		}
		q, same, err := stampGroups(sq.Query)
		if err != nil || same == transform.SameTree {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, same2, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.GroupBy:
			return stampGroupBy(x)
		case *plan.Distinct:
			return stampDistinctOf(x, x.Child)
		case *plan.OrderedDistinct:
			return stampDistinctOf(x, x.Child)
		case *plan.SetOp:
			return stampUnion(x)
		case *plan.Window:
			return stampWindow(x)
		}
		return n, transform.SameTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return n, same1 && same2, nil
}

// plainStampField: e is a TIMESTAMP column of child handed up as read
// (plain[k] for its column k of child's schema).
func plainStampField(e sql.Expression, child sql.Node, plain []bool) bool {
	gf, ok := e.(*expression.GetField)
	if !ok || gf.Type().Type() != sqltypes.Timestamp {
		return false
	}
	k := -1
	for j, c := range child.Schema() {
		if strings.EqualFold(c.Name, gf.Name()) && strings.EqualFold(c.Source, gf.Table()) {
			if k >= 0 {
				return false // ambiguous: leave GMS's key
			}
			k = j
		}
	}
	return k >= 0 && k < len(plain) && plain[k]
}

func stampGroupBy(g *plan.GroupBy) (sql.Node, transform.TreeIdentity, error) {
	plain := plainCols(g.Child, false)
	changed := false
	keys := make([]sql.Expression, len(g.GroupByExprs))
	for i, e := range g.GroupByExprs {
		keys[i] = e
		if plainStampField(e, g.Child, plain) {
			keys[i] = &stampGroupKey{unary: unary{e}}
			changed = true
		}
	}
	sel := make([]sql.Expression, len(g.SelectedExprs))
	for i, e := range g.SelectedExprs {
		ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if gc, ok := e.(*aggregation.GroupConcat); ok {
				ne, hit := stampConcat(gc, func(e sql.Expression) bool { return plainStampField(e, g.Child, plain) })
				if !hit {
					return e, transform.SameTree, nil
				}
				return ne, transform.NewTree, nil
			}
			cd, ok := e.(*aggregation.CountDistinct)
			if !ok {
				return e, transform.SameTree, nil
			}
			kids := cd.Children()
			out := make([]sql.Expression, len(kids))
			hit := false
			for j, k := range kids {
				out[j] = k
				if plainStampField(k, g.Child, plain) {
					out[j] = &stampGroupKey{unary: unary{k}}
					hit = true
				}
			}
			if !hit {
				return e, transform.SameTree, nil
			}
			ne, err := cd.WithChildren(out...)
			return ne, transform.NewTree, err
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		sel[i] = ne
		changed = changed || same == transform.NewTree
	}
	if !changed {
		return g, transform.SameTree, nil
	}
	out := *g
	out.GroupByExprs = keys
	out.SelectedExprs = sel
	return &out, transform.NewTree, nil
}

// stampGroupKey is a grouping key of a TIMESTAMP column as its stored instant.
// Only hashed (GMS's GroupBy keys on it; COUNT(DISTINCT) on its text),
// never returned. It prints as its column: GMS's validateGroupBy, which
// also runs over an analyzed derived table again, matches the select
// list with the grouping keys by their text.
type stampGroupKey struct {
	unary
}

func (s *stampGroupKey) Type() sql.Type { return s.child.Type() }
func (s *stampGroupKey) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.child)
}
func (s *stampGroupKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(s, children)
}
func (s *stampGroupKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.child.Eval(ctx, row)
	if t, ok := v.(time.Time); ok && err == nil {
		return StampInstant(t, SessionZone(ctx)), nil
	}
	return v, err
}

func stampDistinctOf(n, child sql.Node) (sql.Node, transform.TreeIdentity, error) {
	keyed := stampKeyed(child, plainCols(child, false))
	if keyed == nil {
		return n, transform.SameTree, nil
	}
	return &stampDistinct{UnaryNode: plan.UnaryNode{Child: child}, keyed: keyed}, transform.NewTree, nil
}

// stampKeyed marks the TIMESTAMP columns of n's schema that plain says
// are read as is; nil when there is none.
func stampKeyed(n sql.Node, plain []bool) []bool {
	var keyed []bool
	for i, c := range n.Schema() {
		if c.Type.Type() == sqltypes.Timestamp && i < len(plain) && plain[i] {
			if keyed == nil {
				keyed = make([]bool, len(n.Schema()))
			}
			keyed[i] = true
		}
	}
	return keyed
}

// stampUnion: a UNION (distinct) deduplicates in GMS's SetOp; it becomes
// a UNION ALL under stampDistinct. A column is keyed on its instant only
// where both sides hand it up as read. Its own ORDER BY, OFFSET and LIMIT
// (inside GMS's SetOp, after the deduplication) go above, the ORDER BY
// keys that are such columns sorted by instant (MySQL's filesort of the
// union's temporary table sorts the stored values); a UNION ALL's own
// ORDER BY gets those keys in place.
func stampUnion(s *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	if s.SetOpType != plan.UnionType {
		return s, transform.SameTree, nil
	}
	l, r := plainCols(s.Left(), false), plainCols(s.Right(), false)
	if len(l) != len(r) {
		return s, transform.SameTree, nil
	}
	both := make([]bool, len(l))
	for i := range l {
		both[i] = l[i] && r[i]
	}
	keyed := stampKeyed(s, both)
	if keyed == nil {
		return s, transform.SameTree, nil
	}
	var sorted sql.SortFields
	for i, f := range s.SortFields {
		if _, done := f.Column.(*stampOrder); done || !plainSetOpField(f.Column, s, both) {
			continue
		}
		if sorted == nil {
			sorted = append(sql.SortFields(nil), s.SortFields...)
		}
		sorted[i].Column = &stampOrder{unary: unary{f.Column}}
		sorted[i].Column2 = nil
	}
	if !s.Distinct {
		if sorted == nil {
			return s, transform.SameTree, nil
		}
		out := *s
		out.SortFields = sorted
		return &out, transform.NewTree, nil
	}
	if sorted == nil {
		sorted = s.SortFields
	}
	all := *s
	all.Distinct = false
	all.SortFields, all.Limit, all.Offset = nil, nil, nil
	var n sql.Node = &stampDistinct{UnaryNode: plan.UnaryNode{Child: &all}, keyed: keyed}
	if len(sorted) > 0 {
		n = plan.NewSort(sorted, n)
	}
	if s.Offset != nil {
		n = plan.NewOffset(s.Offset, n)
	}
	if s.Limit != nil {
		n = plan.NewLimit(s.Limit, n)
	}
	return n, transform.NewTree, nil
}

// plainSetOpField: e, a key of s's own ORDER BY, is a TIMESTAMP column of
// s that plain says is read as is (by its index in s's schema, where its
// name is that column's, else by its name and table).
func plainSetOpField(e sql.Expression, s sql.Node, plain []bool) bool {
	gf, ok := e.(*expression.GetField)
	if !ok || gf.Type().Type() != sqltypes.Timestamp {
		return false
	}
	sch := s.Schema()
	if i := gf.Index(); i >= 0 && i < len(sch) && i < len(plain) && strings.EqualFold(sch[i].Name, gf.Name()) {
		return plain[i]
	}
	return plainStampField(e, s, plain)
}

// stampDistinct is DISTINCT with the keyed TIMESTAMP columns hashed as
// their stored instants; the rows it hands up are the child's, the first
// of each key, in the child's order (so it serves GMS's OrderedDistinct
// too).
type stampDistinct struct {
	plan.UnaryNode
	keyed []bool // by the child's schema
}

var _ sql.ExecSourceRel = (*stampDistinct)(nil)

func (s *stampDistinct) String() string {
	p := sql.NewTreePrinter()
	_ = p.WriteNode("Distinct(stamp instants)")
	_ = p.WriteChildren(s.Child.String())
	return p.String()
}
func (s *stampDistinct) IsReadOnly() bool { return s.Child.IsReadOnly() }
func (s *stampDistinct) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	c := *s
	c.Child = children[0]
	return &c, nil
}
func (s *stampDistinct) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.Child)
}

func (s *stampDistinct) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, s.Child, row)
	if err != nil {
		return nil, err
	}
	return &stampDistinctIter{child: it, keyed: s.keyed, seen: map[uint64]struct{}{}}, nil
}

type stampDistinctIter struct {
	child sql.RowIter
	keyed []bool
	seen  map[uint64]struct{}
	key   sql.Row
}

func (d *stampDistinctIter) Next(ctx *sql.Context) (sql.Row, error) {
	loc := SessionZone(ctx)
	for {
		row, err := d.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		d.key = append(d.key[:0], row...)
		// keyed is by the child's schema, the row's last len(keyed)
		// values (an outer scope's values come first).
		for j, k := range d.keyed {
			i := len(row) - len(d.keyed) + j
			if !k || i < 0 {
				continue
			}
			if t, ok := row[i].(time.Time); ok {
				d.key[i] = StampInstant(t, loc)
			}
		}
		h, err := sql.HashOf(ctx, d.key)
		if err != nil {
			return nil, err
		}
		if _, dup := d.seen[h]; dup {
			continue
		}
		d.seen[h] = struct{}{}
		return row, nil
	}
}

func (d *stampDistinctIter) Close(ctx *sql.Context) error {
	d.seen = nil
	return d.child.Close(ctx)
}

// stampWindow gives a window definition whose PARTITION BY or ORDER BY
// holds a TIMESTAMP column as read MySQL's sort and borders (stampruns.go):
// a stampRuns under the Window sorts by the stored instants and numbers
// partitions and peer groups by the wall times of neighbouring rows, and
// the definition's keys become those numbers. A RANGE frame with an offset
// (RANGE INTERVAL 1 HOUR PRECEDING) keeps GMS's wall-time ORDER BY key: its
// bounds are computed from that key's values.
func stampWindow(w *plan.Window) (sql.Node, transform.TreeIdentity, error) {
	plain := plainCols(w.Child, false)
	var defs []runDef
	index := map[uint64]int{} // a definition's GMS id -> its runDef
	exprs := make([]sql.Expression, len(w.SelectExprs))
	changed := false
	for i, e := range w.SelectExprs {
		ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			wa, ok := e.(sql.WindowAdaptableExpression)
			if !ok || wa.Window() == nil {
				return e, transform.SameTree, nil
			}
			def := wa.Window()
			peers := !offsetRange(def.Frame)
			hit := false
			var cols []runCol
			var label []string
			for _, p := range def.PartitionBy {
				c := runCol{e: p, instant: plainStampField(p, w.Child, plain)}
				hit = hit || c.instant
				cols = append(cols, c)
				label = append(label, p.String())
			}
			nPart := len(cols)
			if peers {
				for _, f := range def.OrderBy {
					c := runCol{e: f.Column, instant: plainStampField(f.Column, w.Child, plain),
						desc: f.Order == sql.Descending, nullsLast: f.NullOrdering == sql.NullsLast}
					hit = hit || c.instant
					cols = append(cols, c)
					label = append(label, f.String())
				}
			}
			if !hit {
				return e, transform.SameTree, nil
			}
			id, err := def.PartitionId()
			if err != nil {
				return nil, transform.SameTree, err
			}
			k, seen := index[id]
			if !seen {
				k = len(defs)
				index[id] = k
				defs = append(defs, runDef{cols: cols, nPart: nPart, peers: peers})
			}
			if rowOrdered(e, def.Frame) {
				defs[k].rowOrdered = true
			}
			text := strings.Join(label, ", ")
			var part []sql.Expression
			if nPart > 0 {
				part = []sql.Expression{&runKey{def: k, label: text}}
			}
			order := def.OrderBy
			if peers && len(def.OrderBy) > 0 {
				order = sql.SortFields{{Column: &runKey{def: k, peer: true, label: text}, Order: sql.Ascending}}
			}
			// A fresh definition: its partition id is computed again from
			// the new keys, the same for every function sharing it.
			return wa.WithWindow(sql.NewWindowDefinition(part, order, def.Frame, def.Ref, def.Name)), transform.NewTree, nil
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		exprs[i] = ne
		changed = changed || same == transform.NewTree
	}
	if !changed {
		return w, transform.SameTree, nil
	}
	runs := &stampRuns{UnaryNode: plan.UnaryNode{Child: w.Child}, defs: defs}
	for k, d := range defs {
		if d.rowOrdered {
			runs.lead = k
			break
		}
	}
	return plan.NewWindow(exprs, runs), transform.NewTree, nil
}

// offsetRange: a RANGE frame with an N PRECEDING or N FOLLOWING bound
// (GMS's frame types, or package windowfunc's RangeFrame around one, which
// prints as RANGE).
func offsetRange(f sql.WindowFrame) bool {
	if f == nil || !strings.HasPrefix(strings.TrimSpace(f.String()), "RANGE") {
		return false
	}
	return f.StartNPreceding() != nil || f.StartNFollowing() != nil ||
		f.EndNPreceding() != nil || f.EndNFollowing() != nil
}

// rowOrdered: the window function's value depends on the order of rows
// within a peer group (ROW_NUMBER, LAG, FIRST_VALUE, NTILE, JSON_ARRAYAGG,
// anything over a ROWS frame), not only on which rows are peers (RANK,
// CUME_DIST, SUM over a RANGE frame).
func rowOrdered(e sql.Expression, f sql.WindowFrame) bool {
	// GMS hands some functions a nil frame of a frame type: it prints "".
	if f != nil {
		t := strings.TrimSpace(f.String())
		whole := t != "" && f.UnboundedPreceding() && f.UnboundedFollowing()
		if t != "" && !strings.HasPrefix(t, "RANGE") && !whole {
			return true
		}
	}
	// The type and the function's name, not its OVER clause (NULLS FIRST).
	text := e.String()
	if i := strings.IndexByte(text, '('); i >= 0 {
		text = text[:i]
	}
	name := strings.ToLower(fmt.Sprintf("%T %s", e, text))
	for _, fn := range []string{"row_number", "rownumber", "lag", "lead", "ntile", "first", "last", "nth", "json", "any_value", "anyvalue", "group_concat", "groupconcat"} {
		if strings.Contains(name, fn) {
			return true
		}
	}
	return false
}
