package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// orderByOutputAliasID: see OrderByOutputAlias. From the 10_750-10_799
// range.
const orderByOutputAliasID analyzer.RuleId = 10_750

// OrderByOutputAlias fixes SELECT DISTINCT ... ORDER BY <position> when the
// position names an aliased expression (`SELECT DISTINCT x + 1 AS f FROM t
// ORDER BY 1`, which Django writes for QuerySet.dates() and datetimes()).
// GMS sorts above the DISTINCT with the select expression itself, whose
// column references point into the table's row, while the rows reaching
// the sort are the projected ones: "unable to sort: unable to find field
// with index 3 in row of 1 columns". The rule makes such a sort key read
// the projected column instead. It runs after GMS has assigned execution
// indexes (and after PadSpace, which may have turned the DISTINCT into a
// GROUP BY over the projected columns and wrapped the key).
func OrderByOutputAlias(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		var child sql.Node
		switch s := n.(type) {
		case *plan.Sort:
			child = s.Child
		case *plan.TopN:
			child = s.Child
		default:
			return n, transform.SameTree, nil
		}
		proj := projectBelowDistinct(child)
		if proj == nil {
			return n, transform.SameTree, nil
		}
		ex := n.(sql.Expressioner)
		keys := ex.Expressions()
		changed := false
		for i, k := range keys {
			nk, same, err := transform.Expr(k, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				a, ok := e.(*expression.Alias)
				if !ok {
					return e, transform.SameTree, nil
				}
				for j, p := range proj.Projections {
					pa, ok := p.(*expression.Alias)
					if ok && strings.EqualFold(pa.Name(), a.Name()) && pa.String() == a.String() {
						// pa's id, not GMS's default (the index; see columnField).
						return expression.NewGetField(j, a.Type(), a.Name(), a.IsNullable()).WithId(pa.Id()), transform.NewTree, nil
					}
				}
				return e, transform.SameTree, nil
			})
			if err != nil {
				return nil, transform.SameTree, err
			}
			if same == transform.NewTree {
				keys[i], changed = nk, true
			}
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		nn, err := ex.WithExpressions(keys...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	})
}

// projectBelowDistinct is the Project whose rows a DISTINCT (or PadSpace's
// GROUP BY standing for one) passes up unchanged, or nil.
func projectBelowDistinct(n sql.Node) *plan.Project {
	switch d := n.(type) {
	case *plan.Distinct:
		n = d.Child
	case *plan.OrderedDistinct:
		n = d.Child
	case *plan.GroupBy:
		// distinctOnKeys's shape: every child column selected, in order.
		sch := d.Child.Schema()
		if len(d.SelectedExprs) != len(sch) {
			return nil
		}
		for i, e := range d.SelectedExprs {
			gf, ok := e.(*expression.GetField)
			if !ok || gf.Index() != i {
				return nil
			}
		}
		n = d.Child
	default:
		return nil
	}
	p, _ := n.(*plan.Project)
	return p
}
