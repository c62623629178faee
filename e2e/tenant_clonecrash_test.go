package e2e

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"
)

// TestCloneWithDataKilled: CREATE DATABASE ... LIKE ... WITH DATA with the
// server SIGKILLed mid-copy leaves rows under the clone's data ID that no
// definition names (`myriad check` reports them) and the clone's job
// record; the restarted server removes both before serving, `myriad check`
// passes, the span holds no key, and the same clone then succeeds with the
// template's rows.
func TestCloneWithDataKilled(t *testing.T) {
	// Durable commits: with async durability a kill -9 may lose every
	// batch copied so far, leaving nothing to clean up.
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE big")
	mustExec(t, db, "CREATE TABLE big.t (id INT AUTO_INCREMENT PRIMARY KEY, k INT, pad VARCHAR(300), KEY (k))")
	mustExec(t, db, "CREATE TABLE big.small (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO big.small VALUES (1), (2)")
	// ~30 MB of rows: several of the clone's 4 MiB batches.
	for i := 0; i < 10; i++ {
		mustExec(t, db, "INSERT INTO big.t (k, pad) SELECT a.ID * 1000 + b.ID, REPEAT('p', 250) "+
			"FROM information_schema.COLLATIONS a, information_schema.COLLATIONS b LIMIT 10000")
	}
	const sum = "SELECT COUNT(*), SUM(k), SUM(LENGTH(pad)) FROM %s.t"
	want := formatRows(queryRows(t, db, strings.Replace(sum, "%s", "big", 1)))

	clone := func() <-chan error {
		done := make(chan error, 1)
		c := s.DB("")
		go func() {
			_, err := c.ExecContext(context.Background(), "CREATE DATABASE big2 LIKE big WITH DATA")
			done <- err
		}()
		return done
	}
	done := clone()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		select {
		case err := <-done:
			t.Fatalf("the clone ended before it could be killed (%v): make the template bigger", err)
		default:
		}
		var rows int64
		err := db.QueryRow("SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS WHERE SCHEMA_NAME = 'big2' AND STATE = 'cloning'").Scan(&rows)
		if err == nil && rows >= 40000 {
			break
		}
		if err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the clone never reported rows copied")
		}
		time.Sleep(2 * time.Millisecond)
	}
	s.Kill()
	<-done // fails: the connection is gone
	checkCrashReclaimed(t, s, "clone", "removed the rows of unfinished tenant imports and WITH DATA clones")

	// The same clone again, to the end.
	s.Start()
	db = s.DB("")
	if err := <-clone(); err != nil {
		t.Fatalf("clone after the restart: %v", err)
	}
	checkRows(t, db, strings.Replace(sum, "%s", "big2", 1), want)
	checkRows(t, db, "SELECT COUNT(*) FROM big2.small", "2\n")
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.MYRIAD_DDL_JOBS", "0\n")
	if code := s.Stop(); code != 0 {
		t.Fatalf("stop: exit %d", code)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", s.DataDir); code != 0 {
		t.Fatalf("check after the second clone: exit %d\n%s%s", code, out, stderr)
	}
}
