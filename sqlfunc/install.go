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

// CompareRuleID names the rule that converts string operands of comparisons
// with numbers before GMS chooses indexes.
const CompareRuleID analyzer.RuleId = 10_101

var compareRule = analyzer.Rule{Id: CompareRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return ReplaceComparisons(ctx, n)
}}

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
//
// Comparisons of a string with a number are also rewritten before the
// default rules (the "once-before" batch, and AlwaysBeforeDefault for the
// shortcut batches): GMS picks indexes there, and an index range built
// from `varchar_col = 10` finds only '10', not '10abc' or ' 10', which MySQL
// (comparing as DOUBLE, without the index) returns.
func Install(a *analyzer.Analyzer) {
	if !hasRule(analyzer.OnceAfterAll, RuleID) {
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll, rule)
	}
	if !hasRule(analyzer.AlwaysBeforeDefault, CompareRuleID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, compareRule)
	}
	for _, b := range a.Batches {
		if strings.EqualFold(b.Desc, "after-all") && !hasRule(b.Rules, RuleID) {
			b.Rules = append(b.Rules, rule)
		}
		if strings.EqualFold(b.Desc, "once-before") && !hasRule(b.Rules, CompareRuleID) {
			b.Rules = append(b.Rules, compareRule)
		}
	}
	// The catalog consults ExternalFunctionProvider before its built-ins, the
	// only way to replace a built-in by name without copying the registry.
	analyzer.ExternalFunctionProvider = functions
}

func hasRule(rs []analyzer.Rule, id analyzer.RuleId) bool {
	for _, r := range rs {
		if r.Id == id {
			return true
		}
	}
	return false
}
