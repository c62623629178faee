package engine

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/catalog"
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
	ita, isITA := f.Child.(*plan.IndexedTableAccess)
	if !isITA || !ita.IsStatic() {
		return nil, false
	}
	// The table itself, not a wrapper that could change what a row is.
	var t *Table
	switch x := ita.UnderlyingTable().(type) {
	case *Table:
		t = x
	case *indexedTable:
		t = x.Table
	default:
		return nil, false
	}
	lookup := plan.GetIndexLookup(ita)
	idx, isOurs := lookup.Index.(*index)
	// The primary index only: a locking read returns a row's newest
	// version, whose secondary key may no longer be in the span, but
	// whose primary key is the one the span held.
	if !isOurs || idx.id != catalog.PrimaryIndexID || len(t.def.PK) == 0 || t.def.HiddenPK() || len(idx.prefix) > 0 {
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
		if !ok {
			return false
		}
		switch l.Value().(type) {
		case int8, int16, int32, int64, uint8, uint16, uint32, uint64:
		default:
			return false
		}
		// A constant the column cannot hold (-4 against an UNSIGNED key,
		// 300 against a TINYINT) gets ranges from GMS's conversion of
		// it, which need not be the comparison's set.
		if _, ok := exactBound(ctx, sch[col].Type, l.Value()); !ok {
			return false
		}
		return !atTypeLimit(sch[col].Type, l.Value())
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

var droppedFilters atomic.Int64

// DroppedFilters counts the Filters DropExactFilters removed or reduced
// (tests check that the exact path ran).
func DroppedFilters() int64 { return droppedFilters.Load() }

// hasFilter reports whether the tree holds a Filter, sparing the usual
// point lookup a transform's allocations.
func hasFilter(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*plan.Filter); ok {
			found = true
		}
		return !found
	})
	return found
}
