package plans

import (
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// A recipe rebuilds a static index lookup from the literals of the filter
// above it, through GMS's own range builder (sql.MySQLIndexBuilder, which
// the analyzer uses too), so conversions to the column type, empty ranges
// for fractional keys of integer columns and out-of-range keys are GMS's.
type recipe struct {
	lookup sql.IndexLookup // as analyzed: index and flags
	steps  []step
	// point is the type of the only column of the index when the lookup
	// is one equality on it: integer and string keys are then made into
	// the range directly (pointLookup), the builder's conversion
	// without its per-call setup.
	point sql.Type
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
	if cets := lookup.Index.ColumnExpressionTypes(); len(cets) == 1 && len(r.steps) == 1 && r.steps[0].op == opEq {
		r.point = cets[0].Type
		if _, isString := r.point.(sql.StringType); isString {
			r.point = r.point.Promote() // as the builder types string columns
		}
		if direct, ok := r.pointLookup(ctx, r.steps[0].val.Value()); ok &&
			direct.Ranges.DebugString() != got.Ranges.DebugString() {
			r.point = nil
		}
	}
	return r, true
}

// pointLookup builds the lookup of r's one equality on a one-column index
// for v as sql.MySQLIndexBuilder does (the value converted to the column
// type, a closed range from it to itself); ok is false for values the
// builder treats specially (NULL, fractional numbers against integer
// columns, failed conversions), which take the builder.
func (r *recipe) pointLookup(ctx *sql.Context, v any) (sql.IndexLookup, bool) {
	switch v.(type) {
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint, string:
	default:
		return sql.IndexLookup{}, false
	}
	if negativeInt(v) && types.IsUnsigned(r.point) {
		return sql.IndexLookup{}, false
	}
	k, _, err := r.point.Convert(ctx, v)
	if err != nil || k == nil {
		return sql.IndexLookup{}, false
	}
	ranges := sql.MySQLRangeCollection{sql.MySQLRange{sql.ClosedRangeColumnExpr(k, k, r.point)}}
	return sql.NewIndexLookup(r.lookup.Index, ranges, r.lookup.IsPointLookup, false, false, r.lookup.IsReverse), true
}

// CheckPointRanges makes every direct point lookup also be built by GMS's
// builder and counts the lookups that differ in PointMismatches (tests set
// it).
var CheckPointRanges bool

// PointChecks and PointMismatches count the lookups CheckPointRanges
// compared and those that differed.
var PointChecks, PointMismatches atomic.Int64

// addConjunct records a comparison of an index column with a literal; a
// conjunct over other columns is ignored (it stays in the filter), one
// over an index column in any other form makes the plan uncacheable.
// CollationKey is an expression that compares its child by the child's
// collation key (engine's collKey, which engine/padspace.go wraps both
// sides of a string comparison in under PAD SPACE and UCA-expanding
// collations). A comparison of a column's key with a literal's key under
// the column's own collation is the comparison its index range was built
// from: KeyedColumn returns the column (nil unless the key's collation is
// the column's), KeyedValue the child.
type CollationKey interface {
	KeyedColumn() sql.Expression
	KeyedValue() sql.Expression
}

func (r *recipe) addConjunct(c sql.Expression, cols map[string]string) bool {
	col := func(e sql.Expression) (string, bool) {
		if k, ok := e.(CollationKey); ok {
			e = k.KeyedColumn()
		}
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
	lit := func(e sql.Expression) (*expression.Literal, bool) {
		if k, ok := e.(CollationKey); ok {
			e = k.KeyedValue()
		}
		l, ok := e.(*expression.Literal)
		return l, ok
	}
	cmp := func(left, right sql.Expression, o, flipped op) bool {
		if ix, ok := col(left); ok {
			if l, ok := lit(right); ok {
				r.steps = append(r.steps, step{op: o, col: ix, val: l})
				return true
			}
		}
		if ix, ok := col(right); ok {
			if l, ok := lit(left); ok {
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
	if r.point != nil && slots != nil {
		if l, ok := r.pointLookup(ctx, slots[r.steps[0].slot].Value()); ok {
			if CheckPointRanges {
				PointChecks.Add(1)
				b, ok, err := r.builderLookup(ctx, slots)
				if err != nil || !ok || b.Ranges.DebugString() != l.Ranges.DebugString() || b.IsEmptyRange {
					PointMismatches.Add(1)
				}
			}
			return l, true, nil
		}
	}
	return r.builderLookup(ctx, slots)
}

// builderLookup is lookupFor through GMS's range builder.
func (r *recipe) builderLookup(ctx *sql.Context, slots []*expression.Literal) (sql.IndexLookup, bool, error) {
	bb := sql.NewMySQLIndexBuilder(r.lookup.Index)
	for _, s := range r.steps {
		l := s.val
		if slots != nil {
			l = slots[s.slot]
		}
		v := l.Value()
		if negativeInt(v) && r.unsignedColumn(s.col) {
			// The analyzer rewrites comparisons of unsigned columns with
			// negative constants first (planfix's unsignedBelowZero); the
			// builder would wrap -4 around to 2^64-4 and bound the span
			// by it. A plan analyzed with a non-negative value has no
			// such rewrite to replay: the general path plans these.
			return sql.IndexLookup{}, false, nil
		}
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

// negativeInt reports whether v is a negative signed integer.
func negativeInt(v any) bool {
	switch x := v.(type) {
	case int8:
		return x < 0
	case int16:
		return x < 0
	case int32:
		return x < 0
	case int64:
		return x < 0
	case int:
		return x < 0
	}
	return false
}

// unsignedColumn reports whether the index column col is an unsigned
// integer.
func (r *recipe) unsignedColumn(col string) bool {
	for _, ce := range r.lookup.Index.ColumnExpressionTypes() {
		if strings.EqualFold(ce.Expression, col) {
			return types.IsUnsigned(ce.Type)
		}
	}
	return false
}
