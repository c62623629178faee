package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestKillDuringPKRewrite SIGKILLs the server while a primary key change
// copies the table (slowed by myriad_ddl_batch_delay_ms): DROP PRIMARY KEY
// (the shadow is keyless, with its temporary index of the old key), ADD
// PRIMARY KEY on a keyless table, and a type change of a keyless table
// (its copies keep their row IDs). `myriad check` must pass on the crashed
// store; after a restart the job resumes while clients update rows of the
// table and of an untouched control table alike; when it is done the table
// has the new key, holds the control table's rows (also through its
// secondary index), no job is left and the store checks clean.
func TestKillDuringPKRewrite(t *testing.T) {
	cases := []struct {
		name, create, alter, def string
	}{
		{"drop", "CREATE TABLE rw.t (id BIGINT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40) NOT NULL, KEY kx (k))",
			"ALTER TABLE rw.t DROP PRIMARY KEY", "KEY `kx` (`k`)\n)"},
		{"add", "CREATE TABLE rw.t (id BIGINT NOT NULL, k INT NOT NULL, c VARCHAR(40) NOT NULL, KEY kx (k), KEY ix (id))",
			"ALTER TABLE rw.t ADD PRIMARY KEY (id)", "PRIMARY KEY (`id`)"},
		{"keyless", "CREATE TABLE rw.t (id BIGINT NOT NULL, k INT NOT NULL, c VARCHAR(40) NOT NULL, KEY kx (k), KEY ix (id))",
			"ALTER TABLE rw.t MODIFY k BIGINT NOT NULL", "`k` bigint NOT NULL"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { killDuringPKRewrite(t, c.create, c.alter, c.def) })
	}
}

func killDuringPKRewrite(t *testing.T, create, alter, wantDef string) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE rw")
	mustExec(t, db, create)
	const rows = 30_000
	fillTable(t, db, "rw.t", rows, func(j int) string { return fmt.Sprintf("(%d,%d,'c%07d')", j, (j*7919)%rows, j) })
	mustExec(t, db, "CREATE TABLE rw.control LIKE rw.t")
	mustExec(t, db, "INSERT INTO rw.control SELECT * FROM rw.t")
	ddl := startSlowDDL(t, db, alter, 50)
	var before int64
	waitJob(t, db, "the copy did not pass 5,000 rows", func(state string, done int64, _ string) bool {
		if state != "rewrite write-only" {
			t.Fatalf("job during the copy: %s %d", state, done)
		}
		before = done
		return done >= 5_000
	})
	// Writes during the copy reach the shadow before the kill.
	for i := 0; i < 5; i++ {
		if err := updateBoth(db, (i*4099)%rows, i); err != nil {
			t.Fatalf("update during the copy: %v", err)
		}
	}
	db = ddl.killAndRestart(t, s, "during the copy")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 5")
	updates := 5
	waitJobsGone(t, db, func() {
		for _, id := range []int{updates * 37 % rows, rows - 1 - updates*53%rows} {
			if err := updateBoth(db, id, updates); err != nil {
				t.Fatalf("update during the resumed copy: %v", err)
			}
		}
		updates++
	})
	t.Logf("%s: killed at %d rows done; %d update pairs in all", alter, before, updates)
	def := queryRows(t, db, "SHOW CREATE TABLE rw.t")[0][1]
	if !strings.Contains(def, wantDef) || strings.Contains(def, "myriad:") {
		t.Fatalf("definition after the resumed rewrite: %s", def)
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
