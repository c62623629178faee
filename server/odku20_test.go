package server

import (
	"context"
	"strings"
	"testing"
)

// ON DUPLICATE KEY UPDATE v = NULL into a NOT NULL column: 1048 in a
// strict sql_mode and nothing stored, else the implicit default with
// warning 1048, for tables without triggers, with INSERT triggers only,
// with collated string columns (counted by odkuCount), text and binary
// protocol alike (issue #9).
func TestODKUNullIntoNotNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE onn")
	db := ts.connect("onn")
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{
		"CREATE TABLE p (id INT PRIMARY KEY, v INT NOT NULL)",
		"CREATE TABLE s (id INT PRIMARY KEY, v VARCHAR(10) NOT NULL) COLLATE utf8mb4_0900_ai_ci",
		"CREATE TABLE g (id INT PRIMARY KEY, v INT NOT NULL)",
		"CREATE TABLE glog (x INT)",
		"CREATE TRIGGER g_ai AFTER INSERT ON g FOR EACH ROW INSERT INTO glog VALUES (NEW.v)",
		"INSERT INTO p VALUES (1, 7)",
		"INSERT INTO s VALUES (1, 'seven')",
		"INSERT INTO g VALUES (1, 7)",
		"SET sql_mode = 'STRICT_TRANS_TABLES'",
	} {
		mustExec(t, conn, q)
	}
	for _, c := range []struct{ q, stateQ, strict, loose string }{
		{"INSERT INTO p VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL",
			"SELECT IFNULL(v, 'NULL') FROM p", "7", "0"},
		{"INSERT INTO s VALUES (1, 'x') ON DUPLICATE KEY UPDATE v = NULL",
			"SELECT CONCAT('[', IFNULL(v, 'NULL'), ']') FROM s", "[seven]", "[]"},
		{"INSERT INTO g VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL",
			"SELECT IFNULL(v, 'NULL') FROM g", "7", "0"},
	} {
		for _, prepared := range []bool{false, true} {
			var err error
			if prepared {
				_, err = conn.ExecContext(ctx, c.q+" + ?", 0)
			} else {
				_, err = conn.ExecContext(ctx, c.q)
			}
			if err == nil || !strings.Contains(err.Error(), "Error 1048") {
				t.Errorf("%s (prepared %v): err %v, want 1048", c.q, prepared, err)
			}
			if got := scalar(t, conn, c.stateQ); got != c.strict {
				t.Errorf("%s: %s, want %s", c.q, got, c.strict)
			}
		}
	}
	mustExec(t, conn, "SET sql_mode = ''")
	for _, c := range []struct{ q, stateQ, want string }{
		// Multi-row: MySQL warns (CHECK_FIELD_WARN, sql_insert.cc).
		{"INSERT INTO p VALUES (1, 5), (9, 9) ON DUPLICATE KEY UPDATE v = NULL", "SELECT IFNULL(v, 'NULL') FROM p WHERE id = 1", "0"},
		{"INSERT INTO s VALUES (1, 'x'), (9, 'y') ON DUPLICATE KEY UPDATE v = NULL", "SELECT CONCAT('[', IFNULL(v, 'NULL'), ']') FROM s WHERE id = 1", "[]"},
		{"INSERT INTO g VALUES (1, 5), (9, 9) ON DUPLICATE KEY UPDATE v = NULL", "SELECT IFNULL(v, 'NULL') FROM g WHERE id = 1", "0"},
	} {
		mustExec(t, conn, c.q)
		if got := scalar(t, conn, "SELECT @@warning_count"); got != "1" {
			t.Errorf("%s: warning_count %s, want 1", c.q, got)
		}
		if got := scalar(t, conn, c.stateQ); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
	// Single-row without IGNORE: 1048 whatever the sql_mode.
	for _, c := range []struct{ q, stateQ string }{
		{"INSERT INTO p VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL", "SELECT IFNULL(v, 'NULL') FROM p WHERE id = 1"},
		{"INSERT INTO g VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL", "SELECT IFNULL(v, 'NULL') FROM g WHERE id = 1"},
	} {
		mustExec(t, conn, "UPDATE p, g SET p.v = 3, g.v = 3")
		if _, err := conn.ExecContext(ctx, c.q); err == nil || !strings.Contains(err.Error(), "Error 1048") {
			t.Errorf("%s: err %v, want 1048", c.q, err)
		}
		if got := scalar(t, conn, c.stateQ); got != "3" {
			t.Errorf("%s: %s, want 3", c.q, got)
		}
	}
	if got := scalar(t, conn, "SELECT COUNT(*) FROM glog"); got != "2" {
		t.Errorf("AFTER INSERT trigger fired %s times, want twice (the new rows)", got)
	}
}
