package e2e

import (
	"context"
	"fmt"
	"strings"
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
	for i := 0; i < rows; i += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO pr.t VALUES ")
		for j := i; j < i+1000; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d)", j, j%97)
		}
		mustExec(t, db, b.String())
	}
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 500")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 20")
	errc := make(chan error, 1)
	go func() {
		_, err := db.ExecContext(context.Background(), "ALTER TABLE pr.t ADD COLUMN u VARCHAR(36) DEFAULT (UUID())")
		errc <- err
	}()
	deadline := time.Now().Add(60 * time.Second)
	for done := false; !done; {
		if time.Now().After(deadline) {
			t.Fatal("the copy did not start within a minute")
		}
		time.Sleep(50 * time.Millisecond)
		for _, r := range queryRows(t, db, "SELECT STATE, ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 't'") {
			done = r[0] == "rewrite write-only" && r[1] != "0"
		}
	}
	s.Kill()
	if err := <-errc; err == nil {
		t.Fatal("the ALTER succeeded although the server was killed during its copy")
	}
	s.MustCheck("after a SIGKILL during the copy")
	s.Start()
	db = s.DB("")
	deadline = time.Now().Add(time.Minute)
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
