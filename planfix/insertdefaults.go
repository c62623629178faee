package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// insertDefaultsID is from round 15's range 11_060-11_079.
const insertDefaultsID analyzer.RuleId = 11_061

var insertDefaultsRule = analyzer.Rule{Id: insertDefaultsID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node,
	_ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return n, transform.SameTree, missingDefaults(ctx, n)
}}

// missingDefaults refuses, in strict mode, an INSERT whose VALUES ask for
// the default of a NOT NULL column that has none (`INSERT INTO t () VALUES
// ()`, `VALUES (DEFAULT)`): MySQL fails with 1364 ("Field 'id' doesn't
// have a default value"), as it does for a column left out of the list.
// GMS's builder fills such a value with the column's missing default,
// NULL, and the row then failed with 1048 ("cannot be null"), an error
// applications read as a different mistake.
func missingDefaults(ctx *sql.Context, n sql.Node) error {
	ins, ok := n.(*plan.InsertInto)
	if !ok || ins.Ignore || !strictMode(ctx) {
		return nil
	}
	vals, ok := ins.Source.(*plan.Values)
	if !ok {
		return nil
	}
	sch := ins.Destination.Schema()
	names := ins.ColumnNames
	if len(names) == 0 {
		names = make([]string, len(sch))
		for i, c := range sch {
			names[i] = c.Name
		}
	}
	for _, tup := range vals.ExpressionTuples {
		for j, e := range tup {
			w, ok := e.(*expression.Wrapper)
			if !ok || j >= len(names) || !isNilDefault(w.Unwrap()) {
				continue
			}
			i := sch.IndexOfColName(names[j])
			if i < 0 {
				continue
			}
			if c := sch[i]; !c.Nullable && !c.AutoIncrement && c.Default == nil && c.Generated == nil {
				return sql.ErrInsertIntoNonNullableDefaultNullColumn.New(c.Name)
			}
		}
	}
	return nil
}

// isNilDefault: the builder's DEFAULT of a column without one.
func isNilDefault(e sql.Expression) bool {
	if e == nil {
		return true
	}
	d, ok := e.(*sql.ColumnDefaultValue)
	return ok && d == nil
}

func strictMode(ctx *sql.Context) bool {
	if ctx == nil || ctx.Session == nil {
		return false
	}
	m := sql.LoadSqlMode(ctx)
	return m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES")
}
