package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// CTASRuleID names the rule that gives CREATE TABLE ... SELECT's new
// columns the types of this package's expressions (issue 9's range
// 10_920-10_949).
const CTASRuleID analyzer.RuleId = 10_921

var ctasRule = analyzer.Rule{Id: CTASRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if _, ok := n.(*plan.CreateTable); !ok {
		return n, transform.SameTree, nil
	}
	return ctasTypes(withPlanTexts(ctx, n, scope), n) // floatlit.go: a view's float literals
}}

// ctasTypes: GMS's planner fixes the columns of CREATE TABLE ... SELECT from
// the SELECT's types before any rule runs, with SUM and AVG as DOUBLE and
// `2.5 - NULL` as DECIMAL; after ReplaceComparisons has retyped the
// SELECT, a column taken from it whose type is DOUBLE where the SELECT now
// says DECIMAL, or the reverse, gets the SELECT's type (MySQL's:
// `SUM(dec_col)` is DECIMAL(p+22,s)). The two can differ only where this
// package retyped an expression. Columns are matched by name.
func ctasTypes(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ct, ok := n.(*plan.CreateTable)
	if !ok || ct.Select() == nil {
		return n, transform.SameTree, nil
	}
	sel := ct.Select().Schema()
	union := selectsUnion(ct.Select())
	byName := make(map[string]*sql.Column, len(sel))
	for _, c := range sel {
		byName[strings.ToLower(c.Name)] = c
	}
	for _, col := range ct.PkSchema().Schema {
		sc, ok := byName[strings.ToLower(col.Name)]
		if !ok {
			continue
		}
		if ctasGroupConcat(ct.Select(), sel.IndexOfColName(sc.Name)) != nil { // ctasgroupconcat.go
			// MySQL's GROUP_CONCAT is nullable whatever it reads (NULL
			// over no rows or only NULLs); GMS's planner made NOT NULL.
			col.Nullable = true
			if t, ok := ctasGroupConcatType(ctx, ct.Select(), sel.IndexOfColName(sc.Name)); ok {
				col.Type = t
				continue
			}
		}
		if t, ok := ctasEnumUnionType(ct.Select(), sel.IndexOfColName(sc.Name)); ok { // ctasenum.go
			col.Type, col.Nullable = t, true
			continue
		}
		if t, null, ok := ctasUnionType(ctx, ct.Select(), sel.IndexOfColName(sc.Name)); ok { // ctasunion.go
			col.Type, col.Nullable = t, col.Nullable || null
			continue
		}
		if !union {
			if t, ok := ctasExactType(ct.Select(), sel.IndexOfColName(sc.Name)); ok { // ctasexact.go
				col.Type = t
				continue
			}
			if t, ok := ctasBranchType(ctx, ct.Select(), sel.IndexOfColName(sc.Name)); ok {
				col.Type = t
				continue
			}
		}
		// The new table's columns are this statement's own (GMS built
		// them for this node); setting the type in place is the only way
		// in, as CreateTable has no setter for its schema.
		switch {
		case col.Type == types.Null && sc.Type != types.Null:
			// The planner's type of a derived table's column is its
			// first arm's, NULL in `SELECT * FROM (SELECT NULL AS a
			// UNION SELECT c FROM t) d`, which no column can be (1105
			// "column type null"); retype has given the reference the
			// set operation's type (or nullDerived's BINARY(0)).
			t := sc.Type
			if dt, isDec := t.(sql.DecimalType); isDec {
				t = types.MustCreateColumnDecimalType(dt.Precision(), dt.Scale())
			}
			col.Type = t
		case union && sc.Type != types.Null && !col.Type.Equals(sc.Type):
			// A UNION's columns as unionNulls and unionColumns fixed
			// them: GMS took them from its own join of the sides' types,
			// LONGTEXT for a DATETIME or VARCHAR beside NULL, BIGINT for
			// an INT.
			t := sc.Type
			if dt, isDec := t.(sql.DecimalType); isDec {
				t = types.MustCreateColumnDecimalType(dt.Precision(), dt.Scale())
			}
			col.Type = t
		case types.IsFloat(col.Type) && types.IsDecimal(sc.Type),
			types.IsDecimal(col.Type) && types.Float64.Equals(sc.Type):
			t := sc.Type
			if dt, isDec := t.(sql.DecimalType); isDec {
				t = types.MustCreateColumnDecimalType(dt.Precision(), dt.Scale())
			}
			col.Type = t
		}
	}
	return n, transform.SameTree, nil
}

// selectsUnion: n's rows are a UNION's (INTERSECT's, EXCEPT's), under
// nodes that keep its columns.
func selectsUnion(n sql.Node) bool {
	for {
		switch nn := n.(type) {
		case *plan.SetOp:
			return true
		case *plan.SubqueryAlias:
			n = nn.Child
		case *plan.Limit, *plan.Sort, *plan.Offset, *plan.Distinct, *plan.TopN:
			n = nn.Children()[0]
		default:
			return false
		}
	}
}

// ctasBranchType is the type of column i of CREATE TABLE ... SELECT's
// SELECT sel when it is a CASE, IF, IFNULL or COALESCE that the after-all
// batch will retype (this rule runs before it), seen through a derived
// table's select list:
//   - a VARCHAR(n) of strings and numbers or temporal values
//     (newBranchString; an IFNULL of a number and a string as
//     ifNullAsCoalesce's COALESCE), in the collation its branches aggregate
//     to (collateBranches). GMS made such a column LONGTEXT of
//     utf8mb4_0900_bin, and IFNULL(int_col, 'x') an INT column, which
//     refused the 'x' rows (1366) or in non-strict mode stored 0;
//   - a DOUBLE of an integer and a FLOAT (newBranchDouble; MySQL's
//     field_types_merge_rules: FLOAT x LONG is DOUBLE). GMS made CASE of
//     them FLOAT and COALESCE of them LONGTEXT.
//
// ok is false for any other column.
func ctasBranchType(ctx *sql.Context, sel sql.Node, i int) (sql.Type, bool) {
	if i < 0 {
		return nil, false
	}
	e := ctasItem(sel, i)
	if f, ok := e.(*function.IfNull); ok {
		if c := ifNullAsCoalesce(f); c != nil {
			e = c
		}
	}
	if e == nil {
		return nil, false
	}
	if _, ok := branchesOf(e); !ok {
		return nil, false
	}
	if b := newBranchYearInt(e, true); b != nil { // branchyear.go
		return b.typ, true
	}
	if b := newBranchDouble(e); b != nil {
		return b.typ, true
	}
	b := newBranchStringCtx(ctx, e)
	if b == nil {
		return nil, false
	}
	var x sql.Expression = b
	if c, ok := collateBranches(ctx, b).(*branchColl); ok {
		x = c
	}
	st, ok := x.Type().(sql.StringType)
	if !ok || types.IsTextBlob(st) || st.Collation() == sql.Collation_binary {
		return nil, false
	}
	return st, true
}

// underRowFilters is n below the nodes that choose or order its rows
// without changing its columns (a view's WHERE over a derived table or
// another view: `SELECT x FROM v WHERE id > 0`).
func underRowFilters(n sql.Node) sql.Node {
	for {
		switch nn := n.(type) {
		case *plan.Filter, *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct:
			n = nn.Children()[0]
		default:
			return n
		}
	}
}

// ctasItem is the expression that makes column i of sel: sideItem's,
// followed into a derived table by the column's name.
func ctasItem(sel sql.Node, i int) sql.Expression {
	for range 8 {
		if sa, ok := sel.(*plan.SubqueryAlias); ok {
			// GMS prunes the projection of a derived table's columns.
			sel = sa.Child
			continue
		}
		e := sideItem(sel, i) // unionbranchstr.go
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e
		}
		p := projectUnder(sel)
		if p == nil {
			return e
		}
		sa, ok := underRowFilters(p.Child).(*plan.SubqueryAlias)
		if !ok {
			// A view or derived table joined to other tables (`SELECT x
			// FROM v JOIN t USING (id)`): the member gf names.
			if sa = joinedAlias(underRowFilters(p.Child), gf.Table()); sa == nil {
				return e
			}
		}
		j := -1
		for k, c := range sa.Schema() {
			if strings.EqualFold(c.Name, gf.Name()) {
				if j >= 0 {
					return e
				}
				j = k
			}
		}
		if j < 0 {
			return e
		}
		sel, i = sa.Child, j
	}
	return nil
}

// joinedAlias is the view or derived table named table among the members
// of the join n; nil when n is no join or has none of that name.
func joinedAlias(n sql.Node, table string) *plan.SubqueryAlias {
	if _, ok := n.(*plan.JoinNode); !ok || table == "" {
		return nil
	}
	var out *plan.SubqueryAlias
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.SubqueryAlias:
			if strings.EqualFold(x.Name(), table) && out == nil {
				out = x
			}
			return false
		case *plan.SetOp:
			return false
		}
		return out == nil
	})
	return out
}
