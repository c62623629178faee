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
// then runs as a semi hash, lookup or nested-loop join, each of which
// returns an outer row at most once.
func markSemiJoins(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
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
		if len(cols) == 0 {
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
