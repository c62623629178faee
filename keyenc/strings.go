package keyenc

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
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
	if cap(b)-len(b) < len(s)+2 {
		nb := make([]byte, len(b), len(b)+2*len(s)+2)
		copy(nb, b)
		b = nb
	}
	b = append(b, mString)
	tbl := asciiTable(c, sorter)
	for i := 0; i < len(s); {
		ch := s[i]
		var w int32
		if ch < utf8.RuneSelf && tbl != nil {
			w = tbl[ch]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			w = sorter(r)
			i += size
		}
		switch {
		case w >= 0 && w < w1Limit:
			b = append(b, byte(w1Base+w))
		case w >= w1Limit && w < w2Limit:
			x := w - w1Limit
			b = append(b, byte(w2Base+x>>8), byte(x))
		default:
			b = appendWeight(b, w)
		}
	}
	return append(b, strTerm)
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
