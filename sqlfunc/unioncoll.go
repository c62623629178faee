package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// unionTextColumn: where the two sides of a UNION column are strings of
// different types, GMS's planner converts both to CAST(... AS CHAR), a
// LONGTEXT of utf8mb4_0900_bin, whatever the sides' collations. That type
// is the union's column, so a derived table, CTE or view over the UNION
// grouped, sorted, DISTINCTed and compared its column in bytes: `SELECT c
// FROM (SELECT c FROM u UNION ALL SELECT 'ss') d ORDER BY c`, c of
// utf8mb4_0900_ai_ci, put 'Sz' before 'sr'. MySQL aggregates the sides'
// collations (Item_aggregate_type::join_types, operation 'UNION': an
// IMPLICIT column beats a COERCIBLE literal) and the result's column has
// that collation. The column keeps GMS's LONGTEXT, in that collation, of
// derivation IMPLICIT (it is a column of the union's result). Two sides
// that do not aggregate (two EXPLICIT collations) are MySQL's 1267, and
// an aggregate of derivation NONE (two IMPLICIT collations of one
// character set, neither binary) its 1271 "Illegal mix of collations for
// operation 'UNION'".
//
// l and r are the column's projections over the sides (GMS's conversions),
// ls and rs the sides' own plans, i the column's position.
func unionTextColumn(ctx *sql.Context, i int, l, r sql.Expression, ls, rs sql.Node) (nl, nr sql.Expression, ok bool, err error) {
	lc, lconv := unionCharConversion(l)
	rc, rconv := unionCharConversion(r)
	if !lconv && !rconv {
		return nil, nil, false, nil
	}
	st, isStr := l.Type().(sql.StringType)
	if !isStr || !types.IsTextOnly(st) || st.CharacterSet() != sql.CharacterSet_utf8mb4 {
		return nil, nil, false, nil
	}
	ld, lok := unionSideDT(ctx, ls, i)
	rd, rok := unionSideDT(ctx, rs, i)
	if !lok || !rok {
		return nil, nil, false, nil
	}
	d, err := unionAggregate(ctx, ld, rd)
	if err != nil {
		return nil, nil, false, err
	}
	if d.coll == st.Collation() {
		return nil, nil, false, nil
	}
	if cs := d.coll.CharacterSet(); cs != sql.CharacterSet_utf8mb4 {
		fit, err := unionSidesFit(ctx, cs, i, ld, rd, ls, rs)
		if err != nil || !fit {
			return nil, nil, false, err
		}
	}
	typ, err := types.CreateString(sqltypes.Text, types.LongTextBlobMax, d.coll)
	if err != nil {
		return nil, nil, false, nil
	}
	wrap := func(e, conv sql.Expression, isConv bool) sql.Expression {
		a, _ := e.(*expression.Alias)
		var inner sql.Expression = e
		if isConv {
			inner = conv
		} else if a != nil {
			inner = a.Child
		}
		var out sql.Expression = &unionText{unary: unary{inner}, typ: typ, coll: d.coll}
		if a != nil {
			out = expression.NewAlias(a.Name(), out)
		}
		return out
	}
	return wrap(l, lc, lconv), wrap(r, rc, rconv), true, nil
}

// unionSidesFit reports whether the values of both sides of a union column
// aggregated to character set cs (a latin1 column beside a string literal)
// are text cs holds: each side is a column of cs or a string literal whose
// text converts to cs. MySQL converts such a literal to the column's
// character set (agg_item_set_converter) and refuses one that does not
// convert, 1267 "Illegal mix of collations"; that is the error here. A
// side Myriad cannot read so (an expression of another character set) is
// false: the column keeps GMS's utf8mb4 typing.
func unionSidesFit(ctx *sql.Context, cs sql.CharacterSetID, i int, ld, rd dtColl, ls, rs sql.Node) (bool, error) {
	for _, side := range []struct {
		d dtColl
		n sql.Node
	}{{ld, ls}, {rd, rs}} {
		if side.d.coll.CharacterSet() == cs {
			continue
		}
		l, ok := sideExpr(side.n, i).(*expression.Literal)
		if !ok {
			return false, nil
		}
		v, isStr := l.Value().(string)
		if !isStr || cs.Encoder() == nil {
			return false, nil
		}
		if _, ok := cs.Encoder().Encode([]byte(v)); !ok {
			return false, illegalMixError("UNION", []dtColl{ld, rd})
		}
	}
	return true, nil
}

// unionCharConversion is GMS's conversion of a union side's column to
// CHAR, alias(convert(column, CHAR)), or flatTextColumns' (armText).
func unionCharConversion(e sql.Expression) (sql.Expression, bool) {
	a, ok := e.(*expression.Alias)
	if !ok {
		return nil, false
	}
	if at, ok := a.Child.(*armText); ok { // unionflat.go
		return at, true
	}
	c, ok := a.Child.(*expression.Convert)
	if !ok || !types.LongText.Equals(c.Type()) {
		return nil, false
	}
	if _, ok := c.Child.(*expression.GetField); !ok {
		return nil, false
	}
	return c, true
}

// unionSideDT is the DTCollation of column i of a union side n: its select
// item's (through the nodes that keep their child's columns), a nested
// union's aggregate, or a table column's (IMPLICIT). False where a side is
// not a string MySQL would take part in a string's collation the way dtOf
// models (ENUM, SET, JSON, NULL), or cannot be followed.
func unionSideDT(ctx *sql.Context, n sql.Node, i int) (dtColl, bool) {
	switch nn := n.(type) {
	case *plan.SetOp:
		l, lok := unionSideDT(ctx, nn.Left(), i)
		r, rok := unionSideDT(ctx, nn.Right(), i)
		if !lok || !rok {
			return dtColl{}, false
		}
		d, err := unionAggregate(ctx, l, r)
		return d, err == nil
	case *plan.Project:
		if i >= len(nn.Projections) {
			return dtColl{}, false
		}
		e := nn.Projections[i]
		if so, ok := nn.Child.(*plan.SetOp); ok {
			// GMS's conversion over a nested union's sides.
			if _, conv := unionCharConversion(e); conv {
				return unionSideDT(ctx, so, i)
			}
			if _, gf := e.(*expression.GetField); gf {
				return unionSideDT(ctx, so, i)
			}
		}
		return unionItemDT(ctx, e)
	case *plan.GroupBy:
		if i >= len(nn.SelectedExprs) {
			return dtColl{}, false
		}
		return unionItemDT(ctx, nn.SelectedExprs[i])
	case *plan.Window:
		if i >= len(nn.SelectExprs) {
			return dtColl{}, false
		}
		return unionItemDT(ctx, nn.SelectExprs[i])
	case *plan.Sort, *plan.Limit, *plan.Offset, *plan.Filter, *plan.Having, *plan.Distinct, *plan.TopN:
		return unionSideDT(ctx, nn.Children()[0], i)
	}
	sch := n.Schema()
	if i >= len(sch) {
		return dtColl{}, false
	}
	t := sch[i].Type
	if t == types.Null || isEnumOrSet(t) || types.IsJSON(t) {
		return dtColl{}, false
	}
	if st, ok := t.(sql.StringType); ok && types.IsText(t) {
		return dtColl{coll: st.Collation(), deriv: derivImplicit}, true
	}
	return numericColl, true
}

func unionItemDT(ctx *sql.Context, e sql.Expression) (dtColl, bool) {
	if isArmText(e) {
		// A number made text by flatTextColumns: still a number's
		// derivation, which loses to every string.
		return numericColl, true
	}
	t := e.Type()
	if t == types.Null || isEnumOrSet(t) || types.IsJSON(t) {
		return dtColl{}, false
	}
	return dtOf(ctx, e), true
}

// unionAggregate joins the collations of two sides of a union column as
// MySQL's join_types does.
func unionAggregate(ctx *sql.Context, l, r dtColl) (dtColl, error) {
	d, err := aggregateDTs(ctx, "UNION", []dtColl{l, r}, allowSupersetConv|allowCoercibleConv)
	if err != nil {
		return d, err
	}
	if d.deriv == derivNone {
		if binSort(l.coll) && binSort(r.coll) && l.coll.CharacterSet() == r.coll.CharacterSet() {
			// Two binary-sorting collations: MySQL keeps the first
			// (DTCollation::aggregate returns at the left's MY_CS_BINSORT).
			return dtColl{coll: l.coll, deriv: l.deriv}, nil
		}
		return d, &mysql.SQLError{Num: mysql.ERCantAggregateNCollations, State: "HY000",
			Message: "Illegal mix of collations for operation 'UNION'"}
	}
	return d, nil
}

// unionText is one side of a union's string column, typed in the
// collation MySQL aggregates for the column (unionTextColumn).
type unionText struct {
	unary
	typ  sql.Type
	coll sql.CollationID
}

func (u *unionText) Type() sql.Type { return u.typ }

func (u *unionText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return u.coll, derivImplicit
}

func (u *unionText) DebugString() string {
	return fmt.Sprintf("unionText(%s, %s)", sql.DebugString(u.child), u.coll)
}

func (u *unionText) Eval(ctx *sql.Context, row sql.Row) (any, error) { return u.child.Eval(ctx, row) }

func (u *unionText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(u, children)
}
