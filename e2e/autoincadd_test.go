package e2e

import (
	"fmt"
	"strconv"
	"testing"
	"time"
)

// TestKillDuringAutoIncrementAddColumn SIGKILLs the server while ALTER
// TABLE ... ADD COLUMN seq INT AUTO_INCREMENT UNIQUE numbers a 30,000-row
// table in batches (slowed by myriad_ddl_batch_delay_ms), checks the
// crashed store, restarts it and lets the job resume from its recorded
// cursor and next number (catalog.Job.AutoNext): the job must go on where
// it stopped (not start over), a SELECT while it runs does not wait for
// it, an INSERT sent while it runs waits for it and then gets the number
// after the last row, every row must be numbered
// 1..N in key order with the unique key agreeing, no job may be left and
// the store must check clean.
func TestKillDuringAutoIncrementAddColumn(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE ai")
	mustExec(t, db, "CREATE TABLE ai.t (id BIGINT PRIMARY KEY, k INT NOT NULL)")
	const rows = 30_000
	// Keys unlike insertion order: the numbering follows keys.
	fillTable(t, db, "ai.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d)", (j*7919)%rows*3, j) })
	ddl := startSlowDDL(t, db, "ALTER TABLE ai.t ADD COLUMN seq INT AUTO_INCREMENT UNIQUE", 30)
	before := waitCopy(t, db, 5_000, 0)
	db = ddl.killAndRestart(t, s, "during the numbering copy")
	// Slow enough that the resumed copy (25 batches left) outlasts the
	// reads below by seconds.
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 100")
	jobs := queryRows(t, db, "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")
	if len(jobs) == 0 {
		t.Fatal("no job after the restart: the copy was neither resumed nor is it still running")
	}
	after, _ := strconv.ParseInt(jobs[0][0], 10, 64)
	mustResume(t, s, before, after, 500)
	// A writer while the job runs waits for it (the job holds the
	// table's metadata lock) and numbers its row after the copy's.
	ins := make(chan error, 1)
	go func() {
		_, err := db.Exec("INSERT INTO ai.t (id, k) VALUES (1000000, -1)")
		ins <- err
	}()
	// A reader does not wait for it (SHARED_NO_WRITE, as the statement's
	// job held it before the kill): it returns while the job is still
	// listed.
	var cnt int
	if err := db.QueryRow("SELECT COUNT(*) FROM ai.t").Scan(&cnt); err != nil || cnt != rows {
		t.Fatalf("SELECT during the resumed job: %d, %v; want %d", cnt, err, rows)
	}
	if len(queryRows(t, db, "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS")) == 0 {
		t.Fatal("the resumed job ended before a SELECT of its table returned: the SELECT waited for it")
	}
	deadline := time.Now().Add(2 * time.Minute)
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
	stopClean(t, s, "after the resumed numbering copy")
}
