package server

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/myriaddb/myriad/catalog"
)

// A build's throttle reference goes into its job record with the first
// batch, so a build resumed after a crash still has the foreground's rate
// from before it (engine.newResumedThrottle): the rate right after a
// restart, while clients reconnect, is no reference (docs/BENCHMARKS.md,
// build3/build4).
func TestBuildKeepsThrottleReference(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.fg (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO d.fg VALUES (1, 0)")
	fillTable(t, db, "d.t", 5000, func(i int) int { return i % 97 })
	// A foreground that commits all along: the reference is its rate in
	// the seconds before CREATE INDEX.
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			if _, err := db.ExecContext(ctx, "UPDATE d.fg SET n = n + 1 WHERE id = 1"); err != nil && ctx.Err() == nil {
				t.Errorf("foreground: %v", err)
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	defer func() { stop(); wg.Wait() }()
	time.Sleep(8 * time.Second)
	var ref float64
	var refAt int64
	var once sync.Once
	pauseBackfill(t, "t", func(int64) {
		once.Do(func() {
			err := ts.srv.Engine().Catalog().ListJobs(nil, func(j *catalog.Job) error {
				if j.Table == "t" {
					ref, refAt = j.ThrottleRef, j.ThrottleRefAt
				}
				return nil
			})
			if err != nil {
				t.Errorf("list jobs: %v", err)
			}
		})
	})
	started := time.Now()
	mustExec(t, db, "CREATE INDEX k ON d.t (k)")
	if ref <= 0 {
		t.Fatalf("job record's throttle reference after the first batch: %v, want the foreground's rate", ref)
	}
	if at := time.UnixMilli(refAt); at.Before(started.Add(-time.Second)) || at.After(time.Now()) {
		t.Fatalf("reference taken at %v, the statement ran from %v", at, started)
	}
	agree(t, ts.connect("d"), "t", "k")
}
