package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"
)

// StampOrderRuleID is from tz3's range 11_280-11_289.
const StampOrderRuleID analyzer.RuleId = 11_280

// MySQL's filesort sorts a TIMESTAMP by its stored value (the sort key is
// the column's UTC bytes), while the value it returns is the session's wall
// time; GMS sorts the wall times the engine hands it. Under a zone with DST
// the two orders differ across a repeated hour: 02:45 before the change
// (00:45 UTC in Berlin) sorts after 02:15 after it (01:15 UTC) by wall
// time, before it in MySQL. stampOrderRule sorts ORDER BY keys of type
// TIMESTAMP by their instant (StampInstant: the one the value was read from,
// which the engine marks in a repeated hour). It runs last, after GMS chose
// to read an index in order instead (the index is in UTC order already),
// and only under a zone with DST: a plan is cached per time_zone.
var stampOrderRule = analyzer.Rule{Id: StampOrderRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !zoneHasDST(ctx) {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		var fields sql.SortFields
		switch s := n.(type) {
		case *plan.Sort:
			fields = s.SortFields
		case *plan.TopN:
			fields = s.Fields
		default:
			return n, transform.SameTree, nil
		}
		var out sql.SortFields
		var plain []bool
		for i, f := range fields {
			if f.Column.Type().Type() != sqltypes.Timestamp {
				continue
			}
			if _, done := f.Column.(*stampOrder); done {
				continue
			}
			// Only the column as read has a stored value to sort by: an
			// expression of it (IFNULL(ts, ts), MAX(ts), a derived
			// table's IFNULL) is a wall time to MySQL's filesort.
			if plain == nil {
				plain = plainCols(n.Children()[0], false)
			}
			if !plainStampField(f.Column, n.Children()[0], plain) {
				continue
			}
			if out == nil {
				out = append(sql.SortFields(nil), fields...)
			}
			out[i].Column = &stampOrder{unary: unary{f.Column}}
		}
		if out == nil {
			return n, transform.SameTree, nil
		}
		switch s := n.(type) {
		case *plan.Sort:
			return plan.NewSort(out, s.Child), transform.NewTree, nil
		default:
			t := *n.(*plan.TopN)
			t.Fields = out
			return &t, transform.NewTree, nil
		}
	})
}}

// zoneHasDST reports whether the session's time_zone is a named zone (an
// offset converts one to one).
func zoneHasDST(ctx *sql.Context) bool {
	if SessionZone(ctx) == nil {
		return false
	}
	v, err := ctx.GetSessionVariable(ctx, "time_zone")
	if err != nil {
		return false
	}
	s, _ := v.(string)
	_, fixed := tzOffset(s)
	return !fixed
}

// stampOrder is a TIMESTAMP sort key as its stored instant.
type stampOrder struct {
	unary
}

func (s *stampOrder) Type() sql.Type { return s.child.Type() }
func (s *stampOrder) String() string { return fmt.Sprintf("stamp_instant(%s)", s.child) }
func (s *stampOrder) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.child)
}
func (s *stampOrder) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(s, children)
}
func (s *stampOrder) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.child.Eval(ctx, row)
	if t, ok := v.(time.Time); ok && err == nil {
		return StampInstant(t, SessionZone(ctx)), nil
	}
	return v, err
}
