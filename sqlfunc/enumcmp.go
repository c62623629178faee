package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// enumCompareArgs: MySQL compares an ENUM or SET with a string as strings,
// under the column's collation (with a number, by index or bit set). GMS
// converted the string to an index and compared indexes, so `e < 'z'` on
// ENUM('zz','a') held for no row and `e = '1'` matched the first member:
// silent wrong answers. The ENUM/SET side is read through enumText.
// (GMS's <=> of an ENUM with its own member 'm' was false too: always read.)
//
// An equality (=, IN) whose strings are all constant members of the
// ENUM is left alone: comparing indexes answers the same there, and keeps
// an index on the column usable for it.
func enumCompareArgs(e sql.Expression) (sql.Expression, bool) {
	var cs []sql.Expression
	equality := false
	switch e := e.(type) {
	case *expression.Equals:
		cs, equality = e.Children(), true
	case *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan, *expression.LessThanOrEqual,
		*expression.GreaterThanOrEqual, *expression.Between:
		cs = e.Children()
	case *expression.InTuple, *expression.HashInTuple:
		return enumInArgs(e)
	case *plan.InSubquery:
		// GMS converted each row of a string subquery to the ENUM and failed
		// (1265) on a non-member.
		if !isEnumOrSet(e.Left().Type()) || !types.IsText(e.Right().Type()) {
			return e, false
		}
		ne, err := e.WithChildren(&enumText{unary{e.Left()}}, e.Right())
		if err != nil {
			return e, false
		}
		return ne, true
	default:
		return e, false
	}
	var enumSide []int
	var strs []sql.Expression
	for i, c := range cs {
		switch t := c.Type(); {
		case isEnumOrSet(t):
			enumSide = append(enumSide, i)
		case types.IsText(t):
			strs = append(strs, c)
		}
	}
	if len(enumSide) == 0 || len(strs) == 0 && !enumPairAsText(cs, enumSide, equality) {
		return e, false
	}
	if len(enumSide) == 1 && equality && allEnumMembers(cs[enumSide[0]].Type(), strs) {
		return e, false
	}
	ncs := append([]sql.Expression(nil), cs...)
	for _, i := range enumSide {
		ncs[i] = &enumText{unary{cs[i]}}
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// enumSubqueryArgs: a scalar subquery of an ENUM or SET column is its
// member's text wherever it is an operand. MySQL reads the subquery's
// value through an Item_cache_str (Item_singlerow_subselect caches a
// STRING_RESULT item as a string), so `(SELECT e ...) = 'hi'` is 1, `(SELECT
// e ...) + 0` and `(SELECT e ...) = 2` read the text 'hi' as 0; GMS compared
// and added the member number: 0, 2 and 1. Not the operand of IN or EXISTS
// (their subquery is a set of rows).
func enumSubqueryArgs(e sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *plan.InSubquery, *plan.ExistsSubquery, *plan.Subquery, *expression.Alias, *enumText:
		return e, false
	}
	cs := e.Children()
	var ncs []sql.Expression
	for i, c := range cs {
		sq, ok := c.(*plan.Subquery)
		if !ok || sq.Query == nil || !isEnumOrSet(sq.Type()) {
			continue
		}
		if ncs == nil {
			ncs = append([]sql.Expression(nil), cs...)
		}
		ncs[i] = &enumText{unary{c}}
	}
	if ncs == nil {
		return e, false
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// enumSubquerySorts: an ORDER BY of a scalar subquery of an ENUM or SET
// column sorts its members' text (enumSubqueryArgs); GMS sorted by member
// number.
func enumSubquerySorts(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		var fields sql.SortFields
		switch x := n.(type) {
		case *plan.Sort:
			fields = x.SortFields
		case *plan.TopN:
			fields = x.Fields
		default:
			return n, transform.SameTree, nil
		}
		var nf sql.SortFields
		for i, f := range fields {
			var col sql.Expression
			switch c := f.Column.(type) {
			case *plan.Subquery:
				if c.Query != nil && isEnumOrSet(c.Type()) {
					col = &enumText{unary{c}}
				}
			case *expression.GetField:
				// The alias of an expression now typed as the ENUM's
				// text (`ORDER BY a` of `COALESCE(e, NULL) AS a`): the
				// planner's key kept the ENUM and sorted the text by
				// member number.
				if t := textAliasType(n.Children()[0], c); t != nil {
					col = retypedField(c, t)
				}
			}
			if col == nil {
				continue
			}
			if nf == nil {
				nf = append(sql.SortFields(nil), fields...)
			}
			nf[i].Column = col
		}
		if nf == nil {
			return n, transform.SameTree, nil
		}
		switch x := n.(type) {
		case *plan.Sort:
			out := *x
			out.SortFields = nf
			return &out, transform.NewTree, nil
		case *plan.TopN:
			out := *x
			out.Fields = nf
			return &out, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// textAliasType is the type of the alias of child's projection that gf, an
// ENUM/SET reference, names, when that alias is now a string holding an
// ENUM's text; nil otherwise.
func textAliasType(child sql.Node, gf *expression.GetField) sql.Type {
	p, ok := child.(*plan.Project)
	if !ok || !isEnumOrSet(gf.Type()) {
		return nil
	}
	var out sql.Type
	for _, e := range p.Projections {
		a, ok := e.(*expression.Alias)
		if !ok || !strings.EqualFold(a.Name(), gf.Name()) {
			continue
		}
		if out != nil {
			return nil
		}
		holds := transform.InspectExpr(a.Child, func(e sql.Expression) bool {
			_, ok := e.(*enumText)
			return ok
		})
		if !holds || !types.IsText(a.Type()) || isEnumOrSet(a.Type()) {
			return nil
		}
		out = a.Type()
	}
	return out
}

// enumInArgs is enumCompareArgs for `e IN (...)`: strings in the list are
// compared with the member's text; a list of numbers stays by index.
func enumInArgs(e sql.Expression) (sql.Expression, bool) {
	cs := e.Children()
	if len(cs) != 2 || !isEnumOrSet(cs[0].Type()) {
		return e, false
	}
	tup, ok := cs[1].(expression.Tuple)
	if !ok {
		return e, false
	}
	var strs []sql.Expression
	var enumItems []int
	for i, x := range tup {
		switch t := x.Type(); {
		case t == types.Null:
		case types.IsText(t):
			strs = append(strs, x)
		case isEnumOrSet(t):
			// Another ENUM or SET is compared as text too (enumpair.go).
			enumItems = append(enumItems, i)
		default:
			// A list mixing numbers and strings: left to GMS rather than
			// half-converted.
			return e, false
		}
	}
	if len(enumItems) == 0 && (len(strs) == 0 || allEnumMembers(cs[0].Type(), strs)) {
		return e, false
	}
	list := cs[1]
	if len(enumItems) > 0 {
		nt := append(expression.Tuple(nil), tup...)
		for _, i := range enumItems {
			nt[i] = &enumText{unary{tup[i]}}
		}
		list = nt
	}
	ne, err := e.WithChildren(&enumText{unary{cs[0]}}, list)
	if err != nil {
		return e, false
	}
	return ne, true
}

// allEnumMembers: t is an ENUM and every one of strs is a string constant
// equal, under t's collation, to one of its members (not a number GMS would
// take for an index).
func allEnumMembers(t sql.Type, strs []sql.Expression) bool {
	et, ok := t.(sql.EnumType)
	if !ok {
		return false
	}
	coll := et.Collation()
	for _, x := range strs {
		lit, ok := x.(*expression.Literal)
		if !ok {
			return false
		}
		s, ok := lit.Value().(string)
		if !ok {
			return false
		}
		m, ok := et.At(et.IndexOf(s))
		if !ok {
			return false
		}
		hm, err1 := coll.HashToUint(m)
		hs, err2 := coll.HashToUint(s)
		if err1 != nil || err2 != nil || hm != hs {
			return false
		}
	}
	return true
}
