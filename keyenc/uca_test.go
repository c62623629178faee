package keyenc

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// MySQL 8.0's answers (and MariaDB's, for the unicode ones).
func TestUCAExpansions(t *testing.T) {
	ai, as := sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_utf8mb4_0900_as_ci
	uni, u520 := sql.Collation_utf8mb4_unicode_ci, sql.Collation_utf8mb4_unicode_520_ci
	gen, bin := sql.Collation_utf8mb4_general_ci, sql.Collation_utf8mb4_0900_bin
	cases := []struct {
		colls []sql.CollationID
		a, b  string
		want  int
	}{
		{[]sql.CollationID{ai, uni, u520}, "ß", "ss", 0},
		{[]sql.CollationID{ai, uni, u520}, "ß", "SS", 0},
		{[]sql.CollationID{ai, uni, u520}, "Straße", "strasse", 0},
		{[]sql.CollationID{ai, u520}, "æ", "ae", 0},
		{[]sql.CollationID{ai, u520}, "Æ", "AE", 0},
		// UCA 4.0.0 has Æ as a letter after A.
		{[]sql.CollationID{uni}, "æ", "ae", 1},
		{[]sql.CollationID{uni}, "æ", "az", 1},
		{[]sql.CollationID{uni}, "æ", "b", -1},
		{[]sql.CollationID{uni}, "Ŀ", "L·", 0},
		{[]sql.CollationID{ai, uni, u520}, "₨", "Rs", 0},
		{[]sql.CollationID{ai, uni, u520}, "œ", "oe", 0},
		{[]sql.CollationID{ai, uni, u520, as}, "ﬁ", "fi", 0},
		{[]sql.CollationID{ai, uni, u520}, "ǆ", "dz", 0},
		{[]sql.CollationID{ai, uni, u520}, "ßa", "st", -1},
		{[]sql.CollationID{ai, uni, u520}, "ß", "s", 1},
		{[]sql.CollationID{ai, uni, u520}, "ßz", "ssa", 1},
		{[]sql.CollationID{ai, u520}, "aeb", "æa", 1},
		// PAD SPACE (unicode_ci) pads after the expansion; NO PAD does not.
		{[]sql.CollationID{uni, u520}, "ß ", "ss", 0},
		{[]sql.CollationID{ai}, "ß ", "ss", 1},
		{[]sql.CollationID{uni, u520}, "ß\t", "ss", -1},
		// Accent-sensitive: ß's second s carries a secondary weight.
		{[]sql.CollationID{as}, "ß", "ss", 1},
		// Not UCA: one weight per character (general_ci weighs ß as s).
		{[]sql.CollationID{bin}, "ß", "ss", 1},
		{[]sql.CollationID{gen}, "ß", "ss", -1},
	}
	for _, c := range cases {
		for _, coll := range c.colls {
			got := CompareStrings(coll, c.a, c.b)
			ka, kb := StringKey(coll, c.a), StringKey(coll, c.b)
			if got != c.want || sign(bytes.Compare(ka, kb)) != c.want {
				t.Errorf("%s: %q vs %q: CompareStrings %d, keys %d, want %d", coll.Name(), c.a, c.b, got,
					bytes.Compare(ka, kb), c.want)
			}
			typ := types.MustCreateString(sqltypes.VarChar, 100, coll)
			if cmp, err := Compare(testCtx, typ, c.a, c.b); err != nil || cmp != c.want {
				t.Errorf("%s: Compare(%q, %q) = %d, %v; want %d", coll.Name(), c.a, c.b, cmp, err, c.want)
			}
		}
	}
}

// Keys, CompareStrings and GMS's comparison of the expanded text agree on
// random strings rich in expansions and spaces.
func TestUCAExpansionsOrder(t *testing.T) {
	alphabet := []string{"a", "e", "s", "S", "t", "ß", "æ", "Æ", "ﬁ", "f", "i", "ǆ", "d", "z", "½", "1", "2", " ", "\t", "é",
		"\x00", "\u0301", "\u00ad", "\u200d", "가", "각", "\u1100", "\u1161", "\u11a8"}
	rnd := rand.New(rand.NewSource(1))
	str := func() string {
		var sb strings.Builder
		for n := rnd.Intn(6); n > 0; n-- {
			sb.WriteString(alphabet[rnd.Intn(len(alphabet))])
		}
		return sb.String()
	}
	for _, coll := range []sql.CollationID{sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_utf8mb4_0900_as_ci,
		sql.Collation_utf8mb4_unicode_ci, sql.Collation_utf8mb4_unicode_520_ci, sql.Collation_utf8mb3_unicode_ci} {
		typ := types.MustCreateString(sqltypes.VarChar, 100, coll)
		for i := 0; i < 20000; i++ {
			a, b := str(), str()
			got := CompareStrings(coll, a, b)
			if k := sign(bytes.Compare(StringKey(coll, a), StringKey(coll, b))); k != got {
				t.Fatalf("%s: %q vs %q: keys %d, CompareStrings %d", coll.Name(), a, b, k, got)
			}
			if padSpace(coll) || multiLevel(coll) {
				// FuzzStringCollation checks padding against GMS; GMS's
				// single level is not as_ci's two (ucalevels_test.go).
				continue
			}
			want, err := typ.Compare(testCtx, expandText(coll, a), expandText(coll, b))
			if err != nil || sign(want) != got {
				t.Fatalf("%s: %q vs %q: CompareStrings %d, GMS on the expansions %d", coll.Name(), a, b, got, want)
			}
		}
	}
}

// Format 0 (what Myriad wrote before expansions) is still what
// SetKeyFormatForTest(0) writes, so tests can build old data directories.
func TestKeyFormatForTest(t *testing.T) {
	coll := sql.Collation_utf8mb4_0900_ai_ci
	if bytes.Equal(StringKey(coll, "ß"), StringKey(coll, "ss")) != true {
		t.Fatal("format 1: ß and ss differ")
	}
	SetKeyFormatForTest(0)
	defer SetKeyFormatForTest(KeyFormat)
	if CurrentKeyFormat() != 0 || bytes.Equal(StringKey(coll, "ß"), StringKey(coll, "ss")) {
		t.Fatal("format 0: ß and ss equal")
	}
}
