package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestOnlineBackupRestore takes `myriad backup` of a running server while
// writers commit two-row transactions, restores it, and checks the restored
// store is a consistent prefix: every transaction acknowledged before the
// backup started is there, none is there by half, none is there that began
// after the backup finished.
func TestOnlineBackupRestore(t *testing.T) {
	for _, dur := range []string{"sync", "async"} {
		t.Run(dur, func(t *testing.T) { testOnlineBackup(t, dur) })
	}
}

func testOnlineBackup(t *testing.T, durability string) {
	s := StartServer(t, "--durability", durability)
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE bk")
	mustExec(t, db, "CREATE TABLE bk.t (txn INT, part INT, PRIMARY KEY (txn, part), KEY (part))")

	// Transaction IDs: worker w commits w, w+workers, ...; ackBefore holds
	// those acknowledged before the backup started, startedAfter the first
	// ID each worker began after it returned.
	const workers = 4
	var (
		next       atomic.Int64
		phase      atomic.Int32 // 0 before backup, 1 during, 2 after
		mu         sync.Mutex
		ackBefore  []int64
		beganAfter []int64
		wg         sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(context.Background())
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				id := next.Add(1)
				ph := phase.Load()
				tx, err := db.BeginTx(ctx, nil)
				if err != nil {
					return
				}
				_, err1 := tx.Exec("INSERT INTO bk.t VALUES (?, 1)", id)
				_, err2 := tx.Exec("INSERT INTO bk.t VALUES (?, 2)", id)
				if err1 != nil || err2 != nil {
					tx.Rollback()
					continue
				}
				if tx.Commit() != nil {
					continue
				}
				mu.Lock()
				if ph == 2 {
					beganAfter = append(beganAfter, id)
				} else if phase.Load() == 0 {
					ackBefore = append(ackBefore, id)
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	phase.Store(1)
	out := filepath.Join(t.TempDir(), "bk")
	code, stdout, stderr := runMyriad(t, "backup", "--port", strconv.Itoa(s.Port), "--out", out, "--json")
	phase.Store(2)
	time.Sleep(200 * time.Millisecond)
	cancel()
	wg.Wait()
	if code != 0 {
		t.Fatalf("backup: exit %d\n%s%s", code, stdout, stderr)
	}
	var sum struct {
		Files int
		Bytes int64
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || sum.Files == 0 || sum.Bytes == 0 {
		t.Fatalf("backup summary %q: %v", stdout, err)
	}
	if len(ackBefore) == 0 || len(beganAfter) == 0 {
		t.Fatalf("writers did not overlap the backup: %d before, %d after", len(ackBefore), len(beganAfter))
	}
	s.Stop()

	r := NewServer(t, "--durability", durability)
	if code, o, e := runMyriad(t, "restore", "--from", out, "--data-dir", r.DataDir); code != 0 {
		t.Fatalf("restore: exit %d\n%s%s", code, o, e)
	}
	if code, _, e := runMyriad(t, "restore", "--from", out, "--data-dir", r.DataDir); code == 0 || !strings.Contains(e, "not empty") {
		t.Errorf("restore into a non-empty dir: exit %d, %q", code, e)
	}
	r.MustCheck("on the restored store")
	r.Start()
	parts := map[int64]int{}
	for _, row := range queryRows(t, r.DB(""), "SELECT txn, COUNT(*) FROM bk.t GROUP BY txn") {
		id, _ := strconv.ParseInt(row[0], 10, 64)
		n, _ := strconv.Atoi(row[1])
		parts[id] = n
	}
	for id, n := range parts {
		if n != 2 {
			t.Errorf("txn %d restored with %d of 2 rows", id, n)
		}
	}
	for _, id := range ackBefore {
		if parts[id] != 2 {
			t.Errorf("txn %d acknowledged before the backup is missing", id)
		}
	}
	for _, id := range beganAfter {
		if _, ok := parts[id]; ok {
			t.Errorf("txn %d began after the backup yet is in it", id)
		}
	}
	t.Logf("%s: %d txns restored, %d acked before, %d began after; backup %d files %d bytes",
		durability, len(parts), len(ackBefore), len(beganAfter), sum.Files, sum.Bytes)

	// A damaged backup is refused before anything is written.
	data := filepath.Join(out, "data")
	ents, _ := os.ReadDir(data)
	var victim string
	var size int64
	for _, e := range ents { // the largest file: SSTable or WAL
		if fi, err := e.Info(); err == nil && fi.Size() > size {
			victim, size = filepath.Join(data, e.Name()), fi.Size()
		}
	}
	if err := os.Truncate(victim, size-1); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "r2")
	if code, _, e := runMyriad(t, "restore", "--from", out, "--data-dir", dst); code == 0 || !strings.Contains(e, "truncated") {
		t.Errorf("restore of a truncated backup: exit %d, %q", code, e)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Errorf("restore of a damaged backup created %s", dst)
	}
}
