package engine

import (
	"math/rand"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
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
		for _, typ := range []sql.Type{types.MustCreateString(sqltypes.Char, 120, coll), types.MustCreateString(sqltypes.VarChar, 120, coll)} {
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
				if _, ok := av.(bytewiseStr); ok {
					if _, ok := bv.(bytewiseStr); ok {
						fast++
					}
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
					if k.bytewise[c] {
						set = append(set, byte(c))
					}
				}
				t.Logf("%s: %d of 20000 pairs bytewise; set %q", typ, fast, set)
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
