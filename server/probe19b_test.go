package server

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestDefaultOfOtherColumn: DEFAULT(col) in an INSERT's VALUES, an UPDATE's
// SET and ON DUPLICATE KEY UPDATE is col's default, not the default of the
// column assigned. GMS's planner read it as DEFAULT: the INSERTs stored x's
// default and the UPDATE changed nothing, all reporting success. Answers
// are MariaDB 10.11's, which are MySQL 8.0's here.
func TestDefaultOfOtherColumn(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE dfo", "USE dfo",
		"CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, x INT DEFAULT (1 + 1), s VARCHAR(10) DEFAULT 'q', y INT DEFAULT 7, n INT, nn INT NOT NULL)"} {
		mustExec(t, conn, q)
	}
	steps := []struct {
		stmt  string
		errNo int
	}{
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(y), 1)", 0},
		{"INSERT INTO t (x, y, nn) VALUES (5, DEFAULT(x), 1)", 0},
		{"INSERT INTO t VALUES (NULL, DEFAULT(y), DEFAULT(s), DEFAULT(x), DEFAULT(y), 1)", 0},
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(n), 2)", 0},
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(x), 3)", 0},
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(s), 1)", 1366},
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(nn), 2)", 1364},
		{"INSERT INTO t (x, nn) VALUES (DEFAULT(zz), 2)", 1054},
		{"UPDATE t SET n = DEFAULT(y) WHERE id = 1", 0},
		{"UPDATE t SET s = DEFAULT(x), n = DEFAULT(x) WHERE id = 2", 0},
		{"INSERT INTO t (id, nn) VALUES (4, 1) ON DUPLICATE KEY UPDATE n = DEFAULT(x)", 0},
	}
	for _, s := range steps {
		_, err := conn.ExecContext(context.Background(), s.stmt)
		if got := mysqlErrNo(err); got != s.errNo || (s.errNo == 0 && err != nil) {
			t.Errorf("%s: got %v, want error %d", s.stmt, err, s.errNo)
		}
	}
	want := []string{"1,7,q,7,7,1", "2,5,2,2,2,1", "3,7,q,2,7,1", "4,NULL,q,7,2,2", "5,2,q,7,NULL,3"}
	if got := connRows(t, conn, "SELECT * FROM t ORDER BY id"); strings.Join(got, ";") != strings.Join(want, ";") {
		t.Errorf("rows %q, want %q", got, want)
	}
	// UPDATE's affected rows count the rows DEFAULT(y) changed.
	res, err := conn.ExecContext(context.Background(), "UPDATE t SET x = DEFAULT(y) WHERE id IN (1, 2)")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Errorf("UPDATE affected %d rows, want 1", n)
	}
}

// TestSubqueryRowsError: a scalar subquery's second row fails with MySQL's
// ER_SUBQUERY_NO_1_ROW, SQLSTATE 21000 and its text, which clients match
// on (GMS: HY000, "the subquery returned more than 1 row").
func TestSubqueryRowsError(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE sq1", "USE sq1", "CREATE TABLE t (id INT PRIMARY KEY, g INT)",
		"INSERT INTO t VALUES (1, 1), (2, 1), (3, 2)", "CREATE TABLE u (id INT PRIMARY KEY, g INT)", "INSERT INTO u SELECT * FROM t"} {
		mustExec(t, conn, q)
	}
	// The UPDATE reads another table: reading its own target is 1093
	// before any row (refuse21).
	for _, q := range []string{"SELECT (SELECT id FROM t) FROM t",
		"SELECT id, (SELECT id FROM t t2 WHERE t2.g = t.g) FROM t ORDER BY id",
		"UPDATE t SET g = (SELECT id FROM u WHERE u.g = 1)"} {
		rows, err := conn.QueryContext(context.Background(), q)
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
			rows.Close()
		}
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1242 || string(me.SQLState[:]) != "21000" || me.Message != "Subquery returns more than 1 row" {
			t.Errorf("%s: %v, want 1242 (21000) Subquery returns more than 1 row", q, err)
		}
	}
}

// TestDuplicateIndexWarning: 1831 only for an index of the same kind on
// the same key parts as another (MySQL's check_duplicate_key); GMS warned
// for any two secondary indexes with as many parts, so the commonest
// CREATE TABLE (KEY (a), KEY (b)) came back with a warning.
func TestDuplicateIndexWarning(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	mustExec(t, conn, "CREATE DATABASE dix")
	mustExec(t, conn, "USE dix")
	cases := []struct{ stmt, warn string }{
		{"CREATE TABLE a (id INT PRIMARY KEY, x INT, y INT, KEY (x), KEY (y))", ""},
		{"CREATE TABLE b (id INT PRIMARY KEY, x INT, y INT, KEY (x, y), KEY (y, x), UNIQUE (x), KEY (x))", ""},
		{"CREATE TABLE c (id INT PRIMARY KEY, s VARCHAR(20), KEY (s(3)), KEY s2 (s(4)))", ""},
		{"CREATE TABLE d (id INT PRIMARY KEY, x INT, KEY (x), KEY x2 (x))", "1831"},
		{"CREATE TABLE e (id INT PRIMARY KEY, s VARCHAR(20), KEY (s(3)), KEY s2 (s(3)))", "1831"},
		{"ALTER TABLE a ADD INDEX i1 (id, x)", ""},
		{"CREATE INDEX i2 ON a (x, id)", ""},
		{"ALTER TABLE a ADD INDEX i3 (y)", "1831"},
	}
	for _, c := range cases {
		mustExec(t, conn, c.stmt)
		if got := warningCodes(t, conn); got != c.warn {
			t.Errorf("%s: warnings %q, want %q", c.stmt, got, c.warn)
		}
	}
}

// TestAdminStatementsCommit: ANALYZE TABLE and FLUSH commit the open
// transaction first, as in MySQL (its manual, "Statements That Cause an
// Implicit Commit"): the ROLLBACK after them undid the rows inserted
// before them.
func TestAdminStatementsCommit(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	mustExec(t, conn, "CREATE DATABASE adm")
	mustExec(t, conn, "USE adm")
	mustExec(t, conn, "CREATE TABLE t (id INT PRIMARY KEY)")
	for i, stmt := range []string{"ANALYZE TABLE t", "FLUSH TABLES", "FLUSH PRIVILEGES"} {
		mustExec(t, conn, "BEGIN")
		mustExec(t, conn, "INSERT INTO t VALUES (?)", i+1)
		rows, err := conn.QueryContext(context.Background(), stmt)
		if err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
		for rows.Next() {
		}
		rows.Close()
		mustExec(t, conn, "ROLLBACK")
		if got := connRows(t, conn, "SELECT COUNT(*) FROM t WHERE id = "+strconv.Itoa(i+1)); len(got) != 1 || got[0] != "1" {
			t.Errorf("%s: the row inserted before it is gone after ROLLBACK", stmt)
		}
	}
}

// TestUpdateInfoWarnings: an UPDATE's info string counts its warnings, as
// the OK packet beside it does (GMS always wrote "Warnings: 0").
func TestUpdateInfoWarnings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE uiw")
	mustExec(t, db, "CREATE TABLE uiw.t (id INT PRIMARY KEY, v INT NOT NULL, u INT UNSIGNED)")
	mustExec(t, db, "INSERT INTO uiw.t VALUES (1, 1, 1), (2, 2, 2)")
	out := cliVerbose(t, ts, "uiw", "UPDATE IGNORE t SET v = NULL;\nSET sql_mode = '';\nUPDATE t SET u = -1 WHERE id = 1;\nUPDATE t SET u = 3;\n")
	for _, want := range []string{"Rows matched: 2  Changed: 2  Warnings: 2", "Rows matched: 1  Changed: 1  Warnings: 1",
		"Rows matched: 2  Changed: 2  Warnings: 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestDecimalWindowPeers: equal DECIMAL ORDER BY values are one peer group
// (GMS compared them with Go's !=, pointers inside decimal.Decimal, so
// ties ranked apart and a default frame stopped at the row itself).
func TestDecimalWindowPeers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE dwp", "USE dwp",
		"CREATE TABLE s (id INT PRIMARY KEY, g VARCHAR(5), h INT, v DECIMAL(6,2))",
		"INSERT INTO s VALUES (1,'a',1,1.5),(2,'a',2,2.5),(3,'b',1,NULL),(4,'b',NULL,4.0),(5,NULL,1,5.25),(6,'c',3,6)",
		"CREATE TABLE d (id INT PRIMARY KEY, x DECIMAL(10,2))", "INSERT INTO d VALUES (1, 4), (2, 4.00), (3, 3)"} {
		mustExec(t, conn, q)
	}
	cases := []struct {
		q    string
		want []string
	}{
		{"SELECT g, SUM(v), RANK() OVER (ORDER BY SUM(v) DESC) FROM s GROUP BY g ORDER BY g",
			[]string{"NULL,5.25,2", "a,4.00,3", "b,4.00,3", "c,6.00,1"}},
		{"SELECT g, SUM(h), DENSE_RANK() OVER (ORDER BY SUM(h) DESC) FROM s GROUP BY g ORDER BY g",
			[]string{"NULL,1,2", "a,3,1", "b,1,2", "c,3,1"}},
		{"SELECT id, RANK() OVER (ORDER BY x), SUM(id) OVER (ORDER BY x), CUME_DIST() OVER (ORDER BY x) FROM d ORDER BY id",
			[]string{"1,2,6,1", "2,2,6,1", "3,1,3,0.3333333333333333"}},
	}
	for _, c := range cases {
		if got := connRows(t, conn, c.q); strings.Join(got, ";") != strings.Join(c.want, ";") {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
