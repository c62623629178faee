package planfix

import (
	"fmt"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// groupedOuterRefs makes the columns that a subquery reads from its outer
// query reach the node that evaluates the subquery when a GROUP BY lies in
// between.
//
// GMS's planbuilder passes up through a GroupBy only the columns that the
// SELECT list, HAVING and ORDER BY name outside subqueries: it does not look
// into a subquery's plan. A subquery evaluated above the GroupBy (a select
// expression, GROUP BY alias, HAVING or ORDER BY operand) then reads an
// outer column that is not in its input row, and assignExecIndexes, finding
// no column with that id or name, leaves the GetField's index at the
// column's id: the subquery silently reads whichever output column sits at
// that position (wrong groups, wrong HAVING decisions, wrong values).
//
// The rule appends each such column to the GroupBy's selected expressions
// (GMS keeps a group's first value for a non-aggregate, as MySQL does with
// ONLY_FULL_GROUP_BY off; for a grouped column or a subquery that is itself
// the grouping key every row of the group agrees) and to every Project on
// the way up. A node that passes its child's row through (Sort, Having,
// Filter, Limit) would then show the extra columns to its parent, so it is
// wrapped in a Project that restores its own columns. Shapes it cannot
// thread a column through (DISTINCT, window functions, set operations) are
// refused with an error rather than answered wrongly.
func groupedOuterRefs(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return fixOuterRefs(n)
}

// errOuterRefShape refuses a plan whose subquery would read a column hidden
// below a GROUP BY through a node the rule cannot pass a column through.
func errOuterRefShape(through sql.Node) error {
	return fmt.Errorf("myriad: a subquery that reads a column of its outer query above GROUP BY "+
		"through %T is not supported (it would read the wrong column)", through)
}

func fixOuterRefs(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	// WithOpaque: a UNION's parts are opaque to transform.Node, and each may
	// be a query with this fault.
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		same := transform.SameTree
		// Subqueries nested in this node's expressions first: they are
		// queries of their own and may have the same fault inside.
		if _, ok := n.(sql.Expressioner); ok {
			nn, esame, err := transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				sq, ok := e.(*plan.Subquery)
				if !ok {
					return e, transform.SameTree, nil
				}
				q, qsame, err := fixOuterRefs(sq.Query)
				if err != nil || qsame {
					return e, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			})
			if err != nil {
				return nil, transform.SameTree, err
			}
			if !esame {
				n, same = nn, transform.NewTree
			}
		}
		nn, changed, err := threadOuterRefs(n)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if changed {
			return nn, transform.NewTree, nil
		}
		return n, same, nil
	})
}

// threadOuterRefs handles one node whose expressions may hold subqueries
// reading columns its child does not pass up.
func threadOuterRefs(n sql.Node) (sql.Node, bool, error) {
	if _, ok := n.(sql.Expressioner); !ok || len(n.Children()) != 1 {
		return n, false, nil
	}
	child := n.Children()[0]
	have := provided(child)
	reused := false
	if groupedBelow(child) {
		var err error
		if n, reused, err = reuseChildAliases(n, have); err != nil {
			return nil, false, err
		}
	}
	ne := n.(sql.Expressioner)
	refs := map[sql.ColumnId]*expression.GetField{}
	for _, e := range ne.Expressions() {
		subqueryColumns(e, refs)
	}
	if len(refs) == 0 {
		return n, reused, nil
	}
	need := map[sql.ColumnId]*expression.GetField{}
	for id, gf := range refs {
		if !have[id] {
			need[id] = gf
		}
	}
	if len(need) == 0 {
		return n, reused, nil
	}
	newChild, got, err := thread(child, need)
	if err != nil || len(got) == 0 {
		return n, reused, err
	}
	schema := n.Schema()
	nn, err := n.WithChildren(newChild)
	if err != nil {
		return nil, false, err
	}
	if isProjector(n) {
		return nn, true, nil
	}
	ids, ok := outputIDs(n)
	if !ok {
		return nil, false, errOuterRefShape(n)
	}
	// n passes its child's row through, extra columns included: keep its
	// parent's view of it as it was.
	cols := make([]sql.Expression, len(schema))
	for i, c := range schema {
		cols[i] = expression.NewGetFieldWithTable(int(ids[i]), 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable).WithId(ids[i])
	}
	return plan.NewProject(cols, nn), true, nil
}

// reuseChildAliases replaces a subquery alias that n computes again although
// its child already outputs it (the planbuilder repeats the alias in the
// Project or Sort above the one that computed it) by a reference to the
// child's column: the same value, without evaluating the subquery once more
// over a row that may no longer hold the columns it reads.
func reuseChildAliases(n sql.Node, have map[sql.ColumnId]bool) (sql.Node, bool, error) {
	nn, same, err := transform.OneNodeExpressions(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		a, ok := e.(*expression.Alias)
		if !ok || a.Id() == 0 || !have[a.Id()] || !readsMissing(a, have) {
			return e, transform.SameTree, nil
		}
		gf := expression.NewGetField(int(a.Id()), a.Type(), a.Name(), a.IsNullable()).WithId(a.Id())
		return gf, transform.NewTree, nil
	})
	if err != nil {
		return nil, false, err
	}
	return nn, same == transform.NewTree, nil
}

// readsMissing reports whether a subquery in e reads a column that is not in
// have: only then is evaluating e again wrong (elsewhere the plan is left as
// GMS built it).
func readsMissing(e sql.Expression, have map[sql.ColumnId]bool) bool {
	refs := map[sql.ColumnId]*expression.GetField{}
	subqueryColumns(e, refs)
	for id := range refs {
		if !have[id] {
			return true
		}
	}
	return false
}

// groupedBelow reports whether n's rows come out of a GroupBy through nodes
// that only pass or project them. Elsewhere GMS passes the columns up itself,
// and a reused alias keeps the type it had before Myriad's SUM/AVG replaced
// GMS's (a DECIMAL SUM would reach the client as DOUBLE).
func groupedBelow(n sql.Node) bool {
	for {
		switch n.(type) {
		case *plan.GroupBy:
			return true
		case *plan.Project, *plan.Sort, *plan.Having, *plan.Filter, *plan.Limit, *plan.Offset,
			*plan.TopN, *plan.Distinct:
			n = n.Children()[0]
		default:
			return false
		}
	}
}

func isProjector(n sql.Node) bool {
	switch n.(type) {
	case *plan.Project, *plan.GroupBy, *plan.Window:
		return true
	}
	return false
}

// thread returns n changed to also output the columns of need that some
// node below it outputs, and the ids it now outputs.
func thread(n sql.Node, need map[sql.ColumnId]*expression.GetField) (sql.Node, []sql.ColumnId, error) {
	have := provided(n)
	var got []sql.ColumnId
	missing := map[sql.ColumnId]*expression.GetField{}
	for id, gf := range need {
		if have[id] {
			got = append(got, id)
		} else {
			missing[id] = gf
		}
	}
	if len(missing) == 0 {
		return n, got, nil
	}
	switch m := n.(type) {
	case *plan.Project, *plan.GroupBy:
		child, added, err := thread(m.Children()[0], missing)
		if err != nil || len(added) == 0 {
			return n, got, err
		}
		sort.Slice(added, func(i, j int) bool { return added[i] < added[j] })
		extra := make([]sql.Expression, len(added))
		for i, id := range added {
			extra[i] = missing[id]
		}
		var out sql.Node
		if p, ok := m.(*plan.Project); ok {
			np := *p
			np.Projections = append(append([]sql.Expression{}, p.Projections...), extra...)
			np.Child = child
			out = &np
		} else {
			g := m.(*plan.GroupBy)
			out = plan.NewGroupBy(append(append([]sql.Expression{}, g.SelectedExprs...), extra...), g.GroupByExprs, child)
		}
		return out, append(got, added...), nil
	case *plan.Sort, *plan.Having, *plan.Filter, *plan.Limit, *plan.Offset, *plan.TopN:
		child, added, err := thread(m.Children()[0], missing)
		if err != nil || len(added) == 0 {
			return n, got, err
		}
		out, err := n.WithChildren(child)
		if err != nil {
			return nil, nil, err
		}
		return out, append(got, added...), nil
	case plan.TableIdNode, *plan.JoinNode:
		// The columns are not below a GROUP BY here: they come from an
		// enclosing query (or nowhere), which GMS already handles.
		return n, got, nil
	default:
		for id := range missing {
			if definedBelow(n, id) {
				return nil, nil, errOuterRefShape(n)
			}
		}
		return n, got, nil
	}
}

// provided is the set of column ids n outputs.
func provided(n sql.Node) map[sql.ColumnId]bool {
	out := map[sql.ColumnId]bool{}
	switch m := n.(type) {
	case sql.Projector:
		for _, e := range m.ProjectedExprs() {
			if ie, ok := e.(sql.IdExpression); ok {
				out[ie.Id()] = true
			}
		}
	case plan.TableIdNode:
		m.Columns().ForEach(func(id sql.ColumnId) { out[id] = true })
	case *plan.JoinNode:
		kids := m.Children()
		if m.Op.IsPartial() {
			kids = kids[:1]
		}
		for _, c := range kids {
			for id := range provided(c) {
				out[id] = true
			}
		}
	default:
		for _, c := range n.Children() {
			for id := range provided(c) {
				out[id] = true
			}
		}
	}
	return out
}

// outputIDs lists the column ids of n's output in order, when each is known.
func outputIDs(n sql.Node) ([]sql.ColumnId, bool) {
	switch m := n.(type) {
	case sql.Projector:
		var ids []sql.ColumnId
		for _, e := range m.ProjectedExprs() {
			ie, ok := e.(sql.IdExpression)
			if !ok || ie.Id() == 0 {
				return nil, false
			}
			ids = append(ids, ie.Id())
		}
		return ids, true
	case *plan.Sort, *plan.Having, *plan.Filter, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct:
		return outputIDs(n.Children()[0])
	}
	return nil, false
}

// definedBelow reports whether a node under n outputs column id.
func definedBelow(n sql.Node, id sql.ColumnId) bool {
	found := false
	transform.Inspect(n, func(c sql.Node) bool {
		if c == nil || found {
			return false
		}
		if provided(c)[id] {
			found = true
		}
		return !found
	})
	return found
}

// subqueryColumns collects the columns read inside the subqueries of e, at
// any depth, by id. Columns the subquery defines itself are collected too;
// they are never output below the node holding the subquery, so thread
// leaves them alone.
func subqueryColumns(e sql.Expression, out map[sql.ColumnId]*expression.GetField) {
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if sq, ok := e.(*plan.Subquery); ok {
			transform.Inspect(sq.Query, func(n sql.Node) bool {
				if ne, ok := n.(sql.Expressioner); ok {
					for _, x := range ne.Expressions() {
						columnsDeep(x, out)
					}
				}
				return true
			})
		}
		return false
	})
}

func columnsDeep(e sql.Expression, out map[sql.ColumnId]*expression.GetField) {
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *expression.GetField:
			if x.Id() != 0 {
				out[x.Id()] = x
			}
		case *plan.Subquery:
			subqueryColumns(x, out)
		}
		return false
	})
}
