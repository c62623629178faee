package keyenc

import (
	"bytes"
	"maps"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/rangetable"
)

// Key format 2. MySQL's UCA collations skip ignorable characters: control
// characters such as U+0000, format characters (soft hyphen from UCA 6.0
// on, zero-width joiners, U+FEFF) and, at the primary strength of the
// _ai_ci and unicode collations, combining marks: 'a\0' = 'a' and
// 'a\u0301b' = 'ab' under utf8mb4_0900_ai_ci. GMS weighs them (0 under the
// _0900_ collations, the space's weight under the unicode ones), so keyenc
// lists them as expanding to nothing.
//
// The set comes from golang.org/x/text's root collation as the expansions
// do: a character assigned in the collation's Unicode version whose key at
// the collation's strength is empty. A character the version has not
// assigned has an implicit weight, never none; utf8mb4_unicode_ci (UCA
// 4.0.0) weighs every character above the BMP as U+FFFD, so it has none
// there. conformance.TestUCAIgnorablesAgainstMariaDB compares the BMP with
// MariaDB's WEIGHT_STRING (unicode_ci, unicode_520_ci, and uca1400_ai_ci
// standing in for the _0900_ ones); ucaIgnDrop and ucaIgnAdd hold where
// the UCA versions differ from x/text's 6.2.0.
//
// Contractions (several characters weighing as one) the root collations
// of MySQL do not have: my_uca_v400, my_uca_v520 and my_uca_v900 in MySQL
// 8.0's strings/ctype-uca.cc carry no contraction table, and MySQL does
// not normalize, so 'и\u0306' is 'и' and not 'й' (and 'a\u0301' equals
// 'á' under the _ai_ci collations only because the accent is ignorable
// there). What the _0900_ collations do have is Hangul: a syllable
// U+AC00..U+D7AF has no weight of its own and weighs as the jamo it
// decomposes to (my_decompose_hangul_syllable), so '가' = '\u1100\u1161'.
// UCA 4.0.0 and 5.2.0 give syllables their own weights (MariaDB agrees).

// withIgnorables is format 2's map for kind k: format 1's expansions,
// the ignorable characters (to ""), and for the _0900_ kinds the Hangul
// syllables (to their jamo).
func withIgnorables(k ucaKind, base map[rune]string) map[rune]string {
	out := maps.Clone(base)
	for _, r := range deriveIgnorables(k) {
		out[r] = ""
	}
	if k == uca900 || k == uca900Accents {
		for r := rune(0xAC00); r <= 0xD7AF; r++ {
			out[r] = hangulJamo(r)
		}
	}
	return out
}

// hangulJamo is the jamo MySQL decomposes syllable r to: leading, vowel,
// and trailing unless there is none (Unicode's arithmetic decomposition,
// which MySQL also applies to U+D7A4..U+D7AF).
func hangulJamo(r rune) string {
	const vowels, trailing = 21, 28
	i := r - 0xAC00
	l, v, t := 0x1100+i/(vowels*trailing), 0x1161+i%(vowels*trailing)/trailing, i%trailing
	if t == 0 {
		return string([]rune{l, v})
	}
	return string([]rune{l, v, 0x11A7 + t})
}

// ignorableRanges are the code points deriveIgnorables looks at: the BMP,
// the SMP, and plane 14's tags and variation selectors (the planes between
// hold ideographs, which weigh, and private use).
var ignorableRanges = [][2]rune{{0, 0x1FFFF}, {0xE0000, 0xE01FF}}

// deriveIgnorables lists the characters kind k weighs as nothing.
func deriveIgnorables(k ucaKind) []rune {
	info := ucaKindInfo[k]
	assigned := rangetable.Assigned(info.version)
	opts := []collate.Option{collate.IgnoreCase, collate.IgnoreWidth}
	if info.strength == ucaPrimary {
		opts = append(opts, collate.IgnoreDiacritics)
	}
	col := collate.New(language.Und, opts...)
	var buf collate.Buffer
	empty := bytes.Clone(col.KeyFromString(&buf, ""))
	drop := map[rune]bool{}
	for _, rg := range ucaIgnDrop[k] {
		for r := rg[0]; r <= rg[1]; r++ {
			drop[r] = true
		}
	}
	var out []rune
	var enc [utf8.UTFMax]byte
	for _, rg := range ignorableRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if k == uca400 && r > 0xFFFF {
				break
			}
			if !utf8.ValidRune(r) || !unicode.Is(assigned, r) || drop[r] {
				continue
			}
			n := utf8.EncodeRune(enc[:], r)
			if bytes.Equal(col.Key(&buf, enc[:n]), empty) {
				out = append(out, r)
			}
		}
	}
	for _, rg := range ucaIgnAdd[k] {
		for r := rg[0]; r <= rg[1]; r++ {
			out = append(out, r)
		}
	}
	return out
}

// Where the UCA versions' ignorables differ from x/text's 6.2.0, as
// conformance.TestUCAIgnorablesAgainstMariaDB finds (inclusive ranges).
// 4.0.0 and 5.2.0 weigh the soft hyphen (as a hyphen), the Arabic tatweel,
// the Mongolian nirugu and some Tibetan and Khmer signs, and ignore
// U+06DE; 4.0.0 has not the marks Unicode 4.1.0 added (implicit weights)
// and ignores U+180E. For the _0900_ kinds the additions are characters
// Unicode assigned after 6.2.0 (which x/text weighs implicitly) that
// MariaDB's UCA 14.0.0 ignores: marks of newer scripts, the bidi isolates
// U+2066..U+2069, U+061C; U+180E became a format character in 6.3.0.
var (
	ucaIgnDrop = [ucaKinds][][2]rune{
		uca400: {{0x00AD, 0x00AD}, {0x0358, 0x035C}, {0x05A2, 0x05A2}, {0x05C5, 0x05C5}, {0x05C7, 0x05C7},
			{0x0640, 0x0640}, {0x0659, 0x065E}, {0x0E4C, 0x0E4D}, {0x0ECC, 0x0ECD}, {0x0F3E, 0x0F3F},
			{0x135F, 0x135F}, {0x17B4, 0x17B5}, {0x180A, 0x180A}, {0x1DC0, 0x1DC3}, {0x20EB, 0x20EB},
			{0xA80B, 0xA80B}},
		uca520: {{0x00AD, 0x00AD}, {0x0640, 0x0640}, {0x07FA, 0x07FA}, {0x0F3E, 0x0F3F}, {0x17B4, 0x17B5},
			{0x180A, 0x180A}},
		uca900: {{0x108D, 0x108D}},
	}
	ucaIgnAdd = [ucaKinds][][2]rune{
		uca400: {{0x06DE, 0x06DE}, {0x180E, 0x180E}},
		uca520: {{0x06DE, 0x06DE}},
		uca900: {{0x0605, 0x0605}, {0x061C, 0x061C}, {0x08D4, 0x08E3}, {0x08FF, 0x08FF}, {0x0C00, 0x0C00},
			{0x0C81, 0x0C81}, {0x0D01, 0x0D01}, {0x180E, 0x180E}, {0x1AB0, 0x1ABE}, {0x1CF8, 0x1CF9},
			{0x1DF5, 0x1DF5}, {0x1DFB, 0x1DFB}, {0x2066, 0x2069}, {0xA8C5, 0xA8C5}, {0xFE27, 0xFE2F},
			{0x102E0, 0x102E0}, {0x10AE5, 0x10AE6}, {0x11173, 0x11173}, {0x111C9, 0x111CC},
			{0x11234, 0x11234}, {0x11236, 0x11237}, {0x1123E, 0x1123E}, {0x112DF, 0x112DF},
			{0x112E9, 0x112E9}, {0x11300, 0x11303}, {0x1133C, 0x1133C}, {0x11366, 0x1136C},
			{0x11370, 0x11374}, {0x11443, 0x11446}, {0x114BF, 0x114C1}, {0x114C3, 0x114C3},
			{0x115BC, 0x115BE}, {0x115C0, 0x115C0}, {0x1163D, 0x1163E}, {0x11640, 0x11640},
			{0x11C3C, 0x11C3E}, {0x11CB5, 0x11CB6}, {0x16AF0, 0x16AF4}, {0x16B30, 0x16B36},
			{0x1BC9D, 0x1BC9E}, {0x1BCA0, 0x1BCA3}, {0x1DA00, 0x1DA36}, {0x1DA3B, 0x1DA6C},
			{0x1DA75, 0x1DA75}, {0x1DA84, 0x1DA84}, {0x1DA9B, 0x1DA9F}, {0x1DAA1, 0x1DAAF},
			{0x1E8D0, 0x1E8D6}, {0x1E944, 0x1E94A}},
		uca900Accents: {{0x0605, 0x0605}, {0x061C, 0x061C}, {0x08D4, 0x08E2}, {0x180E, 0x180E},
			{0x1CF8, 0x1CF9}, {0x2066, 0x2069}, {0xFE28, 0xFE28}, {0xFE2A, 0xFE2D}, {0xFE2F, 0xFE2F},
			{0x102E0, 0x102E0}, {0x11366, 0x1136C}, {0x11370, 0x11374}, {0x1BCA0, 0x1BCA3},
			{0x1DA00, 0x1DA36}, {0x1DA3B, 0x1DA6C}, {0x1DA75, 0x1DA75}, {0x1DA84, 0x1DA84},
			{0x1DA9B, 0x1DA9F}, {0x1DAA1, 0x1DAAF}, {0x1E8D0, 0x1E8D6}},
	}
)
