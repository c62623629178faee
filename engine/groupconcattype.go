package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// GROUP_CONCAT's result is in its argument's collation: MySQL's
// Item_func_group_concat::resolve_type aggregates the arguments' collations
// for a string result (agg_item_charsets_for_string_result), as CONCAT
// does. GMS types every GROUP_CONCAT utf8mb4_0900_bin, so of a latin1
// column LENGTH counted UTF-8 bytes (9 for 'éé,éé'; MySQL 5), HEX showed
// C3A9, COLLATION() said utf8mb4_0900_bin and `GROUP_CONCAT(v) = 'ÉÉ,ÉÉ'`
// compared byte-wise (MySQL: under latin1_swedish_ci, 1); a
// utf8mb4_general_ci column's GROUP_CONCAT compared byte-wise too.
//
// Two steps: collGroupConcat (the wrap every GROUP_CONCAT gets last,
// groupConcatCut) reports the type, and retypeGroupConcatRefs gives it to
// the references GMS's planner typed when it built the plan. That one runs
// first in the after-all batch: GMS's assignExecIndexes rebuilds each
// GROUP_CONCAT through its WithChildren, which drops the column id the
// references are matched by.

// Type is GMS's type (VARCHAR(512) or TEXT after group_concat_max_len) in
// the argument's collation. Several arguments are one CONCAT by then
// (sqlfunc.groupConcatArgs), whose type carries their collation.
func (c *collGroupConcat) Type() sql.Type {
	t := c.GroupConcat.Type()
	if nt, ok := groupConcatType(c.GroupConcat.Children(), t); ok {
		return nt
	}
	return t
}

// groupConcatType is GMS's GROUP_CONCAT type t in the collation of the
// argument, the last of the children (sort fields come first); ok is false
// where it is t already, or the argument is no character string.
func groupConcatType(children []sql.Expression, t sql.Type) (sql.Type, bool) {
	if len(children) == 0 {
		return nil, false
	}
	st, ok := t.(sql.StringType)
	if !ok || !types.IsTextOnly(t) {
		return nil, false
	}
	arg := children[len(children)-1]
	at, ok := arg.Type().(sql.StringType)
	if !ok || !types.IsTextOnly(at) {
		return nil, false
	}
	coll := at.Collation()
	if coll == sql.Collation_binary || coll == sql.Collation_Unspecified || coll == st.Collation() {
		return nil, false
	}
	length := st.MaxCharacterLength()
	if types.IsTextBlob(t) {
		length = st.MaxByteLength()
	}
	nt, err := types.CreateString(t.Type(), length, coll)
	if err != nil {
		return nil, false
	}
	return nt, true
}

// groupConcatRetype returns e's type when e is a GROUP_CONCAT (GMS's, or a
// wrap of it) whose groupConcatType differs from GMS's.
func groupConcatRetype(e sql.Expression) (sql.Type, bool) {
	var gc *aggregation.GroupConcat
	switch x := e.(type) {
	case *aggregation.GroupConcat:
		gc = x
	case *collGroupConcat:
		gc = x.GroupConcat
	default:
		return nil, false
	}
	return groupConcatType(gc.Children(), gc.Type())
}

// gmsGroupConcatType is the type GMS gives GROUP_CONCAT e.
func gmsGroupConcatType(e sql.Expression) (sql.Type, bool) {
	switch x := e.(type) {
	case *aggregation.GroupConcat:
		return x.Type(), true
	case *collGroupConcat:
		return x.GroupConcat.Type(), true
	}
	return nil, false
}

// groupConcatTypeID is from fix25b's range 11_970-11_979.
const groupConcatTypeID analyzer.RuleId = 11_970

// installGroupConcatType puts retypeGroupConcatRefs first in the after-all
// batch, before assignExecIndexes.
func installGroupConcatType(a *analyzer.Analyzer) {
	b := batch(a, "after-all")
	if b == nil {
		return
	}
	for _, r := range b.Rules {
		if r.Id == groupConcatTypeID {
			return
		}
	}
	b.Rules = append([]analyzer.Rule{{Id: groupConcatTypeID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return retypeGroupConcatRefs(n)
	}}}, b.Rules...)
}

// retypeGroupConcatRefs gives every reference (by column id) to a
// GROUP_CONCAT groupConcatType retypes that type, and to an alias or a
// derived table's column over one the type it then has, through
// subqueries, to a fixed point.
func retypeGroupConcatRefs(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	allSame := transform.SameTree
	for pass := 0; pass < 8; pass++ {
		defs := map[sql.ColumnId]sql.Type{}
		byName := map[string][2]sql.Type{}
		if !collectGroupConcatDefs(n, defs, byName) {
			return n, allSame, nil
		}
		var refs func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error)
		refs = func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if sq, ok := e.(*plan.Subquery); ok {
				q, qsame, err := transform.NodeExprsWithOpaque(sq.Query, refs)
				if err != nil || qsame {
					return e, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			}
			gf, ok := e.(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			t, ok := defs[gf.Id()]
			if nt, named := byName[strings.ToLower(gf.Name())]; !ok && named && nt[0].Equals(gf.Type()) {
				// GMS's planner keeps one of two equal aggregates
				// (LENGTH(GROUP_CONCAT(v)), COLLATION(GROUP_CONCAT(v))):
				// the other's references name it by its text (whose
				// ORDER BY said asc when the plan was built, ASC now).
				t, ok = nt[1], true
			}
			if !ok || t.Equals(gf.Type()) {
				return e, transform.SameTree, nil
			}
			ngf := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).
				WithId(gf.Id()).(*expression.GetField)
			return ngf.WithQuotedNames(sql.GlobalSchemaFormatter, gf.IsQuotedIdentifier()), transform.NewTree, nil
		}
		nn, same, err := transform.NodeExprsWithOpaque(n, refs)
		if err != nil {
			return n, transform.SameTree, err
		}
		if same {
			return nn, allSame, nil
		}
		n, allSame = nn, transform.NewTree
	}
	return n, allSame, nil
}

// collectGroupConcatDefs adds to defs the column ids of n (and its
// subqueries) whose type a retyped GROUP_CONCAT decides, and to byName
// each such GROUP_CONCAT's text with GMS's type and its own; false when n
// has no such GROUP_CONCAT.
func collectGroupConcatDefs(n sql.Node, defs map[sql.ColumnId]sql.Type, byName map[string][2]sql.Type) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *plan.Subquery:
			found = collectGroupConcatDefs(x.Query, defs, byName) || found
			return false
		case *expression.Alias:
			if x.Id() == 0 {
				break
			}
			if t, ok := groupConcatRetype(x.Child); ok {
				defs[x.Id()] = t
			} else if gf, ok := x.Child.(*expression.GetField); ok && defs[gf.Id()] != nil {
				defs[x.Id()] = defs[gf.Id()]
			}
		case sql.IdExpression:
			if t, ok := groupConcatRetype(e); ok {
				found = true
				if gt, isGC := gmsGroupConcatType(e); isGC {
					byName[strings.ToLower(e.String())] = [2]sql.Type{gt, t}
				}
				if x.Id() != 0 {
					defs[x.Id()] = t
				}
			}
		}
		return true
	})
	if !found {
		return false
	}
	// A derived table's columns have its query's types (its references
	// retyped in an earlier pass).
	transform.Inspect(n, func(n sql.Node) bool {
		if sq, ok := n.(*plan.SubqueryAlias); ok {
			sch := sq.Child.Schema()
			if sq.Columns().Len() != len(sch) {
				return true
			}
			i := 0
			sq.Columns().ForEach(func(id sql.ColumnId) {
				if i < len(sch) && types.IsText(sch[i].Type) {
					if st, ok := sch[i].Type.(sql.StringType); ok && st.Collation() != sql.Collation_Default {
						defs[id] = sch[i].Type
					}
				}
				i++
			})
		}
		return true
	})
	return true
}
