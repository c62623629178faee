package keyenc

import (
	"bytes"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Ignorable characters and Hangul syllables: MySQL 8.0's answers for the
// _0900_ collations (its ctype-uca.cc), MariaDB 10.11's for the unicode
// ones (which share MySQL's tables).
func TestUCAIgnorables(t *testing.T) {
	ai, as := sql.Collation_utf8mb4_0900_ai_ci, sql.Collation_utf8mb4_0900_as_ci
	uni, u520 := sql.Collation_utf8mb4_unicode_ci, sql.Collation_utf8mb4_unicode_520_ci
	uni3 := sql.Collation_utf8mb3_unicode_ci
	gen, bin := sql.Collation_utf8mb4_general_ci, sql.Collation_utf8mb4_0900_bin
	all := []sql.CollationID{ai, as, uni, u520, uni3}
	cases := []struct {
		colls []sql.CollationID
		a, b  string
		want  int
	}{
		// Control characters weigh nothing, wherever they are.
		{all, "a\x00", "a", 0},
		{all, "a\x00b", "ab", 0},
		{all, "\x00", "", 0},
		{all, "\x01\x7f\x1fab", "AB", 0},
		{all, "a\x00c", "ab", 1},
		{all, "ab\x00", "ac", -1},
		// Format characters: zero-width joiner and non-joiner, BOM, LRM.
		{all, "a\u200db", "ab", 0},
		{all, "\ufeffab\u200c", "ab", 0},
		{all, "a\u200eb", "ab", 0},
		// The bidi isolates are Unicode 6.3.0's (x/text's 6.2.0 weighs
		// them): ignorable in 9.0.0, unassigned in 4.0.0 and 5.2.0.
		{[]sql.CollationID{ai, as}, "\u2066ab\u2069", "ab", 0},
		{[]sql.CollationID{uni, u520}, "\u2066ab\u2069", "ab", 1},
		// The soft hyphen is ignorable from UCA 6.0.0 on; 4.0.0 and 5.2.0
		// weigh it (below the letters).
		{[]sql.CollationID{ai, as}, "a\u00adb", "ab", 0},
		{[]sql.CollationID{uni, u520}, "a\u00adb", "ab", -1},
		// Tab, newline and space are not ignorable.
		{all, "a\tb", "ab", -1},
		{[]sql.CollationID{ai}, "a\nb", "ab", -1},
		// Combining marks weigh nothing at the primary strength, so a
		// combining sequence equals the precomposed letter; the accent-
		// sensitive collation weighs them.
		{[]sql.CollationID{ai, uni, u520}, "a\u0301", "a", 0},
		{[]sql.CollationID{ai, uni, u520}, "a\u0301", "á", 0},
		{[]sql.CollationID{ai, uni, u520}, "e\u0301\u0302te", "ETE", 0},
		{[]sql.CollationID{as}, "a\u0301", "a", 1},
		// MySQL has no contractions in its root collations and does not
		// normalize: 'и' + breve is 'и', not 'й' (a letter of its own).
		{[]sql.CollationID{ai, uni, u520}, "и\u0306", "и", 0},
		{[]sql.CollationID{ai, uni, u520}, "и\u0306", "й", -1},
		// _0900_: a Hangul syllable weighs as its jamo; 4.0.0 and 5.2.0
		// give syllables their own weights.
		{[]sql.CollationID{ai, as}, "가", "\u1100\u1161", 0},
		{[]sql.CollationID{ai, as}, "각", "\u1100\u1161\u11a8", 0},
		{[]sql.CollationID{ai, as}, "가나", "\u1100\u1161\u1102\u1161", 0},
		{[]sql.CollationID{ai, as, uni, u520}, "가", "각", -1},
		{[]sql.CollationID{ai, as, uni, u520}, "힣", "가", 1},
		{[]sql.CollationID{uni, u520}, "가", "\u1100\u1161", 1},
		// Padding: utf8mb4_0900_ai_ci is NO PAD, the unicode ones PAD
		// SPACE; a trailing ignorable is neither a space nor a character.
		{[]sql.CollationID{ai}, "a\x00", "a ", -1},
		{[]sql.CollationID{uni, u520}, "a\x00", "a ", 0},
		{[]sql.CollationID{uni, u520}, "a \x00", "a", 0},
		{[]sql.CollationID{uni, u520}, "a \x00\t", "a", -1},
		// With expansions: 'ß' is "ss", an ignorable between changes nothing.
		{[]sql.CollationID{ai, uni, u520}, "s\x00s", "ß", 0},
		{[]sql.CollationID{ai, uni, u520}, "ß\u200d", "ss", 0},
		// Not UCA: every character weighs.
		{[]sql.CollationID{bin}, "a\x00", "a", 1},
		{[]sql.CollationID{gen}, "a\x00", "a", -1}, // PAD SPACE: \0 weighs less than a space
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

// Format 1 (expansions, but ignorables weigh and syllables are one
// character) is what SetKeyFormatForTest(1) writes, so tests can build the
// data directories of that Myriad.
func TestKeyFormat1ForTest(t *testing.T) {
	coll := sql.Collation_utf8mb4_0900_ai_ci
	SetKeyFormatForTest(1)
	defer SetKeyFormatForTest(KeyFormat)
	if CurrentKeyFormat() != 1 || !bytes.Equal(StringKey(coll, "ß"), StringKey(coll, "ss")) {
		t.Fatal("format 1: ß and ss differ")
	}
	if bytes.Equal(StringKey(coll, "a\x00"), StringKey(coll, "a")) || CompareStrings(coll, "가", "\u1100\u1161") == 0 {
		t.Fatal("format 1: ignorables or Hangul as in format 2")
	}
	SetKeyFormatForTest(KeyFormat)
	if !bytes.Equal(StringKey(coll, "a\x00"), StringKey(coll, "a")) || CompareStrings(coll, "가", "\u1100\u1161") != 0 {
		t.Fatal("format 2: 'a\\0' <> 'a' or '가' <> its jamo")
	}
}

// hangulJamo is Unicode's arithmetic decomposition (checked against x/text's
// canonical decomposition through the collation: the syllable and its jamo
// weigh the same in the root collation).
func TestHangulJamo(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want string
	}{
		{0xAC00, "\u1100\u1161"},
		{0xAC01, "\u1100\u1161\u11a8"},
		{0xD7A3, "\u1112\u1175\u11c2"},
		{0xD55C, "\u1112\u1161\u11ab"}, // 한
		// Past the last syllable MySQL decomposes on arithmetically.
		{0xD7A4, "\u1113\u1161"},
	} {
		if got := hangulJamo(c.r); got != c.want {
			t.Errorf("U+%04X: %+q, want %+q", c.r, got, c.want)
		}
	}
}
