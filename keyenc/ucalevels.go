package keyenc

import (
	"sync"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Key format 3. utf8mb4_0900_as_ci compares as UCA's multi-level sort key
// (MySQL's WEIGHT_STRING shows it): every primary weight of the string,
// then every secondary weight. A combining mark has no primary, only a
// secondary, and a precomposed letter weighs as its base letter's primary
// and its accents' secondaries, so 'a\u0301' = 'á' and 'ab' < 'áb' < 'ac'
// (the b and c decide before any accent does). GMS's Sorter gives every
// character one weight of a single level ('á' right after 'a', so 'áb' >
// 'ac', and 'a\u0301' ≠ 'á'); up to format 2 keyenc wrote that.
//
// The primary level is utf8mb4_0900_ai_ci's exactly (GMS's weights with
// uca.go's expansions and ucaign.go's ignorables), so two strings equal
// under as_ci are equal under ai_ci. The secondary weights come from
// golang.org/x/text's root collation (UCA 6.2.0) at secondary strength,
// character by character (MySQL does not normalize and has no
// contractions there): its secondary values are not MySQL 9.0.0's, but
// their order, which is all a comparison or a key sees, is the same for
// the accents conformance.TestUCAMultiLevelAgainstMariaDB generates. A
// character ignorable at both levels (ucaign.go's list for
// uca900Accents) has none; a mark Unicode added after 6.2.0, which x/text
// does not know, weighs as a plain letter's secondary (docs/COMPATIBILITY.md).
//
// Keys: mString, each primary weight w as appendWeight(w+1), the level
// separator appendWeight(0) (below every primary, so a string whose
// primaries are a prefix of another's sorts first), each secondary
// weight, the terminator. The same weight codes as format 2's, so
// skipWeights is unchanged.

// multiLevel reports whether strings under c compare and encode as
// UCA's primary and secondary levels (format 3's utf8mb4_0900_as_ci).
func multiLevel(c sql.CollationID) bool {
	return c == sql.Collation_utf8mb4_0900_as_ci && CurrentKeyFormat() >= 3
}

// commonSecondary is UCA's secondary weight of a letter without accents
// (x/text's too).
const commonSecondary = 0x20

// ucaLevels is the data of the two levels.
type ucaLevels struct {
	primSorter sql.CollationSorter
	primTbl    *[128]int32
	primExp    map[rune][]int32
	secASCII   [128][]int32
	// secExc holds the characters whose secondaries are not exactly one
	// commonSecondary (accented letters, marks, expansions, ignorables);
	// every other character has that one.
	secExc map[rune][]int32
}

var (
	levelsOnce sync.Once
	levelsData *ucaLevels
)

// levels derives the secondaries over the BMP, the SMP and plane 14 (the
// planes between hold ideographs: one implicit weight, a common
// secondary). About 100 ms, once.
func levels() *ucaLevels {
	levelsOnce.Do(func() {
		ai := sql.Collation_utf8mb4_0900_ai_ci
		sorter := ai.Sorter()
		l := &ucaLevels{
			primSorter: sorter,
			primTbl:    asciiTable(ai, sorter),
			primExp:    expansionWeightsOf(uca900, 2, sorter),
			secExc:     map[rune][]int32{},
		}
		full := expansionsAt(uca900Accents, 2) // "" = ignorable at both levels
		col := collate.New(language.Und, collate.IgnoreCase, collate.IgnoreWidth)
		var buf collate.Buffer
		var enc [utf8.UTFMax]byte
		for _, rg := range ignorableRanges {
			for r := rg[0]; r <= rg[1]; r++ {
				if !utf8.ValidRune(r) {
					continue
				}
				var ss []int32
				if x, ok := full[r]; !ok || x != "" {
					n := utf8.EncodeRune(enc[:], r)
					ss = secondaries(col.Key(&buf, enc[:n]))
				}
				if r < utf8.RuneSelf {
					l.secASCII[r] = ss
					continue
				}
				if len(ss) != 1 || ss[0] != commonSecondary {
					l.secExc[r] = ss
				}
			}
		}
		levelsData = l
	})
	return levelsData
}

// secondaries is the secondary level of an x/text key at secondary
// strength: what follows the primaries (as primaries splits them) and
// their 0x0000 end, two bytes a weight.
func secondaries(key []byte) []int32 {
	i := 0
	for i+1 < len(key) {
		if key[i] == 0 && key[i+1] == 0 {
			break
		}
		if key[i]&0x80 != 0 {
			i += 3
		} else {
			i += 2
		}
	}
	var ss []int32
	for i += 2; i+1 < len(key); i += 2 {
		ss = append(ss, int32(key[i])<<8|int32(key[i+1]))
	}
	return ss
}

var commonOnly = []int32{commonSecondary}

func (l *ucaLevels) secondaryOf(r rune) []int32 {
	if r < utf8.RuneSelf {
		return l.secASCII[r]
	}
	if ss, ok := l.secExc[r]; ok {
		return ss
	}
	return commonOnly
}

// secIter yields a string's secondary weights.
type secIter struct {
	s    string
	pend []int32
	l    *ucaLevels
}

func (it *secIter) next() (int32, bool) {
	for len(it.pend) == 0 {
		if len(it.s) == 0 {
			return 0, false
		}
		r, n := utf8.DecodeRuneInString(it.s)
		it.s = it.s[n:]
		it.pend = it.l.secondaryOf(r)
	}
	w := it.pend[0]
	it.pend = it.pend[1:]
	return w, true
}

// appendLevels writes format 3's key of s (see above).
func appendLevels(b []byte, s string) []byte {
	l := levels()
	b = append(b, mString)
	// Printable ASCII, the common case, weighs one primary and the common
	// secondary a character (asciiWeighs: never an exception): the loop
	// below, not the iterators, writes it (about 5x less CPU per key).
	start := len(b)
	i := 0
	for ; i < len(s) && asciiWeighs(s[i]) && s[i] < utf8.RuneSelf; i++ {
		if w := l.primTbl[s[i]] + 1; w < w1Limit {
			b = append(b, byte(w1Base+w))
		} else {
			b = appendWeight(b, w)
		}
	}
	if i == len(s) {
		b = appendWeight(b, 0)
		for range len(s) {
			b = append(b, byte(w1Base+commonSecondary))
		}
		return append(b, strTerm)
	}
	b = b[:start]
	p := weightIter{s: s, tbl: l.primTbl, sorter: l.primSorter, exp: l.primExp}
	for w, ok := p.next(); ok; w, ok = p.next() {
		b = appendWeight64(b, int64(w)+1)
	}
	b = appendWeight(b, 0)
	sec := secIter{s: s, l: l}
	for w, ok := sec.next(); ok; w, ok = sec.next() {
		b = appendWeight(b, w)
	}
	return append(b, strTerm)
}

// compareLevels is the order of appendLevels' keys without building them:
// the primaries, a string whose primaries end first before the other, then
// the secondaries likewise (the _0900_ collations are NO PAD).
func compareLevels(a, b string) int {
	if a == b {
		return 0
	}
	l := levels()
	// A leading run of printable ASCII weighs one primary a character, so
	// the first difference there decides the primary level, and two
	// strings of it alone with equal primaries have equal secondaries.
	n := min(len(a), len(b))
	i := 0
	for ; i < n; i++ {
		ca, cb := a[i], b[i]
		if ca >= utf8.RuneSelf || cb >= utf8.RuneSelf || !asciiWeighs(ca) || !asciiWeighs(cb) {
			break
		}
		if ca != cb {
			if wa, wb := l.primTbl[ca], l.primTbl[cb]; wa != wb {
				if wa < wb {
					return -1
				}
				return 1
			}
		}
	}
	if i == n && i == len(a) && i == len(b) {
		return 0
	}
	pa := weightIter{s: a, tbl: l.primTbl, sorter: l.primSorter, exp: l.primExp}
	pb := weightIter{s: b, tbl: l.primTbl, sorter: l.primSorter, exp: l.primExp}
	if c := compareSeq(pa.next, pb.next); c != 0 {
		return c
	}
	sa, sb := secIter{s: a, l: l}, secIter{s: b, l: l}
	return compareSeq(sa.next, sb.next)
}

func compareSeq(na, nb func() (int32, bool)) int {
	for {
		aw, aok := na()
		bw, bok := nb()
		switch {
		case !aok && !bok:
			return 0
		case !aok:
			return -1
		case !bok:
			return 1
		case aw < bw:
			return -1
		case aw > bw:
			return 1
		}
	}
}
