package server

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TRUNCATEs of different tables of one schema, concurrently: each holds
// its table's metadata lock exclusively while GMS looks up every other
// table of the schema for foreign keys, so two of them waited for each
// other until lock_wait_timeout (a year by default) — how
// TestConcurrentDDLAndDML hung CI for 20 minutes. The foreign-key check
// now reads the catalog's reverse index (engine/truncate.go), so they
// never wait for each other.
func TestTruncateMDLCycle(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	const n = 4
	for i := 0; i < n; i++ {
		mustExec(t, db, fmt.Sprintf("CREATE TABLE t%d (id INT PRIMARY KEY, k INT)", i))
	}
	c := conns(t, db, n)
	stop := time.Now().Add(3 * time.Second)
	var (
		mu        sync.Mutex
		deadlocks int
		truncates int
		wg        sync.WaitGroup
		failure   error
	)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for time.Now().Before(stop) {
				// A hang is a failure, not a test timeout: 20 s is far
				// beyond any TRUNCATE of an empty table.
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				_, err := c[i].ExecContext(ctx, fmt.Sprintf("TRUNCATE TABLE t%d", i))
				cancel()
				mu.Lock()
				switch {
				case err == nil:
					truncates++
				case mysqlErrNo(err) == 1213:
					deadlocks++
				default:
					if failure == nil {
						failure = fmt.Errorf("TRUNCATE TABLE t%d: %w", i, err)
					}
				}
				mu.Unlock()
				if failure != nil {
					return
				}
			}
		}(i)
	}
	wg.Wait()
	if failure != nil {
		t.Fatal(failure)
	}
	t.Logf("%d TRUNCATEs, %d deadlock victims", truncates, deadlocks)
	if truncates == 0 || deadlocks > 0 {
		// Unrelated tables: MySQL's TRUNCATEs never wait for each other.
		t.Fatalf("%d TRUNCATEs, %d deadlock victims; want no victims", truncates, deadlocks)
	}
}

// Two ALTERs, each adding a foreign key from its table to the other's: each
// holds its own table's metadata lock exclusively and resolves the other
// table, a cycle no lock table sees. MySQL fails one with 1213; without
// detection both waited until lock_wait_timeout (a year by default).
func TestMDLGateCycleBetweenDDLs(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY, bid INT, KEY (bid))")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY, aid INT, KEY (aid))")
	c := conns(t, db, 2)
	stmts := [2][2]string{
		{"ALTER TABLE a ADD CONSTRAINT fa FOREIGN KEY (bid) REFERENCES b (id)", "ALTER TABLE a DROP FOREIGN KEY fa"},
		{"ALTER TABLE b ADD CONSTRAINT fb FOREIGN KEY (aid) REFERENCES a (id)", "ALTER TABLE b DROP FOREIGN KEY fb"},
	}
	stop := time.Now().Add(3 * time.Second)
	var (
		mu       sync.Mutex
		ok, dead int
		failure  error
		wg       sync.WaitGroup
	)
	for i := range c {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			added := false
			for time.Now().Before(stop) {
				q := stmts[i][0]
				if added {
					q = stmts[i][1]
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				_, err := c[i].ExecContext(ctx, q)
				cancel()
				mu.Lock()
				switch {
				case err == nil:
					ok++
					added = !added
				case mysqlErrNo(err) == 1213:
					dead++
				default:
					if failure == nil {
						failure = fmt.Errorf("%s: %w", q, err)
					}
				}
				stopNow := failure != nil
				mu.Unlock()
				if stopNow {
					return
				}
			}
		}(i)
	}
	wg.Wait()
	if failure != nil {
		t.Fatal(failure)
	}
	t.Logf("%d ALTERs, %d deadlock victims", ok, dead)
	if ok == 0 {
		t.Fatal("no ALTER succeeded")
	}
}

// DELETE FROM t without WHERE in a transaction locks t's rows, not the
// schema: GMS's TRUNCATE conversion resolved every table of the schema and
// so held a shared metadata lock on each until COMMIT, and an ALTER of any
// other table waited for the transaction.
func TestDeleteAllLocksOnlyItsTable(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO a VALUES (1), (2), (3)")
	c := conns(t, db, 2)
	mustExec(t, c[0], "BEGIN")
	res, err := c[0].ExecContext(context.Background(), "DELETE FROM a")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 3 {
		t.Fatalf("DELETE FROM a: %d rows affected, want 3", n)
	}
	mustExec(t, c[1], "SET SESSION lock_wait_timeout = 2")
	if _, err := c[1].ExecContext(context.Background(), "ALTER TABLE b ADD COLUMN x INT"); err != nil {
		t.Fatalf("ALTER of another table while DELETE FROM a's transaction is open: %v", err)
	}
	mustExec(t, c[0], "ROLLBACK")
	wantRows(t, db, "SELECT COUNT(*) FROM a", "3")
}
