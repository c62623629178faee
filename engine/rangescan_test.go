package engine

import (
	"fmt"
	"hash/maphash"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	query "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
)

// TestBytewiseSortValues checks the sort fast path against the collation:
// random strings over the characters a collation is found to order as
// bytes, and over others (accents, case, spaces, punctuation), compare
// through keyExpr.compare as the column type's Compare does.
func TestBytewiseSortValues(t *testing.T) {
	ctx := sql.NewEmptyContext()
	alphabet := []string{"-", "0", "1", "5", "9", "a", "b", "m", "v", "w", "z", "A", "Z", "á", "Ç", " ", "_", ".", "ß", "ss", "ae", "æ", ""}
	rnd := rand.New(rand.NewSource(7))
	for _, coll := range []sql.CollationID{sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_utf8mb4_0900_as_cs,
		sql.Collation_utf8mb4_general_ci, sql.Collation_utf8mb4_unicode_ci, sql.Collation_utf8mb4_bin,
		sql.Collation_latin1_swedish_ci, sql.Collation_latin1_bin, sql.Collation_utf8mb3_general_ci} {
		char, varchar := types.MustCreateString(sqltypes.Char, 120, coll), types.MustCreateString(sqltypes.VarChar, 120, coll)
		// padIndexType: what a PAD SPACE column sorts by (padTyped).
		for _, typ := range []sql.Type{char, varchar, padIndexType{char.(types.StringType)}, padIndexType{varchar.(types.StringType)}} {
			k := keyExpr{typ: typ, bytewise: bytewiseFor(ctx, typ)}
			if coll == sql.Collation_utf8mb4_0900_ai_ci && (k.bytewise == nil || !k.bytewise.holds("83868641912-28773972837")) {
				t.Fatalf("%s: sysbench's c values do not sort bytewise", coll)
			}
			fast := 0
			for i := 0; i < 20000; i++ {
				str := func() string {
					n := rnd.Intn(6)
					s := ""
					for j := 0; j < n; j++ {
						if rnd.Intn(4) > 0 {
							s += string(bytewiseCandidates[rnd.Intn(len(bytewiseCandidates))])
						} else {
							s += alphabet[rnd.Intn(len(alphabet))]
						}
					}
					return s
				}
				a, b := str(), str()
				av, _ := k.sortVal(ctx, sql.Row{a})
				bv, _ := k.sortVal(ctx, sql.Row{b})
				if av.bw && bv.bw {
					fast++
				}
				got, err := k.compare(ctx, av, bv)
				if err != nil {
					t.Fatal(err)
				}
				want, err := typ.Compare(ctx, a, b)
				if err != nil {
					t.Fatal(err)
				}
				if sign(got) != sign(want) {
					t.Fatalf("%s: %q vs %q: %d, collation says %d", typ, a, b, got, want)
				}
			}
			if fast == 0 {
				t.Errorf("%s: no pair took the bytewise path", typ)
			}
			if testing.Verbose() && k.bytewise != nil {
				var set []byte
				for c := range k.bytewise {
					if k.bytewise[c] != 0 {
						set = append(set, byte(c))
					}
				}
				t.Logf("%s: %d of 20000 pairs bytewise; set %q", typ, fast, set)
			}
		}
	}
}

// TestSortKeysTakeBytewisePath checks that the sort keys CompileRange makes
// for sysbench's `ORDER BY c` (c CHAR(120), sorted through padTyped, whose
// padIndexType types.IsText does not recognise) get the bytewise fast path,
// under the default collation and a PAD SPACE one.
func TestSortKeysTakeBytewisePath(t *testing.T) {
	ctx := sql.NewEmptyContext()
	for _, coll := range []sql.CollationID{sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_latin1_swedish_ci, sql.Collation_utf8mb4_general_ci} {
		for _, base := range []query.Type{sqltypes.Char, sqltypes.VarChar} {
			st := types.MustCreateString(base, 120, coll)
			col := expression.NewGetFieldWithTable(1, 1, st, "", "sbtest1", "c", true)
			for _, e := range []sql.Expression{col, &padTyped{child: col, typ: padIndexType{st.(types.StringType)}}} {
				keys, ok := sortKeys(ctx, sql.SortFields{{Column: e, Order: sql.Ascending}})
				if !ok {
					t.Fatalf("%s %T: not a sort key", st, e)
				}
				v, err := keys[0].sortVal(ctx, sql.Row{int64(1), "83868641912-28773972837-60736120486"})
				if err != nil {
					t.Fatal(err)
				}
				if !v.bw {
					t.Errorf("%s %T: sysbench's c value not sorted bytewise", st, e)
				}
			}
		}
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestIntegerBoundsFastPath checks atTypeLimit's and exactBound's integer
// path against their decimal one, for values at, inside and past every
// integer type's limits.
func TestIntegerBoundsFastPath(t *testing.T) {
	ctx := sql.NewEmptyContext()
	vals := []any{int8(0), int8(-1), int8(1), int8(-128), int8(127), uint8(255), int16(-129), int16(128),
		int16(-32768), int16(32767), uint16(65535), int32(-8388608), int32(8388607), int32(16777215),
		int32(-2147483648), int32(2147483647), uint32(4294967295), int64(-2147483649), int64(4294967296),
		int64(-9223372036854775808), int64(9223372036854775807), uint64(9223372036854775808),
		uint64(18446744073709551615), int(-5), uint(5)}
	for _, typ := range []sql.Type{types.Int8, types.Int16, types.Int24, types.Int32, types.Int64,
		types.Uint8, types.Uint16, types.Uint24, types.Uint32, types.Uint64} {
		for _, v := range vals {
			neg, mag, _ := goInt(v)
			d := decimal.NewFromBigInt(new(big.Int).SetUint64(mag), 0)
			if neg {
				d = d.Neg()
			}
			if got, want := atTypeLimit(typ, v), atTypeLimit(typ, d); got != want {
				t.Errorf("atTypeLimit(%s, %T %v) = %v, decimal path %v", typ, v, v, got, want)
			}
			_, got := exactBound(ctx, typ, v)
			if _, _, err := typ.Convert(ctx, v); err == nil {
				// The decimal path: the converted value compared as decimals.
				cv, inRange, _ := typ.Convert(ctx, v)
				c, _ := types.InternalDecimalType.Compare(ctx, d, cv)
				if want := inRange == sql.InRange && cv != nil && c == 0; got != want {
					t.Errorf("exactBound(%s, %T %v) = %v, want %v", typ, v, v, got, want)
				}
			}
		}
	}
}

// TestKeySetMatchesMap checks keySet, DISTINCT's set of group keys, against
// a map over random keys with many repeats, empty keys and keys that are
// prefixes of others, across resets; and that once its buffers have grown
// adding keys allocates nothing.
func TestKeySetMatchesMap(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	s := keySet{seed: maphash.MakeSeed()}
	for round := 0; round < 20; round++ {
		want := map[string]bool{}
		for i := 0; i < 500; i++ {
			k := make([]byte, rnd.Intn(4))
			for j := range k {
				k[j] = byte(rnd.Intn(3))
			}
			added := s.add(k)
			if added == want[string(k)] {
				t.Fatalf("round %d: add(%q) = %v, key seen before: %v", round, k, added, want[string(k)])
			}
			want[string(k)] = true
		}
		if len(s.spans) != len(want) {
			t.Fatalf("round %d: %d keys kept, %d distinct", round, len(s.spans), len(want))
		}
		s.reset()
	}
	keys := make([][]byte, 100)
	for i := range keys {
		keys[i] = []byte(fmt.Sprintf("83868641912-%011d", rnd.Int63n(1e11)))
	}
	fill := func() {
		s.reset()
		for _, k := range keys {
			s.add(k)
			s.add(k)
		}
	}
	fill()
	if n := testing.AllocsPerRun(20, fill); n != 0 {
		t.Errorf("adding 100 keys to a grown keySet allocated %v times", n)
	}
}

// TestBytewiseHoldsEveryByte: holds' four-at-a-time test answers as a
// test of each byte does, for every length's remainder and every
// position of the one byte outside the set.
func TestBytewiseHoldsEveryByte(t *testing.T) {
	var set bytewiseSet
	for _, c := range []byte("-0123456789") {
		set[c] = 1
	}
	for n := 0; n <= 13; n++ {
		b := []byte(strings.Repeat("7", n))
		if !set.holds(string(b)) {
			t.Fatalf("%q: not held", b)
		}
		for i := 0; i < n; i++ {
			for _, bad := range []byte{'a', ' ', 0x80, 0xff, 0} {
				c := append([]byte(nil), b...)
				c[i] = bad
				if set.holds(string(c)) {
					t.Fatalf("%q: held", c)
				}
			}
		}
	}
}
