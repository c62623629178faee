package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/myriaddb/myriad/locks"
)

// lockServer starts a server with table test.t (id, n) holding rows 1..rows.
func lockServer(t *testing.T, rows int) (*testServer, *sql.DB) {
	t.Helper()
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE test")
	mustExec(t, db, "CREATE TABLE test.t (id int PRIMARY KEY, n int NOT NULL, u int, UNIQUE KEY (u))")
	for i := 1; i <= rows; i++ {
		mustExec(t, db, "INSERT INTO test.t VALUES (?, 0, NULL)", i)
	}
	return ts, ts.connect("test")
}

func scalar(t *testing.T, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, query string, args ...any) string {
	t.Helper()
	var s sql.NullString
	if err := q.QueryRowContext(context.Background(), query, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return s.String
}

// 16 connections x 200 autocommit increments of one row: no update is lost
// and no statement fails (InnoDB queues them on the row lock).
func TestLockNoLostUpdate(t *testing.T) {
	for _, prepared := range []bool{false, true} {
		t.Run(fmt.Sprint("prepared=", prepared), func(t *testing.T) { testNoLostUpdate(t, prepared) })
	}
}

func testNoLostUpdate(t *testing.T, prepared bool) {
	_, db := lockServer(t, 1)
	db.SetMaxOpenConns(16)
	const workers, each = 16, 200
	var wg sync.WaitGroup
	var errs atomic.Int64
	var first atomic.Value
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				var err error
				if prepared {
					_, err = db.Exec("UPDATE t SET n = n + ? WHERE id = ?", 1, 1)
				} else {
					_, err = db.Exec("UPDATE t SET n = n + 1 WHERE id = 1")
				}
				if err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err.Error())
				}
			}
		}()
	}
	wg.Wait()
	if errs.Load() != 0 {
		t.Fatalf("%d errors, first: %v", errs.Load(), first.Load())
	}
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != fmt.Sprint(workers*each) {
		t.Fatalf("n = %s, want %d", got, workers*each)
	}
}

// Explicit transactions: read-modify-write with the increment in SQL, and
// a current read (UPDATE) vs the snapshot (plain SELECT) in one transaction.
func TestLockCurrentVsSnapshotRead(t *testing.T) {
	_, db := lockServer(t, 1)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, a, "BEGIN")
	if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "0" {
		t.Fatal(got)
	}
	mustExec(t, b, "UPDATE t SET n = 10 WHERE id = 1")
	// The snapshot still says 0; the UPDATE acts on the committed 10.
	if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "0" {
		t.Fatalf("snapshot read %s", got)
	}
	mustExec(t, a, "UPDATE t SET n = n + 1 WHERE id = 1")
	if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "11" {
		t.Fatalf("after own update %s", got)
	}
	mustExec(t, a, "COMMIT")
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != "11" {
		t.Fatalf("committed %s", got)
	}
}

// A writer waits for the holder; after innodb_lock_wait_timeout it gets
// 1205, only the statement is rolled back and its transaction goes on.
func TestLockWaitTimeout(t *testing.T) {
	_, db := lockServer(t, 2)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	if got := scalar(t, b, "SELECT @@innodb_lock_wait_timeout"); got != "50" {
		t.Fatalf("default timeout %s", got)
	}
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 1")
	mustExec(t, b, "BEGIN")
	mustExec(t, b, "UPDATE t SET n = 5 WHERE id = 2")
	start := time.Now()
	_, err := b.ExecContext(context.Background(), "UPDATE t SET n = n + 100")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("want 1205, got %v", err)
	}
	if d := time.Since(start); d < 900*time.Millisecond || d > 5*time.Second {
		t.Fatalf("waited %v", d)
	}
	// The wait shows in SHOW GLOBAL STATUS (refreshed every 250 ms).
	status := func(name string) int {
		var k string
		var v int
		if err := db.QueryRow("SHOW GLOBAL STATUS LIKE '"+name+"'").Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	deadline := time.Now().Add(2 * time.Second)
	for status("Innodb_row_lock_waits") < 1 || status("Innodb_row_lock_time") < 900 {
		if time.Now().After(deadline) {
			t.Fatalf("status: waits %d, time %d ms", status("Innodb_row_lock_waits"), status("Innodb_row_lock_time"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The statement's change to row 2 (if it got there) is undone; the
	// transaction's earlier change stays.
	if got := scalar(t, b, "SELECT n FROM t WHERE id = 2"); got != "5" {
		t.Fatalf("row 2 = %s after the failed statement", got)
	}
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "UPDATE t SET n = n + 100 WHERE id = 1")
	mustExec(t, b, "COMMIT")
	if got := scalar(t, db, "SELECT group_concat(n ORDER BY id) FROM t"); got != "101,5" {
		t.Fatalf("rows %s", got)
	}
}

// Two transactions lock two rows in opposite order: exactly one gets 1213
// at once (not after the timeout), its transaction is rolled back, and the
// other one proceeds.
func TestLockDeadlock(t *testing.T) {
	_, db := lockServer(t, 2)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, a, "BEGIN")
	mustExec(t, b, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 1")
	mustExec(t, b, "UPDATE t SET n = 2 WHERE id = 2")
	start := time.Now()
	errA := make(chan error, 1)
	go func() {
		_, err := a.ExecContext(context.Background(), "UPDATE t SET n = 1 WHERE id = 2")
		errA <- err
	}()
	time.Sleep(100 * time.Millisecond)
	_, errB := b.ExecContext(context.Background(), "UPDATE t SET n = 2 WHERE id = 1")
	ea := <-errA
	if d := time.Since(start); d > time.Second {
		t.Fatalf("deadlock took %v", d)
	}
	if mysqlErrNo(errB) != 1213 || ea != nil {
		t.Fatalf("a: %v, b: %v", ea, errB)
	}
	// b's transaction is gone: its row 2 change was rolled back.
	mustExec(t, a, "COMMIT")
	if got := scalar(t, db, "SELECT group_concat(n ORDER BY id) FROM t"); got != "1,1" {
		t.Fatalf("rows %s", got)
	}
	// b is no longer in a transaction: this autocommits.
	mustExec(t, b, "UPDATE t SET n = 3 WHERE id = 1")
	// What sysbench does after a 1213: BEGIN again (and COMMIT).
	mustExec(t, b, "BEGIN")
	mustExec(t, b, "COMMIT")
	mustExec(t, b, "COMMIT")
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != "3" {
		t.Fatalf("after the victim's next statement: %s", got)
	}
}

// A second INSERT of the same key waits for the first transaction: 1062 if
// it committed, success if it rolled back. The same for a unique value.
func TestLockInsertSameKey(t *testing.T) {
	_, db := lockServer(t, 0)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	for _, tc := range []struct {
		name, first, second string
		commit              bool
		want                int
	}{
		{"pk committed", "INSERT INTO t VALUES (1, 0, NULL)", "INSERT INTO t VALUES (1, 0, NULL)", true, 1062},
		{"pk rolled back", "INSERT INTO t VALUES (2, 0, NULL)", "INSERT INTO t VALUES (2, 0, NULL)", false, 0},
		{"unique committed", "INSERT INTO t VALUES (3, 0, 7)", "INSERT INTO t VALUES (4, 0, 7)", true, 1062},
		{"unique rolled back", "INSERT INTO t VALUES (5, 0, 8)", "INSERT INTO t VALUES (6, 0, 8)", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustExec(t, a, "BEGIN")
			mustExec(t, a, tc.first)
			done := make(chan error, 1)
			go func() { _, err := b.ExecContext(context.Background(), tc.second); done <- err }()
			select {
			case err := <-done:
				t.Fatalf("second insert did not wait: %v", err)
			case <-time.After(150 * time.Millisecond):
			}
			if tc.commit {
				mustExec(t, a, "COMMIT")
			} else {
				mustExec(t, a, "ROLLBACK")
			}
			if err := <-done; mysqlErrNo(err) != tc.want || (tc.want == 0 && err != nil) {
				t.Fatalf("second insert: %v, want %d", err, tc.want)
			}
		})
	}
}

// Locks are released when the holder disconnects.
func TestLockReleasedOnDisconnect(t *testing.T) {
	ts, db := lockServer(t, 1)
	other := ts.connect("test")
	c := conns(t, other, 1)[0]
	mustExec(t, c, "BEGIN")
	mustExec(t, c, "UPDATE t SET n = 9 WHERE id = 1")
	done := make(chan error, 1)
	go func() { _, err := db.Exec("UPDATE t SET n = n + 1 WHERE id = 1"); done <- err }()
	time.Sleep(100 * time.Millisecond)
	other.Close()
	c.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("waiter never released")
	}
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != "1" {
		t.Fatalf("n = %s (the disconnected transaction must be rolled back)", got)
	}
}

// FOR UPDATE NOWAIT on a locked row fails at once with 3572; SKIP LOCKED
// returns the unlocked rows only.
func TestLockNoWaitSkipLocked(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "SELECT * FROM t WHERE id = 2 FOR UPDATE")
	start := time.Now()
	_, err := b.ExecContext(context.Background(), "SELECT * FROM t WHERE id = 2 FOR UPDATE NOWAIT")
	if mysqlErrNo(err) != 3572 || time.Since(start) > time.Second {
		t.Fatalf("NOWAIT: %v after %v", err, time.Since(start))
	}
	rows, err := b.QueryContext(context.Background(), "SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for rows.Next() {
		var id int
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	if fmt.Sprint(ids) != "[1 3]" {
		t.Fatalf("SKIP LOCKED read %v, want [1 3]", ids)
	}
	mustExec(t, a, "COMMIT")
}

// FOR SHARE: two readers share a row; a writer waits for both.
func TestLockForShare(t *testing.T) {
	_, db := lockServer(t, 1)
	c := conns(t, db, 3)
	r1, r2, w := c[0], c[1], c[2]
	mustExec(t, r1, "BEGIN")
	mustExec(t, r2, "BEGIN")
	if got := scalar(t, r1, "SELECT n FROM t WHERE id = 1 FOR SHARE"); got != "0" {
		t.Fatal(got)
	}
	if got := scalar(t, r2, "SELECT n FROM t WHERE id = 1 LOCK IN SHARE MODE"); got != "0" {
		t.Fatal(got)
	}
	done := make(chan error, 1)
	go func() { _, err := w.ExecContext(context.Background(), "UPDATE t SET n = 7 WHERE id = 1"); done <- err }()
	for i, r := range []*sql.Conn{r1, r2} {
		select {
		case err := <-done:
			t.Fatalf("writer did not wait for reader %d: %v", i+1, err)
		case <-time.After(100 * time.Millisecond):
		}
		mustExec(t, r, "COMMIT")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != "7" {
		t.Fatal(got)
	}
}

// KILL QUERY ends a lock wait; the waiting connection stays usable.
func TestLockKillWaiter(t *testing.T) {
	_, db := lockServer(t, 1)
	c := conns(t, db, 3)
	a, b, admin := c[0], c[1], c[2]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 1")
	id := scalar(t, b, "SELECT CONNECTION_ID()")
	done := make(chan error, 1)
	go func() { _, err := b.ExecContext(context.Background(), "UPDATE t SET n = 2 WHERE id = 1"); done <- err }()
	time.Sleep(100 * time.Millisecond)
	mustExec(t, admin, "KILL QUERY "+id)
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("killed statement succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("KILL QUERY did not end the wait")
	}
	mustExec(t, a, "COMMIT")
	if got := scalar(t, b, "SELECT n FROM t WHERE id = 1"); got != "1" {
		t.Fatal(got)
	}
}

// The bank workload: 16 clients transfer between accounts, locking both
// with SELECT ... FOR UPDATE in id order; no client retries, no statement
// fails, and the total is unchanged.
func TestLockBank(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE bank")
	mustExec(t, db, "CREATE TABLE bank.acct (id int PRIMARY KEY, bal bigint NOT NULL)")
	const accounts, clients = 20, 16
	for i := 0; i < accounts; i++ {
		mustExec(t, db, "INSERT INTO bank.acct VALUES (?, 1000)", i)
	}
	db.SetMaxOpenConns(clients)
	var wg sync.WaitGroup
	var n, errs atomic.Int64
	var first atomic.Value
	stop := time.Now().Add(1500 * time.Millisecond)
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
				x, y := (w*3+i)%accounts, (w*5+i*7+1)%accounts
				if x == y {
					continue
				}
				lo, hi := min(x, y), max(x, y)
				err := func() error {
					if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
						return err
					}
					var a, b int64
					if err := conn.QueryRowContext(ctx, "SELECT bal FROM bank.acct WHERE id = ? FOR UPDATE", lo).Scan(&a); err != nil {
						return err
					}
					if err := conn.QueryRowContext(ctx, "SELECT bal FROM bank.acct WHERE id = ? FOR UPDATE", hi).Scan(&b); err != nil {
						return err
					}
					amt := int64(1 + i%7)
					if _, err := conn.ExecContext(ctx, "UPDATE bank.acct SET bal = ? WHERE id = ?", a-amt, lo); err != nil {
						return err
					}
					if _, err := conn.ExecContext(ctx, "UPDATE bank.acct SET bal = ? WHERE id = ?", b+amt, hi); err != nil {
						return err
					}
					_, err := conn.ExecContext(ctx, "COMMIT")
					return err
				}()
				if err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err.Error())
					conn.ExecContext(ctx, "ROLLBACK")
				} else {
					n.Add(1)
				}
			}
		}(w)
	}
	wg.Wait()
	if errs.Load() != 0 {
		t.Fatalf("%d errors (first: %v) in %d transfers", errs.Load(), first.Load(), n.Load())
	}
	if got := scalar(t, db, "SELECT SUM(bal) FROM bank.acct"); got != fmt.Sprint(accounts*1000) {
		t.Fatalf("total %s", got)
	}
	t.Logf("%d transfers, 0 errors", n.Load())
}

// A schema change waits for the transactions holding row locks on its
// table (instead of failing them, or itself, with 1213), bounded by
// lock_wait_timeout (1205).
func TestLockDDLWaitsForTransactions(t *testing.T) {
	_, db := lockServer(t, 2)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = n + 1 WHERE id = 1")
	done := make(chan error, 1)
	go func() {
		_, err := b.ExecContext(context.Background(), "ALTER TABLE t ADD COLUMN c int NOT NULL DEFAULT 7")
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("ALTER did not wait for the open transaction: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	mustExec(t, a, "UPDATE t SET n = n + 1 WHERE id = 2")
	mustExec(t, a, "COMMIT")
	if err := <-done; err != nil {
		t.Fatalf("ALTER: %v", err)
	}
	if got := scalar(t, db, "SELECT group_concat(concat(n, ':', c) ORDER BY id) FROM t"); got != "1:7,1:7" {
		t.Fatalf("rows %s", got)
	}
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO t (id, n) VALUES (3, 0)")
	mustExec(t, b, "SET SESSION lock_wait_timeout = 1")
	if _, err := b.ExecContext(context.Background(), "CREATE INDEX ni ON t (n)"); mysqlErrNo(err) != 1205 {
		t.Fatalf("CREATE INDEX behind an open transaction: %v, want 1205", err)
	}
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "CREATE INDEX ni ON t (n)")
}

// Past locks.EscalateAfter row locks in one table, a transaction locks the
// table instead (when nobody else is active there); others then wait.
func TestLockEscalation(t *testing.T) {
	old := locks.EscalateAfter
	locks.EscalateAfter = 10
	defer func() { locks.EscalateAfter = old }()
	ts, db := lockServer(t, 30)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = n + 1")
	if s := ts.srv.eng.Locks().Stats(); s.Escalations != 1 || s.Held > 3 {
		t.Fatalf("lock stats %+v, want one escalation and few keys", s)
	}
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 1")
	if _, err := b.ExecContext(context.Background(), "UPDATE t SET n = 0 WHERE id = 30"); mysqlErrNo(err) != 1205 {
		t.Fatalf("row of an escalated table: %v, want 1205", err)
	}
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "UPDATE t SET n = 0 WHERE id = 30")
	if got := scalar(t, db, "SELECT SUM(n) FROM t"); got != "29" {
		t.Fatal(got)
	}
}

// A prepared locking read keeps locking on every execution: its clause is
// stripped from the text GMS and the plan cache see, so a cached plan must
// never serve it (it would read without waiting).
func TestPreparedLockingReadWaitsEveryExecution(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 1")
	stmt, err := b.PrepareContext(context.Background(), "SELECT n FROM t WHERE id = ? FOR UPDATE")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	var n int
	for i := 0; i < 3; i++ { // executions that a cache would keep
		if err := stmt.QueryRowContext(context.Background(), 2).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 5 WHERE id = 2")
	start := time.Now()
	err = stmt.QueryRowContext(context.Background(), 2).Scan(&n)
	if mysqlErrNo(err) != 1205 || time.Since(start) < 900*time.Millisecond {
		t.Fatalf("prepared FOR UPDATE on a locked row: n=%d err=%v after %v, want 1205 after 1 s", n, err, time.Since(start))
	}
	mustExec(t, a, "ROLLBACK")
}

// KILL QUERY ends every kind of lock wait with 1317 and leaves the
// connection usable: a DML row-lock wait, a locking read, and a schema
// change waiting for its table (which waits before GMS sees the
// statement); KILL CONNECTION ends a schema change's wait too, and its
// queued table lock no longer holds back later statements.
func TestLockKillEndsWaits(t *testing.T) {
	_, db := lockServer(t, 2)
	c := conns(t, db, 3)
	a, b, admin := c[0], c[1], c[2]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 1")
	id := scalar(t, b, "SELECT CONNECTION_ID()")
	for _, stmt := range []string{
		"UPDATE t SET n = 2 WHERE id = 1",
		"SELECT n FROM t WHERE id = 1 FOR UPDATE",
		"SELECT n FROM t WHERE id = 1 FOR SHARE",
		"ALTER TABLE t ADD COLUMN c int",
		"CREATE INDEX ni ON t (n)",
	} {
		done := make(chan error, 1)
		go func() { _, err := b.ExecContext(context.Background(), stmt); done <- err }()
		waitUntil(t, stmt+" waiting in the process list", func() bool {
			return scalar(t, admin, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = "+id+" AND INFO = '"+strings.ReplaceAll(stmt, "'", "''")+"'") == "1"
		})
		mustExec(t, admin, "KILL QUERY "+id)
		select {
		case err := <-done:
			if mysqlErrNo(err) != 1317 {
				t.Fatalf("%s killed: %v, want 1317", stmt, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("KILL QUERY did not end %s", stmt)
		}
		if got := scalar(t, b, "SELECT n FROM t WHERE id = 2"); got != "0" {
			t.Fatalf("after the kill: %s", got)
		}
	}

	// KILL CONNECTION of a waiting schema change.
	d, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	did := scalar(t, d, "SELECT CONNECTION_ID()")
	done := make(chan error, 1)
	go func() { _, err := d.ExecContext(context.Background(), "ALTER TABLE t ADD COLUMN c int"); done <- err }()
	waitUntil(t, "ALTER waiting", func() bool {
		return scalar(t, admin, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = "+did+" AND COMMAND = 'Query'") == "1"
	})
	mustExec(t, admin, "KILL "+did)
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("killed ALTER succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("KILL did not end the ALTER's wait")
	}
	// KILL CONNECTION is asynchronous, as in MySQL: the client's read
	// fails when the socket closes, the server's statement ends when it
	// sees the kill. It must end without changing the table.
	waitUntil(t, "the killed connection gone", func() bool {
		return scalar(t, admin, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = "+did) == "0"
	})
	if got := scalar(t, admin, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 't' AND COLUMN_NAME = 'c'"); got != "0" {
		t.Fatalf("the killed ALTER added its column (%s)", got)
	}
	// The killed ALTER's queued X lock is gone: a's transaction locks more
	// rows of the table and commits; then a schema change goes through.
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 2")
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "ALTER TABLE t ADD COLUMN c int")
	if got := scalar(t, b, "SELECT group_concat(concat(n, ':', coalesce(c, 'null')) ORDER BY id) FROM t"); got != "1:null,1:null" {
		t.Fatal(got)
	}
}

// waitUntil polls cond for up to 5 s.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// No gap locks (docs/COMPATIBILITY.md, "Locking"): a locking range read
// locks the rows it reads, not the gaps between them. Another transaction
// inserts into the range at once (InnoDB would make it wait), while a row
// the range read locked still makes writers wait; the reader's next
// locking read (a current read) sees the new row — a phantom — while its
// plain SELECTs keep their snapshot; an UPDATE of the range then changes
// the new row too.
func TestLockNoGapLocks(t *testing.T) {
	_, db := lockServer(t, 0)
	for _, id := range []int{10, 15, 20, 30} {
		mustExec(t, db, "INSERT INTO t VALUES (?, 0, NULL)", id)
	}
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, a, "BEGIN")
	// The snapshot is taken by the first plain read, as InnoDB's read view.
	if got := scalar(t, a, "SELECT COUNT(*) FROM t"); got != "4" {
		t.Fatal(got)
	}
	if got := scalar(t, a, "SELECT group_concat(id ORDER BY id) FROM t WHERE id BETWEEN 10 AND 20 FOR UPDATE"); got != "10,15,20" {
		t.Fatal(got)
	}
	start := time.Now()
	mustExec(t, b, "INSERT INTO t VALUES (12, 0, NULL)") // into the gap: no wait
	mustExec(t, b, "INSERT INTO t VALUES (25, 0, NULL)") // past the range's last row
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("inserts into the locked range waited %s", d)
	}
	if _, err := b.ExecContext(context.Background(), "UPDATE t SET n = 1 WHERE id = 15"); mysqlErrNo(err) != 1205 {
		t.Fatalf("update of a row the range read locked: %v, want 1205", err)
	}
	if got := scalar(t, a, "SELECT group_concat(id ORDER BY id) FROM t WHERE id BETWEEN 10 AND 20"); got != "10,15,20" {
		t.Fatalf("snapshot read sees %s", got)
	}
	if got := scalar(t, a, "SELECT group_concat(id ORDER BY id) FROM t WHERE id BETWEEN 10 AND 20 FOR UPDATE"); got != "10,12,15,20" {
		t.Fatalf("locking read after the insert sees %s, want the phantom 12", got)
	}
	if r := mustExec(t, a, "UPDATE t SET n = n + 1 WHERE id BETWEEN 10 AND 20"); rowsAffected(t, r) != 4 {
		t.Fatal("range UPDATE missed the phantom")
	}
	mustExec(t, a, "COMMIT")
	if got := scalar(t, db, "SELECT group_concat(concat(id, ':', n) ORDER BY id) FROM t"); got != "10:1,12:1,15:1,20:1,25:0,30:0" {
		t.Fatal(got)
	}
}

func rowsAffected(t *testing.T, r sql.Result) int64 {
	t.Helper()
	n, err := r.RowsAffected()
	if err != nil {
		t.Fatal(err)
	}
	return n
}
