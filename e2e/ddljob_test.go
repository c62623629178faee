package e2e

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The tests that SIGKILL the server in the middle of a DDL job (index
// build, table rewrite, primary key change, AUTO_INCREMENT numbering,
// per-row default) share these steps: fill a table, run the DDL with its
// batches slowed, wait for its progress, kill, check and restart.

// fillTable inserts rows rows into table, 1,000 to a statement; row(j) is
// the parenthesized values of row j.
func fillTable(t *testing.T, db *sql.DB, table string, rows int, row func(j int) string) {
	t.Helper()
	for i := 0; i < rows; i += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO " + table + " VALUES ")
		for j := i; j < i+1000 && j < rows; j++ {
			if j > i {
				b.WriteByte(',')
			}
			b.WriteString(row(j))
		}
		mustExec(t, db, b.String())
	}
}

// slowDDL is a DDL statement running in the background with its job's
// batches of 500 rows slowed by a delay, so a test can catch it midway.
type slowDDL struct {
	stmt string
	errc chan error
}

// startSlowDDL sets the server's batch size and delay (delayMs between
// batches) and starts stmt on db.
func startSlowDDL(t *testing.T, db *sql.DB, stmt string, delayMs int) *slowDDL {
	t.Helper()
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 500")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = "+strconv.Itoa(delayMs))
	d := &slowDDL{stmt: stmt, errc: make(chan error, 1)}
	go func() {
		_, err := db.ExecContext(context.Background(), stmt)
		d.errc <- err
	}()
	return d
}

// waitJob polls, every 50 ms, the job on the table named t until reached
// is true of its STATE, ROWS_DONE and ROWS_TOTAL; it fails the test after
// a minute with "<what> within a minute". reached may fail the test on a
// state it does not expect.
func waitJob(t *testing.T, db *sql.DB, what string, reached func(state string, done int64, total string) bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for ok := false; !ok; {
		if time.Now().After(deadline) {
			t.Fatalf("%s within a minute", what)
		}
		time.Sleep(50 * time.Millisecond)
		for _, r := range queryRows(t, db, "SELECT STATE, ROWS_DONE, ROWS_TOTAL FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 't'") {
			done, _ := strconv.ParseInt(r[1], 10, 64)
			ok = reached(r[0], done, r[2])
		}
	}
}

// killAndRestart SIGKILLs s while d runs (d must then fail), checks the
// crashed store (during names the moment, as in "during the copy") and
// starts the server again; it returns a handle on the restarted server.
func (d *slowDDL) killAndRestart(t *testing.T, s *Server, during string) *sql.DB {
	t.Helper()
	s.Kill()
	if err := <-d.errc; err == nil {
		t.Fatalf("%s succeeded although the server was killed %s", d.stmt, during)
	}
	s.MustCheck("after a SIGKILL " + during)
	s.Start()
	return s.DB("")
}

// waitJobsGone polls until no DDL job is left, calling between (if not nil)
// after each poll that still found one; it fails the test after two
// minutes. It returns the ROWS_DONE first seen, or -1 if no job was seen.
func waitJobsGone(t *testing.T, db *sql.DB, between func()) int64 {
	t.Helper()
	first := int64(-1)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		jobs := queryRows(t, db, "SELECT STATE, ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")
		if len(jobs) == 0 {
			return first
		}
		if first < 0 {
			first, _ = strconv.ParseInt(jobs[0][1], 10, 64)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the resumed job did not finish: %v", jobs)
		}
		if between != nil {
			between()
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// mustResume fails the test unless the restarted server resumed the job it
// found (its log says so) near where it was killed: first (the ROWS_DONE
// first seen after the restart, -1 for none) may trail before, the rows
// done before the kill, by at most slack (the batch that was being
// written when the record's cursor was last saved).
func mustResume(t *testing.T, s *Server, before, first, slack int64) {
	t.Helper()
	if first >= 0 && first < before-slack {
		t.Errorf("the job resumed at %d rows; %d were done before the kill", first, before)
	}
	if !strings.Contains(s.Log(), "resuming DDL jobs") {
		t.Errorf("the server did not report resuming the job:\n%s", tail(s.Log(), 20))
	}
}

// stopClean stops s, which must exit 0, and checks its store.
func stopClean(t *testing.T, s *Server, after string) {
	t.Helper()
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	s.MustCheck(after)
}
