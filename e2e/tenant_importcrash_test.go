package e2e

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// importSpans opens the stopped server's store and returns, for every
// import job record in it, its data ID and the number of keys under that
// ID's span; for spans the caller names in ids, the key count whether a
// record names them or not.
func importSpans(t *testing.T, s *Server, ids ...uint64) (jobs map[uint64]int, counts map[uint64]int) {
	t.Helper()
	store, err := kv.Open(filepath.Join(s.DataDir, "store"), kv.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cat, err := catalog.Open(store, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	count := func(id uint64) int {
		lo, hi := keys.SchemaDataSpan(id)
		tx := store.Begin()
		defer tx.Rollback()
		it, err := tx.NewIter(lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		defer it.Close()
		n := 0
		for ok := it.First(); ok; ok = it.Next() {
			n++
		}
		return n
	}
	jobs, counts = map[uint64]int{}, map[uint64]int{}
	if err := cat.ListJobs(nil, func(j *catalog.Job) error {
		if j.Kind == catalog.JobImport {
			jobs[j.SchemaID] = count(j.SchemaID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		counts[id] = count(id)
	}
	return jobs, counts
}

// startImport runs `myriad tenant import` in the background and returns
// once the server reports rows of it written (its MYRIAD_DDL_JOBS row has
// ROWS_DONE > 0), with the process and a channel that gets its exit.
func startImport(t *testing.T, s *Server, db *sql.DB, file, as string) (*exec.Cmd, <-chan error) {
	t.Helper()
	cmd := exec.Command(myriadBin, "tenant", "import", "--port", strconv.Itoa(s.Port), "--file", file, "--as", as, "--progress", "never")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			t.Fatalf("import of %s ended before it could be killed (%v): make the tenant bigger\n%s", as, err, stderr.String())
		default:
		}
		var rows int64
		err := db.QueryRow("SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS WHERE SCHEMA_NAME = ? AND STATE = 'importing'", as).Scan(&rows)
		// Several of the import's 4 MiB batches (~15,000 of these rows
		// each) are committed by then, so keys are on disk when it is
		// killed.
		if err == nil && rows >= 40000 {
			return cmd, done
		}
		if err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("import of %s never reported rows written", as)
	return nil, nil
}

// TestTenantImportKilled: an import killed midway leaves nothing behind.
// The server SIGKILLed mid-import leaves rows under the import's data ID
// that no definition names (`myriad check` reports them); the restarted
// server removes them before serving, so `myriad check` passes, the span
// holds no key and the same import then succeeds. A `myriad tenant import`
// process SIGKILLed mid-import (its connection drops) leaves nothing
// either, without a restart.
func TestTenantImportKilled(t *testing.T) {
	// Durable commits: with async durability a kill -9 may lose the
	// import's last batches, and on a fast machine all of them, leaving
	// nothing to clean up.
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE big")
	mustExec(t, db, "CREATE TABLE big.t (id INT AUTO_INCREMENT PRIMARY KEY, k INT, pad VARCHAR(300), KEY (k))")
	// ~30 MB of rows: several of the import's 4 MiB batches.
	for i := 0; i < 10; i++ {
		mustExec(t, db, "INSERT INTO big.t (k, pad) SELECT a.ID * 1000 + b.ID, REPEAT('p', 250) "+
			"FROM information_schema.COLLATIONS a, information_schema.COLLATIONS b LIMIT 10000")
	}
	want := formatRows(queryRows(t, db, "SELECT COUNT(*), SUM(k), SUM(LENGTH(pad)) FROM big.t"))
	file := filepath.Join(t.TempDir(), "big.myt")
	runTransfer(t, "tenant", "export", "--port", strconv.Itoa(s.Port), "--schema", "big", "--out", file)

	// The server killed mid-import.
	_, done := startImport(t, s, db, file, "big2")
	s.Kill()
	<-done // fails: the connection is gone
	checkCrashReclaimed(t, s, "import", "removed the rows of unfinished tenant imports")
	s.Start()
	db = s.DB("")
	runTransfer(t, "tenant", "import", "--port", strconv.Itoa(s.Port), "--file", file, "--as", "big2")
	checkRows(t, db, "SELECT COUNT(*), SUM(k), SUM(LENGTH(pad)) FROM big2.t", want)

	// The client killed mid-import: the server abandons it when the
	// connection drops.
	cmd, done := startImport(t, s, db, file, "big3")
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-done
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for ctx.Err() == nil && len(queryRows(t, db, "SELECT JOB_ID FROM information_schema.MYRIAD_DDL_JOBS")) != 0 {
		time.Sleep(20 * time.Millisecond)
	}
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.MYRIAD_DDL_JOBS", "0\n")
	checkRows(t, db, "SHOW DATABASES LIKE 'big3'", "")
	if code := s.Stop(); code != 0 {
		t.Fatalf("stop: exit %d", code)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", s.DataDir); code != 0 {
		t.Fatalf("check after the killed client: exit %d\n%s%s", code, out, stderr)
	}
	if jobs, _ := importSpans(t, s); len(jobs) != 0 {
		t.Fatalf("after the killed client: import records %v", jobs)
	}
	s.Start()
	db = s.DB("")
	runTransfer(t, "tenant", "import", "--port", strconv.Itoa(s.Port), "--file", file, "--as", "big3")
	checkRows(t, db, "SELECT COUNT(*), SUM(k), SUM(LENGTH(pad)) FROM big3.t", want)
}

// checkCrashReclaimed checks a store whose server was killed during a
// tenant import or clone (what): one job record whose keys `myriad check`
// reports as orphans; a restart that says logLine, drops the half-made
// schema big2 and the job; `myriad check` clean and no key left after it.
// The server is left stopped.
func checkCrashReclaimed(t *testing.T, s *Server, what, logLine string) {
	t.Helper()
	jobs, _ := importSpans(t, s)
	if len(jobs) != 1 {
		t.Fatalf("after the kill: %d %s job records, want 1", len(jobs), what)
	}
	var dataID uint64
	for id, n := range jobs {
		dataID = id
		if n == 0 {
			t.Fatalf("after the kill: no key under the killed %s's data ID %d (the kill came too late to test anything)", what, id)
		}
		t.Logf("the killed %s left %d keys under data ID %d", what, n, id)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", s.DataDir); code == 0 || !strings.Contains(out+stderr, "which is no live table") {
		t.Fatalf("check of the crashed store: exit %d, want the orphan keys reported\n%s%s", code, out, stderr)
	}
	s.Start()
	if !strings.Contains(s.Log(), logLine) {
		t.Fatalf("the restarted server did not report the reclaim:\n%s", tail(s.Log(), 20))
	}
	db := s.DB("")
	checkRows(t, db, "SHOW DATABASES LIKE 'big2'", "")
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.MYRIAD_DDL_JOBS", "0\n")
	if code := s.Stop(); code != 0 {
		t.Fatalf("stop: exit %d", code)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", s.DataDir); code != 0 {
		t.Fatalf("check after the restart: exit %d\n%s%s", code, out, stderr)
	}
	jobs, counts := importSpans(t, s, dataID)
	if len(jobs) != 0 || counts[dataID] != 0 {
		t.Fatalf("after the restart: %s records %v, %d keys left under data ID %d", what, jobs, counts[dataID], dataID)
	}
}
