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

// TestReplaceFiresDeleteTriggers: REPLACE fires the table's BEFORE and
// AFTER DELETE triggers for each row it deletes, OLD that row, between
// the BEFORE INSERT and AFTER INSERT triggers of the new row (MySQL's
// write_record never updates in place when DELETE triggers exist); it
// fired none. Logs and counts are MariaDB 10.11's. (AFTER INSERT
// triggers and more counts: replace18_test.go.)
func TestReplaceFiresDeleteTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE rp")
	db := ts.connect("rp")
	ctx := context.Background()
	reset := []string{
		"DROP TABLE IF EXISTS t, lg, src",
		"CREATE TABLE t (id INT PRIMARY KEY, u INT UNIQUE, v INT)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(50))",
		"CREATE TABLE src (id INT, u INT, v INT)",
		"CREATE TRIGGER tbd BEFORE DELETE ON t FOR EACH ROW INSERT INTO lg (s) VALUES (CONCAT('bd', OLD.id, ':', OLD.u, ':', OLD.v))",
		"CREATE TRIGGER tad AFTER DELETE ON t FOR EACH ROW INSERT INTO lg (s) VALUES (CONCAT('ad', OLD.id))",
		"CREATE TRIGGER tbi BEFORE INSERT ON t FOR EACH ROW INSERT INTO lg (s) VALUES (CONCAT('bi', NEW.id))",
		"INSERT INTO t VALUES (1, 10, 100), (2, 20, 200), (3, 30, 300)",
		"INSERT INTO src VALUES (1, 11, 5), (4, 40, 400)",
		"DELETE FROM lg",
	}
	const stateQ = "SELECT CONCAT((SELECT GROUP_CONCAT(CONCAT(id, ':', u, ':', v) ORDER BY id) FROM t), '/', " +
		"IFNULL((SELECT GROUP_CONCAT(s ORDER BY id SEPARATOR ';') FROM lg), ''))"
	cases := []struct {
		q, qp    string
		arg      any
		affected int64
		want     string
	}{
		{"REPLACE INTO t VALUES (1, 11, 101)", "REPLACE INTO t VALUES (?, 11, 101)", 1, 2,
			"1:11:101,2:20:200,3:30:300/bi1;bd1:10:100;ad1"},
		// Two conflicts (id with row 2, u with row 3): both fire.
		{"REPLACE INTO t VALUES (2, 30, 222)", "REPLACE INTO t VALUES (?, 30, 222)", 2, 3,
			"1:10:100,2:30:222/bi2;bd2:20:200;ad2;bd3:30:300;ad3"},
		{"REPLACE INTO t SELECT * FROM src", "REPLACE INTO t SELECT * FROM src WHERE id > ?", 0, 3,
			"1:11:5,2:20:200,3:30:300,4:40:400/bi1;bd1:10:100;ad1;bi4"},
		// No conflict: no DELETE trigger.
		{"REPLACE INTO t VALUES (5, 50, 500)", "REPLACE INTO t VALUES (?, 50, 500)", 5, 1,
			"1:10:100,2:20:200,3:30:300,5:50:500/bi5"},
	}
	for _, tc := range cases {
		for _, prepared := range []bool{false, true} {
			for _, q := range reset {
				mustExec(t, db, q)
			}
			q, args := tc.q, []any(nil)
			if prepared {
				q, args = tc.qp, []any{tc.arg}
			}
			r, err := db.ExecContext(ctx, q, args...)
			if err != nil {
				t.Errorf("%s %v: %v", q, args, err)
				continue
			}
			if n, _ := r.RowsAffected(); tc.affected >= 0 && n != tc.affected {
				t.Errorf("%s %v: affected %d, want %d", q, args, n, tc.affected)
			}
			if got := joinRows(queryRows(t, db, stateQ)); got != tc.want {
				t.Errorf("%s %v: %s, want %s", q, args, got, tc.want)
			}
		}
	}
	// A DELETE trigger writing the table the REPLACE writes: 1442, as in
	// MariaDB 10.11, and nothing changes.
	for _, q := range []string{
		"CREATE TABLE s3 (id INT PRIMARY KEY, v INT)",
		"CREATE TRIGGER s3d BEFORE DELETE ON s3 FOR EACH ROW DELETE FROM s3 WHERE id = 99",
		"INSERT INTO s3 VALUES (1, 1)",
	} {
		mustExec(t, db, q)
	}
	for _, prepared := range []bool{false, true} {
		q, args := "REPLACE INTO s3 VALUES (1, 2)", []any(nil)
		if prepared {
			q, args = "REPLACE INTO s3 VALUES (?, 2)", []any{1}
		}
		if _, err := db.ExecContext(ctx, q, args...); mysqlErrNo(err) != 1442 {
			t.Errorf("%s %v: %v, want 1442", q, args, err)
		}
		if got := joinRows(queryRows(t, db, "SELECT v FROM s3")); got != "1" {
			t.Errorf("%s %v: s3.v = %s, want 1", q, args, got)
		}
	}
}
