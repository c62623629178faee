package engine_test

import (
	"testing"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// A table from a store without row counts (no base) is counted on the first
// read of TABLE_ROWS, which stores the count as its base; later deltas keep
// it exact.
func TestRowCountWithoutBase(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1), (2), (3)")
	tb := s.table("t")
	key := keys.RowCount(tb.DataSchemaID, tb.ID)
	wb := kv.NewWriteBatch()
	wb.Delete(key)
	if err := s.kv.Apply(wb); err != nil {
		t.Fatal(err)
	}
	s.exec("INSERT INTO t VALUES (4)") // a delta without a base
	if v, _, _ := s.kv.Get(key); v == nil {
		t.Fatal("no delta written")
	} else if _, exact, _ := kv.DecodeCount(v); exact {
		t.Fatal("a delta alone reads as exact")
	}
	q := "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'db' AND TABLE_NAME = 't'"
	s.want(q, "4")
	v, _, _ := s.kv.Get(key)
	if n, exact, err := kv.DecodeCount(v); err != nil || !exact || n != 4 {
		t.Fatalf("after the lazy count: %d exact=%v %v", n, exact, err)
	}
	s.exec("DELETE FROM t WHERE id < 3")
	s.want(q, "2")
	s.consistent("t", 2)
}
