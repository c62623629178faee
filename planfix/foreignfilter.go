package planfix

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// foreignFiltersID is from subora's range 11_430-11_439.
const foreignFiltersID analyzer.RuleId = 11_430

// keepForeignColumnsOffIndexes runs just before GMS's optimizeJoins, which
// (costedIndexScans, and the memo's addIndexScans for joins) turns the
// conjuncts of a Filter directly above a table into a range over one of
// the table's indexes. It matches a conjunct's column to an index column by
// name alone, never asking whose column it is, so inside a correlated
// subquery a conjunct on an outer column of the same name became a range
// on the inner table: `(SELECT COUNT(*) FROM t0 WHERE t1.c0 IS NOT NULL)`
// read only t0's rows whose own c0 is not NULL (0 where MySQL counts every
// row), and `x NOT IN (SELECT t0.c0 ... WHERE t1.c0 IS NOT NULL)` lost the
// NULL it should have seen (the oracles' `sub` kind, subora). Engine's
// functional-index lookups likewise match an expression by its columns'
// names.
//
// Such a conjunct becomes `(c) IS TRUE`, which filters the same rows (NULL
// and FALSE both drop a row) and which neither GMS nor engine takes for a
// range: a conjunct that reads outer columns only (constant for one run of
// the subquery, which no index can serve), and an AND/OR tree holding a
// comparison of an outer column with a constant (which the index coster
// would read as a comparison of the inner column). A comparison of an inner
// column with an outer one (`s.a = t.b`) stays as it is: GMS's
// applyIndexesFromOuterScope makes it a lookup keyed by the outer value.
func keepForeignColumnsOffIndexes(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		own, ok := tableOwner(f.Child)
		if !ok {
			return n, transform.SameTree, nil
		}
		conj := expression.SplitConjunction(f.Expression)
		changed := false
		for i, c := range conj {
			if _, done := c.(*expression.IsTrue); done {
				continue
			}
			if onlyForeign(c, own) || misleadsCoster(c, own) {
				conj[i], changed = expression.NewIsTrue(c), true
			}
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(conj...), f.Child), transform.NewTree, nil
	})
}

// tableOwner returns, for a table node that GMS may give an index range,
// a test of whether a column is that table's own.
func tableOwner(n sql.Node) (func(*expression.GetField) bool, bool) {
	var ids []sql.TableId
	var name string
	switch t := n.(type) {
	case *plan.ResolvedTable:
		ids, name = []sql.TableId{t.Id()}, t.Name()
	case *plan.TableAlias:
		rt, ok := t.Child.(*plan.ResolvedTable)
		if !ok {
			return nil, false
		}
		ids, name = []sql.TableId{t.Id(), rt.Id()}, t.Name()
	default:
		return nil, false
	}
	return func(gf *expression.GetField) bool {
		if gf.TableId() == 0 {
			// No id to go by: SQL's scoping makes the innermost table of
			// the name the one meant.
			return strings.EqualFold(gf.Table(), name)
		}
		for _, id := range ids {
			if gf.TableId() == id {
				return true
			}
		}
		return false
	}, true
}

// onlyForeign: c reads columns, none of them the table's own, and no
// subquery (whose plan may read the table).
func onlyForeign(c sql.Expression, own func(*expression.GetField) bool) bool {
	some, mine := false, false
	transform.InspectExpr(c, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField:
			some = true
			if own(e) {
				mine = true
			}
		case *plan.Subquery:
			mine = true
		}
		return mine
	})
	return some && !mine
}

// misleadsCoster: c is, or is an AND/OR tree holding, what GMS's index
// coster takes for a comparison of a column with a constant (its newLeaf:
// IS [NOT] NULL of a column, or a column against an expression that reads
// no column), and that column is not the table's own.
func misleadsCoster(c sql.Expression, own func(*expression.GetField) bool) bool {
	switch c := c.(type) {
	case *expression.And:
		return misleadsCoster(c.LeftChild, own) || misleadsCoster(c.RightChild, own)
	case *expression.Or:
		return misleadsCoster(c.LeftChild, own) || misleadsCoster(c.RightChild, own)
	}
	op, l, r, ok := analyzer.IndexLeafChildren(c)
	if !ok || l == nil {
		return false
	}
	if _, ok := l.(*expression.GetField); !ok {
		l, r = r, l
	}
	gf, ok := l.(*expression.GetField)
	if !ok || own(gf) {
		return false
	}
	if op == analyzer.IndexScanOpIsNull || op == analyzer.IndexScanOpIsNotNull {
		return true
	}
	return r != nil && readsNoColumn(r)
}
