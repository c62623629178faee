// Package floattype carries the (M,D) of a FLOAT(M,D) or DOUBLE(M,D) column
// definition from the parser to the catalog record. go-mysql-server's float
// types keep no scale (its FLOAT(7,4) is FLOAT), and its analyzer tells
// floats apart by identity (`t == types.Float32`), so a float type with a
// scale cannot run through queries. Declared is therefore only the resolved
// type of a CREATE or ALTER TABLE column definition: the engine stores M
// and D in the column's record and rebuilds the plain GMS type, and the
// server reads D back from the record for a result column's decimals, or
// derives it from a SELECT's select list for a column under an alias and
// for expressions over such columns (ResultColumns), also through derived
// tables, joins, views' definitions and scalar subqueries (derived.go).
//
// It also carries the UNSIGNED attribute of DECIMAL, FLOAT and DOUBLE
// column definitions (UnsignedDecimal, Declared.Unsigned), which GMS's
// types cannot hold, to the catalog the same way, makes ZEROFILL imply
// UNSIGNED, and carries the ZEROFILL width of integer, DECIMAL, FLOAT and
// DOUBLE definitions (Zerofill, Declared.Z, UnsignedDecimal.Z).
//
// It owns the carrier types, the parser step (Resolve) and the derivation of
// result decimals (ResultColumns); it must never hold
// state or import other Myriad packages, and a Declared type must never
// reach a table's schema (the catalog builds GMS's own float types).
package floattype

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// MaxScale is the largest D MySQL accepts for FLOAT(M,D) and DOUBLE(M,D).
const MaxScale = 30

// MaxWidth is the largest M.
const MaxWidth = 255

// Declared is FLOAT(M,D) or DOUBLE(M,D) as a column definition declares it,
// or a FLOAT or DOUBLE declared UNSIGNED (M is 0 without an (M,D)).
type Declared struct {
	sql.NumberType
	M, D     uint8
	Unsigned bool
	// Z is the width a ZEROFILL declaration pads values to, 0 without
	// ZEROFILL (FloatZerofillWidth).
	Z uint8
}

// UnsignedDecimal is a DECIMAL UNSIGNED column definition: GMS's DECIMAL
// has no sign attribute and its parser drops it, so a negative value was
// stored (MySQL: 1264). The catalog keeps the attribute beside GMS's own
// DECIMAL type, which the table's schema gets.
type UnsignedDecimal struct {
	sql.DecimalType
	// Z is the width a ZEROFILL declaration pads values to, 0 without
	// ZEROFILL (FloatZerofillWidth).
	Z uint8
}

// String is the type as MySQL spells it: decimal(5,2) unsigned.
func (t UnsignedDecimal) String() string {
	if t.Z > 0 {
		return t.DecimalType.String() + " unsigned zerofill"
	}
	return t.DecimalType.String() + " unsigned"
}

// Plain is GMS's own type of a column definition's type (the type its
// table's schema gets), t itself for a type that is not a carrier.
func Plain(t sql.Type) sql.Type {
	switch dt := t.(type) {
	case UnsignedDecimal:
		return dt.DecimalType
	case Declared:
		return dt.NumberType
	}
	return t
}

// Unsigned reports whether a column definition's type is a DECIMAL, FLOAT
// or DOUBLE declared UNSIGNED (GMS's integer types keep the attribute
// themselves).
func Unsigned(t sql.Type) bool {
	switch dt := t.(type) {
	case UnsignedDecimal:
		return true
	case Declared:
		return dt.Unsigned
	}
	return false
}

// Zerofill is an integer column definition declared ZEROFILL: GMS's
// integer types keep neither the attribute nor a display width, so values
// were printed unpadded (MySQL prints 42 in an INT(5) ZEROFILL as 00042).
// W is the display width the values are padded to. The catalog keeps W
// beside GMS's own unsigned integer type, which the table's schema gets.
type Zerofill struct {
	sql.NumberType
	W uint8
}

// String is the type as MySQL spells it: int(5) unsigned zerofill.
func (t Zerofill) String() string {
	return ZerofillName(t.NumberType.String(), int(t.W))
}

// ZerofillName is the type an unsigned integer type's name (GMS's, "int
// unsigned") names with ZEROFILL of width w: MySQL 8.0 prints the display
// width of a ZEROFILL column ("int(5) unsigned zerofill").
func ZerofillName(unsignedName string, w int) string {
	base, _, _ := strings.Cut(unsignedName, " ")
	return base + "(" + strconv.Itoa(w) + ") unsigned zerofill"
}

// ZerofillWidth reports a column definition's ZEROFILL display width.
func ZerofillWidth(t sql.Type) (uint8, bool) {
	switch z := t.(type) {
	case Zerofill:
		return z.W, true
	case Declared:
		return z.Z, z.Z > 0
	case UnsignedDecimal:
		return z.Z, z.Z > 0
	}
	return 0, false
}

// FloatZerofillWidth is the text width MySQL pads a DECIMAL, FLOAT or
// DOUBLE ZEROFILL value to with zeros: the field length. DECIMAL(M,D)'s
// integer part is padded to M-D digits (my_decimal2string with the
// precision as fixed_precision), which with the point and D decimals is
// M+1 characters (M when D is 0); FLOAT(M,D) and DOUBLE(M,D) prepend zeros
// to M characters, FLOAT and DOUBLE without (M,D) to 12 and 22
// (Field_float/Field_double::val_str, prepend_zeros of field_length).
func FloatZerofillWidth(t sql.Type, m, d uint8) uint8 {
	switch {
	case types.IsDecimal(t):
		if d > 0 {
			return m + 1
		}
		return m
	case m > 0:
		return m
	case t.Type() == sqltypes.Float32:
		return 12
	}
	return 22
}

// defaultWidths are the display widths of unsigned integers declared
// without one (MySQL 8.0: tinyint(3), smallint(5), mediumint(8), int(10),
// bigint(20) unsigned zerofill).
var defaultWidths = map[string]uint8{
	"tinyint": 3, "int1": 3, "smallint": 5, "int2": 5, "mediumint": 8, "middleint": 8, "int3": 8,
	"int": 10, "integer": 10, "int4": 10, "bigint": 20, "int8": 20,
}

// resolveZerofill gives an integer column definition declared ZEROFILL its
// carrier type; false for other types and definitions GMS refuses. An
// AUTO_INCREMENT column gets one too (its values were not padded): the
// catalog builds GMS's own integer type for the table's schema, which
// GMS's auto-increment paths read.
func resolveZerofill(ct *ast.ColumnType) bool {
	w, isInt := defaultWidths[strings.ToLower(ct.Type)]
	if !isInt {
		return false
	}
	if ct.Length != nil {
		n, err := strconv.Atoi(string(ct.Length.Val))
		if err != nil || n < 1 || n > MaxWidth {
			return false
		}
		w = uint8(n)
	}
	plain := *ct
	plain.Zerofill = false
	plain.Length = nil
	t, err := types.ColumnTypeToType(&plain)
	if err != nil {
		return false
	}
	nt, ok := t.(sql.NumberType)
	if !ok {
		return false
	}
	ct.ResolvedType = Zerofill{NumberType: nt, W: w}
	return true
}

// Of reports the (M,D) a column definition's type declares.
func Of(t sql.Type) (m, d uint8, ok bool) {
	if dt, is := t.(Declared); is {
		return dt.M, dt.D, true
	}
	return 0, 0, false
}

// Resolve gives every FLOAT(M,D)/DOUBLE(M,D)/REAL(M,D) column definition of
// a CREATE or ALTER TABLE statement a Declared type. MySQL's FLOAT(M,D) is
// single precision whatever M is (GMS read M as FLOAT(p)'s bit precision and
// made FLOAT(30,2) a DOUBLE). A definition MySQL refuses (D > M, D > 30,
// M > 255) is left to the planner.
func Resolve(stmt ast.Statement) {
	switch s := stmt.(type) {
	case *ast.DDL:
		resolveDDL(s)
	case *ast.AlterTable:
		for _, d := range s.Statements {
			resolveDDL(d)
		}
	}
}

func resolveDDL(d *ast.DDL) {
	if d == nil {
		return
	}
	if d.TableSpec != nil {
		for _, c := range d.TableSpec.Columns {
			resolveType(&c.Type)
		}
	}
	if d.ColumnTypeSpec != nil {
		resolveType(&d.ColumnTypeSpec.Type)
	}
}

func resolveType(ct *ast.ColumnType) {
	if ct.ResolvedType != nil {
		return
	}
	if ct.Zerofill {
		// ZEROFILL implies UNSIGNED (MySQL 8.0 manual, "Numeric Data Type
		// Syntax"); GMS dropped both, and INT(5) ZEROFILL stored -1.
		ct.Unsigned = true
		if resolveZerofill(ct) {
			return
		}
	}
	if bool(ct.Unsigned) && (ct.Length == nil || ct.Scale == nil || !isFloat(ct.Type)) {
		resolveUnsigned(ct)
		if ct.Zerofill {
			zerofillFraction(ct)
		}
		return
	}
	if ct.Length == nil || ct.Scale == nil {
		return
	}
	var base sql.NumberType
	switch strings.ToLower(ct.Type) {
	case "float":
		base = types.Float32
	case "double", "real", "double precision":
		base = types.Float64
	default:
		return
	}
	m, err1 := strconv.Atoi(string(ct.Length.Val))
	d, err2 := strconv.Atoi(string(ct.Scale.Val))
	if err1 != nil || err2 != nil || m < 1 || m > MaxWidth || d < 0 || d > MaxScale || d > m {
		return
	}
	ct.ResolvedType = Declared{NumberType: base, M: uint8(m), D: uint8(d), Unsigned: bool(ct.Unsigned)}
	if ct.Zerofill {
		zerofillFraction(ct)
	}
}

// zerofillFraction marks a DECIMAL, FLOAT or DOUBLE carrier type ZEROFILL
// with its padded width: GMS kept only UNSIGNED (and that only through the
// carrier), so DECIMAL(6,2) ZEROFILL 1.5 printed 1.50 (MySQL 0001.50).
func zerofillFraction(ct *ast.ColumnType) {
	switch t := ct.ResolvedType.(type) {
	case Declared:
		t.Z = FloatZerofillWidth(t.NumberType, t.M, t.D)
		ct.ResolvedType = t
	case UnsignedDecimal:
		w := FloatZerofillWidth(t.DecimalType, uint8(t.Precision()), uint8(t.Scale()))
		if w > 0 {
			t.Z = w
			ct.ResolvedType = t
		}
	}
}

func isFloat(name string) bool {
	switch strings.ToLower(name) {
	case "float", "double", "real", "double precision":
		return true
	}
	return false
}

// resolveUnsigned gives a DECIMAL, FLOAT or DOUBLE declared UNSIGNED
// without an (M,D) of a float its carrier type: GMS's own type for the
// definition, marked. A definition GMS refuses is left to the planner.
func resolveUnsigned(ct *ast.ColumnType) {
	switch strings.ToLower(ct.Type) {
	case "decimal", "fixed", "dec", "numeric", "float", "double", "real", "double precision":
	default:
		return
	}
	plain := *ct
	plain.Unsigned = false
	t, err := types.ColumnTypeToType(&plain)
	if err != nil {
		return
	}
	switch tt := t.(type) {
	case sql.DecimalType:
		ct.ResolvedType = UnsignedDecimal{DecimalType: tt}
	case sql.NumberType:
		if types.IsFloat(tt) {
			ct.ResolvedType = Declared{NumberType: tt, Unsigned: true}
		}
	}
}

// String is the type as MySQL spells it: float(7,4), double(10,2).
func (t Declared) String() string {
	s := t.NumberType.String()
	if t.M > 0 {
		s += "(" + strconv.Itoa(int(t.M)) + "," + strconv.Itoa(int(t.D)) + ")"
	}
	if t.Unsigned {
		s += " unsigned"
	}
	if t.Z > 0 {
		s += " zerofill"
	}
	return s
}
