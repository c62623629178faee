package engine_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
)

// The start-up key-format upgrade over many old tables holds a batch of
// decoded definitions at a time, not all of them: at a million tables the
// collected list was ~1.7 GB of Go heap, and GOGC 200 set the collector's
// goal to three times that peak for the rest of the run (BENCHMARKS mem1m).
// The heap is sampled after forced collections while the upgrade runs; its
// peak above the heap before must stay under half of what the definitions
// take when all are decoded at once (measured here the same way).
func TestUpgradeKeyFormatHoldsABatch(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 1,500 tables")
	}
	s := newStore(t)
	keyenc.SetKeyFormatForTest(0)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	cols := make([]string, 40)
	for i := range cols {
		cols[i] = fmt.Sprintf("c%d VARCHAR(40) NOT NULL DEFAULT 'default value %d' COMMENT 'column %d'", i, i, i)
	}
	const n = 1500
	s.exec("CREATE DATABASE db2")
	for i := 0; i < n; i++ {
		db := "db"
		if i%2 == 1 {
			db = "db2"
		}
		s.exec(fmt.Sprintf("CREATE TABLE %s.t%d (id INT PRIMARY KEY, %s, n INT, KEY (n))", db, i, strings.Join(cols, ", ")))
	}
	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	s.reopen()

	// The bytes the collection marked, not HeapAlloc: that one also counts
	// what the upgrade allocated while the collection ran.
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	live := func() uint64 {
		runtime.GC()
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	// What all n definitions take decoded at once.
	base := live()
	var all []*catalog.Table
	err := s.cat.ListSchemas(nil, func(sch *catalog.Schema) error {
		return s.cat.ListTables(nil, sch, func(t *catalog.Table) error {
			all = append(all, t)
			return nil
		})
	})
	if err != nil || len(all) != n {
		t.Fatalf("decoded %d tables, %v", len(all), err)
	}
	held := int64(live()) - int64(base)
	runtime.KeepAlive(all)
	all = nil

	base = live()
	var samples []int64
	done, stop := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			samples = append(samples, int64(live())-int64(base))
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	rebuilt, failed, err := s.eng.UpgradeKeyFormat()
	close(stop)
	<-done
	if err != nil || rebuilt != 0 || len(failed) != 0 {
		t.Fatalf("UpgradeKeyFormat: rebuilt %d, failed %v, %v", rebuilt, failed, err)
	}
	slices.Sort(samples)
	peak := samples[len(samples)-1]
	t.Logf("%d definitions decoded at once: %d KiB; live heap during the upgrade (%d samples): median +%d KiB, peak +%d KiB",
		n, held>>10, len(samples), samples[len(samples)/2]>>10, peak>>10)
	if held < 8<<20 || len(samples) < 5 {
		t.Fatalf("the definitions take %d KiB, %d samples: too few to tell a batch from all of them", held>>10, len(samples))
	}
	if peak > held/2 {
		t.Fatalf("the upgrade's live heap peaked at +%d KiB, over half of all %d definitions (%d KiB)", peak>>10, n, held>>10)
	}
	stale, seen := 0, map[string]bool{}
	if err := s.cat.EachTableBatch(64, func(sch *catalog.Schema, ts []*catalog.Table) error {
		for _, t := range ts {
			seen[sch.Name+"."+t.Name] = true
			if int(t.KeyFormat) != keyenc.KeyFormat {
				stale++
			}
		}
		return nil
	}); err != nil || stale != 0 || len(seen) != n {
		t.Fatalf("%d tables of %d seen, %d left in an older format, %v", len(seen), n, stale, err)
	}
}
