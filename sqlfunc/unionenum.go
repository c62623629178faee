package sqlfunc

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
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
func unionEnumColumn(ctx *sql.Context, so *plan.SetOp, name [2]string, i int, l, r sql.Expression, lt, rt sql.Type) (nl, nr sql.Expression, ok bool) {
	t, ok := enumUnionType(so, i) // ctasenum.go
	if !ok {
		return nil, nil, false
	}
	keep := isEnumOrSet(t)
	if keep && !enumResult(ctx) {
		// Not the statement's result: VARCHAR of the longest member, as
		// fix24c typed it (the column's values are then its members'
		// text for an INSERT's or comparison's conversions).
		if t = enumVarchar(t); t == nil {
			return nil, nil, false
		}
		keep = false
	}
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
		case ct.Equals(t):
			// A nested UNION's column typed so already: a plain
			// reference, which setOpArms reads through.
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

// enumResultKey marks a set operation whose rows are the statement's result
// set (withEnumResult).
type enumResultKey struct{}

// withEnumResult is ctx for typing so's columns, marked when so's rows are
// what a SELECT statement sends (the plan's root through nodes that keep
// its columns, not a subquery's or derived table's own analysis): only
// there is an ENUM column kept. Its values are member numbers, which an
// INSERT ... SELECT into a VARCHAR column stored as '3' and a comparison
// with a string column read as numbers; the planner chose those
// conversions for the VARCHAR the column was.
func withEnumResult(ctx *sql.Context, root sql.Node, so *plan.SetOp) *sql.Context {
	if p, ok := ctx.Value(planTextsKey{}).(planTexts); !ok || p.partial || !selectStatement(ctx.Query()) {
		return ctx
	}
	n := root
	for n != so {
		switch x := n.(type) {
		case *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct,
			*plan.GroupBy:
			n = x.Children()[0]
		case *plan.Project:
			n = x.Child
		default:
			return ctx
		}
	}
	return ctx.WithContext(context.WithValue(ctx.Context, enumResultKey{}, true))
}

func enumResult(ctx *sql.Context) bool {
	v, _ := ctx.Value(enumResultKey{}).(bool)
	return v
}

// selectStatement: q is a SELECT, a WITH or a parenthesized query.
func selectStatement(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	for _, w := range []string{"select", "with", "table", "values"} {
		if len(q) >= len(w) && strings.EqualFold(q[:len(w)], w) {
			return true
		}
	}
	return false
}

// enumVarchar is the VARCHAR of an ENUM's longest member (a SET's members
// and commas), in its collation; nil for any other type.
func enumVarchar(t sql.Type) sql.Type {
	var n int64
	var coll sql.CollationID
	switch et := t.(type) {
	case sql.EnumType:
		coll = et.Collation()
		for _, v := range et.Values() {
			n = max(n, int64(utf8.RuneCountInString(v)))
		}
	case sql.SetType:
		coll = et.Collation()
		n = int64(len(et.Values()) - 1)
		for _, v := range et.Values() {
			n += int64(utf8.RuneCountInString(v))
		}
	default:
		return nil
	}
	vt, err := types.CreateString(sqltypes.VarChar, max(n, 0), coll)
	if err != nil {
		return nil
	}
	return vt
}
