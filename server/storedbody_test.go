package server

import (
	"strings"
	"testing"
)

// TestStoredBodiesReadAsTyped: a view, trigger or procedure body reads as
// the same statements typed directly, when created, when used and after a
// restart (its text is parsed again then), and SHOW CREATE gives the body
// back as written. The engine's parser once left CREATE statements alone:
// a view of DATE '2024-01-02' + 0 answered 2024 (a string plus 0) where
// MySQL answers 20240102, and 0b11, SQL_TSI_DAY or @u := 4 in a body
// failed its CREATE.
func TestStoredBodiesReadAsTyped(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE sb")
	db = ts.connectWith("sb", "parseTime=false")
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY, x INT, d DATE)")
	mustExec(t, db, "INSERT INTO a VALUES (1, 10, '2024-01-02')")
	mustExec(t, db, "CREATE VIEW v AS SELECT DATE '2024-01-02' + 0 AS x, 1--1 AS y, interval(5, 1, 10) AS i")
	mustExec(t, db, "CREATE TRIGGER tr BEFORE UPDATE ON a FOR EACH ROW SET new.x = new.x--0b11, new.d = DATE '2024-03-04' + INTERVAL 1 SQL_TSI_DAY")
	mustExec(t, db, "CREATE PROCEDURE p(OUT r INT) BEGIN SELECT @u := 4 INTO r; SET r = r--1; END")
	check := func(stage string, x string) {
		t.Helper()
		if got := queryRows(t, db, "SELECT * FROM v"); strings.Join(got[0], ",") != "20240102,2,1" {
			t.Errorf("%s: view: %v", stage, got)
		}
		mustExec(t, db, "UPDATE a SET x = x + 1 WHERE id = 1")
		if got := queryRows(t, db, "SELECT x, d FROM a"); strings.Join(got[0], ",") != x+",2024-03-05" {
			t.Errorf("%s: trigger: %v", stage, got)
		}
		c := pinnedConn(t, db)
		mustExec(t, c, "CALL p(@r)")
		var r, u string
		if err := c.QueryRowContext(t.Context(), "SELECT @r, @u").Scan(&r, &u); err != nil || r != "5" || u != "4" {
			t.Errorf("%s: procedure: %s %s %v", stage, r, u, err)
		}
		if got := queryRows(t, db, "SHOW CREATE VIEW v"); !strings.Contains(got[0][1], "DATE '2024-01-02' + 0 AS x") {
			t.Errorf("%s: SHOW CREATE VIEW: %s", stage, got[0][1])
		}
		if got := queryRows(t, db, "SHOW CREATE PROCEDURE p"); !strings.Contains(got[0][2], "SELECT @u := 4 INTO r") {
			t.Errorf("%s: SHOW CREATE PROCEDURE: %s", stage, got[0][2])
		}
		if got := queryRows(t, db, "SHOW CREATE TRIGGER tr"); !strings.Contains(got[0][2], "0b11, new.d = DATE '2024-03-04' + INTERVAL 1 SQL_TSI_DAY") {
			t.Errorf("%s: SHOW CREATE TRIGGER: %s", stage, got[0][2])
		}
	}
	// Several statements in one query: each body's text is its own.
	multi := ts.connect("sb")
	mustExec(t, multi, "CREATE VIEW w1 AS SELECT DATE '2024-01-02' + 0 AS x;  CREATE VIEW w2 AS SELECT 0b1 + 0 AS y, 1 = 1 = 1 AS z")
	if got := queryRows(t, db, "SELECT * FROM w1, w2"); strings.Join(got[0], ",") != "20240102,1,1" {
		t.Errorf("multi-statement views: %v", got)
	}
	for v, want := range map[string]string{"w1": "AS SELECT DATE '2024-01-02' + 0 AS x", "w2": "AS SELECT 0b1 + 0 AS y, 1 = 1 = 1 AS z"} {
		if got := queryRows(t, db, "SHOW CREATE VIEW "+v); !strings.HasSuffix(got[0][1], want) {
			t.Errorf("SHOW CREATE VIEW %s: %s", v, got[0][1])
		}
	}
	check("before restart", "14")
	if err := ts.srv.Close(); err != nil {
		t.Fatal(err)
	}
	ts = startServer(t, dir)
	db = ts.connectWith("sb", "parseTime=false")
	check("after restart", "18")
}
