package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS's processTruncate checks a TRUNCATE TABLE against foreign keys by
// resolving every other table of the schema and reading its declared keys.
// Each resolution takes that table's shared metadata lock (mdl.go), so a
// TRUNCATE, which holds its own table exclusively, waited for every other
// DDL of the schema and two TRUNCATEs waited for each other (a hang until
// lock_wait_timeout before mdlGateCycle, a 1213 after); and its cost grew
// with the number of tables. The catalog's reverse index of references
// answers the same question with one seek and no other table's lock, and it
// also sees references from other schemas, which InnoDB refuses too.
// DELETE's conversion to TRUNCATE (the rule's other half) is left to GMS.
func scopeTruncateCheck() {
	for i, r := range analyzer.OnceAfterDefault {
		if r.Id.String() != "processTruncate" {
			continue
		}
		inner := r.Apply
		analyzer.OnceAfterDefault[i].Apply = func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
			sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			tr, ok := n.(*plan.Truncate)
			if !ok || !tr.Resolved() {
				return inner(ctx, a, n, scope, sel, qFlags)
			}
			tt, err := plan.GetTruncatable(tr.Child)
			if err != nil {
				return nil, transform.SameTree, err
			}
			t, ok := tt.(*Table)
			if !ok {
				return inner(ctx, a, n, scope, sel, qFlags)
			}
			return n, transform.SameTree, t.truncateAllowed(ctx)
		}
		return
	}
}

// truncateAllowed refuses, as InnoDB does, to truncate a table another
// table references while foreign_key_checks is on; a reference from the
// table to itself is allowed.
func (t *Table) truncateAllowed(ctx *sql.Context) error {
	if v, err := ctx.GetSessionVariable(ctx, "foreign_key_checks"); err != nil || !isTrueVar(v) {
		return err
	}
	refs, err := t.GetReferencedForeignKeys(ctx)
	if err != nil {
		return err
	}
	// The first reference in (own schema first, schema, table, name) order
	// is named, so the message does not depend on the reverse index's
	// order (and the server's 1701 names the table in the current schema).
	var first *sql.ForeignKeyConstraint
	for i := range refs {
		fk := &refs[i]
		if strings.EqualFold(fk.Database, t.db.schema.Name) && strings.EqualFold(fk.Table, t.def.Name) {
			continue
		}
		if first == nil || fkBefore(fk, first, t.db.schema.Name) {
			first = fk
		}
	}
	if first != nil {
		return sql.ErrTruncateReferencedFromForeignKey.New(strings.ToLower(t.def.Name), first.Name, first.Table)
	}
	return nil
}

func isTrueVar(v any) bool {
	switch b := v.(type) {
	case int8:
		return b != 0
	case int64:
		return b != 0
	case bool:
		return b
	}
	return true
}

func fkBefore(a, b *sql.ForeignKeyConstraint, own string) bool {
	if ao, bo := strings.EqualFold(a.Database, own), strings.EqualFold(b.Database, own); ao != bo {
		return ao
	}
	if c := strings.Compare(strings.ToLower(a.Database), strings.ToLower(b.Database)); c != 0 {
		return c < 0
	}
	if c := strings.Compare(strings.ToLower(a.Table), strings.ToLower(b.Table)); c != 0 {
		return c < 0
	}
	return strings.ToLower(a.Name) < strings.ToLower(b.Name)
}
