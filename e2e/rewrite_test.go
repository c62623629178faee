package e2e

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestKillDuringRewrite SIGKILLs the server while ALTER TABLE ... MODIFY
// copies the table into its shadow (slowed by myriad_ddl_batch_delay_ms),
// checks the crashed store with `myriad check` (the shadow's rows so far
// are checked as a table), restarts it and lets the job resume from its
// recorded cursor while clients update rows: each client transaction
// changes the table and an untouched control table alike, so when the job
// is done the table must hold the control table's rows, the column must
// be BIGINT, no job may be left and the store must check clean.
func TestKillDuringRewrite(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE rw")
	mustExec(t, db, "CREATE TABLE rw.t (id BIGINT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40) NOT NULL, KEY kx (k))")
	const rows = 60_000
	fillTable(t, db, "rw.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d,'c%07d')", j, (j*7919)%rows, j) })
	mustExec(t, db, "CREATE TABLE rw.control LIKE rw.t")
	mustExec(t, db, "INSERT INTO rw.control SELECT * FROM rw.t")
	ddl := startSlowDDL(t, db, "ALTER TABLE rw.t MODIFY k BIGINT NOT NULL", 20)
	var before int64
	waitJob(t, db, "the copy did not pass 6,000 rows", func(state string, done int64, total string) bool {
		if state != "rewrite write-only" || total != strconv.Itoa(rows) {
			t.Fatalf("job during the copy: %s %d %s", state, done, total)
		}
		before = done
		return done >= 6_000
	})
	state := ""
	for _, r := range queryRows(t, db, "SHOW PROCESSLIST") {
		if strings.HasPrefix(r[7], "ALTER TABLE") {
			state = r[6]
		}
	}
	if !strings.HasPrefix(state, "copy to tmp table (") || !strings.HasSuffix(state, fmt.Sprintf(" of %d rows)", rows)) {
		t.Errorf("SHOW PROCESSLIST state of the rewrite: %q", state)
	}
	db = ddl.killAndRestart(t, s, "during the copy")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 5")
	updates := 0
	after := waitJobsGone(t, db, func() {
		// Rows on both sides of the copy's cursor change while it runs.
		for _, id := range []int{updates * 37 % rows, rows - 1 - updates*53%rows} {
			// The resumed job's swap waits for the statements (no 1412).
			if err := updateBoth(db, id, updates); err != nil {
				t.Fatalf("update during the resumed copy: %v", err)
			}
		}
		updates++
	})
	mustResume(t, s, before, after, 1000)
	t.Logf("killed at %d rows done; first seen after restart at %d; %d update pairs during the resumed copy", before, after, updates)
	def := queryRows(t, db, "SHOW CREATE TABLE rw.t")[0][1]
	if !strings.Contains(def, "`k` bigint NOT NULL") {
		t.Fatalf("k after the resumed rewrite: %s", def)
	}
	got := queryRows(t, db, "SELECT id, k, c FROM rw.t ORDER BY id")
	byIndex := queryRows(t, db, "SELECT id, k, c FROM rw.t FORCE INDEX (kx) WHERE k >= -1 ORDER BY id")
	want := queryRows(t, db, "SELECT id, k, c FROM rw.control ORDER BY id")
	if len(got) != rows || fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(byIndex) != fmt.Sprint(want) {
		t.Fatalf("rewritten table: %d rows, through kx %d, control %d; equal: %v, %v", len(got), len(byIndex), len(want),
			fmt.Sprint(got) == fmt.Sprint(want), fmt.Sprint(byIndex) == fmt.Sprint(want))
	}
	stopClean(t, s, "after the resumed rewrite")
}

// updateBoth changes row id of the table and of the control table alike,
// in one transaction.
func updateBoth(db *sql.DB, id, n int) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	for _, tbl := range []string{"rw.t", "rw.control"} {
		if _, err := tx.Exec(fmt.Sprintf("UPDATE %s SET k = k + %d, c = 'u%d' WHERE id = %d", tbl, n+1, n, id)); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}
