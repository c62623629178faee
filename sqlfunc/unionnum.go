package sqlfunc

import (
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// unionNumberColumn: where the two sides of a UNION column have different
// numeric types, GMS's planner converts both to CAST(... AS DECIMAL),
// which is DECIMAL(10,0): `SELECT -3.0 UNION SELECT -3.25` answered one
// row, -3 (both sides rounded, then made distinct), and `SELECT 1.5 UNION
// SELECT 2.25e0` answered 2. A DOUBLE beside an integer became CHAR, and
// BIGINT UNSIGNED beside a signed integer BIGINT (values past 2^63 wrap).
// Such a column gets MySQL's union type instead (Item_type_holder):
//   - FLOAT or DOUBLE on either side: DOUBLE;
//   - DECIMAL beside DECIMAL or an integer: DECIMAL with the larger number
//     of integer digits and the larger scale (DECIMAL(2,1) and
//     DECIMAL(3,2) give DECIMAL(3,2): -3.00, -3.25);
//   - BIGINT UNSIGNED beside a signed integer: DECIMAL(20,0).
//
// l and r are the column's projections over the sides, of the sides'
// types lt and rt.
func unionNumberColumn(name [2]string, l, r sql.Expression, lt, rt sql.Type) (nl, nr sql.Expression, ok bool) {
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	cast, length, scale, ok := unionNumberType(lt, rt)
	if !ok {
		return nil, nil, false
	}
	return expression.NewAlias(name[0], unionConvert(retypedField(lg, lt), cast, length, scale)),
		expression.NewAlias(name[1], unionConvert(retypedField(rg, rt), cast, length, scale)),
		true
}

// unionConvert is e converted for a UNION column. A DECIMAL conversion is
// this package's castDecimal from the start: GMS drops a CAST whose
// child's type Equals its own (removeUnnecessaryConverts), and AVG's
// DECIMAL(p,s) column type Equals DECIMAL(p,s) without being identical,
// so `SELECT AVG(d) ... UNION SELECT 1` kept one side uncast and failed
// GMS's check that both sides' types are identical (1105).
func unionConvert(e sql.Expression, cast string, length, scale int) sql.Expression {
	c := expression.NewConvertWithLengthAndScale(e, cast, length, scale)
	if cast == expression.ConvertToDecimal {
		if cd := newCastDecimal(c); cd != nil {
			return cd
		}
	}
	return c
}

// unionColumns gives the columns of every UNION in n the types MySQL
// gives them where GMS's planner chose otherwise (unionTemporalColumn,
// unionNumberColumn, unionTextColumn), in one walk.
func unionColumns(ctx *sql.Context, root sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(root, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		so, ok := n.(*plan.SetOp)
		if !ok {
			return n, transform.SameTree, nil
		}
		ctx := withEnumResult(ctx, root, so)         // unionenum.go
		ctx = withStreamedResult(ctx, root, so)      // unionyear.go
		if flat := flatTextColumns(so); flat != so { // unionflat.go
			ns, _, err := unionSetOp(ctx, flat)
			return ns, transform.NewTree, err
		}
		return unionSetOp(ctx, so)
	})
}

// unionSetOp is so with its columns, and those of the UNIONs nested as
// its sides, typed as MySQL types them.
func unionSetOp(ctx *sql.Context, so *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	lp, rp, ok := setOpSides(so)
	if !ok {
		return so, transform.SameTree, nil
	}
	// The UNIONs nested as so's sides first (GMS nests a three-way UNION
	// as Union(Union(a, b), c)): the walk (unionColumns) does not reach
	// them, as GMS resolves a UNION's sides as their own plans, and so's
	// column types follow from theirs.
	sides := []*plan.Project{lp, rp}
	nested := false
	for i, p := range sides {
		ni, same, err := nestedSetOp(ctx, p.Child)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if same {
			continue
		}
		np, err := retypedProjection(p, ni, false)
		if err != nil {
			return nil, transform.SameTree, err
		}
		sides[i], nested = np.(*plan.Project), true
	}
	lp, rp = sides[0], sides[1]
	ls, rs := lp.Child.Schema(), rp.Child.Schema()
	if len(ls) != len(lp.Projections) || len(rs) != len(rp.Projections) {
		return so, transform.SameTree, nil
	}
	return setOpColumns(so, lp, rp, nested, func(i int, l, r sql.Expression) (sql.Expression, sql.Expression, bool, error) {
		name := [2]string{ls[i].Name, rs[i].Name}
		if nl, nr, ok := unionEnumColumn(ctx, so, name, i, l, r, ls[i].Type, rs[i].Type); ok { // unionenum.go
			return nl, nr, nl != nil, nil
		}
		if armTextColumn(l, r, ls[i].Type, rs[i].Type) { // unionflat.go
			return unionTextColumn(ctx, i, l, r, lp.Child, rp.Child)
		}
		if nl, nr, ok := unionStampColumn(name, l, r, ls[i].Type, rs[i].Type); ok { // unionstamp.go
			return nl, nr, true, nil
		}
		if nl, nr, ok := unionTemporalColumn(name, i, l, r, ls[i].Type, rs[i].Type, lp.Child, rp.Child); ok {
			return nl, nr, true, nil
		}
		if nl, nr, ok := unionYearColumn(ctx, name, i, l, r, ls[i].Type, rs[i].Type, lp.Child, rp.Child, streamedResult(ctx) && !so.Distinct); ok { // unionyear.go
			return nl, nr, true, nil
		}
		if nl, nr, ok := unionBranchColumn(name, i, l, r, ls[i].Type, rs[i].Type, lp.Child, rp.Child); ok { // unionbranch.go
			return nl, nr, true, nil
		}
		if nl, nr, ok, err := unionBranchStringColumn(ctx, i, l, r, lp.Child, rp.Child); ok || err != nil { // unionbranchstr.go
			return nl, nr, ok, err
		}
		if nl, nr, ok := unionNumberColumn(name, l, r, ls[i].Type, rs[i].Type); ok {
			return nl, nr, true, nil
		}
		if nl, nr, ok := unionSameNumberColumn(name, i, l, r, ls[i].Type, rs[i].Type, lp.Child, rp.Child); ok {
			return nl, nr, true, nil
		}
		return unionTextColumn(ctx, i, l, r, lp.Child, rp.Child)
	})
}

// nestedSetOp is n with the UNION it is, or that it projects (GMS puts
// the select list's projection between a nested UNION and the planner's
// conversions), typed by unionSetOp; the projections between are retyped
// to the UNION's new column types (`SELECT SUM(d) ... UNION SELECT 1
// UNION SELECT 2.5` kept the inner UNION's CHAR, printing 1 for 1.00).
func nestedSetOp(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch n := n.(type) {
	case *plan.SetOp:
		return unionSetOp(ctx, n)
	case *plan.Project:
		nc, same, err := nestedSetOp(ctx, n.Child)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		np, err := retypedProjection(n, nc, true)
		return np, transform.NewTree, err
	}
	return n, transform.SameTree, nil
}

// retypedProjection is p over its new child nc, whose column i p reads
// (as is or aliased, when fields is set, and converted from a DECIMAL by the
// planner for an outer UNION) with nc's new column type. The conversions
// of a UNION's side are left to the typing of that UNION's columns
// otherwise (the temporal, YEAR and text handlers read them as the planner
// made them). A conversion keeps a stale type at its peril: GMS's
// Convert formats a DECIMAL with its child's type's scale, so `SELECT 1.5
// UNION SELECT 2.25 UNION SELECT 'a'` printed 1.500000000000000000000000000000
// (the inner UNION's column as GMS first typed it, DECIMAL(65,30)).
func retypedProjection(p *plan.Project, nc sql.Node, fields bool) (sql.Node, error) {
	sch := nc.Schema()
	projs := append([]sql.Expression(nil), p.Projections...)
	if len(sch) == len(projs) {
		for i, e := range projs {
			switch e := e.(type) {
			case *expression.GetField:
				if fields {
					projs[i] = retypedField(e, sch[i].Type)
				}
			case *expression.Alias:
				var child sql.Expression
				switch c := e.Child.(type) {
				case *expression.GetField:
					if fields {
						child = retypedField(c, sch[i].Type)
					}
				case *expression.Convert:
					if gf, ok := c.Child.(*expression.GetField); ok && types.IsDecimal(sch[i].Type) && c.Type().Type() != sqltypes.Decimal {
						nc, err := c.WithChildren(retypedField(gf, sch[i].Type))
						if err != nil {
							return nil, err
						}
						child = nc
					}
				}
				if child != nil {
					na, err := e.WithChildren(child)
					if err != nil {
						return nil, err
					}
					projs[i] = na
				}
			}
		}
	}
	np, err := p.WithExpressions(projs...)
	if err != nil {
		return nil, err
	}
	return np.WithChildren(nc)
}

// setOpSides are so's two sides as projections of as many columns as
// their children have (the planner's conversions over a UNION's sides).
// The planner adds none when the sides' types were equal when it built
// them — but this package's aggregates retype a side afterwards (SUM of a
// DECIMAL is GMS's DOUBLE there: `SELECT SUM(d) ... UNION ALL SELECT
// dbl` failed with GMS's 1105 "schema of the left side of union does not
// match"), so such a side is wrapped in a projection of its columns here,
// as the planner would have wrapped it.
func setOpSides(so *plan.SetOp) (lp, rp *plan.Project, ok bool) {
	lp, lok := setOpSide(so.Left())
	rp, rok := setOpSide(so.Right())
	return lp, rp, lok && rok && len(lp.Projections) == len(rp.Projections)
}

func setOpSide(n sql.Node) (*plan.Project, bool) {
	if p, ok := n.(*plan.Project); ok && plannerConversions(p) {
		return p, true
	}
	sch := n.Schema()
	ids := sideColumnIds(n)
	if len(ids) != len(sch) {
		return nil, false
	}
	projs := make([]sql.Expression, len(sch))
	for i, c := range sch {
		projs[i] = expression.NewGetFieldWithTable(int(ids[i]), 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
	}
	return plan.NewProject(projs, n), true
}

// plannerConversions reports whether p has the shape of the planner's
// projection over a UNION's side (mergeSetOpSchemas): column i of its
// child, as is or as alias(convert(column)), for every column.
func plannerConversions(p *plan.Project) bool {
	sch := p.Child.Schema()
	if len(sch) != len(p.Projections) {
		return false
	}
	for i, e := range p.Projections {
		if a, ok := e.(*expression.Alias); ok {
			switch c := unionTextChild(a.Child).(type) {
			case *expression.Convert:
				e = c.Child
			case *castDecimal: // unionConvert's
				e = c.Child
			case *armText: // flatTextColumns'
				e = c.Child
			case *expression.Literal:
				// unionNullSetOp's NULL of the other side's type.
				if c.Value() == nil {
					continue
				}
				return false
			case *expression.GetField:
				// The planner's alias over a column that needs no
				// conversion, beside one that does: refusing it left
				// `SELECT id, n ... UNION ALL SELECT id + 10, d` with GMS's
				// conversions (DECIMAL values rounded to integers) and a
				// text column with the literal's collation (oracle3's B).
				e = c
			default:
				return false
			}
		}
		gf, ok := e.(*expression.GetField)
		if !ok || gf.Name() != sch[i].Name {
			return false
		}
	}
	return true
}

// sideColumnIds are the column IDs of n's output, 0 where a column has
// none, as GMS's planner finds them for its conversions over a UNION's
// sides (planbuilder colIdsForRel).
func sideColumnIds(n sql.Node) []sql.ColumnId {
	switch n := n.(type) {
	case *plan.Project:
		ids := make([]sql.ColumnId, len(n.Projections))
		for i, p := range n.Projections {
			if ide, ok := p.(sql.IdExpression); ok {
				ids[i] = ide.Id()
			}
		}
		return ids
	case *plan.SetOp:
		var ids []sql.ColumnId
		n.Columns().ForEach(func(id sql.ColumnId) { ids = append(ids, id) })
		return ids
	case *plan.SubqueryAlias:
		// A derived table as the side itself (the planner drops the
		// select list's projection of all its columns): left untyped, the
		// side kept the type its set operation had before unionColumns
		// typed it (oracle3's A: 1105 for DOUBLE beside DECIMAL(3,2)).
		var ids []sql.ColumnId
		n.Columns().ForEach(func(id sql.ColumnId) { ids = append(ids, id) })
		return ids
	case plan.TableIdNode:
		return nil
	}
	if ch := n.Children(); len(ch) > 0 {
		return sideColumnIds(ch[0])
	}
	return nil
}

// setOpColumns is so over the sides lp and rp with column i's two
// projections replaced by what fix returns for them where it returns ok;
// so itself when no column changes and sidesChanged is false (lp and rp
// are so's own sides).
func setOpColumns(so *plan.SetOp, lp, rp *plan.Project, sidesChanged bool, fix func(i int, l, r sql.Expression) (sql.Expression, sql.Expression, bool, error)) (sql.Node, transform.TreeIdentity, error) {
	var lprojs, rprojs []sql.Expression
	for i := range lp.Projections {
		nl, nr, ok, err := fix(i, lp.Projections[i], rp.Projections[i])
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !ok {
			continue
		}
		if lprojs == nil {
			lprojs = append([]sql.Expression(nil), lp.Projections...)
			rprojs = append([]sql.Expression(nil), rp.Projections...)
		}
		lprojs[i], rprojs[i] = nl, nr
	}
	if lprojs == nil {
		if !sidesChanged {
			// The planner's own conversions still leave the ORDER BY
			// key with the left side's type: `SELECT e FROM t UNION
			// SELECT 'zz' ORDER BY 1` (e an ENUM) sorted the CHAR column
			// by member number, 'zz' first.
			if ns := retypeSortFields(so); ns != so {
				return ns, transform.NewTree, nil
			}
			return so, transform.SameTree, nil
		}
		lprojs, rprojs = lp.Projections, rp.Projections
	}
	nl, err := lp.WithExpressions(lprojs...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	nr, err := rp.WithExpressions(rprojs...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	ns, err := so.WithChildren(nl, nr)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return retypeSortFields(ns.(*plan.SetOp)), transform.NewTree, nil
}

// retypeSortFields is so with the columns its ORDER BY reads typed as its
// sides now type them: the planner typed them with the left side's old
// type, and a sort compares values as its key's type (`SELECT dt FROM t
// UNION SELECT y FROM t ORDER BY 1` read the VARCHAR column's '2024' as a
// DATETIME and failed with 1292).
func retypeSortFields(so *plan.SetOp) *plan.SetOp {
	if len(so.SortFields) == 0 {
		return so
	}
	sch := so.Left().Schema()
	var fields sql.SortFields
	for i, sf := range so.SortFields {
		gf, ok := sf.Column.(*expression.GetField)
		if !ok {
			continue
		}
		// The planner's key names the left side's column (e.dt) by its
		// table's index, not the union's: matched by name, when only one
		// column has it.
		j := -1
		for k, c := range sch {
			if strings.EqualFold(c.Name, gf.Name()) {
				if j >= 0 {
					j = -2
					break
				}
				j = k
			}
		}
		if j < 0 || identicalType(gf.Type(), sch[j].Type) {
			continue
		}
		if fields == nil {
			fields = append(sql.SortFields(nil), so.SortFields...)
		}
		fields[i].Column = retypedField(gf, sch[j].Type)
	}
	if fields == nil {
		return so
	}
	out := *so
	out.SortFields = fields
	return &out
}

// identicalType: a and b are the same type value (== panics on an ENUM's
// or SET's, whose values hold maps).
func identicalType(a, b sql.Type) bool {
	if reflect.TypeOf(a).Comparable() && reflect.TypeOf(b).Comparable() {
		return a == b
	}
	return reflect.DeepEqual(a, b)
}

// unionSide matches what the planner puts over one side of a UNION
// column: the side's column, bare or as alias(convert(column, type)).
func unionSide(e sql.Expression) (*expression.GetField, bool) {
	if a, ok := e.(*expression.Alias); ok {
		e = unionTextChild(a.Child)
		switch c := e.(type) {
		case *expression.Convert:
			e = c.Child
		case *castDecimal: // unionConvert's
			e = c.Child
		}
	}
	gf, ok := e.(*expression.GetField)
	return gf, ok
}

// unionTextChild is e without unionTextColumn's collation (a column of
// the same UNION retyped before, which the other columns' rules must
// still see as the planner's: a NULL beside a string kept GMS's
// utf8mb4_0900_bin when another column's collation was fixed first,
// oracle3's C).
func unionTextChild(e sql.Expression) sql.Expression {
	if u, ok := e.(*unionText); ok {
		return u.child
	}
	return e
}

// retypedField is gf with type t (the side's own type: a nested UNION's
// column was typed before this rule retyped it).
func retypedField(gf *expression.GetField, t sql.Type) sql.Expression {
	if sameTypeValue(gf.Type(), t) {
		return gf
	}
	return expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).WithId(gf.Id()).(*expression.GetField)
}

// sameTypeValue: a and b are one type value; false for types Go cannot
// compare with == (an ENUM's or SET's holds maps, and == panicked).
func sameTypeValue(a, b sql.Type) bool {
	ta := reflect.TypeOf(a)
	if ta == nil || ta != reflect.TypeOf(b) || !ta.Comparable() {
		return false
	}
	return a == b
}

// unionNumberType is the conversion both sides of a UNION column of types
// l and r take, when it is not GMS's: ok is false for non-numeric types,
// equal types, and pairs GMS already types as MySQL does.
func unionNumberType(l, r sql.Type) (cast string, length, scale int, ok bool) {
	if l == types.Null || r == types.Null {
		// NULL takes the other side's type; GMS's CAST(... AS DECIMAL)
		// would still drop a DECIMAL's scale.
		t := l
		if t == types.Null {
			t = r
		}
		if d, isDec := t.(sql.DecimalType); isDec {
			return expression.ConvertToDecimal, int(d.Precision()), int(d.Scale()), true
		}
		return "", 0, 0, false
	}
	if !types.IsNumber(l) || !types.IsNumber(r) || l.Equals(r) {
		return "", 0, 0, false
	}
	if types.IsFloat(l) || types.IsFloat(r) {
		return expression.ConvertToDouble, 0, 0, true
	}
	if types.IsDecimal(l) || types.IsDecimal(r) {
		li, ls := numberDigits(l)
		ri, rs := numberDigits(r)
		s := max(ls, rs)
		p := min(max(li, ri)+s, types.DecimalTypeMaxPrecision)
		return expression.ConvertToDecimal, p, s, true
	}
	lt, rt := l.Type(), r.Type()
	if (lt == sqltypes.Uint64 && types.IsSigned(r)) || (rt == sqltypes.Uint64 && types.IsSigned(l)) {
		return expression.ConvertToDecimal, 20, 0, true
	}
	return "", 0, 0, false
}

// numberDigits are the integer digits and the scale of a DECIMAL or
// integer type.
func numberDigits(t sql.Type) (intDigits, scale int) {
	if d, ok := t.(sql.DecimalType); ok {
		return int(d.Precision()) - int(d.Scale()), int(d.Scale())
	}
	switch t.Type() {
	case sqltypes.Int8, sqltypes.Uint8:
		return 3, 0
	case sqltypes.Int16, sqltypes.Uint16:
		return 5, 0
	case sqltypes.Int24:
		return 7, 0
	case sqltypes.Uint24:
		return 8, 0
	case sqltypes.Int32, sqltypes.Uint32:
		return 10, 0
	case sqltypes.Uint64:
		return 20, 0
	}
	return 19, 0
}

// unionSameNumberColumn: both sides are numbers of one type that the
// planner converted to text, because it planned the outer UNION of a
// nested one before this package retyped the nested one's column (`SELECT
// y ... UNION SELECT s ... UNION SELECT s` of a YEAR and SMALLINTs was
// LONGTEXT, and its ORDER BY sorted 9 after 2024; year27): that type.
//
// Integers of two types merge as MySQL merges them (Item::aggregate_type):
// the wider type, unsigned when both are, one size up when the unsigned
// side is the wider type and the other is signed (BIGINT UNSIGNED beside a
// signed integer is DECIMAL(20,0), unionNumberType's).
func unionSameNumberColumn(name [2]string, i int, l, r sql.Expression, lt, rt sql.Type, ls, rs sql.Node) (nl, nr sql.Expression, ok bool) {
	if !types.IsNumber(lt) || !(types.IsText(l.Type()) || types.IsText(r.Type())) {
		return nil, nil, false
	}
	// An integer literal is LONGLONG to MySQL.
	mt, nt := lt, rt
	if _, lit := sideExpr(ls, i).(*expression.Literal); lit && isInt(lt) {
		mt = types.Int64
	}
	if _, lit := sideExpr(rs, i).(*expression.Literal); lit && isInt(rt) {
		nt = types.Int64
	}
	typ := mt
	if !mt.Equals(nt) {
		if typ = intMerge(mt, nt); typ == nil {
			return nil, nil, false
		}
	}
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	return expression.NewAlias(name[0], &unionAs{unary: unary{retypedField(lg, lt)}, typ: typ}),
		expression.NewAlias(name[1], &unionAs{unary: unary{retypedField(rg, rt)}, typ: typ}), true
}

// intSizes are the integer types by width, signed and unsigned.
var intSizes = [][2]sql.Type{
	{types.Int8, types.Uint8},
	{types.Int16, types.Uint16},
	{types.Int24, types.Uint24},
	{types.Int32, types.Uint32},
	{types.Int64, types.Uint64},
}

// intMerge is MySQL's type of two integer types of a column, nil for
// anything else or past BIGINT.
func intMerge(a, b sql.Type) sql.Type {
	size := func(t sql.Type) int {
		for i, s := range intSizes {
			if t.Equals(s[0]) || t.Equals(s[1]) {
				return i
			}
		}
		return -1
	}
	sa, sb := size(a), size(b)
	if sa < 0 || sb < 0 {
		return nil
	}
	ua, ub := types.IsUnsigned(a), types.IsUnsigned(b)
	n := max(sa, sb)
	switch {
	case ua && ub:
		return intSizes[n][1]
	case ua && sa == n || ub && sb == n:
		if n+1 >= len(intSizes) {
			return nil
		}
		return intSizes[n+1][0]
	}
	return intSizes[n][0]
}
