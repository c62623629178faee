package engine_test

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// BenchmarkIndexBuildSysbench builds sysbench's (k, c) index over
// ixBenchRows rows shaped as bench/sbdata.py makes them (c: ten groups of
// 11 digits, utf8mb4_0900_ai_ci), the build of bench/index-build-memory.sh
// at a smaller size. allocs/row and B/row are the Go heap's allocations of
// the CREATE INDEX statement per row: what, at 10M rows, the collector's
// headroom grows with (docs/BENCHMARKS.md, mem13d and ixmem19).
func BenchmarkIndexBuildSysbench(b *testing.B) {
	s := &store{t: &testing.T{}, dir: b.TempDir(), db: "db"}
	s.open()
	defer s.close()
	s.exec("CREATE DATABASE db")
	s.exec("CREATE TABLE sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, " +
		"c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id))")
	r := rand.New(rand.NewSource(1))
	groups := func(n int) string {
		var sb strings.Builder
		for g := 0; g < n; g++ {
			if g > 0 {
				sb.WriteByte('-')
			}
			for range 11 {
				sb.WriteByte(byte('0' + r.Intn(10)))
			}
		}
		return sb.String()
	}
	const ixBenchRows = 200_000
	for i := 1; i <= ixBenchRows; i += 1000 {
		var sb strings.Builder
		sb.WriteString("INSERT INTO sbtest1 VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "(%d, %d, '%s', '%s')", j, 1+r.Intn(ixBenchRows), groups(10), groups(5))
		}
		s.exec(sb.String())
	}
	// No throttle: the loading statements above are not a foreground
	// load the build should yield to.
	s.exec(fmt.Sprintf("SET GLOBAL %s = 0", engine.SleepRatioVar), fmt.Sprintf("SET GLOBAL %s = 0", engine.ForegroundPctVar))
	defer s.exec(fmt.Sprintf("SET GLOBAL %s = %d", engine.SleepRatioVar, engine.DefaultSleepRatio),
		fmt.Sprintf("SET GLOBAL %s = %d", engine.ForegroundPctVar, engine.DefaultForegroundPct))
	if err := s.kv.Pebble().Flush(); err != nil {
		b.Fatal(err)
	}
	var allocs, bytes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		s.exec("CREATE INDEX k2 ON sbtest1 (k, c)")
		runtime.ReadMemStats(&m1)
		allocs += m1.Mallocs - m0.Mallocs
		bytes += m1.TotalAlloc - m0.TotalAlloc
		b.StopTimer()
		s.exec("DROP INDEX k2 ON sbtest1")
		b.StartTimer()
	}
	b.ReportMetric(float64(allocs)/float64(b.N)/ixBenchRows, "allocs/row")
	b.ReportMetric(float64(bytes)/float64(b.N)/ixBenchRows, "B/row")
}
