package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleID names the replacement rule; GMS's own rule IDs are small integers and
// server's own rules start at 10,000.
const RuleID analyzer.RuleId = 10_100

var rule = analyzer.Rule{Id: RuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return Replace(ctx, n)
}}

// Install makes a's plans use this package's implementations. The rule runs
// last in the "after-all" batch, which every statement goes through (GMS's
// shortcut batches for single-table UPDATE/DELETE and literal INSERTs skip
// the default, once-after and post-analyze batches but still end with
// analyzer.OnceAfterAll, so the rule is put there too), and after that
// batch's applyTriggers, so trigger bodies are covered.
func Install(a *analyzer.Analyzer) {
	if !hasRule(analyzer.OnceAfterAll) {
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll, rule)
	}
	for _, b := range a.Batches {
		if strings.EqualFold(b.Desc, "after-all") && !hasRule(b.Rules) {
			b.Rules = append(b.Rules, rule)
		}
	}
	// The catalog consults ExternalFunctionProvider before its built-ins, the
	// only way to replace a built-in by name without copying the registry.
	analyzer.ExternalFunctionProvider = functions
}

func hasRule(rs []analyzer.Rule) bool {
	for _, r := range rs {
		if r.Id == RuleID {
			return true
		}
	}
	return false
}
