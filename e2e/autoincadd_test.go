package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestKillDuringAutoIncrementAddColumn SIGKILLs the server while ALTER
// TABLE ... ADD COLUMN seq INT AUTO_INCREMENT UNIQUE numbers a 30,000-row
// table in batches (slowed by myriad_ddl_batch_delay_ms), checks the
// crashed store, restarts it and lets the job resume from its recorded
// cursor and next number (catalog.Job.AutoNext): the job must go on where
// it stopped (not start over), an INSERT sent while it runs waits for it
// and then gets the number after the last row, every row must be numbered
// 1..N in key order with the unique key agreeing, no job may be left and
// the store must check clean.
func TestKillDuringAutoIncrementAddColumn(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE ai")
	mustExec(t, db, "CREATE TABLE ai.t (id BIGINT PRIMARY KEY, k INT NOT NULL)")
	const rows = 30_000
	for i := 0; i < rows; i += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO ai.t VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				b.WriteByte(',')
			}
			// Keys unlike insertion order: the numbering follows keys.
			fmt.Fprintf(&b, "(%d,%d)", (j*7919)%rows*3, j)
		}
		mustExec(t, db, b.String())
	}
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 500")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 30")
	errc := make(chan error, 1)
	go func() {
		_, err := db.ExecContext(context.Background(), "ALTER TABLE ai.t ADD COLUMN seq INT AUTO_INCREMENT UNIQUE")
		errc <- err
	}()
	var before int64
	deadline := time.Now().Add(60 * time.Second)
	for before < 5_000 {
		if time.Now().After(deadline) {
			t.Fatalf("the copy did not pass 5,000 rows within a minute")
		}
		time.Sleep(50 * time.Millisecond)
		for _, r := range queryRows(t, db, "SELECT STATE, ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 't'") {
			before, _ = strconv.ParseInt(r[1], 10, 64)
			if r[0] != "rewrite write-only" {
				t.Fatalf("job during the copy: %v", r)
			}
		}
	}
	s.Kill()
	if err := <-errc; err == nil {
		t.Fatal("the ALTER succeeded although the server was killed during its copy")
	}
	s.MustCheck("after a SIGKILL during the numbering copy")

	s.Start()
	db = s.DB("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 10")
	jobs := queryRows(t, db, "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")
	if len(jobs) == 0 {
		t.Fatal("no job after the restart: the copy was neither resumed nor is it still running")
	}
	after, _ := strconv.ParseInt(jobs[0][0], 10, 64)
	if after < before-500 {
		t.Errorf("the job resumed at %d rows; %d were done before the kill", after, before)
	}
	// A writer while the job runs waits for it (the job holds the
	// table's metadata lock) and numbers its row after the copy's.
	ins := make(chan error, 1)
	go func() {
		_, err := db.Exec("INSERT INTO ai.t (id, k) VALUES (1000000, -1)")
		ins <- err
	}()
	deadline = time.Now().Add(2 * time.Minute)
	for len(queryRows(t, db, "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the resumed job did not finish within two minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := <-ins; err != nil {
		t.Fatalf("INSERT during the resumed job: %v", err)
	}
	t.Logf("killed at %d rows done; %d done when first seen after the restart", before, after)
	if !strings.Contains(s.Log(), "resuming DDL jobs") {
		t.Errorf("the server did not report resuming the job:\n%s", tail(s.Log(), 20))
	}
	got := queryRows(t, db, "SELECT id, seq FROM ai.t WHERE id < 1000000 ORDER BY id")
	if len(got) != rows {
		t.Fatalf("%d rows after the job, want %d", len(got), rows)
	}
	for i, r := range got {
		if r[1] != strconv.Itoa(i+1) {
			t.Fatalf("row %d (id %s) has seq %s: not numbered 1..N in key order", i, r[0], r[1])
		}
	}
	if r := queryRows(t, db, "SELECT seq FROM ai.t WHERE id = 1000000"); fmt.Sprint(r) != fmt.Sprintf("[[%d]]", rows+1) {
		t.Fatalf("the INSERT made during the job got seq %v, want %d", r, rows+1)
	}
	byKey := queryRows(t, db, "SELECT id, seq FROM ai.t FORCE INDEX (seq) WHERE seq > 0 ORDER BY id")
	scan := queryRows(t, db, "SELECT id, seq FROM ai.t IGNORE INDEX (seq) ORDER BY id")
	if fmt.Sprint(byKey) != fmt.Sprint(scan) {
		t.Fatalf("the unique key gives %d rows, the table %d", len(byKey), len(scan))
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	s.MustCheck("after the resumed numbering copy")
}
