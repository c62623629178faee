package keyenc

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// utf8mb4_0900_as_ci as UCA's two levels: MySQL 8.0's answers (the
// multi-level WEIGHT_STRING of the strings; MariaDB's uca1400_as_ci gives
// the same for these).
func TestUCAMultiLevel(t *testing.T) {
	as := sql.Collation_utf8mb4_0900_as_ci
	cases := []struct {
		a, b string
		want int
	}{
		// A combining accent is the precomposed letter's secondary.
		{"a\u0301", "á", 0},
		{"A\u0301", "á", 0},
		{"e\u0301te\u0301", "ÉTÉ", 0},
		{"a\u0301", "a", 1},
		{"á", "a", 1},
		// All primaries first: the b and the c decide before the accent.
		{"ab", "áb", -1},
		{"áb", "ac", -1},
		{"áa", "ab", -1},
		{"ába", "abb", -1},
		// Then the secondaries from the first on (no French backwards).
		{"cote", "coté", -1},
		{"coté", "côte", -1},
		{"côte", "côté", -1},
		// Acute before grave.
		{"á", "à", -1},
		{"àb", "ác", -1},
		// Case is a tertiary difference: ignored.
		{"Á", "á", 0},
		{"ÁB", "áb", 0},
		// A string whose primaries are a prefix of another's is first,
		// whatever the accents.
		{"á", "ab", -1},
		{"ä", "a\u0301a", -1},
		// Expansions keep their secondaries: 'ß' has a mark on its second s.
		{"ß", "ss", 1},
		{"ß", "st", -1},
		{"ﬁ", "fi", 0},
		// Ignorables weigh at neither level.
		{"a\x00\u0301", "á", 0},
		{"a\u200d", "a", 0},
		// Hangul syllables are their jamo at both levels.
		{"각", "\u1100\u1161\u11a8", 0},
	}
	typ := types.MustCreateString(sqltypes.VarChar, 100, as)
	for _, c := range cases {
		for _, p := range [][2]string{{c.a, c.b}, {c.b, c.a}} {
			want := c.want
			if p[0] != c.a {
				want = -want
			}
			got := CompareStrings(as, p[0], p[1])
			k := sign(bytes.Compare(StringKey(as, p[0]), StringKey(as, p[1])))
			cmp, err := Compare(testCtx, typ, p[0], p[1])
			if got != want || k != want || err != nil || cmp != want {
				t.Errorf("%q vs %q: CompareStrings %d, keys %d, Compare %d %v; want %d", p[0], p[1], got, k, cmp, err, want)
			}
		}
	}
}

// On Latin letters, precomposed accented letters and one combining accent
// (x/text reorders several marks by combining class, MySQL does not),
// x/text's root collation at secondary strength is UCA's two levels: keys,
// CompareStrings and it agree.
func TestUCAMultiLevelAgainstXText(t *testing.T) {
	as := sql.Collation_utf8mb4_0900_as_ci
	col := collate.New(language.Und, collate.IgnoreCase, collate.IgnoreWidth)
	alphabet := []string{"a", "A", "b", "c", "e", "o", "s", "z", "á", "à", "â", "ä", "å", "Á", "é", "è", "ê", "ô", "ö",
		"ø", "ç", "ñ", "ß", "ss", "æ", "\u0301", "1", "-", " "}
	rnd := rand.New(rand.NewSource(3))
	str := func() string {
		var sb strings.Builder
		for n := rnd.Intn(6); n > 0; n-- {
			sb.WriteString(alphabet[rnd.Intn(len(alphabet))])
		}
		return sb.String()
	}
	for i := 0; i < 30000; i++ {
		a, b := str(), str()
		got := CompareStrings(as, a, b)
		if k := sign(bytes.Compare(StringKey(as, a), StringKey(as, b))); k != got {
			t.Fatalf("%q vs %q: keys %d, CompareStrings %d", a, b, k, got)
		}
		if want := col.CompareString(a, b); want != got {
			t.Fatalf("%q vs %q: CompareStrings %d, x/text %d", a, b, got, want)
		}
	}
}

// Format 2 (before the levels) is what SetKeyFormatForTest(2) writes:
// GMS's one weight per character, so 'a\u0301' and 'á' differ there.
func TestUCAMultiLevelFormat2(t *testing.T) {
	as := sql.Collation_utf8mb4_0900_as_ci
	if !bytes.Equal(StringKey(as, "a\u0301"), StringKey(as, "á")) {
		t.Fatal("format 3: a+U+0301 and á differ")
	}
	SetKeyFormatForTest(2)
	defer SetKeyFormatForTest(KeyFormat)
	if bytes.Equal(StringKey(as, "a\u0301"), StringKey(as, "á")) || CompareStrings(as, "a\u0301", "á") == 0 {
		t.Fatal("format 2: a+U+0301 and á equal")
	}
}

// Only as_ci's keys changed in format 3; every UCA collation's before 2.
func TestKeyFormatChanged(t *testing.T) {
	for _, c := range []struct {
		coll  sql.CollationID
		since int
		want  bool
	}{
		{sql.Collation_utf8mb4_0900_as_ci, 2, true},
		{sql.Collation_utf8mb4_0900_as_ci, 3, false},
		{sql.Collation_utf8mb4_0900_ai_ci, 2, false},
		{sql.Collation_utf8mb4_unicode_ci, 2, false},
		{sql.Collation_utf8mb4_0900_ai_ci, 1, true},
		{sql.Collation_utf8mb4_unicode_ci, 0, true},
		{sql.Collation_utf8mb4_general_ci, 0, false},
	} {
		if got := KeyFormatChanged(c.coll, c.since); got != c.want {
			t.Errorf("KeyFormatChanged(%s, %d) = %v, want %v", c.coll.Name(), c.since, got, c.want)
		}
	}
}

// Key and comparison cost of utf8mb4_0900_as_ci in format 2 (GMS's one
// weight a character) and format 3 (two levels), side by side.
func BenchmarkAsCI(b *testing.B) {
	as := sql.Collation_utf8mb4_0900_as_ci
	levels()
	for _, s := range []struct{ name, a, b string }{
		{"ASCII", "68487932199-96439406143-93774651418", "68487932199-96439406143-93774651419"},
		{"Latin", "Crème brûlée à la française", "Crème brûlée à la françaisé"},
	} {
		for _, f := range []int{2, 3} {
			SetKeyFormatForTest(f)
			var buf []byte
			b.Run(fmt.Sprintf("Key/%s/format%d", s.name, f), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					buf = AppendStringKey(buf[:0], as, s.a)
				}
			})
			b.Run(fmt.Sprintf("Compare/%s/format%d", s.name, f), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					CompareStrings(as, s.a, s.b)
				}
			})
		}
	}
	SetKeyFormatForTest(KeyFormat)
}
