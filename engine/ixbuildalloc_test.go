package engine_test

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// ixLoad fills t (id INT PRIMARY KEY, k INT, c CHAR(120)) with rows rows,
// c 120 characters as sysbench's.
func ixLoad(s *store, rows int) {
	for i := 0; i < rows; i += 500 {
		var b strings.Builder
		b.WriteString("INSERT INTO t (id, k, c) VALUES ")
		for j := i; j < i+500 && j < rows; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d, %d, '%011d-%0108d')", j, j%1009, j*7919, j)
		}
		s.exec(b.String())
	}
}

func ixNoThrottle(t *testing.T, s *store) {
	s.exec(fmt.Sprintf("SET GLOBAL %s = 0", engine.SleepRatioVar), fmt.Sprintf("SET GLOBAL %s = 0", engine.ForegroundPctVar))
	t.Cleanup(func() {
		s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.SleepRatioVar, engine.DefaultSleepRatio),
			fmt.Sprintf("SET GLOBAL %s = %d", engine.ForegroundPctVar, engine.DefaultForegroundPct))
	})
}

// The backfill allocates a few hundred bytes a row: it decodes only the
// key's columns into one row and carves the keys from a slab its write
// buffer holds. Before ixmem19 it was ~1,000 bytes and 8 allocations a
// row (the whole row decoded, each key allocated twice and copied once
// more by the write buffer), what the collector's headroom grows with.
func TestIndexBuildAllocationsPerRow(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY, k INT, c CHAR(120), pad CHAR(60) DEFAULT 'padding padding padding padding padding padding padding')")
	const rows = 20000
	ixLoad(s, rows)
	ixNoThrottle(t, s)
	// From the store: a read copy's opening allocates a fixed few MB,
	// which at this size would be most of the figure.
	s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.ReadCopyRowsVar, int64(math.MaxInt64)))
	t.Cleanup(func() { s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.ReadCopyRowsVar, engine.DefaultReadCopyRows)) })
	// The first key over c derives the collation's tables (once per
	// process): not the build's.
	s.exec("CREATE TABLE w (id INT PRIMARY KEY, c CHAR(120))", "INSERT INTO w VALUES (1, 'x')", "CREATE INDEX c ON w (c)")
	if err := s.kv.Pebble().Flush(); err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	s.exec("CREATE INDEX kc ON t (k, c)")
	runtime.ReadMemStats(&m1)
	perRow := float64(m1.TotalAlloc-m0.TotalAlloc) / rows
	allocs := float64(m1.Mallocs-m0.Mallocs) / rows
	t.Logf("%.0f bytes, %.1f allocations a row", perRow, allocs)
	if perRow > 600 || allocs > 5 {
		t.Errorf("the build allocated %.0f bytes, %.1f allocations a row; want at most 600, 5", perRow, allocs)
	}
	s.want("SELECT COUNT(*), SUM(k) FROM t FORCE INDEX (kc) WHERE k >= 0", fmt.Sprintf("%d|%d", rows, sumKMod(rows, 1009)))
}

func sumKMod(rows, m int) int {
	n := 0
	for j := 0; j < rows; j++ {
		n += j % m
	}
	return n
}
