package server

import (
	"testing"
	"time"
)

// TestBackfillThrottle builds the same index twice with the fixed ratio
// (myriad_ddl_backfill_foreground_pct = 0) myriad_ddl_backfill_sleep_ratio = 20000 (each pause 200 times
// the batch's duration, capped at 2 s): on an idle server the build does
// not pause at all, when another client committed a transaction since the
// previous batch it pauses. Both builds must leave an index that agrees with the
// table.
func TestBackfillThrottle(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(4)
	fillTable(t, db, "t", 500, func(i int) int { return i % 13 })
	mustExec(t, db, "CREATE TABLE fg (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO fg VALUES (1, 0)")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 50")
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 20000")
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_foreground_pct = 0")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_foreground_pct = DEFAULT")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = DEFAULT")

	start := time.Now()
	mustExec(t, db, "CREATE INDEX k1 ON t (k)")
	idle := time.Since(start)
	agree(t, db, "t", "k1")
	if idle > time.Second {
		t.Errorf("idle build of 10 batches took %v: it paused without foreground work", idle)
	}

	// A foreground transaction commits between every two batches.
	commits := 0
	var fg time.Duration
	pauseBackfill(t, "t", func(int64) {
		s := time.Now()
		mustExec(t, db, "UPDATE fg SET n = n + 1 WHERE id = 1")
		fg += time.Since(s)
		commits++
	})
	start = time.Now()
	mustExec(t, db, "CREATE INDEX k2 ON t (k)")
	busy := time.Since(start)
	agree(t, db, "t", "k2")
	if commits != 9 {
		t.Fatalf("%d foreground commits between batches, want 9", commits)
	}
	// Nine pauses of 200 batch durations each: at least 9 x 200 x 0.1 ms
	// (a committed batch of 50 rows takes more than 0.1 ms), and several
	// times what the whole unthrottled idle build took. An unthrottled
	// build under the same commits takes the idle time plus the
	// foreground statements' own, which are subtracted. (A floor of 400 ms
	// failed on a fast machine.)
	if paused := busy - fg; paused < 150*time.Millisecond || paused < 4*idle {
		t.Errorf("build under foreground commits took %v (%v of it the foreground statements; idle build %v): not throttled", busy, fg, idle)
	}
	t.Logf("idle %v, under %d foreground commits %v (foreground %v)", idle, commits, busy, fg)
}

// A build of one batch never pauses, so it takes no reference probe of
// the foreground (which lasts throttleProbe, 1 s, while other clients
// commit): CREATE INDEX on a small table stays quick under a busy
// foreground. (A bigger table's build takes it: TestThrottleReference;
// not asserted here by time, since a stalled foreground reads as idle.)
func TestSmallBuildTakesNoReference(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(4)
	fillTable(t, db, "small", 50, func(i int) int { return i % 7 })
	fillTable(t, db, "big", 3000, func(i int) int { return i % 7 })
	mustExec(t, db, "CREATE TABLE fg (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO fg VALUES (1, 0)")
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if _, err := db.Exec("UPDATE fg SET n = n + 1 WHERE id = 1"); err != nil {
				done <- err
				return
			}
		}
	}()
	defer func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	mustExec(t, db, "CREATE INDEX k ON small (k)")
	small := time.Since(start)
	agree(t, db, "small", "k")
	start = time.Now()
	mustExec(t, db, "CREATE INDEX k ON big (k)")
	big := time.Since(start)
	agree(t, db, "big", "k")
	if small > 900*time.Millisecond {
		t.Errorf("CREATE INDEX of 50 rows under a busy foreground took %v: it probed the foreground", small)
	}
	t.Logf("50 rows %v, 3,000 rows %v", small, big)
}
