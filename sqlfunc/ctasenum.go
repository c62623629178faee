package sqlfunc

import (
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ctasEnumUnionType is the type of column i of CREATE TABLE ... SELECT's
// SELECT sel when it is a UNION column (or a derived UNION's, read by
// name) of ENUM or SET columns beside NULL literals and strings of bounded
// length:
//   - one ENUM/SET column and NULLs: that column's ENUM/SET. MySQL 8.0's
//     Item_aggregate_type keeps the typelib when a single side is an
//     ENUM/SET column and every other is NULL (set_typelib: "possible only
//     if there is a single underlying item with type enum/set, all other
//     items must be the NULL value"; field_types_merge_rules: ENUM x NULL
//     is ENUM) and make_field_by_type makes a Field_enum/Field_set of it;
//     MariaDB 10.11 does the same. Myriad made varchar(n) (a SET
//     longtext);
//   - otherwise (two ENUM/SET sides, even the same column, or a string
//     beside one): VARCHAR(n), n the longest side in characters (an ENUM
//     its longest member, a SET all its members and commas), as
//     field_types_merge_rules merge ENUM with ENUM or VARCHAR. Myriad kept
//     the ENUM of `SELECT c ... UNION SELECT c ...` and made LONGTEXT of
//     the rest.
//
// ok is false for any other column, and when the string sides'
// collations differ.
func ctasEnumUnionType(sel sql.Node, i int) (sql.Type, bool) {
	so, j := ctasSetOp(sel, i) // ctasunion.go
	if so == nil {
		return nil, false
	}
	return enumUnionType(so, j)
}

// enumUnionType is ctasEnumUnionType's type of column j of the set
// operation so, also the type of its result column (unionenum.go).
func enumUnionType(so *plan.SetOp, j int) (sql.Type, bool) {
	var enum sql.Type
	enums, casts, n := 0, 0, int64(0)
	// cols and chars count the string columns and the CHAR ones among
	// them, for a union of strings without an ENUM.
	cols, chars := 0, 0
	coll := sql.Collation_Unspecified
	for _, arm := range setOpArms(so, nil) {
		e := armItem(arm, j)
		if e == nil {
			return nil, false
		}
		cast := userCast(arm, j)
		if es, ok := e.(*expression.EnumToString); ok && cast {
			e = es.Enum
		} else if !cast {
			e = enumSideColumn(arm, j, e)
		}
		t := e.Type()
		if isNullLiteral(e) || t == types.Null {
			continue
		}
		var c sql.CollationID
		switch {
		case types.IsEnum(t) || types.IsSet(t):
			if _, ok := e.(*expression.GetField); !ok {
				return nil, false
			}
			if cast {
				// The user's CAST of it: a string of its members'
				// length, never the ENUM itself.
				casts++
			} else {
				enum, enums = t, enums+1
			}
			if et, ok := t.(sql.EnumType); ok {
				c = et.Collation()
				for _, v := range et.Values() {
					n = max(n, int64(utf8.RuneCountInString(v)))
				}
			} else {
				st := t.(sql.SetType)
				c = st.Collation()
				l := int64(len(st.Values()) - 1)
				for _, v := range st.Values() {
					l += int64(utf8.RuneCountInString(v))
				}
				n = max(n, l)
			}
		case isStringLiteral(e), types.IsText(t) && !types.IsTextBlob(t) && !types.IsBinaryType(t):
			st, ok := t.(sql.StringType)
			if !ok {
				return nil, false
			}
			l, ok := maxCharLength(e) // concattype.go
			if !ok {
				return nil, false
			}
			n = max(n, l)
			if isStringLiteral(e) {
				// COERCIBLE: the columns' IMPLICIT collation wins.
				continue
			}
			if _, ok := e.(*expression.GetField); ok {
				cols++
				if st.Type() == sqltypes.Char {
					chars++
				}
			}
			c = st.Collation()
		default:
			return nil, false
		}
		if c == sql.Collation_binary || (coll != sql.Collation_Unspecified && c != coll) {
			return nil, false
		}
		coll = c
	}
	switch {
	case enums+casts == 0 && cols == 0:
		return nil, false
	case enums+casts == 0 && n <= 255 && chars == cols && onlyColumnsAndNulls(so, j):
		// CHAR x CHAR is CHAR (field_types_merge_rules).
		t, err := types.CreateString(sqltypes.Char, n, coll)
		return t, err == nil
	case enums == 1 && casts == 0 && n >= 0 && onlyEnumAndNulls(so, j):
		return enum, true
	case n > 16383: // VARCHAR's 65535 bytes of utf8mb4
		return nil, false
	}
	t, err := types.CreateString(sqltypes.VarChar, n, coll)
	return t, err == nil
}

// userCast: column j of the set operation's side arm is a CAST of the
// side's own select list (`SELECT CAST(e AS CHAR) ... UNION SELECT NULL`, a
// string whatever it casts), which armItem reads through as it reads
// through the planner's conversions above that list (to the cast's column).
func userCast(arm sql.Node, j int) bool {
	c, ok := sideItem(arm, j).(*expression.Convert) // unionbranchstr.go
	if !ok {
		return false
	}
	var inner *plan.Project
	transform.Inspect(arm, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.SubqueryAlias, *plan.SetOp:
			return false
		case *plan.Project:
			inner = x
		}
		return true
	})
	if inner == nil {
		return false
	}
	for _, p := range inner.Projections {
		if a, ok := p.(*expression.Alias); ok {
			p = a.Child
		}
		if pc, ok := p.(*expression.Convert); ok && pc == c {
			return true
		}
	}
	return false
}

// onlyColumnsAndNulls: every side of so's column j is a column or NULL
// (a string literal beside a CHAR column makes a VARCHAR).
func onlyColumnsAndNulls(so *plan.SetOp, j int) bool {
	for _, arm := range setOpArms(so, nil) {
		e := armItem(arm, j)
		if isStringLiteral(e) {
			return false
		}
	}
	return true
}

// onlyEnumAndNulls: every side of so's column j but one is NULL.
func onlyEnumAndNulls(so *plan.SetOp, j int) bool {
	others := 0
	for _, arm := range setOpArms(so, nil) {
		e := enumSideColumn(arm, j, armItem(arm, j))
		if !isNullLiteral(e) && e.Type() != types.Null {
			others++
		}
	}
	return others == 1
}

// enumSideColumn is the column under a UNION side's item e when e is
// unionEnumColumn's (or the planner's) text of an ENUM/SET column, read
// through the side's stacked projections of column j; e itself otherwise.
// A conversion in the side's own select list (the innermost projection)
// is the user's CAST, a string; those above it are the planner's.
func enumSideColumn(arm sql.Node, j int, e sql.Expression) sql.Expression {
	var projects []*plan.Project
	transform.Inspect(arm, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.SubqueryAlias, *plan.SetOp:
			return false
		case *plan.Project:
			projects = append(projects, n)
		}
		return true
	})
	// userItem: x is an item of the innermost projection, where armItem
	// may already have followed a column reference (definedIn).
	userItem := func(x sql.Expression) bool {
		if len(projects) == 0 {
			return false
		}
		for _, p := range projects[len(projects)-1].Projections {
			if a, ok := p.(*expression.Alias); ok {
				p = a.Child
			}
			if c, ok := p.(*expression.Convert); ok && c == x {
				return true
			}
		}
		return false
	}
	for range 16 {
		outer := len(projects) > 1
		switch x := e.(type) {
		case *expression.Alias:
			e = x.Child
			continue
		case *unionAs:
			e = x.child
			continue
		case *enumText:
			e = x.child
			continue
		case *expression.Convert:
			if outer && userItem(x) {
				return e
			}
			if outer && (types.IsEnum(x.Child.Type()) || types.IsSet(x.Child.Type())) {
				e = x.Child
				continue
			}
			if es, ok := x.Child.(*expression.EnumToString); ok && outer {
				e = es.Enum
				continue
			}
		case *expression.EnumToString:
			if outer {
				e = x.Enum
				continue
			}
		case *expression.GetField:
			if types.IsEnum(x.Type()) || types.IsSet(x.Type()) {
				return x
			}
			// The projection below the one that read it, by position.
			if len(projects) > 1 && j < len(projects[1].Projections) {
				projects = projects[1:]
				e = projects[0].Projections[j]
				continue
			}
		}
		return e
	}
	return e
}
