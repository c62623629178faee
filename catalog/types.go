package catalog

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/floattype"
	"github.com/myriaddb/myriad/timetype"
)

// TypeDesc is the stored form of a column type: enough to rebuild the GMS
// type without parsing SQL, so a cache miss stays a decode, not a parse.
type TypeDesc struct {
	Q query.Type `json:"q"`
	L int64      `json:"l,omitempty"` // characters for CHAR/VARCHAR, bytes for the rest; spatial SRID
	P uint8      `json:"p,omitempty"` // decimal precision, fractional-second precision, bit count; spatial: 1 if the SRID is defined; FLOAT(M,D)'s M
	S uint8      `json:"s,omitempty"` // decimal scale; spatial kind (see spatialKinds); FLOAT(M,D)'s D
	C uint16     `json:"c,omitempty"` // collation ID
	W int        `json:"w,omitempty"` // integer display width
	V []string   `json:"v,omitempty"` // ENUM / SET members
	U bool       `json:"u,omitempty"` // DECIMAL, FLOAT or DOUBLE declared UNSIGNED (GMS's types cannot say so)
	Z uint8      `json:"z,omitempty"` // declared ZEROFILL: the width values are padded to (GMS's types cannot say so)
}

// DescribeType turns a GMS column type into its stored form, refusing types
// Myriad does not store (vector).
func DescribeType(t sql.Type) (TypeDesc, error) {
	d := TypeDesc{Q: t.Type(), U: floattype.Unsigned(t)}
	if st, ok := t.(sql.SpatialColumnType); ok {
		kind := spatialKind(t)
		if kind < 0 {
			return d, sql.ErrUnsupportedFeature.New(fmt.Sprintf("column type %s", t.String()))
		}
		srid, defined := st.GetSpatialTypeSRID()
		d.S, d.L = uint8(kind), int64(srid)
		if defined {
			d.P = 1
		}
		return d, nil
	}
	if z, ok := floattype.ZerofillWidth(t); ok {
		d.Z = z
		zerofillSeen.Store(true)
	}
	if m, s, ok := floattype.Of(t); ok {
		// Records before FLOAT(M,D) was kept have neither: M is never 0.
		d.P, d.S = m, s
		return d, nil
	}
	switch tt := t.(type) {
	case sql.NumberType:
		if w, ok := t.(interface{ DisplayWidth() int }); ok {
			d.W = w.DisplayWidth()
		}
	case sql.DecimalType:
		d.P, d.S = tt.Precision(), tt.Scale()
	case sql.EnumType:
		d.V, d.C = tt.Values(), uint16(tt.Collation())
	case sql.SetType:
		d.V, d.C = tt.Values(), uint16(tt.Collation())
	case sql.StringType:
		d.C = uint16(tt.Collation())
		switch d.Q {
		case sqltypes.Char, sqltypes.VarChar:
			d.L = tt.MaxCharacterLength()
		default:
			d.L = tt.MaxByteLength()
		}
	case sql.DatetimeType:
		d.P = uint8(tt.Precision())
	case types.BitType:
		d.P = tt.NumberOfBits()
	case timetype.Type:
		// S marks a declared precision: a TIME stored before TIME(n)
		// existed has neither and is GMS's TIME, i.e. TIME(6).
		d.P, d.S = uint8(tt.Precision()), timeDeclared
	default:
		switch d.Q {
		case sqltypes.Year, sqltypes.Time, sqltypes.TypeJSON:
		default:
			return d, sql.ErrUnsupportedFeature.New(fmt.Sprintf("column type %s", t.String()))
		}
	}
	return d, nil
}

// FloatScale is the (M,D) a FLOAT(M,D) or DOUBLE(M,D) column declared; ok
// is false for other types and for FLOAT and DOUBLE without one. The built
// type is GMS's plain float either way (see package floattype).
func (d TypeDesc) FloatScale() (m, s uint8, ok bool) {
	if (d.Q == sqltypes.Float32 || d.Q == sqltypes.Float64) && d.P > 0 {
		return d.P, d.S, true
	}
	return 0, 0, false
}

// Unsigned reports a DECIMAL, FLOAT or DOUBLE declared UNSIGNED, whose
// built type is GMS's signed one: a negative value is out of its range
// (engine/unsignedcol.go), and SHOW CREATE TABLE and
// information_schema.COLUMNS print the attribute.
func (d TypeDesc) Unsigned() bool {
	return d.U && (d.Q == sqltypes.Decimal || d.Q == sqltypes.Float32 || d.Q == sqltypes.Float64)
}

// Zerofill is the width the values of a column declared ZEROFILL are
// padded to: an integer's display width (its built type is GMS's unsigned
// integer), a DECIMAL's, FLOAT's or DOUBLE's text width
// (floattype.FloatZerofillWidth). The server pads values to it, SHOW
// CREATE TABLE and information_schema.COLUMNS print the attribute.
func (d TypeDesc) Zerofill() (width int, ok bool) {
	return int(d.Z), d.Z > 0
}

// zerofillSeen says some catalog record of this process has a ZEROFILL
// column: until one does, the server looks up no result column.
var zerofillSeen atomic.Bool

// AnyZerofill reports whether a ZEROFILL column was created or read since
// the process started.
func AnyZerofill() bool { return zerofillSeen.Load() }

// timeDeclared in a TIME descriptor's S says P is the declared precision.
const timeDeclared = 1

// Build rebuilds the GMS type. A corrupt descriptor is an error: GMS's
// constructors index tables by collation ID and would panic on a bad one.
func (d TypeDesc) Build() (typ sql.Type, err error) {
	switch d.Q {
	case sqltypes.Enum, sqltypes.Set, sqltypes.Char, sqltypes.VarChar, sqltypes.Text, sqltypes.Binary, sqltypes.VarBinary, sqltypes.Blob:
		if !knownCollation(sql.CollationID(d.C)) {
			return nil, fmt.Errorf("catalog: stored type has unknown collation %d", d.C)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			typ, err = nil, fmt.Errorf("catalog: stored type %v cannot be rebuilt: %v", d.Q, r)
		}
	}()
	switch d.Q {
	case sqltypes.Int8, sqltypes.Uint8, sqltypes.Int16, sqltypes.Uint16, sqltypes.Int24, sqltypes.Uint24,
		sqltypes.Int32, sqltypes.Uint32, sqltypes.Int64, sqltypes.Uint64, sqltypes.Float32, sqltypes.Float64:
		if d.W > 0 {
			return types.CreateNumberTypeWithDisplayWidth(d.Q, d.W)
		}
		return types.CreateNumberType(d.Q)
	case sqltypes.Decimal:
		return types.CreateColumnDecimalType(d.P, d.S)
	case sqltypes.Enum:
		return types.CreateEnumType(d.V, sql.CollationID(d.C))
	case sqltypes.Set:
		return types.CreateSetType(d.V, sql.CollationID(d.C))
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text, sqltypes.Binary, sqltypes.VarBinary, sqltypes.Blob:
		return types.CreateString(d.Q, d.L, sql.CollationID(d.C))
	case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
		return types.CreateDatetimeType(d.Q, int(d.P))
	case sqltypes.Bit:
		return types.CreateBitType(d.P)
	case sqltypes.Year:
		return types.Year, nil
	case sqltypes.Time:
		if d.S == timeDeclared {
			return timetype.New(int(d.P)), nil
		}
		return types.Time, nil
	case sqltypes.TypeJSON:
		return types.JSON, nil
	case sqltypes.Geometry:
		if int(d.S) < len(spatialKinds) && d.L >= 0 && d.L <= math.MaxUint32 {
			return spatialKinds[d.S](uint32(d.L), d.P == 1), nil
		}
	}
	return nil, fmt.Errorf("catalog: stored type %v cannot be rebuilt", d.Q)
}

// spatialKinds rebuilds each spatial column type from its stored kind; the
// index is what DescribeType stores, so the order is part of the format.
var spatialKinds = []func(srid uint32, defined bool) sql.Type{
	func(s uint32, d bool) sql.Type { return types.GeometryType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.PointType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.LineStringType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.PolygonType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.MultiPointType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.MultiLineStringType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.MultiPolygonType{SRID: s, DefinedSRID: d} },
	func(s uint32, d bool) sql.Type { return types.GeomCollType{SRID: s, DefinedSRID: d} },
}

func spatialKind(t sql.Type) int {
	switch t.(type) {
	case types.GeometryType:
		return 0
	case types.PointType:
		return 1
	case types.LineStringType:
		return 2
	case types.PolygonType:
		return 3
	case types.MultiPointType:
		return 4
	case types.MultiLineStringType:
		return 5
	case types.MultiPolygonType:
		return 6
	case types.GeomCollType:
		return 7
	}
	return -1
}

var collations = func() map[sql.CollationID]bool {
	m := map[sql.CollationID]bool{}
	it := sql.NewCollationsIterator()
	for c, ok := it.Next(); ok; c, ok = it.Next() {
		m[c.ID] = true
	}
	return m
}()

func knownCollation(id sql.CollationID) bool { return collations[id] }

// InstantTypeChange reports whether a column's type can change from old to
// nc without rewriting rows or index entries: every value stored under old
// is a valid value of nc with the same Go type, the same meaning and the
// same key encoding. That holds for equal types, a longer VARCHAR, CHAR
// (stored without trailing spaces), VARBINARY, TEXT or BLOB of the same
// collation, integer display widths, and ENUM/SET members appended at the
// end (values are member numbers and bitmaps). BINARY(n) is padded to n
// bytes, so it is not widened in place.
func InstantTypeChange(old, nc TypeDesc) bool {
	if old.Q != nc.Q || old.C != nc.C || old.P != nc.P || old.S != nc.S || old.U != nc.U {
		return false
	}
	switch old.Q {
	case sqltypes.VarChar, sqltypes.Char, sqltypes.VarBinary, sqltypes.Text, sqltypes.Blob:
		return nc.L >= old.L && len(nc.V) == 0 && len(old.V) == 0
	case sqltypes.Enum, sqltypes.Set:
		if len(nc.V) < len(old.V) || old.L != nc.L {
			return false
		}
		for i, v := range old.V {
			if nc.V[i] != v {
				return false
			}
		}
		return true
	}
	return old.L == nc.L && len(old.V) == 0 && len(nc.V) == 0
}
