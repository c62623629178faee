package server

import (
	"context"
	"fmt"
	"testing"
)

// replaceCase is a REPLACE run after setup on a fresh schema: the text
// form q, the prepared form qp with its arguments, and what MySQL 8.0
// answers (checked against MariaDB 10.11, which agrees on all of them).
type replaceCase struct {
	name     string
	setup    []string
	q, qp    string
	args     []any
	affected int64
	insertID int64  // the OK packet's insert id
	state    string // stateQ's answer after the REPLACE
	stateQ   string
}

// runReplaceCases runs each case over the text and the binary protocol,
// with and without CLIENT_FOUND_ROWS (which does not change a REPLACE's
// count: it counts no updated rows), and checks the OK packet's affected
// rows and insert id, ROW_COUNT() on the same connection and the tables.
func runReplaceCases(t *testing.T, ts *testServer, dbName string, cases []replaceCase) {
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
				r, err := conn.ExecContext(ctx, q, args...)
				if err != nil {
					t.Errorf("%s: %s: %v", label, q, err)
					conn.Close()
					continue
				}
				if n, _ := r.RowsAffected(); n != tc.affected {
					t.Errorf("%s: %s: affected %d, want %d", label, q, n, tc.affected)
				}
				if id, _ := r.LastInsertId(); id != tc.insertID {
					t.Errorf("%s: %s: insert id %d, want %d", label, q, id, tc.insertID)
				}
				if got := scalar(t, conn, "SELECT ROW_COUNT()"); got != fmt.Sprint(tc.affected) {
					t.Errorf("%s: %s: ROW_COUNT() %s, want %d", label, q, got, tc.affected)
				}
				if got := scalar(t, conn, tc.stateQ); got != tc.state {
					t.Errorf("%s: %s: %s, want %s", label, q, got, tc.state)
				}
				conn.Close()
			}
		}
	}
}

// TestReplaceAfterInsertTriggerSeesNewRow: a REPLACE's AFTER INSERT
// triggers get the inserted row as NEW. GMS gave them the last row the
// REPLACE deleted (its insert iterator answers deleted+new, and the
// triggers read the first half): `REPLACE INTO r VALUES (1,2,9)` over
// (1,1,1),(2,2,2) logged "ai 2 2 2" where MySQL logs "ai 1 2 9". With
// BEFORE INSERT (NEW.v changed), two AFTER INSERT triggers (FOLLOWS) and,
// in the last cases, DELETE triggers around the deletes.
func TestReplaceAfterInsertTriggerSeesNewRow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE rt")
	base := []string{
		"DROP TABLE IF EXISTS r, rl, src",
		"CREATE TABLE r (id INT PRIMARY KEY, u INT UNIQUE, v INT)",
		"CREATE TABLE rl (n INT AUTO_INCREMENT PRIMARY KEY, x VARCHAR(50))",
		"CREATE TABLE src (id INT, u INT, v INT)",
		"INSERT INTO src VALUES (1, 2, 7), (6, 6, 6)",
		"CREATE TRIGGER r_bi BEFORE INSERT ON r FOR EACH ROW SET NEW.v = NEW.v + 1000",
		"CREATE TRIGGER r_ai AFTER INSERT ON r FOR EACH ROW INSERT INTO rl (x) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.u, ' ', NEW.v))",
		"CREATE TRIGGER r_ai2 AFTER INSERT ON r FOR EACH ROW FOLLOWS r_ai INSERT INTO rl (x) VALUES (CONCAT('ai2 ', NEW.id))",
		"INSERT INTO r VALUES (1, 1, 1), (2, 2, 2)",
		"DELETE FROM rl",
	}
	withDelete := append(append([]string(nil), base...),
		"CREATE TRIGGER r_bd BEFORE DELETE ON r FOR EACH ROW INSERT INTO rl (x) VALUES (CONCAT('bd ', OLD.id, ' ', OLD.u, ' ', OLD.v))",
		"CREATE TRIGGER r_ad AFTER DELETE ON r FOR EACH ROW INSERT INTO rl (x) VALUES (CONCAT('ad ', OLD.id))")
	const stateQ = "SELECT CONCAT((SELECT GROUP_CONCAT(CONCAT(id, ':', u, ':', v) ORDER BY id) FROM r), '/', " +
		"IFNULL((SELECT GROUP_CONCAT(x ORDER BY n SEPARATOR ';') FROM rl), ''))"
	runReplaceCases(t, ts, "rt", []replaceCase{
		{name: "one row replacing two", setup: base,
			q: "REPLACE INTO r VALUES (1, 2, 9)", qp: "REPLACE INTO r VALUES (?, ?, ?)", args: []any{1, 2, 9},
			affected: 3, state: "1:2:1009/ai 1 2 1009;ai2 1", stateQ: stateQ},
		{name: "multi-row VALUES", setup: base,
			q: "REPLACE INTO r VALUES (1, 2, 9), (5, 5, 5), (5, 1, 4)", qp: "REPLACE INTO r VALUES (?, 2, 9), (5, 5, 5), (5, ?, 4)", args: []any{1, 1},
			affected: 6, state: "1:2:1009,5:1:1004/ai 1 2 1009;ai2 1;ai 5 5 1005;ai2 5;ai 5 1 1004;ai2 5", stateQ: stateQ},
		{name: "REPLACE ... SELECT", setup: base,
			q: "REPLACE INTO r SELECT * FROM src", qp: "REPLACE INTO r SELECT * FROM src WHERE id > ?", args: []any{0},
			affected: 4, state: "1:2:1007,6:6:1006/ai 1 2 1007;ai2 1;ai 6 6 1006;ai2 6", stateQ: stateQ},
		{name: "with DELETE triggers", setup: withDelete,
			q: "REPLACE INTO r VALUES (1, 2, 9)", qp: "REPLACE INTO r VALUES (?, ?, ?)", args: []any{1, 2, 9},
			affected: 3, state: "1:2:1009/bd 1 1 1001;ad 1;bd 2 2 1002;ad 2;ai 1 2 1009;ai2 1", stateQ: stateQ},
	})
}

// TestReplaceAffectedRows: a REPLACE counts 1 per inserted row and 1 per
// deleted row (MySQL's write_record and send_eof: copied + deleted), so a
// row that replaces two counts 3; GMS counted 1 for "some row deleted".
// A row replacing an identical one where MySQL updates in place (the
// conflict on the last unique key, no DELETE trigger, no foreign key
// referencing the table) counts 1: the update changes nothing and is not
// counted. Also LAST_INSERT_ID() and the OK packet's insert id, which GMS
// left at the previous statement's for every REPLACE.
func TestReplaceAffectedRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE ra")
	two := []string{
		"DROP TABLE IF EXISTS r",
		"CREATE TABLE r (id INT PRIMARY KEY, u INT UNIQUE, v INT)",
		"INSERT INTO r VALUES (1, 1, 1), (2, 2, 2)",
	}
	const rQ = "SELECT GROUP_CONCAT(CONCAT(id, ':', u, ':', v) ORDER BY id) FROM r"
	pk := []string{
		"DROP TABLE IF EXISTS c, p",
		"CREATE TABLE p (id INT PRIMARY KEY, v INT, s CHAR(5) COLLATE utf8mb4_0900_ai_ci)",
		"INSERT INTO p VALUES (1, 1, 'a'), (2, 2, 'b')",
	}
	const pQ = "SELECT GROUP_CONCAT(CONCAT(id, ':', v, ':', s) ORDER BY id) FROM p"
	nu := []string{
		"DROP TABLE IF EXISTS nu",
		"CREATE TABLE nu (a INT UNIQUE, b INT UNIQUE)",
		"INSERT INTO nu VALUES (NULL, 1), (1, NULL), (2, 2)",
	}
	const nuQ = "SELECT GROUP_CONCAT(x ORDER BY x) FROM (SELECT CONCAT(IFNULL(a, '-'), ':', IFNULL(b, '-')) AS x FROM nu) d"
	ai := []string{
		"DROP TABLE IF EXISTS ai",
		"CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO ai (v) VALUES (1), (2)",
	}
	const aiQ = "SELECT CONCAT(LAST_INSERT_ID(), '/', GROUP_CONCAT(CONCAT(id, ':', v) ORDER BY id)) FROM ai"
	runReplaceCases(t, ts, "ra", []replaceCase{
		{name: "one row replacing two", setup: two,
			q: "REPLACE INTO r VALUES (1, 2, 9)", qp: "REPLACE INTO r VALUES (?, 2, 9)", args: []any{1},
			affected: 3, state: "1:2:9", stateQ: rQ},
		{name: "identical row, conflict on the primary key of two unique keys", setup: append(append([]string(nil), two...), "REPLACE INTO r VALUES (1, 2, 9)"),
			q: "REPLACE INTO r VALUES (1, 2, 9)", qp: "REPLACE INTO r VALUES (?, 2, 9)", args: []any{1},
			affected: 2, state: "1:2:9", stateQ: rQ},
		{name: "multi-row VALUES", setup: append(append([]string(nil), two...), "REPLACE INTO r VALUES (1, 2, 9)"),
			q: "REPLACE INTO r VALUES (3, 3, 3), (3, 4, 4), (1, 4, 5)", qp: "REPLACE INTO r VALUES (3, 3, 3), (3, ?, 4), (1, 4, 5)", args: []any{4},
			affected: 6, state: "1:4:5", stateQ: rQ},
		{name: "REPLACE ... SELECT over two rows", setup: two,
			q: "REPLACE INTO r SELECT 1, 2, 7 UNION ALL SELECT 3, 3, 3", qp: "REPLACE INTO r SELECT ?, 2, 7 UNION ALL SELECT 3, 3, 3", args: []any{1},
			affected: 4, state: "1:2:7,3:3:3", stateQ: rQ},
		{name: "no conflict", setup: two,
			q: "REPLACE INTO r VALUES (3, 3, 3)", qp: "REPLACE INTO r VALUES (?, 3, 3)", args: []any{3},
			affected: 1, state: "1:1:1,2:2:2,3:3:3", stateQ: rQ},
		{name: "identical row, primary key only", setup: pk,
			q: "REPLACE INTO p VALUES (1, 1, 'a')", qp: "REPLACE INTO p VALUES (?, 1, 'a')", args: []any{1},
			affected: 1, state: "1:1:a,2:2:b", stateQ: pQ},
		{name: "identical row but CHAR's trailing spaces", setup: pk,
			q: "REPLACE INTO p VALUES (1, 1, 'a  ')", qp: "REPLACE INTO p VALUES (?, 1, 'a  ')", args: []any{1},
			affected: 1, state: "1:1:a,2:2:b", stateQ: pQ},
		{name: "equal under the collation, other bytes", setup: pk,
			q: "REPLACE INTO p VALUES (1, 1, 'A')", qp: "REPLACE INTO p VALUES (?, 1, 'A')", args: []any{1},
			affected: 2, state: "1:1:A,2:2:b", stateQ: pQ},
		{name: "changed row, primary key only", setup: pk,
			q: "REPLACE INTO p VALUES (1, 5, 'a'), (2, 2, 'b')", qp: "REPLACE INTO p VALUES (?, 5, 'a'), (2, 2, 'b')", args: []any{1},
			affected: 3, state: "1:5:a,2:2:b", stateQ: pQ},
		{name: "identical row of a parent table", setup: append(append([]string(nil), pk...),
			"CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id))"),
			q: "REPLACE INTO p VALUES (1, 1, 'a')", qp: "REPLACE INTO p VALUES (?, 1, 'a')", args: []any{1},
			affected: 2, state: "1:1:a,2:2:b", stateQ: pQ},
		{name: "identical row of a table with a DELETE trigger", setup: append(append([]string(nil), pk...),
			"CREATE TRIGGER p_bd BEFORE DELETE ON p FOR EACH ROW SET @d = OLD.id"),
			q: "REPLACE INTO p VALUES (1, 1, 'a')", qp: "REPLACE INTO p VALUES (?, 1, 'a')", args: []any{1},
			affected: 2, state: "1:1:a,2:2:b", stateQ: pQ},
		{name: "identical row, conflict on the last unique key only", setup: nu,
			q: "REPLACE INTO nu VALUES (NULL, 1)", qp: "REPLACE INTO nu VALUES (NULL, ?)", args: []any{1},
			affected: 1, state: "-:1,1:-,2:2", stateQ: nuQ},
		{name: "identical row, conflict on a unique key before the last", setup: nu,
			q: "REPLACE INTO nu VALUES (1, NULL)", qp: "REPLACE INTO nu VALUES (?, NULL)", args: []any{1},
			affected: 2, state: "-:1,1:-,2:2", stateQ: nuQ},
		{name: "generated id", setup: ai,
			q: "REPLACE INTO ai (v) VALUES (8), (9)", qp: "REPLACE INTO ai (v) VALUES (?), (9)", args: []any{8},
			affected: 2, insertID: 3, state: "3/1:1,2:2,3:8,4:9", stateQ: aiQ},
		{name: "explicit ids", setup: ai,
			q: "REPLACE INTO ai VALUES (7, 5), (2, 6)", qp: "REPLACE INTO ai VALUES (?, 5), (2, 6)", args: []any{7},
			affected: 3, insertID: 2, state: "1/1:1,2:6,7:5", stateQ: aiQ},
	})
}

// TestReplaceCountInTriggerAndProcedure: a REPLACE in a trigger body or a
// procedure counts as its own statement (ROW_COUNT() in the procedure)
// and leaves the firing statement's count alone.
func TestReplaceCountInTriggerAndProcedure(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE rn")
	db := ts.connect("rn")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE TABLE tb (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE tt (id INT PRIMARY KEY, u INT UNIQUE, v INT)",
		"INSERT INTO tt VALUES (1, 1, 1), (2, 2, 2)",
		"CREATE TRIGGER tb_ai AFTER INSERT ON tb FOR EACH ROW REPLACE INTO tt VALUES (NEW.id, 2, NEW.v)",
		"CREATE PROCEDURE pr(i INT) BEGIN REPLACE INTO tt VALUES (i, 2, 0); SELECT ROW_COUNT(); END",
	} {
		mustExec(t, db, q)
	}
	r := mustExec(t, db, "INSERT INTO tb VALUES (1, 7)")
	if n, _ := r.RowsAffected(); n != 1 {
		t.Errorf("INSERT firing a REPLACE: affected %d, want 1", n)
	}
	if got := scalar(t, db, "SELECT ROW_COUNT()"); got != "1" {
		t.Errorf("INSERT firing a REPLACE: ROW_COUNT() %s, want 1", got)
	}
	if got := joinRows(queryRows(t, db, "SELECT id, u, v FROM tt")); got != "1 2 7" {
		t.Errorf("tt after the trigger's REPLACE: %s, want 1 2 7", got)
	}
	if got := joinRows(queryRows(t, db, "CALL pr(5)")); got != "2" {
		t.Errorf("ROW_COUNT() after the procedure's REPLACE: %s, want 2", got)
	}
	if got := joinRows(queryRows(t, db, "SELECT id, u, v FROM tt")); got != "5 2 0" {
		t.Errorf("tt after the procedure's REPLACE: %s, want 5 2 0", got)
	}
}

// TestAlterAutoIncrementAcrossRestart: ALTER TABLE ... AUTO_INCREMENT = n
// below the counter's high-water mark but above the stored maximum is the
// next value, also after the server restarts (MySQL 8.0 persists it:
// mysql-test innodb autoinc_persist, scenario 8); Myriad went back to the
// mark after a restart. Text and binary protocol inserts.
func TestAlterAutoIncrementAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE ar")
	db := ts.connect("ar")
	for _, q := range []string{
		"CREATE TABLE low (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO low (v) VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)",
		"DELETE FROM low WHERE id > 5",
		"ALTER TABLE low AUTO_INCREMENT = 7",
		"CREATE TABLE under (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO under (v) VALUES (1), (2), (3)",
		"ALTER TABLE under AUTO_INCREMENT = 2",
		"CREATE TABLE high (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO high (v) VALUES (1)",
		"ALTER TABLE high AUTO_INCREMENT = 100",
	} {
		mustExec(t, db, q)
	}
	ts.srv.Close()
	ts = startServer(t, dir)
	text, bin := ts.connect("ar"), ts.connectWith("ar", "interpolateParams=false")
	for _, tc := range []struct {
		table string
		want  int64
	}{{"low", 7}, {"under", 4}, {"high", 100}} {
		r := mustExec(t, text, "INSERT INTO "+tc.table+" (v) VALUES (0)")
		if id, _ := r.LastInsertId(); id != tc.want {
			t.Errorf("%s after a restart: id %d, want %d", tc.table, id, tc.want)
		}
		r = mustExec(t, bin, "INSERT INTO "+tc.table+" (v) VALUES (?)", 1)
		if id, _ := r.LastInsertId(); id != tc.want+1 {
			t.Errorf("%s after a restart, prepared: id %d, want %d", tc.table, id, tc.want+1)
		}
	}
}
