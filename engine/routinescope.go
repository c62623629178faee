package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS's assignRoutines rule lists every database (AllDatabases) once per
// resolved table of every statement, to hand the stored procedures of a
// CALL's scope to the routine tables (information_schema.ROUTINES,
// PARAMETERS). Without a procedure cache in the scope (no CALL) and
// without such a table, the rule changes nothing, yet an information_schema
// query naming one tenant listed all of them. scopeAssignRoutines runs the
// rule only when it can change the plan. Myriad's ROUTINES and PARAMETERS
// (engine/infoschema/routines.go) load their procedures themselves and are
// no routine tables.
func scopeAssignRoutines() {
	for i, r := range analyzer.OnceAfterDefault {
		if r.Id.String() != "assignRoutines" {
			continue
		}
		inner := r.Apply
		analyzer.OnceAfterDefault[i].Apply = func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
			sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			if scope.ProcedureCache() == nil && !hasRoutineTable(n) {
				return n, transform.SameTree, nil
			}
			return inner(ctx, a, n, scope, sel, qFlags)
		}
		return
	}
}

func hasRoutineTable(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if rt, ok := n.(*plan.ResolvedTable); ok {
			if _, ok := rt.Table.(analyzer.RoutineTable); ok {
				found = true
			}
		}
		return !found
	})
	return found
}
