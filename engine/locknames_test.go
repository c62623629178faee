package engine

import (
	"strconv"
	"testing"

	"github.com/myriaddb/myriad/catalog"
)

// A lock's table stays named in the lock views while locks on many other
// tables are taken (inserts spread over a million tables take one on a new
// table each): only a key that lands in its slot replaces it.
func TestLockNamesKeepHeldTablesNamed(t *testing.T) {
	var l lockNames
	held := &catalog.Table{Name: "held"}
	const heldKey = "Theld"
	l.note(heldKey, held)
	for i := 0; i < 3*lockNamesMax; i++ {
		k := "T" + strconv.Itoa(i)
		if lockNameSlot(k) == lockNameSlot(heldKey) {
			continue
		}
		l.note(k, &catalog.Table{Name: k})
		if i == 2*lockNamesMax {
			if d := l.def(k); d == nil || d.Name != k {
				t.Fatalf("%s: not named right after its lock (%v)", k, d)
			}
		}
	}
	if d := l.def(heldKey); d != held {
		t.Fatalf("held table named %v after %d other tables' locks, want %q", d, 3*lockNamesMax, held.Name)
	}
	// A later definition of the same key (after a DDL) replaces it.
	newer := &catalog.Table{Name: "held2"}
	l.note(heldKey, newer)
	if l.def(heldKey) != newer {
		t.Fatal("a key noted again with a new definition kept the old one")
	}
	if n := testing.AllocsPerRun(100, func() { l.note(heldKey, newer) }); n != 0 {
		t.Fatalf("noting a known key allocates %v times", n)
	}
}

// Noting a table key not seen before (every row lock of an insert into a
// random table of a million) allocates one small record: the sync.Map this
// replaced allocated twice (its entry and the boxed key, 121 bytes) and
// emptied itself entry by entry every lockNamesMax new keys, ~2% of such
// an insert's CPU (PROFILES perf16).
func TestLockNamesNewKeyAllocatesOnce(t *testing.T) {
	var l lockNames
	ks := make([]string, 8*lockNamesMax)
	for i := range ks {
		ks[i] = "T" + strconv.Itoa(i)
	}
	def := &catalog.Table{}
	i := 0
	if n := testing.AllocsPerRun(len(ks)-1, func() { l.note(ks[i], def); i++ }); n > 1 {
		t.Fatalf("noting a new table key allocates %v times, want at most 1", n)
	}
}

// BenchmarkLockNamesNewTables: noting a new table key each time, as row
// locks of inserts into random tables of a million do.
func BenchmarkLockNamesNewTables(b *testing.B) {
	var l lockNames
	ks := make([]string, 1<<20)
	for i := range ks {
		ks[i] = "T" + strconv.Itoa(i)
	}
	def := &catalog.Table{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.note(ks[i&(len(ks)-1)], def)
	}
}
