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
	// derived are literals the planner made from a parameter by converting
	// it to the type of the column it is compared with (GMS's
	// planbuilder does so for congruent types).
	derived []derivedLit
	// patch says where in tmpl the parameters and derived literals are
	// (slots: params first, then derived), so Bind copies only the nodes
	// and expressions on the way to them.
	patch *nodePatch
	size  int64
	dml   bool
	flags *sql.QueryFlags

	// singleRow: the analyzer proved the plan returns at most one row
	// (GMS's QFlagMax1Row), so its result can be spooled without GMS's
	// multi-row machinery.
	singleRow bool
	// meta is what the caller derived from the plan's first execution and
	// reuses on later ones (the server: the result set's column metadata).
	meta atomic.Value
	// rng is the recipe of the one static index access when the
	// parameters reach nothing else but Filters (compiled.go); compiled is
	// what the caller compiled an execution into (SetCompiled).
	rng      *recipe
	compiled atomic.Value
	// locking is what the caller derived from an execution's nodes for
	// its locks (the server: engine.PlanLocks), kept so later executions
	// need not walk their plan for it. Not carried over by Retarget.
	locking atomic.Value
	// notes is what the caller derived from the plan's result columns for
	// their field metadata (the server: engine's result notes), kept so
	// later executions need not walk their plan for it.
	notes atomic.Value
}

type derivedLit struct {
	lit   *expression.Literal
	param int
}

// DML reports whether the plan is an INSERT, UPDATE or DELETE (built with
// Options.DML).
func (p *Plan) DML() bool { return p.dml }

// SetFlags keeps the analyzer's query flags for execution. It must be
// called before the Plan is shared (Cache.Put).
func (p *Plan) SetFlags(f *sql.QueryFlags) { p.flags = f }

// Flags returns a copy of what SetFlags kept (nil if nothing).
func (p *Plan) Flags() *sql.QueryFlags {
	if p.flags == nil {
		return nil
	}
	f := *p.flags
	return &f
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

// SetLocking keeps v for later executions; the first value stored wins.
func (p *Plan) SetLocking(v any) { p.locking.CompareAndSwap(nil, v) }

// Locking is what SetLocking kept, or nil.
func (p *Plan) Locking() any { return p.locking.Load() }

// SetNotes keeps v for later executions; the first value stored wins.
func (p *Plan) SetNotes(v any) { p.notes.CompareAndSwap(nil, v) }

// Notes is what SetNotes kept, or nil.
func (p *Plan) Notes() any { return p.notes.Load() }

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

// Options widen what Build accepts.
type Options struct {
	// DML accepts single-table INSERT ... VALUES, UPDATE and DELETE plans
	// (package doc) besides SELECTs.
	DML bool
	// Constants is how many constants the statement has of its own, all
	// outside its comparisons (UPDATE's SET k = k + 1). That many distinct
	// literals that are neither compared nor parameters are then kept as
	// they are; any other such literal (or fewer) means the analyzer made
	// or folded one and the plan is refused.
	Constants int
}

// PassThrough is implemented by nodes of other packages that pass their
// child's rows through and keep no state between executions (the engine's
// bytewise-comparing UPDATE source), so Build may accept them.
type PassThrough interface {
	sql.Node
	PlanCachePassThrough()
}

// Build turns an analyzed plan into a cacheable template. params are the
// literals the statement's parameters were bound as (in order), by
// identity (or converted to a compared column's type). ok is false when
// the plan is not cacheable; retry is true when that is only because of
// these values (two parameters equal, so a conversion's origin is
// ambiguous) and other values may do.
func Build(ctx *sql.Context, analyzed sql.Node, params []*expression.Literal, opts Options) (p *Plan, ok, retry bool) {
	defer func() {
		// A plan shape this package did not foresee is not cached, never
		// a failed statement.
		if r := recover(); r != nil {
			Debug("panic %v", r)
			p, ok, retry = nil, false, false
		}
	}()
	// Progress callbacks capture the analyzing query's context; the
	// template must not keep that session alive or report into it.
	tmpl, _, err := transform.Node(analyzed, UntrackTable)
	if err != nil {
		return nil, false, false
	}
	if opts.DML && !isDML(tmpl) {
		opts.DML = false
	}
	p = &Plan{tmpl: tmpl, params: params, dml: opts.DML}
	itas := map[*plan.IndexedTableAccess]*recipe{}
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
		if !allowedNode(n, opts.DML) {
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
			itas[ita] = r
			return true
		}
		if rt, isRT := n.(*plan.ResolvedTable); isRT {
			if _, isTable := rt.Table.(sql.IndexAddressableTable); !isTable {
				return false
			}
		}
		if _, isDest := n.(*plan.InsertDestination); isDest {
			// Its expressions are the table's column defaults, part of
			// the definition the catalog version stands for.
			return true
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
			if !inspect(e, limits, opts.DML, &nodes, &lits) {
				Debug("expr in %T", n)
				return false
			}
		}
		return true
	})
	if !ok {
		return nil, false, false
	}
	for _, r := range itas {
		for _, s := range r.steps {
			lits = append(lits, literal{s.val, true})
		}
	}
	slots := make(map[*expression.Literal]int, len(params))
	for i, l := range params {
		slots[l] = i
	}
	constants := map[*expression.Literal]bool{}
	for _, x := range lits {
		l := x.lit
		if c, mine := want[l]; mine {
			want[l] = c + 1
			continue
		}
		if _, seen := slots[l]; seen {
			continue
		}
		if !x.compared {
			if opts.Constants > 0 {
				constants[l] = true
				continue
			}
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
		slots[l] = len(params) + len(p.derived)
		p.derived = append(p.derived, derivedLit{lit: l, param: i})
		want[params[i]]++
	}
	if len(constants) != opts.Constants {
		Debug("%d constants, the statement has %d", len(constants), opts.Constants)
		return nil, false, false
	}
	for l, c := range want {
		if c == 0 {
			Debug("param %v lost", l)
			// The analyzer folded the parameter into something else: the
			// plan depends on its value in a way this package cannot redo.
			return nil, false, false
		}
	}
	for _, r := range itas {
		for i := range r.steps {
			r.steps[i].slot = slots[r.steps[i].val]
		}
	}
	p.patch = nodePatchFor(tmpl, itas, slots)
	p.rng = rangeOnly(tmpl, p.patch)
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
func inspect(e sql.Expression, compared, dml bool, nodes *int, lits *[]literal) bool {
	*nodes++
	if l, isLit := e.(*expression.Literal); isLit {
		*lits = append(*lits, literal{l, compared})
		return true
	}
	if dml {
		switch e.(type) {
		case *expression.SetField:
			// UPDATE's assignments: evaluated per row from their
			// children like any expression.
			return inspect(e.Children()[0], false, dml, nodes, lits) && inspect(e.Children()[1], false, dml, nodes, lits)
		case *sql.ColumnDefaultValue:
			// A default of the table's definition, fixed by its version.
			return true
		}
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
		if !inspect(c, cmp, dml, nodes, lits) {
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
	if ins, ok := n.(*plan.InsertInto); ok {
		// The rows to insert are not among its children.
		return walk(ins.Source, nil, fn)
	}
	return true
}

// allowedNode lists the nodes whose execution depends only on their
// expressions and children and keeps no state in the node between
// executions (a hash join's table, a subquery's cache would).
func allowedNode(n sql.Node, dml bool) bool {
	switch n.(type) {
	case *plan.Project, *plan.Filter, *plan.IndexedTableAccess, *plan.ResolvedTable,
		*plan.TableAlias, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Sort,
		*plan.GroupBy, *plan.Distinct, *plan.OrderedDistinct:
		return true
	}
	if !dml {
		return false
	}
	switch n := n.(type) {
	case *plan.Update:
		return !n.IsJoin && !n.Ignore && !n.IsProcNested && len(n.Checks()) == 0 && len(n.Returning) == 0
	case *plan.UpdateSource:
		return !n.Ignore
	case *plan.DeleteFrom:
		return !n.HasExplicitTargets() && !n.IsProcNested
	case *plan.InsertInto:
		return !n.IsReplace && !n.Ignore && len(n.OnDupExprs) == 0 && len(n.Checks()) == 0 && len(n.Returning) == 0
	case *plan.InsertDestination, *plan.Values:
		return true
	case PassThrough:
		return true
	}
	return false
}

// isDML reports whether n is a single-table DML statement's plan.
func isDML(n sql.Node) bool {
	switch n.(type) {
	case *plan.Update, *plan.DeleteFrom, *plan.InsertInto:
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

// UntrackTable takes GMS's progress wrapper (plan.ProcessTable or
// ProcessIndexableTable, added by its trackProcess rule) off n when n is a
// table; for transform.Node.
func UntrackTable(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return n, transform.SameTree, nil
	}
	switch t := rt.Table.(type) {
	case *plan.ProcessTable:
		nt, err := rt.ReplaceTable(t.Underlying())
		return nt, transform.NewTree, err
	case *plan.ProcessIndexableTable:
		nt, err := rt.ReplaceTable(t.Underlying())
		return nt, transform.NewTree, err
	}
	return n, transform.SameTree, nil
}
