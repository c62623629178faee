package keyenc

import (
	"bytes"
	"math"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

func FuzzUvarint(f *testing.F) {
	for _, s := range [][2]uint64{{0, 1}, {99, 100}, {247, 248}, {255, 256}, {65535, 65536}, {1 << 32, 1<<32 - 1}, {math.MaxUint64, 0}, {math.MaxUint64 - 1, math.MaxUint64}} {
		f.Add(s[0], s[1], []byte{0xF8, 0x01})
	}
	f.Add(uint64(5), uint64(5), []byte{0xFF, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Fuzz(func(t *testing.T, a, b uint64, junk []byte) {
		ea, eb := AppendUvarint(nil, a), AppendUvarint(nil, b)
		for _, p := range []struct {
			v uint64
			e []byte
		}{{a, ea}, {b, eb}} {
			got, rest, err := DecodeUvarint(append(append([]byte{}, p.e...), junk...))
			if err != nil || got != p.v || !bytes.Equal(rest, junk) {
				t.Fatalf("round trip %d (%x): %d %x %v", p.v, p.e, got, rest, err)
			}
		}
		want := 0
		if a < b {
			want = -1
		} else if a > b {
			want = 1
		}
		if got := sign(bytes.Compare(ea, eb)); got != want {
			t.Fatalf("order %d (%x) vs %d (%x): %d", a, ea, b, eb, got)
		}
		// Arbitrary input: whatever decodes must re-encode to the bytes
		// consumed (canonical form, so decoding is a bijection).
		if v, rest, err := DecodeUvarint(junk); err == nil {
			if !bytes.Equal(AppendUvarint(nil, v), junk[:len(junk)-len(rest)]) {
				t.Fatalf("non-canonical decode of %x", junk)
			}
		}
	})
}

var fuzzCICollations = []sql.Type{
	types.MustCreateString(sqltypes.VarChar, 1000, sql.Collation_utf8mb4_0900_ai_ci),
	types.MustCreateString(sqltypes.VarChar, 1000, sql.Collation_utf8mb4_general_ci),
	types.MustCreateString(sqltypes.VarChar, 1000, sql.Collation_utf8mb4_unicode_ci),
	types.MustCreateString(sqltypes.Char, 255, sql.Collation_latin1_swedish_ci),
	types.MustCreateString(sqltypes.VarChar, 1000, sql.Collation_utf8mb4_bin),
}

func FuzzStringCollation(f *testing.F) {
	for _, s := range [][2]string{{"", " "}, {"a", "A"}, {"a", "a "}, {"ä", "A"}, {"abc", "ABD"}, {"ß", "ss"}, {"中", "😀"}, {"\x00", ""}, {"\xff", "\uFFFD"}, {"e\u0301", "é"}, {"Zz", "zZ "}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, typ := range fuzzCICollations {
			c, err := Compare(testCtx, typ, a, b)
			if err != nil {
				t.Skip()
			}
			ea, eb := mustEnc(t, typ, a), mustEnc(t, typ, b)
			if got := sign(bytes.Compare(ea, eb)); got != sign(c) {
				t.Fatalf("%s: Compare(%q, %q)=%d, bytes.Compare(%x, %x)=%d", typ, a, b, c, ea, eb, got)
			}
			if rest, err := SkipValue(ea); err != nil || len(rest) != 0 {
				t.Fatalf("SkipValue(%x): %x %v", ea, rest, err)
			}
			// PAD SPACE, independently: GMS's unpadded comparison of both
			// strings padded with spaces to the same length.
			// Expanding characters are replaced by their expansions first,
			// which GMS then weighs one by one.
			if st := typ.(sql.StringType); padSpace(st.Collation()) {
				pa, pb := expandText(st.Collation(), a), expandText(st.Collation(), b)
				a, b := pa, pb
				na, nb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
				pa += strings.Repeat(" ", max(nb-na, 0))
				pb += strings.Repeat(" ", max(na-nb, 0))
				if want, err := typ.Compare(testCtx, pa, pb); err == nil && sign(want) != sign(c) {
					t.Fatalf("%s: padded Compare(%q, %q)=%d, Compare=%d", typ, pa, pb, want, c)
				}
			}
		}
	})
}

func FuzzInt64(f *testing.F) {
	for _, s := range [][2]int64{{0, -1}, {-256, -257}, {255, 256}, {math.MinInt64, math.MaxInt64}, {-1 << 32, 1 << 32}, {7, 7}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b int64) {
		ea, eb := mustEnc(t, types.Int64, a), mustEnc(t, types.Int64, b)
		c, err := types.Int64.Compare(testCtx, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if got := sign(bytes.Compare(ea, eb)); got != sign(c) {
			t.Fatalf("Compare(%d, %d)=%d, bytes.Compare(%x, %x)=%d", a, b, c, ea, eb, got)
		}
		// The same numbers as unsigned columns / mixed: the shared integer
		// encoding keeps numeric order across signedness.
		if a >= 0 {
			if eu := mustEnc(t, types.Uint64, uint64(a)); !bytes.Equal(eu, ea) {
				t.Fatalf("uint64(%d) encodes %x, int64 %x", a, eu, ea)
			}
		}
		if rest, err := SkipValue(ea); err != nil || len(rest) != 0 {
			t.Fatalf("SkipValue(%x): %x %v", ea, rest, err)
		}
	})
}

func fuzzDecimal(mag []byte, neg bool, exp int16) decimal.Decimal {
	if len(mag) > 40 {
		mag = mag[:40]
	}
	c := new(big.Int).SetBytes(mag)
	if neg {
		c.Neg(c)
	}
	return decimal.NewFromBigInt(c, int32(exp))
}

var fuzzColumnDecimal = types.MustCreateColumnDecimalType(65, 30)

func FuzzDecimal(f *testing.F) {
	f.Add([]byte{1}, false, int16(0), []byte{10}, false, int16(-1))
	f.Add([]byte{1}, true, int16(0), []byte{100}, true, int16(-2))
	f.Add([]byte{0}, false, int16(5), []byte{0}, true, int16(-5))
	f.Add([]byte{5}, false, int16(-2), []byte{5}, false, int16(-3))
	f.Add([]byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, true, int16(-30), []byte{1}, true, int16(-31))
	f.Add([]byte{1}, false, int16(32767), []byte{1}, false, int16(-32768))
	f.Fuzz(func(t *testing.T, am []byte, an bool, ae int16, bm []byte, bn bool, be int16) {
		a, b := fuzzDecimal(am, an, ae), fuzzDecimal(bm, bn, be)
		check := func(typ sql.Type, a, b decimal.Decimal) {
			c, err := Compare(testCtx, typ, a, b)
			if err != nil {
				t.Fatal(err)
			}
			ea, eb := mustEnc(t, typ, a), mustEnc(t, typ, b)
			if got := sign(bytes.Compare(ea, eb)); got != sign(c) {
				t.Fatalf("%s: Compare(%s, %s)=%d, bytes.Compare(%x, %x)=%d", typ, a, b, c, ea, eb, got)
			}
			if rest, err := SkipValue(ea); err != nil || len(rest) != 0 {
				t.Fatalf("SkipValue(%x): %x %v", ea, rest, err)
			}
		}
		check(types.InternalDecimalType, a, b)
		// Column decimals round operands to the scale; keep exponents small
		// so GMS's string-based rounding stays cheap.
		check(fuzzColumnDecimal, fuzzDecimal(am, an, ae%64), fuzzDecimal(bm, bn, be%64))
	})
}

func FuzzSkipValue(f *testing.F) {
	f.Add([]byte{mNull, 1})
	f.Add([]byte{mString, 0x02, 0xC0, 0x00, 0x00})
	f.Add([]byte{mBytes, 0x00, 0xFF, 0x00, 0x01})
	f.Add([]byte{mDecNeg, 0x18, 0xDF})
	f.Add([]byte{mTime, 0x1A, 0x05, 0xF8, 0xFF})
	f.Fuzz(func(t *testing.T, data []byte) {
		rest, err := SkipValue(data)
		if err == nil && (len(rest) >= len(data) || !bytes.Equal(rest, data[len(data)-len(rest):])) {
			t.Fatalf("SkipValue(%x) returned %x", data, rest)
		}
	})
}

// expandText is s with every character that expands under c replaced by
// the characters it expands to.
func expandText(c sql.CollationID, s string) string {
	var sb strings.Builder
	for _, r := range s {
		if t, ok := ExpansionOf(c, r); ok {
			sb.WriteString(t)
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
