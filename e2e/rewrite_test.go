package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
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
	for i := 0; i < rows; i += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO rw.t VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'c%07d')", j, (j*7919)%rows, j)
		}
		mustExec(t, db, b.String())
	}
	mustExec(t, db, "CREATE TABLE rw.control LIKE rw.t")
	mustExec(t, db, "INSERT INTO rw.control SELECT * FROM rw.t")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 500")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 20")

	errc := make(chan error, 1)
	go func() {
		_, err := db.ExecContext(context.Background(), "ALTER TABLE rw.t MODIFY k BIGINT NOT NULL")
		errc <- err
	}()
	var before int64
	deadline := time.Now().Add(60 * time.Second)
	for before < 6_000 {
		if time.Now().After(deadline) {
			t.Fatalf("the copy did not pass 6,000 rows within a minute")
		}
		time.Sleep(50 * time.Millisecond)
		for _, r := range queryRows(t, db, "SELECT STATE, ROWS_DONE, ROWS_TOTAL FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 't'") {
			before, _ = strconv.ParseInt(r[1], 10, 64)
			if r[0] != "rewrite write-only" || r[2] != strconv.Itoa(rows) {
				t.Fatalf("job during the copy: %v", r)
			}
		}
	}
	state := ""
	for _, r := range queryRows(t, db, "SHOW PROCESSLIST") {
		if strings.HasPrefix(r[7], "ALTER TABLE") {
			state = r[6]
		}
	}
	if !strings.HasPrefix(state, "copy to tmp table (") || !strings.HasSuffix(state, fmt.Sprintf(" of %d rows)", rows)) {
		t.Errorf("SHOW PROCESSLIST state of the rewrite: %q", state)
	}
	s.Kill()
	if err := <-errc; err == nil {
		t.Fatal("ALTER TABLE succeeded although the server was killed during its copy")
	}
	s.MustCheck("after a SIGKILL during the copy")

	s.Start()
	db = s.DB("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 5")
	var after int64 = -1
	updates := 0
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
		// Rows on both sides of the copy's cursor change while it runs.
		for _, id := range []int{updates * 37 % rows, rows - 1 - updates*53%rows} {
			// The resumed job's swap waits for the statements (no 1412).
			if err := updateBoth(db, id, updates); err != nil {
				t.Fatalf("update during the resumed copy: %v", err)
			}
		}
		updates++
		time.Sleep(10 * time.Millisecond)
	}
	if after >= 0 && after < before-1000 {
		t.Errorf("the job resumed at %d rows; %d were done before the kill", after, before)
	}
	t.Logf("killed at %d rows done; first seen after restart at %d; %d update pairs during the resumed copy", before, after, updates)
	if !strings.Contains(s.Log(), "resuming DDL jobs") {
		t.Errorf("the server did not report resuming the job:\n%s", tail(s.Log(), 20))
	}
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
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	s.MustCheck("after the resumed rewrite")
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
