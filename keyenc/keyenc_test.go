package keyenc

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

var testCtx = sql.NewEmptyContext()

func sign(i int) int {
	switch {
	case i < 0:
		return -1
	case i > 0:
		return 1
	}
	return 0
}

func mustEnc(t testing.TB, typ sql.Type, v any) []byte {
	t.Helper()
	b, err := AppendValue(testCtx, nil, typ, v)
	if err != nil {
		t.Fatalf("AppendValue(%s, %#v (%T)): %v", typ, v, v, err)
	}
	return b
}

// checkSkip asserts that v's encoding is one complete value for SkipValue.
func checkSkip(t testing.TB, enc []byte) {
	t.Helper()
	suffix := []byte{0x42, 0x00, 0xFF}
	rest, err := SkipValue(append(append([]byte{}, enc...), suffix...))
	if err != nil {
		t.Fatalf("SkipValue(%x): %v", enc, err)
	}
	if !bytes.Equal(rest, suffix) {
		t.Fatalf("SkipValue(%x+suffix) left %x, want %x", enc, rest, suffix)
	}
	// Every strict prefix must be rejected as truncated or must not be
	// mistaken for a complete value ending exactly there.
	for i := 0; i < len(enc); i++ {
		if r, err := SkipValue(enc[:i]); err == nil && len(r) == 0 && i != len(enc) {
			t.Fatalf("SkipValue accepted strict prefix %x of %x", enc[:i], enc)
		}
	}
}

// checkGroups verifies a table of groups of values: values inside a group
// compare equal (GMS) and must encode to identical bytes; groups are in
// strictly ascending GMS order and their encodings must be too. A nil value
// is only allowed as the sole member of the first group and must encode below
// everything else (GMS's CompareNulls puts NULL last, MySQL first; keys
// follow MySQL).
func checkGroups(t *testing.T, typ sql.Type, groups [][]any) {
	t.Helper()
	type item struct {
		g   int
		v   any
		enc []byte
	}
	var items []item
	for gi, g := range groups {
		for _, v := range g {
			e := mustEnc(t, typ, v)
			checkSkip(t, e)
			items = append(items, item{gi, v, e})
		}
	}
	for i := range items {
		for j := range items {
			a, b := items[i], items[j]
			want := sign(a.g - b.g)
			if a.v != nil && b.v != nil {
				c, err := Compare(testCtx, typ, a.v, b.v)
				if err != nil {
					t.Fatalf("%s Compare(%#v, %#v): %v", typ, a.v, b.v, err)
				}
				if sign(c) != want {
					t.Fatalf("test table wrong for %s: Compare(%#v, %#v) = %d, table says %d", typ, a.v, b.v, c, want)
				}
			}
			if got := sign(bytes.Compare(a.enc, b.enc)); got != want {
				t.Errorf("%s: enc(%#v)=%x vs enc(%#v)=%x: bytes.Compare=%d, want %d", typ, a.v, a.enc, b.v, b.enc, got, want)
			}
		}
	}
}

// singletons turns an ascending list of pairwise-distinct values into groups.
func singletons(vs ...any) [][]any {
	g := make([][]any, len(vs))
	for i, v := range vs {
		g[i] = []any{v}
	}
	return g
}

// checkAgainstCompare sorts vals by GMS Compare and checks every pair.
func checkAgainstCompare(t *testing.T, typ sql.Type, vals []any) {
	t.Helper()
	encs := make([][]byte, len(vals))
	for i, v := range vals {
		encs[i] = mustEnc(t, typ, v)
		checkSkip(t, encs[i])
	}
	for i := range vals {
		for j := range vals {
			c, err := Compare(testCtx, typ, vals[i], vals[j])
			if err != nil {
				t.Fatalf("%s Compare(%#v, %#v): %v", typ, vals[i], vals[j], err)
			}
			if got := bytes.Compare(encs[i], encs[j]); sign(got) != sign(c) {
				t.Errorf("%s: Compare(%q, %q) = %d but bytes.Compare(%x, %x) = %d",
					typ, vals[i], vals[j], c, encs[i], encs[j], got)
			}
		}
	}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func TestIntegers(t *testing.T) {
	smallSigned := singletons(nil, int64(-128), int64(-127), int64(-2), int64(-1), int64(0), int64(1), int64(126), int64(127))
	tests := []struct {
		typ    sql.Type
		groups [][]any
	}{
		{types.Int8, smallSigned},
		{types.Int8, [][]any{{int8(-128), int64(-128), int32(-128)}, {int8(0), 0, uint8(0)}, {int8(5), uint64(5), "5", 5.0}, {int8(127)}}},
		{types.Uint8, singletons(nil, uint8(0), uint8(1), uint8(127), uint8(128), uint8(254), uint8(255))},
		{types.Int16, singletons(nil, int16(math.MinInt16), int16(-257), int16(-256), int16(-255), int16(-1), int16(0), int16(255), int16(256), int16(math.MaxInt16))},
		{types.Uint16, singletons(uint16(0), uint16(255), uint16(256), uint16(math.MaxUint16))},
		{types.Int24, singletons(nil, int32(-1<<23), int32(-65537), int32(-65536), int32(-1), int32(0), int32(65535), int32(65536), int32(1<<23-1))},
		{types.Uint24, singletons(uint32(0), uint32(1), uint32(1<<16), uint32(1<<24-1))},
		{types.Int32, singletons(nil, int32(math.MinInt32), int32(-1<<24-1), int32(-1<<24), int32(-1), int32(0), int32(1), int32(1<<24), int32(math.MaxInt32))},
		{types.Int32, [][]any{{int32(-7), int8(-7), int64(-7), "-7", decimal.NewFromInt(-7)}, {int32(3), uint16(3), 3}, {int32(1000), "1000", 1000.0}}},
		{types.Uint32, singletons(nil, uint32(0), uint32(1<<8), uint32(1<<16), uint32(1<<24), uint32(math.MaxUint32))},
		{types.Int64, singletons(nil, int64(math.MinInt64), int64(math.MinInt64+1), int64(-1<<56-1), int64(-1<<56), int64(-1<<32), int64(-65536), int64(-65535),
			int64(-257), int64(-256), int64(-255), int64(-2), int64(-1), int64(0), int64(1), int64(255), int64(256), int64(65535), int64(1<<32), int64(1<<56), int64(math.MaxInt64-1), int64(math.MaxInt64))},
		{types.Uint64, singletons(nil, uint64(0), uint64(1), uint64(247), uint64(248), uint64(255), uint64(256), uint64(1<<32), uint64(math.MaxInt64), uint64(math.MaxInt64)+1, uint64(math.MaxUint64-1), uint64(math.MaxUint64))},
		{types.Boolean, [][]any{{nil}, {int8(0), false}, {int8(1), true}}},
	}
	for _, tc := range tests {
		t.Run(tc.typ.String(), func(t *testing.T) { checkGroups(t, tc.typ, tc.groups) })
	}
}

func TestIntegerSizes(t *testing.T) {
	for _, tc := range []struct {
		v    int64
		size int
	}{{0, 1}, {-1, 1}, {1, 2}, {-2, 2}, {255, 2}, {-256, 2}, {256, 3}, {-257, 3}, {math.MaxInt64, 9}, {math.MinInt64, 9}} {
		if got := len(mustEnc(t, types.Int64, tc.v)); got != tc.size {
			t.Errorf("len(enc(%d)) = %d, want %d", tc.v, got, tc.size)
		}
	}
}

func TestFloats(t *testing.T) {
	f64 := singletons(nil, math.Inf(-1), -math.MaxFloat64, -1e300, -1e10, -1.5, -1.0, -math.SmallestNonzeroFloat64,
		0.0, math.SmallestNonzeroFloat64, 1e-300, 0.5, 1.0, 1.5, 2.0, 1e10, math.MaxFloat64, math.Inf(1))
	// -0 == +0; int literals convert.
	f64[8] = []any{0.0, math.Copysign(0, -1), 0, int64(0), float32(0)}
	f64[12] = []any{1.0, int64(1), uint64(1), float32(1), "1"}
	checkGroups(t, types.Float64, f64)
	checkGroups(t, types.Float32, singletons(nil, float32(math.Inf(-1)), float32(-math.MaxFloat32), float32(-1.5), float32(-1e-40),
		float32(0), float32(1e-40), float32(0.1), float32(1), float32(math.MaxFloat32), float32(math.Inf(1))))
	if _, err := AppendValue(testCtx, nil, types.Float64, math.NaN()); err == nil {
		t.Error("NaN should not encode")
	}
}

func TestDecimals(t *testing.T) {
	internal := types.InternalDecimalType
	groups := [][]any{
		{nil},
		{decimal.New(-1, 1000)},
		{dec("-123456789012345678901234567890.123456789")},
		{dec("-1000"), dec("-1e3"), dec("-1000.000"), int64(-1000)},
		{dec("-999.99")},
		{dec("-100")},
		{dec("-10.5")},
		{dec("-10")},
		{dec("-9.99")},
		{dec("-1.5")},
		{dec("-1.05")},
		{dec("-1.01")},
		{dec("-1"), dec("-1.0"), dec("-1.00"), int64(-1), "-1.000", -1.0},
		{dec("-0.5")},
		{dec("-0.0501")},
		{dec("-0.05")},
		{dec("-0.0001")},
		{decimal.New(-3, -1000)},
		{decimal.New(-1, -1000)},
		{dec("0"), dec("0.00"), dec("-0.0"), decimal.Decimal{}, decimal.New(0, 50), int64(0), "0"},
		{decimal.New(1, -1000)},
		{decimal.New(3, -1000)},
		{dec("0.0001")},
		{dec("0.05")},
		{dec("0.0501")},
		{dec("0.5")},
		{dec("0.9999999999999999999999999999")},
		{dec("1"), dec("1.0"), dec("1.00"), decimal.New(10, -1), int64(1), uint8(1), "1", 1.0},
		{dec("1.01")},
		{dec("1.05")},
		{dec("1.5")},
		{dec("9.99")},
		{dec("10"), dec("1e1"), decimal.New(1, 1)},
		{dec("10.5")},
		{dec("100")},
		{dec("999.99")},
		{dec("1000"), int64(1000), uint64(1000)},
		{dec("18446744073709551615"), uint64(math.MaxUint64)},
		{dec("18446744073709551616")},
		{dec("123456789012345678901234567890.123456789")},
		{decimal.New(1, 1000)},
	}
	checkGroups(t, internal, groups)

	// Column decimals: GMS Compare rounds operands to the column scale.
	col := types.MustCreateColumnDecimalType(10, 2)
	checkGroups(t, col, [][]any{
		{nil},
		{dec("-1.005"), dec("-1.01"), dec("-1.010")},
		{dec("-1"), dec("-1.004"), dec("-0.995"), "-1"},
		{dec("0"), dec("0.004"), dec("-0.004"), dec("0.00")},
		{dec("1.00"), dec("1"), dec("1.004"), dec("0.995"), int32(1)},
		{dec("1.01"), dec("1.005"), "1.01"},
		{dec("12345678.99")},
	})
}

// A sample of strings covering case, accents, pad-space, prefixes, control
// characters, multibyte and characters unknown to latin1 collations.
var sampleStrings = []string{
	"", " ", "  ", "\t", "\x00", "a", "A", "a ", "a  ", "a\t", "ab", "AB", "Ab", "b", "B", "z", "Z",
	"ä", "Ä", "äb", "ß", "ss", "SS", "å", "ö", "é", "e", "E", "ê", "中", "中文", "😀", "😀a", "ÿ", "Ÿ",
	"\u00a0", "\uFFFD", "\u0301", "e\u0301",
}

func TestStringsExplicitOrder(t *testing.T) {
	// NO PAD (_0900_): trailing spaces count. PAD SPACE: they do not.
	ci := [][]any{{nil}, {""}, {" "}, {"  "}, {"a", "A", "ä", "Ä"}, {"a "}, {"ab", "AB", "äb", "Ab"}, {"b", "B"}, {"z", "Z"}}
	ciPad := [][]any{{nil}, {"", " ", "  "}, {"a", "A", "ä", "Ä", "a "}, {"ab", "AB", "äb", "Ab", "ab  "}, {"b", "B"}, {"z", "Z"}}
	binOrder := singletons(nil, "", " ", "  ", "A", "AB", "Z", "a", "a ", "ab", "b", "z", "Ä", "ä", "中", "😀")
	binPad := [][]any{{nil}, {"", " ", "  "}, {"A", "A "}, {"AB"}, {"Z"}, {"a", "a "}, {"ab"}, {"b"}, {"z"}, {"Ä"}, {"ä"}, {"中"}, {"😀"}}
	tests := []struct {
		coll   sql.CollationID
		groups [][]any
	}{
		{sql.Collation_utf8mb4_0900_ai_ci, ci},
		{sql.Collation_utf8mb4_general_ci, ciPad},
		{sql.Collation_utf8mb4_unicode_ci, ciPad},
		{sql.Collation_latin1_swedish_ci, [][]any{{nil}, {"\t "}, {"", " ", "  "}, {"a", "A", "a "}, {"ab", "AB", "Ab"}, {"b", "B"}, {"z", "Z"}, {"ä", "Ä"}, {"äb"}, {"中", "😀", "中"}}},
		{sql.Collation_utf8mb4_0900_bin, binOrder},
		{sql.Collation_utf8mb4_bin, binPad},
		{sql.Collation_latin1_bin, [][]any{{nil}, {"\x00"}, {"", " ", "  "}, {"A"}, {"AB"}, {"Z"}, {"a", "a "}, {"ab"}, {"b"}, {"z"}, {"Ä"}, {"ä"}, {"中", "😀"}}},
	}
	for _, tc := range tests {
		for _, base := range []sql.Type{
			types.MustCreateString(sqltypes.VarChar, 100, tc.coll),
			types.MustCreateString(sqltypes.Char, 10, tc.coll),
			types.CreateText(tc.coll),
			types.CreateLongText(tc.coll),
		} {
			t.Run(tc.coll.Name()+"/"+base.String(), func(t *testing.T) { checkGroups(t, base, tc.groups) })
		}
	}
}

func TestStringsAllCollations(t *testing.T) {
	vals := make([]any, len(sampleStrings))
	for i, s := range sampleStrings {
		vals[i] = s
	}
	// Also []byte operands, which must encode like the equal string.
	vals = append(vals, []byte("a"), []byte("Ä"))
	n := 0
	for it := sql.NewCollationsIterator(); ; {
		c, ok := it.Next()
		if !ok {
			break
		}
		typ, err := types.CreateString(sqltypes.VarChar, 50, c.ID)
		if err != nil {
			continue // charset or collation not implemented by GMS
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			checkAgainstCompare(t, typ, vals)
		})
	}
	if n < 50 {
		t.Fatalf("only %d collations tested", n)
	}
}

func TestStringPadSpace(t *testing.T) {
	// MySQL: PAD SPACE collations ignore trailing spaces ('a' = 'a ', and
	// 'a\t' < 'a' because a tab weighs less than the padding space); NO PAD
	// ones (_0900_) sort 'a' first.
	cases := []struct {
		c    sql.CollationID
		a, b string
		want int
	}{
		{sql.Collation_utf8mb4_0900_ai_ci, "a", "a ", -1},
		{sql.Collation_utf8mb4_0900_bin, "a", "a ", -1},
		{sql.Collation_latin1_swedish_ci, "a", "a ", 0},
		{sql.Collation_utf8mb4_bin, "a", "a  ", 0},
		{sql.Collation_utf8mb4_general_ci, "A", "a ", 0},
		{sql.Collation_utf8mb4_unicode_ci, "", "   ", 0},
		{sql.Collation_utf8mb4_general_ci, "a\t", "a", -1},
		{sql.Collation_utf8mb4_general_ci, "a \t", "a", -1},
		{sql.Collation_utf8mb4_general_ci, "a  b", "a b", -1},
		{sql.Collation_utf8mb4_general_ci, "a \t", "a  \t", -1},
		{sql.Collation_utf8mb4_general_ci, "a b", "a  b", 1},
		{sql.Collation_utf8mb4_general_ci, "a b", "a", 1},
		{sql.Collation_utf8mb4_general_ci, "a b", "ab", -1},
		{sql.Collation_ascii_general_ci, "x ", "X", 0},
		{sql.Collation_latin1_bin, "x ", "x\x00", 1},
	}
	for _, tc := range cases {
		typ := types.MustCreateString(sqltypes.VarChar, 10, tc.c)
		if got := CompareStrings(tc.c, tc.a, tc.b); got != tc.want {
			t.Errorf("%s: CompareStrings(%q, %q) = %d, want %d", tc.c.Name(), tc.a, tc.b, got, tc.want)
		}
		if got := sign(bytes.Compare(mustEnc(t, typ, tc.a), mustEnc(t, typ, tc.b))); got != tc.want {
			t.Errorf("%s: keys of %q, %q compare %d, want %d", tc.c.Name(), tc.a, tc.b, got, tc.want)
		}
	}
}

func TestStringConversion(t *testing.T) {
	typ := types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_utf8mb4_0900_ai_ci)
	checkGroups(t, typ, [][]any{{"1", int64(1), int8(1), []byte("1")}, {"12", 12}, {"2", uint64(2), decimal.NewFromInt(2)}, {"a", []byte("A")}})
}

func TestBinary(t *testing.T) {
	ascending := singletons(nil, []byte{}, []byte{0x00}, []byte{0x00, 0x00}, []byte{0x00, 0x01}, []byte{0x00, 0xFF},
		[]byte{0x01}, []byte{0x01, 0x00}, []byte{0x01, 0x00, 0x00}, []byte{0x01, 0x01}, []byte("A"), []byte("a"), []byte{0x7F},
		[]byte{0xFE, 0xFF}, []byte{0xFF}, []byte{0xFF, 0x00}, []byte{0xFF, 0x00, 0xFF}, []byte{0xFF, 0xFF}, []byte{0xFF, 0xFF, 0xFF})
	for _, typ := range []sql.Type{
		types.MustCreateBinary(sqltypes.VarBinary, 100), types.TinyBlob, types.Blob, types.MediumBlob, types.LongBlob,
	} {
		t.Run(typ.String(), func(t *testing.T) { checkGroups(t, typ, ascending) })
	}
	// String operands are used as-is; []byte operands are the same bytes.
	vb := types.MustCreateBinary(sqltypes.VarBinary, 100)
	checkGroups(t, vb, [][]any{{"", []byte{}}, {"\x00", []byte{0}}, {"A", []byte("A")}, {"a", []byte("a")}, {"a\x00", []byte("a\x00")}})

	// BINARY(4): []byte operands are zero-padded to the column length.
	b4 := types.MustCreateBinary(sqltypes.Binary, 4)
	checkGroups(t, b4, [][]any{
		{nil},
		{[]byte{}, []byte{0, 0, 0, 0}, []byte{0}},
		{[]byte{0, 0, 0, 1}},
		{[]byte{1}, []byte{1, 0, 0, 0}, []byte{1, 0}},
		{[]byte{1, 0, 0, 1}},
		{[]byte{0xFF, 0xFF, 0xFF, 0xFF}},
	})
}

func TestTemporal(t *testing.T) {
	d := func(s string) time.Time {
		tm, err := time.Parse("2006-01-02 15:04:05.999999999", s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	checkGroups(t, types.DatetimeMaxPrecision, [][]any{
		{nil},
		{d("0000-01-01 00:00:00")},
		{d("1000-01-01 00:00:00"), "1000-01-01 00:00:00"},
		{d("1969-12-31 23:59:59")},
		{d("1969-12-31 23:59:59.999999")},
		{d("1970-01-01 00:00:00"), "1970-01-01"},
		{d("1970-01-01 00:00:00.000001")},
		{d("2024-02-29 12:34:56"), time.Date(2024, 2, 29, 13, 34, 56, 0, time.FixedZone("X", 3600))},
		{d("2024-02-29 12:34:56.5"), "2024-02-29 12:34:56.5"},
		{d("9999-12-31 23:59:59.999999")},
	})
	checkGroups(t, types.Datetime, singletons(nil, d("1000-01-01 00:00:00"), d("1970-01-01 00:00:00"), d("2038-01-19 03:14:08"), d("9999-12-31 23:59:59")))
	checkGroups(t, types.Timestamp, singletons(nil, d("1970-01-01 00:00:01"), d("2000-01-01 00:00:00"), d("2038-01-19 03:14:07")))
	checkGroups(t, types.Date, [][]any{
		{nil},
		{d("1000-01-01 00:00:00")},
		{d("1969-12-31 00:00:00"), d("1969-12-31 23:59:59")},
		{d("1970-01-01 00:00:00"), d("1970-01-01 11:00:00"), "1970-01-01"},
		{d("2024-02-29 00:00:00"), d("2024-02-29 23:59:59.999")},
		{d("9999-12-31 00:00:00")},
	})

	ts := func(s string) types.Timespan {
		v, err := types.Time.ConvertToTimespan(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	checkGroups(t, types.Time, [][]any{
		{nil},
		{ts("-838:59:59")},
		{ts("-01:00:00"), "-01:00:00"},
		{ts("-00:00:00.000001")},
		{ts("00:00:00"), types.Timespan(0)},
		{ts("00:00:00.000001")},
		{ts("00:00:01"), "00:00:01", int64(1)},
		{ts("12:34:56")},
		{ts("838:59:59")},
	})
}

func TestYear(t *testing.T) {
	checkGroups(t, types.Year, [][]any{
		{nil},
		{int16(0), int64(0)},
		{int16(1901), "1901"},
		{int16(1970), int16(70), 70},
		{int16(1999), int16(99)},
		{int16(2000), "2000", "0"},
		{int16(2005), int16(5), int64(5), "2005"},
		{int16(2069), int16(69)},
		{int16(2155)},
	})
}

func TestEnumSetBit(t *testing.T) {
	for _, coll := range []sql.CollationID{sql.Collation_utf8mb4_0900_bin, sql.Collation_utf8mb4_0900_ai_ci} {
		e := types.MustCreateEnumType([]string{"b", "a", "c"}, coll)
		checkGroups(t, e, [][]any{{nil}, {uint16(0)}, {uint16(1), "b", 1}, {uint16(2), "a", int64(2)}, {uint16(3), "c", uint8(3)}})
		s := types.MustCreateSetType([]string{"x", "y", "z"}, coll)
		checkGroups(t, s, [][]any{{nil}, {uint64(0), ""}, {uint64(1), "x"}, {uint64(2), "y"}, {uint64(3), "x,y", "y,x", 3}, {uint64(4), "z"}, {uint64(7), "x,y,z"}})
	}
	if _, err := AppendValue(testCtx, nil, types.MustCreateEnumType([]string{"a"}, sql.Collation_Default), "nope"); err == nil {
		t.Error("invalid enum value should not encode")
	}
	checkGroups(t, types.MustCreateBitType(8), [][]any{{nil}, {uint64(0), 0}, {uint64(1), int64(1), []byte{1}}, {uint64(128)}, {uint64(255), []byte{0xFF}}})
	checkGroups(t, types.MustCreateBitType(64), singletons(nil, uint64(0), uint64(1), uint64(1<<63), uint64(math.MaxUint64)))
	if _, err := AppendValue(testCtx, nil, types.MustCreateBitType(4), uint64(16)); err == nil {
		t.Error("BIT(4) value 16 should not encode")
	}
}

func TestUnsupported(t *testing.T) {
	for _, tc := range []struct {
		typ sql.Type
		v   any
	}{
		{types.JSON, `{"a":1}`},
		{types.JSON, nil},
		{types.PointType{}, types.Point{X: 1, Y: 2}},
		{types.GeometryType{}, nil},
		{types.Null, 1},
	} {
		b, err := AppendValue(testCtx, []byte("prefix"), tc.typ, tc.v)
		if !errors.Is(err, ErrUnsupportedType) {
			t.Errorf("%s: err = %v, want ErrUnsupportedType", tc.typ, err)
		}
		if string(b) != "prefix" {
			t.Errorf("%s: b modified on error: %q", tc.typ, b)
		}
	}
	if b := mustEnc(t, types.Null, nil); !bytes.Equal(b, []byte{mNull}) {
		t.Errorf("NULL type: %x", b)
	}
}

func TestConversionErrors(t *testing.T) {
	for _, tc := range []struct {
		typ     sql.Type
		v       any
		isRange bool
	}{
		{types.Int32, 1e20, true},
		{types.Int8, "1000", true},
		{types.Datetime, "not a date", false},
		{types.MustCreateColumnDecimalType(10, 2), "abc", false},
		{types.Year, int64(1800), false},
	} {
		_, err := AppendValue(testCtx, nil, tc.typ, tc.v)
		if err == nil {
			t.Errorf("%s %#v: expected error", tc.typ, tc.v)
		} else if tc.isRange && !errors.Is(err, ErrOutOfRange) {
			t.Errorf("%s %#v: err %v, want ErrOutOfRange", tc.typ, tc.v, err)
		}
	}
	// Integer literals are encoded exactly, not clamped, so a lookup of an
	// out-of-range literal finds no row.
	big := mustEnc(t, types.Int8, int64(1000))
	max := mustEnc(t, types.Int8, int8(127))
	if bytes.Compare(big, max) <= 0 {
		t.Errorf("int64(1000) for TINYINT should sort above 127")
	}
}

func TestAppendsToPrefix(t *testing.T) {
	prefix := []byte{0xAA, 0xBB}
	typ := types.MustCreateString(sqltypes.VarChar, 10, sql.Collation_utf8mb4_0900_ai_ci)
	got, err := AppendValue(testCtx, prefix, typ, "Hello")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(got, prefix) || !bytes.Equal(got[2:], mustEnc(t, typ, "hello")) {
		t.Errorf("got %x", got)
	}
}

func TestSkipValueComposite(t *testing.T) {
	vc := types.MustCreateString(sqltypes.VarChar, 10, sql.Collation_utf8mb4_0900_ai_ci)
	cols := []struct {
		typ sql.Type
		v   any
	}{
		{types.Int64, int64(-300)},
		{vc, "héllo\x00"},
		{types.MustCreateBinary(sqltypes.VarBinary, 10), []byte{0, 0xFF, 0, 1}},
		{types.InternalDecimalType, dec("-12.340")},
		{types.InternalDecimalType, dec("0")},
		{types.InternalDecimalType, dec("5.5")},
		{types.Float64, -2.5},
		{types.DatetimeMaxPrecision, time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC)},
		{types.Uint64, nil},
		{types.Time, types.Timespan(-5)},
		{types.Uint64, uint64(math.MaxUint64)},
	}
	var key []byte
	var parts [][]byte
	for _, c := range cols {
		e := mustEnc(t, c.typ, c.v)
		parts = append(parts, e)
		key = append(key, e...)
	}
	rest := key
	for i, p := range parts {
		next, err := SkipValue(rest)
		if err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		if got := rest[:len(rest)-len(next)]; !bytes.Equal(got, p) {
			t.Fatalf("part %d: got %x want %x", i, got, p)
		}
		rest = next
	}
	if len(rest) != 0 {
		t.Fatalf("leftover %x", rest)
	}
	for _, bad := range [][]byte{nil, {0xFF}, {0x01}, {mFloat, 1, 2}, {mString, 0xFF}, {mString, 0x02}, {mBytes, 0x00, 0x05}, {mBytes, 'a'}, {mDecPos, 0x40}, {mDecPos, mIntPos0, 0x11}, {mIntMax, 1, 2}} {
		if _, err := SkipValue(bad); err == nil {
			t.Errorf("SkipValue(%x) should fail", bad)
		}
	}
}

func TestUvarint(t *testing.T) {
	vals := []uint64{0, 1, 2, 99, 100, 127, 128, 246, 247, 248, 249, 255, 256, 257, 1000, 65535, 65536, 1<<24 - 1, 1 << 24,
		1<<32 - 1, 1 << 32, 1<<40 + 5, 1<<48 - 1, 1 << 56, math.MaxInt64, math.MaxUint64 - 1, math.MaxUint64}
	var prev []byte
	for i, v := range vals {
		e := AppendUvarint(nil, v)
		if v < 100 && len(e) != 1 {
			t.Errorf("%d: %d bytes", v, len(e))
		}
		got, rest, err := DecodeUvarint(append(e, 0x77))
		if err != nil || got != v || !bytes.Equal(rest, []byte{0x77}) {
			t.Errorf("round trip %d: got %d rest %x err %v", v, got, rest, err)
		}
		if i > 0 && bytes.Compare(prev, e) >= 0 {
			t.Errorf("order: enc(%d)=%x !< enc(%d)=%x", vals[i-1], prev, v, e)
		}
		prev = e
	}
	for _, bad := range [][]byte{nil, {0xF8}, {0xF9, 1}, {0xF8, 0x05}, {0xF9, 0x00, 0xFF}, {0xFF, 1, 2, 3, 4, 5, 6, 7}} {
		if _, _, err := DecodeUvarint(bad); err == nil {
			t.Errorf("DecodeUvarint(%x) should fail", bad)
		}
	}
}

func TestPrefixEnd(t *testing.T) {
	for _, tc := range []struct{ in, want []byte }{
		{nil, nil},
		{[]byte{}, nil},
		{[]byte{0xFF}, nil},
		{[]byte{0xFF, 0xFF}, nil},
		{[]byte{0x00}, []byte{0x01}},
		{[]byte{0x01, 0x02}, []byte{0x01, 0x03}},
		{[]byte{0x01, 0xFF}, []byte{0x02}},
		{[]byte{0x01, 0xFE, 0xFF, 0xFF}, []byte{0x01, 0xFF}},
	} {
		in := append([]byte(nil), tc.in...)
		got := PrefixEnd(in)
		if !bytes.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
			t.Errorf("PrefixEnd(%x) = %x, want %x", tc.in, got, tc.want)
		}
		if !bytes.Equal(in, tc.in) {
			t.Errorf("PrefixEnd modified input")
		}
	}
	// Equality range: every key extending prefix+enc(v) is inside, encodings
	// of neighbouring values are outside.
	typ := types.MustCreateString(sqltypes.VarChar, 10, sql.Collation_utf8mb4_0900_ai_ci)
	prefix := AppendUvarint(AppendUvarint(nil, 7), 300)
	lo, _ := AppendValue(testCtx, append([]byte{}, prefix...), typ, "abc")
	hi := PrefixEnd(lo)
	for _, s := range []string{"ABC", "abc", "äbc"} {
		k, _ := AppendValue(testCtx, append([]byte{}, prefix...), typ, s)
		k = AppendUvarint(append(k, 0xFF, 0xFF), 12345)
		if bytes.Compare(k, lo) < 0 || bytes.Compare(k, hi) >= 0 {
			t.Errorf("%q outside equality range", s)
		}
	}
	for _, s := range []string{"abc ", "abcd", "ab", "abd", ""} {
		k, _ := AppendValue(testCtx, append([]byte{}, prefix...), typ, s)
		if bytes.Compare(k, lo) >= 0 && bytes.Compare(k, hi) < 0 {
			t.Errorf("%q inside equality range of 'abc'", s)
		}
	}
}

func TestWeightEncodingOrder(t *testing.T) {
	ws := []int32{math.MinInt32, -70000, -1, 0, 1, 188, 189, 190, 191, 445, 446, w2Limit - 1, w2Limit, w2Limit + 1,
		w2Limit + 65535, w2Limit + 65536, w3Limit - 1, w3Limit, w3Limit + 1, 1114111, math.MaxInt32 - 1, math.MaxInt32}
	sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
	var prev []byte
	for i, w := range ws {
		e := appendWeight(nil, w)
		if e[0] == strTerm || e[0] == 0xFF {
			t.Fatalf("weight %d starts with %x", w, e[0])
		}
		seq := append([]byte{mString}, append(e, strTerm)...)
		if r, err := SkipValue(seq); err != nil || len(r) != 0 {
			t.Fatalf("skip weight %d (%x): %v %x", w, seq, err, r)
		}
		if i > 0 && bytes.Compare(prev, e) >= 0 {
			t.Fatalf("weight order %d (%x) vs %d (%x)", ws[i-1], prev, w, e)
		}
		prev = e
	}
}

func TestNullSortsFirst(t *testing.T) {
	vc := types.MustCreateString(sqltypes.VarChar, 10, sql.Collation_utf8mb4_0900_ai_ci)
	for _, tc := range []struct {
		typ sql.Type
		min any
	}{
		{types.Int64, int64(math.MinInt64)}, {types.Uint64, uint64(0)}, {types.Float64, math.Inf(-1)},
		{types.InternalDecimalType, decimal.New(-1, 1000)}, {vc, ""}, {types.LongBlob, []byte{}},
		{types.Datetime, time.Time{}}, {types.Time, types.Timespan(math.MinInt64)}, {types.Year, int16(0)},
	} {
		n := mustEnc(t, tc.typ, nil)
		m := mustEnc(t, tc.typ, tc.min)
		if bytes.Compare(n, m) >= 0 {
			t.Errorf("%s: NULL %x not below %x", tc.typ, n, m)
		}
	}
}

func ExampleAppendValue() {
	ctx := sql.NewEmptyContext()
	typ := types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_utf8mb4_0900_ai_ci)
	key := AppendUvarint(nil, 42) // table ID
	k1, _ := AppendValue(ctx, append([]byte{}, key...), typ, "résumé")
	k2, _ := AppendValue(ctx, append([]byte{}, key...), typ, "RESUME")
	fmt.Println(bytes.Equal(k1, k2), strings.HasPrefix(string(k1), string(key)))
	// Output: true true
}
