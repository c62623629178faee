package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestKillDuringPerRowAddColumn SIGKILLs the server while ADD COLUMN ...
// DEFAULT (UUID()) copies the table as a job: the per-row default was the
// statement's, so after the restart the job is rolled back — the table
// is as it was (no column u, every row), no job is left and the store
// checks clean — and the same ALTER then completes with distinct values.
func TestKillDuringPerRowAddColumn(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE pr")
	mustExec(t, db, "CREATE TABLE pr.t (id BIGINT PRIMARY KEY, k INT NOT NULL)")
	const rows = 20_000
	fillTable(t, db, "pr.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d)", j, j%97) })
	ddl := startSlowDDL(t, db, "ALTER TABLE pr.t ADD COLUMN u VARCHAR(36) DEFAULT (UUID())", 20)
	waitJob(t, db, "the copy did not start", func(state string, done int64, _ string) bool {
		return state == "rewrite write-only" && done != 0
	})
	db = ddl.killAndRestart(t, s, "during the copy")
	deadline := time.Now().Add(time.Minute)
	for len(queryRows(t, db, "SELECT STATE FROM information_schema.MYRIAD_DDL_JOBS")) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the job was not rolled back within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cols := queryRows(t, db, "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'pr' AND TABLE_NAME = 't' ORDER BY ORDINAL_POSITION")
	if fmt.Sprint(cols) != "[[id] [k]]" {
		t.Fatalf("columns after the rollback: %v", cols)
	}
	if got := queryRows(t, db, "SELECT COUNT(*), SUM(k) FROM pr.t"); fmt.Sprint(got) != fmt.Sprint(queryRows(t, db, fmt.Sprintf("SELECT %d, %d", rows, sumK(rows)))) {
		t.Fatalf("rows after the rollback: %v", got)
	}
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "ALTER TABLE pr.t ADD COLUMN u VARCHAR(36) DEFAULT (UUID())")
	if got := queryRows(t, db, "SELECT COUNT(DISTINCT u), COUNT(u) FROM pr.t"); fmt.Sprint(got) != fmt.Sprintf("[[%d %d]]", rows, rows) {
		t.Fatalf("values after the ALTER: %v", got)
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	s.MustCheck("after the rollback and the ALTER")
}

func sumK(rows int) int {
	n := 0
	for j := 0; j < rows; j++ {
		n += j % 97
	}
	return n
}
