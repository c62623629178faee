package server

import (
	"context"
	"testing"
)

// TestMultiTableDeleteIgnore: a multi-table DELETE IGNORE skips a target
// table's row that a foreign key (RESTRICT / NO ACTION) keeps, with
// warning 1451, and deletes the rest, as MySQL's IGNORE does; it failed the
// whole statement with 1451. Without IGNORE it still fails and deletes
// nothing.
func TestMultiTableDeleteIgnore(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{
		"CREATE DATABASE fk", "USE fk",
		"CREATE TABLE p (id INT PRIMARY KEY, k INT)",
		"CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id))",
		"CREATE TABLE o (id INT PRIMARY KEY, pid INT)",
		"INSERT INTO p VALUES (1, 10), (2, 20), (3, 30)",
		"INSERT INTO c VALUES (1, 1)",
		"INSERT INTO o VALUES (1, 1), (2, 2), (3, 3)",
	} {
		mustExec(t, conn, q)
	}
	if _, err := conn.ExecContext(ctx, "DELETE p, o FROM p JOIN o ON o.pid = p.id WHERE p.id <= 2"); mysqlErrNo(err) != 1451 {
		t.Fatalf("without IGNORE: %v, want 1451", err)
	}
	mustExec(t, conn, "DELETE IGNORE p, o FROM p JOIN o ON o.pid = p.id WHERE p.id <= 2")
	var level, msg string
	var code int
	if err := conn.QueryRowContext(ctx, "SHOW WARNINGS").Scan(&level, &code, &msg); err != nil || code != 1451 {
		t.Errorf("warning: %d %q (%v), want 1451", code, msg, err)
	}
	for q, want := range map[string]string{
		"SELECT id FROM p ORDER BY id": "1|3",
		"SELECT id FROM o ORDER BY id": "3",
		"SELECT id FROM c ORDER BY id": "1",
	} {
		rows, err := conn.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != want {
			t.Errorf("%s = %s, want %s", q, got, want)
		}
	}
}
