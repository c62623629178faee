package server

import (
	"context"
	"strings"
	"testing"
)

// TestProc27SystemVariableSets: a SET of a system variable inside a
// procedure body runs (every form failed the CALL with 1105: "variable
// `sql_mode` could not be found", "unexpected number of set expressions"),
// with MySQL's errors for bad values and unknown names; the caller's
// sql_mode comes back when the CALL ends, and the body runs under the mode
// the routine was created with.
func TestProc27SystemVariableSets(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE s27", "USE s27",
		"SET sql_mode = 'STRICT_TRANS_TABLES'",
		"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(3))",
		"CREATE PROCEDURE m1() BEGIN SET SESSION sql_mode = ''; SELECT @@session.sql_mode; END",
		"CREATE PROCEDURE m2() BEGIN DECLARE a INT DEFAULT 5; DECLARE b INT; SET a = 1, @@session.sql_mode = 'ANSI_QUOTES', b = a; SELECT a, b, @@sql_mode; END",
		"CREATE PROCEDURE m3(m VARCHAR(40)) BEGIN SET @@sql_mode = m; INSERT INTO t VALUES (1, 'abcdef'); END",
		"CREATE PROCEDURE m4() BEGIN SELECT @@sql_mode; END",
		"CREATE PROCEDURE m5() BEGIN SET autocommit = 0; INSERT INTO t VALUES (5, 'x'); END",
		"CREATE PROCEDURE m6() BEGIN SET sql_mode = 'bogus'; SELECT 'after'; END",
		"CREATE PROCEDURE m7() BEGIN SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED, READ ONLY; END",
		"CREATE PROCEDURE m8() BEGIN SET TRANSACTION ISOLATION LEVEL SERIALIZABLE; END",
		"CREATE PROCEDURE m9() BEGIN DECLARE i INT DEFAULT 0; WHILE i < 3 DO SET @@session.div_precision_increment = i + 1, i = i + 1; END WHILE; SELECT i, 1/3; END",
		"CREATE PROCEDURE m10() BEGIN SET @x = 1, @y = @x + 1; SELECT @x, @y; END",
		"CREATE PROCEDURE m11() BEGIN SET NAMES utf8mb4 COLLATE utf8mb4_bin; SELECT 'a' = 'A'; END",
		"SET sql_mode = 'ANSI_QUOTES'",
		"CREATE PROCEDURE m12() BEGIN SELECT @@sql_mode; END",
		"SET sql_mode = 'STRICT_TRANS_TABLES'",
	} {
		mustExecConn(t, c, q)
	}
	ctx := context.Background()
	if got := strings.Join(connRows(t, c, "CALL m1()"), ";"); got != "" {
		t.Errorf("CALL m1(): got %q, want the empty mode", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT @@sql_mode"), ";"); got != "STRICT_TRANS_TABLES" {
		t.Errorf("sql_mode after CALL m1(): got %q, want the caller's back", got)
	}
	if got := strings.Join(connRows(t, c, "CALL m2()"), ";"); got != "1,1,ANSI_QUOTES" {
		t.Errorf("CALL m2(): got %q", got)
	}
	// The routine's own mode (STRICT_TRANS_TABLES when created) is left as
	// the body set it: '' makes the INSERT truncate with a warning.
	if _, err := c.ExecContext(ctx, "CALL m3('')"); err != nil {
		t.Errorf("CALL m3(''): %v", err)
	}
	if got := strings.Join(connRows(t, c, "SELECT v FROM t"), ";"); got != "abc" {
		t.Errorf("row after CALL m3(''): got %q", got)
	}
	mustExecConn(t, c, "DELETE FROM t")
	if _, err := c.ExecContext(ctx, "CALL m3('STRICT_ALL_TABLES')"); mysqlErrNo(err) != 1406 {
		t.Errorf("CALL m3('STRICT_ALL_TABLES'): got %v, want 1406", err)
	}
	// A routine runs under the sql_mode it was created with.
	mustExecConn(t, c, "SET sql_mode = ''")
	if got := strings.Join(connRows(t, c, "CALL m4()"), ";"); got != "STRICT_TRANS_TABLES" {
		t.Errorf("CALL m4() under '': got %q, want the routine's STRICT_TRANS_TABLES", got)
	}
	if got := strings.Join(connRows(t, c, "CALL m12()"), ";"); got != "ANSI_QUOTES" {
		t.Errorf("CALL m12(): got %q, want the routine's ANSI_QUOTES", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT @@sql_mode"), ";"); got != "" {
		t.Errorf("sql_mode after CALL m4(): got %q", got)
	}
	// autocommit stays as the body set it: the INSERT is in an open
	// transaction a ROLLBACK takes back.
	mustExecConn(t, c, "CALL m5()")
	if got := strings.Join(connRows(t, c, "SELECT @@autocommit"), ";"); got != "0" {
		t.Errorf("autocommit after CALL m5(): got %q", got)
	}
	mustExecConn(t, c, "ROLLBACK")
	mustExecConn(t, c, "SET autocommit = 1")
	if got := strings.Join(connRows(t, c, "SELECT COUNT(*) FROM t"), ";"); got != "0" {
		t.Errorf("rows after CALL m5(); ROLLBACK: got %q, want 0", got)
	}
	if _, err := c.ExecContext(ctx, "CALL m6()"); mysqlErrNo(err) != 1231 {
		t.Errorf("CALL m6(): got %v, want 1231", err)
	}
	mustExecConn(t, c, "CALL m7()")
	if got := strings.Join(connRows(t, c, "SELECT @@transaction_isolation, @@transaction_read_only"), ";"); got != "READ-COMMITTED,1" {
		t.Errorf("after CALL m7(): got %q", got)
	}
	mustExecConn(t, c, "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ WRITE")
	// Without SESSION the level is the next transaction's only.
	mustExecConn(t, c, "CALL m8()")
	if got := strings.Join(connRows(t, c, "SELECT @@transaction_isolation"), ";"); got != "REPEATABLE-READ" {
		t.Errorf("after CALL m8(): got %q, want the session's level unchanged", got)
	}
	if got := strings.Join(connRows(t, c, "CALL m9()"), ";"); got != "3,0.333" {
		t.Errorf("CALL m9(): got %q", got)
	}
	mustExecConn(t, c, "SET div_precision_increment = 4")
	if got := strings.Join(connRows(t, c, "CALL m10()"), ";"); got != "1,2" {
		t.Errorf("CALL m10(): got %q, want each assignment in turn", got)
	}
	if _, err := c.ExecContext(ctx, "CALL m11()"); mysqlErrNo(err) != 1235 {
		t.Errorf("CALL m11(): got %v, want 1235 (SET NAMES refused in a body)", err)
	}
	if _, err := c.ExecContext(ctx, "CREATE PROCEDURE bad1() BEGIN SET nosuchvar = 1; END"); mysqlErrNo(err) != 1193 {
		t.Errorf("CREATE with an unknown variable: got %v, want 1193", err)
	}
	if _, err := c.ExecContext(ctx, "CREATE PROCEDURE bad2() SET @@session.nosuchvar = 1"); mysqlErrNo(err) != 1193 {
		t.Errorf("CREATE with an unknown @@session variable: got %v, want 1193", err)
	}
	// A prepared CALL (COM_STMT_EXECUTE) runs the same body.
	rows, err := db.QueryContext(ctx, "CALL s27.m2()", []any{}...)
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	var a, b int
	var mode string
	if err := db.QueryRowContext(ctx, "CALL s27.m2()").Scan(&a, &b, &mode); err != nil || mode != "ANSI_QUOTES" {
		t.Errorf("CALL s27.m2() on another connection: %v %d %d %q", err, a, b, mode)
	}
	stmt, err := db.PrepareContext(ctx, "CALL s27.m1()")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	var pm string
	if err := stmt.QueryRowContext(ctx).Scan(&pm); err != nil || pm != "" {
		t.Errorf("prepared CALL s27.m1(): %v %q", err, pm)
	}
}

// TestProc27SelectIntoNoRow: a SELECT ... INTO that finds no row, with no
// NOT FOUND handler in scope, warns 1329, keeps the variables and goes on
// (the CALL failed with 1329); a handler for SQLEXCEPTION does not catch
// it. In a loop the INTO stores on every run (GMS dropped it after the
// first: later rows went out as a result set, the variable kept its value).
func TestProc27SelectIntoNoRow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE i27", "USE i27",
		"CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (0, 100), (1, 101)",
		"CREATE TABLE plog (m VARCHAR(20))",
		"CREATE PROCEDURE n1() BEGIN DECLARE x INT DEFAULT 7; DECLARE d DATE DEFAULT '2024-01-02'; SELECT v, '2020-05-06' INTO x, d FROM t WHERE id < 0; SET x = x + 1; SELECT x, d; END",
		"CREATE PROCEDURE n2() BEGIN SET @u = 'keep'; SELECT v INTO @u FROM t WHERE id < 0; END",
		"CREATE PROCEDURE n3() BEGIN DECLARE x INT DEFAULT 7; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET x = -1; SELECT v INTO x FROM t WHERE id < 0; SELECT x; END",
		"CREATE PROCEDURE n4() BEGIN DECLARE x INT DEFAULT 7; DECLARE i INT DEFAULT 0; WHILE i < 3 DO SELECT v INTO x FROM t WHERE id = i; INSERT INTO plog VALUES (CONCAT(i, ':', x)); SET i = i + 1; END WHILE; END",
		"CREATE PROCEDURE n5() BEGIN DECLARE x INT DEFAULT 7; DECLARE done INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; SELECT v INTO x FROM t WHERE id < 0; SELECT x, done; END",
		"CREATE PROCEDURE n6() BEGIN DECLARE x INT DEFAULT 7; SELECT v INTO x FROM t WHERE id < 0; INSERT INTO plog VALUES ('n6'); END",
	} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "CALL n1()"), ";"); got != "8,2024-01-02" {
		t.Errorf("CALL n1(): got %q, want the variables kept", got)
	}
	want1329 := "Warning,1329,No data - zero rows fetched, selected, or processed"
	if got := strings.Join(connRows(t, c, "SHOW WARNINGS"), ";"); got != want1329 {
		t.Errorf("SHOW WARNINGS after CALL n1(): got %q", got)
	}
	mustExecConn(t, c, "CALL n2()")
	if got := strings.Join(connRows(t, c, "SHOW WARNINGS"), ";"); got != want1329 {
		t.Errorf("SHOW WARNINGS after CALL n2(): got %q", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT @u"), ";"); got != "keep" {
		t.Errorf("@u after CALL n2(): got %q", got)
	}
	if got := strings.Join(connRows(t, c, "CALL n3()"), ";"); got != "7" {
		t.Errorf("CALL n3(): got %q, want 7 (SQLEXCEPTION does not cover NOT FOUND)", got)
	}
	mustExecConn(t, c, "CALL n4()")
	if got := strings.Join(connRows(t, c, "SELECT m FROM plog"), ";"); got != "0:100;1:101;2:101" {
		t.Errorf("CALL n4(): log %q", got)
	}
	if got := strings.Join(connRows(t, c, "CALL n5()"), ";"); got != "7,1" {
		t.Errorf("CALL n5(): got %q, want the NOT FOUND handler's 7,1", got)
	}
	// A statement that uses a table clears the listed conditions.
	mustExecConn(t, c, "CALL n6()")
	if got := strings.Join(connRows(t, c, "SHOW WARNINGS"), ";"); got != "" {
		t.Errorf("SHOW WARNINGS after CALL n6(): got %q, want none", got)
	}
}

// TestProc27Handlers: handlers for error codes and SQLSTATE values run as
// MySQL chooses them (were refused at CREATE with 1105); a condition no
// handler names ends the CALL with its own error; nested SQLEXCEPTION
// handlers where MySQL runs the inner one, and SQLWARNING handlers, are
// refused (1235) rather than run wrongly (GMS ran the outer one).
func TestProc27Handlers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE h27", "USE h27",
		"CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1)",
		"CREATE TABLE hlog (m VARCHAR(20))",
		"CREATE PROCEDURE h1() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR 1062 SET r = 1; INSERT INTO t VALUES (1); INSERT INTO hlog VALUES ('h1 after'); SELECT r; END",
		"CREATE PROCEDURE h2() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLSTATE '23000' SET r = 2; INSERT INTO t VALUES (1); SELECT r; END",
		"CREATE PROCEDURE h3() BEGIN DECLARE r INT DEFAULT 0; BEGIN DECLARE EXIT HANDLER FOR 1062 SET r = 3; INSERT INTO t VALUES (1); SET r = 30; END; SELECT r; END",
		"CREATE PROCEDURE h4() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET r = 40; DECLARE CONTINUE HANDLER FOR 1062 SET r = 4; INSERT INTO t VALUES (1); SELECT r; END",
		"CREATE PROCEDURE h5() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR 1048, 1062 SET r = 5; INSERT INTO t VALUES (1); SELECT r; END",
		"CREATE PROCEDURE h6() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR 1146 SET r = 6; INSERT INTO t VALUES (1); INSERT INTO hlog VALUES ('h6 after'); END",
		"CREATE PROCEDURE h7() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET r = 7; BEGIN DECLARE CONTINUE HANDLER FOR 1146 SET r = 70; INSERT INTO t VALUES (1); END; SELECT r; END",
		"CREATE PROCEDURE h8() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET r = 1; BEGIN DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET r = 2; INSERT INTO t VALUES (1); END; SELECT r; END",
		"CREATE PROCEDURE h9() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLWARNING SET r = 9; SELECT r; END",
		"CREATE PROCEDURE h10() BEGIN DECLARE r INT DEFAULT 0; DECLARE x INT; DECLARE CONTINUE HANDLER FOR SQLSTATE '02000' SET r = 10; SELECT id INTO x FROM t WHERE id < 0; SELECT r; END",
	} {
		mustExecConn(t, c, q)
	}
	ctx := context.Background()
	for _, tc := range []struct{ call, want string }{
		{"CALL h1()", "1"}, {"CALL h2()", "2"}, {"CALL h3()", "3"}, {"CALL h4()", "4"},
		{"CALL h5()", "5"}, {"CALL h7()", "7"}, {"CALL h10()", "10"},
	} {
		if got := strings.Join(connRows(t, c, tc.call), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.call, got, tc.want)
		}
	}
	if _, err := c.ExecContext(ctx, "CALL h6()"); mysqlErrNo(err) != 1062 {
		t.Errorf("CALL h6(): got %v, want 1062 (no handler for it)", err)
	}
	if got := strings.Join(connRows(t, c, "SELECT m FROM hlog ORDER BY m"), ";"); got != "h1 after" {
		t.Errorf("hlog: got %q, want h1's CONTINUE only (h6 ended at its error)", got)
	}
	for _, call := range []string{"CALL h8()", "CALL h9()"} {
		if _, err := c.ExecContext(ctx, call); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", call, err)
		}
	}
}

// TestProc27Signal: SIGNAL takes a routine variable's value for its items
// (1105 before), and reaches the handler MySQL chooses for its SQLSTATE.
func TestProc27Signal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE g27", "USE g27",
		"CREATE PROCEDURE g1(n INT) BEGIN DECLARE m VARCHAR(50); SET m = CONCAT('bad value ', n); SIGNAL SQLSTATE '22003' SET MESSAGE_TEXT = m, MYSQL_ERRNO = 1690; END",
		"CREATE PROCEDURE g2() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = 2; SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x'; SELECT r; END",
		"CREATE PROCEDURE g3() BEGIN DECLARE r INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR 1062 SET r = 3; SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'not caught'; SELECT r; END",
		"CREATE PROCEDURE g4() BEGIN DECLARE m VARCHAR(5); SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = m; END",
	} {
		mustExecConn(t, c, q)
	}
	ctx := context.Background()
	_, err := c.ExecContext(ctx, "CALL g1(7)")
	if mysqlErrNo(err) != 1690 || !strings.Contains(err.Error(), "bad value 7") {
		t.Errorf("CALL g1(7): got %v, want 1690 bad value 7", err)
	}
	if got := strings.Join(connRows(t, c, "CALL g2()"), ";"); got != "2" {
		t.Errorf("CALL g2(): got %q", got)
	}
	if _, err := c.ExecContext(ctx, "CALL g3()"); mysqlErrNo(err) != 1644 || !strings.Contains(err.Error(), "not caught") {
		t.Errorf("CALL g3(): got %v, want 1644 not caught", err)
	}
	if _, err := c.ExecContext(ctx, "CALL g4()"); mysqlErrNo(err) != 1231 {
		t.Errorf("CALL g4(): got %v, want 1231", err)
	}
}

// TestProc27CalleeNotFound: a callee's SELECT ... INTO without a row and
// without a handler of its own finishes the callee with warning 1329,
// which the caller's NOT FOUND handler then takes (MariaDB agrees).
func TestProc27CalleeNotFound(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE c27", "USE c27",
		"CREATE TABLE t (id INT PRIMARY KEY)",
		"CREATE PROCEDURE callee() BEGIN DECLARE x INT; SELECT id INTO x FROM t; SET @after = 'ran'; END",
		"CREATE PROCEDURE caller() BEGIN DECLARE done INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; CALL callee(); SELECT done, @after; END",
	} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "CALL caller()"), ";"); got != "1,ran" {
		t.Errorf("CALL caller(): got %q, want 1,ran", got)
	}
}
