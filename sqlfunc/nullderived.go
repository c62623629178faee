package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// binaryZero is BINARY(0), the type MySQL gives a NULL column of a
// temporary table.
var binaryZero = types.MustCreateBinary(sqltypes.Binary, 0)

// nullDerived: MySQL merges a derived table into its outer query only when
// the derived table reads a table (Query_expression::is_mergeable needs
// has_tables()); `(SELECT NULL AS a) x` is materialized, and a NULL
// column of the temporary table is BINARY(0), which clients see as a
// binary string column. GMS typed it NULL. The select list's bare NULLs
// of such a derived table become BINARY(0) NULLs (retype then gives the
// outer references the type).
func nullDerived(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sq, ok := n.(*plan.SubqueryAlias)
		if !ok {
			return n, transform.SameTree, nil
		}
		p, ok := sq.Child.(*plan.Project)
		if !ok || !readsNoTable(p.Child) {
			return n, transform.SameTree, nil
		}
		var projs []sql.Expression
		for i, e := range p.Projections {
			a, ok := e.(*expression.Alias)
			if !ok || a.Type() != types.Null {
				continue
			}
			if _, ok := a.Child.(*expression.Literal); !ok {
				continue
			}
			if projs == nil {
				projs = append([]sql.Expression(nil), p.Projections...)
			}
			projs[i] = expression.NewAlias(a.Name(), expression.NewLiteral(nil, binaryZero)).WithId(a.Id())
		}
		if projs == nil {
			return n, transform.SameTree, nil
		}
		np, err := p.WithExpressions(projs...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		ns, err := sq.WithChildren(np)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return ns, transform.NewTree, nil
	})
}

// readsNoTable: n's rows come from the dual table only.
func readsNoTable(n sql.Node) bool {
	none := true
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.ResolvedTable:
			if !plan.IsDualTable(n.Table) {
				none = false
			}
		case *plan.SubqueryAlias, *plan.TableAlias, *plan.SetOp, *plan.RecursiveCte, *plan.JSONTable, *plan.ValueDerivedTable:
			none = false
		}
		return none
	})
	return none
}
