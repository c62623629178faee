package server

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestOnlineDDLNoClientErrors runs every kind of online schema change,
// twice over, on a table that four clients write and read all along
// (text and prepared statements, autocommit and BEGIN .. COMMIT): no
// client sees an error — in particular no 1412 "Table definition has
// changed" from a rewrite's swap — every point read returns what the
// client last wrote, and the table ends equal to the acknowledged writes,
// through its secondary index too.
func TestOnlineDDLNoClientErrors(t *testing.T) {
	d := startDDLTest(t, 100, 16)
	db := d.db
	// ix keeps point statements on one row while the table is keyless
	// (a scan would lock every row and the writers would deadlock).
	mustExec(t, db, "CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id), KEY kx (k), KEY ix (id))")
	l := startWriters(t, db, "t", 1500)
	ddl := []string{
		"ALTER TABLE t MODIFY k BIGINT NOT NULL",
		"ALTER TABLE t MODIFY k INT NOT NULL",
		"CREATE INDEX vx ON t (v)",
		"DROP INDEX vx ON t",
		"ALTER TABLE t ADD COLUMN extra INT DEFAULT 5",
		"ALTER TABLE t DROP COLUMN extra",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
		"ALTER TABLE t DROP PRIMARY KEY",
		"ALTER TABLE t ADD PRIMARY KEY (id)",
		"ALTER TABLE t MODIFY v VARCHAR(30), ADD COLUMN w INT DEFAULT 1",
		"ALTER TABLE t DROP COLUMN w, MODIFY v VARCHAR(20)",
	}
	var took []string
	for round := 0; round < 2; round++ {
		for _, q := range ddl {
			if s := l.alter(db, q); round == 0 {
				took = append(took, s)
			}
			if p := l.first.Load(); p != nil {
				for _, r := range queryRows(t, db, "SHOW ENGINE INNODB STATUS") {
					t.Log(r)
				}
				l.finish()
			}
			time.Sleep(20 * time.Millisecond) // writers on the new definition
		}
	}
	rows := l.settle(db)
	if n := agree(t, db, "t", "kx"); n != rows {
		t.Fatalf("index kx has %d rows, table %d", n, rows)
	}
	t.Logf("%d client operations, 0 errors, %d rows\n%s", l.ops.Load(), rows, strings.Join(took, "\n"))
	d.closeAndCheck()
}

// TestMetadataLockAndStaleSnapshot: a transaction that read the table
// keeps its definition until it ends — a rewrite's swap (and any DDL)
// waits for it, or fails with 1205 after lock_wait_timeout and leaves the
// table as it was — while a transaction whose snapshot predates a swap it
// did not wait for gets MySQL's 1412 when it first touches the table.
func TestMetadataLockAndStaleSnapshot(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 300, func(i int) int { return i % 7 })
	mustExec(t, db, "CREATE TABLE other (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO other VALUES (1)")
	ctx := context.Background()
	cs := conns(t, db, 2)
	reader, ddl := cs[0], cs[1]

	// A transaction that read t: the ALTER times out behind it.
	mustExec(t, reader, "BEGIN")
	var n int
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 300 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, ddl, "SET SESSION lock_wait_timeout = 1")
	_, err := ddl.ExecContext(ctx, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("ALTER behind an open transaction: %v, want 1205", err)
	}
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`k` int") {
		t.Fatalf("the failed ALTER changed the table: %s", def)
	}
	noJobs(t, db)

	// Given time, it waits for the COMMIT; meanwhile the transaction
	// reads and writes the table as it knew it.
	mustExec(t, ddl, "SET SESSION lock_wait_timeout = 60")
	done := make(chan error, 1)
	go func() {
		_, err := ddl.ExecContext(ctx, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("the ALTER did not wait for the open transaction: %v", err)
	default:
	}
	mustExec(t, reader, "UPDATE t SET k = 1000 WHERE id = 1")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t WHERE k = 1000").Scan(&n); err != nil || n != 1 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, reader, "COMMIT")
	if err := <-done; err != nil {
		t.Fatalf("ALTER after the COMMIT: %v", err)
	}
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`k` bigint NOT NULL") {
		t.Fatalf("k is not BIGINT: %s", def)
	}
	if r := queryRows(t, db, "SELECT k FROM t WHERE id = 1"); r[0][0] != "1000" {
		t.Fatalf("the transaction's update was lost: %v", r)
	}

	// A snapshot older than a swap the transaction did not hold off.
	mustExec(t, reader, "BEGIN")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM other").Scan(&n); err != nil {
		t.Fatal(err)
	}
	mustExec(t, ddl, "ALTER TABLE t MODIFY k INT NOT NULL")
	err = reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n)
	if mysqlErrNo(err) != 1412 {
		t.Fatalf("old snapshot reading the rewritten table: %v (count %d), want 1412", err, n)
	}
	mustExec(t, reader, "ROLLBACK")
	// A new transaction (and an autocommit statement) reads it whole.
	mustExec(t, reader, "BEGIN")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 300 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, reader, "COMMIT")
	ts.srv.Close()
	checkDir(t, dir)
}
