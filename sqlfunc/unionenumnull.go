package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// unionEnumNull: a UNION column of an ENUM column beside a NULL side is a
// VARCHAR of the longest member in the column's collation (MySQL's
// Item_type_holder makes a string of an ENUM; MariaDB sends VAR_STRING);
// GMS's join of the types was LONGTEXT, a BLOB on the wire (fix24c). The
// planner has already converted the ENUM side to its members' text (or
// not: then enumText reads them); the NULL side becomes a NULL of the
// VARCHAR. A SET is left as it was (MariaDB sends it as CHAR). ls and rs
// are the sides' nodes under their projections; ok is false for other
// columns.
func unionEnumNull(name [2]string, i int, l, r sql.Expression, lt, rt sql.Type, ls, rs sql.Node) (nl, nr sql.Expression, ok bool) {
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	side := func(g *expression.GetField, t sql.Type, n sql.Node) (sql.Expression, sql.Type) {
		if types.IsEnum(t) {
			et := &enumText{unary{retypedField(g, t)}}
			return et, et.Type()
		}
		e := sideExpr(n, i) // unionbranch.go
		if c, ok := e.(*expression.Convert); ok && types.IsText(t) {
			// convert(EnumToString(e), char): the planner's text of the
			// members.
			var inner sql.Expression = c.Child
			if es, ok := inner.(*expression.EnumToString); ok {
				inner = es.Enum
			}
			if types.IsEnum(inner.Type()) {
				vt := (&enumText{unary{inner}}).Type()
				return &unionAs{unary: unary{retypedField(g, t)}, typ: vt}, vt // unionyear.go
			}
		}
		return nil, nil
	}
	switch {
	case rt == types.Null && lt != types.Null:
		if e, t := side(lg, lt, ls); e != nil {
			return expression.NewAlias(name[0], e), expression.NewAlias(name[1], expression.NewLiteral(nil, t)), true
		}
	case lt == types.Null && rt != types.Null:
		if e, t := side(rg, rt, rs); e != nil {
			return expression.NewAlias(name[0], expression.NewLiteral(nil, t)), expression.NewAlias(name[1], e), true
		}
	}
	return nil, nil, false
}
