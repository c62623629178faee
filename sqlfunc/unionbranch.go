package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// unionBranchColumn: a UNION side whose column is a CASE, IF, IFNULL or
// COALESCE of numbers is typed by GMS when the planner converts the sides
// (CASE WHEN p THEN 1 ELSE 2.5 END as DECIMAL(65,10), IF as DECIMAL(65,1)),
// and only later, in the after-all batch, by branchDecimal or branchDouble
// as MySQL types it (DECIMAL(2,1)). The conversion the planner put over
// that side was then dropped as unnecessary (its child's type was the
// conversion's own) while the other side kept it, and GMS refused the
// UNION: `SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT 3` failed with 1105
// "the schema of the left side of union does not match the right side".
// Here both sides are converted to the union of the types the branches
// will have (MySQL's Item_aggregate_type::join_types over them), with
// conversions no later rule drops. lt and rt are GMS's types of the
// sides; ls and rs the sides' nodes. ok is false when neither side is
// such a branch.
func unionBranchColumn(name [2]string, i int, l, r sql.Expression, lt, rt sql.Type, ls, rs sql.Node) (nl, nr sql.Expression, ok bool) {
	flt, lchanged := branchNumberType(sideExpr(ls, i))
	frt, rchanged := branchNumberType(sideExpr(rs, i))
	if !lchanged && !rchanged {
		return nil, nil, false
	}
	if !lchanged {
		flt = lt
	}
	if !rchanged {
		frt = rt
	}
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	cast, length, scale, ok := unionNumberType(flt, frt)
	if !ok {
		// Equal types (or NULL beside one): the conversion to that type.
		t := flt
		if t == types.Null {
			t = frt
		}
		switch {
		case types.IsDecimal(t):
			d := t.(sql.DecimalType)
			cast, length, scale = expression.ConvertToDecimal, int(d.Precision()), int(d.Scale())
		case t.Equals(types.Float64):
			cast = expression.ConvertToDouble
		default:
			return nil, nil, false
		}
	}
	return expression.NewAlias(name[0], unionConvert(retypedField(lg, lt), cast, length, scale)),
		expression.NewAlias(name[1], unionConvert(retypedField(rg, rt), cast, length, scale)),
		true
}

// branchNumberType is the type branchDecimal or branchDouble gives e, a
// CASE, IF, IFNULL or COALESCE of numbers, when it is not GMS's; false
// for any other e.
func branchNumberType(e sql.Expression) (sql.Type, bool) {
	if e == nil {
		return nil, false
	}
	if _, ok := branchesOf(e); !ok {
		return nil, false
	}
	var t sql.Type
	if types.IsDecimal(e.Type()) || isInt(e.Type()) {
		if b := newBranchDecimal(e); b != nil {
			t = b.Type()
		}
	}
	if t == nil {
		if b := newBranchDouble(e); b != nil {
			t = b.Type()
		}
	}
	if t == nil || t.Equals(e.Type()) && t.String() == e.Type().String() {
		return nil, false
	}
	return t, true
}

// sideExpr is the expression that makes column i of a UNION side n (a
// projection under nodes that keep its columns), its alias removed; nil
// when it cannot be seen.
func sideExpr(n sql.Node, i int) sql.Expression {
	for {
		switch nn := n.(type) {
		case *plan.Project:
			if i >= len(nn.Projections) {
				return nil
			}
			e := nn.Projections[i]
			if a, ok := e.(*expression.Alias); ok {
				e = a.Child
			}
			return e
		case *plan.Limit, *plan.Sort, *plan.Offset, *plan.Distinct, *plan.TopN, *plan.Having:
			n = nn.Children()[0]
		default:
			return nil
		}
	}
}
