package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// unionBranchStringColumn: a UNION side whose column is a CASE, IF, IFNULL
// or COALESCE that newBranchString will type VARCHAR(n) (strings beside
// numbers or temporal values) is typed LONGTEXT by GMS when the planner
// joins the sides' types, and VARCHAR only later; GMS then refused the
// UNION (1105 "the schema of the left side of union does not match the
// right side, expected varchar(8) to match longtext"). Here both sides get
// the column's final type up front: VARCHAR of the longer side's length in
// characters when both sides are strings of bounded length (MySQL's
// Item_aggregate_type::join_types: VARCHAR x VARCHAR is VARCHAR of the
// larger length), else GMS's LONGTEXT; in the collation the sides
// aggregate to (unionAggregate, as unionTextColumn). ok is false when
// neither side is such a branch.
func unionBranchStringColumn(ctx *sql.Context, i int, l, r sql.Expression, ls, rs sql.Node) (nl, nr sql.Expression, ok bool, err error) {
	le, re := sideItem(ls, i), sideItem(rs, i)
	lb, rb := varcharBranch(le), varcharBranch(re)
	if lb == nil && rb == nil {
		return nil, nil, false, nil
	}
	if _, lok := unionSideOf(l); !lok {
		return nil, nil, false, nil
	}
	if _, rok := unionSideOf(r); !rok {
		return nil, nil, false, nil
	}
	ld, lok := unionSideDT(ctx, ls, i)
	rd, rok := unionSideDT(ctx, rs, i)
	if !lok || !rok {
		return nil, nil, false, nil
	}
	if lb != nil {
		ld = dtOf(ctx, lb)
	}
	if rb != nil {
		rd = dtOf(ctx, rb)
	}
	d, err := unionAggregate(ctx, ld, rd)
	if err != nil {
		return nil, nil, false, err
	}
	if d.coll == sql.Collation_binary || d.coll == sql.Collation_Unspecified {
		return nil, nil, false, nil
	}
	n, bounded := int64(0), true
	for _, s := range []struct {
		b sql.Expression
		e sql.Expression
	}{{lb, le}, {rb, re}} {
		var sl int64
		var ok bool
		if s.b != nil {
			sl, ok = s.b.Type().(sql.StringType).MaxCharacterLength(), true
		} else {
			sl, ok = boundedStringLength(s.e)
		}
		bounded = bounded && ok
		n = max(n, sl)
	}
	var typ sql.Type
	if bounded && n*d.coll.CharacterSet().MaxLength() <= 65535 {
		typ, err = types.CreateString(sqltypes.VarChar, n, d.coll)
	} else {
		typ, err = types.CreateString(sqltypes.Text, types.LongTextBlobMax, d.coll)
	}
	if err != nil {
		return nil, nil, false, nil
	}
	wrap := func(e sql.Expression) sql.Expression {
		a, _ := e.(*expression.Alias)
		inner := e
		if a != nil {
			inner = a.Child
		}
		var out sql.Expression = &unionText{unary: unary{inner}, typ: typ, coll: d.coll}
		if a != nil {
			out = expression.NewAlias(a.Name(), out)
		}
		return out
	}
	return wrap(l), wrap(r), true, nil
}

// varcharBranch is newBranchString's retyping of e, a UNION side's column,
// when it has one; nil otherwise.
func varcharBranch(e sql.Expression) sql.Expression {
	if e == nil {
		return nil
	}
	if _, ok := branchesOf(e); !ok {
		return nil
	}
	if b := newBranchString(e); b != nil {
		return b
	}
	return nil
}

// unionSideOf matches the planner's projection over a UNION side's
// column: the column, bare or converted (unionSide), or a conversion of
// it to CHAR.
func unionSideOf(e sql.Expression) (*expression.GetField, bool) {
	if gf, ok := unionSide(e); ok {
		return gf, true
	}
	return nil, false
}

// boundedStringLength is the length in characters of a UNION side's
// column e when it is a string literal, a CHAR or VARCHAR, or NULL; false
// for anything else (a TEXT, a number, a side that cannot be seen).
func boundedStringLength(e sql.Expression) (int64, bool) {
	if e == nil {
		return 0, false
	}
	t := e.Type()
	switch {
	case t == types.Null:
		return 0, true
	case isStringLiteral(e):
		return maxCharLength(e)
	case types.IsText(t) && !types.IsTextBlob(t) && !types.IsBinaryType(t):
		return t.(sql.StringType).MaxCharacterLength(), true
	}
	return 0, false
}

// sideItem is sideExpr's expression for column i of a UNION side n, seen
// through the projections GMS stacks over a select list (`SELECT
// COALESCE(a, b) g ... UNION ...` is a projection of g over the one that
// computes it).
func sideItem(n sql.Node, i int) sql.Expression {
	for range 8 {
		e := sideExpr(n, i)
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e
		}
		p := projectUnder(n)
		if p == nil {
			return e
		}
		child, ok := p.Child.(*plan.Project)
		if !ok {
			return e
		}
		// The planner's field indexes are not final here: the column is
		// found by its ID.
		j := -1
		for k, pe := range child.Projections {
			if ide, ok := pe.(sql.IdExpression); ok && ide.Id() == gf.Id() && gf.Id() != 0 {
				j = k
				break
			}
		}
		if j < 0 {
			return e
		}
		n, i = child, j
	}
	return nil
}

// projectUnder is the projection sideExpr reads in n.
func projectUnder(n sql.Node) *plan.Project {
	for {
		switch nn := n.(type) {
		case *plan.Project:
			return nn
		case *plan.Limit, *plan.Sort, *plan.Offset, *plan.Distinct, *plan.TopN, *plan.Having:
			n = nn.Children()[0]
		default:
			return nil
		}
	}
}
