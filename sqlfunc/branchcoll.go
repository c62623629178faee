package sqlfunc

import (
	"fmt"
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// branchColl is a CASE, IF, IFNULL or COALESCE of strings with the
// collation and derivation MySQL aggregates from its result branches
// (Coercibility's), in its type too. GMS typed a CASE or COALESCE by its
// branches' common type (a literal branch: utf8mb4_0900_bin), an IF by its
// THEN and an IFNULL by its first argument, and GMS groups, sorts, DISTINCTs
// and partitions a projected column by its type's collation and reports
// that collation to the client: `SELECT CASE WHEN p THEN ci_col ELSE 'z' END
// g ... GROUP BY g` made 'a' and 'A' two groups, `GROUP BY g` over IF(p,
// ci_col, bin_col) one group (MySQL: utf8mb4_bin, of derivation NONE), and
// COLLATION() and COERCIBILITY() gave GMS's derivation.
type branchColl struct {
	unary
	typ   sql.Type
	coll  sql.CollationID
	deriv byte
}

// collateBranches wraps e (a CASE, IF, IFNULL, COALESCE, or its
// branchString) in its branchColl where MySQL's collation or derivation is
// not GMS's; e otherwise.
func collateBranches(ctx *sql.Context, e sql.Expression) sql.Expression {
	st, ok := e.Type().(sql.StringType)
	if !ok || !types.IsTextOnly(e.Type()) {
		return e
	}
	coll, deriv := Coercibility(ctx, e)
	if coll == sql.Collation_Unspecified || coll == sql.Collation_binary || deriv > derivIgnorable {
		return e
	}
	if gc, gd := sql.GetCoercibility(ctx, e); gc == coll && gd == deriv && st.Collation() == coll {
		return e
	}
	typ := e.Type()
	if st.Collation() != coll {
		t, ok := recollated(st, coll)
		if !ok {
			return e
		}
		typ = t
	}
	return &branchColl{unary: unary{e}, typ: typ, coll: coll, deriv: deriv}
}

// recollated is st in collation coll, as long in characters.
func recollated(st sql.StringType, coll sql.CollationID) (sql.Type, bool) {
	chars := st.MaxCharacterLength()
	var t sql.StringType
	var err error
	switch st.Type() {
	case sqltypes.Char, sqltypes.VarChar:
		t, err = types.CreateString(st.Type(), chars, coll)
	case sqltypes.Text:
		t, err = types.CreateString(sqltypes.Text, min(chars*coll.CharacterSet().MaxLength(), types.LongTextBlobMax), coll)
	default:
		return nil, false
	}
	return t, err == nil
}

func (b *branchColl) Type() sql.Type { return b.typ }

func (b *branchColl) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return b.coll, b.deriv
}

func (b *branchColl) DebugString() string {
	return fmt.Sprintf("branchColl(%s, %s, %s)", sql.DebugString(b.child), b.coll, derivNames[b.deriv])
}

func (b *branchColl) Eval(ctx *sql.Context, row sql.Row) (any, error) { return b.child.Eval(ctx, row) }

func (b *branchColl) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	// A later pass of the replacement wraps the node below again.
	if len(children) == 1 {
		if inner, ok := children[0].(*branchColl); ok {
			return inner, nil
		}
	}
	return withChild(b, children)
}

// UnionTypesRuleID names the rule that runs unionBranchTypes first in the
// validation batch: GMS analyzes a union's sides to the end (after-all,
// where the branchColls are made) before the union's own validation.
const UnionTypesRuleID analyzer.RuleId = 11_311

var unionTypesRule = analyzer.Rule{Id: UnionTypesRuleID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return unionBranchTypes(n)
}}

// unionBranchTypes gives the branchColls selected by the sides of a UNION
// (INTERSECT, EXCEPT, recursive CTE) back their GMS types where the sides'
// column types no longer match: GMS has converted both sides to one type
// by then and refuses sides whose types differ (validateUnionSchemasMatch).
// Their collation and derivation stay MySQL's; the union's own collation is
// engine's (unionOnKeys).
func unionBranchTypes(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		u, ok := n.(*plan.SetOp)
		if !ok || reflect.DeepEqual(typesOf(u.Left().Schema()), typesOf(u.Right().Schema())) {
			return n, transform.SameTree, nil
		}
		l, lsame, err := gmsBranchTypes(u.Left())
		if err != nil {
			return nil, transform.SameTree, err
		}
		r, rsame, err := gmsBranchTypes(u.Right())
		if err != nil {
			return nil, transform.SameTree, err
		}
		if lsame && rsame {
			return n, transform.SameTree, nil
		}
		nn, err := u.WithChildren(l, r)
		return nn, transform.NewTree, err
	})
}

func typesOf(s sql.Schema) []sql.Type {
	ts := make([]sql.Type, len(s))
	for i, c := range s {
		ts[i] = c.Type
	}
	return ts
}

// gmsBranchTypes retypes the branchColls a union side selects (through
// its unary nodes and nested unions) to their children's types.
func gmsBranchTypes(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch nn := n.(type) {
	case *plan.Project:
		same := transform.SameTree
		ps := make([]sql.Expression, len(nn.Projections))
		for i, p := range nn.Projections {
			ps[i] = p
			target := p
			if a, ok := p.(*expression.Alias); ok {
				target = a.Child
			}
			b, ok := target.(*branchColl)
			if !ok || b.typ == b.child.Type() {
				continue
			}
			var nb sql.Expression = &branchColl{unary: b.unary, typ: b.child.Type(), coll: b.coll, deriv: b.deriv}
			if a, ok := p.(*expression.Alias); ok {
				var err error
				if nb, err = a.WithChildren(nb); err != nil {
					return nil, transform.SameTree, err
				}
			}
			ps[i], same = nb, transform.NewTree
		}
		if same {
			return n, same, nil
		}
		nn2, err := nn.WithExpressions(ps...)
		return nn2, transform.NewTree, err
	case *plan.SetOp:
		l, lsame, err := gmsBranchTypes(nn.Left())
		if err != nil {
			return nil, transform.SameTree, err
		}
		r, rsame, err := gmsBranchTypes(nn.Right())
		if err != nil || (lsame && rsame) {
			return n, transform.SameTree, err
		}
		nn2, err := nn.WithChildren(l, r)
		return nn2, transform.NewTree, err
	case sql.UnaryNode:
		c, same, err := gmsBranchTypes(nn.Child())
		if err != nil || same {
			return n, transform.SameTree, err
		}
		nn2, err := n.WithChildren(c)
		return nn2, transform.NewTree, err
	}
	return n, transform.SameTree, nil
}
