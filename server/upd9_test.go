package server

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestJoinUpdateFoundRows: a multi-table UPDATE answers a client that set
// CLIENT_FOUND_ROWS (go-sql-driver clientFoundRows=true; PyMySQL's
// FOUND_ROWS flag, which Django sets) with the rows matched, each target
// row once, and other clients with the rows changed; ROW_COUNT() says the
// same. GMS's join row counter ignored the flag (SET a.n = a.n answered 0
// to both). Both protocols: the prepared form passes an argument (go-sql-
// driver prepares a statement with arguments unless interpolateParams is
// set). Expected values are MariaDB 10.11's through go-sql-driver, which
// are MySQL 8.0's (multi_update reports "found" under CLIENT_FOUND_ROWS).
func TestJoinUpdateFoundRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE fr")
	reset := []string{
		"DROP TABLE IF EXISTS a, b",
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT, KEY (aid))",
		"INSERT INTO a VALUES (1, 10), (2, 20), (3, 30)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 3, 0)",
	}
	cases := []struct {
		q, qp            string // text, prepared with one argument
		arg              any
		changed, matched int64
		want             string
	}{
		{"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n",
			"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n + ?", 0, 0, 2, "10,20,30/0,0,0,0"},
		{"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n + 1",
			"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n + ?", 1, 2, 2, "11,20,31/0,0,0,0"},
		{"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n, b.m = b.m + 1",
			"UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n, b.m = b.m + ?", 1, 4, 6, "10,20,30/1,1,1,1"},
		{"UPDATE a JOIN b ON a.id = b.aid SET a.n = IF(a.id = 1, a.n, a.n + 1)",
			"UPDATE a JOIN b ON a.id = b.aid SET a.n = IF(a.id = ?, a.n, a.n + 1)", 1, 1, 2, "10,20,31/0,0,0,0"},
		{"UPDATE b JOIN a ON a.id = b.aid SET a.n = a.n WHERE b.id > 5",
			"UPDATE b JOIN a ON a.id = b.aid SET a.n = a.n WHERE b.id > ?", 5, 0, 0, "10,20,30/0,0,0,0"},
		{"UPDATE a LEFT JOIN b ON a.id = b.aid SET a.n = a.n",
			"UPDATE a LEFT JOIN b ON a.id = b.aid SET a.n = a.n + ?", 0, 0, 3, "10,20,30/0,0,0,0"},
		{"UPDATE b RIGHT JOIN a ON a.id = b.aid SET a.n = a.n + 1",
			"UPDATE b RIGHT JOIN a ON a.id = b.aid SET a.n = a.n + ?", 1, 3, 3, "11,21,31/0,0,0,0"},
	}
	const rowsQ = "SELECT CONCAT((SELECT GROUP_CONCAT(n ORDER BY id) FROM a), '/', (SELECT GROUP_CONCAT(m ORDER BY id) FROM b))"
	for _, found := range []bool{false, true} {
		c := pinnedConn(t, ts.connectWith("fr", fmt.Sprintf("clientFoundRows=%v", found)))
		ctx := context.Background()
		for _, tc := range cases {
			for _, prepared := range []bool{false, true} {
				for _, q := range reset {
					mustExec(t, c, q)
				}
				q, args := tc.q, []any(nil)
				if prepared {
					q, args = tc.qp, []any{tc.arg}
				}
				r, err := c.ExecContext(ctx, q, args...)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				want := tc.changed
				if found {
					want = tc.matched
				}
				var rc int64
				if err := c.QueryRowContext(ctx, "SELECT ROW_COUNT()").Scan(&rc); err != nil {
					t.Fatal(err)
				}
				if n, _ := r.RowsAffected(); n != want || rc != want {
					t.Errorf("clientFoundRows=%v %s %v: affected %d, ROW_COUNT() %d, want %d", found, q, args, n, rc, want)
				}
				var got string
				if err := c.QueryRowContext(ctx, rowsQ).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != tc.want {
					t.Errorf("clientFoundRows=%v %s %v: rows %s, want %s", found, q, args, got, tc.want)
				}
			}
		}
	}
}

// TestJoinUpdateInTrigger: a trigger whose body is a multi-table UPDATE
// runs as in MySQL (each target row once per firing). GMS's join-update
// iterator counted rows with a handler only a top-level statement builds:
// inside the trigger it was nil and the first row lost the client its
// connection. A BEGIN ... END body, a BEFORE trigger and an UPDATE
// trigger reading OLD/NEW, and the statement's own count are covered.
// Expected values are MariaDB 10.11's.
func TestJoinUpdateInTrigger(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE tj")
	db := ts.connect("tj")
	for _, q := range []string{
		"CREATE TABLE src (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE lg (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT, KEY (aid))",
		"INSERT INTO lg VALUES (1, 0), (2, 0), (3, 0)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 2, 0)",
		"CREATE TRIGGER ai AFTER INSERT ON src FOR EACH ROW UPDATE lg JOIN b ON lg.id = b.aid SET lg.n = lg.n + NEW.v",
		"CREATE TRIGGER bd BEFORE DELETE ON src FOR EACH ROW BEGIN UPDATE lg JOIN b ON lg.id = b.aid SET lg.n = lg.n - OLD.v, b.m = b.m + 1; END",
		"CREATE TRIGGER au AFTER UPDATE ON src FOR EACH ROW UPDATE lg LEFT JOIN b ON lg.id = b.aid SET lg.n = lg.n + NEW.v - OLD.v",
	} {
		mustExec(t, db, q)
	}
	const rowsQ = "SELECT CONCAT((SELECT GROUP_CONCAT(n ORDER BY id) FROM lg), '/', (SELECT GROUP_CONCAT(m ORDER BY id) FROM b))"
	steps := []struct {
		q        string
		affected int64
		want     string
	}{
		{"INSERT INTO src VALUES (1, 5)", 1, "5,5,0/0,0,0"},
		{"INSERT INTO src VALUES (2, 7), (3, 1)", 2, "13,13,0/0,0,0"},
		{"UPDATE src SET v = v + 10 WHERE id = 1", 1, "23,23,10/0,0,0"},
		{"DELETE FROM src WHERE id = 2", 1, "16,16,10/1,1,1"},
	}
	for _, s := range steps {
		r, err := db.Exec(s.q)
		if err != nil {
			t.Fatalf("%s: %v", s.q, err)
		}
		if n, _ := r.RowsAffected(); n != s.affected {
			t.Errorf("%s: affected %d, want %d", s.q, n, s.affected)
		}
		if got := joinRows(queryRows(t, db, rowsQ)); got != s.want {
			t.Errorf("%s: rows %s, want %s", s.q, got, s.want)
		}
	}
	// The prepared form of the firing statement.
	r, err := db.Exec("INSERT INTO src VALUES (?, ?)", 4, 100)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := r.RowsAffected(); n != 1 {
		t.Errorf("prepared insert: affected %d, want 1", n)
	}
	if got := joinRows(queryRows(t, db, rowsQ)); !strings.HasPrefix(got, "116,116,10/") {
		t.Errorf("prepared insert: rows %s, want 116,116,10/...", got)
	}
}

// TestDecimalRoundingNote: a value rounded into a DECIMAL column's scale is
// stored rounded with Note 1265 "Data truncated for column 'd' at row n"
// (MySQL's Field::warn_if_overflow on E_DEC_TRUNCATED: a note, in strict
// mode too); GMS rounded without a word. A value whose dropped digits are
// zeros gets none. UPDATE (one and several rows, several SETs, a join),
// INSERT and REPLACE ... VALUES, ON DUPLICATE KEY UPDATE, from a DOUBLE and
// a string, text and prepared. Expected notes and values are MariaDB
// 10.11's; SHOW WARNINGS lists them newest first in Myriad (a known
// difference), so they are compared sorted.
func TestDecimalRoundingNote(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE dn")
	c := pinnedConn(t, ts.connect("dn"))
	ctx := context.Background()
	reset := []string{
		"DROP TABLE IF EXISTS d, j",
		"CREATE TABLE d (id INT PRIMARY KEY, d DECIMAL(10,2), f DOUBLE, s VARCHAR(10), z DECIMAL(5,0))",
		"INSERT INTO d VALUES (1, 1.5, 1.0051, '2.345', 1), (2, 2.5, 2.5, '3', 2), (3, 3.5, 3.125, '4.5', 3)",
		"CREATE TABLE j (id INT PRIMARY KEY, did INT)",
		"INSERT INTO j VALUES (1, 1), (2, 3)",
	}
	note := func(rows ...int) string {
		var out []string
		for _, r := range rows {
			out = append(out, fmt.Sprintf("Note 1265 Data truncated for column 'd' at row %d", r))
		}
		return strings.Join(out, "|")
	}
	cases := []struct {
		q     string
		args  []any
		notes string
		want  string // d ordered by id
	}{
		{"UPDATE d SET d = 12.345 WHERE id = 1", nil, note(1), "12.35,2.50,3.50"},
		{"UPDATE d SET d = ? WHERE id = 1", []any{12.345}, note(1), "12.35,2.50,3.50"},
		{"UPDATE d SET d = ? WHERE id = 1", []any{"12.345"}, note(1), "12.35,2.50,3.50"},
		{"UPDATE d SET d = d + 0.001", nil, note(1, 2, 3), "1.50,2.50,3.50"},
		{"UPDATE d SET d = f", nil, note(1, 3), "1.01,2.50,3.13"},
		{"UPDATE d SET d = s", nil, note(1), "2.35,3.00,4.50"},
		{"UPDATE d SET d = d + 0.001, d = d + 0.004 WHERE id = 2", nil, note(1, 1), "1.50,2.50,3.50"},
		{"UPDATE d SET d = 1.50000 WHERE id = 1", nil, "", "1.50,2.50,3.50"},
		{"UPDATE d SET d = DEFAULT WHERE id = 1", nil, "", "2.50,3.50"},
		{"UPDATE d SET d = d / 5", nil, "", "0.30,0.50,0.70"},
		{"UPDATE d SET d = ? WHERE id = 2", []any{2.25}, "", "1.50,2.25,3.50"},
		{"UPDATE d JOIN j ON d.id = j.did SET d.d = d.d + 0.005 WHERE j.id = 1", nil, note(1), "1.51,2.50,3.50"},
		{"INSERT INTO d (id, d) VALUES (4, 1.111), (5, 1.1), (6, 1.119)", nil, note(1, 3), "1.50,2.50,3.50,1.11,1.10,1.12"},
		{"INSERT INTO d (id, d) VALUES (?, ?)", []any{4, 1.111}, note(1), "1.50,2.50,3.50,1.11"},
		{"REPLACE INTO d (id, d) VALUES (1, 7.777)", nil, note(1), "7.78,2.50,3.50"},
		{"INSERT INTO d (id, d) VALUES (1, 7) ON DUPLICATE KEY UPDATE d = 2.222", nil, note(1), "2.22,2.50,3.50"},
		{"INSERT INTO d (id, d) VALUES (9, 9.99), (10, 10)", nil, "", "1.50,2.50,3.50,9.99,10.00"},
	}
	for _, tc := range cases {
		for _, q := range reset {
			mustExec(t, c, q)
		}
		if _, err := c.ExecContext(ctx, tc.q, tc.args...); err != nil {
			t.Fatalf("%s %v: %v", tc.q, tc.args, err)
		}
		ws := warningsOn(t, c)
		sort.Strings(ws)
		if got := strings.Join(ws, "|"); got != tc.notes {
			t.Errorf("%s %v: warnings %q, want %q", tc.q, tc.args, got, tc.notes)
		}
		var got string
		if err := c.QueryRowContext(ctx, "SELECT GROUP_CONCAT(d ORDER BY id) FROM d").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s %v: d %s, want %s", tc.q, tc.args, got, tc.want)
		}
	}
}

// warningsOn is SHOW WARNINGS on c, each as "Level Code Message".
func warningsOn(t *testing.T, c *sql.Conn) []string {
	t.Helper()
	rows, err := c.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var level, msg string
		var code int
		if err := rows.Scan(&level, &code, &msg); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d %s", level, code, msg))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestJoinUpdateTargetTriggers: a multi-table UPDATE that changes a table
// with UPDATE triggers fires them per updated row (trig15; upd9b refused it
// with 1235, GMS before that wrote the rows without them: it looks only at
// the statement's first table). By name, alias, comma or JOIN syntax,
// first or later table, from a procedure and from another table's trigger
// body. A join that only reads the triggered table fires nothing, and a
// single-table UPDATE of it fires them as before. Expected values are
// MariaDB 10.11's.
func TestJoinUpdateTargetTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE jt")
	db := ts.connect("jt")
	setup := []string{
		"DROP TABLE IF EXISTS a, b, c, lg, src",
		"DROP PROCEDURE IF EXISTS pt",
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT)",
		"CREATE TABLE c (id INT PRIMARY KEY, k INT)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20))",
		"INSERT INTO a VALUES (1, 10), (2, 20)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 2, 0)",
		"INSERT INTO c VALUES (1, 0), (2, 0)",
		"CREATE TRIGGER bu BEFORE UPDATE ON b FOR EACH ROW SET NEW.m = NEW.m * 10",
		"CREATE TRIGGER cu AFTER UPDATE ON c FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('c', NEW.id))",
		"CREATE TABLE src (id INT PRIMARY KEY)",
		"CREATE TRIGGER si AFTER INSERT ON src FOR EACH ROW UPDATE a JOIN b ON a.id = b.aid SET b.m = NEW.id",
		"CREATE PROCEDURE pt() UPDATE a JOIN b ON a.id = b.aid SET b.m = 1",
	}
	const rowsQ = "SELECT CONCAT((SELECT GROUP_CONCAT(n ORDER BY id) FROM a), '/', (SELECT GROUP_CONCAT(m ORDER BY id) FROM b), '/', " +
		"(SELECT GROUP_CONCAT(k ORDER BY id) FROM c), '/', (SELECT COUNT(*) FROM lg), '/', (SELECT COUNT(*) FROM src))"
	for _, c := range []struct{ q, want string }{
		{"UPDATE a JOIN b ON a.id = b.aid SET b.m = 1", "10,20/10,10/0,0/0/0"},
		{"UPDATE b JOIN a ON a.id = b.aid SET b.m = 1", "10,20/10,10/0,0/0/0"},
		{"UPDATE a AS x JOIN b AS y ON x.id = y.aid SET x.n = 0, y.m = 1", "0,0/10,10/0,0/0/0"},
		{"UPDATE a JOIN c ON a.id = c.id SET c.k = 1", "10,20/0,0/1,1/2/0"},
		{"UPDATE a JOIN c ON a.id = c.id LEFT JOIN b ON b.aid = a.id SET a.n = 0, c.k = 1", "0,0/0,0/1,1/2/0"},
		{"UPDATE a, b SET b.m = 1 WHERE a.id = b.aid", "10,20/10,10/0,0/0/0"},
		{"CALL pt()", "10,20/10,10/0,0/0/0"},
		{"INSERT INTO src VALUES (1)", "10,20/10,10/0,0/0/1"},
	} {
		for _, q := range setup {
			mustExec(t, db, q)
		}
		mustExec(t, db, c.q)
		if got := joinRows(queryRows(t, db, rowsQ)); got != c.want {
			t.Errorf("%s: rows %s, want %s", c.q, got, c.want)
		}
	}
	for _, q := range setup {
		mustExec(t, db, q)
	}
	const rowsQ2 = "SELECT CONCAT((SELECT GROUP_CONCAT(n ORDER BY id) FROM a), '/', (SELECT GROUP_CONCAT(m ORDER BY id) FROM b), '/', (SELECT GROUP_CONCAT(k ORDER BY id) FROM c), '/', (SELECT COUNT(*) FROM lg))"
	// The prepared form fires them too.
	mustExec(t, db, "UPDATE a JOIN b ON a.id = b.aid SET b.m = ?", 2)
	if got := joinRows(queryRows(t, db, rowsQ2)); got != "10,20/20,20/0,0/0" {
		t.Errorf("prepared: rows %s, want 10,20/20,20/0,0/0", got)
	}
	mustExec(t, db, "UPDATE b SET m = 0")
	steps := []struct {
		q        string
		affected int64
		want     string
	}{
		// b and c are only read: nothing of theirs is updated, so no
		// trigger fires (MariaDB 10.11 answers the same).
		{"UPDATE a JOIN b ON a.id = b.aid JOIN c ON c.id = a.id SET a.n = a.n + b.m + c.k + 1", 2, "11,21/0,0/0,0/0"},
		{"UPDATE b SET m = m + 1 WHERE id = 1", 1, "11,21/10,0/0,0/0"},
		{"UPDATE c SET k = 5", 2, "11,21/10,0/5,5/2"},
	}
	for _, s := range steps {
		r, err := db.Exec(s.q)
		if err != nil {
			t.Fatalf("%s: %v", s.q, err)
		}
		if n, _ := r.RowsAffected(); n != s.affected {
			t.Errorf("%s: affected %d, want %d", s.q, n, s.affected)
		}
		if got := joinRows(queryRows(t, db, rowsQ2)); got != s.want {
			t.Errorf("%s: rows %s, want %s", s.q, got, s.want)
		}
	}
}

// TestProcSetVariablesRefused: a procedure whose UPDATE SET value (or ON
// DUPLICATE KEY UPDATE value) names one of its parameters or DECLAREd
// variables is refused with 1235 at CALL and changes nothing. GMS's
// interpreter leaves the variables out of SET values: `SET m = x` failed
// 1054, and `SET m = m` with a parameter m read the column and left the
// rows as they were (MySQL takes the variable: "MySQL currently interprets
// the reference as the name of a variable", Local Variable Scope and
// Resolution). Single- and multi-table UPDATE, BEGIN ... END with
// DECLARE. A procedure whose variables are only in WHERE, or whose SET
// values name qualified columns, still runs (rows as MariaDB 10.11's).
func TestProcSetVariablesRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE pv")
	db := ts.connect("pv")
	for _, q := range []string{
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT)",
		"INSERT INTO a VALUES (1, 10), (2, 20)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 2, 0)",
		"CREATE PROCEDURE pj(x INT) UPDATE a JOIN b ON a.id = b.aid SET b.m = x",
		"CREATE PROCEDURE p1(x INT) UPDATE b SET m = x + 1",
		"CREATE PROCEDURE pm(m INT) UPDATE b SET m = m",
		"CREATE PROCEDURE pd() BEGIN DECLARE v INT DEFAULT 3; UPDATE b SET m = v WHERE id = 1; END",
		"CREATE PROCEDURE po(m INT) INSERT INTO b VALUES (1, 1, 0) ON DUPLICATE KEY UPDATE m = m",
		"CREATE PROCEDURE ok1(x INT) UPDATE a JOIN b ON a.id = b.aid SET b.m = b.m + 5 WHERE a.n > x",
		"CREATE PROCEDURE ok2(m INT) UPDATE b SET b.m = b.m + 1 WHERE b.id = m",
	} {
		mustExec(t, db, q)
	}
	const rowsQ = "SELECT GROUP_CONCAT(m ORDER BY id) FROM b"
	for _, q := range []string{"CALL pj(100)", "CALL p1(1)", "CALL pm(42)", "CALL pd()", "CALL po(7)"} {
		wantErrNo(t, db, 1235, q)
		if got := joinRows(queryRows(t, db, rowsQ)); got != "0,0" {
			t.Errorf("%s: rows %s, want 0,0 (unchanged)", q, got)
		}
	}
	for _, s := range []struct{ q, want string }{
		{"CALL ok1(15)", "0,5"},
		{"CALL ok2(1)", "1,5"},
	} {
		mustExec(t, db, s.q)
		if got := joinRows(queryRows(t, db, rowsQ)); got != s.want {
			t.Errorf("%s: rows %s, want %s", s.q, got, s.want)
		}
	}
}

// TestProcVariablePositions: a procedure's parameter or DECLAREd variable
// in each position of a statement of its body either gives MariaDB 10.11's
// answer (want, rows joined by |) or is refused with 1235 (want ""): GMS
// v0.20's interpreter puts variables' values only into some positions
// (engine/procset.go, gmsSubstitutes), and in the others the name was
// planned as a column — `ORDER BY p` sorted by the column p, `SELECT t.p`
// read the parameter p, and CASE / IS NULL / BETWEEN / HAVING / GROUP BY /
// LIMIT of a DELETE or UPDATE failed 1054 or answered from a same-named
// column. Table t has a column p named as the parameters of s_where,
// s_order, s_group and qual, so that a wrong resolution shows.
func TestProcVariablePositions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE pz")
	db := ts.connect("pz")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, p INT, g INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1,10,1),(2,20,1),(3,30,2)")
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "CREATE PROCEDURE callee(IN a INT, OUT b INT) SET b = a * 3")
	const fill = "DELETE FROM u; INSERT INTO u VALUES (1,1),(2,2),(3,3);"
	for _, c := range []struct{ name, body, call, want string }{
		{"s_list", "(p INT) SELECT p, id FROM t ORDER BY id", "5", "5 1|5 2|5 3"},
		{"s_where", "(p INT) SELECT id FROM t WHERE p = 2 ORDER BY id", "2", "1|2|3"},
		{"s_limit", "(x INT) SELECT id FROM t ORDER BY id LIMIT x", "2", "1|2"},
		{"s_in", "(x INT) SELECT id FROM t WHERE id IN (x, 3) ORDER BY id", "1", "1|3"},
		{"s_sub", "(x INT) SELECT (SELECT COUNT(*) FROM t WHERE id < x)", "3", "2"},
		{"s_func", "(x INT) SELECT ABS(x), CONCAT('a', x)", "-3", "3 a-3"},
		{"i_sel", "(x INT) BEGIN DELETE FROM u; INSERT INTO u SELECT id, x FROM t WHERE id <= x; SELECT * FROM u ORDER BY id; END", "2", "1 2|2 2"},
		{"r_vals", "(x INT) BEGIN DELETE FROM u; REPLACE INTO u VALUES (1, x); SELECT * FROM u ORDER BY id; END", "9", "1 9"},
		{"d_where", "(x INT) BEGIN " + fill + " DELETE FROM u WHERE v = x; SELECT * FROM u ORDER BY id; END", "2", "1 1|3 3"},
		{"set_user", "(x INT) BEGIN SET @pz = x + 1; SELECT @pz; END", "4", "5"},
		{"sel_into", "(x INT) BEGIN DECLARE r INT; SELECT id INTO r FROM t WHERE id = x; SELECT r; END", "2", "2"},
		{"if_gt", "(x INT) BEGIN IF x > 1 THEN SELECT 'big'; ELSE SELECT 'small'; END IF; END", "2", "big"},
		{"while_lt", "(x INT) BEGIN DECLARE i INT DEFAULT 0; WHILE i < x DO SET i = i + 1; END WHILE; SELECT i; END", "3", "3"},
		{"case_stmt", "(x INT) BEGIN CASE x WHEN 1 THEN SELECT 'one'; ELSE SELECT 'other'; END CASE; END", "1", "one"},
		{"call_q", "(x INT) BEGIN DECLARE r INT; CALL callee(x, r); SELECT r; END", "5", "15"},
		{"u_where", "(p INT) BEGIN " + fill + " UPDATE u SET v = 9 WHERE id = p; SELECT * FROM u ORDER BY id; END", "2", "1 1|2 9|3 3"},
		{"s_cte", "(x INT) WITH c AS (SELECT id FROM t WHERE id > x) SELECT * FROM c ORDER BY id", "1", "2|3"},
		{"s_union", "(x INT) SELECT id FROM t WHERE id = x UNION SELECT x + 10", "1", "1|11"},
		{"prep", "(x INT) BEGIN DECLARE q VARCHAR(100) DEFAULT 'SELECT 7'; SET @q = q; PREPARE st FROM @q; EXECUTE st; END", "1", "7"},

		{"s_having", "(x INT) SELECT g, COUNT(*) c FROM t GROUP BY g HAVING COUNT(*) > x ORDER BY g", "1", ""},
		{"s_order", "(p INT) SELECT id FROM t ORDER BY p, id DESC", "1", ""},
		{"s_group", "(p INT) SELECT COUNT(*) FROM t GROUP BY p", "1", ""},
		{"s_case", "(x INT) SELECT CASE WHEN x = 1 THEN 'one' ELSE 'other' END", "1", ""},
		{"s_isnull", "(x INT) SELECT id FROM t WHERE x IS NULL ORDER BY id", "NULL", ""},
		{"s_between", "(x INT) SELECT id FROM t WHERE id BETWEEN 1 AND x ORDER BY id", "2", ""},
		{"s_neg", "(x INT) SELECT -x", "4", ""},
		{"s_on", "(x INT) SELECT t.id FROM t JOIN u ON u.v = x ORDER BY t.id", "1", ""},
		{"qual", "(p INT) SELECT t.p FROM t ORDER BY id", "1", ""},
		{"i_vals_case", "(x INT) BEGIN DELETE FROM u; INSERT INTO u VALUES (1, x * 2), (2, CASE WHEN x > 0 THEN 1 ELSE 0 END); SELECT * FROM u ORDER BY id; END", "3", ""},
		{"d_limit", "(x INT) BEGIN " + fill + " DELETE FROM u ORDER BY id LIMIT x; SELECT * FROM u ORDER BY id; END", "2", ""},
		{"d_order", "(v INT) BEGIN " + fill + " DELETE FROM u ORDER BY v, id LIMIT 1; SELECT * FROM u ORDER BY id; END", "1", ""},
		{"u_limit", "(x INT) BEGIN " + fill + " UPDATE u SET v = 0 ORDER BY id LIMIT x; SELECT * FROM u ORDER BY id; END", "2", ""},
		{"if_isnull", "(x INT) BEGIN IF x IS NULL THEN SELECT 'null'; ELSE SELECT 'notnull'; END IF; END", "NULL", ""},
		{"s_exists", "(x INT) SELECT EXISTS(SELECT 1 FROM t WHERE id = x)", "2", ""},
		{"set_case", "(x INT) BEGIN DECLARE r VARCHAR(10); SET r = CASE WHEN x = 1 THEN 'one' ELSE 'other' END; SELECT r; END", "1", ""},
	} {
		mustExec(t, db, "CREATE PROCEDURE "+c.name+c.body)
		call := "CALL " + c.name + "(" + c.call + ")"
		if c.want == "" {
			wantErrNo(t, db, 1235, call)
			continue
		}
		if got := joinRows(queryRows(t, db, call)); got != c.want {
			t.Errorf("%s: got %s, want %s", call, got, c.want)
		}
	}
}
