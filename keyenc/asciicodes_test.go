package keyenc

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
)

// appendWeightsRef is appendWeights' single-level NO PAD loop as it was
// before asciiCodes: each ASCII character weighed through the table and
// encoded on the spot.
func appendWeightsRef(b []byte, s string, c sql.CollationID, sorter sql.CollationSorter) []byte {
	b = append(b, mString)
	tbl := asciiTable(c, sorter)
	exp := expansionsFor(c, sorter)
	for i := 0; i < len(s); {
		ch := s[i]
		var w int32
		if ch < utf8.RuneSelf && tbl != nil && (exp == nil || asciiWeighs(ch)) {
			w = tbl[ch]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			if ws, ok := exp[r]; ok {
				for _, w := range ws {
					b = appendWeight(b, w)
				}
				continue
			}
			w = sorter(r)
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

// TestASCIICodesMatchWeights: for every collation appendWeights encodes
// one level at a time without padding, its keys of random texts (every
// ASCII byte, controls included, expansions such as ß and æ, invalid
// UTF-8) are the bytes the per-character loop wrote.
func TestASCIICodesMatchWeights(t *testing.T) {
	pieces := []string{"a", "Z", "0", "9", "-", " ", "\t", "\x00", "\x7f", "\x1f", "ß", "æ", "Ä", "\xff", "\xc3", "ǆ", "ﬀ", "~", "_", "'"}
	for ch := 0; ch < 128; ch++ {
		pieces = append(pieces, string(rune(ch)))
	}
	r := rand.New(rand.NewSource(3))
	checked := 0
	for it := sql.NewCollationsIterator(); ; {
		col, ok := it.Next()
		if !ok {
			break
		}
		c := col.ID
		sorter := c.Sorter()
		if sorter == nil || c == sql.Collation_binary || multiLevel(c) || padSpace(c) {
			continue
		}
		checked++
		for n := 0; n < 300; n++ {
			var sb strings.Builder
			for k := r.Intn(12); k > 0; k-- {
				sb.WriteString(pieces[r.Intn(len(pieces))])
			}
			s := sb.String()
			got := appendWeights([]byte{7}, s, c, sorter)
			want := appendWeightsRef([]byte{7}, s, c, sorter)
			if string(got) != string(want) {
				t.Fatalf("%s: appendWeights(%q) = %x, want %x", c, s, got, want)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d collations checked", checked)
	}
}
