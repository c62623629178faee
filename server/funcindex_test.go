package server

import (
	"strings"
	"testing"
)

// TestFunctionalIndexes: MySQL 8.0.13's functional key parts through
// go-sql-driver: CREATE TABLE / CREATE INDEX / ALTER TABLE forms, entries
// maintained by INSERT, UPDATE and DELETE, UNIQUE enforced with MySQL's
// 1062 message, MySQL's errors for the parts it refuses, and the index
// kept across a restart.
func TestFunctionalIndexes(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE f")
	db := ts.connect("f")
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, email VARCHAR(100), a INT, b INT,"+
		" UNIQUE KEY uemail ((LOWER(email))))")
	mustExec(t, db, "INSERT INTO u VALUES (1, 'Ann@x.org', 1, 2), (2, 'bob@x.org', 3, 4)")
	_, err := db.Exec("INSERT INTO u VALUES (3, 'ANN@X.ORG', 5, 6)")
	if err == nil || !strings.Contains(err.Error(), "1062") || !strings.Contains(err.Error(), "Duplicate entry 'ann@x.org' for key 'u.uemail'") {
		t.Fatalf("duplicate under a functional unique key: %v", err)
	}
	mustExec(t, db, "UPDATE u SET email = 'Carl@x.org' WHERE id = 1")
	mustExec(t, db, "INSERT INTO u VALUES (3, 'ANN@X.ORG', 5, 6)")
	mustExec(t, db, "DELETE FROM u WHERE id = 3")
	mustExec(t, db, "INSERT INTO u VALUES (3, 'ann@x.org', 5, 6)")

	mustExec(t, db, "CREATE INDEX isum ON u ((a + b), id)")
	mustExec(t, db, "ALTER TABLE u ADD INDEX ((a * 10))")
	wantRows(t, db, "SELECT id FROM u WHERE a + b = 11", "3")
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'carl@x.org'", "1")

	for _, c := range []struct{ stmt, code string }{
		{"CREATE INDEX bad ON u ((a))", "3754"},
		{"CREATE INDEX bad ON u ((RAND()))", "3758"},
		{"CREATE INDEX bad ON u ((CONCAT(email, REPEAT('x', 70000))))", "3757"},
		{"CREATE INDEX bad ON u ((JSON_OBJECT('a', a)))", "3753"},
		{"CREATE INDEX bad ON u ((nosuch + 1))", "1054"},
	} {
		if _, err := db.Exec(c.stmt); err == nil || !strings.Contains(err.Error(), c.code) {
			t.Errorf("%s: %v, want %s", c.stmt, err, c.code)
		}
	}

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("f")
	if _, err := db.Exec("UPDATE u SET email = 'BOB@x.org' WHERE id = 3"); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Fatalf("duplicate after restart: %v", err)
	}
	wantRows(t, db, "SELECT id FROM u WHERE a + b = 7", "2")
}
