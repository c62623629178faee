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
// columns and for a VARCHAR outside utf8mb4, left to the other rules; nl
// and nr are nil with ok true for a column typed so before, to be left
// as it is.
func unionEnumColumn(ctx *sql.Context, so *plan.SetOp, name [2]string, i int, l, r sql.Expression, lt, rt sql.Type) (nl, nr sql.Expression, ok bool) {
	t, ok := enumUnionType(so, i) // ctasenum.go
	if !ok {
		return nil, nil, false
	}
	keep := isEnumOrSet(t)
	if keep && keptEnum(so, i, t) {
		// Typed so by an earlier pass: the sides are left as they are
		// (another projection over them hid the NULL side, and the next
		// pass read two ENUMs, a VARCHAR).
		return nil, nil, true
	}
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
	if !keep && (lt == types.Null || lt.Equals(t)) && (rt == types.Null || rt.Equals(t)) {
		// Strings of the type already (`SELECT s ... UNION SELECT s`): left
		// to the planner's sides and the other rules, whose rewrite of a
		// side moved a derived UNION's own ORDER BY ... LIMIT to another
		// column.
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
	if p, ok := ctx.Value(planTextsKey{}).(planTexts); !ok || p.partial || !selectQuery(ctx) {
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

// keptEnum: both sides of so's column i are already the ENUM/SET t, as the pass over the
// whole statement typed a derived table's set operation
// (derivedEnumSetOps); the derived table's own analysis, which cannot tell
// a derived table from a subquery expression, leaves it so.
func keptEnum(so *plan.SetOp, i int, t sql.Type) bool {
	for _, side := range []sql.Node{so.Left(), so.Right()} {
		sch := side.Schema()
		if i >= len(sch) || !isEnumOrSet(sch[i].Type) || !sch[i].Type.Equals(t) {
			return false
		}
	}
	return true
}

// derivedEnumSetOps are the set operations in root that are the queries
// of its derived tables, CTEs and views (through nodes that keep their
// columns) when root is a SELECT statement's whole plan, outside subquery
// expressions. MySQL materializes such a UNION into a temporary table whose
// column is the Field_enum of Item_aggregate_type (one ENUM/SET beside
// NULLs), so the outer query sorts it by member number, reads `x + 0` and
// `x > 1` as the number and compares `x = 'hi'` as text; fix24c's VARCHAR
// sorted as text and read 0. A subquery expression's UNION stays a string:
// MySQL reads a scalar subquery through Item_cache_str (its number is the
// text's), and IN compares its members' text.
func derivedEnumSetOps(ctx *sql.Context, root sql.Node) map[*plan.SetOp]bool {
	if p, ok := ctx.Value(planTextsKey{}).(planTexts); !ok || p.partial || !selectQuery(ctx) {
		return nil
	}
	var out map[*plan.SetOp]bool
	var walk func(n sql.Node)
	walk = func(n sql.Node) {
		switch x := n.(type) {
		case *plan.SubqueryAlias:
			for c := x.Child; c != nil; {
				switch y := c.(type) {
				case *plan.SetOp:
					if out == nil {
						out = map[*plan.SetOp]bool{}
					}
					out[y] = true
					c = nil
				case *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct,
					*plan.GroupBy:
					c = y.Children()[0]
				case *plan.Project:
					c = y.Child
				default:
					c = nil
				}
			}
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(root)
	return out
}

// withDerivedEnum is ctx marked as withEnumResult marks it, for the set
// operation so of derivedEnumSetOps.
func withDerivedEnum(ctx *sql.Context, so *plan.SetOp, derived map[*plan.SetOp]bool) *sql.Context {
	if !derived[so] {
		return ctx
	}
	return ctx.WithContext(context.WithValue(ctx.Context, enumResultKey{}, true))
}

// selectQuery: the statement ctx runs is a SELECT (selectStatement), also
// when it runs as `EXECUTE s` of a statement PREPAREd from one (the ENUM
// UNION NULL of `PREPARE s FROM 'SELECT e ... UNION SELECT NULL ORDER BY
// 1'` sorted as text).
func selectQuery(ctx *sql.Context) bool {
	q := strings.TrimSpace(ctx.Query())
	if t := executedText(ctx); t != "" && len(q) >= 7 && strings.EqualFold(q[:7], "execute") {
		q = t
	}
	return selectStatement(q)
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
