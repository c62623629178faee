package server

import (
	"context"
	"database/sql"
	"errors"
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

	t.Run("write-write conflict is 1213, first committer wins", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, b, "BEGIN")
		mustExec(t, a, "UPDATE bank.acct SET bal = bal + 1 WHERE id = 2")
		mustExec(t, b, "UPDATE bank.acct SET bal = bal + 10 WHERE id = 2")
		mustExec(t, a, "COMMIT")
		_, err := b.ExecContext(ctx, "COMMIT")
		if mysqlErrNo(err) != 1213 {
			t.Fatalf("second commit: %v, want error 1213", err)
		}
		if got := bal(b, 2); got != 101 {
			t.Fatalf("bal %d, want 101", got)
		}
	})

	t.Run("rollback and savepoints", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "UPDATE bank.acct SET bal = 0 WHERE id = 1")
		mustExec(t, a, "SAVEPOINT s1")
		mustExec(t, a, "UPDATE bank.acct SET bal = 0 WHERE id = 2")
		mustExec(t, a, "ROLLBACK TO SAVEPOINT s1")
		if got := bal(a, 2); got != 101 {
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

// TestTransferInvariant moves money between accounts from many clients;
// conflicts surface as 1213 and are retried; the total never changes.
func TestTransferInvariant(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(16)
	mustExec(t, db, "CREATE DATABASE b1")
	mustExec(t, db, "CREATE DATABASE b2")
	const accounts = 10
	for _, s := range []string{"b1", "b2"} {
		mustExec(t, db, "CREATE TABLE "+s+".acct (id int PRIMARY KEY, bal bigint NOT NULL)")
		for i := 0; i < accounts; i++ {
			mustExec(t, db, "INSERT INTO "+s+".acct VALUES (?, 1000)", i)
		}
	}
	var done, conflicts atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(2 * time.Second)
	for w := 0; w < 16; w++ {
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
				src, dst := []string{"b1", "b2"}[i%2], []string{"b1", "b2"}[(i/2)%2]
				err := transfer(ctx, conn, src, from, dst, to, 1+i%5)
				switch mysqlErrNo(err) {
				case 0:
					if err != nil {
						t.Error(err)
						return
					}
					done.Add(1)
				case 1213:
					conflicts.Add(1)
				default:
					t.Error(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	var total int64
	for _, s := range []string{"b1", "b2"} {
		var sum int64
		if err := db.QueryRow("SELECT SUM(bal) FROM " + s + ".acct").Scan(&sum); err != nil {
			t.Fatal(err)
		}
		total += sum
	}
	if total != 2*accounts*1000 {
		t.Fatalf("money not conserved: %d, want %d", total, 2*accounts*1000)
	}
	if done.Load() == 0 {
		t.Fatal("no transfer committed")
	}
	t.Logf("%d transfers committed, %d conflicts retried", done.Load(), conflicts.Load())
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
	if err = conn.QueryRowContext(ctx, "SELECT bal FROM "+src+".acct WHERE id = ?", from).Scan(&bal); err != nil {
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
