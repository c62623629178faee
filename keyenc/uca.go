package keyenc

import (
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/rangetable"
)

// MySQL's UCA collations give some characters several collation elements
// (expansions: 'ß' weighs as "ss", 'æ' as "ae", 'ﬁ' as "fi", '½' as
// "1⁄2"), so 'ß' = 'ss' under utf8mb4_0900_ai_ci and utf8mb4_unicode_ci.
// GMS's Sorter gives every character a single weight and cannot say that:
// under those collations keyenc writes an expanding character as the
// weights of the characters it expands to, and CompareStrings compares
// the expanded weight sequences.
//
// Which characters expand, and to what, comes from golang.org/x/text's
// root collation (CLDR 23, UCA 6.2.0): a character whose key at the
// collation's strength holds several primary weights, each of which some
// single character has alone, expands to those characters (the smallest
// code point per primary, a plain letter or digit). Their weights are then
// GMS's own, so an expansion sorts among the other strings exactly as the
// characters it stands for. An accent-sensitive collation only takes an
// expansion whose secondary weights equal its characters' ('ﬁ' = 'fi', but
// 'ß' ≠ 'ss' in utf8mb4_0900_as_ci, as in MySQL).
//
// UCA 6.2.0 is neither MySQL's 4.0.0 (unicode_ci), 5.2.0 (unicode_520_ci)
// nor 9.0.0 (_0900_); TestUCAExpansionsAgainstMariaDB compares every BMP
// character with MariaDB's unicode_ci and unicode_520_ci, and the
// characters where the versions differ are listed there and in
// docs/COMPATIBILITY.md. Ignorable characters and Hangul syllables are
// ucaign.go's.

// ucaStrength is what an expanding collation compares: primary weights
// only (accent- and case-insensitive) or primary and secondary (accent-
// sensitive, case-insensitive).
type ucaStrength uint8

const (
	ucaNone ucaStrength = iota
	ucaPrimary
	ucaSecondary
)

// ucaKind is one set of expansions: a strength and the Unicode version
// whose characters the collation's UCA knows (a character assigned later
// has one implicit weight there, never an expansion). x/text has no
// table of Unicode 4.0.0, MySQL's unicode_ci; 4.1.0 is the nearest.
type ucaKind uint8

const (
	ucaNoKind ucaKind = iota
	uca400
	uca520
	uca900
	uca900Accents
	ucaKinds
)

var ucaKindInfo = [ucaKinds]struct {
	strength ucaStrength
	version  string
}{
	uca400:        {ucaPrimary, "4.1.0"},
	uca520:        {ucaPrimary, "5.2.0"},
	uca900:        {ucaPrimary, "9.0.0"},
	uca900Accents: {ucaSecondary, "9.0.0"},
}

func kindOf(c sql.CollationID) ucaKind {
	switch c {
	case sql.Collation_utf8mb4_unicode_ci, sql.Collation_utf8mb3_unicode_ci:
		return uca400
	case sql.Collation_utf8mb4_unicode_520_ci, sql.Collation_utf8mb3_unicode_520_ci:
		return uca520
	case sql.Collation_utf8mb4_0900_ai_ci:
		return uca900
	case sql.Collation_utf8mb4_0900_as_ci:
		return uca900Accents
	}
	return ucaNoKind
}

// KeyFormat is the version of the string key encoding: 1 since expanding
// characters under the UCA collations encode as their expansions (0 wrote
// one GMS weight per character), 2 since ignorable characters weigh
// nothing there and _0900_ Hangul syllables weigh as their jamo
// (ucaign.go), 3 since utf8mb4_0900_as_ci weighs as UCA's primary and
// secondary levels (ucalevels.go). Tables record the format their keys
// were written in; keys of an older format over a collation whose keys
// changed since (KeyFormatChanged) must be rebuilt before they are read
// with this encoding.
const KeyFormat = 3

// forced, set only by tests through SetKeyFormatForTest, is 1 + the older
// format the package writes, to build data directories as older Myriads
// did; 0 means KeyFormat.
var forced atomic.Int32

// SetKeyFormatForTest makes keyenc encode (and compare) strings in format
// f (0..KeyFormat) until the next call. It exists only so that tests can
// write data as an older Myriad did; CurrentKeyFormat reports it.
func SetKeyFormatForTest(f int) {
	if f >= KeyFormat || f < 0 {
		forced.Store(0)
		return
	}
	forced.Store(int32(f) + 1)
}

// CurrentKeyFormat is the format keys are written in now: KeyFormat,
// except under SetKeyFormatForTest.
func CurrentKeyFormat() int {
	if f := forced.Load(); f > 0 {
		return int(f - 1)
	}
	return KeyFormat
}

// Expands reports whether collation c does not weigh strings one GMS
// weight per character: some characters weigh as several (expansions) or
// as none (ignorables), so GMS's per-character comparison differs from
// MySQL's and from the keys.
func Expands(c sql.CollationID) bool { return kindOf(c) != ucaNoKind && CurrentKeyFormat() > 0 }

// KeyFormatMatters reports whether keys of columns under collation c
// differ between key formats.
func KeyFormatMatters(c sql.CollationID) bool { return kindOf(c) != ucaNoKind }

// KeyFormatChanged reports whether keys of columns under collation c
// written in key format since differ from the current format's: every
// UCA collation's before format 2, only utf8mb4_0900_as_ci's in format 2.
func KeyFormatChanged(c sql.CollationID, since int) bool {
	k := kindOf(c)
	if k == ucaNoKind || since >= CurrentKeyFormat() {
		return false
	}
	return since < 2 || k == uca900Accents
}

// expansionText maps, per key format and kind, a character that does not
// weigh as itself to the characters it weighs as ("" for an ignorable).
var (
	expansionOnce [KeyFormat + 1][ucaKinds]sync.Once
	expansionText [KeyFormat + 1][ucaKinds]map[rune]string
)

func expansionsAt(k ucaKind, format int) map[rune]string {
	expansionOnce[format][k].Do(func() {
		switch format {
		case 0:
		case 1:
			expansionText[format][k] = deriveExpansions(k)
		case 2:
			expansionText[format][k] = withIgnorables(k, expansionsAt(k, 1))
		default: // format 3 changed the levels (ucalevels.go), not these
			expansionText[format][k] = expansionsAt(k, 2)
		}
	})
	return expansionText[format][k]
}

// deriveExpansions walks the BMP and the SMP (the planes above hold
// ideographs, which weigh alone, and private use). About 25 ms.
func deriveExpansions(k ucaKind) map[rune]string {
	info := ucaKindInfo[k]
	assigned := rangetable.Assigned(info.version)
	primary := collate.New(language.Und, collate.IgnoreCase, collate.IgnoreDiacritics, collate.IgnoreWidth)
	var secondary *collate.Collator
	if info.strength == ucaSecondary {
		secondary = collate.New(language.Und, collate.IgnoreCase, collate.IgnoreWidth)
	}
	var buf collate.Buffer
	var enc [utf8.UTFMax]byte
	single := map[int]rune{}  // primary weight -> smallest character with it alone
	multi := map[rune][]int{} // character -> its primaries, when several
	for r := rune(0); r < 0x20000; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		n := utf8.EncodeRune(enc[:], r)
		ps := primaries(primary.Key(&buf, enc[:n]))
		switch len(ps) {
		case 0:
		case 1:
			if _, ok := single[ps[0]]; !ok {
				single[ps[0]] = r
			}
		default:
			// Hangul syllables: x/text weighs them as their jamo (UCA's
			// canonical decomposition); MySQL's 4.0.0 and 5.2.0 tables
			// give them implicit weights.
			if r >= 0xAC00 && r <= 0xD7A3 || !unicode.Is(assigned, r) {
				continue
			}
			multi[r] = ps
		}
	}
	out := make(map[rune]string, len(multi))
next:
	for r, ps := range multi {
		rs := make([]rune, len(ps))
		for i, p := range ps {
			c, ok := single[p]
			if !ok {
				continue next
			}
			rs[i] = c
		}
		text := string(rs)
		if secondary != nil && string(secondary.KeyFromString(&buf, string(r))) != string(secondary.KeyFromString(&buf, text)) {
			continue
		}
		out[r] = text
	}
	for _, r := range ucaDrop[k] {
		delete(out, r)
	}
	for _, r := range ucaDrop[ucaNoKind] {
		delete(out, r)
	}
	for r, t := range ucaAdd[k] {
		out[r] = t
	}
	for r, t := range ucaAdd[ucaNoKind] {
		if secondary == nil || string(secondary.KeyFromString(&buf, string(r))) == string(secondary.KeyFromString(&buf, t)) {
			out[r] = t
		}
	}
	return out
}

// Where x/text's UCA 6.2.0 (CLDR root) and MySQL's tables disagree, as
// TestUCAExpansionsAgainstMariaDB finds on the BMP (MariaDB's unicode_ci
// and unicode_520_ci share MySQL's 4.0.0 and 5.2.0 tables; its
// uca1400_ai_ci stands in for 9.0.0). Index ucaNoKind: every kind.
var (
	ucaAdd = [ucaKinds]map[rune]string{
		// CLDR root weighs currency symbols alone; DUCET expands their
		// compatibility decompositions.
		ucaNoKind: {0x20A8: "Rs", 0xFDFC: "\u0631\u06CC\u0627\u0644"},
		// 4.0.0: Ŀ and ŀ are L and a middle dot.
		uca400: {0x013F: "L\u00B7", 0x0140: "l\u00B7"},
	}
	ucaDrop = [ucaKinds][]rune{
		// U+FDFA's 18 weights: MariaDB keeps 8; left to one weight.
		ucaNoKind: {0xFDFA},
		// 4.0.0 has Æ as a letter of its own, and the rest are Unicode
		// 4.1.0 characters (implicit weights in 4.0.0).
		uca400: {0x00C6, 0x00E6, 0x01E2, 0x01E3, 0x01FC, 0x01FD, 0x1D2D,
			0x0238, 0x0239, 0x09CE, 0x19DE, 0x19DF, 0x1D7A, 0x2CE4, 0x327E, 0xFE19},
		// ⅍ is one symbol in 5.2.0.
		uca520: {0x214D},
		// Arabic letters with a high hamza: newer UCAs put the hamza
		// first; which order 9.0.0 has is not checked, so they expand not.
		uca900:        {0x0675, 0x0676, 0x0677, 0x0678, 0xFBDD},
		uca900Accents: {0x0675, 0x0676, 0x0677, 0x0678, 0xFBDD},
	}
)

// primaries splits the primary level of an x/text collation key (ended by
// 0x0000 when other levels follow) into its weights: two bytes each, or
// three when the first has its top bit set (collate's appendPrimary).
func primaries(key []byte) []int {
	var ps []int
	for i := 0; i+1 < len(key); {
		if key[i] == 0 && key[i+1] == 0 {
			break
		}
		if key[i]&0x80 != 0 && i+2 < len(key) {
			ps = append(ps, int(key[i]&0x7F)<<16|int(key[i+1])<<8|int(key[i+2]))
			i += 3
			continue
		}
		ps = append(ps, int(key[i])<<8|int(key[i+1]))
		i += 2
	}
	return ps
}

// expansionWeights caches, per key format and collation, the weights of
// each character expansionsAt lists (its expansion's characters weighed by
// the collation's Sorter; none for an ignorable).
var expansionWeights [KeyFormat + 1][1024]atomic.Pointer[map[rune][]int32]

// expansionsFor is the expansion weights of collation c, nil when c does
// not expand (or in format 0).
func expansionsFor(c sql.CollationID, sorter sql.CollationSorter) map[rune][]int32 {
	k := kindOf(c)
	f := CurrentKeyFormat()
	if k == ucaNoKind || f == 0 || int(c) >= len(expansionWeights[f]) {
		return nil
	}
	if m := expansionWeights[f][c].Load(); m != nil {
		return *m
	}
	m := expansionWeightsOf(k, f, sorter)
	expansionWeights[f][c].Store(&m)
	return m
}

// expansionWeightsOf is expansionsAt(k, f) with each expansion's
// characters weighed by sorter.
func expansionWeightsOf(k ucaKind, f int, sorter sql.CollationSorter) map[rune][]int32 {
	text := expansionsAt(k, f)
	m := make(map[rune][]int32, len(text))
	for r, t := range text {
		ws := make([]int32, 0, len(t))
		for _, x := range t {
			ws = append(ws, sorter(x))
		}
		m[r] = ws
	}
	return m
}

// ExpansionOf is the characters that r weighs as under collation c, if r
// does not weigh as itself there ("" when r is ignorable).
func ExpansionOf(c sql.CollationID, r rune) (string, bool) {
	k := kindOf(c)
	f := CurrentKeyFormat()
	if k == ucaNoKind || f == 0 {
		return "", false
	}
	t, ok := expansionsAt(k, f)[r]
	return t, ok
}
