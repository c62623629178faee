package sqltext

import (
	"math/rand"
	"strings"
	"testing"
)

// containsWordFoldRef is containsWordFold as it was before it searched
// for candidate starts: every position tried.
func containsWordFoldRef(q, w string) bool {
	for i := 0; i+len(w) <= len(q); i++ {
		j := 0
		for j < len(w) && q[i+j]&^0x20 == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

func TestContainsWordFoldMatchesEveryPosition(t *testing.T) {
	// Pieces of the words in both cases and bytes that fold onto their
	// letters or onto '_' (0x7f), so that whole words, near-misses and
	// overlapping candidates are common.
	pieces := []string{"DEL", "del", "ete", "ETE", "E", "e", "IGN", "ign", "ORE", "INDEX", "inde", "x", "lo", "CK",
		"_", "\x7f", " ", "'", "\x80", "ä", "LOW_PRI", "ority", "\x04\x05"}
	words := []string{"DELETE", "IGNORE", "INDEX", "LOCK", "E", "EE", "DEL_E", "", "a", "LOW_PRIORITY"}
	r := rand.New(rand.NewSource(1))
	found := map[string]int{}
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		for k := r.Intn(8); k > 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		q := b.String()
		for _, w := range words {
			if got, want := containsWordFold(q, w), containsWordFoldRef(q, w); got != want {
				t.Fatalf("containsWordFold(%q, %q) = %v, want %v", q, w, got, want)
			} else if want {
				found[w]++
			}
		}
	}
	for _, w := range words[:5] {
		if found[w] < 100 {
			t.Errorf("only %d of the random texts held %q", found[w], w)
		}
	}
}

func TestSkipStringMatchesByteScan(t *testing.T) {
	pieces := []string{"'", "\"", "''", "\\", "\\'", "\\\\", "a", "12-", " ", "ä", "\"\"", "`"}
	r := rand.New(rand.NewSource(2))
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		b.WriteString([]string{"'", "\""}[r.Intn(2)])
		for k := r.Intn(8); k > 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		q := b.String()
		if got, want := SkipString(q, 0), skipStringBytes(q, 1, q[0]); got != want {
			t.Fatalf("SkipString(%q, 0) = %d, want %d", q, got, want)
		}
	}
}
