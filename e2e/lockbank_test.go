package e2e

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLockBank is issue #11's bank workload through go-sql-driver against
// the binary: 16 clients transfer between 20 accounts for 2 s, each
// transfer locking both accounts with SELECT ... FOR UPDATE in id order;
// no client retries, no statement fails, and the total is unchanged.
func TestLockBank(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	db := s.DBWith("", "timeout=5s&readTimeout=60s")
	mustExec(t, db, "CREATE DATABASE bank")
	mustExec(t, db, "CREATE TABLE bank.acct (id INT PRIMARY KEY, bal BIGINT NOT NULL)")
	const accounts, clients = 20, 16
	for i := 0; i < accounts; i++ {
		mustExec(t, db, "INSERT INTO bank.acct VALUES (?, 1000)", i)
	}
	db.SetMaxOpenConns(clients)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var done, failed atomic.Int64
	var first atomic.Value
	stop := time.Now().Add(2 * time.Second)
	for w := 0; w < clients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; time.Now().Before(stop) && ctx.Err() == nil; i++ {
				x, y := (w*3+i)%accounts, (w*5+i*7+1)%accounts
				if x == y {
					continue
				}
				lo, hi := min(x, y), max(x, y)
				err := func() error {
					tx, err := db.BeginTx(ctx, nil)
					if err != nil {
						return err
					}
					defer tx.Rollback()
					var a, b int64
					if err := tx.QueryRowContext(ctx, "SELECT bal FROM bank.acct WHERE id = ? FOR UPDATE", lo).Scan(&a); err != nil {
						return err
					}
					if err := tx.QueryRowContext(ctx, "SELECT bal FROM bank.acct WHERE id = ? FOR UPDATE", hi).Scan(&b); err != nil {
						return err
					}
					amt := int64(1 + i%7)
					if _, err := tx.ExecContext(ctx, "UPDATE bank.acct SET bal = ? WHERE id = ?", a-amt, lo); err != nil {
						return err
					}
					if _, err := tx.ExecContext(ctx, "UPDATE bank.acct SET bal = ? WHERE id = ?", b+amt, hi); err != nil {
						return err
					}
					return tx.Commit()
				}()
				if err != nil {
					failed.Add(1)
					first.CompareAndSwap(nil, err.Error())
				} else {
					done.Add(1)
				}
			}
		}(w)
	}
	wg.Wait()
	if failed.Load() != 0 {
		t.Fatalf("%d failed transfers (first: %v), %d done", failed.Load(), first.Load(), done.Load())
	}
	if done.Load() == 0 {
		t.Fatal("no transfer completed")
	}
	checkRows(t, db, "SELECT SUM(bal) FROM bank.acct", fmt.Sprintf("%d\n", accounts*1000))
	t.Logf("%d transfers by %d clients in 2 s, 0 errors", done.Load(), clients)
}
