package engine_test

import (
	"slices"
	"testing"

	gms "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/myriaddb/myriad/engine"
)

func postAnalyzerIDs(a *analyzer.Analyzer) []analyzer.RuleId {
	var ids []analyzer.RuleId
	for _, b := range a.Batches {
		if b.Desc == "post-analyzer" {
			for _, r := range b.Rules {
				ids = append(ids, r.Id)
			}
		}
	}
	return ids
}

// TestInstall: the engine's rules run, in order, followed by the caller's;
// an ID used twice is refused before anything is installed.
func TestInstall(t *testing.T) {
	s := newStore(t)
	calls := 0
	counting := engine.Rule{ID: engine.RuleHideMySQL, Name: "counting", Why: "test",
		Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			calls++
			return n, transform.SameTree, nil
		}}

	a := analyzer.NewBuilder(s.eng.Provider()).Build()
	before := len(postAnalyzerIDs(a))
	if err := s.eng.Install(a, counting); err != nil {
		t.Fatal(err)
	}
	ids := postAnalyzerIDs(a)
	// The engine's rules first, the caller's after them (package planfix
	// may place its own anywhere in the batch).
	if got := ids[before:]; len(got) < 2 || got[0] != engine.RulePushInfoSchemaFilters ||
		slices.Index(got, engine.RuleHideMySQL) < slices.Index(got, engine.RuleNextTransactionAccessMode) {
		t.Fatalf("post-analyzer rules added: %v", got)
	}
	s.sqle = gms.New(a, &gms.Config{})
	s.want("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'db'")
	if calls == 0 {
		t.Fatal("the caller's rule never ran")
	}

	dup := analyzer.NewBuilder(s.eng.Provider()).Build()
	counting.ID = engine.RulePushInfoSchemaFilters
	if err := s.eng.Install(dup, counting); err == nil {
		t.Fatal("a rule reusing an engine rule's ID was accepted")
	}
	if got := postAnalyzerIDs(dup); len(got) != before {
		t.Fatalf("a refused Install still added rules: %v", got)
	}
}
