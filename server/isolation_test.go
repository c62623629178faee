package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"
)

// queryInts runs a prepared or text query on c and returns its first column.
func queryInts(t *testing.T, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string, args ...any) ([]int, error) {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Prepared locking reads (go-sql-driver without interpolateParams sends
// COM_STMT_PREPARE): FOR SHARE, LOCK IN SHARE MODE, NOWAIT and SKIP LOCKED
// behave as their text forms instead of failing with 1064 in the protocol
// library's parser.
func TestPreparedLockingClauses(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 3)
	a, b, w := c[0], c[1], c[2]
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "SELECT * FROM t WHERE id = 2 FOR UPDATE")

	start := time.Now()
	_, err := queryInts(t, b, "SELECT n FROM t WHERE id = ? FOR UPDATE NOWAIT", 2)
	if mysqlErrNo(err) != 3572 || time.Since(start) > time.Second {
		t.Fatalf("prepared NOWAIT: %v after %v, want 3572 at once", err, time.Since(start))
	}
	ids, err := queryInts(t, b, "SELECT id FROM t WHERE id > ? ORDER BY id FOR UPDATE SKIP LOCKED", 0)
	if err != nil || fmt.Sprint(ids) != "[1 3]" {
		t.Fatalf("prepared SKIP LOCKED: %v %v, want [1 3]", ids, err)
	}
	ids, err = queryInts(t, b, "SELECT id FROM t WHERE id > ? ORDER BY id FOR SHARE SKIP LOCKED", 0)
	if err != nil || fmt.Sprint(ids) != "[1 3]" {
		t.Fatalf("prepared FOR SHARE SKIP LOCKED: %v %v, want [1 3]", ids, err)
	}
	mustExec(t, a, "COMMIT")

	// Shared locks from prepared FOR SHARE and LOCK IN SHARE MODE make a
	// writer wait until both readers commit.
	mustExec(t, a, "BEGIN")
	mustExec(t, b, "BEGIN")
	for i, q := range []string{
		"SELECT n FROM t WHERE id = ? FOR SHARE",
		"SELECT n FROM t WHERE id = ? LOCK IN SHARE MODE",
	} {
		stmt, err := []*sql.Conn{a, b}[i].PrepareContext(context.Background(), q)
		if err != nil {
			t.Fatalf("prepare %q: %v", q, err)
		}
		var n int
		if err := stmt.QueryRowContext(context.Background(), 1).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%q: n=%d %v", q, n, err)
		}
		stmt.Close()
	}
	done := make(chan error, 1)
	go func() {
		_, err := w.ExecContext(context.Background(), "UPDATE t SET n = 7 WHERE id = ?", 1)
		done <- err
	}()
	for i, r := range []*sql.Conn{a, b} {
		select {
		case err := <-done:
			t.Fatalf("writer did not wait for prepared shared reader %d: %v", i+1, err)
		case <-time.After(150 * time.Millisecond):
		}
		mustExec(t, r, "COMMIT")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := scalar(t, db, "SELECT n FROM t WHERE id = 1"); got != "7" {
		t.Fatal(got)
	}

	// A statement without a clause, prepared after one with, locks nothing.
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 8 WHERE id = 3")
	start = time.Now()
	if ids, err := queryInts(t, b, "SELECT n FROM t WHERE id = ?", 3); err != nil || fmt.Sprint(ids) != "[0]" || time.Since(start) > time.Second {
		t.Fatalf("plain prepared read: %v %v after %v", ids, err, time.Since(start))
	}
	mustExec(t, a, "ROLLBACK")

	// Text that only looks like a clause is left alone.
	if ids, err := queryInts(t, b, "SELECT COUNT(*) FROM t WHERE 'x FOR SHARE' <> ?", "y"); err != nil || fmt.Sprint(ids) != "[3]" {
		t.Fatalf("string literal: %v %v", ids, err)
	}
	if _, err := b.PrepareContext(context.Background(), "SELECT n FROM t WHERE id = ? FOR SHARE NOWAIT SKIP LOCKED"); err == nil ||
		!strings.Contains(err.Error(), "1064") {
		t.Fatalf("malformed clause: %v, want 1064", err)
	}
}

// READ COMMITTED: each statement of a transaction reads what was committed
// before it began (its own writes on top); REPEATABLE READ keeps the first
// snapshot. READ UNCOMMITTED reads as READ COMMITTED and never sees
// another transaction's uncommitted rows.
func TestIsolationReadCommitted(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 2)
	a, b := c[0], c[1]

	for _, level := range []string{"READ COMMITTED", "READ UNCOMMITTED"} {
		mustExec(t, b, "UPDATE t SET n = 0")
		mustExec(t, a, "SET SESSION TRANSACTION ISOLATION LEVEL "+level)
		mustExec(t, a, "BEGIN")
		if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "0" {
			t.Fatalf("%s: first read %s", level, got)
		}
		mustExec(t, a, "UPDATE t SET n = 5 WHERE id = 2")
		mustExec(t, b, "UPDATE t SET n = 10 WHERE id = 1")
		// b's uncommitted write stays invisible, at every level.
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "UPDATE t SET n = 99 WHERE id = 3")
		if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "10" {
			t.Fatalf("%s: a concurrent commit is not visible to the next statement: %s", level, got)
		}
		if got := scalar(t, a, "SELECT GROUP_CONCAT(n ORDER BY id) FROM t"); got != "10,5,0" {
			t.Fatalf("%s: own write or uncommitted row wrong: %s", level, got)
		}
		mustExec(t, b, "COMMIT")
		if got := scalar(t, a, "SELECT GROUP_CONCAT(n ORDER BY id) FROM t"); got != "10,5,99" {
			t.Fatalf("%s: after b's commit: %s", level, got)
		}
		mustExec(t, a, "COMMIT")
	}

	// The same steps at REPEATABLE READ keep the first snapshot.
	mustExec(t, b, "UPDATE t SET n = 0")
	mustExec(t, a, "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ")
	mustExec(t, a, "BEGIN")
	if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "0" {
		t.Fatal(got)
	}
	mustExec(t, a, "UPDATE t SET n = 5 WHERE id = 2")
	mustExec(t, b, "UPDATE t SET n = 10 WHERE id = 1")
	if got := scalar(t, a, "SELECT GROUP_CONCAT(n ORDER BY id) FROM t"); got != "0,5,0" {
		t.Fatalf("REPEATABLE READ saw a concurrent commit: %s", got)
	}
	mustExec(t, a, "COMMIT")
	if got := scalar(t, a, "SELECT GROUP_CONCAT(n ORDER BY id) FROM t"); got != "10,5,0" {
		t.Fatal(got)
	}

	// Prepared executions (the plan cache serves them without analysis)
	// take the fresh snapshot too.
	stmt, err := a.PrepareContext(context.Background(), "SELECT n FROM t WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	mustExec(t, a, "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
	mustExec(t, a, "BEGIN")
	for want := 10; want < 13; want++ {
		var n int
		for i := 0; i < 2; i++ {
			if err := stmt.QueryRowContext(context.Background(), 1).Scan(&n); err != nil || n != want {
				t.Fatalf("prepared READ COMMITTED read: n=%d %v, want %d", n, err, want)
			}
		}
		mustExec(t, b, "UPDATE t SET n = n + 1 WHERE id = 1")
	}
	mustExec(t, a, "COMMIT")
}

// SET TRANSACTION ISOLATION LEVEL without a scope sets the next
// transaction's level only; with autocommit off, that transaction lasts
// until COMMIT.
func TestIsolationSetTransactionNextOnly(t *testing.T) {
	_, db := lockServer(t, 1)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	seesConcurrentCommit := func(begin string) bool {
		t.Helper()
		mustExec(t, a, begin)
		before := scalar(t, a, "SELECT n FROM t WHERE id = 1")
		mustExec(t, b, "UPDATE t SET n = n + 1 WHERE id = 1")
		after := scalar(t, a, "SELECT n FROM t WHERE id = 1")
		mustExec(t, a, "COMMIT")
		return before != after
	}
	mustExec(t, a, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
	if !seesConcurrentCommit("BEGIN") {
		t.Fatal("the next transaction is not READ COMMITTED")
	}
	if got := scalar(t, a, "SELECT @@transaction_isolation"); got != "REPEATABLE-READ" {
		t.Fatalf("session level changed to %s", got)
	}
	if seesConcurrentCommit("BEGIN") {
		t.Fatal("the transaction after it is still READ COMMITTED")
	}
	// An autocommitted statement is a transaction: it uses the level up.
	mustExec(t, a, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
	scalar(t, a, "SELECT n FROM t WHERE id = 1")
	if seesConcurrentCommit("BEGIN") {
		t.Fatal("the level outlived the autocommitted statement")
	}
	mustExec(t, a, "SET autocommit = 0")
	mustExec(t, a, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
	if !seesConcurrentCommit("SELECT 1") {
		t.Fatal("autocommit off: the next transaction is not READ COMMITTED")
	}
	if seesConcurrentCommit("SELECT 1") {
		t.Fatal("autocommit off: the transaction after it is still READ COMMITTED")
	}
	mustExec(t, a, "SET autocommit = 1")
}

// SERIALIZABLE: inside a transaction a plain SELECT takes shared locks, so
// a concurrent UPDATE of the row waits for COMMIT (or times out); an
// autocommitted SELECT locks nothing. Prepared SELECTs, which the plan
// cache would serve without analysis, lock too.
func TestIsolationSerializable(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, a, "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")

	// Autocommitted: no lock.
	scalar(t, a, "SELECT n FROM t WHERE id = 1")
	mustExec(t, b, "UPDATE t SET n = 1 WHERE id = 1")

	for _, begin := range []string{"BEGIN", "SET autocommit = 0"} {
		mustExec(t, a, begin)
		if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "1" {
			t.Fatal(got)
		}
		start := time.Now()
		_, err := b.ExecContext(context.Background(), "UPDATE t SET n = 2 WHERE id = 1")
		if mysqlErrNo(err) != 1205 || time.Since(start) < 900*time.Millisecond {
			t.Fatalf("%s: UPDATE of a row a SERIALIZABLE SELECT read: %v after %v, want 1205 after 1 s", begin, err, time.Since(start))
		}
		// Shared: another reader is not blocked.
		if got := scalar(t, b, "SELECT n FROM t WHERE id = 1 FOR SHARE"); got != "1" {
			t.Fatal(got)
		}
		done := make(chan error, 1)
		go func() {
			_, err := b.ExecContext(context.Background(), "UPDATE t SET n = n + 1 WHERE id = 1")
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("%s: UPDATE did not wait: %v", begin, err)
		case <-time.After(200 * time.Millisecond):
		}
		mustExec(t, a, "COMMIT")
		if err := <-done; err != nil {
			t.Fatalf("%s: UPDATE after COMMIT: %v", begin, err)
		}
		mustExec(t, a, "SET autocommit = 1")
		mustExec(t, b, "UPDATE t SET n = 1 WHERE id = 1")
	}

	// Prepared: executions before the transaction may be cached; inside it
	// the statement must still lock.
	stmt, err := a.PrepareContext(context.Background(), "SELECT n FROM t WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	var n int
	for i := 0; i < 3; i++ {
		if err := stmt.QueryRowContext(context.Background(), 2).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	mustExec(t, b, "UPDATE t SET n = 3 WHERE id = 2") // autocommitted reads locked nothing
	mustExec(t, a, "BEGIN")
	if err := stmt.QueryRowContext(context.Background(), 2).Scan(&n); err != nil || n != 3 {
		t.Fatalf("n=%d %v", n, err)
	}
	_, err = b.ExecContext(context.Background(), "UPDATE t SET n = 4 WHERE id = 2")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("UPDATE of a row a prepared SERIALIZABLE SELECT read: %v, want 1205", err)
	}
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "UPDATE t SET n = 4 WHERE id = 2")
}

// START TRANSACTION WITH CONSISTENT SNAPSHOT takes the snapshot at once;
// a plain START TRANSACTION takes it at the first read.
func TestIsolationConsistentSnapshot(t *testing.T) {
	_, db := lockServer(t, 1)
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	for _, begin := range []string{
		"START TRANSACTION WITH CONSISTENT SNAPSHOT",
		"START TRANSACTION /*!40100 WITH CONSISTENT SNAPSHOT */", // mysqldump --single-transaction
		"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY",
	} {
		mustExec(t, b, "UPDATE t SET n = 0 WHERE id = 1")
		mustExec(t, a, begin)
		mustExec(t, b, "UPDATE t SET n = 1 WHERE id = 1")
		if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "0" {
			t.Fatalf("%s: read %s, want the snapshot of the START", begin, got)
		}
		mustExec(t, a, "COMMIT")
	}
	mustExec(t, b, "UPDATE t SET n = 0 WHERE id = 1")
	mustExec(t, a, "START TRANSACTION")
	mustExec(t, b, "UPDATE t SET n = 1 WHERE id = 1")
	if got := scalar(t, a, "SELECT n FROM t WHERE id = 1"); got != "1" {
		t.Fatalf("START TRANSACTION read %s, want the snapshot of the first read", got)
	}
	mustExec(t, a, "COMMIT")

	// READ ONLY from the combined form refuses writes (1792).
	mustExec(t, a, "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY")
	if _, err := a.ExecContext(context.Background(), "UPDATE t SET n = 5 WHERE id = 1"); mysqlErrNo(err) != 1792 {
		t.Fatalf("write in READ ONLY: %v, want 1792", err)
	}
	mustExec(t, a, "COMMIT")

	// At READ COMMITTED the clause is ignored with InnoDB's warning.
	mustExec(t, a, "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
	mustExec(t, a, "START TRANSACTION WITH CONSISTENT SNAPSHOT")
	rows, err := a.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	var level, msg string
	var code int
	if !rows.Next() || rows.Scan(&level, &code, &msg) != nil || code != 138 {
		t.Fatalf("warning: %s %d %s", level, code, msg)
	}
	rows.Close()
	mustExec(t, a, "COMMIT")
}

// The wire guard reads a COM_STMT_PREPARE ahead to blank its locking
// clause: a packet that arrives in pieces, with the next command right
// behind it in the same segment, is prepared whole and the next command
// still answered.
func TestPreparedLockingClauseSplitPacket(t *testing.T) {
	ts, _ := lockServer(t, 1)
	c := ts.rawSession(t)
	q := "SELECT n FROM test.t WHERE id = ? FOR SHARE NOWAIT"
	payload := append([]byte{0x16}, q...) // COM_STMT_PREPARE
	n := len(payload)
	pkt := append([]byte{byte(n), byte(n >> 8), byte(n >> 16), 0}, payload...)
	ping := []byte{1, 0, 0, 0, 0x0e}
	for _, part := range [][]byte{pkt[:6], pkt[6:20], append(append([]byte(nil), pkt[20:]...), ping...)} {
		if _, err := c.Write(part); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_, p := c.recv()
	if len(p) < 12 || p[0] != 0x00 {
		t.Fatalf("prepare answered %q", p)
	}
	if params := int(p[7]) | int(p[8])<<8; params != 1 {
		t.Fatalf("%d parameters, want 1", params)
	}
	for {
		_, p := c.recv()
		switch {
		case len(p) > 0 && p[0] == 0x00:
			return // the ping's OK
		case len(p) > 0 && (p[0] == 0x03 || p[0] == 0xfe):
			continue // parameter and column definitions, EOFs
		default:
			t.Fatalf("unexpected packet %q", p)
		}
	}
}
