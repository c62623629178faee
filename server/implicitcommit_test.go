package server

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// TestImplicitCommitBeforeDDL: as in MySQL, a DDL statement inside a
// transaction commits that transaction first, runs on a fresh snapshot
// (no 1213 for rows other sessions committed since BEGIN), and leaves the
// session autocommitting: a later ROLLBACK undoes nothing.
func TestImplicitCommitBeforeDDL(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ic")
	mustExec(t, db, "CREATE TABLE ic.t (id int PRIMARY KEY)")
	ctx := context.Background()
	c := conns(t, db, 2)
	a, b := c[0], c[1]
	count := func(conn *sql.Conn, table string) int {
		t.Helper()
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM ic."+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	t.Run("DDL commits the open transaction and autocommit resumes", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		mustExec(t, a, "INSERT INTO ic.t VALUES (1)")
		mustExec(t, a, "CREATE TABLE ic.u (id int PRIMARY KEY)")
		if n := count(b, "t"); n != 1 {
			t.Fatalf("after the DDL another session sees %d rows, want 1 (committed)", n)
		}
		mustExec(t, a, "INSERT INTO ic.t VALUES (2)")
		if n := count(b, "t"); n != 2 {
			t.Fatalf("the insert after the DDL is not autocommitted: other session sees %d rows", n)
		}
		mustExec(t, a, "ROLLBACK")
		if n := count(b, "t"); n != 2 {
			t.Fatalf("ROLLBACK after the DDL undid %d autocommitted rows", 2-n)
		}
	})

	t.Run("DROP TABLE after other sessions' commits", func(t *testing.T) {
		mustExec(t, a, "BEGIN")
		if n := count(a, "u"); n != 0 {
			t.Fatal(n)
		}
		mustExec(t, b, "INSERT INTO ic.u VALUES (1), (2)")
		if _, err := a.ExecContext(ctx, "DROP TABLE ic.u"); err != nil {
			t.Fatalf("DROP TABLE in a transaction older than another session's insert: %v", err)
		}
		if _, err := b.ExecContext(ctx, "SELECT * FROM ic.u"); mysqlErrNo(err) != 1146 {
			t.Fatalf("table still there: %v", err)
		}
	})

	t.Run("DROP TABLE waits for a writer's transaction", func(t *testing.T) {
		mustExec(t, a, "CREATE TABLE ic.w (id int PRIMARY KEY)")
		mustExec(t, b, "BEGIN")
		mustExec(t, b, "INSERT INTO ic.w VALUES (1)")
		done := make(chan error, 1)
		go func() {
			_, err := a.ExecContext(ctx, "DROP TABLE ic.w")
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("DROP TABLE did not wait for the open writer: %v", err)
		case <-time.After(300 * time.Millisecond):
		}
		mustExec(t, b, "COMMIT")
		if err := <-done; err != nil {
			t.Fatalf("DROP TABLE after the writer committed: %v", err)
		}
	})

}
