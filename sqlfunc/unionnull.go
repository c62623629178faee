package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// unionNulls: a UNION column whose one side is NULL has the other side's
// type in MySQL (Item_type_holder joins NULL with any type to that type):
// `SELECT v FROM t UNION ALL SELECT NULL` is VARCHAR(10) for a VARCHAR(10)
// v, an INT stays INT, a DATE a DATE. GMS's planner cast both sides to its
// own join of the types (LONGTEXT, BIGINT), which CREATE TABLE ... SELECT
// and the client's column types showed. Both sides keep the column's type
// now; the NULL side is a NULL of that type. Nested UNIONs (a side that
// is itself a UNION) are left as GMS types them.
func unionNulls(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		so, ok := n.(*plan.SetOp)
		if !ok {
			return n, transform.SameTree, nil
		}
		return unionNullSetOp(so)
	})
}

// unionNullSetOp is unionNulls for one set operation.
func unionNullSetOp(so *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	lp, rp, ok := setOpSides(so)
	if !ok {
		return so, transform.SameTree, nil
	}
	ls, rs := lp.Child.Schema(), rp.Child.Schema()
	if len(ls) != len(lp.Projections) || len(rs) != len(rp.Projections) {
		return so, transform.SameTree, nil
	}
	return setOpColumns(so, lp, rp, false, func(i int, l, r sql.Expression) (sql.Expression, sql.Expression, bool, error) {
		lg, lok := unionSide(l)
		rg, rok := unionSide(r)
		lt, rt := ls[i].Type, rs[i].Type
		// A NULL side typed so before, when the other side's column had
		// the type the planner gave a derived table's column: retyped
		// since (a derived ENUM UNION NULL is a VARCHAR), the NULL
		// follows it (1105 "the schema of the left side of union does not
		// match the right side" otherwise).
		if lok && rt == types.Null && typedNullSide(r) && !r.Type().Equals(lt) && !isEnumOrSet(lt) {
			return l, expression.NewAlias(rs[i].Name, expression.NewLiteral(nil, lt)), true, nil
		}
		if rok && lt == types.Null && typedNullSide(l) && !l.Type().Equals(rt) && !isEnumOrSet(rt) {
			return expression.NewAlias(ls[i].Name, expression.NewLiteral(nil, rt)), r, true, nil
		}
		if !lok || !rok {
			return nil, nil, false, nil
		}
		if isEnumOrSet(lt) || isEnumOrSet(rt) {
			// MySQL's union of an ENUM or SET is a string; left to GMS.
			return nil, nil, false, nil
		}
		switch {
		case lt == types.Null && rt != types.Null:
			return expression.NewAlias(ls[i].Name, expression.NewLiteral(nil, rt)),
				expression.NewAlias(rs[i].Name, retypedField(rg, rt)), true, nil
		case rt == types.Null && lt != types.Null:
			return expression.NewAlias(ls[i].Name, retypedField(lg, lt)),
				expression.NewAlias(rs[i].Name, expression.NewLiteral(nil, lt)), true, nil
		}
		return nil, nil, false, nil
	})
}

// typedNullSide: e is a UNION side's NULL literal under its alias, as
// unionNullSetOp makes it.
func typedNullSide(e sql.Expression) bool {
	a, ok := e.(*expression.Alias)
	return ok && isNullLiteral(a.Child)
}
