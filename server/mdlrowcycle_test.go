package server

import (
	"context"
	"testing"
	"time"
)

// A deadlock through a metadata lock and a row lock: t2 holds a row of b,
// t1 has read a and waits for t2's row, an ALTER of a waits for t1, and t2
// reads a, so it waits for the ALTER. The lock table sees only t1's wait,
// the metadata locks only t2's and the ALTER's: without joining them every
// party waited until lock_wait_timeout. t2 (the DML transaction waiting
// for the metadata lock) must get 1213 and be rolled back, whichever wait
// closes the cycle; then t1 and the ALTER go on.
func TestMDLRowLockDeadlock(t *testing.T) {
	for _, rowWaitLast := range []bool{false, true} {
		name := "metadata wait last"
		if rowWaitLast {
			name = "row wait last"
		}
		t.Run(name, func(t *testing.T) {
			db := startTwoTables(t)
			c := conns(t, db, 3)
			t1, t2, ddl := c[0], c[1], c[2]
			ctx := context.Background()
			for _, x := range c {
				// Bounded: without detection the test fails with 1205.
				mustExec(t, x, "SET SESSION lock_wait_timeout = 5")
			}
			mustExec(t, t2, "BEGIN")
			mustExec(t, t2, "UPDATE b SET n = 2 WHERE id = 1")
			mustExec(t, t1, "BEGIN")
			if got := scalar(t, t1, "SELECT n FROM a WHERE id = 1"); got != "1" {
				t.Fatal(got)
			}
			alterDone := make(chan error, 1)
			go func() { _, err := ddl.ExecContext(ctx, "ALTER TABLE a ADD COLUMN x INT"); alterDone <- err }()
			time.Sleep(300 * time.Millisecond) // the ALTER waits for t1

			t1Done := make(chan error, 1)
			var start time.Time
			var err error
			if rowWaitLast {
				t2Done := make(chan error, 1)
				go func() { _, err := t2.ExecContext(ctx, "SELECT n FROM a WHERE id = 1"); t2Done <- err }()
				time.Sleep(200 * time.Millisecond) // t2 waits for the ALTER
				start = time.Now()
				go func() { _, err := t1.ExecContext(ctx, "UPDATE b SET n = 3 WHERE id = 1"); t1Done <- err }()
				err = <-t2Done
			} else {
				go func() { _, err := t1.ExecContext(ctx, "UPDATE b SET n = 3 WHERE id = 1"); t1Done <- err }()
				time.Sleep(200 * time.Millisecond) // t1 waits for t2's row
				start = time.Now()
				_, err = t2.ExecContext(ctx, "SELECT n FROM a WHERE id = 1")
			}
			if mysqlErrNo(err) != 1213 {
				t.Fatalf("t2 reading a (ALTER a waits for t1, t1 for t2's row): %v, want 1213", err)
			}
			if el := time.Since(start); el > 2*time.Second {
				t.Errorf("deadlock found after %v", el)
			}
			// t2 is rolled back: t1 gets the row, commits, and the ALTER ends.
			if err := <-t1Done; err != nil {
				t.Fatalf("t1's update after t2's rollback: %v", err)
			}
			mustExec(t, t1, "COMMIT")
			if err := <-alterDone; err != nil {
				t.Fatalf("ALTER a: %v", err)
			}
			mustExec(t, t2, "COMMIT")
			wantRows(t, db, "SELECT n FROM b", "3")
			wantRows(t, db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'd' AND TABLE_NAME = 'a' AND COLUMN_NAME = 'x'", "1")
		})
	}
}
