package rowcodec

import (
	"bytes"
	"math"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// re-encodes to a canonical form that is a fixed point of Decode+Encode.
func FuzzDecode(f *testing.F) {
	seeds := []sql.Row{
		{},
		{nil},
		sysbenchRow(),
		{int8(-128), int16(-2), int32(3), int64(math.MinInt64), -5, uint8(200), uint16(9), uint32(1 << 30), uint64(math.MaxUint64), uint(77)},
		{float32(-1.5), math.Inf(-1), true, false, "", []byte{}, []byte("blob"), "text"},
		{decimal.New(314, -2), decimal.RequireFromString("-123456789012345678901234567890.0987654321")},
		{time.Date(1960, 5, 6, 7, 8, 9, 123456789, time.UTC), time.Time{}, types.Timespan(-3600000000)},
		{time.Date(2001, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3600))},
		{types.JSONDocument{Val: map[string]any{"a": []any{1.5, "x", nil, true, map[string]any{}}, "big": int64(1 << 60)}}},
		{types.JSONDocument{Val: "s"}, types.JSONDocument{Val: nil}},
		{types.Point{SRID: 4326, X: 1, Y: 2}, types.GeomColl{Geoms: []types.GeometryValue{
			types.MultiPolygon{Polygons: []types.Polygon{{Lines: []types.LineString{{Points: []types.Point{{}, {X: 1}, {Y: 1}, {}}}}}}},
			types.MultiLineString{Lines: []types.LineString{{Points: []types.Point{{}, {X: 1}}}}},
			types.MultiPoint{Points: []types.Point{{X: 5}}},
		}}},
	}
	for _, row := range seeds {
		enc, err := Encode(nil, row)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(enc)
	}
	f.Add([]byte{})
	f.Add([]byte{1, tagJSON, 2, '-', '0'})
	f.Add([]byte{1, tagJSON, 20, '[', '1', '8', '4', '4', '6', '7', '4', '4', '0', '7', '3', '7', '0', '9', '5', '5', '1', '6', ']'})

	f.Fuzz(func(t *testing.T, in []byte) {
		row, err := Decode(in)
		if err != nil {
			return
		}
		dst := make(sql.Row, len(row))
		if err := DecodeInto(in, dst); err != nil {
			t.Fatalf("Decode succeeded but DecodeInto failed: %v", err)
		}
		enc, err := Encode(nil, row)
		if err != nil {
			t.Fatalf("re-encoding a decoded row failed: %v (row %#v)", err, row)
		}
		row2, err := Decode(enc)
		if err != nil {
			t.Fatalf("decoding a re-encoded row failed: %v (%x)", err, enc)
		}
		if len(row2) != len(row) {
			t.Fatalf("length changed: %d -> %d", len(row), len(row2))
		}
		for i := range row {
			if !fuzzEqual(row[i], row2[i]) {
				t.Fatalf("column %d changed: %#v -> %#v", i, row[i], row2[i])
			}
		}
		enc2, err := Encode(nil, row2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding not stable:\n%x\n%x", enc, enc2)
		}
	})
}

func fuzzEqual(a, b any) bool {
	switch a := a.(type) {
	case float64:
		bf, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(bf)
	case float32:
		bf, ok := b.(float32)
		return ok && math.Float32bits(a) == math.Float32bits(bf)
	case decimal.Decimal:
		bd, ok := b.(decimal.Decimal)
		return ok && a.Equal(bd) && a.Exponent() == bd.Exponent()
	case time.Time:
		bt, ok := b.(time.Time)
		return ok && a.Equal(bt) && bt.Location() == time.UTC
	case jsondoc.Doc:
		bj, ok := b.(jsondoc.Doc)
		if !ok {
			return false
		}
		ea, err1 := jsondoc.AppendStored(nil, a.Val)
		eb, err2 := jsondoc.AppendStored(nil, bj.Val)
		return err1 == nil && err2 == nil && bytes.Equal(ea, eb)
	case types.JSONDocument:
		bj, ok := b.(types.JSONDocument)
		if !ok {
			return false
		}
		ea, err1 := appendJSON(nil, a.Val, 0)
		eb, err2 := appendJSON(nil, bj.Val, 0)
		return err1 == nil && err2 == nil && bytes.Equal(ea, eb)
	case types.GeometryValue:
		bg, ok := b.(types.GeometryValue)
		if !ok {
			return false
		}
		ea, err1 := appendGeometry(nil, a, 0)
		eb, err2 := appendGeometry(nil, bg, 0)
		return err1 == nil && err2 == nil && bytes.Equal(ea, eb)
	case []byte:
		bb, ok := b.([]byte)
		return ok && bytes.Equal(a, bb)
	}
	return a == b
}
