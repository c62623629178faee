package server

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

func mysqlErrNo(err error) int {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return int(me.Number)
	}
	return 0
}

func conns(t *testing.T, db *sql.DB, n int) []*sql.Conn {
	t.Helper()
	out := make([]*sql.Conn, n)
	for i := range out {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		out[i] = c
	}
	return out
}

func TestTransactions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE bank")
	mustExec(t, db, "CREATE TABLE bank.acct (id int PRIMARY KEY, bal int NOT NULL)")
	mustExec(t, db, "INSERT INTO bank.acct VALUES (1, 100), (2, 100)")
	ctx := context.Background()
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	bal := func(conn *sql.Conn, id int) int {
		t.Helper()
		var v int
		if err := conn.QueryRowContext(ctx, "SELECT bal FROM bank.acct WHERE id = ?", id).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}

	t.Run("snapshot isolation", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		if got := bal(a, 1); got != 100 {
			t.Fatalf("bal %d", got)
		}
		mustExec(t, b, "UPDATE bank.acct SET bal = 150 WHERE id = 1")
		if got := bal(a, 1); got != 100 {
			t.Fatalf("transaction saw a later commit: %d", got)
		}
		mustExec(t, a, "COMMIT")
		if got := bal(a, 1); got != 150 {
			t.Fatalf("after commit: %d", got)
		}
	})

	t.Run("writers of one row queue on its lock, no update lost", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, b, "BEGIN")
		mustExec(t, a, "UPDATE bank.acct SET bal = bal + 1 WHERE id = 2")
		done := make(chan error, 1)
		go func() {
			_, err := b.ExecContext(ctx, "UPDATE bank.acct SET bal = bal + 10 WHERE id = 2")
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("second writer did not wait: %v", err)
		case <-time.After(100 * time.Millisecond):
		}
		mustExec(t, a, "COMMIT")
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		mustExec(t, b, "COMMIT")
		if got := bal(b, 2); got != 111 {
			t.Fatalf("bal %d, want 111", got)
		}
	})

	t.Run("rollback and savepoints", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "UPDATE bank.acct SET bal = 0 WHERE id = 1")
		mustExec(t, a, "SAVEPOINT s1")
		mustExec(t, a, "UPDATE bank.acct SET bal = 0 WHERE id = 2")
		mustExec(t, a, "ROLLBACK TO SAVEPOINT s1")
		if got := bal(a, 2); got != 111 {
			t.Fatalf("after rollback to savepoint: %d", got)
		}
		mustExec(t, a, "SAVEPOINT s2")
		mustExec(t, a, "SAVEPOINT s3")
		mustExec(t, a, "ROLLBACK TO SAVEPOINT s2")
		if _, err := a.ExecContext(ctx, "ROLLBACK TO SAVEPOINT s3"); mysqlErrNo(err) != 1305 {
			t.Fatalf("savepoint set after the one rolled back to: %v, want error 1305", err)
		}
		mustExec(t, a, "ROLLBACK")
		if got := bal(b, 1); got != 150 {
			t.Fatalf("after rollback: %d", got)
		}
	})

	t.Run("failed statement inside a transaction is undone alone", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO bank.acct VALUES (3, 1)")
		_, err := a.ExecContext(ctx, "INSERT INTO bank.acct VALUES (4, 1), (1, 1)")
		if mysqlErrNo(err) != 1062 {
			t.Fatalf("duplicate: %v", err)
		}
		mustExec(t, a, "COMMIT")
		var n int
		if err := b.QueryRowContext(ctx, "SELECT COUNT(*) FROM bank.acct WHERE id IN (3, 4)").Scan(&n); err != nil || n != 1 {
			t.Fatalf("rows 3,4: %d %v, want only 3", n, err)
		}
	})

	t.Run("a failed autocommit statement leaves no stale snapshot", func(t *testing.T) {
		_, err := a.ExecContext(ctx, "INSERT INTO bank.acct VALUES (1, 1)")
		if mysqlErrNo(err) != 1062 {
			t.Fatalf("duplicate: %v", err)
		}
		mustExec(t, b, "INSERT INTO bank.acct VALUES (42, 7)")
		var n int
		if err := a.QueryRowContext(ctx, "SELECT COUNT(*) FROM bank.acct WHERE id = 42").Scan(&n); err != nil || n != 1 {
			t.Fatalf("row committed by another session after the failure: count %d, %v", n, err)
		}
	})

	t.Run("disconnect mid-transaction discards its writes", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO bank.acct VALUES (5, 1)")
		a.Raw(func(dc any) error { return dc.(interface{ Close() error }).Close() })
		a.Close()
		var n int
		deadline := time.Now().Add(5 * time.Second)
		for {
			if err := b.QueryRowContext(ctx, "SELECT COUNT(*) FROM bank.acct WHERE id = 5").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n == 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if n != 0 {
			t.Fatal("uncommitted row of a disconnected client is visible")
		}
	})
}

// TestTransferInvariant: 16 clients move money between accounts in two
// schemas for a bounded time, each transfer a read-modify-write (SELECT ...
// FOR UPDATE the balance, UPDATE it to the value computed by the client).
// The accounts are locked in no particular order, so deadlocks surface as
// 1213 and the client retries the same transfer until it commits. Every account ends at exactly its start plus the transfers the
// clients saw commit (no lost update, no transfer applied twice or half),
// and the total is conserved.
func TestTransferInvariant(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(16)
	schemas := []string{"b1", "b2"}
	const accounts, start, clients = 10, 1000, 16
	for _, s := range schemas {
		mustExec(t, db, "CREATE DATABASE "+s)
		mustExec(t, db, "CREATE TABLE "+s+".acct (id int PRIMARY KEY, bal bigint NOT NULL)")
		for i := 0; i < accounts; i++ {
			mustExec(t, db, "INSERT INTO "+s+".acct VALUES (?, ?)", i, start)
		}
	}
	// delta[w][schema][account] is what client w's committed transfers did.
	delta := make([][2][accounts]int64, clients)
	var done, conflicts, retried atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(2 * time.Second)
	for w := 0; w < clients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			for i := 0; time.Now().Before(stop); i++ {
				from, to := (w+i)%accounts, (w*7+i*3+1)%accounts
				src, dst := i%2, (i/2)%2
				if src == dst && from == to {
					continue
				}
				amount := 1 + i%5
				for attempt := 0; ; attempt++ {
					err := transfer(ctx, conn, schemas[src], from, schemas[dst], to, amount)
					if err == nil {
						break
					}
					if mysqlErrNo(err) != 1213 {
						t.Errorf("transfer: %v", err)
						return
					}
					conflicts.Add(1)
					if attempt == 0 {
						retried.Add(1)
					}
					if attempt > 1000 {
						t.Errorf("transfer still conflicting after %d attempts", attempt)
						return
					}
				}
				delta[w][src][from] -= int64(amount)
				delta[w][dst][to] += int64(amount)
				done.Add(1)
			}
		}(w)
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	var total int64
	for si, s := range schemas {
		for _, r := range queryRows(t, db, "SELECT id, bal FROM "+s+".acct ORDER BY id") {
			id, _ := strconv.Atoi(r[0])
			bal, _ := strconv.ParseInt(r[1], 10, 64)
			want := int64(start)
			for w := range delta {
				want += delta[w][si][id]
			}
			if bal != want {
				t.Errorf("%s.acct %d: balance %d, want %d from the committed transfers", s, id, bal, want)
			}
			total += bal
		}
	}
	if total != int64(len(schemas)*accounts*start) {
		t.Fatalf("money not conserved: %d, want %d", total, len(schemas)*accounts*start)
	}
	if done.Load() == 0 {
		t.Fatal("no transfer committed")
	}
	t.Logf("%d transfers committed by %d clients; %d conflicts (1213) in %d transfers, all retried to commit",
		done.Load(), clients, conflicts.Load(), retried.Load())
}

func transfer(ctx context.Context, conn *sql.Conn, src string, from int, dst string, to, amount int) (err error) {
	if _, err = conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			conn.ExecContext(ctx, "ROLLBACK")
		}
	}()
	var bal int64
	if err = conn.QueryRowContext(ctx, "SELECT bal FROM "+src+".acct WHERE id = ? FOR UPDATE", from).Scan(&bal); err != nil {
		return err
	}
	if _, err = conn.ExecContext(ctx, "UPDATE "+src+".acct SET bal = ? WHERE id = ?", bal-int64(amount), from); err != nil {
		return err
	}
	if _, err = conn.ExecContext(ctx, "UPDATE "+dst+".acct SET bal = bal + ? WHERE id = ?", amount, to); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}
