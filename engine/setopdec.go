package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"strings"

	"github.com/myriaddb/myriad/floattype"
)

// setOpDecimals is the decimals of each column of a UNION (INTERSECT,
// EXCEPT) read as a string, as MySQL's Item_aggregate_type gives them to
// the union's column: the largest of its branches' (floatDecimals' rules,
// a literal's own), known only when every branch's is and one branch reads
// a FLOAT(M,D)/DOUBLE(M,D) column. A FLOAT(6,3) column's 2.25 UNION 1.5 is
// '2.250' and '1.500' stored into a TEXT column or read by CONCAT through
// a derived table; GMS printed the DOUBLE's shortest text (2.25, 1.5). nil
// when a branch is not a plain SELECT of the union's width.
func setOpDecimals(n sql.Node, incr int) (ds []int, ok []bool) {
	var branches []*plan.Project
	var flatten func(n sql.Node) bool
	flatten = func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.SetOp:
			return flatten(x.Left()) && flatten(x.Right())
		case *plan.Project:
			if so, isSetOp := x.Child.(*plan.SetOp); isSetOp && passesOn(x) {
				// A nested set operation under the projection of its
				// columns.
				return flatten(so)
			}
			branches = append(branches, x)
			return true
		case *plan.Distinct, *plan.Filter, *plan.Sort, *plan.Limit:
			// A branch's own DISTINCT (or a lone branch's clauses)
			// keeps its projection's columns.
			if p, isP := x.Children()[0].(*plan.Project); isP {
				branches = append(branches, p)
				return true
			}
		}
		return false
	}
	if !flatten(n) || len(branches) < 2 {
		return nil, nil
	}
	width := len(branches[0].Projections)
	ds, ok = make([]int, width), make([]bool, width)
	scaled := make([]bool, width)
	for i := range ok {
		ok[i] = true
	}
	for _, b := range branches {
		if len(b.Projections) != width {
			return nil, nil
		}
		o := planOrigins(b)
		o.incr = incr
		for i, e := range b.Projections {
			if !ok[i] {
				continue
			}
			e = branchValue(b, e)
			d, s, known := exprDecimals(e, o, incr)
			if !known || d >= floattype.NotFixed {
				ok[i] = false
				continue
			}
			ds[i], scaled[i] = max(ds[i], d), scaled[i] || s
		}
	}
	for i := range ok {
		ok[i] = ok[i] && scaled[i]
	}
	return ds, ok
}

// passesOn: p's projections are its child's columns, in order.
func passesOn(p *plan.Project) bool {
	sch := p.Child.Schema()
	if len(sch) != len(p.Projections) {
		return false
	}
	for i, e := range p.Projections {
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		gf, ok := e.(*expression.GetField)
		if !ok || !strings.EqualFold(gf.Name(), sch[i].Name) {
			return false
		}
	}
	return true
}

// branchValue is a union branch's value e, followed through the
// projections GMS stacks in a branch (a Project naming the alias of the
// Project below it).
func branchValue(p *plan.Project, e sql.Expression) sql.Expression {
	e = unwrapUnionConvert(e)
	for {
		gf, isGF := e.(*expression.GetField)
		child, isP := p.Child.(*plan.Project)
		if !isGF || !isP || gf.Table() != "" {
			return e
		}
		var next sql.Expression
		for _, c := range child.Projections {
			if a, ok := c.(*expression.Alias); ok && strings.EqualFold(a.Name(), gf.Name()) {
				if next != nil {
					return e // two of one name
				}
				next = a.Child
			}
		}
		if next == nil {
			return e
		}
		p, e = child, unwrapUnionConvert(next)
	}
}

// unwrapUnionConvert is a union branch's value under its alias and the
// conversion GMS's planner puts over it to the union's column type.
func unwrapUnionConvert(e sql.Expression) sql.Expression {
	for {
		switch x := e.(type) {
		case *expression.Alias:
			e = x.Child
		case *expression.Convert:
			e = x.Child
		default:
			return e
		}
	}
}
