package rowcodec

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

func mustDecimal(t testing.TB, s string) decimal.Decimal {
	t.Helper()
	d, err := decimal.NewFromString(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustJSON(t testing.TB, s string) types.JSONDocument {
	t.Helper()
	v, _, err := types.JSON.Convert(sql.NewEmptyContext(), s)
	if err != nil {
		t.Fatal(err)
	}
	return v.(types.JSONDocument)
}

// valuesEqual reports whether got is an exact decoding of want: same Go type
// (JSON wrappers always come back as jsondoc.Doc) and equal value.
func valuesEqual(t testing.TB, want, got any) bool {
	t.Helper()
	if jw, ok := want.(sql.JSONWrapper); ok {
		doc, ok := got.(jsondoc.Doc)
		if !ok {
			return false
		}
		c, err := types.CompareJSON(jw, doc)
		return err == nil && c == 0
	}
	if reflect.TypeOf(want) != reflect.TypeOf(got) {
		return false
	}
	switch w := want.(type) {
	case decimal.Decimal:
		g := got.(decimal.Decimal)
		return w.Equal(g) && w.Exponent() == g.Exponent()
	case time.Time:
		g := got.(time.Time)
		return w.Equal(g) && g.Location() == time.UTC
	case float64:
		return math.Float64bits(w) == math.Float64bits(got.(float64))
	case float32:
		return math.Float32bits(w) == math.Float32bits(got.(float32))
	}
	return reflect.DeepEqual(want, got)
}

func roundTrip(t testing.TB, row sql.Row) sql.Row {
	t.Helper()
	enc, err := Encode(nil, row)
	if err != nil {
		t.Fatalf("Encode(%v): %v", row, err)
	}
	got, err := Decode(enc)
	if err != nil {
		t.Fatalf("Decode(%x): %v", enc, err)
	}
	if len(got) != len(row) {
		t.Fatalf("decoded %d values, want %d", len(got), len(row))
	}
	for i := range row {
		if !valuesEqual(t, row[i], got[i]) {
			t.Fatalf("column %d: got %#v (%T), want %#v (%T)", i, got[i], got[i], row[i], row[i])
		}
	}
	// Appending to a non-empty buffer must produce the same bytes.
	enc2, err := Encode([]byte("prefix"), row)
	if err != nil || !bytes.Equal(enc2[len("prefix"):], enc) {
		t.Fatalf("Encode with prefix differs: %x vs %x (%v)", enc2, enc, err)
	}
	// DecodeInto into a reused slice must agree with Decode.
	dst := make(sql.Row, len(row))
	for i := range dst {
		dst[i] = "stale"
	}
	if err := DecodeInto(enc, dst); err != nil {
		t.Fatalf("DecodeInto: %v", err)
	}
	for i := range row {
		if !valuesEqual(t, row[i], dst[i]) {
			t.Fatalf("DecodeInto column %d: got %#v, want %#v", i, dst[i], row[i])
		}
	}
	return got
}

func TestRoundTripValues(t *testing.T) {
	utcNano := time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.UTC)
	tests := []struct {
		name string
		v    any
	}{
		{"nil", nil},
		{"bool false", false},
		{"bool true", true},
		{"int8 min", int8(math.MinInt8)},
		{"int8 max", int8(math.MaxInt8)},
		{"int8 zero", int8(0)},
		{"int16 min", int16(math.MinInt16)},
		{"int16 max", int16(math.MaxInt16)},
		{"int32 min", int32(math.MinInt32)},
		{"int32 max", int32(math.MaxInt32)},
		{"int32 -1", int32(-1)},
		{"int64 min", int64(math.MinInt64)},
		{"int64 max", int64(math.MaxInt64)},
		{"int", int(-42)},
		{"int max", int(math.MaxInt)},
		{"uint8 max", uint8(math.MaxUint8)},
		{"uint16 max", uint16(math.MaxUint16)},
		{"uint32 max", uint32(math.MaxUint32)},
		{"uint64 max", uint64(math.MaxUint64)},
		{"uint64 zero", uint64(0)},
		{"uint max", uint(math.MaxUint)},
		{"float32", float32(3.25)},
		{"float32 max", float32(math.MaxFloat32)},
		{"float32 smallest", float32(math.SmallestNonzeroFloat32)},
		{"float32 -inf", float32(math.Inf(-1))},
		{"float64", 2.718281828459045},
		{"float64 max", math.MaxFloat64},
		{"float64 -0", math.Copysign(0, -1)},
		{"float64 +inf", math.Inf(1)},
		{"empty string", ""},
		{"string", "hello, world"},
		{"utf8 string", "héllo 世界 🎉"},
		{"binary-ish string", "a\x00b\xff"},
		{"long string", strings.Repeat("x", 100000)},
		{"empty bytes", []byte{}},
		{"bytes", []byte{0, 1, 2, 0xff}},
		{"decimal", mustDecimal(t, "3.14")},
		{"decimal zero value", decimal.Decimal{}},
		{"decimal zero scaled", mustDecimal(t, "0.000")},
		{"decimal negative", mustDecimal(t, "-12345.678900")},
		{"decimal int64 max coef", decimal.New(math.MaxInt64, -5)},
		{"decimal int64 min coef", decimal.New(math.MinInt64, 3)},
		{"decimal huge", mustDecimal(t, "123456789012345678901234567890123456789012345678901234567890.123456789012345678901234567890")},
		{"decimal huge negative", mustDecimal(t, "-99999999999999999999999999999999999999999999999999999999999999999")},
		{"decimal tiny", mustDecimal(t, "0.000000000000000000000000000001")},
		{"time utc nanos", utcNano},
		{"time before 1970", time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC)},
		{"time year 1000", time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"time year 9999", time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC)},
		{"time zero", time.Time{}},
		{"time unix epoch", time.Unix(0, 0).UTC()},
		{"time GMS zero", time.Unix(-62167219200, 0).UTC()},
		{"timespan", types.Timespan(-838*3600*1000000 - 59*60*1000000 - 59000000)},
		{"timespan max", types.Timespan(838*3600*1000000 + 59*60*1000000 + 59000000)},
		{"timespan zero", types.Timespan(0)},
		{"json object", mustJSON(t, `{"a": 1, "b": [true, false, null], "c": {"d": "e\n\"q\""}, "": 1.5}`)},
		{"json array", mustJSON(t, `[1, "two", 3.5, [], {}, null]`)},
		{"json string", mustJSON(t, `"just a string with \u0001 control"`)},
		{"json number", mustJSON(t, `-0.5e-10`)},
		{"json null", mustJSON(t, `null`)},
		{"json bool", mustJSON(t, `true`)},
		{"json big int", types.JSONDocument{Val: int64(math.MaxInt64)}},
		{"json big uint", types.JSONDocument{Val: []any{uint64(math.MaxUint64), int64(math.MinInt64)}}},
		{"json decimal", types.JSONDocument{Val: map[string]any{"d": mustDecimal(t, "1.25")}}},
		{"json pointer", &types.JSONDocument{Val: map[string]any{"x": "y"}}},
		{"json lazy", types.NewLazyJSONDocument([]byte(`{"lazy": [1, 2, 3]}`))},
		{"enum", uint16(3)},
		{"set", uint64(0b101)},
		{"point", types.Point{SRID: 4326, X: 1.5, Y: -2.25}},
		{"linestring", types.LineString{SRID: 0, Points: []types.Point{{X: 0, Y: 0}, {X: 1, Y: 1}}}},
		{"polygon", types.Polygon{SRID: 3857, Lines: []types.LineString{{SRID: 3857, Points: []types.Point{
			{SRID: 3857, X: 0, Y: 0}, {SRID: 3857, X: 1, Y: 0}, {SRID: 3857, X: 1, Y: 1}, {SRID: 3857, X: 0, Y: 0}}}}}},
		{"multipoint", types.MultiPoint{Points: []types.Point{{X: 1, Y: 2}, {X: 3, Y: 4}}}},
		{"multilinestring", types.MultiLineString{Lines: []types.LineString{{Points: []types.Point{{X: 1, Y: 2}, {X: 3, Y: 4}}}}}},
		{"multipolygon", types.MultiPolygon{Polygons: []types.Polygon{{Lines: []types.LineString{{Points: []types.Point{
			{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 0}}}}}}}},
		{"geomcoll", types.GeomColl{SRID: 0, Geoms: []types.GeometryValue{
			types.Point{X: 1, Y: 1},
			types.GeomColl{Geoms: []types.GeometryValue{types.LineString{Points: []types.Point{{}, {X: 2}}}}},
			types.GeomColl{Geoms: []types.GeometryValue{}},
		}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			roundTrip(t, sql.Row{tc.v})
			// Also embedded between other values.
			roundTrip(t, sql.Row{int32(7), tc.v, "after", tc.v})
		})
	}
}

func TestRowWithNulls(t *testing.T) {
	roundTrip(t, sql.Row{})
	roundTrip(t, sql.Row{nil})
	roundTrip(t, sql.Row{nil, nil, nil})
	got := roundTrip(t, sql.Row{int64(1), nil, "", nil, []byte{}, nil, decimal.New(5, -1), nil})
	if got[1] != nil || got[3] != nil || got[5] != nil || got[7] != nil {
		t.Fatalf("NULLs not preserved: %#v", got)
	}
	if s, ok := got[2].(string); !ok || s != "" {
		t.Fatalf("empty string became %#v", got[2])
	}
	if b, ok := got[4].([]byte); !ok || b == nil || len(b) != 0 {
		t.Fatalf("empty []byte became %#v", got[4])
	}
}

func TestTimeNonUTC(t *testing.T) {
	loc := time.FixedZone("UTC+5:30", 5*3600+1800)
	in := time.Date(1955, 11, 5, 6, 15, 0, 42, loc)
	enc, err := Encode(nil, sql.Row{in})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	out := got[0].(time.Time)
	if !out.Equal(in) || out.Location() != time.UTC {
		t.Fatalf("got %v (%v), want instant %v in UTC", out, out.Location(), in)
	}
	// A time read with a monotonic clock reading keeps its instant too.
	now := time.Now()
	got = roundTrip(t, sql.Row{now.UTC()})
	if !got[0].(time.Time).Equal(now) {
		t.Fatalf("now: got %v want %v", got[0], now)
	}
}

func TestDecodeDoesNotAlias(t *testing.T) {
	row := sql.Row{"a string", []byte("some bytes"), "another", []byte("more"), mustJSON(t, `{"k":"v"}`)}
	enc, err := Encode(nil, row)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	for i := range enc {
		enc[i] = 0xAA
	}
	for i := range row {
		if !valuesEqual(t, row[i], got[i]) {
			t.Fatalf("column %d changed after input reuse: %#v", i, got[i])
		}
	}
	// Appending to a decoded []byte must not clobber its neighbours.
	b := got[1].([]byte)
	_ = append(b, "XXXXXXXXXXXXXXXXXXXX"...)
	b[0] = 'S'
	if got[2] != "another" || string(got[3].([]byte)) != "more" || got[0] != "a string" {
		t.Fatalf("mutating one value affected another: %#v", got)
	}
}

// TestGoldenEncoding pins the wire format: goldenHex is this row as encoded by
// the previous (arena-based) version of the package, so it must keep decoding
// to the same values and re-encoding to the same bytes.
func TestGoldenEncoding(t *testing.T) {
	const goldenHex = "1a00020103f904d70405ce4906ffffffffffffffffff01070908c809ffff030acb87030bffffffffffffffffff010c4d0d0000c0bf0e00000000000002400f000f0668c3a96c6c6f10001004626c6f620f01781103f4041213011103a0c92075c0dbf3b8acbc5f96bf8770b113cdd8cba202aab4de7514ff8f9de91a15197b2261223a5b312e352c2278222c6e756c6c2c747275655d7d161301e621000000000000f03f0000000000000040"
	want := sql.Row{nil, true, false, int8(-7), int16(-300), int32(4711), int64(math.MinInt64), -5,
		uint8(200), uint16(65535), uint32(50123), uint64(math.MaxUint64), uint(77),
		float32(-1.5), 2.25, "", "héllo", []byte{}, []byte("blob"), "x",
		decimal.New(314, -2), mustDecimal(t, "-123456789012345678901234567890.0987654321"),
		time.Date(1960, 5, 6, 7, 8, 9, 123456789, time.UTC), types.Timespan(-3600000000),
		types.JSONDocument{Val: map[string]any{"a": []any{1.5, "x", nil, true}}},
		types.Point{SRID: 4326, X: 1, Y: 2}}
	golden, err := hex.DecodeString(goldenHex)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := Encode(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(enc, golden) {
		t.Fatalf("encoding changed:\n got %x\nwant %x", enc, golden)
	}
	got, err := Decode(golden)
	if err != nil {
		t.Fatal(err)
	}
	dst := make(sql.Row, len(want))
	if err := DecodeInto(golden, dst); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if !valuesEqual(t, want[i], got[i]) {
			t.Errorf("Decode column %d: got %#v, want %#v", i, got[i], want[i])
		}
		if !valuesEqual(t, want[i], dst[i]) {
			t.Errorf("DecodeInto column %d: got %#v, want %#v", i, dst[i], want[i])
		}
	}
}

func TestDecodeIntoLengthMismatch(t *testing.T) {
	enc, err := Encode(nil, sql.Row{int32(1), "x", nil})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 2, 4} {
		err := DecodeInto(enc, make(sql.Row, n))
		if !errors.Is(err, ErrLength) {
			t.Fatalf("len %d: got %v, want ErrLength", n, err)
		}
	}
	if err := DecodeInto(enc, make(sql.Row, 3)); err != nil {
		t.Fatal(err)
	}
}

type unknownType struct{ X int }

func TestEncodeUnknownType(t *testing.T) {
	for _, v := range []any{unknownType{1}, &struct{}{}, complex(1, 2), []int{1}, map[string]any{}, &types.Point{}} {
		prefix := []byte("keep")
		out, err := Encode(prefix, sql.Row{int32(1), v})
		if err == nil {
			t.Fatalf("%T: expected error", v)
		}
		if !strings.Contains(err.Error(), reflect.TypeOf(v).String()) {
			t.Fatalf("%T: error %q does not name the type", v, err)
		}
		if string(out) != "keep" {
			t.Fatalf("%T: buffer not restored on error: %q", v, out)
		}
	}
}

func TestEncodeBadValues(t *testing.T) {
	bad := []any{
		types.JSONDocument{Val: math.NaN()},
		types.JSONDocument{Val: map[string]any{"c": make(chan int)}},
		types.NewLazyJSONDocument([]byte(`{"unterminated": `)),
		time.Unix(1<<62+1, 0).UTC(),
	}
	for _, v := range bad {
		if out, err := Encode([]byte("x"), sql.Row{v}); err == nil || string(out) != "x" {
			t.Fatalf("%#v: expected error and untouched buffer, got %q, %v", v, out, err)
		}
	}
}

func TestCorruptInput(t *testing.T) {
	row := sql.Row{
		int8(-1), int16(300), int32(-70000), int64(1 << 40), 7, uint8(9), uint16(65535), uint32(1 << 31), uint64(1 << 63), uint(3),
		float32(1.5), 2.5, true, false, nil, "string value", []byte("bytes value"),
		decimal.New(314, -2), mustDecimal(t, "1234567890123456789012345678901234567890.5"),
		time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC), types.Timespan(-1234567),
		mustJSON(t, `{"a":[1,2,{"b":null}]}`),
		types.GeomColl{Geoms: []types.GeometryValue{types.Point{X: 1}, types.LineString{Points: []types.Point{{}, {}}}}},
	}
	enc, err := Encode(nil, row)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(enc); err != nil {
		t.Fatal(err)
	}
	// Every strict prefix is truncated and must fail cleanly.
	for i := 0; i < len(enc); i++ {
		if r, err := Decode(enc[:i]); err == nil {
			t.Fatalf("prefix %d decoded without error: %#v", i, r)
		}
	}
	// Trailing garbage is rejected.
	if _, err := Decode(append(append([]byte{}, enc...), 0)); err == nil {
		t.Fatal("trailing byte accepted")
	}
	// Byte flips must never panic (errors or alternative decodings are fine).
	buf := make([]byte, len(enc))
	for i := range enc {
		for _, x := range []byte{0x01, 0x80, 0xff, 0x7f} {
			copy(buf, enc)
			buf[i] ^= x
			_, _ = Decode(buf)
		}
	}
	// Hand-made corruptions.
	cases := map[string][]byte{
		"empty":             {},
		"huge count":        {0xff, 0xff, 0xff, 0xff, 0x0f},
		"overlong varint":   {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01},
		"unknown tag":       {1, 0xee},
		"int16 overflow":    append([]byte{1, tagInt16}, appendZigzag(nil, 1<<20)...),
		"int32 overflow":    append([]byte{1, tagInt32}, appendZigzag(nil, 1<<40)...),
		"uint16 overflow":   {1, tagUint16, 0x80, 0x80, 0x04},
		"string too long":   {1, tagString, 10, 'a'},
		"bytes too long":    {1, tagBytes, 0xff, 0xff, 0x03},
		"bad nanos":         append([]byte{1, tagTime, 0}, binary.AppendUvarint(nil, 2e9<<1)...),
		"time too far":      append(append([]byte{1, tagTime}, appendZigzag(nil, math.MaxInt64)...), 0),
		"decimal exp":       append(append([]byte{1, tagDecimal}, appendZigzag(nil, 1<<40)...), 0),
		"big decimal sign":  {1, tagBigDecimal, 0, 2, 1, 5},
		"bad json":          {1, tagJSON, 3, '{', '{', '}'},
		"json trailing":     {1, tagJSON, 3, '1', ' ', '2'},
		"json huge number":  append([]byte{1, tagJSON, 5}, "1e999"...),
		"geom bad kind":     {1, tagGeometry, 2, 99, 0},
		"geom huge count":   {1, tagGeometry, 7, types.WKBLineID, 0, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"geom trailing":     {1, tagGeometry, 19, types.WKBPointID, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		"geom truncated pt": {1, tagGeometry, 5, types.WKBPointID, 0, 0, 0, 0},
	}
	for name, in := range cases {
		if r, err := Decode(in); err == nil {
			t.Errorf("%s: decoded without error: %#v", name, r)
		} else if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: error %v does not wrap ErrCorrupt", name, err)
		}
	}
	// Deeply nested geometry collections are refused on both sides.
	var g types.GeometryValue = types.Point{}
	for i := 0; i < maxGeomDepth+2; i++ {
		g = types.GeomColl{Geoms: []types.GeometryValue{g}}
	}
	if _, err := Encode(nil, sql.Row{g}); err == nil {
		t.Fatal("over-deep geometry encoded")
	}
}

// TestGMSConvertedValues checks that values produced by GMS's own types
// survive a round trip with the same Go type and compare equal under the type.
func TestGMSConvertedValues(t *testing.T) {
	ctx := sql.NewEmptyContext()
	enumType := types.MustCreateEnumType([]string{"small", "medium", "large"}, sql.Collation_Default)
	setType := types.MustCreateSetType([]string{"a", "b", "c", "d"}, sql.Collation_Default)
	tests := []struct {
		name string
		typ  sql.Type
		in   any
	}{
		{"tinyint", types.Int8, -5},
		{"smallint", types.Int16, 31000},
		{"mediumint", types.Int24, -8000000},
		{"int", types.Int32, 5},
		{"bigint", types.Int64, "-9223372036854775808"},
		{"tinyint unsigned", types.Uint8, 255},
		{"smallint unsigned", types.Uint16, 65535},
		{"mediumint unsigned", types.Uint24, 16777215},
		{"int unsigned", types.Uint32, uint64(4294967295)},
		{"bigint unsigned", types.Uint64, "18446744073709551615"},
		{"float", types.Float32, 1.25},
		{"double", types.Float64, "-1.5e300"},
		{"boolean", types.Boolean, true},
		{"varchar", types.MustCreateStringWithDefaults(sqltypes.VarChar, 100), "hello varchar"},
		{"varchar empty", types.MustCreateStringWithDefaults(sqltypes.VarChar, 100), ""},
		{"char", types.MustCreateStringWithDefaults(sqltypes.Char, 10), "abc"},
		{"text", types.Text, strings.Repeat("long text ", 1000)},
		{"varbinary", types.MustCreateBinary(sqltypes.VarBinary, 50), "bin\x00ary"},
		{"varbinary empty", types.MustCreateBinary(sqltypes.VarBinary, 50), ""},
		{"binary", types.MustCreateBinary(sqltypes.Binary, 8), "ab"},
		{"blob", types.Blob, []byte{0xde, 0xad, 0xbe, 0xef}},
		{"longblob", types.LongBlob, "blob as string"},
		{"decimal", types.MustCreateDecimalType(10, 2), "3.14"},
		{"decimal negative", types.MustCreateDecimalType(10, 2), "-99999999.99"},
		{"decimal 65,30", types.MustCreateDecimalType(65, 30), "12345678901234567890123456789012345.123456789012345678901234567891"},
		{"datetime", types.Datetime, "2023-07-14 12:34:56"},
		{"datetime(6)", types.DatetimeMaxPrecision, "1901-02-03 04:05:06.789012"},
		{"datetime zero", types.Datetime, "0000-00-00 00:00:00"},
		{"timestamp", types.Timestamp, "2038-01-19 03:14:07"},
		{"timestamp(6)", types.TimestampMaxPrecision, "1970-01-01 00:00:01.000001"},
		{"date", types.Date, "1969-07-20"},
		{"time", types.Time, "-838:59:59"},
		{"time fractional", types.Time, "12:34:56.789"},
		{"json object", types.JSON, `{"id": 1, "tags": ["x", "y"], "nested": {"ok": true, "n": null}}`},
		{"json array", types.JSON, `[1, 2.5, "three"]`},
		{"json string", types.JSON, `"str"`},
		{"json from int", types.JSON, int64(42)},
		{"enum", enumType, "medium"},
		{"set", setType, "a,c,d"},
		{"year", types.Year, 2024},
		{"year zero", types.Year, 0},
		{"bit(1)", types.MustCreateBitType(1), 1},
		{"bit(64)", types.MustCreateBitType(64), uint64(math.MaxUint64)},
		{"point", types.PointType{}, types.Point{X: 3, Y: 4}},
		{"geometry", types.GeometryType{}, types.Polygon{Lines: []types.LineString{{Points: []types.Point{{}, {X: 1}, {Y: 1}, {}}}}}},
	}
	var row sql.Row
	var typs []sql.Type
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, _, err := tc.typ.Convert(ctx, tc.in)
			if err != nil {
				t.Fatalf("Convert(%v): %v", tc.in, err)
			}
			row = append(row, v)
			typs = append(typs, tc.typ)
			checkGMS(t, ctx, tc.typ, v, roundTrip(t, sql.Row{v})[0])
		})
	}
	// All of them in one row.
	got := roundTrip(t, row)
	for i := range row {
		checkGMS(t, ctx, typs[i], row[i], got[i])
	}
}

func checkGMS(t *testing.T, ctx *sql.Context, typ sql.Type, want, got any) {
	t.Helper()
	if _, isJSON := want.(sql.JSONWrapper); isJSON {
		if _, ok := got.(jsondoc.Doc); !ok {
			t.Fatalf("%s: JSON decoded as %T", typ, got)
		}
	} else if reflect.TypeOf(want) != reflect.TypeOf(got) {
		t.Fatalf("%s: type %T, want %T", typ, got, want)
	}
	c, err := typ.Compare(ctx, want, got)
	if err != nil {
		t.Fatalf("%s: Compare: %v", typ, err)
	}
	if c != 0 {
		t.Fatalf("%s: Compare(%#v, %#v) = %d", typ, want, got, c)
	}
	// The decoded value is still acceptable input for the type.
	if _, _, err := typ.Convert(ctx, got); err != nil {
		t.Fatalf("%s: Convert(decoded): %v", typ, err)
	}
}

func sysbenchRow() sql.Row {
	return sql.Row{
		int32(4711),
		uint32(50123),
		"83868641912-28773972837-60736120486-75162659906-27563526494-20381887404-41576422241-93426793964-56405065102-33518432330",
		"67847967377-48000963322-62604785301-91415491898-96926520291",
	}
}

func BenchmarkEncode(b *testing.B) {
	row := sysbenchRow()
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		buf, err = Encode(buf[:0], row)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkDecode(b *testing.B) {
	enc, err := Encode(nil, sysbenchRow())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(enc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(enc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeInto(b *testing.B) {
	enc, err := Encode(nil, sysbenchRow())
	if err != nil {
		b.Fatal(err)
	}
	dst := make(sql.Row, 4)
	b.SetBytes(int64(len(enc)))
	b.ReportAllocs()
	for b.Loop() {
		if err := DecodeInto(enc, dst); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodedValuesSurviveGC keeps only the decoded values (not the rows or
// the input) alive across garbage collections, exercising values that share a
// row's string and []byte payload buffers.
func TestDecodedValuesSurviveGC(t *testing.T) {
	src := sql.Row{int32(123456), uint64(1 << 50), "a string that is long enough", []byte("bytes"),
		time.Date(2022, 3, 4, 5, 6, 7, 8, time.UTC), decimal.New(-5, -3), 2.5, types.Timespan(99)}
	enc, err := Encode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	var kept []any
	for i := 0; i < 2000; i++ {
		row, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, row[i%len(row)])
		if i%200 == 0 {
			runtime.GC()
		}
	}
	runtime.GC()
	for i, v := range kept {
		if !valuesEqual(t, src[i%len(src)], v) {
			t.Fatalf("value %d corrupted: %#v", i, v)
		}
	}
}

// TestDecodeSome checks that a partial decode gives Decode's values for the
// columns asked for and nil for the others, for every kind of value placed
// before, between and after others, under every subset of five columns.
func TestDecodeSome(t *testing.T) {
	kinds := []any{nil, true, int8(-5), uint8(200), int16(-300), int32(math.MinInt32), int64(math.MaxInt64),
		int(-42), uint16(65535), uint32(50123), uint64(math.MaxUint64), uint(7), float32(3.25), 2.5,
		"", "héllo 世界", strings.Repeat("x", 300), []byte{}, []byte{0, 1, 0xff},
		mustDecimal(t, "-12345.678900"), mustDecimal(t, "123456789012345678901234567890123456789.5"),
		time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.UTC), types.Timespan(-1234567),
		mustJSON(t, `{"a": [1, "two"]}`), types.Point{SRID: 4326, X: 1.5, Y: -2.25}}
	for _, v := range kinds {
		row := sql.Row{int32(7), v, "after", v, []byte("tail")}
		enc, err := Encode(nil, row)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		for mask := 0; mask < 1<<len(row); mask++ {
			need := make([]bool, len(row))
			for i := range need {
				need[i] = mask&(1<<i) != 0
			}
			got, err := DecodeSome(enc, need)
			if err != nil {
				t.Fatalf("%T mask %b: %v", v, mask, err)
			}
			for i := range row {
				switch {
				case need[i] && !valuesEqual(t, row[i], got[i]):
					t.Fatalf("%T mask %b column %d: got %#v, want %#v", v, mask, i, got[i], row[i])
				case !need[i] && got[i] != nil:
					t.Fatalf("%T mask %b column %d: got %#v, want nil", v, mask, i, got[i])
				}
			}
		}
		// A need shorter than the row leaves the rest nil.
		got, err := DecodeSome(enc, []bool{true})
		if err != nil || len(got) != len(row) || got[0] != int32(7) || got[4] != nil {
			t.Fatalf("%T short need: %#v, %v", v, got, err)
		}
	}
	// Skipped values are still validated.
	enc, _ := Encode(nil, sql.Row{"abc", int32(1)})
	if _, err := DecodeSome(enc[:len(enc)-1], []bool{false, false}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("truncated row with nothing needed: %v", err)
	}
}

func BenchmarkDecodeSome(b *testing.B) {
	enc, err := Encode(nil, sysbenchRow())
	if err != nil {
		b.Fatal(err)
	}
	need := []bool{false, false, true, false}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeSome(enc, need); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeStringsOneAllocationPerRow pins what a row of strings costs to
// decode: one string holding all payloads and one slab of string headers,
// whatever the number of string columns (boxing each header was one
// allocation per column).
func TestDecodeStringsOneAllocationPerRow(t *testing.T) {
	for _, n := range []int{1, 3, 8} {
		row := make(sql.Row, n)
		for i := range row {
			row[i] = strings.Repeat(string(rune('a'+i)), 10+i)
		}
		enc, err := Encode(nil, row)
		if err != nil {
			t.Fatal(err)
		}
		dst := make(sql.Row, n)
		allocs := testing.AllocsPerRun(100, func() {
			if err := DecodeInto(enc, dst); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 2 {
			t.Errorf("%d string columns: %v allocations per row, want 2", n, allocs)
		}
	}
}

// TestDecodedStringsSurviveBufferReuse decodes rows out of one reused
// encoding buffer (as an iterator does) and checks that every decoded string
// keeps its value after the buffer is overwritten by the next row and then
// scribbled over.
func TestDecodedStringsSurviveBufferReuse(t *testing.T) {
	rows := []sql.Row{
		{"first", "", int64(1), "x"},
		{"second row", "pad pad", int64(2), ""},
		{"", "third", int64(3), "café ☃"},
	}
	var buf []byte
	var got []sql.Row
	for _, r := range rows {
		var err error
		buf, err = Encode(buf[:0], r)
		if err != nil {
			t.Fatal(err)
		}
		for _, need := range [][]bool{nil, {true, true, true, true}} {
			var d sql.Row
			if need == nil {
				d = make(sql.Row, len(r))
				err = DecodeInto(buf, d)
			} else {
				d, err = DecodeSome(buf, need)
			}
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, d)
		}
	}
	for i := range buf[:cap(buf)] {
		buf[:cap(buf)][i] = 0xFF
	}
	for i, d := range got {
		want := rows[i/2]
		for c := range want {
			if d[c] != want[c] {
				t.Fatalf("row %d column %d: got %#v want %#v", i/2, c, d[c], want[c])
			}
		}
	}
}
