package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// StampEqRuleID is from tz4's range 11_350-11_359.
const StampEqRuleID analyzer.RuleId = 11_351

// An equality of an indexed TIMESTAMP column with a constant in a
// repeated hour. MySQL looks the constant up in the index as one instant
// (the session zone's wall time converted by TIME_to_gmt_sec: the earlier
// of the two), so `ts = '2026-11-01 01:30:00'` under America/New_York
// finds the 01:30 EDT row and not the 01:30 EST one; without an index its
// scan compares wall times and finds both (manual, "Indexed Lookups from
// TIMESTAMP Columns"). Myriad widens the index range over both instants
// (engine/timezone.go zoneRanges) and GMS's filter above it compared wall
// times: both rows, whether the index was read or not. stampEqRule makes
// such an equality (=, <=>) compare the column's stored instant
// (StampInstant) with the constant's (FromZone) when the column is the
// first of one of its table's indexes, the access MySQL takes for it;
// with either access path Myriad then answers as MySQL's index does. A
// column that leads no index keeps the wall-time comparison, MySQL's scan.
// `col IN (constants)` is the same lookup per constant (stampIn, tzrep).
// It runs last, after GMS chose the access path, and only under a zone
// with DST (a plan is cached per time_zone).
var stampEqRule = analyzer.Rule{Id: StampEqRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !zoneHasDST(ctx) {
		return n, transform.SameTree, nil
	}
	lead := indexLeadingStamps(ctx, n)
	if len(lead) == 0 {
		return n, transform.SameTree, nil
	}
	return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		var l, r sql.Expression
		nullSafe := false
		switch c := e.(type) {
		case *expression.InTuple, *expression.HashInTuple:
			return stampInOf(e, lead)
		case *expression.Equals:
			l, r = c.Left(), c.Right()
		case *expression.NullSafeEquals:
			l, r, nullSafe = c.Left(), c.Right(), true
		default:
			return e, transform.SameTree, nil
		}
		col, k := stampColumn(l, lead), r
		if col == nil {
			col, k = stampColumn(r, lead), l
		}
		if col == nil || !constantExpr(k) {
			return e, transform.SameTree, nil
		}
		return &stampEq{orig: e, col: col, k: k, nullSafe: nullSafe}, transform.NewTree, nil
	})
}}

type stampKey struct {
	id   sql.TableId
	name string // lower-case column name
}

// indexLeadingStamps lists the TIMESTAMP columns of n's tables that are
// the first column of one of their table's indexes.
func indexLeadingStamps(ctx *sql.Context, n sql.Node) map[stampKey]bool {
	var out map[stampKey]bool
	check := func(id sql.TableId, rt *plan.ResolvedTable) {
		sch := rt.Schema()
		stamp := map[string]bool{}
		for _, c := range sch {
			if c.Type.Type() == sqltypes.Timestamp {
				stamp[strings.ToLower(c.Name)] = true
			}
		}
		if len(stamp) == 0 {
			return
		}
		it, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
		if !ok {
			return
		}
		idxs, err := it.GetIndexes(ctx)
		if err != nil {
			return
		}
		for _, idx := range idxs {
			exprs := idx.Expressions()
			if len(exprs) == 0 {
				continue
			}
			first := strings.ToLower(exprs[0])
			if i := strings.LastIndexByte(first, '.'); i >= 0 {
				first = first[i+1:]
			}
			first = strings.Trim(first, "`")
			if stamp[first] {
				if out == nil {
					out = map[stampKey]bool{}
				}
				out[stampKey{id, first}] = true
			}
		}
	}
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.TableAlias:
			if rt, ok := n.Child.(*plan.ResolvedTable); ok {
				check(n.Id(), rt)
			}
			if ita, ok := n.Child.(*plan.IndexedTableAccess); ok {
				if rt, ok := ita.TableNode.(*plan.ResolvedTable); ok {
					check(n.Id(), rt)
				}
			}
		case *plan.ResolvedTable:
			check(n.Id(), n)
		case *plan.IndexedTableAccess:
			if rt, ok := n.TableNode.(*plan.ResolvedTable); ok {
				check(n.Id(), rt)
			}
		}
		return true
	})
	return out
}

func stampColumn(e sql.Expression, lead map[stampKey]bool) *expression.GetField {
	gf, ok := e.(*expression.GetField)
	if !ok || gf.Type().Type() != sqltypes.Timestamp || !lead[stampKey{gf.TableId(), strings.ToLower(gf.Name())}] {
		return nil
	}
	return gf
}

// constantExpr: an expression that reads no column, no variable and no
// subquery (a literal, or a function of literals GMS did not fold).
func constantExpr(e sql.Expression) bool {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *plan.Subquery, *expression.UserVar, *expression.SystemVar, *expression.BindVar, *expression.ProcedureParam:
			ok = false
		}
		if nd, isND := e.(sql.NonDeterministicExpression); isND && nd.IsNonDeterministic() {
			ok = false
		}
		return !ok
	})
	return ok
}

// stampEq is `col = k` (or `<=>`) of an indexed TIMESTAMP column with a
// constant, compared as stored instants.
type stampEq struct {
	orig     sql.Expression
	col      sql.Expression
	k        sql.Expression
	nullSafe bool
}

var _ sql.Expression = (*stampEq)(nil)

func (s *stampEq) Resolved() bool             { return s.orig.Resolved() }
func (s *stampEq) IsNullable() bool           { return s.orig.IsNullable() }
func (s *stampEq) Type() sql.Type             { return s.orig.Type() }
func (s *stampEq) Children() []sql.Expression { return []sql.Expression{s.col, s.k} }
func (s *stampEq) String() string {
	return fmt.Sprintf("stamp_instant(%s) = stamp_instant(%s)", s.col, s.k)
}
func (s *stampEq) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (s *stampEq) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 2)
	}
	orig, err := s.orig.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	// orig's children are in their written order; col and k may not be.
	if s.orig.Children()[0] != s.col {
		orig, err = s.orig.WithChildren(children[1], children[0])
		if err != nil {
			return nil, err
		}
	}
	return &stampEq{orig: orig, col: children[0], k: children[1], nullSafe: s.nullSafe}, nil
}

func (s *stampEq) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cv, err := s.col.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	kv, err := s.k.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if cv == nil || kv == nil {
		if s.nullSafe {
			return cv == nil && kv == nil, nil
		}
		return nil, nil
	}
	t, ok := cv.(time.Time)
	d, _, cerr := types.DatetimeMaxPrecision.Convert(ctx, kv)
	kt, ok2 := d.(time.Time)
	loc := SessionZone(ctx)
	if !ok || cerr != nil || !ok2 || loc == nil || t.Year() < 1 || kt.Year() < 1 {
		// Not a date and time (GMS's comparison decides, and warns), or
		// nothing to convert.
		return s.orig.Eval(ctx, row)
	}
	return StampInstant(t, loc).Equal(FromZone(kt, loc)), nil
}

// stampInOf: `col IN (k1, k2, ...)` of an indexed TIMESTAMP column with
// constants is MySQL's range lookup, one range per constant, each
// constant the earlier instant of its wall time (as stampEq's `=`): `ts IN
// ('2026-11-01 01:30:00')` finds 01:30 EDT and not 01:30 EST.
func stampInOf(e sql.Expression, lead map[stampKey]bool) (sql.Expression, transform.TreeIdentity, error) {
	c, ok := e.(interface {
		Left() sql.Expression
		Right() sql.Expression
	})
	if !ok {
		return e, transform.SameTree, nil
	}
	col := stampColumn(c.Left(), lead)
	tup, isTuple := c.Right().(expression.Tuple)
	if col == nil || !isTuple || len(tup) == 0 {
		return e, transform.SameTree, nil
	}
	for _, k := range tup {
		if !constantExpr(k) {
			return e, transform.SameTree, nil
		}
	}
	return &stampIn{orig: e}, transform.NewTree, nil
}

// stampIn is `col IN (constants)` of an indexed TIMESTAMP column,
// compared as stored instants. Its children are orig's (the column and
// the tuple), so a parameter bound later reaches orig.
type stampIn struct {
	orig sql.Expression
}

var _ sql.Expression = (*stampIn)(nil)

func (s *stampIn) Resolved() bool             { return s.orig.Resolved() }
func (s *stampIn) IsNullable() bool           { return s.orig.IsNullable() }
func (s *stampIn) Type() sql.Type             { return s.orig.Type() }
func (s *stampIn) Children() []sql.Expression { return s.orig.Children() }
func (s *stampIn) String() string {
	return fmt.Sprintf("stamp_instant(%s)", s.orig)
}
func (s *stampIn) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (s *stampIn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	orig, err := s.orig.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &stampIn{orig: orig}, nil
}

func (s *stampIn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	kids := s.orig.Children()
	tup, ok := kids[1].(expression.Tuple)
	loc := SessionZone(ctx)
	if !ok || loc == nil {
		return s.orig.Eval(ctx, row)
	}
	cv, err := kids[0].Eval(ctx, row)
	if err != nil || cv == nil {
		return nil, err
	}
	t, ok := cv.(time.Time)
	if !ok || t.Year() < 1 {
		return s.orig.Eval(ctx, row)
	}
	at := StampInstant(t, loc)
	sawNull := false
	for _, k := range tup {
		kv, err := k.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if kv == nil {
			sawNull = true
			continue
		}
		d, _, cerr := types.DatetimeMaxPrecision.Convert(ctx, kv)
		kt, ok := d.(time.Time)
		if cerr != nil || !ok || kt.Year() < 1 {
			// Not a date and time: GMS's comparison decides (and warns).
			return s.orig.Eval(ctx, row)
		}
		if at.Equal(FromZone(kt, loc)) {
			return true, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return false, nil
}
