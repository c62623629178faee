package plans

import (
	"container/list"
	"hash/maphash"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// DefaultBytes is the default memory budget of a Cache: at the ~8 KiB a
// sysbench-sized plan is estimated at, about 8,000 statement shapes.
const DefaultBytes = 64 << 20

// Key is everything a cached plan's meaning depends on besides the
// parameter values.
type Key struct {
	Query string
	DB    string
	User  string
	// Settings are the session variables that change a plan's meaning
	// (sql_mode, collations, time zone ...), rendered by the caller.
	Settings string
	// Params are the types the parameters were bound as: GMS types a
	// literal by its value's kind (and size), which the plan depends on.
	Params string
	// Version is the catalog version the plan was analyzed at; any DDL or
	// account change advances it, so older entries are never used again.
	Version uint64
}

func (k *Key) bytes() int64 {
	return int64(len(k.Query) + len(k.DB) + len(k.User) + len(k.Settings) + len(k.Params) + 64)
}

// Plan is a cached analyzed plan: a template whose parameter literals are
// replaced on every execution. Templates are never modified, so one Plan
// serves concurrent connections.
type Plan struct {
	tmpl   sql.Node
	params []*expression.Literal
	itas   map[*plan.IndexedTableAccess]*recipe
	// derived are literals the planner made from a parameter by converting
	// it to the type of the column it is compared with (GMS's
	// planbuilder does so for congruent types): literal -> parameter.
	derived map[*expression.Literal]int
	size    int64

	// singleRow: the analyzer proved the plan returns at most one row
	// (GMS's QFlagMax1Row), so its result can be spooled without GMS's
	// multi-row machinery.
	singleRow bool
	// meta is what the caller derived from the plan's first execution and
	// reuses on later ones (the server: the result set's column metadata).
	meta atomic.Value
}

// SetSingleRow records that the analyzer proved at most one result row.
// It must be called before the Plan is shared (Cache.Put).
func (p *Plan) SetSingleRow(on bool) { p.singleRow = on }

// SingleRow reports what SetSingleRow recorded.
func (p *Plan) SingleRow() bool { return p.singleRow }

// SetMeta keeps v for later executions; the first value stored wins.
func (p *Plan) SetMeta(v any) { p.meta.CompareAndSwap(nil, v) }

// Meta is what SetMeta kept, or nil.
func (p *Plan) Meta() any { return p.meta.Load() }

// Cache is a byte-bounded LRU of plans, shared by all connections and
// sharded so concurrent executions rarely meet on one lock. Uncacheable
// statements are remembered (as nil plans) so they are analyzed only by the
// general path.
type Cache struct {
	seed   maphash.Seed
	shards [shards]shard

	Hits, Misses, Evictions atomic.Int64
}

const shards = 16

type shard struct {
	mu     sync.Mutex
	budget int64
	used   int64
	lru    *list.List // of *entry, most recent first
	byKey  map[Key]*list.Element
	_      [64]byte // keep shards' locks on separate cache lines
}

type entry struct {
	key  Key
	plan *Plan // nil: not cacheable
	size int64
}

// New returns a cache holding at most budget bytes (estimated).
func New(budget int64) *Cache {
	if budget <= 0 {
		budget = DefaultBytes
	}
	c := &Cache{seed: maphash.MakeSeed()}
	for i := range c.shards {
		c.shards[i] = shard{budget: budget / shards, lru: list.New(), byKey: map[Key]*list.Element{}}
	}
	return c
}

func (c *Cache) shard(k *Key) *shard {
	var h maphash.Hash
	h.SetSeed(c.seed)
	h.WriteString(k.Query)
	h.WriteString(k.DB)
	h.WriteString(k.Params)
	return &c.shards[h.Sum64()%shards]
}

// Get returns the plan for k; known reports whether k was seen before
// (a known key with a nil plan is not cacheable).
func (c *Cache) Get(k Key) (p *Plan, known bool) {
	s := c.shard(&k)
	s.mu.Lock()
	el, ok := s.byKey[k]
	if ok {
		s.lru.MoveToFront(el)
		p = el.Value.(*entry).plan
	}
	s.mu.Unlock()
	if ok && p != nil {
		c.Hits.Add(1)
	} else {
		c.Misses.Add(1)
	}
	return p, ok
}

// Put stores p (nil: not cacheable) under k, evicting the least recently
// used entries of its shard beyond the shard's share of the budget.
func (c *Cache) Put(k Key, p *Plan) {
	size := k.bytes()
	if p != nil {
		size += p.size
	}
	s := c.shard(&k)
	if size > s.budget {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byKey[k]; ok {
		s.used -= el.Value.(*entry).size
		s.lru.Remove(el)
	}
	s.byKey[k] = s.lru.PushFront(&entry{key: k, plan: p, size: size})
	s.used += size
	for s.used > s.budget {
		el := s.lru.Back()
		e := el.Value.(*entry)
		s.lru.Remove(el)
		delete(s.byKey, e.key)
		s.used -= e.size
		c.Evictions.Add(1)
	}
}

// Usage returns the estimated bytes and the number of entries held.
func (c *Cache) Usage() (used int64, n int) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		used += s.used
		n += len(s.byKey)
		s.mu.Unlock()
	}
	return used, n
}

// Build turns an analyzed plan into a cacheable template. params are the
// literals the statement's parameters were bound as (in order), by
// identity (or converted to a compared column's type). ok is false when
// the plan is not cacheable; retry is true when that is only because of
// these values (two parameters equal, so a conversion's origin is
// ambiguous) and other values may do.
func Build(ctx *sql.Context, analyzed sql.Node, params []*expression.Literal) (p *Plan, ok, retry bool) {
	defer func() {
		// A plan shape this package did not foresee is not cached, never
		// a failed statement.
		if r := recover(); r != nil {
			p, ok, retry = nil, false, false
		}
	}()
	tmpl, _, err := transform.Node(analyzed, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		// Progress callbacks capture the analyzing query's context; the
		// template must not keep that session alive or report into it.
		if rt, ok := n.(*plan.ResolvedTable); ok {
			switch t := rt.Table.(type) {
			case *plan.ProcessTable:
				nt, err := rt.ReplaceTable(t.Underlying())
				return nt, transform.NewTree, err
			case *plan.ProcessIndexableTable:
				nt, err := rt.ReplaceTable(t.Underlying())
				return nt, transform.NewTree, err
			}
		}
		return n, transform.SameTree, nil
	})
	if err != nil {
		return nil, false, false
	}
	p = &Plan{tmpl: tmpl, params: params, itas: map[*plan.IndexedTableAccess]*recipe{}}
	want := make(map[*expression.Literal]int, len(params))
	for _, l := range params {
		if l == nil {
			return nil, false, false
		}
		want[l] = 0
	}
	nodes := 0
	var lits []literal
	ok = walk(tmpl, nil, func(n sql.Node, filter *plan.Filter) bool {
		nodes++
		if !allowedNode(n) {
			Debug("node %T", n)
			return false
		}
		if ita, isITA := n.(*plan.IndexedTableAccess); isITA {
			if !ita.IsStatic() {
				return false
			}
			r, ok := newRecipe(ctx, ita, filter)
			if !ok {
				Debug("recipe")
				return false
			}
			p.itas[ita] = r
			return true
		}
		if rt, isRT := n.(*plan.ResolvedTable); isRT {
			if _, isTable := rt.Table.(sql.IndexAddressableTable); !isTable {
				return false
			}
		}
		ex, isEx := n.(sql.Expressioner)
		if !isEx {
			return true
		}
		_, limits := n.(*plan.Limit)
		if _, isOffset := n.(*plan.Offset); isOffset {
			limits = true
		}
		for _, e := range ex.Expressions() {
			if !inspect(e, limits, &nodes, &lits) {
				Debug("expr in %T", n)
				return false
			}
		}
		return true
	})
	if !ok {
		return nil, false, false
	}
	for _, r := range p.itas {
		for _, s := range r.steps {
			lits = append(lits, literal{s.val, true})
		}
	}
	p.derived = map[*expression.Literal]int{}
	for _, x := range lits {
		l := x.lit
		if c, mine := want[l]; mine {
			want[l] = c + 1
			continue
		}
		if _, seen := p.derived[l]; seen {
			continue
		}
		if !x.compared {
			// Only the operand of a comparison or a LIMIT is converted
			// from a parameter by the planner; any other literal the
			// parameters cannot account for was made by the analyzer.
			Debug("literal %v made by the analyzer", l)
			return nil, false, false
		}
		i, n := deriveFrom(ctx, l, params)
		if n != 1 {
			Debug("literal %v (%s) derived from %d parameters", l, l.Type(), n)
			return nil, false, n > 1
		}
		p.derived[l] = i
		want[params[i]]++
	}
	for l, c := range want {
		_ = l
		if c == 0 {
			Debug("param %v lost", l)
			// The analyzer folded the parameter into something else: the
			// plan depends on its value in a way this package cannot redo.
			return nil, false, false
		}
	}
	p.size = int64(nodes)*256 + 1024
	// The plan keeps its tables' definitions alive even after the
	// definition cache dropped them: charge them here (twice while both
	// hold one, which errs on the safe side).
	seen := map[sql.Table]bool{}
	transform.Inspect(tmpl, func(n sql.Node) bool {
		var t sql.Table
		switch n := n.(type) {
		case *plan.ResolvedTable:
			t = n.UnderlyingTable()
		case *plan.IndexedTableAccess:
			t = n.TableNode.UnderlyingTable()
		}
		if d, ok := t.(interface{ DefinitionBytes() int64 }); ok && !seen[t] {
			seen[t] = true
			p.size += d.DefinitionBytes()
		}
		return true
	})
	return p, true, false
}

// Debug reports why a plan is not cached (tests set it).
var Debug = func(format string, args ...any) {}

// literal is a literal of the plan and whether it is the direct operand
// of a comparison (or a LIMIT/OFFSET value).
type literal struct {
	lit      *expression.Literal
	compared bool
}

// inspect collects e's literals and refuses expressions allowedExpr does
// not accept.
func inspect(e sql.Expression, compared bool, nodes *int, lits *[]literal) bool {
	*nodes++
	if l, isLit := e.(*expression.Literal); isLit {
		*lits = append(*lits, literal{l, compared})
		return true
	}
	if !allowedExpr(e) {
		return false
	}
	var cmp bool
	switch e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.GreaterThan,
		*expression.GreaterThanOrEqual, *expression.LessThan, *expression.LessThanOrEqual,
		*expression.Between, *expression.InTuple, *expression.HashInTuple, expression.Tuple:
		cmp = true
	}
	for _, c := range e.Children() {
		if !inspect(c, cmp, nodes, lits) {
			return false
		}
	}
	return true
}

// walk visits every node; filter is the Filter directly above n (through
// table aliases), where a static index range's conditions are.
func walk(n sql.Node, filter *plan.Filter, fn func(sql.Node, *plan.Filter) bool) bool {
	if !fn(n, filter) {
		return false
	}
	var next *plan.Filter
	switch t := n.(type) {
	case *plan.Filter:
		next = t
	case *plan.TableAlias:
		next = filter
	}
	for _, c := range n.Children() {
		if !walk(c, next, fn) {
			return false
		}
	}
	return true
}

// allowedNode lists the nodes whose execution depends only on their
// expressions and children and keeps no state in the node between
// executions (a hash join's table, a subquery's cache would).
func allowedNode(n sql.Node) bool {
	switch n.(type) {
	case *plan.Project, *plan.Filter, *plan.IndexedTableAccess, *plan.ResolvedTable,
		*plan.TableAlias, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Sort,
		*plan.GroupBy, *plan.Distinct, *plan.OrderedDistinct:
		return true
	}
	return false
}

// allowedExpr refuses expressions that read state fixed at analysis or
// change state: variables (their value can change between executions),
// subqueries, unbound parameters.
func allowedExpr(e sql.Expression) bool {
	switch e.(type) {
	case *expression.UserVar, *expression.SystemVar, *expression.BindVar,
		*expression.ProcedureParam, *plan.Subquery, *expression.SetField:
		return false
	}
	// Myriad's own and GMS's functions outside this list are evaluated at
	// execution from their children, so they are fine; a name check keeps
	// out the few that change session state.
	if f, ok := e.(sql.FunctionExpression); ok {
		switch strings.ToLower(f.FunctionName()) {
		case "last_insert_id", "get_lock", "release_lock", "release_all_locks", "sleep",
			"row_count", "found_rows", "benchmark", "load_file":
			return false
		}
	}
	return true
}

// Bind returns a copy of the template with vals (literals of the types the
// template was keyed by) in place of the parameters, and every static index
// range rebuilt from them. ok is false when a range cannot be rebuilt for
// these values (the caller takes the general path).
func (p *Plan) Bind(ctx *sql.Context, vals []*expression.Literal) (n sql.Node, ok bool, err error) {
	defer func() {
		// Never a failed statement for the cache's sake: the general path
		// runs instead.
		if r := recover(); r != nil {
			n, ok, err = nil, false, nil
		}
	}()
	if len(vals) != len(p.params) {
		return nil, false, nil
	}
	subst := make(map[*expression.Literal]*expression.Literal, len(vals)+len(p.derived))
	for i, l := range p.params {
		subst[l] = vals[i]
	}
	for l, i := range p.derived {
		v, err := convertLike(ctx, l, vals[i].Value())
		if err != nil {
			return nil, false, nil
		}
		subst[l] = expression.NewLiteral(v, l.Type())
	}
	ok = true
	n, _, err = transform.Node(p.tmpl, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ita, isITA := n.(*plan.IndexedTableAccess)
		if !isITA {
			return n, transform.SameTree, nil
		}
		r := p.itas[ita]
		if r == nil {
			return n, transform.SameTree, nil
		}
		nita, good, err := r.rebuild(ctx, ita, subst)
		if err != nil || !good {
			ok = false
			return n, transform.SameTree, err
		}
		return nita, transform.NewTree, nil
	})
	if err != nil || !ok {
		return nil, false, err
	}
	n, _, err = transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.Literal:
			if nl, mine := subst[x]; mine {
				return nl, transform.NewTree, nil
			}
		case *expression.HashInTuple:
			// Its hash set of the right side's values is built when it is
			// made and kept by WithChildren, which the substitution of its
			// children above went through: it must be made again, or it
			// matches the analyzed values (c IN (30, 15) answering for
			// c IN (0, 3)).
			nh, err := expression.NewHashInTuple(ctx, x.Left(), x.Right())
			if err != nil {
				return nil, transform.SameTree, err
			}
			return nh, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	if err != nil {
		return nil, false, err
	}
	return n, true, nil
}

// deriveFrom finds the one parameter l is a conversion of. Statements
// whose text has literals of its own are not cached (the caller checks),
// so every literal of the plan is a parameter, a conversion of one, or made
// by the analyzer; the last kind is refused. n is the number of parameters
// that could have made l (more than one: ambiguous for these values).
func deriveFrom(ctx *sql.Context, l *expression.Literal, params []*expression.Literal) (at, n int) {
	at = -1
	for i, p := range params {
		if !congruent(l.Type(), p.Type()) || p.Value() == nil {
			continue
		}
		v, err := convertLike(ctx, l, p.Value())
		if err != nil {
			continue
		}
		if c, err := l.Type().Compare(ctx, v, l.Value()); err != nil || c != 0 {
			continue
		}
		at = i
		n++
	}
	return at, n
}

// congruent mirrors the planner's condition for converting a compared
// literal to the column's type.
func congruent(a, b sql.Type) bool {
	return types.IsSigned(a) && types.IsSigned(b) || types.IsUnsigned(a) && types.IsUnsigned(b) ||
		types.IsFloat(a) && types.IsFloat(b) || types.IsDecimal(a) && types.IsDecimal(b) ||
		types.IsText(a) && types.IsText(b)
}

func convertLike(ctx *sql.Context, l *expression.Literal, v any) (any, error) {
	out, _, err := l.Type().Convert(ctx, v)
	return out, err
}
