package keyenc

import (
	"bytes"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// gen produces a random value of one column type; values are drawn from small
// pools often enough that equal and prefix-related values are common.
type gen struct {
	name string
	typ  sql.Type
	rand func(r *rand.Rand) any
}

var edgeInts = []int64{math.MinInt64, math.MinInt64 + 1, -1 << 32, -65537, -65536, -257, -256, -255, -2, -1, 0, 1, 2, 247, 248, 255, 256, 65535, 65536, 1 << 32, math.MaxInt64 - 1, math.MaxInt64}

func randInt64(r *rand.Rand) int64 {
	switch r.Intn(4) {
	case 0:
		return edgeInts[r.Intn(len(edgeInts))]
	case 1:
		return int64(r.Intn(600) - 300)
	default:
		return int64(r.Uint64()) >> uint(r.Intn(64))
	}
}

func randUint64(r *rand.Rand) uint64 {
	switch r.Intn(3) {
	case 0:
		return []uint64{0, 1, 255, 256, 1 << 63, math.MaxUint64 - 1, math.MaxUint64}[r.Intn(7)]
	case 1:
		return uint64(r.Intn(600))
	default:
		return r.Uint64() >> uint(r.Intn(64))
	}
}

var runePool = []string{"a", "A", "b", "B", "z", "ä", "Ä", "å", "ö", "ß", "s", "S", " ", "  ", "\t", "\x00", "é", "e", "E", "中", "😀", "ÿ", "_", "0", "9", "\u0301", "\uFFFD"}

func randString(r *rand.Rand) string {
	var sb strings.Builder
	n := r.Intn(6)
	for i := 0; i < n; i++ {
		sb.WriteString(runePool[r.Intn(len(runePool))])
	}
	return sb.String()
}

func randBytes(r *rand.Rand) []byte {
	n := r.Intn(6)
	b := make([]byte, n)
	for i := range b {
		switch r.Intn(4) {
		case 0:
			b[i] = 0x00
		case 1:
			b[i] = 0xFF
		case 2:
			b[i] = 0x01
		default:
			b[i] = byte(r.Intn(256))
		}
	}
	return b
}

func randDecimal(r *rand.Rand, maxExp int) decimal.Decimal {
	var coef *big.Int
	switch r.Intn(4) {
	case 0:
		coef = big.NewInt(int64(r.Intn(2001) - 1000))
	case 1:
		coef = big.NewInt(randInt64(r))
	default:
		coef = new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(r.Intn(220)+1)))
		if r.Intn(2) == 0 {
			coef.Neg(coef)
		}
	}
	// Sprinkle trailing zeros so that equal values with different exponents
	// show up.
	if r.Intn(3) == 0 {
		coef.Mul(coef, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(r.Intn(5))), nil))
	}
	return decimal.NewFromBigInt(coef, int32(r.Intn(2*maxExp+1)-maxExp))
}

func randFloat(r *rand.Rand) float64 {
	for {
		var f float64
		switch r.Intn(4) {
		case 0:
			f = []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64}[r.Intn(10)]
		case 1:
			f = float64(r.Intn(200) - 100)
		default:
			f = math.Float64frombits(r.Uint64())
		}
		if !math.IsNaN(f) {
			return f
		}
	}
}

func randTime(r *rand.Rand) time.Time {
	lo := time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	hi := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
	sec := lo + r.Int63n(hi-lo)
	if r.Intn(3) == 0 {
		sec = int64(r.Intn(5)) * 86400 // many collisions around the epoch
	}
	nsec := 0
	switch r.Intn(3) {
	case 0:
		nsec = r.Intn(1_000_000) * 1000
	case 1:
		nsec = r.Intn(3) * 1000
	}
	return time.Unix(sec, int64(nsec)).UTC()
}

func vc(coll sql.CollationID) sql.Type { return types.MustCreateString(sqltypes.VarChar, 255, coll) }

var gens = []gen{
	{"int8", types.Int8, func(r *rand.Rand) any { return int8(r.Intn(256) - 128) }},
	{"uint8", types.Uint8, func(r *rand.Rand) any { return uint8(r.Intn(256)) }},
	{"int16", types.Int16, func(r *rand.Rand) any { return int16(randInt64(r)) }},
	{"uint16", types.Uint16, func(r *rand.Rand) any { return uint16(randUint64(r)) }},
	{"int24", types.Int24, func(r *rand.Rand) any { return int32(r.Intn(1<<24) - 1<<23) }},
	{"uint24", types.Uint24, func(r *rand.Rand) any { return uint32(r.Intn(1 << 24)) }},
	{"int32", types.Int32, func(r *rand.Rand) any { return int32(randInt64(r)) }},
	{"uint32", types.Uint32, func(r *rand.Rand) any { return uint32(randUint64(r)) }},
	{"int64", types.Int64, func(r *rand.Rand) any { return randInt64(r) }},
	{"uint64", types.Uint64, func(r *rand.Rand) any { return randUint64(r) }},
	{"float64", types.Float64, func(r *rand.Rand) any { return randFloat(r) }},
	{"float32", types.Float32, func(r *rand.Rand) any { return float32(randFloat(r)) }},
	{"decimal-internal", types.InternalDecimalType, func(r *rand.Rand) any { return randDecimal(r, 60) }},
	{"decimal(65,30)", types.MustCreateColumnDecimalType(65, 30), func(r *rand.Rand) any {
		d := randDecimal(r, 35)
		for d.Abs().GreaterThanOrEqual(decimal.New(1, 34)) {
			d = d.Shift(-10)
		}
		return d
	}},
	{"decimal(10,2)", types.MustCreateColumnDecimalType(10, 2), func(r *rand.Rand) any {
		return decimal.New(int64(r.Intn(200001)-100000), -int32(r.Intn(5)))
	}},
	{"utf8mb4_0900_ai_ci", vc(sql.Collation_utf8mb4_0900_ai_ci), func(r *rand.Rand) any { return randString(r) }},
	{"utf8mb4_0900_bin", vc(sql.Collation_utf8mb4_0900_bin), func(r *rand.Rand) any { return randString(r) }},
	{"utf8mb4_general_ci", vc(sql.Collation_utf8mb4_general_ci), func(r *rand.Rand) any { return randString(r) }},
	{"utf8mb4_unicode_ci", vc(sql.Collation_utf8mb4_unicode_ci), func(r *rand.Rand) any { return randString(r) }},
	{"utf8mb4_bin", vc(sql.Collation_utf8mb4_bin), func(r *rand.Rand) any { return randString(r) }},
	{"latin1_swedish_ci", vc(sql.Collation_latin1_swedish_ci), func(r *rand.Rand) any { return randString(r) }},
	{"latin1_bin", vc(sql.Collation_latin1_bin), func(r *rand.Rand) any { return randString(r) }},
	{"varbinary", types.MustCreateBinary(sqltypes.VarBinary, 255), func(r *rand.Rand) any { return randBytes(r) }},
	{"binary(3)", types.MustCreateBinary(sqltypes.Binary, 3), func(r *rand.Rand) any {
		b := randBytes(r)
		return b[:min(len(b), 3)]
	}},
	{"datetime(6)", types.DatetimeMaxPrecision, func(r *rand.Rand) any { return randTime(r) }},
	{"date", types.Date, func(r *rand.Rand) any { return randTime(r) }},
	{"time", types.Time, func(r *rand.Rand) any { return types.Timespan(randInt64(r) % 3020399000000) }},
	{"year", types.Year, func(r *rand.Rand) any { return int16([]int{0, 1901, 1970, 2000, 2155, 5, 69, 70, 99}[r.Intn(9)]) }},
	{"enum", types.MustCreateEnumType([]string{"x", "b", "a", "c"}, sql.Collation_Default), func(r *rand.Rand) any { return uint16(r.Intn(5)) }},
	{"set", types.MustCreateSetType([]string{"x", "b", "a", "c"}, sql.Collation_Default), func(r *rand.Rand) any { return uint64(r.Intn(16)) }},
	{"bit(10)", types.MustCreateBitType(10), func(r *rand.Rand) any { return uint64(r.Intn(1 << 10)) }},
}

// maybeNull returns nil sometimes.
func maybeNull(r *rand.Rand, g gen) any {
	if r.Intn(10) == 0 {
		return nil
	}
	return g.rand(r)
}

// cmpKeyOrder compares two values the way keys must order: MySQL ascending,
// i.e. GMS Compare with NULL first.
func cmpKeyOrder(t testing.TB, typ sql.Type, a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	c, err := Compare(testCtx, typ, a, b)
	if err != nil {
		t.Fatalf("%s Compare(%#v, %#v): %v", typ, a, b, err)
	}
	return sign(c)
}

func TestPropertySingleColumn(t *testing.T) {
	iters := 3000
	if testing.Short() {
		iters = 300
	}
	for _, g := range gens {
		t.Run(g.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(int64(len(g.name)) * 7919))
			for i := 0; i < iters; i++ {
				a, b := maybeNull(r, g), maybeNull(r, g)
				ea, eb := mustEnc(t, g.typ, a), mustEnc(t, g.typ, b)
				want := cmpKeyOrder(t, g.typ, a, b)
				if got := sign(bytes.Compare(ea, eb)); got != want {
					t.Fatalf("%s: a=%#v b=%#v: bytes.Compare(%x, %x)=%d, Compare=%d", g.name, a, b, ea, eb, got, want)
				}
				if rest, err := SkipValue(ea); err != nil || len(rest) != 0 {
					t.Fatalf("%s: SkipValue(%x) = %x, %v", g.name, ea, rest, err)
				}
			}
		})
	}
}

func TestPropertyTwoColumns(t *testing.T) {
	iters := 2000
	if testing.Short() {
		iters = 200
	}
	r := rand.New(rand.NewSource(42))
	for gi := range gens {
		for _, gj := range []int{r.Intn(len(gens)), r.Intn(len(gens)), gi} {
			g1, g2 := gens[gi], gens[gj]
			t.Run(g1.name+"+"+g2.name, func(t *testing.T) {
				for i := 0; i < iters; i++ {
					a1, a2 := maybeNull(r, g1), maybeNull(r, g2)
					b1, b2 := maybeNull(r, g1), maybeNull(r, g2)
					if r.Intn(3) == 0 {
						b1 = a1 // force the tie-break on column two
					}
					ka := mustEnc(t, g2.typ, a2)
					ka = append(mustEnc(t, g1.typ, a1), ka...)
					kb := mustEnc(t, g2.typ, b2)
					kb = append(mustEnc(t, g1.typ, b1), kb...)
					want := cmpKeyOrder(t, g1.typ, a1, b1)
					if want == 0 {
						want = cmpKeyOrder(t, g2.typ, a2, b2)
					}
					if got := sign(bytes.Compare(ka, kb)); got != want {
						t.Fatalf("(%#v,%#v) vs (%#v,%#v): bytes %d, tuple %d; %x vs %x", a1, a2, b1, b2, got, want, ka, kb)
					}
					// Splitting recovers the first column's encoding.
					rest, err := SkipValue(ka)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(rest, mustEnc(t, g2.typ, a2)) {
						t.Fatalf("SkipValue split wrong: %x -> %x", ka, rest)
					}
					// Prefix ranges: the key lies in [enc(a1), PrefixEnd(enc(a1))).
					p := mustEnc(t, g1.typ, a1)
					if end := PrefixEnd(p); bytes.Compare(ka, p) < 0 || (end != nil && bytes.Compare(ka, end) >= 0) {
						t.Fatalf("key %x outside its column-one prefix range", ka)
					}
				}
			})
		}
	}
}
