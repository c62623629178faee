package server

import (
	"context"
	"testing"
)

// TestMultiTableDeleteIgnoreWithTriggers: `DELETE IGNORE p, o FROM ...`
// where p has DELETE triggers and a RESTRICT foreign key keeps one of its
// rows skips that row with warning 1451 and deletes the rest, as without
// triggers; it failed 1451 and deleted nothing. The kept row fires its
// BEFORE trigger and not its AFTER trigger (MySQL's BEFORE runs, the
// delete fails on the key, IGNORE makes it a warning); MariaDB 10.11
// answers the same, 5 rows affected.
func TestMultiTableDeleteIgnoreWithTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE di")
	db := ts.connect("di")
	ctx := context.Background()
	reset := []string{
		"DROP TABLE IF EXISTS c, p, o, lg",
		"CREATE TABLE p (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE RESTRICT)",
		"CREATE TABLE o (id INT PRIMARY KEY, pid INT)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(20))",
		"CREATE TRIGGER pb BEFORE DELETE ON p FOR EACH ROW INSERT INTO lg (s) VALUES (CONCAT('b', OLD.id))",
		"CREATE TRIGGER pa AFTER DELETE ON p FOR EACH ROW INSERT INTO lg (s) VALUES (CONCAT('a', OLD.id))",
		"INSERT INTO p VALUES (1, 1), (2, 2), (3, 3)",
		"INSERT INTO c VALUES (10, 2)",
		"INSERT INTO o VALUES (1, 1), (2, 2), (3, 3)",
	}
	const stateQ = "SELECT CONCAT((SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM p), '/', " +
		"(SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM o), '/', " +
		"(SELECT IFNULL(GROUP_CONCAT(s ORDER BY s), '') FROM lg))"
	for _, prepared := range []bool{false, true} {
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range reset {
			mustExec(t, conn, q)
		}
		q, args := "DELETE IGNORE p, o FROM p JOIN o ON p.id = o.pid", []any(nil)
		if prepared {
			q, args = "DELETE IGNORE p, o FROM p JOIN o ON p.id = o.pid WHERE p.id > ?", []any{0}
		}
		r, err := conn.ExecContext(ctx, q, args...)
		if err != nil {
			t.Errorf("%s %v: %v", q, args, err)
		} else {
			if n, _ := r.RowsAffected(); n != 5 {
				t.Errorf("%s %v: affected %d, want 5", q, args, n)
			}
			var level, msg string
			var code int
			if err := conn.QueryRowContext(ctx, "SHOW WARNINGS").Scan(&level, &code, &msg); err != nil || code != 1451 {
				t.Errorf("%s %v: warning %d %q (%v), want 1451", q, args, code, msg, err)
			}
		}
		rows, err := conn.QueryContext(ctx, stateQ)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != "2//a1,a3,b1,b2,b3" {
			t.Errorf("%s %v: %s, want 2//a1,a3,b1,b2,b3", q, args, got)
		}
		conn.Close()
	}
}
