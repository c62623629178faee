package engine

import (
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
