package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// unionEnumColumn types a UNION column of ENUM/SET columns beside NULLs and
// strings of bounded length as MySQL 8.0's Item_aggregate_type does
// (enumUnionType, the CREATE TABLE ... SELECT column's type too):
//   - one ENUM/SET column beside NULLs keeps the ENUM/SET
//     (field_types_merge_rules: ENUM x NULL is ENUM; set_typelib), which
//     the union's result table holds as a Field_enum: the client gets
//     MYSQL_TYPE_STRING with the ENUM (SET) flag, ORDER BY sorts by member
//     number and `e + 0` over it is the number. Myriad sent a VARCHAR (a
//     SET: a BLOB) that sorted as text and read as 0;
//   - two ENUM/SET sides (even the same column) or one beside a string are
//     VARCHAR(n), n the longest side in characters (ENUM x ENUM and ENUM x
//     VARCHAR merge to VARCHAR). GMS made LONGTEXT (a BLOB on the wire) of
//     them and kept the ENUM of `SELECT e ... UNION SELECT e ...`.
//
// so is the set operation, l and r its column i's projections over its
// sides' nodes ls and rs, of the types lt and rt; ok is false for other
// columns and for a VARCHAR outside utf8mb4, left to the other rules.
func unionEnumColumn(so *plan.SetOp, name [2]string, i int, l, r sql.Expression, lt, rt sql.Type) (nl, nr sql.Expression, ok bool) {
	t, ok := enumUnionType(so, i) // ctasenum.go
	if !ok {
		return nil, nil, false
	}
	keep := isEnumOrSet(t)
	if st, isStr := t.(sql.StringType); !keep && (!isStr || st.CharacterSet() != sql.CharacterSet_utf8mb4) {
		return nil, nil, false
	}
	side := func(e sql.Expression, ct sql.Type, alias string) sql.Expression {
		if ct == types.Null {
			return expression.NewAlias(alias, expression.NewLiteral(nil, t))
		}
		g, ok := unionSide(e)
		if !ok {
			return nil
		}
		switch {
		case keep && ct.Equals(t):
			return expression.NewAlias(alias, retypedField(g, t))
		case keep:
			// The planner's text of the ENUM's member below a stacked
			// projection: its member number again.
			if !types.IsText(ct) {
				return nil
			}
			return expression.NewAlias(alias, &unionAs{unary: unary{retypedField(g, ct)}, typ: t}) // unionyear.go
		case isEnumOrSet(ct):
			return expression.NewAlias(alias, &unionAs{unary: unary{&enumText{unary{retypedField(g, ct)}}}, typ: t})
		case types.IsText(ct) && !types.IsBinaryType(ct):
			return expression.NewAlias(alias, &unionAs{unary: unary{retypedField(g, ct)}, typ: t})
		}
		return nil
	}
	nl, nr = side(l, lt, name[0]), side(r, rt, name[1])
	if nl == nil || nr == nil {
		return nil, nil, false
	}
	return nl, nr, true
}
