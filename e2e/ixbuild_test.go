package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestKillDuringIndexBackfill SIGKILLs the server while CREATE INDEX is
// backfilling (slowed by myriad_ddl_batch_delay_ms), checks the crashed
// store with `myriad check`, restarts it, and waits for the job to resume
// from its recorded cursor and finish: the index then answers exactly as a
// full scan does, the job record is gone and the store checks clean.
func TestKillDuringIndexBackfill(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE ix")
	mustExec(t, db, "CREATE TABLE ix.t (id BIGINT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40) NOT NULL)")
	const rows = 60_000
	for i := 0; i < rows; i += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO ix.t VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'c%07d')", j, (j*7919)%rows, j)
		}
		mustExec(t, db, b.String())
	}
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 500")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 20")

	errc := make(chan error, 1)
	go func() {
		_, err := db.ExecContext(context.Background(), "CREATE INDEX kc ON ix.t (k, c)")
		errc <- err
	}()
	var before int64
	deadline := time.Now().Add(60 * time.Second)
	for before < 6_000 {
		if time.Now().After(deadline) {
			t.Fatalf("the backfill did not pass 6,000 rows within a minute")
		}
		time.Sleep(50 * time.Millisecond)
		for _, r := range queryRows(t, db, "SELECT STATE, ROWS_DONE, ROWS_TOTAL FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 't'") {
			before, _ = strconv.ParseInt(r[1], 10, 64)
			// The job is recorded delete-only a moment before it turns
			// write-only (a loaded machine widens that moment).
			if (r[0] != "write-only" && (r[0] != "delete-only" || before != 0)) || r[2] != strconv.Itoa(rows) {
				t.Fatalf("job during the backfill: %v", r)
			}
		}
	}
	state := ""
	for _, r := range queryRows(t, db, "SHOW PROCESSLIST") {
		if strings.HasPrefix(r[7], "CREATE INDEX") {
			state = r[6]
		}
	}
	if !strings.HasPrefix(state, "backfilling index (") || !strings.HasSuffix(state, fmt.Sprintf(" of %d rows)", rows)) {
		t.Errorf("SHOW PROCESSLIST state of the build: %q", state)
	}
	s.Kill()
	if err := <-errc; err == nil {
		t.Fatal("CREATE INDEX succeeded although the server was killed during its backfill")
	}
	s.MustCheck("after a SIGKILL during the backfill")

	s.Start()
	db = s.DB("")
	var after int64 = -1
	deadline = time.Now().Add(2 * time.Minute)
	for {
		jobs := queryRows(t, db, "SELECT STATE, ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")
		if len(jobs) == 0 {
			break
		}
		if after < 0 {
			after, _ = strconv.ParseInt(jobs[0][1], 10, 64)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the resumed job did not finish: %v", jobs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if after >= 0 && after < before-1000 {
		// The record's cursor trails the in-memory count by at most the
		// batch that was being written.
		t.Errorf("the job resumed at %d rows; %d were done before the kill", after, before)
	}
	t.Logf("killed at %d rows done; first seen after restart at %d", before, after)
	if !strings.Contains(s.Log(), "resuming DDL jobs") {
		t.Errorf("the server did not report resuming the job:\n%s", tail(s.Log(), 20))
	}
	var idx [][]string
	for _, r := range queryRows(t, db, "SHOW INDEX FROM ix.t") {
		if r[2] == "kc" {
			idx = append(idx, r)
		}
	}
	if len(idx) != 2 {
		t.Fatalf("index kc after the resumed build: %v", idx)
	}
	byIndex := queryRows(t, db, "SELECT id, k, c FROM ix.t FORCE INDEX (kc) WHERE k >= 0 ORDER BY id")
	scan := queryRows(t, db, "SELECT id, k, c FROM ix.t IGNORE INDEX (kc) ORDER BY id")
	if len(scan) != rows || fmt.Sprint(byIndex) != fmt.Sprint(scan) {
		t.Fatalf("through the index %d rows, by a scan %d (want %d), equal: %v", len(byIndex), len(scan), rows, fmt.Sprint(byIndex) == fmt.Sprint(scan))
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	s.MustCheck("after the resumed build")
}
