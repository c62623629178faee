package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// An index build reads its rows from a read copy, not through the
// store's block cache: the build's cache misses and the cache's growth
// are a small fraction of those of the same build reading the store.
func TestIndexBuildLeavesTheBlockCache(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY, k INT, v VARCHAR(300))")
	const rows = 12000
	for i := 0; i < rows; i += 500 {
		var b strings.Builder
		b.WriteString("INSERT INTO t VALUES ")
		for j := i; j < i+500; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d, %d, REPEAT('v', 250))", j, j%101)
		}
		s.exec(b.String())
	}
	t.Cleanup(func() { s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.ReadCopyRowsVar, engine.DefaultReadCopyRows)) })

	build := func(ix string, minRows int64) (misses, grew int64) {
		s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.ReadCopyRowsVar, minRows))
		// Rows in sstables and an empty cache, as on a server whose
		// table is not hot.
		if err := s.kv.Pebble().Flush(); err != nil {
			t.Fatal(err)
		}
		s.reopen()
		before := s.kv.Pebble().Metrics().BlockCache
		copies, _, _ := engine.BackfillCopyCounts()
		s.exec(fmt.Sprintf("CREATE INDEX %s ON t (k)", ix))
		after := s.kv.Pebble().Metrics().BlockCache
		if c, _, _ := engine.BackfillCopyCounts(); (c > copies) != (minRows == 0) {
			t.Fatalf("%s: read copies taken %d -> %d with ReadCopyMinRows %d", ix, copies, c, minRows)
		}
		s.want(fmt.Sprintf("SELECT COUNT(*), SUM(k) FROM t FORCE INDEX (%s) WHERE k >= 0", ix),
			fmt.Sprintf("%d|%d", rows, sumK(rows)))
		return after.Misses - before.Misses, after.Size - before.Size
	}
	storeMisses, storeGrew := build("k_store", 1<<62)
	copyMisses, copyGrew := build("k_copy", 0)
	t.Logf("reading the store: %d misses, cache +%d bytes; reading a copy: %d misses, +%d bytes",
		storeMisses, storeGrew, copyMisses, copyGrew)
	if storeMisses < 500 {
		t.Fatalf("the build reading the store missed the cache only %d times: the comparison shows nothing", storeMisses)
	}
	if copyMisses*10 > storeMisses || copyGrew*10 > storeGrew {
		t.Fatalf("the build reading a copy used the store's cache: %d misses, +%d bytes (store: %d, +%d)",
			copyMisses, copyGrew, storeMisses, storeGrew)
	}
}

func sumK(rows int) int {
	n := 0
	for j := 0; j < rows; j++ {
		n += j % 101
	}
	return n
}
