package server

import (
	"context"
	"testing"
)

// TestMultiTableDeleteCount: a DELETE with explicit targets reports the
// rows it deleted, each once (MySQL), not the joined rows it walked: GMS
// said 1 for one row deleted from each of two tables, and counted a row
// joined to two rows twice. ROW_COUNT() agrees.
func TestMultiTableDeleteCount(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "CREATE DATABASE w22")
	mustExec(t, conn, "USE w22")
	for _, c := range []struct {
		setup []string
		del   string
		want  int64
		left  string // SELECT answering what is left
		rest  string
	}{
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 2", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,3 1,2"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "2,3 3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "3 1,2,3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,2,3 3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 9", want: 0,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,2,3 1,2,3"},
	} {
		mustExec(t, conn, "DROP TABLE IF EXISTS c, p")
		mustExec(t, conn, "CREATE TABLE p (id INT PRIMARY KEY)")
		mustExec(t, conn, "CREATE TABLE c (id INT PRIMARY KEY, pid INT)")
		for _, q := range c.setup {
			mustExec(t, conn, q)
		}
		res, err := conn.ExecContext(ctx, c.del)
		if err != nil {
			t.Fatalf("%s: %v", c.del, err)
		}
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("%s: %d rows affected, want %d", c.del, n, c.want)
		}
		var rc int64
		if err := conn.QueryRowContext(ctx, "SELECT ROW_COUNT()").Scan(&rc); err != nil || rc != c.want {
			t.Errorf("%s: ROW_COUNT() = %d (%v), want %d", c.del, rc, err, c.want)
		}
		rows, err := conn.QueryContext(ctx, c.left)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.rest {
			t.Errorf("%s: left %s, want %s", c.del, got, c.rest)
		}
	}

	// IGNORE: a row a foreign key keeps is not counted.
	for _, q := range []string{
		"CREATE TABLE fp (id INT PRIMARY KEY)",
		"CREATE TABLE fc (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES fp(id))",
		"CREATE TABLE fo (id INT PRIMARY KEY, pid INT)",
		"INSERT INTO fp VALUES (1), (2), (3)",
		"INSERT INTO fc VALUES (1, 1)",
		"INSERT INTO fo VALUES (1, 1), (2, 2), (3, 3)",
	} {
		mustExec(t, conn, q)
	}
	res, err := conn.ExecContext(ctx, "DELETE IGNORE fp, fo FROM fp JOIN fo ON fo.pid = fp.id WHERE fp.id <= 2")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 3 {
		t.Errorf("DELETE IGNORE: %d rows affected, want 3 (fp 2, fo 1 and 2)", n)
	}
}
