package engine

import (
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/planfix"
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
// the references GMS's planner typed when it built the plan, first thing
// in the once-before batch and again in the after-all batch before GMS's
// assignExecIndexes, which rebuilds each GROUP_CONCAT through its
// WithChildren and so drops the column id the references are matched by.

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

// groupConcatTypeID and groupConcatTypeLateID are from fix25b's range
// 11_970-11_979.
const (
	groupConcatTypeID     analyzer.RuleId = 11_970
	groupConcatTypeLateID analyzer.RuleId = 11_971
)

// installGroupConcatType puts retypeGroupConcatRefs first in the
// once-before batch, where GMS reads the plan's types for CREATE TABLE ...
// SELECT, UNION columns and INSERT ... SELECT conversions, and again first
// in the after-all batch, before assignExecIndexes, for references the
// batches between made.
func installGroupConcatType(a *analyzer.Analyzer) {
	for _, at := range []struct {
		batch string
		id    analyzer.RuleId
	}{{"once-before", groupConcatTypeID}, {"after-all", groupConcatTypeLateID}} {
		b := batch(a, at.batch)
		if b == nil || slices.ContainsFunc(b.Rules, func(r analyzer.Rule) bool { return r.Id == at.id }) {
			continue
		}
		b.Rules = append([]analyzer.Rule{{Id: at.id, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return retypeGroupConcatRefs(n)
		}}}, b.Rules...)
	}
}

// retypeGroupConcatRefs gives every reference (by column id) to a
// GROUP_CONCAT groupConcatType retypes that type, and to an alias or a
// derived table's column over one the type it then has, through
// subqueries, to a fixed point.
func retypeGroupConcatRefs(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !hasGroupConcat(n) {
		return n, transform.SameTree, nil
	}
	allSame := transform.SameTree
	if ins, ok := n.(*plan.InsertInto); ok && ins.Source != nil {
		// INSERT ... SELECT's source is no child of the node: its
		// conversions into the destination (latin1 text into VARBINARY
		// keeps its latin1 bytes) read its types.
		src, same, err := retypeGroupConcatRefs(ins.Source)
		if err != nil {
			return n, transform.SameTree, err
		}
		if !same {
			n, allSame = ins.WithSource(src), transform.NewTree
		}
	}
	// Kept across passes: an alias above the aggregate is seen before it.
	defs := map[sql.ColumnId]sql.Type{}
	byName := map[string][2]sql.Type{}
	for pass := 0; pass < 8; pass++ {
		if !collectGroupConcatDefs(n, defs, byName) {
			return n, allSame, nil
		}
		nn, same, err := retypeNodeRefs(n, defs, byName)
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
		case sql.Aggregation:
			if t, ok := groupConcatRetype(e); ok {
				found = true
				if gt, isGC := gmsGroupConcatType(e); isGC {
					byName[strings.ToLower(e.String())] = [2]sql.Type{gt, t}
				}
				if x.Id() != 0 {
					defs[x.Id()] = t
				}
			} else if x.Id() != 0 && readsDefs(e, defs) {
				// Another aggregate over a retyped column (MAX(x) OVER ()
				// of a derived GROUP_CONCAT column): its type follows.
				defs[x.Id()] = e.Type()
			}
			windowColumnByName(e, defs, byName)
		case sql.WindowAdaptableExpression:
			// FIRST_VALUE, LAG, ...: not aggregations.
			windowColumnByName(e, defs, byName)
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

// windowColumnByName notes e, an aggregate or window function over a
// retyped column, by its text: the Window's column is read above the
// Window by that name (`LENGTH(MAX(g) OVER ())` beside `MAX(g) OVER ()`),
// with the type GMS gave it before the column was retyped.
func windowColumnByName(e sql.Expression, defs map[sql.ColumnId]sql.Type, byName map[string][2]sql.Type) {
	if types.IsText(e.Type()) && readsDefs(e, defs) {
		byName[strings.ToLower(e.String())] = [2]sql.Type{nil, e.Type()}
	}
}

// retypeNodeRefs is retypeRefsIn over the expressions of n and the nodes
// below it. Each node's expressions are handed over whole: GMS's
// transform helpers rebuild an expression's parents through WithChildren.
func retypeNodeRefs(n sql.Node, defs map[sql.ColumnId]sql.Type, byName map[string][2]sql.Type) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		return planfix.MapNodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return retypeRefsIn(e, defs, byName)
		})
	})
}

// retypeRefsIn is e with its references to defs (or, by name, byName)
// retyped, through subqueries. It rebuilds what it changes itself: GMS's
// Alias.WithChildren drops the alias's column id, by which the nodes
// above (HAVING x = ...) find it.
func retypeRefsIn(e sql.Expression, defs map[sql.ColumnId]sql.Type, byName map[string][2]sql.Type) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *plan.Subquery:
		q, same, err := retypeNodeRefs(x.Query, defs, byName)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return x.WithQuery(q), transform.NewTree, nil
	case *expression.GetField:
		t, ok := defs[x.Id()]
		if nt, named := byName[strings.ToLower(x.Name())]; !ok && named && (nt[0] == nil || nt[0].Equals(x.Type())) {
			// GMS's planner keeps one of two equal aggregates
			// (LENGTH(GROUP_CONCAT(v)), COLLATION(GROUP_CONCAT(v))): the
			// other's references name it by its text (whose ORDER BY said
			// asc when the plan was built, ASC now).
			t, ok = nt[1], true
		}
		if !ok || t.Equals(x.Type()) {
			return e, transform.SameTree, nil
		}
		ngf := expression.NewGetFieldWithTable(x.Index(), int(x.TableId()), t, x.Database(), x.Table(), x.Name(), x.IsNullable()).
			WithId(x.Id()).(*expression.GetField)
		return ngf.WithQuotedNames(sql.GlobalSchemaFormatter, x.IsQuotedIdentifier()), transform.NewTree, nil
	}
	ch := e.Children()
	var nch []sql.Expression
	for i, c := range ch {
		nc, same, err := retypeRefsIn(c, defs, byName)
		if err != nil {
			return e, transform.SameTree, err
		}
		if !same {
			if nch == nil {
				nch = append([]sql.Expression(nil), ch...)
			}
			nch[i] = nc
		}
	}
	if nch == nil {
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(nch...)
	if err != nil {
		return e, transform.SameTree, err
	}
	switch x := e.(type) {
	case *expression.Alias:
		a := ne.(*expression.Alias).WithId(x.Id()).(*expression.Alias)
		if x.Unreferencable() {
			a = a.AsUnreferencable()
		}
		ne = a
	case sql.IdExpression:
		// An aggregate over a retyped reference (MAX(x) of a derived
		// GROUP_CONCAT column) keeps its id and window too.
		if id := x.Id(); id != 0 {
			if ie, ok := ne.(sql.IdExpression); ok && ie.Id() != id {
				ne = ie.WithId(id).(sql.Expression)
			}
		}
		if wa, ok := e.(sql.WindowAdaptableExpression); ok && wa.Window() != nil {
			if nwa, ok := ne.(sql.WindowAdaptableExpression); ok && nwa.Window() == nil {
				ne = nwa.WithWindow(wa.Window())
			}
		}
	}
	return ne, transform.NewTree, nil
}

// readsDefs: e reads a column of defs.
func readsDefs(e sql.Expression, defs map[sql.ColumnId]sql.Type) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		return ok && defs[gf.Id()] != nil
	})
}

// hasGroupConcat: n, an INSERT's source or a subquery of n has a
// GROUP_CONCAT whose type groupConcatType changes (the common plan has
// none, and costs one walk).
func hasGroupConcat(n sql.Node) bool {
	if ins, ok := n.(*plan.InsertInto); ok && ins.Source != nil && hasGroupConcat(ins.Source) {
		return true
	}
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *plan.Subquery:
			found = found || hasGroupConcat(x.Query)
			return false
		case *aggregation.GroupConcat, *collGroupConcat:
			_, changed := groupConcatRetype(x)
			found = found || changed
		}
		return !found
	})
	return found
}
