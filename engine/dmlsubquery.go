package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// GMS's planbuilder marks an UPDATE or DELETE as single-relation unless a
// subquery in it sets the scope's refsSubquery flag — and an EXISTS subquery
// does not set it. The analyzer then takes its shortcut batches for simple
// DML, which never finalize subqueries (no exec builder: "attempted to
// evaluate uninitialized subquery", 1105) and assign execution indexes by
// column ID, which is wrong inside a correlated subquery.
//
// Such a statement must go through the full analyzer with the flag cleared,
// as the planbuilder should have left it. The batches are chosen before any
// rule runs, so the first rule of the shortcut path (deferDMLAnalysis, first
// in AlwaysBeforeDefault) hides the statement in an opaque deferredDML that
// the shortcut's rules do not look into (running them on a fully analyzed
// plan would replan its joins over assigned indexes), and the last rule of
// OnceAfterAll (runDeferredDML) analyzes it fully in their place.

// deferredDML is an UPDATE or DELETE, its single-relation flag cleared,
// waiting for runDeferredDML. It never reaches execution.
type deferredDML struct{ dml sql.Node }

var _ sql.OpaqueNode = (*deferredDML)(nil)

func (d *deferredDML) Opaque() bool         { return true }
func (d *deferredDML) Resolved() bool       { return d.dml.Resolved() }
func (d *deferredDML) String() string       { return "deferred(" + d.dml.String() + ")" }
func (d *deferredDML) Schema() sql.Schema   { return d.dml.Schema() }
func (d *deferredDML) Children() []sql.Node { return nil }
func (d *deferredDML) IsReadOnly() bool     { return false }
func (d *deferredDML) WithChildren(children ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(d, children...)
}

func deferDMLAnalysis(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch d := n.(type) {
	case *plan.Update:
		if d.HasSingleRel && !d.IsJoin && hasSubquery(d) {
			u := *d
			u.HasSingleRel = false
			return &deferredDML{&u}, transform.NewTree, nil
		}
	case *plan.DeleteFrom:
		own, err := ownTargetDelete(ctx, d)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if own != nil {
			// Planned as the single-table DELETE it is; a subquery in it
			// goes on through the rest of this rule.
			if nn, _, err := deferDMLAnalysis(ctx, own); err != nil || nn != sql.Node(own) {
				return nn, transform.NewTree, err
			}
			return own, transform.NewTree, nil
		}
		if rt, ok := d.Child.(*plan.ResolvedTable); ok && !d.HasExplicitTargets() {
			// GMS's processTruncate turns DELETE FROM t (no WHERE) into
			// TRUNCATE after resolving every table of the current database
			// (not t's) for its triggers and foreign keys: a cost that grew
			// with the schema's tables, a shared metadata lock on each of
			// them held to the transaction's end (so an ALTER of any table
			// of the schema waited for it), a 1049 with no current
			// database, and a TRUNCATE ignores the row locks other
			// transactions hold. A DELETE stays a row-by-row delete, as in
			// InnoDB.
			f, err := d.WithChildren(plan.NewFilter(expression.NewLiteral(true, types.Boolean), rt))
			return f, transform.NewTree, err
		}
		if d.HasExplicitTargets() || !hasSubquery(d) {
			break
		}
		// Without explicit targets GMS cannot delete through the join it
		// makes of an EXISTS (ErrDeleteFromNotSupported): name the one
		// table as DELETE t FROM t ... would.
		target := deleteTarget(d.Child)
		if target == nil {
			break
		}
		// GMS refuses explicit targets with triggers (1105): a table with
		// DELETE triggers stays a single-table DELETE, whose triggers GMS
		// fires per row. Its [NOT] EXISTS stays a condition evaluated per
		// row (keptExists): GMS would make it a join, which a DELETE
		// without explicit targets cannot delete through (1105 "table
		// doesn't support DELETE FROM"; GMS leaves IN alone for a DELETE).
		if rt := resolvedUnder(target); rt != nil {
			has, err := hasTrigger(ctx, rt, sqlparser.DeleteStr)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if has {
				child, same, err := keepExists(d.Child)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if !d.RefsSingleRel && same == transform.SameTree {
					break
				}
				nd, err := d.WithChildren(child)
				if err != nil {
					return nil, transform.SameTree, err
				}
				del := *nd.(*plan.DeleteFrom)
				if !d.RefsSingleRel {
					return &del, transform.NewTree, nil
				}
				del.RefsSingleRel = false
				return &deferredDML{&del}, transform.NewTree, nil
			}
		}
		del := d.WithExplicitTargets([]sql.Node{target})
		if !d.RefsSingleRel {
			return del, transform.NewTree, nil
		}
		del.RefsSingleRel = false
		return &deferredDML{del}, transform.NewTree, nil
	}
	return n, transform.SameTree, nil
}

func runDeferredDML(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	d, ok := n.(*deferredDML)
	if !ok {
		return n, transform.SameTree, nil
	}
	out, err := a.Analyze(ctx, d.dml, scope, qFlags)
	return out, transform.NewTree, err
}

// ownTargetDelete is `DELETE q FROM t AS q WHERE ...` (or `DELETE t FROM t
// ...`: one table read, outside subqueries, and it is the one target) of a
// table with DELETE triggers, as the DELETE without explicit targets it
// means, whose triggers GMS fires per row; else nil. GMS's applyTriggers
// refuses any DELETE with explicit targets and triggers (1105 "delete from
// with explicit target tables does not support triggers"), where MySQL
// deletes and fires. A multi-table DELETE of such a table stays refused.
func ownTargetDelete(ctx *sql.Context, d *plan.DeleteFrom) (*plan.DeleteFrom, error) {
	targets := d.GetDeleteTargets()
	if !d.HasExplicitTargets() || len(targets) != 1 {
		return nil, nil
	}
	var tables []sql.Node
	transform.Inspect(d.Child, func(c sql.Node) bool {
		switch c.(type) {
		case *plan.TableAlias, *plan.ResolvedTable, *plan.IndexedTableAccess:
			tables = append(tables, c)
			return false
		case *plan.SubqueryAlias:
			// A derived table is a second relation.
			tables = append(tables, c, c)
			return false
		}
		return true
	})
	if len(tables) != 1 {
		return nil, nil
	}
	src, tgt := resolvedUnder(tables[0]), resolvedUnder(targets[0])
	if src == nil || tgt == nil || !strings.EqualFold(tables[0].(sql.Nameable).Name(), targets[0].(sql.Nameable).Name()) ||
		!strings.EqualFold(src.Name(), tgt.Name()) || !strings.EqualFold(src.Database().Name(), tgt.Database().Name()) {
		return nil, nil
	}
	has, err := hasTrigger(ctx, src, sqlparser.DeleteStr)
	if err != nil || !has {
		return nil, err
	}
	return d.WithExplicitTargets(nil), nil
}

// keepExists wraps the [NOT] EXISTS conditions of n's filters (not those
// of its subqueries) in keptExists.
func keepExists(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := c.(*plan.Filter)
		if !ok {
			return c, transform.SameTree, nil
		}
		kept := false
		sql.Inspect(f.Expression, func(e sql.Expression) bool {
			_, k := e.(*keptExists)
			kept = kept || k
			return !kept
		})
		if kept {
			// Analyzed again (runDeferredDML).
			return c, transform.SameTree, nil
		}
		e, same, err := transform.Expr(f.Expression, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if ex, ok := e.(*plan.ExistsSubquery); ok {
				return &keptExists{ex}, transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		if err != nil || same {
			return c, transform.SameTree, err
		}
		return plan.NewFilter(e, f.Child), transform.NewTree, nil
	})
}

// keptExists is an EXISTS GMS's unnestExistsSubqueries does not see (it
// matches *plan.ExistsSubquery conjuncts): it is evaluated per row, as
// GMS evaluates an EXISTS it cannot unnest (under OR).
type keptExists struct{ *plan.ExistsSubquery }

var _ sql.Expression = (*keptExists)(nil)

func (k *keptExists) Children() []sql.Expression { return []sql.Expression{k.ExistsSubquery} }

func (k *keptExists) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	ex, ok := children[0].(*plan.ExistsSubquery)
	if !ok {
		return nil, fmt.Errorf("keptExists: child %T, want *plan.ExistsSubquery", children[0])
	}
	return &keptExists{ex}, nil
}

// deleteTarget is the table a single-table DELETE deletes from: its alias if
// it has one, else the table (never one inside a subquery expression).
func deleteTarget(n sql.Node) sql.Node {
	var target sql.Node
	transform.Inspect(n, func(n sql.Node) bool {
		if target != nil {
			return false
		}
		switch n.(type) {
		case *plan.TableAlias, *plan.ResolvedTable:
			target = n
			return false
		}
		return true
	})
	return target
}

func hasSubquery(n sql.Node) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if _, ok := e.(*plan.Subquery); ok {
			found = true
		}
		return !found
	})
	return found
}

// Rule IDs: the engine's range (see RulePushInfoSchemaFilters).
const (
	deferDMLAnalysisID analyzer.RuleId = 10_055
	runDeferredDMLID   analyzer.RuleId = 10_056
)
