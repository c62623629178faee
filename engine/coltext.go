package engine

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/floatfmt"
)

// columnText is the text of a BIT column or a number column declared
// ZEROFILL read as a string, for fixedtext.go's positions (which owns
// where a column is read as a string, and FLOAT(M,D)'s text): a BIT
// column is its bytes, big-endian, as many as its width needs
// (Field_bit::val_str: BIT(8) 65 is 'A'; GMS wrote the decimal digits,
// LENGTH 2); a ZEROFILL integer is its digits padded with zeros to the
// display width (Field_num::prepend_zeros: INT(5) ZEROFILL 42 is '00042';
// GMS wrote '42'). nil for any other column.
func columnText(gf *expression.GetField, tables *colOrigins) *colText {
	if bt, isBit := gf.Type().(types.BitType); isBit {
		n := (int(bt.NumberOfBits()) + 7) / 8
		typ, err := types.CreateBinary(sqltypes.VarBinary, int64(n))
		if err != nil {
			return nil
		}
		return &colText{child: gf, bits: n, typ: typ}
	}
	if types.IsYear(gf.Type()) {
		// Field_year::val_str: four digits (YEAR 0 is '0000'; GMS's
		// text of it was '0').
		typ, err := types.CreateString(sqltypes.VarChar, 4, sql.Collation_Default)
		if err != nil {
			return nil
		}
		return &colText{child: gf, d: -4, typ: typ}
	}
	isDec := types.IsDecimal(gf.Type())
	if !types.IsInteger(gf.Type()) && !isDec && !types.IsFloat(gf.Type()) {
		return nil
	}
	t, i := tables.column(gf)
	if t == nil {
		return nil
	}
	w, ok := t.def.Columns[i].Type.Zerofill()
	if !ok {
		return nil
	}
	if isDec {
		// DECIMAL(M,D) ZEROFILL: its D decimals, then padded
		// (my_decimal2string with fixed_precision: 1.5 in a DECIMAL(6,2)
		// ZEROFILL is '0001.50').
		typ, err := types.CreateString(sqltypes.VarChar, int64(max(w, 67)), sql.Collation_Default)
		if err != nil {
			return nil
		}
		return &colText{child: gf, d: -w, scale: int32(t.def.Columns[i].Type.S), dec: true, typ: typ}
	}
	if types.IsFloat(gf.Type()) {
		// A FLOAT or DOUBLE ZEROFILL without (M,D) (asFixedText pads
		// those with one): its shortest text padded to 12 or 22.
		typ, err := types.CreateString(sqltypes.VarChar, int64(max(w, 24)), sql.Collation_Default)
		if err != nil {
			return nil
		}
		return &colText{child: gf, d: -w, float: true, typ: typ}
	}
	typ, err := types.CreateString(sqltypes.VarChar, int64(max(w, 20)), sql.Collation_Default)
	if err != nil {
		return nil
	}
	return &colText{child: gf, d: -w, typ: typ}
}

// colText is columnText's value: (d < 0) a ZEROFILL integer's digits
// padded to -d, or (bits > 0) a BIT column's bytes.
type colText struct {
	child sql.Expression
	d     int
	bits  int // > 0: a BIT column's value as that many bytes
	typ   sql.Type
	// dec: a DECIMAL's digits with scale decimals; float: a FLOAT's or
	// DOUBLE's shortest text (floatfmt); else an integer's.
	dec   bool
	scale int32
	float bool
}

var _ sql.Expression = (*colText)(nil)

func (f *colText) Resolved() bool             { return f.child.Resolved() }
func (f *colText) IsNullable() bool           { return f.child.IsNullable() }
func (f *colText) Children() []sql.Expression { return []sql.Expression{f.child} }
func (f *colText) String() string             { return f.child.String() }
func (f *colText) Type() sql.Type             { return f.typ }
func (f *colText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	if f.bits > 0 {
		return sql.Collation_binary, 2 // a column's bytes
	}
	return sql.Collation_Default, 5 // a number's text: numeric coercibility
}

func (f *colText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	c := *f
	c.child = children[0]
	return &c, nil
}

func (f *colText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
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
		digits := ""
		switch x := v.(type) {
		case decimal.Decimal:
			digits = x.StringFixed(f.scale)
		case float32:
			digits = string(floatfmt.AppendFloat(nil, x))
		case float64:
			digits = string(floatfmt.AppendDouble(nil, x))
		default:
			digits = fmt.Sprint(v)
		}
		if n := -f.d - len(digits); n > 0 {
			digits = strings.Repeat("0", n) + digits
		}
		return digits, nil
	}
	return v, nil
}

func isGroupConcat(e sql.Expression) bool {
	f, ok := e.(sql.FunctionExpression)
	return ok && strings.EqualFold(f.FunctionName(), "group_concat")
}
