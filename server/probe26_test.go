package server

import (
	"context"
	"strings"
	"testing"
)

// TestProbe26ProcedureInCallersTransaction: a procedure's statements run in
// the caller's transaction, as in MySQL. GMS's CALL empties the session's
// transaction slot for the body, and the body's first statement then began
// a new transaction after rolling back the open one: `START TRANSACTION;
// INSERT ...; CALL p(); COMMIT` silently lost the INSERT and p's writes
// (even when p only SELECTs). A transaction the body opens (START
// TRANSACTION without COMMIT) was dropped by the next statement, and a
// body ending in COMMIT, ROLLBACK or SAVEPOINT failed the CALL with 1105
// "EOF" after its statements had run and committed.
func TestProbe26ProcedureInCallersTransaction(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE p26", "USE p26",
		"CREATE TABLE l (m VARCHAR(20))",
		"CREATE PROCEDURE ins() BEGIN INSERT INTO l VALUES ('in-proc'); END",
		"CREATE PROCEDURE sel() BEGIN SELECT COUNT(*) FROM l; END",
		"CREATE PROCEDURE opens() BEGIN START TRANSACTION; INSERT INTO l VALUES ('opened'); END",
		"CREATE PROCEDURE commits() BEGIN START TRANSACTION; INSERT INTO l VALUES ('committed'); COMMIT; END",
		"CREATE PROCEDURE rollsback() BEGIN START TRANSACTION; INSERT INTO l VALUES ('rolled'); ROLLBACK; END",
		"CREATE PROCEDURE savepoints() BEGIN START TRANSACTION; INSERT INTO l VALUES ('sp1'); SAVEPOINT s; INSERT INTO l VALUES ('sp2'); ROLLBACK TO SAVEPOINT s; END",
	} {
		mustExecConn(t, c, q)
	}
	rows := func() string { return strings.Join(connRows(t, c, "SELECT m FROM l ORDER BY m"), ";") }
	reset := func() { mustExecConn(t, c, "DELETE FROM l") }

	for _, q := range []string{"START TRANSACTION", "INSERT INTO l VALUES ('before')", "CALL ins()", "INSERT INTO l VALUES ('after')", "COMMIT"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "after;before;in-proc" {
		t.Errorf("START TRANSACTION, INSERT, CALL ins(), INSERT, COMMIT: got %q", got)
	}
	reset()
	for _, q := range []string{"START TRANSACTION", "INSERT INTO l VALUES ('before')"} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "CALL sel()"), ";"); got != "1" {
		t.Errorf("CALL sel() inside the transaction: got %q, want 1 (its own INSERT)", got)
	}
	mustExecConn(t, c, "COMMIT")
	if got := rows(); got != "before" {
		t.Errorf("START TRANSACTION, INSERT, CALL sel(), COMMIT: got %q", got)
	}
	reset()
	for _, q := range []string{"START TRANSACTION", "INSERT INTO l VALUES ('before')", "CALL ins()", "ROLLBACK"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "" {
		t.Errorf("START TRANSACTION, INSERT, CALL ins(), ROLLBACK: got %q, want nothing", got)
	}
	for _, q := range []string{"SET autocommit = 0", "INSERT INTO l VALUES ('ac0')", "CALL ins()", "COMMIT", "SET autocommit = 1"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "ac0;in-proc" {
		t.Errorf("autocommit=0, INSERT, CALL ins(), COMMIT: got %q", got)
	}
	reset()
	for _, q := range []string{"CALL opens()", "INSERT INTO l VALUES ('next')", "COMMIT"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "next;opened" {
		t.Errorf("CALL opens(), INSERT, COMMIT: got %q", got)
	}
	reset()
	for _, q := range []string{"CALL opens()", "ROLLBACK"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "" {
		t.Errorf("CALL opens(), ROLLBACK: got %q, want nothing", got)
	}
	for _, q := range []string{"CALL commits()", "CALL rollsback()", "CALL savepoints()", "COMMIT"} {
		mustExecConn(t, c, q)
	}
	if got := rows(); got != "committed;sp1" {
		t.Errorf("CALL commits(), rollsback(), savepoints(), COMMIT: got %q", got)
	}
}

// TestProbe26NotFoundHandlerAfterSQLException: a NOT FOUND handler declared
// after an SQLEXCEPTION handler catches the end of a cursor and a SELECT
// ... INTO without a row. GMS's interpreter matched the end of rows only
// against the first handler declared, so the usual cursor loop failed the
// CALL with 1105 "exhausted fetch iterator" after its INSERTs had run.
func TestProbe26NotFoundHandlerAfterSQLException(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE p26h", "USE p26h",
		"CREATE TABLE t (a INT PRIMARY KEY)",
		"INSERT INTO t VALUES (1), (2), (3)",
		"CREATE TABLE l (m VARCHAR(20))",
		"CREATE PROCEDURE loopc() BEGIN DECLARE done, errs INT DEFAULT 0; DECLARE a1 INT; " +
			"DECLARE c CURSOR FOR SELECT a FROM t ORDER BY a; " +
			"DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET errs = errs + 1; " +
			"DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; " +
			"OPEN c; rd: LOOP FETCH c INTO a1; IF done THEN LEAVE rd; END IF; INSERT INTO l VALUES (CONCAT('a', a1)); END LOOP; CLOSE c; " +
			"SELECT done, errs; END",
		"CREATE PROCEDURE intoc() BEGIN DECLARE r VARCHAR(10) DEFAULT 'none'; DECLARE v INT DEFAULT 7; " +
			"BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION SET r = 'exc'; DECLARE EXIT HANDLER FOR NOT FOUND SET r = 'notfound'; " +
			"SELECT a INTO v FROM t WHERE a = 99; SET r = 'notreached'; END; SELECT r, v; END",
	} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "CALL loopc()"), ";"); got != "1,0" {
		t.Errorf("CALL loopc(): got %q, want 1,0", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT m FROM l ORDER BY m"), ";"); got != "a1;a2;a3" {
		t.Errorf("rows of CALL loopc(): got %q", got)
	}
	if got := strings.Join(connRows(t, c, "CALL intoc()"), ";"); got != "notfound,7" {
		t.Errorf("CALL intoc(): got %q, want notfound,7", got)
	}
}

// TestProbe26TriggerBlockBodyNotRefired: with a BEFORE UPDATE (or DELETE)
// trigger whose BEGIN ... END body inserts into another table, the
// statement's AFTER trigger fires once per row of the statement. GMS also
// put the AFTER trigger around the INSERT inside the BEFORE trigger's
// body, so it fired a second time for the audit row and wrote a row built
// from the audit row's columns (or failed 1105 "unable to find field with
// index" when the audit table was narrower than the trigger's table).
// Also: information_schema.TRIGGERS numbers ACTION_ORDER per table.
func TestProbe26TriggerBlockBodyNotRefired(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE p26t", "USE p26t",
		"CREATE TABLE p (id INT PRIMARY KEY, v INT)",
		"CREATE TABLE audit (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(100), a INT DEFAULT 11, b INT DEFAULT 12)",
		"CREATE TABLE audit2 (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(200))",
		"CREATE TABLE narrow (m VARCHAR(100))",
		"INSERT INTO p VALUES (1, 5), (2, 6)",
		"CREATE TRIGGER p_au AFTER UPDATE ON p FOR EACH ROW INSERT INTO audit2 (m) VALUES (CONCAT('au ', NEW.id, ' ', NEW.v, ' old ', OLD.v))",
		"CREATE TRIGGER p_bu BEFORE UPDATE ON p FOR EACH ROW BEGIN INSERT INTO audit (m) VALUES (CONCAT('bu ', OLD.v)); SET NEW.v = NEW.v + 1; END",
		"CREATE TRIGGER p_ad AFTER DELETE ON p FOR EACH ROW INSERT INTO audit2 (m) VALUES (CONCAT('ad ', OLD.id))",
		"CREATE TRIGGER p_bd BEFORE DELETE ON p FOR EACH ROW BEGIN INSERT INTO narrow VALUES (CONCAT('bd ', OLD.id)); END",
		"CREATE TABLE q (id INT PRIMARY KEY)",
		"CREATE TRIGGER q_bd BEFORE DELETE ON q FOR EACH ROW SET @q = OLD.id",
		"UPDATE p SET v = v + 1 WHERE id = 1",
		"DELETE FROM p WHERE id = 2",
	} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "SELECT m FROM audit2 ORDER BY id"), ";"); got != "au 1 7 old 5;ad 2" {
		t.Errorf("AFTER triggers' rows: got %q, want one per row of the statement", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT id, v FROM p"), ";"); got != "1,7" {
		t.Errorf("p: got %q", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT TRIGGER_NAME, ACTION_ORDER FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'p26t' ORDER BY TRIGGER_NAME"), ";"); got != "p_ad,1;p_au,1;p_bd,1;p_bu,1;q_bd,1" {
		t.Errorf("ACTION_ORDER: got %q", got)
	}
}

// TestProbe26FetchPastEnd: a FETCH past the end of a cursor with no NOT
// FOUND handler is MySQL's 1329 (GMS's 1105 "exhausted fetch iterator").
func TestProbe26FetchPastEnd(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE p26f", "USE p26f",
		"CREATE TABLE t (a INT PRIMARY KEY)",
		"INSERT INTO t VALUES (1)",
		"CREATE PROCEDURE f() BEGIN DECLARE v INT; DECLARE c CURSOR FOR SELECT a FROM t; OPEN c; FETCH c INTO v; FETCH c INTO v; SELECT v; END",
	} {
		mustExecConn(t, c, q)
	}
	if _, err := c.ExecContext(context.Background(), "CALL f()"); mysqlErrNo(err) != 1329 {
		t.Errorf("CALL f(): got %v, want 1329", err)
	}
}
