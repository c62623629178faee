package e2e

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// TestConflictsSurfaceAs1213 checks Myriad's optimistic concurrency as a
// client sees it: of two transactions updating the same row, the first to
// commit wins and the other fails with MySQL's ER_LOCK_DEADLOCK (1213),
// after which its connection works normally; and a transaction reads from
// the snapshot fixed by its first read.
func TestConflictsSurfaceAs1213(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE bank")
	mustExec(t, db, "CREATE TABLE bank.acct (id INT PRIMARY KEY, owner VARCHAR(20) NOT NULL, balance INT NOT NULL)")
	mustExec(t, db, "INSERT INTO bank.acct VALUES (1, 'ann', 100), (2, 'ben', 50)")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn := func() *sql.Conn {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}

	t.Run("write-write conflict", func(t *testing.T) {
		c1, c2 := conn(), conn()
		mustExec(t, c1, "BEGIN")
		mustExec(t, c2, "BEGIN")
		mustExec(t, c1, "UPDATE bank.acct SET balance = 200 WHERE id = 1")
		// Myriad does not lock: the second UPDATE runs at once, and the
		// conflict is found when the second transaction commits (at the
		// latest).
		_, errUpd := c2.ExecContext(ctx, "UPDATE bank.acct SET balance = 300 WHERE id = 1")
		if errUpd != nil && mysqlErrNo(errUpd) != 1213 {
			t.Fatalf("second UPDATE: %v, want success or error 1213", errUpd)
		}
		mustExec(t, c1, "COMMIT")
		if errUpd == nil {
			_, err := c2.ExecContext(ctx, "COMMIT")
			if mysqlErrNo(err) != 1213 {
				t.Fatalf("second COMMIT: got %v, want error 1213 (ER_LOCK_DEADLOCK)", err)
			}
			t.Logf("second COMMIT failed as expected: %v", err)
		} else {
			t.Logf("second UPDATE failed as expected: %v", errUpd)
		}
		checkRows(t, db, "SELECT balance FROM bank.acct WHERE id = 1", "200\n")

		// MySQL rolls the failed transaction back; the connection goes on
		// (sysbench and ORMs retry with BEGIN right away, no ROLLBACK).
		t.Run("connection usable after 1213", func(t *testing.T) {
			if _, err := c2.ExecContext(ctx, "BEGIN"); err != nil {
				t.Fatalf("BEGIN after a failed COMMIT: %v", err)
			}
			checkRows(t, c2, "SELECT balance FROM bank.acct WHERE id = 1", "200\n")
			mustExec(t, c2, "UPDATE bank.acct SET balance = balance + 1 WHERE id = 1")
			mustExec(t, c2, "COMMIT")
			checkRows(t, db, "SELECT balance FROM bank.acct WHERE id = 1", "201\n")
		})
	})

	t.Run("ROLLBACK after 1213", func(t *testing.T) {
		// The same through database/sql's Tx: Commit reports 1213, then
		// the next transaction on the same connection works.
		c1, c2 := conn(), conn()
		tx1, err := c1.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		tx2, err := c2.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkRows(t, tx2, "SELECT balance FROM bank.acct WHERE id = 2", "50\n")
		mustExec(t, tx1, "UPDATE bank.acct SET balance = balance - 10 WHERE id = 2")
		if err := tx1.Commit(); err != nil {
			t.Fatalf("first commit: %v", err)
		}
		// tx2's snapshot predates tx1's commit: it must not see 40, and
		// its write of the same row must not win.
		checkRows(t, tx2, "SELECT balance FROM bank.acct WHERE id = 2", "50\n")
		_, errUpd := tx2.ExecContext(ctx, "UPDATE bank.acct SET balance = balance - 20 WHERE id = 2")
		if errUpd == nil {
			err = tx2.Commit()
		} else {
			err = errUpd
			tx2.Rollback()
		}
		if mysqlErrNo(err) != 1213 {
			t.Fatalf("lost update: second transaction ended with %v, want error 1213", err)
		}
		checkRows(t, db, "SELECT balance FROM bank.acct WHERE id = 2", "40\n")
		if _, err := c2.ExecContext(ctx, "ROLLBACK"); err != nil {
			t.Errorf("ROLLBACK after 1213: %v", err)
		}
		tx3, err := c2.BeginTx(ctx, nil)
		if err != nil {
			t.Fatalf("new transaction on the connection that got 1213: %v", err)
		}
		mustExec(t, tx3, "UPDATE bank.acct SET balance = balance - 20 WHERE id = 2")
		if err := tx3.Commit(); err != nil {
			t.Fatalf("retry commit: %v", err)
		}
		checkRows(t, db, "SELECT balance FROM bank.acct WHERE id = 2", "20\n")
	})

	t.Run("snapshot isolation", func(t *testing.T) {
		reader, writer := conn(), conn()
		mustExec(t, reader, "BEGIN")
		before := "1\tann\n2\tben\n"
		checkRows(t, reader, "SELECT id, owner FROM bank.acct ORDER BY id", before)
		// Committed by another session after the reader's first read.
		mustExec(t, writer, "INSERT INTO bank.acct VALUES (3, 'cat', 70)")
		mustExec(t, writer, "UPDATE bank.acct SET owner = 'benjamin' WHERE id = 2")
		mustExec(t, writer, "DELETE FROM bank.acct WHERE id = 1")
		checkRows(t, db, "SELECT id, owner FROM bank.acct ORDER BY id", "2\tbenjamin\n3\tcat\n")

		checkRows(t, reader, "SELECT id, owner FROM bank.acct ORDER BY id", before)
		checkRows(t, reader, "SELECT COUNT(*) FROM bank.acct WHERE id = 3", "0\n")
		checkRows(t, reader, "SELECT owner FROM bank.acct WHERE id = 2", "ben\n")
		// The reader's own writes are visible to it, on top of its snapshot.
		mustExec(t, reader, "INSERT INTO bank.acct VALUES (4, 'dan', 5)")
		checkRows(t, reader, "SELECT id FROM bank.acct ORDER BY id", "1\n2\n4\n")
		checkRows(t, writer, "SELECT id FROM bank.acct ORDER BY id", "2\n3\n")
		mustExec(t, reader, "COMMIT") // inserted a new key: no conflict
		checkRows(t, reader, "SELECT id, owner FROM bank.acct ORDER BY id", "2\tbenjamin\n3\tcat\n4\tdan\n")
	})

	t.Run("concurrent increments", func(t *testing.T) {
		// Retrying on 1213 makes increments from many clients add up.
		mustExec(t, db, "CREATE TABLE bank.counter (id INT PRIMARY KEY, n INT NOT NULL)")
		mustExec(t, db, "INSERT INTO bank.counter VALUES (1, 0)")
		const workers, each = 4, 25
		errs := make(chan error, workers)
		retries := make(chan int, workers)
		for w := 0; w < workers; w++ {
			go func() {
				c, err := db.Conn(ctx)
				if err != nil {
					errs <- err
					return
				}
				defer c.Close()
				r := 0
				for i := 0; i < each; {
					tx, err := c.BeginTx(ctx, nil)
					if err != nil {
						errs <- err
						return
					}
					var n int
					err = tx.QueryRowContext(ctx, "SELECT n FROM bank.counter WHERE id = 1").Scan(&n)
					if err == nil {
						_, err = tx.ExecContext(ctx, "UPDATE bank.counter SET n = ? WHERE id = 1", n+1)
					}
					if err == nil {
						err = tx.Commit()
					} else {
						tx.Rollback()
					}
					switch {
					case err == nil:
						i++
					case mysqlErrNo(err) == 1213:
						r++
					default:
						errs <- err
						return
					}
				}
				retries <- r
				errs <- nil
			}()
		}
		total := 0
		for w := 0; w < workers; w++ {
			if err := <-errs; err != nil {
				t.Fatalf("worker: %v", err)
			}
			total += <-retries
		}
		t.Logf("%d conflicts retried", total)
		checkRows(t, db, "SELECT n FROM bank.counter WHERE id = 1", "100\n")
	})
}
