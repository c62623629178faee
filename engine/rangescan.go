package engine

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
)

// DropExactFilters returns n without the conditions a primary-key lookup
// already applies exactly: a Filter directly over an IndexedTableAccess on
// the leading primary key column of a Myriad table loses the conjuncts
// comparing that column with an integer constant (=, <, <=, >, >=,
// BETWEEN) when the lookup's ranges for these very values turn into key
// spans holding exactly the rows that satisfy them (see exactPKRanges).
// GMS asks PreciseMatch once per table and for every plan, so Myriad says
// false there (spans after a range column, PAD SPACE strings, converted
// bounds are not exact); this decides per execution, after a cached plan
// is bound to its values, and GMS's Filter re-checking `id BETWEEN ? AND ?`
// over every row of the span was a third of sysbench's range SELECTs
// (docs/PROFILES.md). Nodes are never modified: changed parents are copies.
func DropExactFilters(ctx *sql.Context, n sql.Node) sql.Node {
	if !hasFilter(n) {
		return n
	}
	out, _, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		rest, ok := exactPKConjuncts(ctx, f)
		if !ok {
			return n, transform.SameTree, nil
		}
		droppedFilters.Add(1)
		if len(rest) == 0 {
			return f.Child, transform.NewTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(rest...), f.Child), transform.NewTree, nil
	})
	if err != nil {
		return n
	}
	return out
}

// exactPKConjuncts returns the conjuncts of f the lookup below it does not
// apply exactly; ok is false when it cannot drop any.
func exactPKConjuncts(ctx *sql.Context, f *plan.Filter) (rest []sql.Expression, ok bool) {
	// The primary index only (rangeSource): a locking read returns a
	// row's newest version, whose secondary key may no longer be in the
	// span, but whose primary key is the one the span held.
	t, ita := rangeSource(f.Child)
	if t == nil {
		return nil, false
	}
	lookup := plan.GetIndexLookup(ita)
	if idx := lookup.Index.(*index); len(t.def.PK) == 0 || t.def.HiddenPK() || len(idx.prefix) > 0 {
		return nil, false
	}
	col := t.def.PK[0]
	sch := t.Schema()
	if col >= len(sch) || !types.IsInteger(sch[col].Type) {
		return nil, false
	}
	isKeyColumn := func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		return ok && gf.TableId() == ita.Id() && gf.Index() == col && equalFold(gf.Name(), sch[col].Name)
	}
	intLiteral := func(e sql.Expression) bool {
		l, ok := e.(*expression.Literal)
		return ok && exactKey(ctx, sch[col].Type, l.Value())
	}
	touchesKey := func(e sql.Expression) bool {
		found := false
		sql.Inspect(e, func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok && gf.TableId() == ita.Id() && gf.Index() == col {
				found = true
			}
			return !found
		})
		return found
	}
	dropped := 0
	for _, c := range expression.SplitConjunction(f.Expression) {
		simple := false
		switch e := c.(type) {
		case *expression.Equals, *expression.GreaterThan, *expression.GreaterThanOrEqual,
			*expression.LessThan, *expression.LessThanOrEqual:
			cmp := e.(expression.Comparer)
			simple = isKeyColumn(cmp.Left()) && intLiteral(cmp.Right()) || intLiteral(cmp.Left()) && isKeyColumn(cmp.Right())
		case *expression.Between:
			simple = isKeyColumn(e.Val) && intLiteral(e.Lower) && intLiteral(e.Upper)
		}
		switch {
		case simple:
			dropped++
		case touchesKey(c):
			// Another condition on the key shaped the ranges too: they
			// are then not exactly the simple conjuncts' set.
			return nil, false
		default:
			rest = append(rest, c)
		}
	}
	if dropped == 0 || !exactPKRanges(ctx, lookup) {
		return nil, false
	}
	return rest, true
}

// exactKey reports whether v, compared with an integer key column of type
// typ, bounds the lookup's span exactly: an integer the column holds
// unchanged and not at the type's limits.
func exactKey(ctx *sql.Context, typ sql.Type, v any) bool {
	switch v.(type) {
	case int8, int16, int32, int64, uint8, uint16, uint32, uint64:
	default:
		return false
	}
	// A constant the column cannot hold (-4 against an UNSIGNED key,
	// 300 against a TINYINT) gets ranges from GMS's conversion of
	// it, which need not be the comparison's set.
	if _, ok := exactBound(ctx, typ, v); !ok {
		return false
	}
	return !atTypeLimit(typ, v)
}

// exactPKRanges reports whether every range of lookup turns into a key span
// (rangeSpan) holding exactly the keys the range holds: an integer leading
// column bounded by values that convert to the column type unchanged and
// are not the type's limits (which intervalBounds widens), and any later
// key columns unbounded.
func exactPKRanges(ctx *sql.Context, lookup sql.IndexLookup) bool {
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) == 0 {
		return false
	}
	bound := func(typ sql.Type, b sql.MySQLRangeCut) bool {
		var k any
		switch x := b.(type) {
		case sql.BelowNull, sql.AboveNull, sql.AboveAll:
			return true
		case sql.Below:
			k = x.Key
		case sql.Above:
			k = x.Key
		default:
			return false
		}
		if k == nil {
			return false
		}
		if _, ok := exactBound(ctx, typ, k); !ok {
			return false
		}
		return !atTypeLimit(typ, k)
	}
	for _, rng := range ranges {
		if len(rng) == 0 || !types.IsInteger(rng[0].Typ) {
			return false
		}
		if !bound(rng[0].Typ, rng[0].LowerBound) || !bound(rng[0].Typ, rng[0].UpperBound) {
			return false
		}
		for _, ce := range rng[1:] {
			if _, ok := ce.LowerBound.(sql.BelowNull); !ok {
				return false
			}
			if _, ok := ce.UpperBound.(sql.AboveAll); !ok {
				return false
			}
		}
	}
	return true
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

var droppedFilters, compiledRanges, reboundRanges atomic.Int64

// ReboundRanges counts the executions RebindRange served (tests check
// that the reuse ran).
func ReboundRanges() int64 { return reboundRanges.Load() }

// CompiledRanges counts the plans CompileRange replaced (tests check that
// the compiled path ran).
func CompiledRanges() int64 { return compiledRanges.Load() }

// DroppedFilters counts the Filters DropExactFilters removed or reduced
// (tests check that the exact path ran).
func DroppedFilters() int64 { return droppedFilters.Load() }

// hasFilter reports whether the tree holds a Filter, sparing the usual
// point lookup a transform's allocations.
// hasFilter walks the plan itself: transform.Inspect's closures and
// walker were four allocations per cached SELECT.
func hasFilter(n sql.Node) bool {
	if _, ok := n.(*plan.Filter); ok {
		return true
	}
	for _, c := range n.Children() {
		if hasFilter(c) {
			return true
		}
	}
	return false
}

// CompileRange replaces the part of a bound SELECT plan that reads,
// projects, groups and sorts the rows of one static primary-key lookup on
// a Myriad table by a rangeScan doing the same in one pass: sysbench's
// `c ... ORDER BY c` (Project over Sort over the lookup) and `DISTINCT c ...
// ORDER BY c` (Sort over GroupBy over Project over the lookup). Sort
// values are taken once per row and compared as GMS's Sorter compares them
// (the column type's Compare; a collKey's binary key as bytes), without
// its per-comparison expression evaluation; group keys are encoded once per
// row (keyenc for a column, a collKey's value as it is), where GMS's GroupBy
// hashed every row through its expression evaluator. Sorting is stable and
// a group keeps its first row, as GMS's. Any other shape, or a key of
// another type, is left as it is (n returned unchanged).
func CompileRange(ctx *sql.Context, n sql.Node) sql.Node {
	switch x := n.(type) {
	case *plan.Project:
		post, ok := getFields(x.Projections)
		if !ok {
			return n
		}
		switch c := x.Child.(type) {
		case *plan.Sort:
			t, ita := rangeSource(c.Child)
			if t == nil {
				return n
			}
			sorts, ok := sortKeys(ctx, c.SortFields)
			if !ok {
				return n
			}
			cols := append([]int(nil), post...)
			for _, k := range sorts {
				cols = append(cols, k.col)
			}
			return compiledRange(n, t, ita, cols, &rangeScan{sorts: sorts, post: post})
		case *plan.IndexedTableAccess:
			// `SELECT c FROM t WHERE id BETWEEN ? AND ?` and the point
			// select `WHERE id = ?` once their Filter is dropped: the
			// rows streamed, decoding only the projected columns.
			t, ita := rangeSource(c)
			if t == nil {
				return n
			}
			return compiledRange(n, t, ita, post, &rangeScan{post: post, stream: true})
		case *plan.GroupBy:
			// `SELECT SUM(k) FROM t WHERE id BETWEEN ? AND ?`: aggregates
			// without grouping, as GMS's groupByIter computes them (the
			// same buffers, so the same values and types: sqlfunc's exact
			// DECIMAL SUM), over the rows' aggregated columns only.
			if len(c.GroupByExprs) != 0 {
				return n
			}
			t, ita := rangeSource(c.Child)
			if t == nil {
				return n
			}
			aggs, cols, ok := plainAggregates(c.SelectedExprs)
			if !ok {
				return n
			}
			return compiledRange(n, t, ita, cols, &rangeScan{aggs: aggs, post: post})
		}
	case *plan.Sort:
		g, ok := x.Child.(*plan.GroupBy)
		if !ok {
			return n
		}
		p, ok := g.Child.(*plan.Project)
		if !ok {
			return n
		}
		t, ita := rangeSource(p.Child)
		pre, ok1 := getFields(p.Projections)
		sel, ok2 := getFields(g.SelectedExprs)
		groups, ok3 := keyExprs(g.GroupByExprs)
		sorts, ok4 := sortKeys(ctx, x.SortFields)
		if t == nil || !ok1 || !ok2 || !ok3 || !ok4 || len(groups) == 0 {
			return n
		}
		return compiledRange(n, t, ita, pre, &rangeScan{pre: pre, groups: groups, sel: sel, sorts: sorts})
	}
	return n
}

// CompileCached is CompileRange(ctx, DropExactFilters(ctx, n)) for a
// cached plan bound to its values (package plans), and reports whether the
// result may serve later executions through RebindRange: a rangeScan made
// after DropExactFilters removed every Filter of n, so that the lookup and
// the integer comparisons it applied exactly are all the result depends
// on of the values (package plans caches a static lookup only under the
// Filter it came from).
func CompileCached(ctx *sql.Context, n sql.Node) (sql.Node, bool) {
	d := DropExactFilters(ctx, n)
	out := CompileRange(ctx, d)
	r, ok := out.(*rangeScan)
	if !ok || !hasFilter(n) || hasFilter(d) {
		return out, false
	}
	// exactPKConjuncts dropped the Filter only over an integer leading
	// key column.
	sch := r.t.Schema()
	return out, len(r.t.def.PK) > 0 && r.t.def.PK[0] < len(sch) && types.IsInteger(sch[r.t.def.PK[0]].Type)
}

// ReusableRange is the node to keep when CompileCached reported n
// reusable: a copy, so the node executed now is not the one shared.
func ReusableRange(n sql.Node) sql.Node {
	r, ok := n.(*rangeScan)
	if !ok {
		return nil
	}
	kept := *r
	kept.keyType = r.t.Schema()[r.t.def.PK[0]].Type
	return &kept
}

// RebindRange returns the kept node (ReusableRange) reading lookup, when
// DropExactFilters would drop the whole Filter again for the values of
// this execution: keys, the Filter's operands, are integers the key column
// holds exactly (exactKey) and lookup's ranges are exact spans
// (exactPKRanges). ok is false otherwise: the caller then binds and
// compiles the plan as at its first execution, which keeps the Filter.
// The table's definition, the key column and the node's shape are those
// the kept node was compiled from, fixed by the plan's catalog version.
func RebindRange(ctx *sql.Context, kept sql.Node, lookup sql.IndexLookup, keys []any) (sql.Node, bool) {
	r, ok := kept.(*rangeScan)
	if !ok || r.keyType == nil || len(keys) == 0 {
		return nil, false
	}
	for _, k := range keys {
		if !exactKey(ctx, r.keyType, k) {
			return nil, false
		}
	}
	if !exactPKRanges(ctx, lookup) {
		return nil, false
	}
	out := *r
	out.lookup = lookup
	droppedFilters.Add(1)
	compiledRanges.Add(1)
	reboundRanges.Add(1)
	return &out, true
}

// needOf marks the columns of ita's rows that cols name; ok is false
// when one is not a column of the table.
func needOf(ita *plan.IndexedTableAccess, cols []int) ([]bool, bool) {
	need := make([]bool, len(ita.Schema()))
	for _, c := range cols {
		if c < 0 || c >= len(need) {
			return nil, false
		}
		need[c] = true
	}
	return need, true
}

// compiledRange completes r as the pass over ita's lookup on t that reads
// the columns cols and answers n's schema, or returns n when one of cols is
// not a column of the table.
func compiledRange(n sql.Node, t *Table, ita *plan.IndexedTableAccess, cols []int, r *rangeScan) sql.Node {
	need, ok := needOf(ita, cols)
	if !ok {
		return n
	}
	r.t, r.lookup, r.need, r.schema, r.name = t, plan.GetIndexLookup(ita), need, n.Schema(), ita.Name()
	compiledRanges.Add(1)
	return r
}

// plainAggregates accepts select expressions that are all aggregate
// functions of columns (SUM(k), COUNT(c), MAX(id) ...; not ANY_VALUE,
// whose GMS iterator returns a row per input row, not windowed, not
// DISTINCT, whose argument is no column) and returns them with the
// columns they read.
func plainAggregates(exprs []sql.Expression) ([]sql.Aggregation, []int, bool) {
	aggs := make([]sql.Aggregation, len(exprs))
	var cols []int
	for i, e := range exprs {
		a, ok := e.(sql.Aggregation)
		if !ok {
			return nil, nil, false
		}
		if _, any := a.(*aggregation.AnyValue); any {
			return nil, nil, false
		}
		if w, ok := a.(sql.WindowAdaptableExpression); ok && w.Window() != nil {
			return nil, nil, false
		}
		children := a.Children()
		if len(children) == 0 {
			return nil, nil, false
		}
		for _, c := range children {
			gf, ok := c.(*expression.GetField)
			if !ok {
				return nil, nil, false
			}
			cols = append(cols, gf.Index())
		}
		aggs[i] = a
	}
	return aggs, cols, len(aggs) > 0
}

// rangeSource returns the table and lookup of a static primary-key
// lookup on a Myriad table, or nil.
func rangeSource(n sql.Node) (*Table, *plan.IndexedTableAccess) {
	ita, ok := n.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() {
		return nil, nil
	}
	// The table itself, not a wrapper that could change what a row is.
	var t *Table
	switch x := ita.UnderlyingTable().(type) {
	case *Table:
		t = x
	case *indexedTable:
		t = x.Table
	default:
		return nil, nil
	}
	idx, ok := plan.GetIndexLookup(ita).Index.(*index)
	if !ok || idx.id != catalog.PrimaryIndexID {
		return nil, nil
	}
	return t, ita
}

// getFields returns the columns exprs read, when each is a column (under
// an alias, which names it only in the schema the node keeps).
func getFields(exprs []sql.Expression) ([]int, bool) {
	out := make([]int, len(exprs))
	for i, e := range exprs {
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		gf, ok := e.(*expression.GetField)
		if !ok {
			return nil, false
		}
		out[i] = gf.Index()
	}
	return out, true
}

// keyExpr is a sort or group key: a column (integer or string), encoded
// by keyenc, or a collKey, whose value is already its collation key.
type keyExpr struct {
	col   int
	typ   sql.Type
	enc   keyenc.Encoder
	coll  *collKey
	desc  bool
	nulls sql.NullOrdering
	// bytewise, for a string sort key, holds the characters whose strings
	// sort as bytes (sortVal, bytewiseSet).
	bytewise *bytewiseSet
}

func keyExprs(exprs []sql.Expression) ([]keyExpr, bool) {
	out := make([]keyExpr, len(exprs))
	for i, e := range exprs {
		switch x := e.(type) {
		case *expression.GetField:
			typ := x.Type()
			if !types.IsInteger(typ) && !types.IsText(typ) {
				return nil, false
			}
			out[i] = keyExpr{col: x.Index(), typ: typ, enc: keyenc.EncoderFor(typ)}
		case *collKey:
			gf, ok := x.child.(*expression.GetField)
			if !ok {
				return nil, false
			}
			out[i] = keyExpr{col: gf.Index(), coll: x}
		case *padTyped:
			// A column sorted by a type whose Compare pads or expands
			// (wrapSortKeys): compared by that type, encoded by keyenc,
			// whose keys order the same way.
			gf, ok := x.child.(*expression.GetField)
			if !ok || !types.IsText(gf.Type()) {
				return nil, false
			}
			out[i] = keyExpr{col: gf.Index(), typ: x.typ, enc: keyenc.EncoderFor(gf.Type())}
		default:
			return nil, false
		}
	}
	return out, true
}

func sortKeys(ctx *sql.Context, fields sql.SortFields) ([]keyExpr, bool) {
	exprs := make([]sql.Expression, len(fields))
	for i, f := range fields {
		exprs[i] = f.Column
	}
	out, ok := keyExprs(exprs)
	if !ok {
		return nil, false
	}
	for i, f := range fields {
		out[i].desc = f.Order == sql.Descending
		out[i].nulls = f.NullOrdering
		if out[i].coll == nil && isTextKey(out[i].typ) {
			out[i].bytewise = bytewiseFor(ctx, out[i].typ)
		}
	}
	return out, true
}

// isTextKey reports whether a sort key's type is a string type: a column's
// own, or the padIndexType a PAD SPACE column sorts by (padTyped), which
// types.IsText does not know (it matches GMS's string type itself), so
// `ORDER BY c` on sysbench's CHAR(120) compared every pair through
// keyenc.Compare instead of bytewise (docs/PROFILES.md, perf6).
func isTextKey(typ sql.Type) bool {
	if _, ok := typ.(padIndexType); ok {
		return true
	}
	return types.IsText(typ)
}

// appendKey appends one row's key for k to b; null for SQL NULL (b as it
// was). The caller reuses b from row to row: a key made per row (the
// weights, then a string of them, then the tag prepended) was three
// allocations per row of DISTINCT.
func (k *keyExpr) appendKey(ctx *sql.Context, b []byte, row sql.Row) (_ []byte, null bool, err error) {
	if k.coll != nil {
		// A column's string: its collation key as it is, without the hex
		// collKey.Eval wraps it in for GMS (the key only groups rows here);
		// any other value takes Eval, tagged apart.
		if gf, ok := k.coll.child.(*expression.GetField); ok && gf.Index() < len(row) {
			switch x := row[gf.Index()].(type) {
			case nil:
				return b, true, nil
			case string:
				return keyenc.AppendStringKey(append(b, 1), k.coll.coll, x), false, nil
			}
		}
		v, err := k.coll.Eval(ctx, row)
		if err != nil || v == nil {
			return b, v == nil, err
		}
		switch x := v.(type) {
		case string:
			return append(append(b, 2), x...), false, nil
		case []byte:
			return append(append(b, 2), x...), false, nil
		}
		return b, false, fmt.Errorf("myriad: collation key of type %T", v)
	}
	v := row[k.col]
	if v == nil {
		return b, true, nil
	}
	b, err = k.enc.Append(ctx, b, v)
	return b, false, err
}

// rangeScan is what CompileRange puts in place of the nodes it replaces:
// rows of one primary-key lookup, projected to pre, deduplicated by
// groups (keeping sel of the first row of each group), stably sorted by
// sorts and projected to post (nil: as they are). With stream, the rows
// are only projected to post, as they are read; with aggs, they are
// aggregated into one row, projected to post. Only the columns need
// marks are decoded: the others of the rows read are nil.
type rangeScan struct {
	t      *Table
	lookup sql.IndexLookup
	pre    []int
	groups []keyExpr
	sel    []int
	sorts  []keyExpr
	post   []int
	stream bool
	aggs   []sql.Aggregation
	need   []bool
	schema sql.Schema
	name   string
	// keyType is the primary key's leading column type in a node kept
	// for RebindRange (nil in any other).
	keyType sql.Type
}

var _ sql.ExecSourceRel = (*rangeScan)(nil)

// IsCompiledRange reports whether n is a node CompileRange made: a
// read-only leaf without children or expressions, so GMS's per-statement
// wrappers (the tracked iterator's plan walks, expression closers, the
// accumulator) have nothing in it to act on, and a caller may run it
// without them (server's direct reads).
func IsCompiledRange(n sql.Node) bool {
	_, ok := n.(*rangeScan)
	return ok
}

func (r *rangeScan) Resolved() bool       { return true }
func (r *rangeScan) IsReadOnly() bool     { return true }
func (r *rangeScan) String() string       { return "RangeScan(" + r.name + ")" }
func (r *rangeScan) Schema() sql.Schema   { return r.schema }
func (r *rangeScan) Children() []sql.Node { return nil }
func (r *rangeScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(r, children...)
}

// project returns row's columns cols. Every row it is given is the
// reader's own (decoded for this call, never kept by the row iterator), so
// ascending cols are moved to the front of row itself (each cols[i] >= i:
// a value is read before its place is written over), an allocation per row
// less on the range SELECTs.
func project(row sql.Row, cols []int) sql.Row {
	if cols == nil {
		return row
	}
	if len(cols) <= len(row) && ascending(cols) {
		for i, c := range cols {
			row[i] = row[c]
		}
		return row[:len(cols):len(cols)]
	}
	out := make(sql.Row, len(cols))
	for i, c := range cols {
		out[i] = row[c]
	}
	return out
}

// ascending reports whether cols strictly increase from a non-negative
// first column.
func ascending(cols []int) bool {
	for i, c := range cols {
		if c < 0 || i > 0 && c <= cols[i-1] {
			return false
		}
	}
	return true
}

type sortedRow struct {
	row  sql.Row
	vals []sortKey // the sort keys' values: a column's, or its collKey's
}

// sortKey is one sort value. A string its collation orders as its bytes
// is kept unboxed (s, bw): boxing it in an interface was an allocation per
// sorted row.
type sortKey struct {
	v  any
	s  string
	bw bool
}

func (k sortKey) null() bool { return !k.bw && k.v == nil }

// sortVal is row's value for sort key k: the column's value, compared by
// the column type as GMS's Sorter compares it (a collation compares two
// strings only as far as they differ, cheaper than encoding whole keys),
// or a collKey's binary key.
func (k *keyExpr) sortVal(ctx *sql.Context, row sql.Row) (sortKey, error) {
	if k.coll != nil {
		v, err := k.coll.Eval(ctx, row)
		return sortKey{v: v}, err
	}
	v := row[k.col]
	if s, ok := v.(string); ok && k.bytewise != nil && k.bytewise.holds(s) {
		return sortKey{s: s, bw: true}, nil
	}
	return sortKey{v: v}, nil
}

// compare orders two non-NULL sort values of k.
func (k *keyExpr) compare(ctx *sql.Context, a, b sortKey) (int, error) {
	if k.coll != nil {
		return bytes.Compare(asBytes(a.v), asBytes(b.v)), nil
	}
	if a.bw && b.bw {
		return strings.Compare(a.s, b.s), nil
	}
	av, bv := a.v, b.v
	if a.bw {
		av = a.s
	}
	if b.bw {
		bv = b.s
	}
	return k.typ.Compare(ctx, av, bv)
}

// A bytewise sort value (sortKey.bw) is made only of characters its
// collation orders as their bytes (bytewiseSet): two such strings compare
// as strings.Compare, without the collation's per-character weights, which
// were most of sorting sysbench's `ORDER BY c` (c: digits and dashes).

// bytewiseSet is the set of ASCII characters a collation orders as their
// bytes, each with a primary weight of its own among them; nil when there
// is none. It is indexed by any byte (1: in the set; 0 for every byte
// >= 128) so that holds tests four characters with one AND of their
// entries: a compare and branch per character was ~5% of sysbench's
// oltp_read_write (docs/PROFILES.md "perf27").
type bytewiseSet [256]uint8

func (b *bytewiseSet) holds(s string) bool {
	i := 0
	for ; i+4 <= len(s); i += 4 {
		c := s[i : i+4]
		if b[c[0]]&b[c[1]]&b[c[2]]&b[c[3]] == 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if b[s[i]] == 0 {
			return false
		}
	}
	return true
}

var bytewiseSets sync.Map // sql.CollationID -> *bytewiseSet (nil: none)

// bytewiseCandidates are tried in byte order; UCA and the legacy
// collations put the dash before digits before letters, as ASCII does.
const bytewiseCandidates = "-0123456789abcdefghijklmnopqrstuvwxyz"

// bytewiseFor finds, once per collation and by asking the type's own
// Compare, the candidates whose every pair (c, d) compares as c and d do
// as bytes, as single characters and as the prefix c before c+d (no
// character is ignorable, none sorts before a PAD SPACE collation's pad);
// then a string of them compares with another as its bytes, as
// collations compare weight by weight. A candidate that breaks this with
// one already taken is left out.
func bytewiseFor(ctx *sql.Context, typ sql.Type) *bytewiseSet {
	st, ok := typ.(sql.StringType)
	if !ok {
		return nil
	}
	coll := st.Collation()
	if v, ok := bytewiseSets.Load(coll); ok {
		return v.(*bytewiseSet)
	}
	sign := func(x int) int {
		switch {
		case x < 0:
			return -1
		case x > 0:
			return 1
		}
		return 0
	}
	cmp := func(a, b string) (int, bool) {
		c, err := typ.Compare(ctx, a, b)
		return sign(c), err == nil
	}
	var set bytewiseSet
	var taken []byte
	found := false
	for i := 0; i < len(bytewiseCandidates); i++ {
		c := bytewiseCandidates[i]
		good := true
		if r, ok := cmp(string(c), ""); !ok || r <= 0 {
			good = false
		}
		for _, d := range append(taken, c) {
			if !good {
				break
			}
			for _, pair := range [][2]byte{{c, d}, {d, c}} {
				x, y := string(pair[0]), string(pair[1])
				r1, ok1 := cmp(x, y)
				r2, ok2 := cmp(x, x+y)
				if !ok1 || !ok2 || r1 != sign(int(pair[0])-int(pair[1])) || r2 >= 0 {
					good = false
					break
				}
			}
		}
		if good {
			set[c], taken, found = 1, append(taken, c), true
		}
	}
	var out *bytewiseSet
	if found {
		out = &set
	}
	bytewiseSets.Store(coll, out)
	return out
}

func asBytes(v any) []byte {
	switch x := v.(type) {
	case []byte:
		return x
	case string:
		return []byte(x)
	}
	return nil
}

// RowIter implements sql.ExecSourceRel. The rows are read as the lookup's
// IndexedTableAccess reads them (partitionRows: the transaction's view and
// own writes, locking reads under SERIALIZABLE).
func (r *rangeScan) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	lookup := r.lookup
	it, err := r.t.partitionRows(ctx, &partition{lookup: &lookup}, 0)
	if err != nil {
		return nil, err
	}
	if ri, ok := it.(*rowIter); ok {
		ri.need = r.need
	}
	switch {
	case r.stream:
		return &projectIter{it: it, cols: r.post}, nil
	case r.aggs != nil:
		return r.aggregate(ctx, it)
	}
	sc := scratchPool.Get().(*rangeScratch)
	defer sc.release()
	rows, vals, gk, kb := sc.rows, sc.vals, sc.gk, sc.kb
	defer func() { sc.rows, sc.vals, sc.gk, sc.kb = rows, vals, gk, kb }()
	for {
		row, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			_ = it.Close(ctx)
			return nil, err
		}
		row = project(row, r.pre)
		if r.groups != nil {
			gk = gk[:0]
			for i := range r.groups {
				var null bool
				kb, null, err = r.groups[i].appendKey(ctx, kb[:0], row)
				if err != nil {
					_ = it.Close(ctx)
					return nil, err
				}
				if null {
					gk = append(gk, 0)
				} else {
					gk = binary.AppendUvarint(append(gk, 1), uint64(len(kb)))
					gk = append(gk, kb...)
				}
			}
			if !sc.seen.add(gk) {
				continue
			}
			row = project(row, r.sel)
		}
		// The rows' sort values share one backing array (a growth leaves
		// the earlier rows' on the old one): not an allocation per row.
		for i := range r.sorts {
			v, err := r.sorts[i].sortVal(ctx, row)
			if err != nil {
				_ = it.Close(ctx)
				return nil, err
			}
			vals = append(vals, v)
		}
		n := len(vals)
		rows = append(rows, sortedRow{row: row, vals: vals[n-len(r.sorts) : n : n]})
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	// GMS's Sorter.Less over the values taken once per row, as a
	// three-way comparison. The rows' positions are sorted, ties broken
	// by position: the one order a stable sort gives, without its
	// rotations moving 48-byte rows (the stable sort's moves were most of
	// sorting sysbench's 100 rows once their comparisons were bytewise).
	var sortErr error
	order := sc.order[:0]
	for i := range rows {
		order = append(order, i)
	}
	sc.order = order
	slices.SortFunc(order, func(i, j int) int {
		if c := r.compareRows(ctx, &rows[i], &rows[j], &sortErr); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	if sortErr != nil {
		return nil, sortErr
	}
	out := make([]sql.Row, len(rows))
	for i, k := range order {
		out[i] = project(rows[k].row, r.post)
	}
	return sql.RowsToRowIter(out...), nil
}

// compareRows orders two rows by r.sorts as GMS's Sorter.Less does; after
// an error (kept in *sortErr) every pair is equal.
func (r *rangeScan) compareRows(ctx *sql.Context, a, b *sortedRow, sortErr *error) int {
	if *sortErr != nil {
		return 0
	}
	for k := range r.sorts {
		av, bv := a.vals[k], b.vals[k]
		if r.sorts[k].desc {
			av, bv = bv, av
		}
		switch {
		case av.null() && bv.null():
			continue
		case av.null():
			if r.sorts[k].nulls == sql.NullsFirst {
				return -1
			}
			return 1
		case bv.null():
			if r.sorts[k].nulls != sql.NullsFirst {
				return -1
			}
			return 1
		}
		c, err := r.sorts[k].compare(ctx, av, bv)
		if err != nil {
			*sortErr = err
			return 0
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// projectIter streams its rows projected to cols.
type projectIter struct {
	it   sql.RowIter
	cols []int
}

// rangeScratch is a sorting or deduplicating rangeScan's working memory,
// kept for the next execution (scratchPool): built anew, the rows' and
// sort values' slices growing from empty and a DISTINCT key string per row
// were more than half of what sysbench's order_ranges and distinct_ranges
// allocated. Nothing in it outlives RowIter: the rows returned are in a
// slice of their own.
type rangeScratch struct {
	rows  []sortedRow
	vals  []sortKey
	order []int
	gk    []byte
	kb    []byte
	seen  keySet
}

var scratchPool = sync.Pool{New: func() any { return &rangeScratch{seen: keySet{seed: maphash.MakeSeed()}} }}

// scratchKeep bounds what a pooled rangeScratch keeps: a range of more
// rows gives its memory back to the garbage collector.
const scratchKeep = 4096

// release drops the references to this execution's rows and values and
// returns sc to the pool.
func (sc *rangeScratch) release() {
	if cap(sc.rows) > scratchKeep || cap(sc.vals) > scratchKeep || len(sc.seen.keys) > scratchKeep*64 {
		return
	}
	clear(sc.rows[:cap(sc.rows)])
	clear(sc.vals[:cap(sc.vals)])
	sc.rows, sc.vals, sc.order = sc.rows[:0], sc.vals[:0], sc.order[:0]
	sc.seen.reset()
	scratchPool.Put(sc)
}

// keySet is a set of byte strings held in one buffer, found by their
// hash: adding a key allocates nothing once the buffers have grown, where
// a map[string] allocated each new key's string.
type keySet struct {
	seed  maphash.Seed
	heads map[uint64]int32 // a hash's last key, as its index in spans + 1
	spans []keySpan
	keys  []byte
}

type keySpan struct {
	off, end int
	next     int32 // the previous key of the same hash, as index + 1 (0: none)
}

// add adds k (copied) and reports whether it was not in the set.
func (s *keySet) add(k []byte) bool {
	h := maphash.Bytes(s.seed, k)
	head := s.heads[h]
	for i := head; i > 0; i = s.spans[i-1].next {
		if sp := s.spans[i-1]; bytes.Equal(s.keys[sp.off:sp.end], k) {
			return false
		}
	}
	if s.heads == nil {
		s.heads = map[uint64]int32{}
	}
	off := len(s.keys)
	s.keys = append(s.keys, k...)
	s.spans = append(s.spans, keySpan{off: off, end: len(s.keys), next: head})
	s.heads[h] = int32(len(s.spans))
	return true
}

func (s *keySet) reset() {
	clear(s.heads)
	s.spans, s.keys = s.spans[:0], s.keys[:0]
}

func (p *projectIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := p.it.Next(ctx)
	if err != nil {
		return nil, err
	}
	return project(row, p.cols), nil
}

func (p *projectIter) Close(ctx *sql.Context) error { return p.it.Close(ctx) }

// aggregate reads it into r.aggs's buffers and returns their one row, as
// GMS's groupByIter does without grouping (a row also when there are no
// rows: SUM's NULL, COUNT's 0).
func (r *rangeScan) aggregate(ctx *sql.Context, it sql.RowIter) (sql.RowIter, error) {
	bufs := make([]sql.AggregationBuffer, len(r.aggs))
	defer func() {
		for _, b := range bufs {
			if b != nil {
				b.Dispose()
			}
		}
	}()
	for i, a := range r.aggs {
		b, err := a.NewBuffer()
		if err != nil {
			_ = it.Close(ctx)
			return nil, err
		}
		bufs[i] = b
	}
	for {
		row, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err == nil {
			for _, b := range bufs {
				if err = b.Update(ctx, row); err != nil {
					break
				}
			}
		}
		if err != nil {
			_ = it.Close(ctx)
			return nil, err
		}
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	out := make(sql.Row, len(bufs))
	for i, b := range bufs {
		v, err := b.Eval(ctx)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return sql.RowsToRowIter(project(out, r.post)), nil
}
