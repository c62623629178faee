package engine

import (
	"math/rand"
	"strings"
	"testing"
)

// TestIsBulkInsert: a text without the word SELECT in any case is decided
// without a parse and without copying the text (a lower-cased copy of every
// INSERT was 1% of the server's CPU under sysbench's oltp_insert).
func TestIsBulkInsert(t *testing.T) {
	values := "INSERT INTO sbtest1 (id, k, c, pad) VALUES (0, 5012, '" + strings.Repeat("83868641912-", 10) + "', '" +
		strings.Repeat("67847967377-", 5) + "')"
	for _, c := range []struct {
		q    string
		bulk bool
	}{
		{values, false},
		{"INSERT INTO t SELECT * FROM u", true},
		{"insert into t select * from u", true},
		{"InSeRt INTO t (a) SeLeCt a FROM u", true},
		{"REPLACE INTO t (a) SELECT a FROM u", true},
		{"INSERT INTO t (a) VALUES ('select')", false},
		{"INSERT INTO t SET a = 1", false},
		{"INSERT INTO t (a) SELECt a FROM u", true},
		{"INSERT INTO t (a) VALUES ('selec'), ('sel ect'), ('ſelect')", false},
	} {
		if got := isBulkInsert(c.q); got != c.bulk {
			t.Errorf("isBulkInsert(%q) = %v, want %v", c.q, got, c.bulk)
		}
	}
	if n := testing.AllocsPerRun(100, func() { isBulkInsert(values) }); n != 0 {
		t.Errorf("isBulkInsert of a VALUES text allocated %v times per call, want 0", n)
	}
}

// BenchmarkIsBulkInsert: sysbench's oltp_insert text, decided without a
// parse (the pre-filter's cost per INSERT).
func BenchmarkIsBulkInsert(b *testing.B) {
	q := "INSERT INTO sbtest1 (id, k, c, pad) VALUES (0, 5012, '" + strings.Repeat("83868641912-", 10) + "', '" +
		strings.Repeat("67847967377-", 5) + "')"
	for b.Loop() {
		isBulkInsert(q)
	}
}

// hasSelectWordRef is hasSelectWord as it was before it searched for
// candidate starts: every position tried.
func hasSelectWordRef(q string) bool {
	const w = "select"
	for i := 0; i+len(w) <= len(q); i++ {
		j := 0
		for j < len(w) && q[i+j]|0x20 == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

func TestHasSelectWordMatchesEveryPosition(t *testing.T) {
	// Pieces of the word in both cases, so that whole words, near-misses
	// and overlapping candidates are common.
	pieces := []string{"s", "S", "se", "SeL", "lect", "LeCt", "ect", "c", "t", " ", "'", "\x80", "ſ", "\x13", "ss"}
	r := rand.New(rand.NewSource(1))
	found := 0
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		for k := r.Intn(8); k > 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		q := b.String()
		got, want := hasSelectWord(q), hasSelectWordRef(q)
		if got != want {
			t.Fatalf("hasSelectWord(%q) = %v, want %v", q, got, want)
		}
		if want {
			found++
		}
	}
	if found < 100 {
		t.Fatalf("only %d of the random texts held the word", found)
	}
	for _, q := range []string{"select", "SELECT", "xselect", "selec", "sselect", "seselect", "\x13\x05\x0c\x05\x03\x14"} {
		if got, want := hasSelectWord(q), hasSelectWordRef(q); got != want {
			t.Errorf("hasSelectWord(%q) = %v, want %v", q, got, want)
		}
	}
}
