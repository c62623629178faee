// Package floattype carries the (M,D) of a FLOAT(M,D) or DOUBLE(M,D) column
// definition from the parser to the catalog record. go-mysql-server's float
// types keep no scale (its FLOAT(7,4) is FLOAT), and its analyzer tells
// floats apart by identity (`t == types.Float32`), so a float type with a
// scale cannot run through queries. Declared is therefore only the resolved
// type of a CREATE or ALTER TABLE column definition: the engine stores M
// and D in the column's record and rebuilds the plain GMS type, and the
// server reads D back from the record for a result column's decimals, or
// derives it from a SELECT's select list for a column under an alias and
// for expressions over such columns (ResultColumns).
//
// It owns the carrier type, the parser step (Resolve) and the derivation of
// result decimals (ResultColumns); it must never hold
// state or import other Myriad packages, and a Declared type must never
// reach a table's schema (the catalog builds GMS's own float types).
package floattype

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// MaxScale is the largest D MySQL accepts for FLOAT(M,D) and DOUBLE(M,D).
const MaxScale = 30

// MaxWidth is the largest M.
const MaxWidth = 255

// Declared is FLOAT(M,D) or DOUBLE(M,D) as a column definition declares it.
type Declared struct {
	sql.NumberType
	M, D uint8
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
	if ct.ResolvedType != nil || ct.Length == nil || ct.Scale == nil || bool(ct.Unsigned) || bool(ct.Zerofill) {
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
	ct.ResolvedType = Declared{NumberType: base, M: uint8(m), D: uint8(d)}
}

// String is the type as MySQL spells it: float(7,4), double(10,2).
func (t Declared) String() string {
	return t.NumberType.String() + "(" + strconv.Itoa(int(t.M)) + "," + strconv.Itoa(int(t.D)) + ")"
}
