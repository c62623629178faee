package engine

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// A DECIMAL, FLOAT or DOUBLE column declared UNSIGNED holds no negative
// number: MySQL 8.0 fails the statement with 1264 "Out of range value for
// column 'd' at row n" under a strict sql_mode, and otherwise (or under
// IGNORE) stores 0 with that warning (Field_new_decimal::store_value,
// Field_real::truncate: "if (unsigned_flag && nr < 0)"). GMS's types have
// no sign attribute, so the catalog keeps it (catalog.TypeDesc.U) and
// unsignedChecks puts an unsignedCheck under the value of every such
// column an INSERT (VALUES, SELECT, ON DUPLICATE KEY UPDATE) or UPDATE
// stores, below sqlfunc's own checks, which then see 0. The same check
// keeps the values of integer UNSIGNED columns in their range
// (unsignedIntMax, unsignedCheck.intValue), and bounds a FLOAT(M,D)/DOUBLE(M,D)
// column's values to the range M allows (floatRange), which GMS's plain float
// types cannot know.

// unsignedChecksID is from coltype19's range 11_640-11_649.
const unsignedChecksID analyzer.RuleId = 11_640

// UnsignedColumn reports whether the table's column name is a DECIMAL,
// FLOAT or DOUBLE declared UNSIGNED.
func (t *Table) UnsignedColumn(name string) bool {
	def := t.def
	i := def.ColumnByName(name)
	return i >= 0 && def.Columns[i].Type.Unsigned()
}

// ZerofillColumn is the display width of column name when it is an
// integer declared ZEROFILL (information_schema.COLUMNS.COLUMN_TYPE).
func (t *Table) ZerofillColumn(name string) (width int, ok bool) {
	def := t.def
	i := def.ColumnByName(name)
	if i < 0 {
		return 0, false
	}
	return def.Columns[i].Type.Zerofill()
}

func (t *Table) hasUnsigned() bool {
	for i := range t.def.Columns {
		if ty := t.def.Columns[i].Type; ty.Unsigned() {
			return true
		} else if _, _, ok := ty.FloatScale(); ok {
			return true
		}
	}
	for _, c := range t.Schema() {
		if unsignedIntMax(c) != 0 {
			return true
		}
	}
	return false
}

// unsignedIntMax is the largest value of an integer UNSIGNED column that is
// not AUTO_INCREMENT (0: another column). GMS's conversions to these types
// wrap instead of clamping: '300' was stored 44 in a TINYINT UNSIGNED and
// 255.5 (rounded to 256) 0, with no warning and no strict-mode error.
func unsignedIntMax(c *sql.Column) uint64 {
	if c.AutoIncrement || !types.IsUnsigned(c.Type) {
		return 0
	}
	switch c.Type.Type() {
	case sqltypes.Uint8:
		return math.MaxUint8
	case sqltypes.Uint16:
		return math.MaxUint16
	case sqltypes.Uint24:
		return 1<<24 - 1
	case sqltypes.Uint32:
		return math.MaxUint32
	case sqltypes.Uint64:
		return math.MaxUint64
	}
	return 0
}

// floatRange is the largest magnitude a FLOAT(M,D) or DOUBLE(M,D) column
// holds, 10^(M-D) - 10^-D (Field_real::truncate's max_value), and 10^D; ok
// is false for any other column.
func (t *Table) floatRange(name string) (maxAbs, scale float64, ok bool) {
	i := t.def.ColumnByName(name)
	if i < 0 {
		return 0, 0, false
	}
	m, d, ok := t.def.Columns[i].Type.FloatScale()
	if !ok || m == 0 {
		return 0, 0, false
	}
	return math.Pow10(int(m)-int(d)) - math.Pow10(-int(d)), math.Pow10(int(d)), true
}

// unsignedIntColumn is unsignedIntMax of the table's column name.
func (t *Table) unsignedIntColumn(name string) uint64 {
	sch := t.Schema()
	if i := sch.IndexOfColName(strings.ToLower(name)); i >= 0 {
		return unsignedIntMax(sch[i])
	}
	return 0
}

func unsignedChecks(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	strict := strictStamps(ctx)
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.InsertInto:
			return unsignedInsert(x, strict)
		case *plan.Update:
			return unsignedUpdate(x, strict)
		}
		return n, transform.SameTree, nil
	})
}

func unsignedInsert(ins *plan.InsertInto, strict bool) (sql.Node, transform.TreeIdentity, error) {
	if ins.Destination == nil {
		return ins, transform.SameTree, nil
	}
	dest := ins.Destination
	if d, ok := dest.(*plan.InsertDestination); ok {
		dest = d.Child
	}
	t := tableOfNode(dest)
	fail := strict && !ins.Ignore
	if t == nil || !(fail || t.hasUnsigned()) {
		return ins, transform.SameTree, nil
	}
	sch := ins.Destination.Schema()
	check := func(name string, e sql.Expression, row int, rows *rowCounter) (sql.Expression, bool) {
		max := t.unsignedIntColumn(name)
		blank := ""
		if fail {
			blank = blankRefused(t, name, e)
		}
		uns := t.UnsignedColumn(name)
		maxAbs, scale, ranged := t.floatRange(name)
		if max == 0 && !uns && !ranged && blank == "" {
			return e, false
		}
		return belowChecks(e, func(e sql.Expression) sql.Expression {
			return &unsignedCheck{child: e, name: name, row: row, rows: rows, fail: fail, max: max, blank: blank,
				only: blank != "" && max == 0 && !uns && !ranged, unsigned: uns, maxAbs: maxAbs, scale: scale}
		})
	}
	out := ins
	changed := false
	var proj *plan.Project
	v, ok := ins.Source.(*plan.Values)
	if !ok {
		if proj, ok = ins.Source.(*plan.Project); ok {
			v, ok = proj.Child.(*plan.Values)
		}
	}
	switch {
	case ok:
		names := make([]string, 0, len(sch))
		if len(ins.ColumnNames) == 0 {
			for _, c := range sch {
				names = append(names, c.Name)
			}
		} else {
			names = append(names, ins.ColumnNames...)
		}
		var tuples [][]sql.Expression
		for r, tup := range v.ExpressionTuples {
			if len(tup) != len(names) {
				continue
			}
			var nt []sql.Expression
			for i, e := range tup {
				if ne, ch := check(names[i], e, r+1, nil); ch {
					if nt == nil {
						nt = append([]sql.Expression(nil), tup...)
					}
					nt[i] = ne
				}
			}
			if nt != nil {
				if tuples == nil {
					tuples = append([][]sql.Expression(nil), v.ExpressionTuples...)
				}
				tuples[r] = nt
			}
		}
		if tuples != nil {
			nv := *v
			nv.ExpressionTuples = tuples
			var src sql.Node = &nv
			if proj != nil {
				np, err := proj.WithChildren(&nv)
				if err != nil {
					return nil, transform.SameTree, err
				}
				src = np
			}
			out = out.WithSource(src)
			changed = true
		}
	case proj != nil && len(proj.Projections) == len(sch):
		// INSERT ... SELECT: the projection onto the destination's columns.
		var exprs []sql.Expression
		for i, e := range proj.Projections {
			if ne, ch := check(sch[i].Name, e, 0, &rowCounter{}); ch {
				if exprs == nil {
					exprs = append([]sql.Expression(nil), proj.Projections...)
				}
				exprs[i] = ne
			}
		}
		if exprs != nil {
			np := *proj
			np.Projections = exprs
			out = out.WithSource(&np)
			changed = true
		}
	}
	if exprs, ch := unsignedSets(out.OnDupExprs, func(string) *Table { return t }, fail); ch {
		ni := *out
		ni.OnDupExprs = exprs
		out, changed = &ni, true
	}
	if !changed {
		return ins, transform.SameTree, nil
	}
	return out, transform.NewTree, nil
}

func unsignedUpdate(u *plan.Update, strict bool) (sql.Node, transform.TreeIdentity, error) {
	tables := map[string]*Table{}
	transform.Inspect(u.Child, func(n sql.Node) bool {
		if t := tableOfNode(n); t != nil {
			tables[strings.ToLower(t.Name())] = t
			if nt, ok := n.(sql.Nameable); ok {
				tables[strings.ToLower(nt.Name())] = t
			}
		}
		return true
	})
	fail := strict && !u.Ignore
	some := fail
	for _, t := range tables {
		some = some || t.hasUnsigned()
	}
	if !some {
		return u, transform.SameTree, nil
	}
	lookup := func(name string) *Table { return tables[strings.ToLower(name)] }
	nc, same, err := transform.Node(u.Child, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		us, ok := n.(*plan.UpdateSource)
		if !ok {
			return n, transform.SameTree, nil
		}
		exprs, ch := unsignedSets(us.UpdateExprs, lookup, fail)
		if !ch {
			return n, transform.SameTree, nil
		}
		nu := *us
		nu.UpdateExprs = exprs
		return &nu, transform.NewTree, nil
	})
	if err != nil || same == transform.SameTree {
		return u, transform.SameTree, err
	}
	nn, err := u.WithChildren(nc)
	if err != nil {
		return u, transform.SameTree, err
	}
	return nn, transform.NewTree, nil
}

// unsignedSets puts unsignedCheck under the SETs of unsigned columns.
func unsignedSets(exprs []sql.Expression, table func(string) *Table, fail bool) ([]sql.Expression, bool) {
	var out []sql.Expression
	for i, e := range exprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		t := table(gf.Table())
		if t == nil {
			continue
		}
		max := t.unsignedIntColumn(gf.Name())
		uns := t.UnsignedColumn(gf.Name())
		blank := ""
		if fail {
			blank = blankRefused(t, gf.Name(), sf.RightChild)
		}
		maxAbs, scale, ranged := t.floatRange(gf.Name())
		if max == 0 && !uns && !ranged && blank == "" {
			continue
		}
		rhs, ch := belowChecks(sf.RightChild, func(e sql.Expression) sql.Expression {
			return &unsignedCheck{child: e, name: gf.Name(), rows: &rowCounter{}, fail: fail, max: max, blank: blank,
				only: blank != "" && max == 0 && !uns && !ranged, unsigned: uns, maxAbs: maxAbs, scale: scale}
		})
		if !ch {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = expression.NewSetField(gf, rhs)
	}
	return out, out != nil
}

// belowChecks puts wrap's expression below the checks over e (single-child
// expressions that print as their child: sqlfunc's range and store
// checks, decimalNote), so that they see the value it stores.
func belowChecks(e sql.Expression, wrap func(sql.Expression) sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *unsignedCheck, *sql.ColumnDefaultValue, *expression.Wrapper:
		return e, false
	}
	kids := e.Children()
	if len(kids) != 1 || kids[0].String() != e.String() {
		return wrap(e), true
	}
	inner, changed := belowChecks(kids[0], wrap)
	if !changed {
		return e, false
	}
	ne, err := e.WithChildren(inner)
	if err != nil {
		return e, false
	}
	return ne, true
}

// unsignedCheck is a value stored into an unsigned DECIMAL, FLOAT or
// DOUBLE column: a negative number fails (fail) or is 0 with a warning.
type unsignedCheck struct {
	child sql.Expression
	name  string
	// row is the statement's 1-based row, for VALUES; rows counts them
	// for the rows of a SELECT or an UPDATE.
	row  int
	rows *rowCounter
	fail bool
	// max: the column is an integer UNSIGNED one of this largest value
	// (unsignedIntMax); 0: a DECIMAL, FLOAT or DOUBLE one.
	max uint64
	// blank: a text value of spaces only fails with 1366, for a strict
	// statement into an integer or DECIMAL column (blankRefused: the word
	// the message names the type by); only: that is the sole check.
	blank string
	only  bool
	// unsigned: a DECIMAL, FLOAT or DOUBLE UNSIGNED column (no negative
	// number); maxAbs (with scale, 10^D): the range of a FLOAT(M,D) or
	// DOUBLE(M,D) column, 0 for none.
	unsigned      bool
	maxAbs, scale float64
}

func (u *unsignedCheck) Resolved() bool             { return u.child.Resolved() }
func (u *unsignedCheck) IsNullable() bool           { return u.child.IsNullable() }
func (u *unsignedCheck) Type() sql.Type             { return u.child.Type() }
func (u *unsignedCheck) Children() []sql.Expression { return []sql.Expression{u.child} }
func (u *unsignedCheck) String() string             { return u.child.String() }

func (u *unsignedCheck) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, u.child)
}

func (u *unsignedCheck) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(u, len(children), 1)
	}
	nu := *u
	nu.child = children[0]
	return &nu, nil
}

func (u *unsignedCheck) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	rowNum := u.row
	if u.rows != nil {
		rowNum = u.rows.next(ctx)
	}
	if u.blank != "" {
		if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
			return nil, mysql.NewSQLError(1366, "HY000", "Incorrect %s value: '%s' for column '%s' at row %d", u.blank, s, u.name, rowNum)
		}
		if u.only {
			return v, nil
		}
	}
	if u.max != 0 {
		return u.intValue(ctx, v, rowNum)
	}
	if u.unsigned && negative(ctx, v) {
		if u.fail {
			return nil, u.outOfRange(rowNum)
		}
		u.warn(ctx, rowNum)
		return int64(0), nil
	}
	if u.maxAbs > 0 {
		// MySQL rounds to D decimals first, then compares with the
		// range M allows (Field_real::truncate): 12345.6789 does not fit
		// FLOAT(7,3), nor does 9999.9996 (10000.000). The layout rounds
		// the stored value to D decimals.
		f, _, err := types.Float64.Convert(ctx, v)
		x, ok := f.(float64)
		if err != nil || !ok || math.IsNaN(x) || math.IsInf(x, 0) {
			return v, nil
		}
		r := math.RoundToEven(x*u.scale) / u.scale
		if r > u.maxAbs || r < -u.maxAbs {
			if u.fail {
				return nil, u.outOfRange(rowNum)
			}
			u.warn(ctx, rowNum)
			return math.Copysign(u.maxAbs, r), nil
		}
	}
	return v, nil
}

func (u *unsignedCheck) outOfRange(rowNum int) error {
	return mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", u.name, rowNum)
}

func (u *unsignedCheck) warn(ctx *sql.Context, rowNum int) {
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERWarnDataOutOfRange,
		Message: fmt.Sprintf("Out of range value for column '%s' at row %d", u.name, rowNum)})
}

// negative: v reads as a number below zero. What does not read as a number
// is left to the column's conversion.
func negative(ctx *sql.Context, v any) bool {
	switch x := v.(type) {
	case float64:
		return x < 0
	case float32:
		return x < 0
	case decimal.Decimal:
		return x.Sign() < 0
	case int8, int16, int32, int64, int:
		d, _, err := types.Int64.Convert(ctx, x)
		return err == nil && d.(int64) < 0
	case uint8, uint16, uint32, uint64, uint:
		return false
	case string, []byte:
		d, _, err := types.InternalDecimalType.Convert(ctx, x)
		if err != nil {
			return false
		}
		dd, ok := d.(decimal.Decimal)
		return ok && dd.Sign() < 0
	}
	return false
}

var numberPrefix = regexp.MustCompile(`^ *[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)? *`)

// intValue is v as the integer UNSIGNED column stores it: rounded as
// MySQL's Field_num::store does (rint for a FLOAT or DOUBLE, half away from
// zero for a DECIMAL or a string), then out of range below 0 or above max:
// 1264 under a strict sql_mode, else the nearest end with that warning.
// What does not read as a number is left to the column's conversion.
func (u *unsignedCheck) intValue(ctx *sql.Context, v any, rowNum int) (any, error) {
	var d decimal.Decimal
	switch x := v.(type) {
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint, uint64:
		if n, ok := x.(uint64); ok && n <= u.max {
			return v, nil
		}
		if n, _, err := types.Int64.Convert(ctx, x); err == nil {
			if i := n.(int64); i >= 0 && uint64(i) <= u.max {
				return v, nil
			}
		}
		c, _, err := types.InternalDecimalType.Convert(ctx, x)
		if err != nil {
			return v, nil
		}
		d = c.(decimal.Decimal)
	case float64:
		if math.IsNaN(x) {
			return v, nil
		}
		d = decimal.NewFromFloat(math.RoundToEven(x))
	case float32:
		d = decimal.NewFromFloat(math.RoundToEven(float64(x)))
	case decimal.Decimal:
		// A negative DECIMAL is out of range before rounding
		// (convert_decimal2longlong checks the sign first): -0.4 fails.
		if x.Sign() < 0 {
			d = x
		} else {
			d = x.Round(0)
		}
	case string, []byte:
		str, _ := x.(string)
		if b, ok := x.([]byte); ok {
			str = string(b)
		}
		// A number followed by other text ('300abc') is out of range
		// by its number alone (1264, as Field_num::store reports the
		// range first); in range, or no number at all (''), the
		// column's conversion gives its 1265 or 1366.
		num := numberPrefix.FindString(str)
		if num == "" {
			return v, nil
		}
		c, _, err := types.InternalDecimalType.Convert(ctx, strings.TrimSpace(num))
		if err != nil {
			return v, nil
		}
		d = c.(decimal.Decimal).Round(0)
		if len(num) != len(str) && d.Sign() >= 0 && !d.GreaterThan(decimal.NewFromBigInt(new(big.Int).SetUint64(u.max), 0)) {
			return v, nil
		}
	default:
		return v, nil
	}
	hi := decimal.NewFromBigInt(new(big.Int).SetUint64(u.max), 0)
	var out uint64
	switch {
	case d.Sign() < 0:
		out = 0
	case d.GreaterThan(hi):
		out = u.max
	default:
		return d.BigInt().Uint64(), nil
	}
	if u.fail {
		return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", u.name, rowNum)
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERWarnDataOutOfRange,
		Message: fmt.Sprintf("Out of range value for column '%s' at row %d", u.name, rowNum)})
	return out, nil
}

// blankRefused: a strict statement stores e, a text value, into the
// integer or DECIMAL column name. MySQL refuses a string of spaces only
// there with 1366 "Incorrect integer value: ” for column 'i' at row 1"
// (Field_num::check_int, str2my_decimal); GMS read it as 0 without a word.
// FLOAT and DOUBLE columns already refuse it. The result is the word
// the message names the type by ("": not such a store).
func blankRefused(t *Table, name string, e sql.Expression) string {
	if !types.IsText(e.Type()) {
		return ""
	}
	sch := t.Schema()
	i := sch.IndexOfColName(strings.ToLower(name))
	switch {
	case i < 0 || sch[i].AutoIncrement:
		return ""
	case types.IsInteger(sch[i].Type):
		return "integer"
	case types.IsDecimal(sch[i].Type):
		return "decimal"
	}
	return ""
}
