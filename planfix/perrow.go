package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// perRowFunctions draw a new value for every row they are evaluated on
// (MySQL: RAND_TABLE_BIT, Item_func::is_non_deterministic): a condition
// over them is not a constant. NOW(), DATABASE() and the like are constant
// within a statement and may still be folded.
var perRowFunctions = map[string]bool{
	"rand": true, "uuid": true, "uuid_short": true, "random_bytes": true, "sleep": true,
}

// keepPerRowFilters runs GMS's simplifyFilters only on plans without a
// per-row function. simplifyFilters evaluates every column-free condition
// once, with no row, and replaces it by its value: `WHERE RAND() < 0.5`
// became TRUE or FALSE for the whole statement, so a query got all rows or
// none, where MySQL evaluates RAND() for each row (and RAND(N) takes the
// next number of its seeded sequence per row). Its other rewrites only
// simplify, so skipping it for such a plan changes no answer.
func keepPerRowFilters(simplify analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
		sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if hasPerRowFunction(n) {
			return n, transform.SameTree, nil
		}
		return simplify(ctx, a, n, scope, sel, qFlags)
	}
}

func hasPerRowFunction(n sql.Node) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		sql.Inspect(e, func(e sql.Expression) bool {
			if found {
				return false
			}
			switch e := e.(type) {
			case sql.FunctionExpression:
				if perRowFunctions[e.FunctionName()] {
					found = true
					return false
				}
			case *plan.Subquery:
				if e.Query != nil && hasPerRowFunction(e.Query) {
					found = true
					return false
				}
			}
			return true
		})
		return !found
	})
	return found
}
