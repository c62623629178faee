package engine

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/floatfmt"
)

// fixedFloatTexts gives a FLOAT(M,D) or DOUBLE(M,D) column read as a string
// MySQL's text: Field_float::val_str and Field_double::val_str format the
// value with the column's D decimals ('1.50', '10.00'), where GMS converts
// the DOUBLE in its shortest form ('1.5', '10'), so CONCAT(f) and
// LENGTH(f) differed and `f LIKE '10.00'` found no row.
//
// The column reference is wrapped in a fixedText only where the function or
// operator reads that argument as a string (CONCAT, LIKE, CAST AS CHAR,
// SUBSTRING's first argument ...); numeric positions (ROUND(f),
// SUBSTRING(s, f), FORMAT(f, 2)) and comparisons keep the number. D is read
// from the catalog as fixedFloatComparisons reads it.
func fixedFloatTexts(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	incr := 4 // MySQL's default div_precision_increment
	if ctx != nil && ctx.Session != nil {
		if v, err := ctx.GetSessionVariable(ctx, "div_precision_increment"); err == nil {
			if i, ok := v.(int64); ok {
				incr = int(i)
			}
		}
	}
	return deep(nil, n, func(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) { // deep.go
		return fixedFloatTextsIn(n, incr)
	})
}

// fixedTextID is from fixtext22's range 11_870-11_879.
const fixedTextID analyzer.RuleId = 11_870

var fixedTextRule = analyzer.Rule{Id: fixedTextID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return fixedFloatTexts(ctx, n)
}}

// doubleWidth is the length MySQL gives a DOUBLE expression's text
// (DBL_DIG + 7, Item_func::resolve_type), less fixedText's sign and point.
const doubleWidth = 21

func fixedFloatTextsIn(n sql.Node, incr int) (sql.Node, transform.TreeIdentity, error) {
	// An INSERT's source is not among its children: hasFloatColumn
	// does not see it.
	n, same, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		return insertTexts(n, incr)
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if !hasFloatColumn(n) {
		return n, same, nil
	}
	n, same2, err := fixedFloatExprs(n, incr)
	return n, same && same2, err
}

// insertTexts: INSERT ... SELECT f into a TEXT or BLOB column stores f's
// val_str (field_conv_slow's Field_blob::store(const Field *)), as UPDATE's
// SET does (stringPositions); into a VARCHAR the double.
func insertTexts(n sql.Node, incr int) (sql.Node, transform.TreeIdentity, error) {
	ins, ok := n.(*plan.InsertInto)
	if !ok {
		return n, transform.SameTree, nil
	}
	dest := ins.Destination.Schema()
	names := ins.ColumnNames
	if len(names) == 0 {
		for _, c := range dest {
			names = append(names, c.Name)
		}
	}
	if so, isSetOp := ins.Source.(*plan.SetOp); isSetOp {
		return insertSetOpTexts(ins, so, dest, names, incr)
	}
	p, ok := ins.Source.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	if len(names) != len(p.Projections) {
		return n, transform.SameTree, nil
	}
	tables := planOrigins(p)
	tables.incr = incr
	var out []sql.Expression
	for i, e := range p.Projections {
		j := dest.IndexOfColName(names[i])
		if j < 0 || !types.IsTextBlob(dest[j].Type) {
			continue
		}
		inner := e
		a, aliased := e.(*expression.Alias)
		if aliased {
			inner = a.Child
		}
		if !bareColumn(inner) {
			// An expression's value is stored by Item::save_in_field as
			// the double it is (Field_str::store(double): my_gcvt, the
			// shortest text): INSERT ... SELECT ROUND(f, 2) stores
			// '2.5', f * 2 of a FLOAT(7,2) '5'.
			continue
		}
		ft := asFixedText(inner, tables)
		if ft == nil {
			continue
		}
		if aliased {
			var err error
			if ft, err = a.WithChildren(ft); err != nil {
				return nil, transform.SameTree, err
			}
		}
		if out == nil {
			out = append([]sql.Expression(nil), p.Projections...)
		}
		out[i] = ft
	}
	if out == nil {
		return n, transform.SameTree, nil
	}
	np, err := p.WithExpressions(out...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return ins.WithSource(np), transform.NewTree, nil
}

// insertSetOpTexts: INSERT ... SELECT ... UNION into a TEXT or BLOB
// column stores the union column's val_str, with the decimals the union
// aggregates (setOpDecimals: a FLOAT(6,3)'s 2.25 UNION 1.5 stores '2.250'
// and '1.500'; GMS stored 2.25 and 1.5).
func insertSetOpTexts(ins *plan.InsertInto, so *plan.SetOp, dest sql.Schema, names []string, incr int) (sql.Node, transform.TreeIdentity, error) {
	sch := so.Schema()
	if len(names) != len(sch) {
		return ins, transform.SameTree, nil
	}
	var ds []int
	var known []bool
	var projs []sql.Expression
	for i := range sch {
		j := dest.IndexOfColName(names[i])
		// GMS types the union's column here as a DECIMAL or a CHAR
		// (MySQL: DOUBLE); whichever, a column whose decimals are known
		// (numbers in every branch) is stored with them.
		if j < 0 || !types.IsTextBlob(dest[j].Type) {
			continue
		}
		if ds == nil {
			if ds, known = setOpDecimals(so, incr); len(ds) != len(sch) {
				return ins, transform.SameTree, nil
			}
		}
		if !known[i] {
			continue
		}
		if projs == nil {
			projs = make([]sql.Expression, len(sch))
			for k, c := range sch {
				projs[k] = expression.NewGetFieldWithTable(k, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
			}
		}
		projs[i] = &fixedText{child: projs[i], m: doubleWidth, d: ds[i]}
	}
	if projs == nil {
		return ins, transform.SameTree, nil
	}
	return ins.WithSource(plan.NewProject(projs, so)), transform.NewTree, nil
}

func fixedFloatExprs(n sql.Node, incr int) (sql.Node, transform.TreeIdentity, error) {
	tables := planOrigins(n) // colorigin.go
	tables.incr = incr
	unionCasts := setOpConverts(n)
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if c, ok := e.(*expression.Convert); ok && unionCasts[c] {
			return e, transform.SameTree, nil
		}
		pos := stringPositions(e)
		if len(pos) == 0 {
			return e, transform.SameTree, nil
		}
		cs := e.Children()
		_, isSet := e.(*expression.SetField)
		var out []sql.Expression
		for _, i := range pos {
			if i >= len(cs) {
				continue
			}
			if isSet && !bareColumn(cs[i]) {
				// UPDATE ... SET txt = ROUND(f, 2): stored as a double
				// (see insertTexts).
				continue
			}
			ft := asFixedText(cs[i], tables)
			if ft == nil {
				continue
			}
			if b, isBit := ft.(*colText); isBit && b.bits > 0 && isGroupConcat(e) {
				// GROUP_CONCAT of a BIT column stays its digits, as
				// MariaDB's (MySQL's own text of it not established).
				continue
			}
			if out == nil {
				out = append([]sql.Expression(nil), cs...)
			}
			out[i] = ft
		}
		if out == nil {
			return e, transform.SameTree, nil
		}
		ne, err := e.WithChildren(out...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return ne, transform.NewTree, nil
	})
}

// setOpConverts are the conversions GMS's planner puts over a UNION's
// branches to its column types: a UNION of a DOUBLE and an INT is a
// DOUBLE in MySQL (GMS's text is its own type difference), not a read of
// the column as a string.
func setOpConverts(n sql.Node) map[*expression.Convert]bool {
	m := map[*expression.Convert]bool{}
	transform.Inspect(n, func(x sql.Node) bool {
		so, ok := x.(*plan.SetOp)
		if !ok {
			return true
		}
		for _, c := range so.Children() {
			if p, ok := c.(*plan.Project); ok {
				for _, e := range p.Projections {
					if cv, ok := e.(*expression.Convert); ok {
						m[cv] = true
					}
					if a, ok := e.(*expression.Alias); ok {
						if cv, ok := a.Child.(*expression.Convert); ok {
							m[cv] = true
						}
					}
				}
			}
		}
		return true
	})
	return m
}

// hasFloatColumn keeps the table walk off statements that read no FLOAT or
// DOUBLE column, BIT column or (once one exists) ZEROFILL integer.
func hasFloatColumn(n sql.Node) bool {
	found := false
	transform.InspectExpressionsWithNode(n, func(_ sql.Node, e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok && (types.IsFloat(gf.Type()) || types.IsBit(gf.Type()) || types.IsYear(gf.Type()) ||
			catalog.AnyZerofill() && (types.IsInteger(gf.Type()) || types.IsDecimal(gf.Type()))) {
			found = true
		}
		if f, ok := e.(sql.FunctionExpression); ok {
			switch strings.ToLower(f.FunctionName()) {
			case "pi":
				found = true // floatdec.go: PI() has 6 decimals
			case "round", "truncate":
				// floatdec.go: ROUND(x, D) of a DOUBLE has D decimals,
				// whatever x.
				found = types.IsFloat(e.Type())
			}
		}
		return !found
	})
	return found
}

// textArgs lists, by function name, the arguments read as strings; -1 is
// all of them.
var textArgs = map[string][]int{
	"concat": {-1}, "concat_ws": {-1}, "group_concat": {-1},
	"length": {0}, "char_length": {0}, "character_length": {0}, "octet_length": {0}, "bit_length": {0},
	"upper": {0}, "lower": {0}, "ucase": {0}, "lcase": {0}, "reverse": {0}, "quote": {0},
	"md5": {0}, "sha1": {0}, "sha": {0}, "sha2": {0},
	"trim": {-1}, "ltrim": {0}, "rtrim": {0},
	"substring": {0}, "substr": {0}, "mid": {0}, "left": {0}, "right": {0}, "substring_index": {0, 1},
	"lpad": {0, 2}, "rpad": {0, 2}, "replace": {-1}, "instr": {0, 1}, "locate": {0, 1}, "position": {0, 1},
	"regexp_like": {0, 1}, "repeat": {0}, "insert": {0, 3}, "soundex": {0}, "to_base64": {0},
}

// textResultArgs lists the arguments a function returns as its value,
// read as strings when its result is a string (IF(c, f, 'x')).
var textResultArgs = map[string][]int{"if": {1, 2}, "coalesce": {-1}, "ifnull": {-1}}

// textResult: e's result is a string, by its type or (GMS types IFNULL
// as its first argument) by a string among its value arguments at pos.
func textResult(e sql.Expression, pos []int) bool {
	if types.IsText(e.Type()) {
		return true
	}
	for i, c := range e.Children() {
		if (pos[0] == -1 || slices.Contains(pos, i)) && types.IsText(c.Type()) {
			return true
		}
	}
	return false
}

// stringPositions is the indexes of e's children that e reads as strings.
func stringPositions(e sql.Expression) []int {
	var args []int
	switch x := e.(type) {
	case *fixedText:
		return nil
	case *expression.Like:
		args = []int{0, 1}
	case *expression.SetField:
		// UPDATE ... SET txt = f: field_conv_slow stores into a BLOB or
		// TEXT column the source field's val_str (into a VARCHAR the
		// double, in its shortest form).
		if types.IsTextBlob(x.LeftChild.Type()) {
			args = []int{1}
		}
	case *expression.Case:
		// A CASE of string type (a THEN is a string) reads its values
		// with val_str.
		if !types.IsText(x.Type()) {
			return nil
		}
		i := 0
		if x.Expr != nil {
			i++
		}
		for range x.Branches {
			args = append(args, i+1)
			i += 2
		}
		if x.Else != nil {
			args = append(args, i)
		}
		return args
	case *expression.Convert:
		if x.Type() != nil && types.IsText(x.Type()) {
			args = []int{0}
		}
	case sql.FunctionExpression:
		name := strings.ToLower(x.FunctionName())
		args = textArgs[name]
		if a, ok := textResultArgs[name]; ok && textResult(x, a) {
			args = a
		}
	default:
		if f, ok := e.(interface{ FunctionName() string }); ok {
			args = textArgs[strings.ToLower(f.FunctionName())]
		}
	}
	if len(args) == 1 && args[0] == -1 {
		args = make([]int, len(e.Children()))
		for i := range args {
			args[i] = i
		}
	}
	return args
}

// roundedWidth is the most digits a DOUBLE's integer part has (1.8e308):
// ROUND(x, D) of any DOUBLE x prints them all with D decimals
// (CONCAT(ROUND(1e20, 2)) is '100000000000000000000.00'), so its text's
// type must hold them, or a string IF over it refused the value (1406).
const roundedWidth = 309

// textWidth is the m of a fixedText over e, an expression printed with d
// decimals: doubleWidth, or roundedWidth plus d where a ROUND or TRUNCATE
// of a DOUBLE decides its decimals (a derived table's column over one
// included, by its name).
func textWidth(e sql.Expression, o *colOrigins, d int) int {
	if roundedDouble(e, o, 0) {
		return roundedWidth + d
	}
	return doubleWidth
}

// roundedDouble: e has a ROUND or TRUNCATE of a DOUBLE, or reads a derived
// table's or view's column that has one.
func roundedDouble(e sql.Expression, o *colOrigins, depth int) bool {
	if depth > 8 || o == nil {
		return false
	}
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		if f, ok := e.(sql.FunctionExpression); ok && types.IsFloat(e.Type()) {
			switch strings.ToLower(f.FunctionName()) {
			case "round", "truncate":
				return true
			}
		}
		if gf, ok := e.(*expression.GetField); ok && types.IsFloat(gf.Type()) {
			if t, _ := o.column(gf); t == nil {
				if r, ok := o.expr(gf); ok && r.setOp == nil && r.e != nil {
					return roundedDouble(r.e, r.o, depth+1)
				}
			}
		}
		return false
	})
}

// bareColumn: e is a column reference (under the number-to-text
// conversion sqlfunc may have put over it), whose Field MySQL copies into
// a TEXT column through its val_str; an expression is stored as its value.
func bareColumn(e sql.Expression) bool {
	if cs := e.Children(); len(cs) == 1 && types.IsText(e.Type()) {
		if _, fn := e.(sql.FunctionExpression); !fn {
			if _, conv := e.(*expression.Convert); !conv {
				e = cs[0]
			}
		}
	}
	_, ok := e.(*expression.GetField)
	return ok
}

// asFixedText wraps e when it is a reference to a FLOAT(M,D) or
// DOUBLE(M,D) column of one of tables, or replaces sqlfunc's number-to-text
// conversion of one (CONCAT and LEFT put theirs under their arguments when
// they are built); nil otherwise.
func asFixedText(e sql.Expression, tables *colOrigins) sql.Expression {
	if cs := e.Children(); len(cs) == 1 && types.IsText(e.Type()) {
		if _, fn := e.(sql.FunctionExpression); !fn {
			if _, conv := e.(*expression.Convert); !conv {
				e = cs[0]
			}
		}
	}
	gf, ok := e.(*expression.GetField)
	if !ok {
		// An expression over scaled columns (f * 2, IF(c, f, 2)):
		// its decimals (floatdec.go).
		if types.IsFloat(e.Type()) {
			if d, ok := floatDecimals(e, tables, tables.incr); ok {
				return &fixedText{child: e, m: textWidth(e, tables, d), d: d}
			}
		}
		return nil
	}
	if !types.IsFloat(gf.Type()) {
		if ct := columnText(gf, tables); ct != nil { // coltext.go
			return ct
		}
		return nil
	}
	t, i := tables.column(gf)
	if t == nil {
		// An aggregate's result, a derived table's expression.
		if d, ok := floatDecimals(gf, tables, tables.incr); ok {
			return &fixedText{child: gf, m: textWidth(gf, tables, d), d: d}
		}
		return nil
	}
	m, d, ok := t.def.Columns[i].Type.FloatScale()
	if !ok || m == 0 {
		if ct := columnText(gf, tables); ct != nil { // FLOAT ZEROFILL
			return ct
		}
		return nil
	}
	z, _ := t.def.Columns[i].Type.Zerofill()
	return &fixedText{child: gf, m: int(m), d: int(d), z: z}
}

// fixedText is a scaled FLOAT or DOUBLE column's value as MySQL's text:
// my_fcvt of the value (as a double) with the column's D decimals.
type fixedText struct {
	child sql.Expression
	m, d  int
	z     int // a ZEROFILL column's width, its text padded with zeros to it
}

var _ sql.Expression = (*fixedText)(nil)

func (f *fixedText) Resolved() bool             { return f.child.Resolved() }
func (f *fixedText) IsNullable() bool           { return f.child.IsNullable() }
func (f *fixedText) Children() []sql.Expression { return []sql.Expression{f.child} }
func (f *fixedText) String() string             { return f.child.String() }
func (f *fixedText) DebugString() string {
	return fmt.Sprintf("fixedText(%s, %d)", sql.DebugString(f.child), f.d)
}
func (f *fixedText) Type() sql.Type {
	// The sign, the point and the digits: the length MySQL gives the column.
	return types.MustCreateString(sqltypes.VarChar, int64(f.m+2), sql.Collation_Default)
}

func (f *fixedText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return &fixedText{child: children[0], m: f.m, d: f.d, z: f.z}, nil
}

func (f *fixedText) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	v, err := f.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	var x float64
	switch y := v.(type) {
	case float64:
		x = y
	case float32:
		x = float64(y)
	default:
		// A branch of IF or CASE that is an integer or DECIMAL: MySQL
		// reads it as the DOUBLE the expression is.
		f, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return v, nil
		}
		fv, ok := f.(float64)
		if !ok {
			return v, nil
		}
		x = fv
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	}
	b := floatfmt.AppendFixed(nil, x, f.d, 64)
	if n := f.z - len(b); n > 0 {
		b = append([]byte(strings.Repeat("0", n)), b...)
	}
	return string(b), nil
}
