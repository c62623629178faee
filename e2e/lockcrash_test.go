package e2e

import (
	"context"
	"database/sql"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestKillWhileLocked: a SIGKILL while transactions hold row locks (from
// UPDATE, SELECT ... FOR UPDATE / FOR SHARE, an INSERT's key locks) and
// others wait for them (a row-lock wait and a schema change waiting for its
// table) leaves nothing locked after restart, loses no committed write, and
// keeps none of the uncommitted ones.
func TestKillWhileLocked(t *testing.T) {
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE lk")
	mustExec(t, db, "CREATE TABLE lk.acct (id INT PRIMARY KEY, bal INT NOT NULL)")
	mustExec(t, db, "CREATE TABLE lk.u (id INT PRIMARY KEY, k INT NOT NULL, UNIQUE KEY (k))")
	for i := 1; i <= 10; i++ {
		mustExec(t, db, "INSERT INTO lk.acct VALUES (?, 100)", i)
	}
	// Committed before the kill: must survive it.
	mustExec(t, db, "UPDATE lk.acct SET bal = bal + 1 WHERE id <= 5")
	mustExec(t, db, "INSERT INTO lk.u VALUES (1, 1)")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pool := s.DBWith("lk", "timeout=5s&readTimeout=60s")
	conn := func() *sql.Conn {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	holder1, holder2, holder3, waiter, ddl, admin := conn(), conn(), conn(), conn(), conn(), conn()
	mustExec(t, holder1, "BEGIN")
	mustExec(t, holder1, "UPDATE acct SET bal = 0 WHERE id IN (1, 2)")
	mustExec(t, holder2, "BEGIN")
	checkRows(t, holder2, "SELECT bal FROM acct WHERE id = 3 FOR UPDATE", "101\n")
	mustExec(t, holder2, "INSERT INTO u VALUES (2, 2)")
	mustExec(t, holder3, "BEGIN")
	checkRows(t, holder3, "SELECT bal FROM acct WHERE id = 4 FOR SHARE", "101\n")
	waited := make(chan error, 2)
	go func() {
		if _, err := waiter.ExecContext(ctx, "BEGIN"); err != nil {
			waited <- err
			return
		}
		_, err := waiter.ExecContext(ctx, "UPDATE acct SET bal = 999 WHERE id = 1")
		waited <- err
	}()
	waits := func(n string) {
		for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			rows := queryRows(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'")
			if rows[0][0] == n {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("waits before the kill: %v, want %s", rows, n)
			}
		}
	}
	waits("1")
	// The schema change comes second: it waits for the transactions that
	// used the table on its metadata lock, as in MySQL (not a row lock
	// table wait: SHOW PROCESSLIST says so).
	go func() {
		_, err := ddl.ExecContext(ctx, "ALTER TABLE acct ADD COLUMN c INT")
		waited <- err
	}()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		found := false
		for _, r := range queryRows(t, admin, "SHOW PROCESSLIST") {
			if r[7] == "ALTER TABLE acct ADD COLUMN c INT" && r[6] == "Waiting for table metadata lock" {
				found = true
			}
		}
		if found {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the ALTER is not waiting for the metadata lock: %v", queryRows(t, admin, "SHOW PROCESSLIST"))
		}
	}
	checkRows(t, admin, "SELECT COUNT(*) FROM information_schema.INNODB_TRX", "4\n")
	// What an operator sees from the mariadb client before the kill.
	out := mariadbQuery(t, s, `SELECT w.requesting_trx_id > 0, r.trx_query, l.lock_type, l.lock_table, l.lock_data
		FROM information_schema.INNODB_LOCK_WAITS w
		JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id
		JOIN information_schema.INNODB_LOCKS l ON l.lock_id = w.requested_lock_id ORDER BY r.trx_query;
		SHOW ENGINE INNODB STATUS\G`)
	for _, want := range []string{
		"1\tUPDATE acct SET bal = 999 WHERE id = 1\tRECORD\t`lk`.`acct`\t1\n",
		"Type: InnoDB", "TRX HAS BEEN WAITING",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("mariadb client output lacks %q:\n%s", want, out)
		}
	}

	s.Kill()
	for i := 0; i < 2; i++ {
		if err := <-waited; err == nil {
			t.Error("a waiting statement succeeded across the kill")
		}
	}
	s.MustCheck("after the SIGKILL")
	s.Start()

	db = s.DB("lk")
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.INNODB_TRX", "0\n")
	checkRows(t, db, "SELECT id, bal FROM acct ORDER BY id",
		"1\t101\n2\t101\n3\t101\n4\t101\n5\t101\n6\t100\n7\t100\n8\t100\n9\t100\n10\t100\n")
	checkRows(t, db, "SELECT id, k FROM u ORDER BY id", "1\t1\n")
	// Nothing is locked: the rows every transaction held or waited for, the
	// unique value an uncommitted INSERT took, and the table the schema
	// change waited for, all at once and without waiting.
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	mustExec(t, c, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, c, "SET SESSION lock_wait_timeout = 1")
	mustExec(t, c, "BEGIN")
	if r := mustExec(t, c, "UPDATE acct SET bal = bal + 10 WHERE id IN (1, 2, 3, 4)"); rowsAffected(t, r) != 4 {
		t.Fatal("UPDATE after restart did not change 4 rows")
	}
	mustExec(t, c, "INSERT INTO u VALUES (2, 2)")
	mustExec(t, c, "COMMIT")
	mustExec(t, c, "ALTER TABLE acct ADD COLUMN c INT")
	checkRows(t, db, "SELECT SUM(bal), COUNT(c) FROM acct", "1045\t0\n")
}

// mariadbQuery runs statements through the mariadb client in batch mode
// and returns what it printed.
func mariadbQuery(t *testing.T, s *Server, stmts string) string {
	t.Helper()
	client := mariadbClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, client, "--no-defaults", "--protocol=TCP", "-h", "127.0.0.1",
		"-P", strconv.Itoa(s.Port), "-u", "root", "--batch", "-e", stmts)
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8", "MYSQL_PWD=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", client, err, out)
	}
	return string(out)
}

func rowsAffected(t *testing.T, r sql.Result) int64 {
	t.Helper()
	n, err := r.RowsAffected()
	if err != nil {
		t.Fatal(err)
	}
	return n
}
