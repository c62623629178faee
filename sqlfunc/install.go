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

var compareRule = analyzer.Rule{Id: CompareRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return ReplaceComparisons(withPlanTexts(ctx, n, scope), n) // unionenum.go reads the scope
}}

var rule = analyzer.Rule{Id: RuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return Replace(withPlanTexts(ctx, n, scope), n) // floatlit.go
}}

// LateRuleID names the second pass over trigger bodies, which GMS's
// applyTriggers adds to the plan later in the same batch.
const LateRuleID analyzer.RuleId = 10_102

var lateRule = analyzer.Rule{Id: LateRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return replaceOnly(withPlanTexts(ctx, n, scope), n)
}}

// Install makes a's plans use this package's implementations, with these
// rules:
//
//   - first in "once-before" (and in AlwaysBeforeDefault, which GMS's
//     shortcut batches for single-table UPDATE/DELETE and literal INSERTs
//     run): string-to-number comparisons, before GMS picks indexes (an index
//     range built from `varchar_col = 10` finds only '10', not '10abc' or
//     ' 10', which MySQL returns comparing as DOUBLE), and the types of
//     references to SUM/AVG, before CREATE TABLE ... SELECT and UNION take
//     their column types from the plan;
//   - first in "after-all" (and in OnceAfterAll, the shortcut batches' last):
//     every replacement, and the types of references to them, while column
//     references still carry their IDs (assignExecIndexes, later in the
//     batch, drops them);
//   - last in both: the definitions rule (defexpr.go), after GMS's
//     resolveInsertRows and applyTriggers; the values a non-strict or
//     IGNORE INSERT adjusts (nonstrict.go); the replacements again, for
//     trigger bodies and definitions, which those add in between; then the
//     sign of a DECIMAL MOD's zero in the result (negzero.go); then
//     TIMESTAMP sort keys by their instant (stamporder.go); then the source
//     of INSERT ... SELECT and CREATE TABLE ... SELECT that carries
//     TIMESTAMPs' instants to the editor (stampcopy.go); then equalities of
//     an indexed TIMESTAMP with a constant by instant (stampeq.go); then
//     GROUP BY, DISTINCT, UNION and window keys of TIMESTAMP columns by
//     their stored instants (stampgroup.go);
//   - in "once-before", before GMS's simplifyFilters: the replacements in
//     constant parts of WHERE, which simplifyFilters folds (FoldConstants).
func Install(a *analyzer.Analyzer) {
	useMySQLDefaultSQLMode()
	declareIdentity()
	if !hasRule(analyzer.OnceAfterAll, RuleID) {
		analyzer.OnceAfterAll = append(append([]analyzer.Rule{rule}, analyzer.OnceAfterAll...), defExprRule, nonStrictRule, lateRule, negZeroRule, stampOrderRule, stampCopyRule, stampEqRule, stampGroupRule)
	}
	if !hasRule(analyzer.AlwaysBeforeDefault, CompareRuleID) {
		analyzer.AlwaysBeforeDefault = append([]analyzer.Rule{dateCompareRule, compareRule, divZeroConstRule}, analyzer.AlwaysBeforeDefault...)
	}
	for _, b := range a.Batches {
		if strings.EqualFold(b.Desc, "after-all") && !hasRule(b.Rules, RuleID) {
			b.Rules = append(append([]analyzer.Rule{rule}, b.Rules...), defExprRule, nonStrictRule, lateRule, negZeroRule, stampOrderRule, stampCopyRule, stampEqRule, stampGroupRule)
		}
		if strings.EqualFold(b.Desc, "validation") && !hasRule(b.Rules, UnionTypesRuleID) {
			b.Rules = append([]analyzer.Rule{unionTypesRule}, b.Rules...)
		}
		if strings.EqualFold(b.Desc, "once-before") {
			// First, also in an analyzer built after an earlier Install,
			// whose once-before batch got them at its end from
			// AlwaysBeforeDefault (after simplifyFilters and pushNotFilters,
			// which a second server in one process then ran first).
			rest := make([]analyzer.Rule, 0, len(b.Rules))
			for _, r := range b.Rules {
				if r.Id != CompareRuleID && r.Id != DateCompareRuleID && r.Id != CTASRuleID && r.Id != FoldRuleID &&
					r.Id != DivZeroConstID {
					rest = append(rest, r)
				}
			}
			b.Rules = append([]analyzer.Rule{dateCompareRule, compareRule, ctasRule, divZeroConstRule, foldRule}, rest...)
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
