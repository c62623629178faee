package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/myriaddb/myriad/engine"
)

var errSelected = errors.New("(a SELECT)")

func TestTxnStatementOf(t *testing.T) {
	for q, want := range map[string]engine.TxnStatement{
		"BEGIN": engine.TxnBegin, " begin ;": engine.TxnBegin, "Start \t Transaction": engine.TxnBegin,
		"START TRANSACTION;": engine.TxnBegin, "COMMIT": engine.TxnCommit, "commit;": engine.TxnCommit,
		"\nROLLBACK\n": engine.TxnRollback,
		// Left to the parser.
		"STARTTRANSACTION": 0, "BEGIN WORK": 0, "COMMIT AND CHAIN": 0, "ROLLBACK TO SAVEPOINT a": 0,
		"START TRANSACTION READ ONLY": 0, "/* c */ BEGIN": 0, "BEGIN;COMMIT": 0, "BEGIN;;": 0, "COMMITS": 0,
	} {
		got, ok := txnStatementOf(q)
		if want == 0 && ok || want != 0 && got != want {
			t.Errorf("txnStatementOf(%q) = %v, %v; want %v", q, got, ok, want)
		}
	}
}

// TestDirectTxnMatchesGeneral: a script of BEGIN / START TRANSACTION /
// COMMIT / ROLLBACK, text and prepared, among writes (a duplicate key
// inside a transaction, autocommit off and on, SET TRANSACTION READ ONLY,
// warnings) gives the same results, errors, warnings, ROW_COUNT(),
// FOUND_ROWS(), visibility to another connection and rows left when the
// transaction statements run directly as through GMS's parser and
// executor (myriad_direct_dml = OFF); and they did run directly.
func TestDirectTxnMatchesGeneral(t *testing.T) {
	_, root, direct, general := directPair(t)
	ctx := context.Background()
	script := []string{
		"BEGIN", "UPDATE sb SET k=k+1 WHERE id=1", "COMMIT",
		"P:BEGIN", "INSERT INTO sb (id) VALUES (100)", "INSERT INTO sb (id) VALUES (1)", "INSERT INTO sb (id) VALUES (101)", "P:COMMIT",
		"START TRANSACTION", "DELETE FROM sb WHERE id=2", "ROLLBACK",
		"P:START TRANSACTION", "UPDATE sb SET c='x' WHERE id=3", "P:ROLLBACK",
		"COMMIT", "ROLLBACK", "P:COMMIT", "P:ROLLBACK",
		"BEGIN", "BEGIN", "UPDATE sb SET k=k+5 WHERE id=4", "BEGIN", "ROLLBACK",
		"SET autocommit = 0", "UPDATE sb SET k=k+7 WHERE id=5", "BEGIN", "UPDATE sb SET k=k+7 WHERE id=6", "ROLLBACK",
		"UPDATE sb SET k=k+9 WHERE id=7", "P:COMMIT", "UPDATE sb SET k=k+9 WHERE id=8", "P:ROLLBACK",
		"SET autocommit = 1",
		"SET TRANSACTION READ ONLY", "BEGIN", "UPDATE sb SET k=0 WHERE id=9", "COMMIT", "UPDATE sb SET k=0 WHERE id=9",
		"SELECT CAST('1x' AS SIGNED)", "BEGIN", "SELECT CAST('2x' AS SIGNED)", "COMMIT",
		"INSERT INTO sb (id, k) VALUES (200, 'zz')", "P:BEGIN", "P:ROLLBACK",
		"begin ;", "UPDATE sb SET pad='q' WHERE id=10", "commit;",
	}
	stmts := map[*sql.Conn]map[string]*sql.Stmt{direct: {}, general: {}}
	run := func(c *sql.Conn, q string) (sql.Result, error) {
		if p, ok := strings.CutPrefix(q, "P:"); ok {
			st := stmts[c][p]
			if st == nil {
				var err error
				if st, err = c.PrepareContext(ctx, p); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				stmts[c][p] = st
			}
			return st.ExecContext(ctx)
		}
		if strings.HasPrefix(q, "SELECT") {
			var v any
			return nil, c.QueryRowContext(ctx, q).Scan(&v)
		}
		return c.ExecContext(ctx, q)
	}
	before := directTxns.Load()
	txnStmts := 0
	for i, q := range script {
		if _, ok := txnStatementOf(strings.TrimPrefix(q, "P:")); ok {
			txnStmts++
		}
		var got, want string
		for _, side := range []struct {
			c   *sql.Conn
			out *string
		}{{direct, &got}, {general, &want}} {
			r, err := run(side.c, q)
			if r == nil && err == nil {
				// A SELECT: its warnings and LAST_INSERT_ID().
				*side.out = directOutcome(t, side.c, false, nil, errSelected)
				continue
			}
			*side.out = directOutcome(t, side.c, i%2 == 0, r, err)
		}
		if got != want {
			t.Errorf("step %d %q:\n direct  %s\n general %s", i, q, got, want)
		}
		// What another connection sees: only committed work.
		a, b := dump(t, root, "fa.sb"), dump(t, root, "fb.sb")
		if a != b {
			t.Fatalf("after step %d %q the committed rows differ:\n direct  %s\n general %s", i, q, a, b)
		}
	}
	if ran := directTxns.Load() - before; ran != int64(txnStmts) {
		t.Errorf("%d of the %d transaction statements ran directly", ran, txnStmts)
	}
}

// TestDirectTxnErrors: inside BEGIN ... COMMIT sent as statements that run
// directly, a lock wait times out with 1205 and leaves the transaction
// open (its earlier write commits), and a deadlock victim gets 1213, is
// rolled back and out of its transaction (its COMMIT succeeds, commits
// nothing, and its next statement autocommits), as on GMS's path.
func TestDirectTxnErrors(t *testing.T) {
	for _, direct := range []bool{true, false} {
		t.Run(fmt.Sprint("direct=", direct), func(t *testing.T) {
			ts := startServer(t, t.TempDir())
			root := ts.connect("")
			mustExec(t, root, "CREATE DATABASE d")
			mustExec(t, root, "CREATE TABLE d.t (id INT PRIMARY KEY, v INT NOT NULL)")
			mustExec(t, root, "INSERT INTO d.t VALUES (1, 0), (2, 0), (3, 0)")
			ctx := context.Background()
			pool := ts.connectWith("d", "parseTime=false")
			a, b := lockWaitConn(t, pool, direct), lockWaitConn(t, pool, direct)
			before := directTxns.Load()
			rows := func() string { return fmt.Sprint(queryRows(t, root, "SELECT id, v FROM d.t ORDER BY id")) }

			// 1205 inside a transaction: the statement fails, the
			// transaction stays and its earlier write commits.
			mustExec(t, a, "BEGIN")
			mustExec(t, a, "UPDATE t SET v = v + 1 WHERE id = 1")
			mustExec(t, b, "BEGIN")
			mustExec(t, b, "UPDATE t SET v = v + 10 WHERE id = 2")
			if _, err := b.ExecContext(ctx, "UPDATE t SET v = v + 10 WHERE id = 1"); err == nil || !strings.Contains(err.Error(), "1205") {
				t.Fatalf("update of a locked row: %v, want 1205", err)
			}
			mustExec(t, a, "COMMIT")
			mustExec(t, b, "COMMIT")
			if got, want := rows(), "[[1 1] [2 10] [3 0]]"; got != want {
				t.Errorf("after 1205: %s, want %s", got, want)
			}

			// 1213: a holds 1 and wants 2, b holds 2 and wants 1.
			mustExec(t, a, "SET SESSION innodb_lock_wait_timeout = 20")
			mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 20")
			mustExec(t, a, "BEGIN")
			mustExec(t, b, "START TRANSACTION")
			mustExec(t, a, "UPDATE t SET v = v + 100 WHERE id = 1")
			mustExec(t, b, "UPDATE t SET v = v + 1000 WHERE id = 2")
			var wg sync.WaitGroup
			errs := make([]error, 2)
			wg.Add(2)
			go func() { defer wg.Done(); _, errs[0] = a.ExecContext(ctx, "UPDATE t SET v = v + 100 WHERE id = 2") }()
			time.Sleep(100 * time.Millisecond)
			go func() { defer wg.Done(); _, errs[1] = b.ExecContext(ctx, "UPDATE t SET v = v + 1000 WHERE id = 1") }()
			wg.Wait()
			victim, survivor := -1, -1
			for i, err := range errs {
				switch {
				case err == nil:
					survivor = i
				case strings.Contains(err.Error(), "1213"):
					victim = i
				default:
					t.Fatalf("connection %d: %v, want success or 1213", i, err)
				}
			}
			if victim < 0 || survivor < 0 {
				t.Fatalf("errors %v: want one deadlock victim", errs)
			}
			conns := []*sql.Conn{a, b}
			// The victim's COMMIT succeeds and commits nothing; its next
			// statement autocommits (visible before any COMMIT).
			mustExec(t, conns[victim], "COMMIT")
			mustExec(t, conns[victim], "UPDATE t SET v = v + 5 WHERE id = 3")
			if got, want := rows(), "[[1 1] [2 10] [3 5]]"; got != want {
				t.Errorf("after the victim's COMMIT and autocommit update: %s, want %s", got, want)
			}
			mustExec(t, conns[survivor], "COMMIT")
			want := "[[1 101] [2 110] [3 5]]"
			if survivor == 1 {
				want = "[[1 1001] [2 1010] [3 5]]"
			}
			if got := rows(); got != want {
				t.Errorf("after the survivor's COMMIT: %s, want %s", got, want)
			}
			ran := directTxns.Load() - before
			if direct && ran < 8 || !direct && ran != 0 {
				t.Errorf("%d transaction statements ran directly (direct %v)", ran, direct)
			}
		})
	}
}
