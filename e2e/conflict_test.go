package e2e

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// TestRowLocks checks Myriad's InnoDB-style locking as a client sees it:
// writers of one row queue on its lock instead of failing; UPDATE acts on
// the newest committed row (a current read) while plain SELECTs read the
// transaction's snapshot; read-modify-write with SELECT ... FOR UPDATE
// needs no retry.
func TestRowLocks(t *testing.T) {
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

	t.Run("writers queue", func(t *testing.T) {
		c1, c2 := conn(), conn()
		mustExec(t, c1, "BEGIN")
		mustExec(t, c2, "BEGIN")
		mustExec(t, c1, "UPDATE bank.acct SET balance = 200 WHERE id = 1")
		done := make(chan error, 1)
		go func() {
			_, err := c2.ExecContext(ctx, "UPDATE bank.acct SET balance = balance + 1 WHERE id = 1")
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("second UPDATE did not wait for the row lock: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
		mustExec(t, c1, "COMMIT")
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		mustExec(t, c2, "COMMIT")
		checkRows(t, db, "SELECT balance FROM bank.acct WHERE id = 1", "201\n")
	})

	t.Run("snapshot read vs current read", func(t *testing.T) {
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
		// tx2's snapshot predates tx1's commit; its UPDATE acts on 40.
		checkRows(t, tx2, "SELECT balance FROM bank.acct WHERE id = 2", "50\n")
		mustExec(t, tx2, "UPDATE bank.acct SET balance = balance - 20 WHERE id = 2")
		checkRows(t, tx2, "SELECT balance FROM bank.acct WHERE id = 2", "20\n")
		if err := tx2.Commit(); err != nil {
			t.Fatal(err)
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
		// SELECT ... FOR UPDATE then UPDATE with the client's value: the
		// lock serializes the clients, nothing fails, nothing is lost.
		mustExec(t, db, "CREATE TABLE bank.counter (id INT PRIMARY KEY, n INT NOT NULL)")
		mustExec(t, db, "INSERT INTO bank.counter VALUES (1, 0)")
		const workers, each = 4, 25
		errs := make(chan error, workers)
		for w := 0; w < workers; w++ {
			go func() {
				c, err := db.Conn(ctx)
				if err != nil {
					errs <- err
					return
				}
				defer c.Close()
				for i := 0; i < each; i++ {
					tx, err := c.BeginTx(ctx, nil)
					if err != nil {
						errs <- err
						return
					}
					var n int
					err = tx.QueryRowContext(ctx, "SELECT n FROM bank.counter WHERE id = 1 FOR UPDATE").Scan(&n)
					if err == nil {
						_, err = tx.ExecContext(ctx, "UPDATE bank.counter SET n = ? WHERE id = 1", n+1)
					}
					if err == nil {
						err = tx.Commit()
					} else {
						tx.Rollback()
					}
					if err != nil {
						errs <- err
						return
					}
				}
				errs <- nil
			}()
		}
		for w := 0; w < workers; w++ {
			if err := <-errs; err != nil {
				t.Fatalf("worker: %v", err)
			}
		}
		checkRows(t, db, "SELECT n FROM bank.counter WHERE id = 1", "100\n")
	})
}
