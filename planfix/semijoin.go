package planfix

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// markSemiJoins adds a conjunct that is always TRUE, semiOnce, to every semi
// join's condition before the join planner sees it.
//
// The planner (convertSemiToInnerJoin) offers each semi join as an inner
// join against a DISTINCT copy of the inner side, but a merge join or an
// index lookup join built from that alternative reads the inner table
// directly and drops the DISTINCT, so an outer row came back once per
// matching inner row (WHERE id IN (SELECT pid FROM c) with an index on
// c.pid). The conversion, and the reversed semi join, give up on a condition
// holding an expression they do not know, which semiOnce is; the semi join
// then runs as a semi lookup or nested-loop join, each of which returns an
// outer row at most once. Without an index on the inner side neither faulty
// plan exists, and the semi join is left to GMS (which can then hash-join the
// DISTINCT inner side).
func markSemiJoins(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || !j.Op.IsSemi() || j.Filter == nil {
			return n, transform.SameTree, nil
		}
		var cols []sql.Expression
		for _, c := range expression.SplitConjunction(j.Filter) {
			if _, ok := c.(*semiOnce); ok {
				return n, transform.SameTree, nil
			}
			transform.InspectExpr(c, func(e sql.Expression) bool {
				if gf, ok := e.(*expression.GetField); ok {
					cols = append(cols, gf)
				}
				return false
			})
		}
		if len(cols) == 0 || !indexedOn(ctx, j.Right(), cols) {
			return n, transform.SameTree, nil
		}
		nj := *j
		nj.Filter = expression.NewAnd(j.Filter, &semiOnce{cols: cols})
		return &nj, transform.NewTree, nil
	})
}

// semiOnce is TRUE whatever its operands; it reads the join's columns only
// so that the planner keeps it with the join condition.
type semiOnce struct{ cols []sql.Expression }

var _ sql.Expression = (*semiOnce)(nil)

func (s *semiOnce) Resolved() bool                                  { return true }
func (s *semiOnce) IsNullable() bool                                { return false }
func (s *semiOnce) Type() sql.Type                                  { return types.Boolean }
func (s *semiOnce) Children() []sql.Expression                      { return s.cols }
func (s *semiOnce) Eval(*sql.Context, sql.Row) (interface{}, error) { return true, nil }
func (s *semiOnce) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (s *semiOnce) String() string {
	names := make([]string, len(s.cols))
	for i, c := range s.cols {
		names[i] = c.String()
	}
	return fmt.Sprintf("semi_once(%s)", strings.Join(names, ", "))
}

func (s *semiOnce) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return &semiOnce{cols: children}, nil
}

// indexedOn reports whether a table under n has an index whose first column
// is one of cols, or whether n holds something other than plain tables,
// which is then assumed indexed.
func indexedOn(ctx *sql.Context, n sql.Node, cols []sql.Expression) bool {
	found, tables := false, 0
	check := func(id sql.TableId, rt *plan.ResolvedTable) {
		tables++
		names := map[string]bool{}
		for _, c := range cols {
			if gf := c.(*expression.GetField); gf.TableId() == id {
				names[strings.ToLower(gf.Name())] = true
			}
		}
		it, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
		if !ok || len(names) == 0 {
			return
		}
		idxs, err := it.GetIndexes(ctx)
		if err != nil {
			found = true
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
			if names[strings.Trim(first, "`")] {
				found = true
			}
		}
	}
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.TableAlias:
			if rt, ok := n.Child.(*plan.ResolvedTable); ok {
				check(n.Id(), rt)
				return false
			}
			found = true
		case *plan.ResolvedTable:
			check(n.Id(), n)
		case *plan.SubqueryAlias, *plan.RecursiveCte, *plan.SetOp, *plan.JSONTable, *plan.ValueDerivedTable:
			found = true
		}
		return !found
	})
	return found || tables == 0
}
