package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"
)

type querier interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}

// rows returns all rows as strings (NULL as "NULL").
func rows(t *testing.T, q querier, query string) [][]string {
	t.Helper()
	r, err := q.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer r.Close()
	cols, _ := r.Columns()
	var out [][]string
	for r.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := r.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		out = append(out, row)
	}
	if err := r.Err(); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}

func checkTable(t *testing.T, what string, got, want [][]string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got  %v\n want %v", what, got, want)
	}
}

// While one transaction waits for another's row lock, INNODB_TRX shows both
// (LOCK WAIT with the statement and the lock it waits for / RUNNING with
// its row count), INNODB_LOCK_WAITS says who waits for whom, INNODB_LOCKS
// names both locks (table, index, row), and SHOW ENGINE INNODB STATUS lists
// the waiting transaction; once the holder commits the views are empty.
func TestLockViews(t *testing.T) {
	_, db := lockServer(t, 3)
	c := conns(t, db, 3)
	a, b, admin := c[0], c[1], c[2]
	aID, bID := scalar(t, a, "SELECT CONNECTION_ID()"), scalar(t, b, "SELECT CONNECTION_ID()")
	mustExec(t, a, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id IN (1, 2)")
	done := make(chan error, 1)
	const waiting = "UPDATE t SET n = 5 WHERE id = 2"
	go func() { _, err := b.ExecContext(context.Background(), waiting); done <- err }()
	waitUntil(t, "a lock wait", func() bool {
		return scalar(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'") == "1"
	})

	got := rows(t, admin, `SELECT trx_mysql_thread_id, trx_state, coalesce(trx_query, '-'), trx_rows_locked, trx_tables_locked,
		trx_requested_lock_id IS NULL, trx_wait_started IS NULL, trx_isolation_level, trx_started <= NOW()
		FROM information_schema.INNODB_TRX ORDER BY trx_mysql_thread_id`)
	want := [][]string{
		{aID, "RUNNING", "-", "2", "1", "1", "1", "REPEATABLE READ", "1"},
		{bID, "LOCK WAIT", waiting, "0", "1", "0", "0", "REPEATABLE READ", "1"},
	}
	if bID < aID {
		want[0], want[1] = want[1], want[0]
	}
	checkTable(t, "INNODB_TRX", got, want)

	// The classic "who blocks whom" query of MySQL 5.7 / MariaDB.
	got = rows(t, admin, `SELECT r.trx_mysql_thread_id, r.trx_query, b.trx_mysql_thread_id, rl.lock_mode, rl.lock_type,
			rl.lock_table, rl.lock_index, rl.lock_data, bl.lock_mode, bl.lock_trx_id = b.trx_id
		FROM information_schema.INNODB_LOCK_WAITS w
		JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id
		JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id
		JOIN information_schema.INNODB_LOCKS rl ON rl.lock_id = w.requested_lock_id
		JOIN information_schema.INNODB_LOCKS bl ON bl.lock_id = w.blocking_lock_id`)
	checkTable(t, "lock waits", got, [][]string{{bID, waiting, aID, "X", "RECORD", "`test`.`t`", "PRIMARY", "2", "X", "1"}})
	if got := scalar(t, admin, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'information_schema' AND TABLE_NAME IN ('INNODB_TRX', 'INNODB_LOCKS', 'INNODB_LOCK_WAITS')"); got != "3" {
		t.Errorf("lock views listed in TABLES: %s", got)
	}

	status := innodbStatus(t, admin)
	for _, s := range []string{"TRANSACTIONS", "TRX HAS BEEN WAITING", waiting, "MySQL thread id " + bID,
		"index PRIMARY of table `test`.`t`", "lock_mode X locks rec but not gap waiting", "END OF INNODB MONITOR OUTPUT"} {
		if !strings.Contains(status, s) {
			t.Errorf("status lacks %q:\n%s", s, status)
		}
	}
	if strings.Contains(status, "LATEST DETECTED DEADLOCK") {
		t.Errorf("a deadlock section before any deadlock:\n%s", status)
	}

	mustExec(t, a, "COMMIT")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := scalar(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_TRX"); got != "0" {
		t.Fatalf("transactions left after commit: %s", got)
	}
	if got := scalar(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_LOCK_WAITS"); got != "0" {
		t.Fatalf("waits left after commit: %s", got)
	}
}

// After a deadlock, SHOW ENGINE INNODB STATUS has InnoDB's LATEST DETECTED
// DEADLOCK section: both transactions with their statements, the lock each
// held and waited for, and which was rolled back.
func TestLockInnoDBStatusDeadlock(t *testing.T) {
	_, db := lockServer(t, 2)
	c := conns(t, db, 3)
	a, b, admin := c[0], c[1], c[2]
	aID, bID := scalar(t, a, "SELECT CONNECTION_ID()"), scalar(t, b, "SELECT CONNECTION_ID()")
	mustExec(t, a, "BEGIN")
	mustExec(t, b, "BEGIN")
	mustExec(t, a, "UPDATE t SET n = 1 WHERE id = 1")
	mustExec(t, b, "UPDATE t SET n = 2 WHERE id = 2")
	const qa, qb = "UPDATE t SET n = 11 WHERE id = 2", "UPDATE t SET n = 22 WHERE id = 1"
	done := make(chan error, 1)
	go func() { _, err := a.ExecContext(context.Background(), qa); done <- err }()
	waitUntil(t, "a waiting", func() bool {
		return scalar(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'") == "1"
	})
	start := time.Now()
	if _, err := b.ExecContext(context.Background(), qb); mysqlErrNo(err) != 1213 {
		t.Fatalf("closing the cycle: %v, want 1213", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("deadlock found after %s", d)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mustExec(t, a, "COMMIT")

	status := innodbStatus(t, admin)
	i := strings.Index(status, "LATEST DETECTED DEADLOCK")
	j := strings.Index(status, "TRANSACTIONS")
	if i < 0 || j < i {
		t.Fatalf("no deadlock section before TRANSACTIONS:\n%s", status)
	}
	dl := status[i:j]
	for _, s := range []string{
		"*** (1) TRANSACTION:", "MySQL thread id " + aID, qa,
		"*** (1) HOLDS THE LOCK(S):", "*** (1) WAITING FOR THIS LOCK TO BE GRANTED:",
		"*** (2) TRANSACTION:", "MySQL thread id " + bID, qb,
		"index PRIMARY of table `test`.`t`", "Record lock: 1", "Record lock: 2",
		"*** WE ROLL BACK TRANSACTION (2)",
	} {
		if !strings.Contains(dl, s) {
			t.Errorf("deadlock section lacks %q:\n%s", s, dl)
		}
	}
	if strings.Index(dl, qa) > strings.Index(dl, qb) {
		t.Errorf("transactions out of order:\n%s", dl)
	}
}

func innodbStatus(t *testing.T, q querier) string {
	t.Helper()
	r := rows(t, q, "SHOW ENGINE INNODB STATUS")
	if len(r) != 1 || len(r[0]) != 3 || r[0][0] != "InnoDB" {
		t.Fatalf("SHOW ENGINE INNODB STATUS: %v", r)
	}
	return r[0][2]
}

// The InnoDB lock views and SHOW ENGINE INNODB STATUS need PROCESS (1227
// otherwise), as in MySQL: they show other sessions' statements.
func TestLockViewsNeedProcess(t *testing.T) {
	ts, db := lockServer(t, 1)
	mustExec(t, db, "CREATE USER 'plain'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, db, "GRANT SELECT ON test.* TO 'plain'@'%'")
	mustExec(t, db, "CREATE USER 'ops'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, db, "GRANT PROCESS ON *.* TO 'ops'@'%'")
	plain := ts.mustLogin("plain", "pw", "test", "")
	for _, q := range []string{"SELECT * FROM information_schema.INNODB_TRX", "SELECT * FROM information_schema.INNODB_LOCK_WAITS",
		"SELECT * FROM information_schema.INNODB_LOCKS", "SHOW ENGINE INNODB STATUS"} {
		if _, err := plain.Exec(q); mysqlErrNo(err) != 1227 {
			t.Errorf("%s without PROCESS: %v, want 1227", q, err)
		}
	}
	ops := ts.mustLogin("ops", "pw", "", "")
	if got := scalar(t, ops, "SELECT COUNT(*) FROM information_schema.INNODB_TRX"); got != "0" {
		t.Fatal(got)
	}
	if s := innodbStatus(t, ops); !strings.Contains(s, "TRANSACTIONS") {
		t.Fatal(s)
	}
}
