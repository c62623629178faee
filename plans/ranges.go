package plans

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// A recipe rebuilds a static index lookup from the literals of the filter
// above it, through GMS's own range builder (sql.MySQLIndexBuilder, which
// the analyzer uses too), so conversions to the column type, empty ranges
// for fractional keys of integer columns and out-of-range keys are GMS's.
type recipe struct {
	lookup sql.IndexLookup // as analyzed: index and flags
	steps  []step
}

type op uint8

const (
	opEq op = iota
	opNullSafeEq
	opGt
	opGte
	opLt
	opLte
)

type step struct {
	op   op
	col  string              // the index's column expression
	val  *expression.Literal // as analyzed
	slot int                 // where Bind's slots hold its value
}

// newRecipe derives the steps from filter's conjuncts over the index's
// columns and accepts them only if replaying them reproduces the analyzed
// ranges exactly.
func newRecipe(ctx *sql.Context, ita *plan.IndexedTableAccess, filter *plan.Filter) (*recipe, bool) {
	lookup := plan.GetIndexLookup(ita)
	if filter == nil || lookup.Index == nil || lookup.IsSpatialLookup || lookup.Index.IsFullText() ||
		lookup.Index.IsSpatial() || lookup.Index.IsVector() || lookup.VectorOrderAndLimit.OrderBy != nil {
		return nil, false
	}
	if _, ok := lookup.Ranges.(sql.MySQLRangeCollection); !ok {
		return nil, false
	}
	cols := map[string]string{} // lower(column name) -> index expression
	for _, e := range lookup.Index.Expressions() {
		name := e
		if i := strings.LastIndexByte(e, '.'); i >= 0 {
			name = e[i+1:]
		}
		cols[strings.ToLower(name)] = e
	}
	r := &recipe{lookup: lookup}
	for _, c := range expression.SplitConjunction(filter.Expression) {
		if !r.addConjunct(c, cols) {
			return nil, false
		}
	}
	if len(r.steps) == 0 {
		return nil, false
	}
	got, ok, err := r.lookupFor(ctx, nil)
	if err != nil || !ok {
		return nil, false
	}
	if got.Ranges.DebugString() != lookup.Ranges.DebugString() || got.IsEmptyRange != lookup.IsEmptyRange {
		return nil, false
	}
	return r, true
}

// addConjunct records a comparison of an index column with a literal; a
// conjunct over other columns is ignored (it stays in the filter), one
// over an index column in any other form makes the plan uncacheable.
func (r *recipe) addConjunct(c sql.Expression, cols map[string]string) bool {
	col := func(e sql.Expression) (string, bool) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return "", false
		}
		ix, ok := cols[strings.ToLower(gf.Name())]
		return ix, ok
	}
	touches := func(e sql.Expression) bool {
		found := false
		sql.Inspect(e, func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok {
				if _, ok := cols[strings.ToLower(gf.Name())]; ok {
					found = true
				}
			}
			return !found
		})
		return found
	}
	cmp := func(left, right sql.Expression, o, flipped op) bool {
		if ix, ok := col(left); ok {
			if l, ok := right.(*expression.Literal); ok {
				r.steps = append(r.steps, step{op: o, col: ix, val: l})
				return true
			}
		}
		if ix, ok := col(right); ok {
			if l, ok := left.(*expression.Literal); ok {
				r.steps = append(r.steps, step{op: flipped, col: ix, val: l})
				return true
			}
		}
		return !touches(left) && !touches(right)
	}
	switch e := c.(type) {
	case *expression.Equals:
		return cmp(e.Left(), e.Right(), opEq, opEq)
	case *expression.NullSafeEquals:
		return cmp(e.Left(), e.Right(), opNullSafeEq, opNullSafeEq)
	case *expression.GreaterThan:
		return cmp(e.Left(), e.Right(), opGt, opLt)
	case *expression.GreaterThanOrEqual:
		return cmp(e.Left(), e.Right(), opGte, opLte)
	case *expression.LessThan:
		return cmp(e.Left(), e.Right(), opLt, opGt)
	case *expression.LessThanOrEqual:
		return cmp(e.Left(), e.Right(), opLte, opGte)
	case *expression.Between:
		ix, ok := col(e.Val)
		lo, ok1 := e.Lower.(*expression.Literal)
		hi, ok2 := e.Upper.(*expression.Literal)
		if !ok || !ok1 || !ok2 {
			return !touches(e)
		}
		r.steps = append(r.steps, step{op: opGte, col: ix, val: lo}, step{op: opLte, col: ix, val: hi})
		return true
	}
	return !touches(c)
}

// lookupFor replays the steps with their values from slots (nil: as
// analyzed).
func (r *recipe) lookupFor(ctx *sql.Context, slots []*expression.Literal) (sql.IndexLookup, bool, error) {
	bb := sql.NewMySQLIndexBuilder(r.lookup.Index)
	for _, s := range r.steps {
		l := s.val
		if slots != nil {
			l = slots[s.slot]
		}
		v := l.Value()
		switch s.op {
		case opEq:
			if v == nil {
				// col = NULL matches nothing; the analyzer plans it
				// differently, so such values take the general path.
				return sql.IndexLookup{}, false, nil
			}
			bb.Equals(ctx, s.col, v)
		case opNullSafeEq:
			if v == nil {
				bb.IsNull(ctx, s.col)
			} else {
				bb.Equals(ctx, s.col, v)
			}
		case opGt, opGte, opLt, opLte:
			if v == nil {
				return sql.IndexLookup{}, false, nil
			}
			switch s.op {
			case opGt:
				bb.GreaterThan(ctx, s.col, v)
			case opGte:
				bb.GreaterOrEqual(ctx, s.col, v)
			case opLt:
				bb.LessThan(ctx, s.col, v)
			case opLte:
				bb.LessOrEqual(ctx, s.col, v)
			}
		}
	}
	if _, err := bb.Build(ctx); err != nil {
		// A value the column type cannot take (the analyzer would have
		// planned it differently): the general path decides.
		return sql.IndexLookup{}, false, nil
	}
	ranges := bb.Ranges(ctx)
	if ranges == nil {
		return sql.IndexLookup{}, false, nil
	}
	empty := len(ranges) == 0
	if len(ranges) == 1 {
		var err error
		if empty, err = ranges[0].IsEmpty(); err != nil {
			return sql.IndexLookup{}, false, nil
		}
	}
	return sql.NewIndexLookup(r.lookup.Index, ranges, r.lookup.IsPointLookup, empty, false, r.lookup.IsReverse), true, nil
}

func (r *recipe) rebuild(ctx *sql.Context, ita *plan.IndexedTableAccess, slots []*expression.Literal) (sql.Node, bool, error) {
	lookup, ok, err := r.lookupFor(ctx, slots)
	if err != nil || !ok {
		return nil, false, err
	}
	n, err := plan.NewStaticIndexedAccessForTableNode(ctx, ita.TableNode, lookup)
	if err != nil {
		return nil, false, nil
	}
	return n.WithId(ita.Id()).WithColumns(ita.Columns()), true, nil
}
