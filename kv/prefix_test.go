package kv

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSnapshotPrefixUnderConcurrentCommits races committers against readers.
// A reader's snapshot must hold every commit whose Commit returned before the
// reader's first operation (their versions are <= its start), and each
// writer's commits, which are sequential, must be visible as a prefix. This
// guards issue #12's lever (the memtable apply outside the commit mutex,
// versions published in order): a Commit that returned before its version
// was published, or a version published over a commit not yet visible that
// had returned, fails it. It does not see exact versions (no hook exposes a
// commit's v); see docs/PROFILES.md, kvcommit22.
func TestSnapshotPrefixUnderConcurrentCommits(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	const writers, perWriter, readers = 8, 300, 4
	var done [writers]atomic.Int64 // commits of writer w that have returned
	var stop atomic.Bool
	var wg sync.WaitGroup
	key := func(w, n int) []byte { return []byte(fmt.Sprintf("p/%02d/%06d", w, n)) }
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < perWriter; n++ {
				tx := db.Begin()
				tx.Set(key(w, n), []byte("x"))
				if err := tx.Commit(); err != nil {
					t.Errorf("commit: %v", err)
					return
				}
				done[w].Store(int64(n + 1))
			}
		}()
	}
	var rg sync.WaitGroup
	var checks atomic.Int64
	for r := 0; r < readers; r++ {
		rg.Add(1)
		go func() {
			defer rg.Done()
			for !stop.Load() {
				var before [writers]int64
				for w := range before {
					before[w] = done[w].Load()
				}
				tx := db.Begin()
				it, err := tx.NewIter([]byte("p/"), []byte("p0"))
				if err != nil {
					t.Errorf("iter: %v", err)
					return
				}
				var seen [writers]int64
				for ok := it.First(); ok; ok = it.Next() {
					var w, n int
					if _, err := fmt.Sscanf(string(it.Key()), "p/%02d/%06d", &w, &n); err != nil {
						t.Errorf("key %q: %v", it.Key(), err)
						break
					}
					if int64(n) != seen[w] {
						t.Errorf("writer %d: saw commit %d after %d commits (not a prefix)", w, n, seen[w])
					}
					seen[w] = int64(n) + 1
				}
				_ = it.Close()
				tx.Rollback()
				for w := range before {
					if seen[w] < before[w] {
						t.Errorf("writer %d: snapshot holds %d commits, %d had returned before it started", w, seen[w], before[w])
					}
				}
				checks.Add(1)
			}
		}()
	}
	wg.Wait()
	stop.Store(true)
	rg.Wait()
	if checks.Load() == 0 {
		t.Fatal("no reader finished a check")
	}
}
