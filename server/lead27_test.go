package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestLead27CteRecursionDepth: a recursive CTE stops with 3636 once it
// would run more iterations than cte_max_recursion_depth, as MySQL's
// FollowTailIterator does. GMS ignored the variable (its own limit is
// 10,001 iterations), so a 2,000-row recursion answered where MySQL
// refuses, and SET cte_max_recursion_depth changed nothing.
func TestLead27CteRecursionDepth(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	const count = "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < %s) SELECT COUNT(*), MAX(n) FROM r"
	q := func(limit string) string { return strings.Replace(count, "%s", limit, 1) }
	// The 1000th iteration reads row 1000 and makes none: allowed.
	if got := strings.Join(connRows(t, c, q("1000")), ";"); got != "1000,1000" {
		t.Errorf("1000 rows: got %q", got)
	}
	for _, tc := range []struct {
		set, limit string
		iterations string
	}{
		{"", "1001", "1001"},
		{"", "2000", "1001"},
		{"SET SESSION cte_max_recursion_depth = 5", "6", "6"},
		{"SET SESSION cte_max_recursion_depth = 0", "2", "1"},
	} {
		if tc.set != "" {
			mustExecConn(t, c, tc.set)
		}
		_, err := c.ExecContext(context.Background(), q(tc.limit))
		if mysqlErrNo(err) != 3636 || !strings.Contains(err.Error(), "aborted after "+tc.iterations+" iterations") {
			t.Errorf("%s; n < %s: got %v, want 3636 after %s iterations", tc.set, tc.limit, err, tc.iterations)
		}
	}
	mustExecConn(t, c, "SET SESSION cte_max_recursion_depth = 5")
	// Five iterations are allowed, also where one statement runs the CTE
	// several times: every execution counts from zero.
	for _, tc := range []struct{ q, want string }{
		{q("5"), "5,5"},
		{"WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT COUNT(*) FROM r a JOIN r b ON a.n <= b.n", "15"},
		{"SELECT COUNT(*) FROM (" + q("5") + ") x, (" + q("5") + ") y", "1"},
		{"SELECT (" + strings.Replace(q("5"), "COUNT(*), MAX(n)", "COUNT(*)", 1) + ") + k FROM (SELECT 0 AS k UNION ALL SELECT 1) t ORDER BY 1", "5;6"},
		// UNION DISTINCT ends when an iteration adds nothing new.
		{"WITH RECURSIVE r AS (SELECT 1 AS n UNION SELECT n FROM r) SELECT COUNT(*) FROM r", "1"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
	mustExecConn(t, c, "SET SESSION cte_max_recursion_depth = DEFAULT")
	if got := strings.Join(connRows(t, c, "SELECT @@cte_max_recursion_depth"), ";"); got != "1000" {
		t.Errorf("default depth: got %q", got)
	}
}

// TestLead27ShowTableStatus: SHOW TABLE STATUS answers from
// information_schema.TABLES, as MySQL 8.0 does. GMS's answer had 0 Rows
// for every table, NULL Auto_increment and Comment, Row_format Fixed
// (TABLES: Dynamic), no views, and named the last column Comments.
func TestLead27ShowTableStatus(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE st27",
		"CREATE DATABASE st27b",
		"USE st27",
		"CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, v INT) COMMENT 'the a table'",
		"INSERT INTO a (v) VALUES (1), (2), (3)",
		"CREATE TABLE b (k VARCHAR(5) PRIMARY KEY) CHARACTER SET latin1",
		"INSERT INTO b VALUES ('x')",
		"CREATE VIEW av AS SELECT v FROM a",
		"CREATE TABLE st27b.c (id INT PRIMARY KEY)",
	} {
		mustExecConn(t, c, q)
	}
	rows, err := c.QueryContext(context.Background(), "SHOW TABLE STATUS")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if len(cols) != 18 || cols[17] != "Comment" || cols[10] != "Auto_increment" {
		t.Errorf("columns: %q", cols)
	}
	for _, tc := range []struct{ q, want string }{
		// Name, Engine, Row_format, Rows, Auto_increment, Collation, Comment.
		{"SHOW TABLE STATUS", "a,InnoDB,Dynamic,3,4,utf8mb4_0900_ai_ci,the a table;" +
			"av,NULL,NULL,NULL,NULL,NULL,VIEW;b,InnoDB,Dynamic,1,NULL,latin1_swedish_ci,"},
		{"SHOW TABLE STATUS LIKE 'a%'", "a,InnoDB,Dynamic,3,4,utf8mb4_0900_ai_ci,the a table;" +
			"av,NULL,NULL,NULL,NULL,NULL,VIEW"},
		{"SHOW TABLE STATUS WHERE `Rows` = 1", "b,InnoDB,Dynamic,1,NULL,latin1_swedish_ci,"},
		{"SHOW TABLE STATUS WHERE Auto_increment > 1", "a,InnoDB,Dynamic,3,4,utf8mb4_0900_ai_ci,the a table"},
		{"SHOW TABLE STATUS FROM st27b", "c,InnoDB,Dynamic,0,NULL,utf8mb4_0900_ai_ci,"},
		// GMS's planner names the last column comments for a WHERE.
		{"SHOW TABLE STATUS WHERE Comments = 'the a table'", "a,InnoDB,Dynamic,3,4,utf8mb4_0900_ai_ci,the a table"},
	} {
		got := strings.Join(statusRows(t, c, tc.q), ";")
		if got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.q, got, tc.want)
		}
	}
	// The same through the binary protocol (a parameter makes
	// go-sql-driver prepare the statement).
	got := strings.Join(statusRows(t, c, "SHOW TABLE STATUS WHERE Name = ?", "b"), ";")
	if want := "b,InnoDB,Dynamic,1,NULL,latin1_swedish_ci,"; got != want {
		t.Errorf("prepared: got %q, want %q", got, want)
	}
}

// statusRows reads SHOW TABLE STATUS's Name, Engine, Row_format, Rows,
// Auto_increment, Collation and Comment columns.
func statusRows(t *testing.T, c *sql.Conn, q string, args ...any) []string {
	t.Helper()
	rows, err := c.QueryContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		vals := make([]sql.NullString, 18)
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var parts []string
		for _, i := range []int{0, 1, 3, 4, 10, 14, 17} {
			if vals[i].Valid {
				parts = append(parts, vals[i].String)
			} else {
				parts = append(parts, "NULL")
			}
		}
		out = append(out, strings.Join(parts, ","))
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// TestLead27CommaNames: a select expression after white space and a
// comma is named by its own text (`SELECT 1 , 2` named the second column
// ", 2"; MySQL 2), in both protocols.
func TestLead27CommaNames(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, tc := range []struct {
		q    string
		args []any
		want string
	}{
		{"SELECT 1 , 2 ,3, 'x' , 1+1", nil, "1|2|3|x|1+1"},
		{"SELECT 1 ,\n 2", nil, "1|2"},
		{"SELECT * FROM (SELECT 1 , 2) t", nil, "1|2"},
		{"SELECT ? , 2", []any{7}, "?|2"},
	} {
		rows, err := c.QueryContext(context.Background(), tc.q, tc.args...)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		cols, _ := rows.Columns()
		rows.Close()
		if got := strings.Join(cols, "|"); got != tc.want {
			t.Errorf("%q: columns %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestLead27CallRoutineSchema: a procedure's unqualified names are its own
// schema's while it runs, as MySQL's implicit USE of the routine's
// database. GMS kept the caller's current database, so `USE a; CALL
// b.p()` wrote a's table of the same name (a tenant's procedure changing
// another tenant's rows), and without a current database the CALL failed
// with 1046.
func TestLead27CallRoutineSchema(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE ta", "CREATE DATABASE tb",
		"CREATE TABLE ta.t (v VARCHAR(5))", "CREATE TABLE tb.t (v VARCHAR(5))",
		"USE ta",
		"CREATE PROCEDURE p() INSERT INTO t VALUES ('a')",
		"USE tb",
		"CREATE PROCEDURE p() INSERT INTO t VALUES ('b')",
		"CREATE PROCEDURE d() SELECT DATABASE()",
		"USE ta",
		"CALL tb.p()",
		"CALL p()",
	} {
		mustExecConn(t, c, q)
	}
	for _, tc := range []struct{ q, want string }{
		{"SELECT GROUP_CONCAT(v) FROM ta.t", "a"},
		{"SELECT GROUP_CONCAT(v) FROM tb.t", "b"},
		{"CALL tb.d()", "tb"},
		{"SELECT DATABASE()", "ta"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
	// Without a current database, through a fresh connection.
	c2 := pinnedConn(t, ts.connectWith("", "parseTime=false"))
	mustExecConn(t, c2, "CALL tb.p()")
	if got := strings.Join(connRows(t, c2, "SELECT COUNT(*) FROM tb.t"), ";"); got != "2" {
		t.Errorf("CALL without a current database: tb.t has %q rows, want 2", got)
	}
}

// TestLead27RoutineSqlMode: SHOW CREATE PROCEDURE and
// information_schema.ROUTINES.SQL_MODE give the sql_mode the procedure
// was created under (GMS: empty and the session's), which mysqldump
// --routines writes before each CREATE PROCEDURE.
func TestLead27RoutineSqlMode(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE rm", "USE rm",
		"SET sql_mode = 'ANSI_QUOTES'",
		"CREATE PROCEDURE p() SELECT 1",
		"SET sql_mode = DEFAULT",
	} {
		mustExecConn(t, c, q)
	}
	rows, err := c.QueryContext(context.Background(), "SHOW CREATE PROCEDURE p")
	if err != nil {
		t.Fatal(err)
	}
	var name, mode, create, cs, cc, dc string
	for rows.Next() {
		if err := rows.Scan(&name, &mode, &create, &cs, &cc, &dc); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	if mode != "ANSI_QUOTES" {
		t.Errorf("SHOW CREATE PROCEDURE sql_mode: got %q", mode)
	}
	if got := strings.Join(connRows(t, c, "SELECT sql_mode FROM information_schema.routines WHERE routine_schema = 'rm'"), ";"); got != "ANSI_QUOTES" {
		t.Errorf("ROUTINES.SQL_MODE: got %q", got)
	}
}
