package joinorder

import (
	"sort"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Join ordering past a size bound. GMS v0.20.0 plans an inner join of up to
// 15 tables by enumerating every split of every subset of its tables
// (memo.joinOrderBuilder.dbSube: ~4^n/2 steps) and costing the groups it
// finds; past 15 it tries a single chain of lookups that only works when
// each next table is reachable by exactly one predicate, and otherwise keeps
// the FROM order with whatever it managed to place, cross-joining the rest.
// Planning time therefore grows exponentially with the table count, and past
// 15 tables the plan depends on the FROM order (sqllogictest select5: 0.03 s
// in one order, 48 s in another). Past the bound below, Myriad orders the
// tables greedily instead, as MySQL does past optimizer_search_depth.

// DefaultSearchDepth is the join size up to which GMS's exhaustive planner
// runs when optimizer_search_depth is 0 ("automatic" in MySQL) or above it.
// Past 3 tables GMS's plans for sqllogictest's select4 (4-8 tables, no
// indexes, IN lists) took up to 12 s of CPU where the greedy ones take
// under 0.4 s; the whole file ran in 11m36s with 7 and 2m20s with 3.
const DefaultSearchDepth = 3

// greedyLimit is the most tables a greedy plan covers: vertex sets are
// 64-bit masks. Bigger joins (MySQL allows 61) go to GMS.
const greedyLimit = 64

// Install wraps GMS's optimizeJoins rule: joins with more tables than the
// session's search depth are planned by Greedy, the others by GMS as before.
// Call it once on a freshly built analyzer.
func Install(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		for i, r := range b.Rules {
			if r.Id.String() == "optimizeJoins" {
				b.Rules[i].Apply = withGreedy(r.Apply)
			}
		}
	}
}

// searchDepth is the session's optimizer_search_depth as the join size GMS
// may still plan exhaustively: 0 means automatic, and values above
// DefaultSearchDepth are capped (MySQL's default of 62 would otherwise mean
// GMS's exponential search for every join).
func searchDepth(ctx *sql.Context) int {
	d := DefaultSearchDepth
	if ctx == nil || ctx.Session == nil {
		return d
	}
	v, err := ctx.GetSessionVariable(ctx, "optimizer_search_depth")
	if err != nil {
		return d
	}
	var n int64
	switch v := v.(type) {
	case int8:
		n = int64(v)
	case int16:
		n = int64(v)
	case int32:
		n = int64(v)
	case int64:
		n = v
	case uint64:
		n = int64(v)
	case int:
		n = int64(v)
	default:
		return d
	}
	if n > 0 && n < int64(d) {
		return int(n)
	}
	return d
}

// withGreedy mirrors GMS's optimizeJoins (inOrderReplanJoin): the first join
// node on every path of the plan is replanned, and a plan without joins gets
// costed index scans. Each join is handed to Greedy when it is big enough
// and Greedy accepts it, and to GMS's rule otherwise.
func withGreedy(gms analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		// Greedy plans only top-level reads: inside a subquery a join may
		// read the outer row, and UPDATE/DELETE over a join map their rows
		// back to tables by the join's column order.
		if !n.Resolved() || !scope.IsEmpty() || plan.IsNoRowNode(n) {
			return gms(ctx, a, n, scope, sel, qf)
		}
		switch n.(type) {
		case *plan.Update, *plan.DeleteFrom:
			return gms(ctx, a, n, scope, sel, qf)
		}
		depth := searchDepth(ctx)
		if !hasGreedyJoin(n, depth) {
			return gms(ctx, a, n, scope, sel, qf)
		}
		out, _, err := replanJoins(ctx, n, func(j *plan.JoinNode) (sql.Node, error) {
			if g, ok, err := Greedy(ctx, j, depth, func(leaf sql.Node) (sql.Node, error) {
				// A leaf alone is a plan without joins: GMS picks its
				// costed index scan.
				l, _, err := gms(ctx, a, leaf, scope, sel, qf)
				return l, err
			}); err != nil || ok {
				if ok {
					qf.Set(sql.QFlagInnerJoin)
				}
				return g, err
			}
			r, _, err := gms(ctx, a, j, scope, sel, qf)
			return r, err
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		return out, transform.NewTree, nil
	}
}

// hasGreedyJoin reports whether some join GMS would replan in n has more
// than depth tables.
func hasGreedyJoin(n sql.Node, depth int) bool {
	found := false
	var walk func(n sql.Node)
	walk = func(n sql.Node) {
		if found {
			return
		}
		if _, ok := n.(sql.OpaqueNode); ok {
			return
		}
		if j, ok := n.(*plan.JoinNode); ok {
			var leaves []sql.Node
			var conj []sql.Expression
			if flatten(j, &leaves, &conj) && len(leaves) > depth {
				found = true
			}
			return
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(n)
	return found
}

// replanJoins replaces the first join node on every path of n by plan(j),
// not descending into opaque nodes, as GMS's inOrderReplanJoin does.
func replanJoins(ctx *sql.Context, n sql.Node, replan func(*plan.JoinNode) (sql.Node, error)) (sql.Node, transform.TreeIdentity, error) {
	if _, ok := n.(sql.OpaqueNode); ok {
		return n, transform.SameTree, nil
	}
	if j, ok := n.(*plan.JoinNode); ok {
		r, err := replan(j)
		return r, transform.NewTree, err
	}
	children := n.Children()
	var newChildren []sql.Node
	for i, c := range children {
		nc, same, err := replanJoins(ctx, c, replan)
		if err != nil {
			return n, transform.SameTree, err
		}
		if !same {
			if newChildren == nil {
				newChildren = append([]sql.Node(nil), children...)
			}
			newChildren[i] = nc
		}
	}
	if newChildren == nil {
		return n, transform.SameTree, nil
	}
	r, err := n.WithChildren(newChildren...)
	return r, transform.NewTree, err
}

// flatten collects the leaves and conjuncts of a tree of inner and cross
// joins. It refuses (false) anything Greedy does not plan: other join kinds,
// join hints, leaves other than a base table or its alias under filters,
// and conjuncts holding subqueries or non-deterministic functions (whose
// evaluation count a reordering could change).
func flatten(n sql.Node, leaves *[]sql.Node, conj *[]sql.Expression) bool {
	switch n := n.(type) {
	case *plan.JoinNode:
		if n.Op != plan.JoinTypeInner && n.Op != plan.JoinTypeCross || n.Comment() != "" {
			return false
		}
		if n.Filter != nil {
			if !plainExpr(n.Filter) {
				return false
			}
			*conj = append(*conj, expression.SplitConjunction(n.Filter)...)
		}
		return flatten(n.Left(), leaves, conj) && flatten(n.Right(), leaves, conj)
	case *plan.Filter:
		if j, ok := n.Child.(*plan.JoinNode); ok {
			if !plainExpr(n.Expression) {
				return false
			}
			*conj = append(*conj, expression.SplitConjunction(n.Expression)...)
			return flatten(j, leaves, conj)
		}
	}
	if baseTable(n) == nil {
		return false
	}
	*leaves = append(*leaves, n)
	return len(*leaves) <= greedyLimit
}

// plainExpr reports whether e holds no subquery, bind variable or
// non-deterministic function.
func plainExpr(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *plan.Subquery, *expression.BindVar:
			return true
		}
		nd, ok := e.(sql.NonDeterministicExpression)
		return ok && nd.IsNonDeterministic()
	})
}

// baseTable returns the table (or alias) a leaf reads under its filters, or
// nil when the leaf is anything else or a filter holds a subquery.
func baseTable(n sql.Node) plan.TableIdNode {
	for {
		switch t := n.(type) {
		case *plan.Filter:
			if !plainExpr(t.Expression) {
				return nil
			}
			n = t.Child
		case *plan.ResolvedTable:
			return t
		case *plan.TableAlias:
			if _, ok := t.Child.(*plan.ResolvedTable); ok {
				return t
			}
			return nil
		default:
			return nil
		}
	}
}

// leafFilters are the conjuncts of the filters directly over a leaf's table.
func leafFilters(n sql.Node) []sql.Expression {
	var out []sql.Expression
	for f, ok := n.(*plan.Filter); ok; f, ok = n.(*plan.Filter) {
		out = append(out, expression.SplitConjunction(f.Expression)...)
		n = f.Child
	}
	return out
}

// rowCounter is implemented by the engine's tables (engine.Table): the exact
// committed row count, kept per commit, so reading it costs one key.
type rowCounter interface {
	ExactRowCount(*sql.Context) (uint64, error)
}

// unknownRows is the row count assumed for a table that cannot tell.
const unknownRows = 1000

// leaf is one table of a join being planned.
type leaf struct {
	node  sql.Node // as GMS built it: the table under its filters
	table plan.TableIdNode
	name  string // the alias or table name: ties are broken on it, never on FROM order
	cols  sql.ColSet
	rows  float64 // rows in the table
	card  float64 // rows after its own filters (estimate)
	// indexes by column ids, for lookups into this table.
	indexes []leafIndex
}

type leafIndex struct {
	idx  sql.Index
	cols []sql.ColumnId
}

// conjunct is one predicate of the join and the leaves it reads.
type conjunct struct {
	expr   sql.Expression
	leaves uint64
	// eq is set for col = col between two leaves, eqLeaves are theirs.
	eq       *expression.Equals
	eqLeaves [2]int
}

// Greedy plans the inner join j when it joins more than depth tables and
// only base tables: it returns ok=false (and GMS plans j) otherwise. The
// order is chosen greedily, independent of the FROM order: from each table
// as a start, the next table is the one giving the smallest estimated
// intermediate result (ties: a lookup over a hash join over a cross join,
// then the name); the cheapest of those orders wins. Each step is an index
// lookup join when an index of the new table has its leading columns bound
// by equalities, a hash join on integer equalities, and a nested loop
// otherwise (cacheCrossJoins then reads its right side once). Every
// predicate stays in the plan, in full, at the first join where its tables
// are all present, so the plan's rows are the query's rows. scan plans a
// single leaf (its costed index scan).
func Greedy(ctx *sql.Context, j *plan.JoinNode, depth int, scan func(sql.Node) (sql.Node, error)) (sql.Node, bool, error) {
	var nodes []sql.Node
	var exprs []sql.Expression
	if !flatten(j, &nodes, &exprs) || len(nodes) <= depth {
		return j, false, nil
	}
	leaves := make([]*leaf, len(nodes))
	byCol := map[sql.ColumnId]int{}
	for i, n := range nodes {
		l, err := newLeaf(ctx, n)
		if err != nil {
			return nil, false, err
		}
		leaves[i] = l
		for c, ok := l.cols.Next(1); ok; c, ok = l.cols.Next(c + 1) {
			byCol[c] = i
		}
	}
	// Conjuncts in text order: GMS attaches them to joins in FROM order,
	// and the plan must not depend on it.
	sort.SliceStable(exprs, func(a, b int) bool { return exprs[a].String() < exprs[b].String() })
	conjs := make([]conjunct, 0, len(exprs))
	for _, e := range exprs {
		c := conjunct{expr: e}
		known := true
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok {
				i, ok := byCol[gf.Id()]
				if !ok {
					known = false
					return true
				}
				c.leaves |= 1 << uint(i)
			}
			return false
		})
		if !known {
			// A column of no leaf (an outer scope's): leave it to GMS.
			return j, false, nil
		}
		if eq, ok := e.(*expression.Equals); ok {
			l, lok := eq.Left().(*expression.GetField)
			r, rok := eq.Right().(*expression.GetField)
			if lok && rok && byCol[l.Id()] != byCol[r.Id()] {
				c.eq, c.eqLeaves = eq, [2]int{byCol[l.Id()], byCol[r.Id()]}
			}
		}
		conjs = append(conjs, c)
	}
	for _, l := range leaves {
		l.card = estimateLeaf(l)
	}
	p := &planner{ctx: ctx, leaves: leaves, conjs: conjs, byCol: byCol}
	p.binders = make([][]binder, len(leaves))
	for i := range leaves {
		p.binders[i] = p.bindersOf(i)
	}
	order := p.bestOrder()
	n, err := p.build(order, scan)
	if err != nil {
		return nil, false, err
	}
	return n, true, nil
}

func newLeaf(ctx *sql.Context, n sql.Node) (*leaf, error) {
	t := baseTable(n)
	l := &leaf{node: n, table: t, name: strings.ToLower(t.Name()), cols: t.Columns(), rows: unknownRows}
	rt := resolved(t)
	if rc, ok := rt.UnderlyingTable().(rowCounter); ok {
		if c, err := rc.ExactRowCount(ctx); err == nil {
			l.rows = float64(c)
		}
	}
	ia, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
	if !ok {
		return l, nil
	}
	idxs, err := ia.GetIndexes(ctx)
	if err != nil {
		return nil, err
	}
	sch := rt.Schema()
	first, _ := l.cols.Next(1)
	for _, idx := range idxs {
		li := leafIndex{idx: idx}
		for _, e := range idx.Expressions() {
			_, col, _ := strings.Cut(e, ".")
			ord := sch.IndexOfColName(strings.ToLower(col))
			id := first + sql.ColumnId(ord)
			if ord < 0 || !l.cols.Contains(id) {
				li.cols = nil
				break
			}
			li.cols = append(li.cols, id)
		}
		if len(li.cols) > 0 {
			l.indexes = append(l.indexes, li)
		}
	}
	return l, nil
}

func resolved(t plan.TableIdNode) *plan.ResolvedTable {
	if a, ok := t.(*plan.TableAlias); ok {
		return a.Child.(*plan.ResolvedTable)
	}
	return t.(*plan.ResolvedTable)
}

// estimateLeaf guesses a leaf's rows after its own filters: an equality with
// a constant on a whole unique index gives one row, any other equality
// keeps a tenth, an IN list a tenth per value, anything else a half.
func estimateLeaf(l *leaf) float64 {
	card := l.rows
	consts := map[sql.ColumnId]bool{}
	for _, f := range leafFilters(l.node) {
		switch f := f.(type) {
		case *expression.Equals:
			if gf, ok := f.Left().(*expression.GetField); ok && isConst(f.Right()) {
				consts[gf.Id()] = true
			} else if gf, ok := f.Right().(*expression.GetField); ok && isConst(f.Left()) {
				consts[gf.Id()] = true
			}
			card *= 0.1
		case *expression.InTuple:
			if t, ok := f.Right().(expression.Tuple); ok {
				card *= min(0.5, 0.1*float64(len(t)))
			} else {
				card *= 0.5
			}
		default:
			card *= 0.5
		}
	}
	for _, li := range l.indexes {
		if !li.idx.IsUnique() {
			continue
		}
		all := true
		for _, c := range li.cols {
			all = all && consts[c]
		}
		if all {
			return min(card, 1)
		}
	}
	return max(card, 1)
}

func isConst(e sql.Expression) bool {
	constant := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.BindVar:
			constant = false
			return true
		}
		return false
	})
	return constant
}

type planner struct {
	ctx    *sql.Context
	leaves []*leaf
	conjs  []conjunct
	byCol  map[sql.ColumnId]int
	// binders[i] are the equalities that can key a lookup or hash into
	// leaf i.
	binders [][]binder
}

// Join methods, best first.
const (
	viaLookup = iota
	viaHash
	viaLoop
)

// step is leaf i joined to the leaves in set.
type step struct {
	leaf   int
	method int
	card   float64 // estimated rows after the step
	cost   float64
}

// bestOrder runs the greedy search from every leaf and keeps the cheapest
// order. O(n³·predicates), with n at most 64.
func (p *planner) bestOrder() []step {
	starts := make([]int, len(p.leaves))
	for i := range starts {
		starts[i] = i
	}
	// Start candidates in name order, so equal costs pick the same order
	// whatever the FROM order.
	sort.Slice(starts, func(a, b int) bool { return p.leaves[starts[a]].name < p.leaves[starts[b]].name })
	var best []step
	bestCost := 0.0
	for _, s := range starts {
		order, cost := p.greedyFrom(s)
		if best == nil || cost < bestCost {
			best, bestCost = order, cost
		}
	}
	return best
}

func (p *planner) greedyFrom(start int) ([]step, float64) {
	first := p.leaves[start]
	order := []step{{leaf: start, method: viaLoop, card: first.card, cost: first.rows}}
	set := uint64(1) << uint(start)
	card, total := first.card, first.rows
	for len(order) < len(p.leaves) {
		var best *step
		for i, l := range p.leaves {
			if set&(1<<uint(i)) != 0 {
				continue
			}
			s := p.evaluate(set, card, i)
			if best == nil || better(s, *best, l.name, p.leaves[best.leaf].name) {
				s := s
				best = &s
			}
		}
		order = append(order, *best)
		set |= 1 << uint(best.leaf)
		card = best.card
		total += best.cost + best.card
	}
	return order, total
}

func better(a, b step, an, bn string) bool {
	if a.card != b.card {
		return a.card < b.card
	}
	if a.method != b.method {
		return a.method < b.method
	}
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return an < bn
}

// evaluate estimates joining leaf i to the leaves in set (card rows).
func (p *planner) evaluate(set uint64, card float64, i int) step {
	l := p.leaves[i]
	bit := uint64(1) << uint(i)
	sel := 1.0
	for _, c := range p.conjs {
		if c.leaves&bit == 0 || c.leaves&^(set|bit) != 0 || c.leaves == bit {
			continue
		}
		if c.eq != nil {
			// col = col: as if each column's values were distinct.
			sel /= max(p.leaves[c.eqLeaves[0]].rows, p.leaves[c.eqLeaves[1]].rows, 1)
		} else {
			sel *= 0.5
		}
	}
	s := step{leaf: i, card: card * l.card * sel}
	switch {
	case p.lookupKeys(set, i) != nil:
		s.method = viaLookup
		s.cost = card * 2
	case len(p.hashKeys(set, i)) > 0:
		s.method = viaHash
		s.cost = l.rows + card
	default:
		s.method = viaLoop
		s.cost = l.rows + card*l.card
	}
	return s
}

// applicable lists the conjuncts that become evaluable when leaf i joins
// set: they read leaf i and nothing outside set+i. A conjunct reading no
// leaf is applied by the first join.
func (p *planner) applicable(set uint64, i int) []conjunct {
	bit := uint64(1) << uint(i)
	var out []conjunct
	for _, c := range p.conjs {
		if c.leaves&bit != 0 && c.leaves&^(set|bit) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// binder is an equality that can key a lookup or hash into a leaf: its
// column col of the leaf equals expr, which reads the leaves in mask (none
// for a constant of the leaf's own filters).
type binder struct {
	col      sql.ColumnId
	expr     sql.Expression // the other side
	colExpr  sql.Expression // the leaf's side
	mask     uint64
	lookupOK bool // the types let an index lookup find exactly the equal rows
	hashOK   bool // integer columns of one type on both sides
}

// bindersOf precomputes leaf i's binders from the join's conjuncts and its
// own filters.
func (p *planner) bindersOf(i int) []binder {
	l := p.leaves[i]
	bit := uint64(1) << uint(i)
	var out []binder
	add := func(e sql.Expression, joined bool) {
		eq, ok := e.(*expression.Equals)
		if !ok {
			return
		}
		for _, pair := range [][2]sql.Expression{{eq.Left(), eq.Right()}, {eq.Right(), eq.Left()}} {
			gf, ok := pair[0].(*expression.GetField)
			if !ok || !l.cols.Contains(gf.Id()) {
				continue
			}
			m := p.reads(pair[1])
			if m&bit != 0 || joined != (m != 0) || !joined && !isConst(pair[1]) {
				continue
			}
			out = append(out, binder{
				col: gf.Id(), expr: pair[1], colExpr: gf, mask: m,
				lookupOK: sameKeyType(gf.Type(), pair[1].Type()),
				hashOK:   joined && types.IsInteger(gf.Type()) && types.IsInteger(pair[1].Type()) && gf.Type().Equals(pair[1].Type()),
			})
		}
	}
	for _, c := range p.conjs {
		if c.leaves&bit != 0 && c.leaves != bit {
			add(c.expr, true)
		}
	}
	for _, f := range leafFilters(l.node) {
		add(f, false)
	}
	return out
}

// lookupKeys returns an index of leaf i and its key expressions when the
// leading columns of the index are bound by equalities with expressions of
// set (or constants), at least one of them of set; it prefers the index
// with the most bound columns, then a unique one.
func (p *planner) lookupKeys(set uint64, i int) *lookup {
	bs := p.binders[i]
	var best *lookup
	for _, li := range p.leaves[i].indexes {
		var keys []sql.Expression
		joined := false
		for _, c := range li.cols {
			var k sql.Expression
			for _, b := range bs {
				if b.col == c && b.lookupOK && b.mask&^set == 0 {
					k = b.expr
					if b.mask != 0 {
						joined = true
						break
					}
				}
			}
			if k == nil {
				break
			}
			keys = append(keys, k)
		}
		if !joined {
			continue
		}
		if best == nil || len(keys) > len(best.keys) || len(keys) == len(best.keys) && li.idx.IsUnique() && !best.idx.IsUnique() {
			best = &lookup{idx: li.idx, keys: keys}
		}
	}
	return best
}

type lookup struct {
	idx  sql.Index
	keys []sql.Expression
}

// reads is the set of leaves an expression reads.
func (p *planner) reads(e sql.Expression) uint64 {
	var s uint64
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok {
			if i, ok := p.byCol[gf.Id()]; ok {
				s |= 1 << uint(i)
			}
		}
		return false
	})
	return s
}

// sameKeyType reports whether an index key of type a can be looked up with
// values of type b exactly as a = b compares them: both integers, or the
// same type. (An index lookup converts the value to the column's type, and
// a value that does not convert finds nothing: a string '5x' equals the
// integer 5 in MySQL but would find no row.)
func sameKeyType(a, b sql.Type) bool {
	if types.IsInteger(a) && types.IsInteger(b) {
		return true
	}
	return a.Equals(b)
}

// hashKeys returns the {joined side, leaf i side} pairs of the equalities a
// hash join into leaf i can key on: integer columns of one type on both
// sides (hash keys compare by value formatting, so strings under a
// case-insensitive collation, floats' -0 and mixed types could miss
// matches).
func (p *planner) hashKeys(set uint64, i int) [][2]sql.Expression {
	var out [][2]sql.Expression
	for _, b := range p.binders[i] {
		if b.hashOK && b.mask&^set == 0 {
			out = append(out, [2]sql.Expression{b.expr, b.colExpr})
		}
	}
	return out
}

// loopsOnly makes Greedy plan nested loops over table scans only: the
// tests' reference plan (the WHERE clause over the cross product).
var loopsOnly atomic.Bool

// build turns the order into a left-deep plan.
func (p *planner) build(order []step, scan func(sql.Node) (sql.Node, error)) (sql.Node, error) {
	if loopsOnly.Load() {
		scan = func(n sql.Node) (sql.Node, error) { return n, nil }
	}
	first := order[0].leaf
	acc, err := scan(p.leaves[first].node)
	if err != nil {
		return nil, err
	}
	set := uint64(1) << uint(first)
	// Conjuncts reading no leaf, or only the first leaf without being in
	// its filters, go on the first join.
	var pending []sql.Expression
	for _, c := range p.conjs {
		if c.leaves&^set == 0 {
			pending = append(pending, c.expr)
		}
	}
	for _, s := range order[1:] {
		i := s.leaf
		l := p.leaves[i]
		var filters []sql.Expression
		filters = append(filters, pending...)
		pending = nil
		for _, c := range p.applicable(set, i) {
			filters = append(filters, c.expr)
		}
		var cond sql.Expression
		if len(filters) > 0 {
			cond = expression.JoinAnd(filters...)
		}
		switch {
		case loopsOnly.Load():
			acc = loopJoin(acc, l.node, cond)
		case p.lookupKeys(set, i) != nil:
			lk := p.lookupKeys(set, i)
			right, err := p.lookupSide(l, lk)
			if err != nil {
				// The index refused the lookup: read the table instead.
				if right, err = scan(l.node); err != nil {
					return nil, err
				}
				acc = loopJoin(acc, right, cond)
				break
			}
			// The whole condition stays: the lookup narrows the rows, the
			// condition decides.
			acc = plan.NewJoin(acc, right, plan.JoinTypeLookup, cond)
		case len(p.hashKeys(set, i)) > 0:
			keys := p.hashKeys(set, i)
			right, err := scan(l.node)
			if err != nil {
				return nil, err
			}
			lk := make(expression.Tuple, len(keys))
			rk := make(expression.Tuple, len(keys))
			for k, pair := range keys {
				lk[k], rk[k] = pair[0], pair[1]
			}
			acc = plan.NewJoin(acc, plan.NewHashLookup(right, rk, lk, plan.JoinTypeHash), plan.JoinTypeHash, cond)
		default:
			right, err := scan(l.node)
			if err != nil {
				return nil, err
			}
			acc = loopJoin(acc, right, cond)
		}
		set |= 1 << uint(i)
	}
	return acc, nil
}

// lookupSide is leaf l read by index lookups: its table replaced by the
// indexed access, its filters kept over it.
func (p *planner) lookupSide(l *leaf, lk *lookup) (sql.Node, error) {
	rt := resolved(l.table)
	ita, err := plan.NewIndexedAccessForTableNode(p.ctx, rt, plan.NewLookupBuilder(lk.idx, lk.keys, make([]bool, len(lk.keys))))
	if err != nil {
		return nil, err
	}
	var base sql.Node = ita
	if a, ok := l.table.(*plan.TableAlias); ok {
		// WithChildren keeps the alias's table and column ids.
		if base, err = a.WithChildren(ita); err != nil {
			return nil, err
		}
	}
	return rebuildFilters(l.node, base), nil
}

func rebuildFilters(n sql.Node, base sql.Node) sql.Node {
	if f, ok := n.(*plan.Filter); ok {
		return plan.NewFilter(f.Expression, rebuildFilters(f.Child, base))
	}
	return base
}

func loopJoin(left, right sql.Node, cond sql.Expression) sql.Node {
	if cond == nil {
		return plan.NewCrossJoin(left, right)
	}
	return plan.NewInnerJoin(left, right, cond)
}
