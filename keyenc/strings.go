package keyenc

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Collation weights are written one per character in a prefix-free,
// order-preserving form whose first byte is never 0x00, so the 0x00 string
// terminator sorts before any further character (shorter strings first, as in
// GMS StringType.Compare):
//
//	0x01 + 4 bytes           negative weight (two's complement, big-endian)
//	0x02..0xBF               weight 0..189
//	0xC0..0xEF + 1 byte      weight 190..12477
//	0xF0..0xFD + 2 bytes     weight 12478..929981
//	0xFE + 4 bytes           weight 929982..2^31-1
//
// 0xFF never starts a weight.
const (
	wNeg    = 0x01
	w1Base  = 0x02
	w2Base  = 0xC0
	w3Base  = 0xF0
	wLarge  = 0xFE
	w1Limit = 190
	w2Limit = w1Limit + (w3Base-w2Base)<<8  // 12478
	w3Limit = w2Limit + (wLarge-w3Base)<<16 // 929982
	strTerm = 0x00
)

func appendWeight(b []byte, w int32) []byte {
	switch {
	case w < 0:
		u := uint32(w)
		return append(b, wNeg, byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
	case w < w1Limit:
		return append(b, byte(w1Base+w))
	case w < w2Limit:
		x := w - w1Limit
		return append(b, byte(w2Base+x>>8), byte(x))
	case w < w3Limit:
		x := w - w2Limit
		return append(b, byte(w3Base+x>>16), byte(x>>8), byte(x))
	default:
		u := uint32(w)
		return append(b, wLarge, byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
	}
}

// asciiTables caches, per collation, the Sorter's weights of runes 0..127 so
// that the common ASCII case avoids a Sorter call (which for many collations
// is a map lookup). The values are exactly the Sorter's.
var asciiTables [1024]atomic.Pointer[[128]int32]

func asciiTable(c sql.CollationID, sorter sql.CollationSorter) *[128]int32 {
	if int(c) >= len(asciiTables) {
		return nil
	}
	if tbl := asciiTables[c].Load(); tbl != nil {
		return tbl
	}
	tbl := new([128]int32)
	for r := range tbl {
		tbl[r] = sorter(rune(r))
	}
	asciiTables[c].Store(tbl)
	return tbl
}

// appendWeights writes mString, the weight of every character of s under the
// collation, and the terminator. Characters are decoded exactly as GMS's
// non-binary encoders' NextRune does (utf8.DecodeRuneInString; an invalid byte
// becomes U+FFFD of width 1).
func appendWeights(b []byte, s string, c sql.CollationID, sorter sql.CollationSorter) []byte {
	if multiLevel(c) {
		return appendLevels(b, s)
	}
	if padSpace(c) {
		return appendPadWeights(b, s, c, sorter)
	}
	if cap(b)-len(b) < len(s)+2 {
		nb := make([]byte, len(b), len(b)+2*len(s)+2)
		copy(nb, b)
		b = nb
	}
	b = append(b, mString)
	tbl := asciiTable(c, sorter)
	exp := expansionsFor(c, sorter)
	var codes *[128]asciiCode
	if tbl != nil {
		codes = asciiCodesFor(c, tbl, exp != nil)
	}
	for i := 0; i < len(s); {
		ch := s[i]
		if ch < utf8.RuneSelf && codes != nil {
			if e := &codes[ch]; e.n == 2 {
				b = append(b, e.b[0], e.b[1])
				i++
				continue
			} else if e.n != 0 {
				b = append(b, e.b[:e.n]...)
				i++
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if ws, ok := exp[r]; ok {
			for _, w := range ws {
				b = appendWeight(b, w)
			}
			continue
		}
		b = appendCharWeight(b, sorter(r))
	}
	return append(b, strTerm)
}

// appendCharWeight is appendWeight with its two commonest forms tested
// first.
func appendCharWeight(b []byte, w int32) []byte {
	switch {
	case w >= 0 && w < w1Limit:
		return append(b, byte(w1Base+w))
	case w >= w1Limit && w < w2Limit:
		x := w - w1Limit
		return append(b, byte(w2Base+x>>8), byte(x))
	default:
		return appendWeight(b, w)
	}
}

// An asciiCode is what appendWeights writes for one ASCII character read
// through its collation's asciiTable: n bytes (0: the character is not
// read through the table, but decoded and weighed as any other).
// Weighing, range-testing and encoding each character of a key were most
// of the cost of sysbench's `SELECT DISTINCT c` (docs/PROFILES.md
// "perf27"); the table holds the result.
type asciiCode struct {
	n uint8
	b [5]byte
}

// asciiCodes caches a collation's asciiCode table, without ([0]) and with
// ([1]) expansions: with them, only characters that asciiWeighs are read
// through the table.
var asciiCodes [2][1024]atomic.Pointer[[128]asciiCode]

func asciiCodesFor(c sql.CollationID, tbl *[128]int32, withExp bool) *[128]asciiCode {
	k := 0
	if withExp {
		k = 1
	}
	if int(c) >= len(asciiCodes[k]) {
		return nil
	}
	if t := asciiCodes[k][c].Load(); t != nil {
		return t
	}
	t := new([128]asciiCode)
	for ch := range t {
		if withExp && !asciiWeighs(byte(ch)) {
			continue
		}
		enc := appendCharWeight(nil, tbl[ch])
		t[ch].n = uint8(copy(t[ch].b[:], enc))
	}
	asciiCodes[k][c].Store(t)
	return t
}

// PAD SPACE collations (every MySQL collation but binary and the _0900_
// ones) compare as if the shorter string were padded with spaces: 'a' = 'a '
// and, since a tab weighs less than a space, 'a\t' < 'a'. A character whose
// weight equals the space's counts as a space. The encoding below makes byte
// order equal that comparison:
//
//   - trailing spaces are dropped;
//   - weights below the space's keep their code; weights above it are
//     shifted up by 2, leaving codes ws (spLess), ws+1 (padEnd) and ws+2
//     (spGreater) free;
//   - a run of k inner spaces becomes spLess k when the character after it
//     weighs less than a space (more spaces: greater), or spGreater (C-k)
//     when it weighs more (more spaces: smaller), followed by that character;
//   - the value ends with padEnd and the terminator: the end is "spaces
//     forever", which sorts after anything that continues below a space and
//     before anything that continues above one.
//
// Codes use appendWeight64's forms, so skipWeights skips them unchanged.
const spGreaterBase = w3Limit - 1 // 3-byte counts for runs up to 929,981 spaces

var padSpaceTable [1024]uint8 // 0 unknown, 1 NO PAD, 2 PAD SPACE

func padSpace(c sql.CollationID) bool {
	if int(c) < len(padSpaceTable) {
		switch padSpaceTable[c] {
		case 1:
			return false
		case 2:
			return true
		}
		p := c.Collation().PadAttribute == "PAD SPACE"
		v := uint8(1)
		if p {
			v = 2
		}
		padSpaceTable[c] = v
		return p
	}
	return c.Collation().PadAttribute == "PAD SPACE"
}

// PadSpace reports whether collation c ignores trailing spaces.
func PadSpace(c sql.CollationID) bool { return padSpace(c) }

func appendPadWeights(b []byte, s string, c sql.CollationID, sorter sql.CollationSorter) []byte {
	b = append(b, mString)
	tbl := asciiTable(c, sorter)
	ws := int64(sorter(' '))
	// The character decoding below repeats appendWeights' on purpose: as a
	// helper it is not inlined (the sorter call) and ASCII keys took about
	// twice as long to encode (BenchmarkAppendStringASCII_ai_ci).
	exp := expansionsFor(c, sorter)
	spaces := 0
	for i := 0; i < len(s); {
		ch := s[i]
		var w int32
		if ch < utf8.RuneSelf && tbl != nil && (exp == nil || asciiWeighs(ch)) {
			w = tbl[ch]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			if xs, ok := exp[r]; ok {
				for _, x := range xs {
					b, spaces = appendPadWeight(b, ws, int64(x), spaces)
				}
				continue
			}
			w = sorter(r)
		}
		w64 := int64(w)
		if w64 == ws {
			spaces++
			continue
		}
		if w64 < ws {
			if spaces > 0 {
				b = appendWeight64(b, ws)
				b = appendWeight64(b, int64(spaces))
			}
			b = appendWeight64(b, w64)
		} else {
			if spaces > 0 {
				b = appendWeight64(b, ws+2)
				b = appendWeight64(b, spGreaterBase-int64(spaces))
			}
			b = appendWeight64(b, w64+2)
		}
		spaces = 0
	}
	b = appendWeight64(b, ws+1)
	return append(b, strTerm)
}

// appendPadWeight is one step of appendPadWeights' loop, for the weights
// of an expansion (the loop keeps its own copy for speed).
func appendPadWeight(b []byte, ws, w64 int64, spaces int) ([]byte, int) {
	if w64 == ws {
		return b, spaces + 1
	}
	if w64 < ws {
		if spaces > 0 {
			b = appendWeight64(b, ws)
			b = appendWeight64(b, int64(spaces))
		}
		return appendWeight64(b, w64), 0
	}
	if spaces > 0 {
		b = appendWeight64(b, ws+2)
		b = appendWeight64(b, spGreaterBase-int64(spaces))
	}
	return appendWeight64(b, w64+2), 0
}

// appendWeight64 is appendWeight for -2^31 <= w < 2^32: the 0xFE form holds
// w as an unsigned 32-bit number, which covers the shifted weights above
// 2^31-1.
func appendWeight64(b []byte, w int64) []byte {
	if w < w3Limit {
		return appendWeight(b, int32(w))
	}
	u := uint32(w)
	return append(b, wLarge, byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
}

// skipWeights returns b after a weight sequence and its terminator.
func skipWeights(b []byte) ([]byte, error) {
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == strTerm:
			return b[i+1:], nil
		case c == wNeg || c == wLarge:
			i += 5
		case c < w2Base:
			i++
		case c < w3Base:
			i += 2
		case c < wLarge:
			i += 3
		default:
			return nil, errBadEncoding
		}
	}
	return nil, errTruncated
}

// Binary strings: 0x00 is escaped as 0x00 0xFF and the value ends with
// 0x00 0x01, so byte order is bytewise order with shorter-is-smaller.
const (
	escByte = 0x00
	escZero = 0xFF
	escTerm = 0x01
)

// appendEscaped writes mBytes, s escaped, then pad-len(s) zero bytes if
// positive (BINARY(n) padding), then the terminator.
func appendEscaped(b []byte, s string, pad int) []byte {
	b = append(b, mBytes)
	n := len(s)
	for {
		i := strings.IndexByte(s, escByte)
		if i < 0 {
			b = append(b, s...)
			break
		}
		b = append(b, s[:i+1]...)
		b = append(b, escZero)
		s = s[i+1:]
	}
	for ; n < pad; n++ {
		b = append(b, escByte, escZero)
	}
	return append(b, escByte, escTerm)
}

func skipEscaped(b []byte) ([]byte, error) {
	for i := 0; i < len(b); i++ {
		if b[i] != escByte {
			continue
		}
		if i+1 >= len(b) {
			return nil, errTruncated
		}
		switch b[i+1] {
		case escTerm:
			return b[i+2:], nil
		case escZero:
			i++
		default:
			return nil, errBadEncoding
		}
	}
	return nil, errTruncated
}

// CompareStrings compares a and b under collation c the way MySQL does: per
// character weights (characters decoded as appendWeights does), and then, for
// PAD SPACE collations, the longer string's remaining characters against the
// space, for NO PAD ones the shorter string first. Key encoding order equals
// this comparison.
func CompareStrings(c sql.CollationID, a, b string) int {
	if multiLevel(c) {
		return compareLevels(a, b)
	}
	sorter := c.Sorter()
	// The ASCII table spares a Sorter call per differing character, which
	// under utf8mb4_unicode_ci is a map lookup (2% of oltp_read_only's CPU
	// went there, comparing sysbench's ORDER BY c rows).
	tbl := asciiTable(c, sorter)
	if exp := expansionsFor(c, sorter); exp != nil {
		return compareExpanded(c, a, b, sorter, tbl, exp)
	}
	weight := func(r rune) int32 {
		if r < utf8.RuneSelf && tbl != nil {
			return tbl[r]
		}
		return sorter(r)
	}
	for len(a) > 0 && len(b) > 0 {
		ar, an := utf8.DecodeRuneInString(a)
		br, bn := utf8.DecodeRuneInString(b)
		if ar != br {
			aw, bw := weight(ar), weight(br)
			if aw != bw {
				if aw < bw {
					return -1
				}
				return 1
			}
		}
		a, b = a[an:], b[bn:]
	}
	if len(a) == len(b) {
		return 0
	}
	if !padSpace(c) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	rest, sign := a, 1
	if len(a) == 0 {
		rest, sign = b, -1
	}
	ws := weight(' ')
	for len(rest) > 0 {
		r, n := utf8.DecodeRuneInString(rest)
		if w := weight(r); w != ws {
			if w > ws {
				return sign
			}
			return -sign
		}
		rest = rest[n:]
	}
	return 0
}

// weightIter yields a string's weights under an expanding collation, an
// expanding character's one by one.
type weightIter struct {
	s      string
	pend   []int32
	tbl    *[128]int32
	sorter sql.CollationSorter
	exp    map[rune][]int32
}

func (it *weightIter) next() (int32, bool) {
	if len(it.pend) > 0 {
		w := it.pend[0]
		it.pend = it.pend[1:]
		return w, true
	}
	for len(it.s) > 0 {
		if ch := it.s[0]; ch < utf8.RuneSelf && it.tbl != nil && asciiWeighs(ch) {
			it.s = it.s[1:]
			return it.tbl[ch], true
		}
		r, n := utf8.DecodeRuneInString(it.s)
		it.s = it.s[n:]
		ws, ok := it.exp[r]
		if !ok {
			return it.sorter(r), true
		}
		if len(ws) > 0 { // none: r is ignorable
			it.pend = ws[1:]
			return ws[0], true
		}
	}
	return 0, false
}

// asciiWeighs: ch is printable ASCII, which no UCA collation ignores; the
// control characters are looked up with the other exceptions.
func asciiWeighs(ch byte) bool { return ch >= 0x20 && ch != 0x7F }

// compareExpanded is CompareStrings over weight sequences, for collations
// with expansions ('ß' = 'ss', 'ßa' < 'st').
func compareExpanded(c sql.CollationID, a, b string, sorter sql.CollationSorter, tbl *[128]int32, exp map[rune][]int32) int {
	ia := weightIter{s: a, tbl: tbl, sorter: sorter, exp: exp}
	ib := weightIter{s: b, tbl: tbl, sorter: sorter, exp: exp}
	for {
		aw, aok := ia.next()
		bw, bok := ib.next()
		switch {
		case aok && bok:
			if aw != bw {
				if aw < bw {
					return -1
				}
				return 1
			}
			continue
		case !aok && !bok:
			return 0
		}
		// One side has ended; the other has w and then rest.
		rest, w, sign := &ia, aw, 1
		if !aok {
			rest, w, sign = &ib, bw, -1
		}
		if !padSpace(c) {
			return sign
		}
		var ws int32
		if tbl != nil {
			ws = tbl[' ']
		} else {
			ws = sorter(' ')
		}
		for ok := true; ok; w, ok = rest.next() {
			if w != ws {
				if w > ws {
					return sign
				}
				return -sign
			}
		}
		return 0
	}
}

// Compare is t.Compare(ctx, a, b), except that strings under a PAD SPACE
// or expanding collation compare with CompareStrings (GMS v0.20.0 never
// pads nor expands). It is the order keys are encoded in.
func Compare(ctx context.Context, t sql.Type, a, b any) (int, error) {
	st, ok := t.(sql.StringType)
	if !ok || a == nil || b == nil || (!padSpace(st.Collation()) && !Expands(st.Collation())) {
		return t.Compare(ctx, a, b)
	}
	switch t.Type() {
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
	default:
		return t.Compare(ctx, a, b)
	}
	as, err := compareOperand(ctx, t, a)
	if err != nil {
		return 0, err
	}
	bs, err := compareOperand(ctx, t, b)
	if err != nil {
		return 0, err
	}
	return CompareStrings(st.Collation(), as, bs), nil
}

func compareOperand(ctx context.Context, t sql.Type, v any) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	cv, _, err := t.Convert(ctx, v)
	if err != nil {
		return "", err
	}
	cv, err = sql.UnwrapAny(ctx, cv)
	if err != nil {
		return "", err
	}
	switch x := cv.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	}
	return "", fmt.Errorf("keyenc: cannot compare %T as a string", cv)
}

// StringKey is the key encoding of the string s under collation c, the same
// bytes AppendValue writes for a string column of that collation: equal
// exactly when MySQL's comparison calls the strings equal, and ordered like
// it. Collations without a sort order in GMS fall back to the bytes.
func StringKey(c sql.CollationID, s string) []byte {
	return AppendStringKey(make([]byte, 0, len(s)+4), c, s)
}

// AppendStringKey appends StringKey(c, s) to b, for callers that reuse a
// buffer per row.
func AppendStringKey(b []byte, c sql.CollationID, s string) []byte {
	sorter := c.Sorter()
	if sorter == nil || c == sql.Collation_binary {
		return appendEscaped(b, s, 0)
	}
	return appendWeights(b, s, c, sorter)
}

// PadLowerBound widens the encoding enc of an inclusive lower bound string
// under a PAD SPACE collation c to every key that starts with the bound's
// characters: its padEnd and terminator are dropped, so strings that continue
// with characters weighing less than a space (which sort before the bound)
// are in the span too. GMS rewrites LIKE 'abc%' to >= 'abc' AND <= 'abc\xff'
// and evaluates that filter without padding, so the span must hold them.
func PadLowerBound(c sql.CollationID, enc []byte) []byte {
	sorter := c.Sorter()
	if !padSpace(c) || sorter == nil {
		return enc
	}
	end := append(appendWeight64(nil, int64(sorter(' '))+1), strTerm)
	if len(enc) >= len(end) && string(enc[len(enc)-len(end):]) == string(end) {
		return enc[:len(enc)-len(end)]
	}
	return enc
}
