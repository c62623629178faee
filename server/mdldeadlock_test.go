package server

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// Two transactions each hold a table another's ALTER waits for, then each
// reads the other's table: a cycle of metadata-lock waits. MySQL detects
// it and fails one transaction with 1213; without detection every party
// waited until lock_wait_timeout (a year by default: TestConcurrentDDLAndDML
// hung CI this way).
func TestMDLDeadlock(t *testing.T) {
	db := startTwoTables(t)
	c := conns(t, db, 4)
	t1, t2, d1, d2 := c[0], c[1], c[2], c[3]
	ctx := context.Background()
	for _, x := range c {
		// Bounded, so the test fails (1205) rather than hangs without detection.
		mustExec(t, x, "SET SESSION lock_wait_timeout = 5")
	}
	mustExec(t, t1, "BEGIN")
	if got := scalar(t, t1, "SELECT n FROM a"); got != "1" {
		t.Fatal(got)
	}
	mustExec(t, t2, "BEGIN")
	if got := scalar(t, t2, "SELECT n FROM b"); got != "1" {
		t.Fatal(got)
	}

	done1, done2 := make(chan error, 1), make(chan error, 1)
	go func() { _, err := d1.ExecContext(ctx, "ALTER TABLE a ADD COLUMN x INT"); done1 <- err }()
	go func() { _, err := d2.ExecContext(ctx, "ALTER TABLE b ADD COLUMN x INT"); done2 <- err }()
	time.Sleep(300 * time.Millisecond) // both ALTERs wait for the transactions

	start := time.Now()
	_, err := t1.ExecContext(ctx, "SELECT n FROM b")
	if mysqlErrNo(err) != 1213 {
		t.Fatalf("t1 reading b while holding a (ALTER a waits for t1, ALTER b for t2): %v, want 1213", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("deadlock found after %v", el)
	}
	// t1's transaction is gone, so ALTER a goes on; then t2 reads a and commits.
	if err := <-done1; err != nil {
		t.Fatalf("ALTER a: %v", err)
	}
	if got := scalar(t, t2, "SELECT n FROM a"); got != "1" {
		t.Fatal(got)
	}
	mustExec(t, t2, "COMMIT")
	if err := <-done2; err != nil {
		t.Fatalf("ALTER b: %v", err)
	}
	// t1 is out of its transaction (rolled back, as InnoDB does).
	mustExec(t, t1, "COMMIT")
	wantRows(t, db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'd' AND COLUMN_NAME = 'x'", "2")
}

// startTwoTables starts a server with tables d.a and d.b, each holding the
// row (1, 1), for the deadlock tests, and returns a pool on d.
func startTwoTables(t *testing.T) *sql.DB {
	t.Helper()
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO a VALUES (1, 1)")
	mustExec(t, db, "INSERT INTO b VALUES (1, 1)")
	return db
}
