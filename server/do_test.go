package server

import (
	"context"
	"database/sql"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestDoPrepared: DO through COM_STMT_PREPARE/EXECUTE (go-sql-driver
// prepares whenever a statement has arguments, or on Prepare) evaluates
// its expressions, parameters included, and answers OK without columns.
func TestDoPrepared(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=true")
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmt, err := conn.PrepareContext(ctx, "DO 1")
	if err != nil {
		t.Fatalf("prepare DO 1: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := stmt.Exec(); err != nil {
			t.Fatalf("execute DO 1: %v", err)
		}
	}
	rows, err := stmt.Query()
	if err != nil {
		t.Fatal(err)
	}
	if cols, _ := rows.Columns(); len(cols) != 0 || rows.Next() {
		t.Fatalf("prepared DO returned a result set: %v", cols)
	}
	rows.Close()
	stmt.Close()
	// With a parameter: the driver prepares it. The lock taken is held by
	// the session, so the expression ran.
	mustExec(t, conn, "DO GET_LOCK(?, 0), GET_LOCK(CONCAT(?, 2), 0)", "plock", "plock")
	var free int
	if err := db.QueryRow("SELECT IS_FREE_LOCK('plock') + IS_FREE_LOCK('plock2')").Scan(&free); err != nil || free != 0 {
		t.Fatalf("IS_FREE_LOCK after prepared DO GET_LOCK: %d %v", free, err)
	}
	start := time.Now()
	mustExec(t, conn, "DO SLEEP(?)", 0.2)
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Fatalf("prepared DO SLEEP(0.2) took %v", d)
	}
	_, err = conn.ExecContext(ctx, "DO nosuch + ?", 1)
	wantError(t, "prepared DO nosuch", err, 1054, "Unknown column 'nosuch' in 'field list'")
}

// TestDoInBodies: DO inside a stored procedure (every compound statement
// kind) and a trigger runs for its effects, sends no result set of its
// own, and the definition shown keeps the DO as written.
func TestDoInBodies(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `CREATE PROCEDURE mrss()
BEGIN
	DO 1;
	SELECT 1 AS col1, 2 AS col2 UNION SELECT 3, 4;
	SET @n = 0;
	WHILE @n < 3 DO DO GET_LOCK(CONCAT('w', @n), 0); SET @n = @n + 1; END WHILE;
	IF @n = 3 THEN DO GET_LOCK('then', 0); ELSE DO GET_LOCK('else', 0); END IF;
	SELECT @n AS n, IS_USED_LOCK('w2') IS NOT NULL AS w, IS_FREE_LOCK('then') AS t, IS_FREE_LOCK('else') AS e;
	DO 2;
END`
	mustExec(t, conn, body)
	want := [][]string{{"col1,col2", "1,2", "3,4"}, {"n,w,t,e", "3,1,0,1"}}
	for i := 0; i < 2; i++ {
		if got := resultSets(t, conn, "CALL mrss()"); !reflect.DeepEqual(got, want) {
			t.Fatalf("CALL mrss(): %q, want %q", got, want)
		}
	}
	// A body whose only result-producing statements are DOs answers OK.
	mustExec(t, conn, "CREATE PROCEDURE only_do() BEGIN DO GET_LOCK('k', 0); DO RELEASE_LOCK('r'); END")
	mustExec(t, conn, "DO GET_LOCK('r', 0)")
	rows, err := conn.QueryContext(context.Background(), "CALL only_do()")
	if err != nil {
		t.Fatal(err)
	}
	if cols, _ := rows.Columns(); len(cols) != 0 || rows.Next() {
		t.Fatalf("CALL only_do() returned a result set: %v", cols)
	}
	rows.Close()
	var k int
	if err := conn.QueryRowContext(context.Background(), "SELECT IS_FREE_LOCK('k') * 10 + IS_FREE_LOCK('r')").Scan(&k); err != nil || k != 1 {
		t.Fatalf("locks after CALL only_do(): %d %v", k, err)
	}
	var name, mode, def string
	if err := conn.QueryRowContext(context.Background(), "SHOW CREATE PROCEDURE mrss").Scan(&name, &mode, &def, new(any), new(any), new(any)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(def, "DO 1;") || strings.Contains(def, "myriad") {
		t.Fatalf("SHOW CREATE PROCEDURE: %s", def)
	}

	// Triggers: a DO as the whole body, and inside BEGIN ... END.
	mustExec(t, conn, "CREATE TABLE t (a INT PRIMARY KEY)")
	mustExec(t, conn, "CREATE TRIGGER ti BEFORE INSERT ON t FOR EACH ROW DO GET_LOCK(CONCAT('ins', NEW.a), 0)")
	mustExec(t, conn, "CREATE TRIGGER td AFTER DELETE ON t FOR EACH ROW BEGIN DO GET_LOCK(CONCAT('del', OLD.a), 0); END")
	mustExec(t, conn, "INSERT INTO t VALUES (5), (6)")
	mustExec(t, conn, "DELETE FROM t WHERE a = 5")
	var locks string
	if err := conn.QueryRowContext(context.Background(),
		"SELECT CONCAT(IS_FREE_LOCK('ins5'), IS_FREE_LOCK('ins6'), IS_FREE_LOCK('del5'), IS_FREE_LOCK('del6'))").Scan(&locks); err != nil || locks != "0001" {
		t.Fatalf("locks after the triggers: %q %v", locks, err)
	}
	var stmt string
	if err := conn.QueryRowContext(context.Background(),
		"SELECT ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_NAME = 'ti'").Scan(&stmt); err != nil {
		t.Fatal(err)
	}
	if stmt != "DO GET_LOCK(CONCAT('ins', NEW.a), 0)" {
		t.Fatalf("ACTION_STATEMENT: %q", stmt)
	}
}

// TestCallPreparedResultSets: a CALL through a prepared statement sends
// every result set of the body, then the OK; a body that fails after a
// SELECT sends the set, then the error; the connection stays usable.
func TestCallPreparedResultSets(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connectWith("d", "parseTime=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, `CREATE PROCEDURE mrss(n INT)
BEGIN
	DO 1;
	SELECT 1 AS col1, 2 AS col2 UNION SELECT 3, n;
	SELECT 0 UNION SELECT 1;
	SELECT 'x' AS s, NOW() IS NOT NULL AS t, 1.5 AS d, CAST('2024-01-02' AS DATE) AS day;
END`)
	mustExec(t, db, "CREATE PROCEDURE sig() BEGIN SELECT 42 AS v; SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'an error'; END")
	stmt, err := db.Prepare("CALL mrss(?)")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	want := [][]string{{"col1,col2", "1,2", "3,7"}, {"0", "0", "1"}, {"s,t,d,day", "x,1,1.5,2024-01-02T00:00:00Z"}}
	for i := 0; i < 3; i++ {
		if got := resultSets(t, stmtQueryer{stmt}, "", 7); !reflect.DeepEqual(got, want) {
			t.Fatalf("prepared CALL mrss(7), round %d: %q, want %q", i, got, want)
		}
		wantRows(t, db, "SELECT 5", "5")
	}
	sigStmt, err2 := db.Prepare("CALL sig()")
	if err2 != nil {
		t.Fatal(err2)
	}
	defer sigStmt.Close()
	rows, err := sigStmt.Query()
	if err != nil {
		t.Fatalf("prepared CALL sig(): the SELECT's set should come first: %v", err)
	}
	var v int
	if !rows.Next() || rows.Scan(&v) != nil || v != 42 {
		t.Fatalf("prepared CALL sig(): first set %d %v", v, rows.Err())
	}
	for rows.Next() {
	}
	rows.NextResultSet()
	if err := rows.Err(); err == nil || !strings.Contains(err.Error(), "an error") {
		t.Fatalf("prepared CALL sig(): %v, want the SIGNAL's error", err)
	}
	rows.Close()
	wantRows(t, db, "SELECT 6", "6")
}

// stmtQueryer runs a prepared statement where resultSets wants a query.
type stmtQueryer struct{ *sql.Stmt }

func (s stmtQueryer) QueryContext(ctx context.Context, _ string, args ...any) (*sql.Rows, error) {
	return s.Stmt.QueryContext(ctx, args...)
}

// TestCallPreparedOverTLS: a prepared CALL sends every result set of its
// body to a TLS client too: the wire guard, which replays it, reads the
// packets above TLS (guardAboveTLS).
func TestCallPreparedOverTLS(t *testing.T) {
	certFile, keyFile, cert := testCert(t, t.TempDir())
	registerTLS(t, "myriad-tls-call", cert)
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, false)
	root := ts.mustLogin("root", "", "", "tls=myriad-tls-call")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.mustLogin("root", "", "d", "tls=myriad-tls-call")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE PROCEDURE two(n INT) BEGIN DO n; SELECT n AS a; SELECT n + 1 AS b; END")
	stmt, err := db.Prepare("CALL two(?)")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	want := [][]string{{"a", "5"}, {"b", "6"}}
	for i := 0; i < 2; i++ {
		if got := resultSets(t, stmtQueryer{stmt}, "", 5); !reflect.DeepEqual(got, want) {
			t.Fatalf("prepared CALL over TLS, round %d: %q, want %q", i, got, want)
		}
		wantRows(t, db, "SELECT 7", "7")
	}
}
