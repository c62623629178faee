package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestKillDuringBackfillFromReadCopy SIGKILLs the server while CREATE
// INDEX backfills from a read copy (myriad_ddl_read_copy_rows = 0): the
// copy's files are left in DATA_DIR/store.readcopy, the restarted server
// removes them before it serves, resumes the job (reading the store: the
// variable is back at its default) and the index answers as a scan does.
func TestKillDuringBackfillFromReadCopy(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE ix")
	mustExec(t, db, "CREATE TABLE ix.t (id BIGINT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40) NOT NULL)")
	const rows = 30_000
	fillTable(t, db, "ix.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d,'c%07d')", j, (j*7919)%rows, j) })
	mustExec(t, db, "SET GLOBAL myriad_ddl_read_copy_rows = 0")
	ddl := startSlowDDL(t, db, "CREATE INDEX kc ON ix.t (k, c)", 20)
	var before int64
	waitJob(t, db, "the backfill did not pass 3,000 rows", func(state string, done int64, total string) bool {
		before = done
		return done >= 3_000
	})
	copies := filepath.Join(s.DataDir, "store.readcopy")
	if ents, err := os.ReadDir(copies); err != nil || len(ents) == 0 {
		t.Fatalf("no read copy in %s during the backfill: %v %v", copies, ents, err)
	}
	db = ddl.killAndRestart(t, s, "during a backfill from a read copy")
	if _, err := os.Stat(copies); !os.IsNotExist(err) {
		t.Fatalf("the killed build's read copy is still there after the restart: %v", err)
	}
	after := waitJobsGone(t, db, nil)
	mustResume(t, s, before, after, 1000)
	byIndex := queryRows(t, db, "SELECT id, k, c FROM ix.t FORCE INDEX (kc) WHERE k >= 0 ORDER BY id")
	scan := queryRows(t, db, "SELECT id, k, c FROM ix.t IGNORE INDEX (kc) ORDER BY id")
	if len(scan) != rows || fmt.Sprint(byIndex) != fmt.Sprint(scan) {
		t.Fatalf("through the index %d rows, by a scan %d (want %d)", len(byIndex), len(scan), rows)
	}
	stopClean(t, s, "after the resumed build")
}
