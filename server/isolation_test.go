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
	go func() { _, err := w.ExecContext(context.Background(), "UPDATE t SET n = 7 WHERE id = ?", 1); done <- err }()
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
