package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// odkuCase is an INSERT ... ON DUPLICATE KEY UPDATE run after setup on a
// fresh schema: the text form q, the prepared form qp with its arguments,
// and what MySQL 8.0 answers (checked against MariaDB 10.11, which agrees
// on all of them).
type odkuCase struct {
	name  string
	setup []string
	q, qp string
	args  []any
	// affected without and with CLIENT_FOUND_ROWS (an unchanged row
	// counts 0, or 1 with it).
	affected, affectedFound int64
	insertID                int64 // the OK packet's insert id, -1: not checked
	state, stateQ           string
}

func runODKUCases(t *testing.T, ts *testServer, dbName string, cases []odkuCase) {
	t.Helper()
	ctx := context.Background()
	for _, foundRows := range []bool{false, true} {
		for _, prepared := range []bool{false, true} {
			params := fmt.Sprintf("multiStatements=true&clientFoundRows=%v&interpolateParams=false", foundRows)
			db := ts.connectWith(dbName, params)
			for _, tc := range cases {
				label := fmt.Sprintf("%s (prepared=%v foundRows=%v)", tc.name, prepared, foundRows)
				conn, err := db.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range tc.setup {
					mustExec(t, conn, q)
				}
				q, args := tc.q, []any(nil)
				if prepared {
					q, args = tc.qp, tc.args
				}
				want := tc.affected
				if foundRows {
					want = tc.affectedFound
				}
				r, err := conn.ExecContext(ctx, q, args...)
				if err != nil {
					t.Errorf("%s: %s: %v", label, q, err)
					conn.Close()
					continue
				}
				if n, _ := r.RowsAffected(); n != want {
					t.Errorf("%s: %s: affected %d, want %d", label, q, n, want)
				}
				if id, _ := r.LastInsertId(); tc.insertID >= 0 && id != tc.insertID {
					t.Errorf("%s: %s: insert id %d, want %d", label, q, id, tc.insertID)
				}
				if got := scalar(t, conn, "SELECT ROW_COUNT()"); got != fmt.Sprint(want) {
					t.Errorf("%s: %s: ROW_COUNT() %s, want %d", label, q, got, want)
				}
				if got := scalar(t, conn, tc.stateQ); got != tc.state {
					t.Errorf("%s: %s:\n got %s\nwant %s", label, q, got, tc.state)
				}
				conn.Close()
			}
		}
	}
}

// odkuTrigSetup is a table with BEFORE/AFTER INSERT and BEFORE/AFTER
// UPDATE triggers (the first BEFORE UPDATE one changes NEW, the second,
// FOLLOWS it, logs the NEW it left), logging into ol.
var odkuTrigSetup = []string{
	"DROP TABLE IF EXISTS o, ol, src",
	"CREATE TABLE o (id INT PRIMARY KEY, u INT UNIQUE, v INT, s VARCHAR(10) COLLATE utf8mb4_general_ci)",
	"CREATE TABLE ol (n INT AUTO_INCREMENT PRIMARY KEY, x VARCHAR(60))",
	"CREATE TABLE src (id INT, u INT, v INT, s VARCHAR(10))",
	"INSERT INTO src VALUES (1, 1, 5, 'a'), (6, 6, 60, 'f'), (7, 2, 70, 'b')",
	"CREATE TRIGGER o_bi BEFORE INSERT ON o FOR EACH ROW INSERT INTO ol (x) VALUES (CONCAT('bi ', NEW.id, ' ', NEW.v))",
	"CREATE TRIGGER o_ai AFTER INSERT ON o FOR EACH ROW INSERT INTO ol (x) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.v))",
	"CREATE TRIGGER o_bu BEFORE UPDATE ON o FOR EACH ROW SET NEW.v = IF(NEW.v < 0, 0, NEW.v)",
	"CREATE TRIGGER o_bu2 BEFORE UPDATE ON o FOR EACH ROW FOLLOWS o_bu INSERT INTO ol (x) VALUES (CONCAT('bu ', OLD.v, '->', NEW.v))",
	"CREATE TRIGGER o_au AFTER UPDATE ON o FOR EACH ROW INSERT INTO ol (x) VALUES (CONCAT('au ', OLD.id, ' ', OLD.v, '->', NEW.v, ' ', NEW.s))",
	"INSERT INTO o VALUES (1, 1, 10, 'a'), (2, 2, 20, 'b')",
	"DELETE FROM ol",
}

const odkuTrigState = "SELECT CONCAT((SELECT GROUP_CONCAT(CONCAT(id, ':', u, ':', v, ':', s) ORDER BY id) FROM o), '/', " +
	"IFNULL((SELECT GROUP_CONCAT(x ORDER BY n SEPARATOR ';') FROM ol), ''))"

// TestODKUTriggers: an INSERT ... ON DUPLICATE KEY UPDATE fires, for a
// duplicate row, BEFORE INSERT then BEFORE UPDATE and AFTER UPDATE (even
// when the update changes nothing), never AFTER INSERT; the row written is
// the NEW the BEFORE UPDATE triggers leave. GMS fired AFTER INSERT with
// the stored row as NEW and no UPDATE trigger: the first case logged
// "ai 1 10" where MySQL logs "bu 10->111;au 1 10->111 a".
func TestODKUTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE okt")
	runODKUCases(t, ts, "okt", []odkuCase{
		{name: "new and duplicate rows", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (1, 1, 11, 'a'), (3, 3, 30, 'c') ON DUPLICATE KEY UPDATE v = VALUES(v) + 100",
			qp: "INSERT INTO o VALUES (?, 1, 11, 'a'), (3, 3, ?, 'c') ON DUPLICATE KEY UPDATE v = VALUES(v) + 100", args: []any{1, 30},
			affected: 3, affectedFound: 3, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:111:a,2:2:20:b,3:3:30:c/bi 1 11;bu 10->111;au 1 10->111 a;bi 3 30;ai 3 30"},
		{name: "unchanged row", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (1, 1, 10, 'a') ON DUPLICATE KEY UPDATE v = v",
			qp: "INSERT INTO o VALUES (?, 1, 10, 'a') ON DUPLICATE KEY UPDATE v = v", args: []any{1},
			affected: 0, affectedFound: 1, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:10:a,2:2:20:b/bi 1 10;bu 10->10;au 1 10->10 a"},
		{name: "BEFORE UPDATE sets NEW", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (1, 1, -5, 'a') ON DUPLICATE KEY UPDATE v = VALUES(v)",
			qp: "INSERT INTO o VALUES (1, 1, ?, 'a') ON DUPLICATE KEY UPDATE v = VALUES(v)", args: []any{-5},
			affected: 2, affectedFound: 2, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:0:a,2:2:20:b/bi 1 -5;bu 10->0;au 1 10->0 a"},
		{name: "BEFORE UPDATE leaves the row unchanged", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (1, 1, 0, 'a'), (1, 1, -5, 'a') ON DUPLICATE KEY UPDATE v = VALUES(v)",
			qp: "INSERT INTO o VALUES (1, 1, ?, 'a'), (1, 1, ?, 'a') ON DUPLICATE KEY UPDATE v = VALUES(v)", args: []any{0, -5},
			affected: 2, affectedFound: 3, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:0:a,2:2:20:b/bi 1 0;bu 10->0;au 1 10->0 a;bi 1 -5;bu 0->0;au 1 0->0 a"},
		{name: "unique secondary key", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (9, 2, 99, 'x') ON DUPLICATE KEY UPDATE v = 7",
			qp: "INSERT INTO o VALUES (9, ?, 99, 'x') ON DUPLICATE KEY UPDATE v = ?", args: []any{2, 7},
			affected: 2, affectedFound: 2, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:10:a,2:2:7:b/bi 9 99;bu 20->7;au 2 20->7 b"},
		{name: "case-only change under a _ci collation", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (2, 2, 20, 'B') ON DUPLICATE KEY UPDATE s = VALUES(s)",
			qp: "INSERT INTO o VALUES (2, 2, 20, ?) ON DUPLICATE KEY UPDATE s = VALUES(s)", args: []any{"B"},
			affected: 2, affectedFound: 2, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:10:a,2:2:20:B/bi 2 20;bu 20->20;au 2 20->20 B"},
		{name: "INSERT ... SELECT", setup: odkuTrigSetup,
			q:  "INSERT INTO o SELECT * FROM src ON DUPLICATE KEY UPDATE v = o.v + 1",
			qp: "INSERT INTO o SELECT * FROM src WHERE id > ? ON DUPLICATE KEY UPDATE v = o.v + 1", args: []any{0},
			affected: 5, affectedFound: 5, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:11:a,2:2:21:b,6:6:60:f/bi 1 5;bu 10->11;au 1 10->11 a;bi 6 60;ai 6 60;bi 7 70;bu 20->21;au 2 20->21 b"},
		{name: "one row updated three times", setup: odkuTrigSetup,
			q:  "INSERT INTO o VALUES (1, 1, 10, 'a'), (1, 1, 10, 'a'), (4, 4, 40, 'd'), (1, 1, 10, 'a') ON DUPLICATE KEY UPDATE v = v + 1",
			qp: "INSERT INTO o VALUES (?, 1, 10, 'a'), (?, 1, 10, 'a'), (4, 4, 40, 'd'), (?, 1, 10, 'a') ON DUPLICATE KEY UPDATE v = v + 1", args: []any{1, 1, 1},
			affected: 7, affectedFound: 7, insertID: -1, stateQ: odkuTrigState,
			state: "1:1:13:a,2:2:20:b,4:4:40:d/bi 1 10;bu 10->11;au 1 10->11 a;bi 1 10;bu 11->12;au 1 11->12 a;bi 4 40;ai 4 40;bi 1 10;bu 12->13;au 1 12->13 a"},
	})
}

// TestODKUTriggersAutoIncrement: LAST_INSERT_ID() and the OK packet's
// insert id of an ODKU with triggers are the statement's generated values.
func TestODKUTriggersAutoIncrement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE oka")
	setup := []string{
		"DROP TABLE IF EXISTS a, al",
		"CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, v INT)",
		"CREATE TABLE al (x VARCHAR(60))",
		"CREATE TRIGGER a_ai AFTER INSERT ON a FOR EACH ROW INSERT INTO al VALUES (CONCAT('ai ', NEW.id))",
		"CREATE TRIGGER a_au AFTER UPDATE ON a FOR EACH ROW INSERT INTO al VALUES (CONCAT('au ', NEW.id, ' ', NEW.v))",
		"INSERT INTO a (u, v) VALUES (1, 1), (2, 2)",
	}
	const stateQ = "SELECT CONCAT(LAST_INSERT_ID(), '/', (SELECT GROUP_CONCAT(CONCAT(id, ':', u, ':', v) ORDER BY id) FROM a), '/', " +
		"(SELECT GROUP_CONCAT(x SEPARATOR ';') FROM al))"
	runODKUCases(t, ts, "oka", []odkuCase{
		{name: "update then generated insert", setup: setup,
			q:  "INSERT INTO a (u, v) VALUES (1, 5), (3, 3) ON DUPLICATE KEY UPDATE v = VALUES(v)",
			qp: "INSERT INTO a (u, v) VALUES (?, 5), (?, 3) ON DUPLICATE KEY UPDATE v = VALUES(v)", args: []any{1, 3},
			affected: 3, affectedFound: 3, insertID: 3, stateQ: stateQ,
			state: "3/1:1:5,2:2:2,3:3:3/ai 1;ai 2;au 1 5;ai 3"},
		{name: "generated insert then update", setup: setup,
			q:  "INSERT INTO a (id, u, v) VALUES (NULL, 7, 7), (NULL, 1, 9) ON DUPLICATE KEY UPDATE v = VALUES(v)",
			qp: "INSERT INTO a (id, u, v) VALUES (NULL, ?, 7), (NULL, ?, 9) ON DUPLICATE KEY UPDATE v = VALUES(v)", args: []any{7, 1},
			affected: 3, affectedFound: 3, insertID: 3, stateQ: stateQ,
			state: "3/1:1:9,2:2:2,3:7:7/ai 1;ai 2;ai 3;au 1 9"},
	})
}

// TestODKUTriggerFails: a trigger that fails fails the statement, and in
// autocommit nothing of it is kept, neither the rows nor what the
// triggers wrote; a BEFORE INSERT trigger that changes NEW.id into a
// duplicate makes the row an update.
func TestODKUTriggerFails(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE okf")
	db := ts.connect("okf")
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE l (x VARCHAR(60))",
		`CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW BEGIN
			INSERT INTO l VALUES (CONCAT('au ', OLD.v, '->', NEW.v));
			IF NEW.v > 100 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'too big'; END IF;
		END`,
		"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO l VALUES (CONCAT('ai ', NEW.id))",
		"INSERT INTO t VALUES (1, 10), (2, 20)",
	} {
		mustExec(t, db, q)
	}
	state := func() string {
		return scalar(t, db, "SELECT CONCAT((SELECT GROUP_CONCAT(CONCAT(id, ':', v) ORDER BY id) FROM t), '/', (SELECT GROUP_CONCAT(x ORDER BY x) FROM l))")
	}
	_, err := db.Exec("INSERT INTO t VALUES (3, 30), (1, 11), (2, 200) ON DUPLICATE KEY UPDATE v = VALUES(v)")
	if err == nil || !strings.Contains(err.Error(), "too big") {
		t.Fatalf("failing trigger: err %v, want 1644 too big", err)
	}
	if got, want := state(), "1:10,2:20/ai 1,ai 2"; got != want {
		t.Errorf("after the failed statement: %s, want %s", got, want)
	}
	mustExec(t, db, "CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.id = NEW.id - 10")
	r := mustExec(t, db, "INSERT INTO t VALUES (11, 12), (14, 40) ON DUPLICATE KEY UPDATE v = VALUES(v) + 1")
	if n, _ := r.RowsAffected(); n != 3 {
		t.Errorf("BEFORE INSERT making a duplicate: affected %d, want 3", n)
	}
	if got, want := state(), "1:13,2:20,4:40/ai 1,ai 2,ai 4,au 10->13"; got != want {
		t.Errorf("BEFORE INSERT making a duplicate: %s, want %s", got, want)
	}
}

// TestTriggerKeepsLastInsertID: a trigger's AUTO_INCREMENT inserts do not
// change its statement's LAST_INSERT_ID() (MySQL restores it when the
// trigger ends). An AFTER INSERT trigger logging into a table with an
// AUTO_INCREMENT key made LAST_INSERT_ID() the log row's id.
func TestTriggerKeepsLastInsertID(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE tli")
	for _, prepared := range []bool{false, true} {
		db := ts.connectWith("tli", fmt.Sprintf("multiStatements=true&interpolateParams=%v", !prepared))
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			"DROP TABLE IF EXISTS t, l, c",
			"CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, v INT)",
			"CREATE TABLE l (n INT AUTO_INCREMENT PRIMARY KEY, x VARCHAR(20))",
			"CREATE TABLE c (id INT PRIMARY KEY)",
			"INSERT INTO l (x) VALUES ('a'), ('b'), ('c'), ('d'), ('e')",
			"INSERT INTO c VALUES (1)",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO l (x) VALUES ('ai')",
			"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO l (x) VALUES ('au')",
			"CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO l (x) VALUES ('ad')",
		} {
			mustExec(t, conn, q)
		}
		for _, s := range []struct{ q, want string }{
			{"INSERT INTO t (u, v) VALUES (1, 1), (2, 2)", "1"},
			{"UPDATE t SET v = v + 1", "1"},
			{"INSERT INTO t (u, v) VALUES (3, 3), (1, 9) ON DUPLICATE KEY UPDATE v = VALUES(v)", "3"},
			{"UPDATE t JOIN c ON t.id = c.id SET t.v = 0", "3"},
			{"DELETE FROM t WHERE id = 2", "3"},
			{"REPLACE INTO t VALUES (1, 1, 7)", "3"},
		} {
			mustExec(t, conn, s.q, []any(nil)...)
			if got := scalar(t, conn, "SELECT LAST_INSERT_ID()"); got != s.want {
				t.Errorf("prepared=%v: after %s: LAST_INSERT_ID() %s, want %s", prepared, s.q, got, s.want)
			}
		}
		conn.Close()
	}
}

// TestODKUBeforeUpdateRowChecked: the row an ODKU's BEFORE UPDATE trigger
// leaves must pass NOT NULL (1048) and, when it changed, the CHECK
// constraints (3819). GMS checked the row before the trigger changed it,
// so both rows were stored.
func TestODKUBeforeUpdateRowChecked(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE okc")
	db := ts.connect("okc")
	for _, q := range []string{
		"CREATE TABLE ck (id INT PRIMARY KEY, v INT NOT NULL, w INT, CHECK (w < 100))",
		"CREATE TRIGGER ck_bu BEFORE UPDATE ON ck FOR EACH ROW SET NEW.w = NEW.v * 10",
		"INSERT INTO ck VALUES (1, 1, 1)",
		"INSERT INTO ck VALUES (1, 5, 1) ON DUPLICATE KEY UPDATE v = VALUES(v)",
		"CREATE TABLE nn (id INT PRIMARY KEY, v INT NOT NULL)",
		"CREATE TRIGGER nn_bu BEFORE UPDATE ON nn FOR EACH ROW SET NEW.v = NULL",
		"INSERT INTO nn VALUES (1, 1)",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, code, stateQ, state string }{
		{"INSERT INTO ck VALUES (1, 50, 1) ON DUPLICATE KEY UPDATE v = VALUES(v)", "3819",
			"SELECT CONCAT(id, ':', v, ':', w) FROM ck", "1:5:50"},
		{"INSERT INTO nn VALUES (1, 5) ON DUPLICATE KEY UPDATE v = VALUES(v)", "1048",
			"SELECT CONCAT(id, ':', IFNULL(v, 'NULL')) FROM nn", "1:1"},
	} {
		_, err := db.Exec(c.q)
		if err == nil || !strings.Contains(err.Error(), "Error "+c.code) {
			t.Errorf("%s: err %v, want %s", c.q, err, c.code)
		}
		if got := scalar(t, db, c.stateQ); got != c.state {
			t.Errorf("%s: %s, want %s", c.q, got, c.state)
		}
	}
}
