package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
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
	fillTable(t, db, "ix.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d,'c%07d')", j, (j*7919)%rows, j) })
	ddl := startSlowDDL(t, db, "CREATE INDEX kc ON ix.t (k, c)", 20)
	var before int64
	waitJob(t, db, "the backfill did not pass 6,000 rows", func(state string, done int64, total string) bool {
		// The job is recorded delete-only a moment before it turns
		// write-only (a loaded machine widens that moment).
		if (state != "write-only" && (state != "delete-only" || done != 0)) || total != strconv.Itoa(rows) {
			t.Fatalf("job during the backfill: %s %d %s", state, done, total)
		}
		before = done
		return done >= 6_000
	})
	state := ""
	for _, r := range queryRows(t, db, "SHOW PROCESSLIST") {
		if strings.HasPrefix(r[7], "CREATE INDEX") {
			state = r[6]
		}
	}
	if !strings.HasPrefix(state, "backfilling index (") || !strings.HasSuffix(state, fmt.Sprintf(" of %d rows)", rows)) {
		t.Errorf("SHOW PROCESSLIST state of the build: %q", state)
	}
	db = ddl.killAndRestart(t, s, "during the backfill")
	after := waitJobsGone(t, db, nil)
	mustResume(t, s, before, after, 1000)
	t.Logf("killed at %d rows done; first seen after restart at %d", before, after)
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
	stopClean(t, s, "after the resumed build")
}
