package engine

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/sqlfunc"
)

// RuleFixedFloatText is from the lead's session-22 range 11_880-11_889.
const RuleFixedFloatText analyzer.RuleId = 11_880

// fixedFloatText gives a FLOAT(M,D) or DOUBLE(M,D) column read as a string
// MySQL's text of it, D decimals (Field_double::val_str: DOUBLE(10,2) 1.5
// is '1.50'): the arguments of string functions, both sides of LIKE and
// REGEXP, and CAST(... AS CHAR). GMS's types carry no scale, so the value
// was Go's shortest text ('1.5'): CONCAT(f) and GROUP_CONCAT(f) printed
// '1.5' and **`WHERE f LIKE '10.00'` found no row**. Numeric arguments
// (SUBSTRING's position, FORMAT's, HEX's, ROUND's) and comparisons stay
// numbers. An integer column declared ZEROFILL reads as its padded digits
// the same way (CONCAT(a) of INT(5) ZEROFILL 42 was '42', MySQL '00042').
// The column's D or width is its table's catalog record's (floatcmp.go's
// lookup); a name two tables share is left alone.
func fixedFloatText(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return deep(ctx, n, func(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) { // deep.go
		return fixedFloatTextIn(n)
	})
}

// textArgs are the functions reading arguments as strings, with the
// positions they do (nil: every argument).
var textArgs = map[string][]int{
	"concat": nil, "concat_ws": nil, "group_concat": nil,
	"lower": {0}, "upper": {0}, "lcase": {0}, "ucase": {0},
	"length": {0}, "char_length": {0}, "character_length": {0}, "octet_length": {0}, "bit_length": {0},
	"substring": {0}, "substr": {0}, "mid": {0}, "left": {0}, "right": {0},
	"lpad": {0, 2}, "rpad": {0, 2}, "replace": nil, "reverse": {0},
	"trim": {0}, "ltrim": {0}, "rtrim": {0}, "instr": {0, 1}, "locate": {0, 1},
	"quote": {0}, "md5": {0}, "sha1": {0}, "sha": {0}, "sha2": {0}, "to_base64": {0},
	"substring_index": {0}, "strcmp": {0, 1}, "soundex": {0}, "ascii": {0}, "ord": {0},
}

func fixedFloatTextIn(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !readsFloatColumn(n) {
		return n, transform.SameTree, nil
	}
	tables := planTables(n) // floatcmp.go
	if len(tables) == 0 {
		return n, transform.SameTree, nil
	}
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		return transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			pos, all, ok := textPositions(e)
			if !ok {
				return e, transform.SameTree, nil
			}
			cs := e.Children()
			var out []sql.Expression
			for i, c := range cs {
				if !all && !contains(pos, i) {
					continue
				}
				w, ok := floatTextOf(c, tables)
				if !ok || w.bits > 0 && isGroupConcat(e) {
					// GROUP_CONCAT of a BIT column stays its digits, as
					// MariaDB's (MySQL's own text of it not established).
					continue
				}
				if out == nil {
					out = append([]sql.Expression(nil), cs...)
				}
				out[i] = w
			}
			if out == nil {
				return e, transform.SameTree, nil
			}
			ne, err := e.WithChildren(out...)
			if err != nil {
				return e, transform.SameTree, nil
			}
			return ne, transform.NewTree, nil
		})
	})
}

// textPositions are the argument positions of e read as strings.
func textPositions(e sql.Expression) (pos []int, all, ok bool) {
	switch x := e.(type) {
	case *expression.Like:
		return nil, true, true
	case *expression.Convert:
		if types.IsText(x.Type()) {
			return []int{0}, false, true
		}
		return nil, false, false
	}
	f, isFn := e.(sql.FunctionExpression)
	if !isFn {
		return nil, false, false
	}
	name := strings.ToLower(f.FunctionName())
	if strings.Contains(name, "regexp") || name == "rlike" {
		return []int{0}, false, true
	}
	pos, ok = textArgs[name]
	return pos, ok && pos == nil, ok
}

func isGroupConcat(e sql.Expression) bool {
	f, ok := e.(sql.FunctionExpression)
	return ok && strings.EqualFold(f.FunctionName(), "group_concat")
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// readsFloatColumn keeps the table walk off statements that read no FLOAT
// or DOUBLE column.
func readsFloatColumn(n sql.Node) bool {
	found := false
	transform.InspectExpressionsWithNode(n, func(_ sql.Node, e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok && (types.IsFloat(gf.Type()) || types.IsBit(gf.Type()) || catalog.AnyZerofill() && types.IsInteger(gf.Type())) {
			found = true
		}
		return !found
	})
	return found
}

// floatTextOf is c as floatText when it reads a FLOAT(M,D)/DOUBLE(M,D)
// column.
func floatTextOf(c sql.Expression, tables map[string]*Table) (*floatText, bool) {
	gf, ok := sqlfunc.TextOperand(c).(*expression.GetField)
	if !ok {
		return nil, false
	}
	if bt, isBit := gf.Type().(types.BitType); isBit {
		// Field_bit::val_str: the value's bytes, big-endian, as many as
		// the width needs (BIT(8) 65 is 'A'); GMS wrote its decimal
		// digits ('65', LENGTH 2).
		n := (int(bt.NumberOfBits()) + 7) / 8
		typ, err := types.CreateBinary(sqltypes.VarBinary, int64(n))
		if err != nil {
			return nil, false
		}
		return &floatText{child: gf, bits: n, typ: typ}, true
	}
	if !types.IsFloat(gf.Type()) && !types.IsInteger(gf.Type()) {
		return nil, false
	}
	t := tables[strings.ToLower(gf.Table())]
	if t == nil {
		return nil, false
	}
	i := t.def.ColumnByName(gf.Name())
	if i < 0 {
		return nil, false
	}
	if types.IsInteger(gf.Type()) {
		// An integer declared ZEROFILL: its digits padded with zeros to
		// the display width (Field_num::prepend_zeros), as the server
		// pads the column itself; CONCAT(a) of INT(5) ZEROFILL 42 was '42'.
		w, ok := t.def.Columns[i].Type.Zerofill()
		if !ok {
			return nil, false
		}
		typ, err := types.CreateString(sqltypes.VarChar, int64(max(w, 20)), sql.Collation_Default)
		if err != nil {
			return nil, false
		}
		return &floatText{child: gf, d: -w, typ: typ}, true
	}
	m, d, ok := t.def.Columns[i].Type.FloatScale()
	if !ok || m == 0 {
		return nil, false
	}
	typ, err := types.CreateString(sqltypes.VarChar, int64(m)+2, sql.Collation_Default)
	if err != nil {
		return nil, false
	}
	return &floatText{child: gf, d: int(d), typ: typ}, true
}

// floatText is a FLOAT(M,D)/DOUBLE(M,D) column's value as its text with D
// decimals, (d < 0) a ZEROFILL integer's padded to -d digits, or (bits >
// 0) a BIT column's bytes.
type floatText struct {
	child sql.Expression
	d     int
	bits  int // > 0: a BIT column's value as that many bytes
	typ   sql.Type
}

var _ sql.Expression = (*floatText)(nil)

func (f *floatText) Resolved() bool             { return f.child.Resolved() }
func (f *floatText) IsNullable() bool           { return f.child.IsNullable() }
func (f *floatText) Children() []sql.Expression { return []sql.Expression{f.child} }
func (f *floatText) String() string             { return f.child.String() }
func (f *floatText) Type() sql.Type             { return f.typ }
func (f *floatText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	if f.bits > 0 {
		return sql.Collation_binary, 2 // a column's bytes
	}
	return sql.Collation_Default, 5 // a number's text: numeric coercibility
}

func (f *floatText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	c := *f
	c.child = children[0]
	return &c, nil
}

func (f *floatText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if f.bits > 0 {
		u, _, err := types.Uint64.Convert(ctx, v)
		if err != nil {
			return v, nil
		}
		b := make([]byte, 8)
		binary.BigEndian.PutUint64(b, u.(uint64))
		return string(b[8-f.bits:]), nil
	}
	if f.d < 0 {
		digits := fmt.Sprint(v)
		if n := -f.d - len(digits); n > 0 {
			digits = strings.Repeat("0", n) + digits
		}
		return digits, nil
	}
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', f.d, 64), nil
	case float32:
		return strconv.FormatFloat(float64(x), 'f', f.d, 64), nil
	}
	return v, nil
}
