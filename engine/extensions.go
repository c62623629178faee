package engine

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
)

// Analyzer rule IDs of Myriad's extensions. GMS numbers its own rules from 0
// in one iota block (under 100 in v0.20); ours start far above, so a GMS
// upgrade adding rules cannot collide with them. The values only need to be
// unique: GMS's rule selectors test the IDs of its own rules.
const (
	// RulePushInfoSchemaFilters: see infoschema.PushFilters.
	RulePushInfoSchemaFilters analyzer.RuleId = 10_000 + iota
	// RuleHideMySQL: SHOW DATABASES lists the mysql schema only to users
	// with a privilege on it (server/users.go owns the rule: it needs the
	// accounts).
	RuleHideMySQL
)

// Rule is one analyzer rule Myriad adds to GMS's post-analyzer batch, which
// runs after every default rule. Why says what GMS gets wrong or misses
// without it.
type Rule struct {
	ID    analyzer.RuleId
	Name  string
	Why   string
	Apply analyzer.RuleFunc
}

// rules are the engine's own rules, run in this order before any rule the
// caller of Install passes. Adding a rule: a const above and a line here.
var rules = []Rule{
	{RulePushInfoSchemaFilters, "pushInfoSchemaFilters",
		"GMS v0.20 no longer pushes filters into tables: a tenant's information_schema.TABLES query would read every schema's catalog span",
		nodeRule(infoschema.PushFilters)},
}

// Install adds Myriad's extensions to a freshly built analyzer: the engine's
// rules, then extra (rules that need what only the caller owns), and the
// streaming information_schema.TABLES. Call it once, before the analyzer
// plans any statement.
func Install(a *analyzer.Analyzer, extra ...Rule) error {
	all := append(append([]Rule(nil), rules...), extra...)
	seen := make(map[analyzer.RuleId]string, len(all))
	for _, r := range all {
		if prev, dup := seen[r.ID]; dup {
			return fmt.Errorf("engine: analyzer rules %s and %s share ID %d", prev, r.Name, r.ID)
		}
		seen[r.ID] = r.Name
	}
	batch := postAnalyzer(a)
	if batch == nil {
		return fmt.Errorf("engine: the analyzer has no post-analyzer batch")
	}
	// A fresh slice: Build may share the builder's backing array.
	out := append([]analyzer.Rule(nil), batch.Rules...)
	for _, r := range all {
		out = append(out, analyzer.Rule{Id: r.ID, Apply: r.Apply})
	}
	batch.Rules = out
	a.Catalog.InfoSchema = infoschema.Wrap(a.Catalog.InfoSchema)
	return nil
}

func postAnalyzer(a *analyzer.Analyzer) *analyzer.Batch {
	for _, b := range a.Batches {
		if b.Desc == "post-analyzer" {
			return b
		}
	}
	return nil
}

// nodeRule adapts a rule that needs only the node.
func nodeRule(f func(sql.Node) (sql.Node, transform.TreeIdentity, error)) analyzer.RuleFunc {
	return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return f(n)
	}
}

var _ infoschema.CatalogDatabase = (*Database)(nil)

// CommittedSchema implements infoschema.CatalogDatabase.
func (d *Database) CommittedSchema(ctx *sql.Context) (*catalog.Catalog, *catalog.Schema, bool) {
	if catalogReader(ctx) != nil {
		return nil, nil, false
	}
	return d.eng.cat, d.schema, true
}
