package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ctasUnionType is the type of column i of CREATE TABLE ... SELECT's
// SELECT sel when it is a UNION (INTERSECT, EXCEPT) column, or a derived
// UNION's column read by name, whose sides mix strings of bounded length
// with numbers: VARCHAR(n), n the longest side in characters (a number's
// display length, maxCharLength), as MySQL's Item_aggregate_type::join_types
// types a string beside a number (field_types_merge_rules: VARCHAR). GMS
// made the top-level UNION's column LONGTEXT and the derived table's its
// first side's type, so `SELECT c FROM (SELECT 1 AS c UNION ALL SELECT
// '1.0') d` made a TINYINT column that stored the '1.0' row as 1. ok is
// false for any other column, and when the string sides' collations
// differ (left to the UNION's own typing). nullable says a side may be
// NULL (the derived table's column was its first side's, NOT NULL).
func ctasUnionType(ctx *sql.Context, sel sql.Node, i int) (typ sql.Type, nullable, ok bool) {
	so, j := ctasSetOp(sel, i)
	if so == nil {
		return nil, false, false
	}
	n, str, num := int64(0), false, false
	coll := sql.Collation_Unspecified
	for _, arm := range setOpArms(so, nil) {
		e := armItem(arm, j)
		if e == nil {
			return nil, false, false
		}
		nullable = nullable || e.IsNullable()
		t := e.Type()
		switch {
		case t == types.Null || isNullLiteral(e):
			// The planner gave a NULL side the UNION's type.
			continue
		case isStringLiteral(e), types.IsText(t):
			st, ok := t.(sql.StringType)
			if !ok || (!isStringLiteral(e) && types.IsTextBlob(t)) || types.IsBinaryType(t) || st.Collation() == sql.Collation_binary {
				return nil, false, false
			}
			if coll != sql.Collation_Unspecified && coll != st.Collation() {
				return nil, false, false
			}
			str, coll = true, st.Collation()
		case isInt(t) || types.IsDecimal(t) || types.IsFloat(t):
			num = true
		default:
			return nil, false, false
		}
		l, known := maxCharLength(e) // concattype.go; a float literal has none
		if !known && types.IsFloat(t) {
			l, known = floatLiteralLength(ctx, e) // floatlit.go: its text in the statement
		}
		if !known {
			return nil, false, false
		}
		n = max(n, l)
	}
	// 16383 characters of utf8mb4 are VARCHAR's 65535 bytes.
	if !str || !num || n > 16383 {
		return nil, false, false
	}
	t, err := types.CreateString(sqltypes.VarChar, n, coll)
	if err != nil {
		return nil, false, false
	}
	return t, nullable, true
}

// ctasSetOp is the set operation whose column j makes column i of sel,
// seen through the nodes that keep a column and a derived table's select
// list of plain column references; nil when there is none.
func ctasSetOp(sel sql.Node, i int) (*plan.SetOp, int) {
	for range 8 {
		switch n := sel.(type) {
		case *plan.SetOp:
			return n, i
		case *plan.SubqueryAlias:
			sel = n.Child
		case *plan.Limit, *plan.Sort, *plan.Offset, *plan.Distinct, *plan.TopN:
			sel = n.Children()[0]
		case *plan.Project:
			if i < 0 || i >= len(n.Projections) {
				return nil, 0
			}
			e := n.Projections[i]
			if a, ok := e.(*expression.Alias); ok {
				e = a.Child
			}
			gf, ok := e.(*expression.GetField)
			if !ok {
				return nil, 0
			}
			child := n.Child
			for range 8 {
				switch c := child.(type) {
				case *plan.Filter, *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct:
					child = c.Children()[0]
					continue
				}
				break
			}
			sa, ok := child.(*plan.SubqueryAlias)
			if !ok {
				return nil, 0
			}
			j := -1
			for k, c := range sa.Schema() {
				if strings.EqualFold(c.Name, gf.Name()) {
					if j >= 0 {
						return nil, 0
					}
					j = k
				}
			}
			if j < 0 {
				return nil, 0
			}
			sel, i = sa.Child, j
		default:
			return nil, 0
		}
	}
	return nil, 0
}

// setOpArms appends the SELECTs a chain of set operations reads.
func setOpArms(n sql.Node, out []sql.Node) []sql.Node {
	switch x := n.(type) {
	case *plan.SetOp:
		return setOpArms(x.Right(), setOpArms(x.Left(), out))
	case *plan.Project:
		// The planner's projection of a nested set operation's columns
		// onto the outer one's.
		if so, ok := x.Child.(*plan.SetOp); ok && plainFields(x.Projections) {
			return setOpArms(so, out)
		}
	}
	return append(out, n)
}

// plainFields: each of ps is a column reference, or the planner's cast of
// one to the outer operation's type.
func plainFields(ps []sql.Expression) bool {
	for _, p := range ps {
		if a, ok := p.(*expression.Alias); ok {
			p = a.Child
		}
		if _, ok := unionCastOf(p).(*expression.GetField); !ok {
			return false
		}
	}
	return true
}

// armItem is the expression that makes column j of a set operation's side
// arm, under the planner's casts of it to the operation's type (to text,
// or to the first side's type in a derived table) and its projections of
// it by column ID or by name (a bare literal has no ID).
func armItem(arm sql.Node, j int) sql.Expression {
	e := sideItem(arm, j) // unionbranchstr.go
	for range 8 {
		if c := unionCastOf(e); c != e {
			e = c
			continue
		}
		switch x := e.(type) {
		case *expression.GetField:
			if d := definedIn(arm, x); d != nil {
				e = d
				continue
			}
		}
		return e
	}
	return nil
}

// definedIn is the select-list expression under arm that defines the
// column gf reads: the aliased expression of its ID, or else the one
// unaliased item of the innermost projection written as its name.
func definedIn(arm sql.Node, gf *expression.GetField) sql.Expression {
	var found sql.Expression
	var inner *plan.Project
	transform.Inspect(arm, func(n sql.Node) bool {
		if found != nil {
			return false
		}
		switch x := n.(type) {
		case *plan.SubqueryAlias, *plan.SetOp:
			return false
		case *plan.Project:
			inner = x
			for _, p := range x.Projections {
				if a, ok := p.(*expression.Alias); ok && gf.Id() != 0 && a.Id() == gf.Id() {
					found = a.Child
					return false
				}
			}
		}
		return true
	})
	if found != nil || inner == nil {
		return found
	}
	for _, p := range inner.Projections {
		if _, ok := p.(*expression.Alias); !ok && p != sql.Expression(gf) && literalName(p) == gf.Name() {
			if _, isField := p.(*expression.GetField); !isField {
				return p
			}
		}
	}
	return nil
}

// literalName is the column name the planner gives an unaliased item: a
// string literal's text without its quotes.
func literalName(e sql.Expression) string {
	if l, ok := e.(*expression.Literal); ok {
		if v, isStr := l.Value().(string); isStr {
			return v
		}
	}
	return e.String()
}

// unionCastOf is e under the casts the planner and this package's UNION
// typing put on a side's column; e itself when it is none.
func unionCastOf(e sql.Expression) sql.Expression {
	for range 8 {
		switch x := e.(type) {
		case *expression.Convert:
			e = x.Child
		case *armText: // unionflat.go
			e = x.Child
		case *unionText: // unioncoll.go
			e = x.child
		default:
			return e
		}
	}
	return e
}
