package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// replaceBottomUp is replaceExpr over every node of n, children first, with
// one step before each node's replacements: a reference to a derived
// table's column inside a CASE, IF, IFNULL or COALESCE takes the type the
// column has now, after the derived table's own expressions were replaced
// below it.
//
// The planner copied the column's GMS type into the reference (`k % 2` is
// GMS's DECIMAL, this package's BIGINT), and a replacement that fixes its
// type from its operands (branchDecimal: CASE, IF, IFNULL, COALESCE) read
// that stale type: `SELECT CASE WHEN c > 0 THEN c ELSE 0 END FROM (SELECT k
// % 2 AS c ...) z` was DECIMAL (MySQL BIGINT). retype, after all the
// replacements, fixes only the references themselves.
func replaceBottomUp(ctx *sql.Context, n sql.Node, ignore bool) (sql.Node, transform.TreeIdentity, error) {
	derived := map[sql.ColumnId]sql.Type{}
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if sa, ok := n.(*plan.SubqueryAlias); ok {
			derivedColumnTypes(sa, derived)
		}
		same := transform.SameTree
		if len(derived) > 0 {
			nn, s, err := transform.OneNodeExprsWithNode(n, func(_ sql.Node, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				return derivedRefType(e, derived)
			})
			if err != nil {
				return n, transform.SameTree, err
			}
			n, same = nn, s
		}
		nn, s, err := transform.OneNodeExprsWithNode(n, func(_ sql.Node, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return replaceExpr(ctx, e, ignore)
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		return nn, same && s, nil
	})
}

// derivedColumnTypes records the types of sa's columns by column ID.
func derivedColumnTypes(sa *plan.SubqueryAlias, into map[sql.ColumnId]sql.Type) {
	sch := sa.Child.Schema()
	if sa.Columns().Len() != len(sch) {
		return
	}
	i := 0
	sa.Columns().ForEach(func(id sql.ColumnId) {
		if i < len(sch) {
			into[id] = sch[i].Type
		}
		i++
	})
}

// derivedRefType gives the GetFields of derived tables' columns under a
// CASE, IF, IFNULL or COALESCE in e their columns' types. Only there: the
// planner's conversions of a UNION side over a derived column were chosen
// for the type they read (retyping them failed `... UNION SELECT * FROM
// (SELECT 'a' UNION SELECT 3e0) e` with "number has no digits").
func derivedRefType(e sql.Expression, derived map[sql.ColumnId]sql.Type) (sql.Expression, transform.TreeIdentity, error) {
	return transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if _, ok := branchesOf(e); !ok {
			return e, transform.SameTree, nil
		}
		return transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return derivedField(e, derived)
		})
	})
}

// derivedField is gf with its derived column's type.
func derivedField(e sql.Expression, derived map[sql.ColumnId]sql.Type) (sql.Expression, transform.TreeIdentity, error) {
	gf, ok := e.(*expression.GetField)
	if !ok || gf.Id() == 0 {
		return e, transform.SameTree, nil
	}
	t, ok := derived[gf.Id()]
	if !ok || t.Equals(gf.Type()) {
		return e, transform.SameTree, nil
	}
	ngf := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).
		WithId(gf.Id()).(*expression.GetField)
	return ngf.WithQuotedNames(sql.GlobalSchemaFormatter, gf.IsQuotedIdentifier()), transform.NewTree, nil
}
