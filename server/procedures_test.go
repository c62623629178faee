package server

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

const procP = `CREATE PROCEDURE p(IN x INT, OUT y INT, INOUT z INT)
BEGIN
  SELECT a, b FROM t WHERE a >= x ORDER BY a;
  SELECT COUNT(*) INTO y FROM t;
  SET z = z * 10;
  SELECT 'done' AS s;
END`

// The handler sets a local variable: GMS v0.20.0 restarts the procedure
// after a handler statement that returns a result (docs/COMPATIBILITY.md).
const procSig = `CREATE PROCEDURE sig(v INT, OUT caught INT)
BEGIN
  DECLARE c INT DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET c = 1;
  IF v < 0 THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'negative value';
  END IF;
  SET caught = c;
  SELECT v AS v;
END`

const procRaise = `CREATE PROCEDURE raise_it(v INT)
BEGIN
  IF v < 0 THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'negative value';
  END IF;
  INSERT INTO t VALUES (v, v);
END`

// TestStoredProcedures: procedures are catalog records of their schema —
// CALL with IN/OUT/INOUT parameters, handlers and SIGNAL run by GMS, SHOW
// CREATE / SHOW PROCEDURE STATUS / information_schema.ROUTINES, MySQL's
// errors for duplicates and missing ones, restart, CREATE DATABASE ... LIKE
// and DROP DATABASE.
func TestStoredProcedures(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	mustExec(t, root, "CREATE DATABASE other")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (a INT PRIMARY KEY, b INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)")
	mustExec(t, db, procP)
	mustExec(t, db, procSig)
	mustExec(t, db, procRaise)

	_, err := db.ExecContext(ctx, procP)
	wantError(t, "duplicate", err, 1304, "PROCEDURE p already exists")
	_, err = db.ExecContext(ctx, "DROP PROCEDURE nope")
	wantError(t, "drop missing", err, 1305, "PROCEDURE d.nope does not exist")
	_, err = db.ExecContext(ctx, "CALL nope()")
	wantError(t, "call missing", err, 1305, "PROCEDURE d.nope does not exist")
	mustExec(t, db, "DROP PROCEDURE IF EXISTS nope")

	// OUT and INOUT parameters come back in user variables; one
	// connection so the variables are the session's.
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "SET @z = 3")
	rows, err := conn.QueryContext(ctx, "CALL p(2, @y, @z)")
	if err != nil {
		t.Fatal(err)
	}
	for rows.NextResultSet() {
		for rows.Next() {
		}
	}
	rows.Close()
	var y, z int
	if err := conn.QueryRowContext(ctx, "SELECT @y, @z").Scan(&y, &z); err != nil {
		t.Fatal(err)
	}
	if y != 3 || z != 30 {
		t.Fatalf("OUT/INOUT: @y=%d @z=%d, want 3 30", y, z)
	}

	// A CONTINUE handler catches the SIGNAL; without one the client gets
	// the SQLSTATE and message, and the procedure stops there.
	var v int
	for _, c := range []struct{ v, caught int }{{-5, 1}, {5, 0}} {
		if err := conn.QueryRowContext(ctx, "CALL sig(?, @caught)", c.v).Scan(&v); err != nil || v != c.v {
			t.Fatalf("CALL sig(%d): %v %d", c.v, err, v)
		}
		var caught int
		if err := conn.QueryRowContext(ctx, "SELECT @caught").Scan(&caught); err != nil || caught != c.caught {
			t.Fatalf("sig(%d): @caught = %d (%v), want %d", c.v, caught, err, c.caught)
		}
	}
	_, err = conn.ExecContext(ctx, "CALL raise_it(-1)")
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1644 || string(me.SQLState[:]) != "45000" || me.Message != "negative value" {
		t.Fatalf("SIGNAL: %v, want 1644 (45000) negative value", err)
	}
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE a < 0", "0")
	mustExec(t, conn, "CALL raise_it(7)")
	wantRows(t, db, "SELECT b FROM t WHERE a = 7", "7")

	wantDefinitions := func(db string) {
		t.Helper()
		c := ts.connect(db)
		var name, mode, create string
		var cs, cc, dc string
		if err := c.QueryRow("SHOW CREATE PROCEDURE p").Scan(&name, &mode, &create, &cs, &cc, &dc); err != nil {
			t.Fatalf("%s: SHOW CREATE PROCEDURE: %v", db, err)
		}
		if name != "p" || !strings.Contains(create, "SELECT COUNT(*) INTO y FROM t") {
			t.Fatalf("%s: SHOW CREATE PROCEDURE p = %q %q", db, name, create)
		}
		wantRows(t, c, "SELECT ROUTINE_NAME, ROUTINE_TYPE FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '"+db+"' ORDER BY ROUTINE_NAME",
			"p,PROCEDURE", "raise_it,PROCEDURE", "sig,PROCEDURE")
		got := queryRows(t, c, "SHOW PROCEDURE STATUS WHERE Db = '"+db+"'")
		if len(got) != 3 || got[0][1] != "p" || got[0][2] != "PROCEDURE" {
			t.Fatalf("%s: SHOW PROCEDURE STATUS = %q", db, got)
		}
	}
	wantDefinitions("d")
	wantRows(t, root, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'other'", "0")

	// CREATE DATABASE ... LIKE copies the procedures; they run against
	// the clone's own tables.
	mustExec(t, root, "CREATE DATABASE d2 LIKE d")
	wantDefinitions("d2")
	d2 := ts.connect("d2")
	mustExec(t, d2, "CALL raise_it(42)")
	wantRows(t, d2, "SELECT a FROM t", "42")
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE a = 42", "0")

	// Restart keeps them.
	ts.srv.Close()
	ts = startServer(t, ts.dir)
	root = ts.connect("")
	wantDefinitions("d")
	wantDefinitions("d2")
	db = ts.connect("d")
	mustExec(t, db, "CALL raise_it(8)")
	wantRows(t, db, "SELECT b FROM t WHERE a = 8", "8")

	// DROP PROCEDURE, then DROP DATABASE removes the rest: a schema of
	// the same name starts without them.
	mustExec(t, db, "DROP PROCEDURE sig")
	_, err = db.Exec("CALL sig(1, @x)")
	wantError(t, "dropped", err, 1305, "PROCEDURE d.sig does not exist")
	mustExec(t, root, "DROP DATABASE d2")
	mustExec(t, root, "CREATE DATABASE d2")
	wantRows(t, root, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'd2'", "0")
	d2 = ts.connect("d2")
	mustExec(t, d2, procSig)
	wantRows(t, d2, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'd2'", "sig")
}

// TestDoStatement: DO evaluates its expressions for their effects and
// answers OK, alone or followed by other statements.
func TestDoStatement(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "DO 1")
	mustExec(t, conn, "DO 1, 2 + 3")
	start := time.Now()
	mustExec(t, conn, "do SLEEP(0.2)")
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Fatalf("DO SLEEP(0.2) took %v", d)
	}
	var got int
	if err := conn.QueryRowContext(ctx, "SELECT GET_LOCK('x', 0)").Scan(&got); err != nil || got != 1 {
		t.Fatalf("GET_LOCK: %v %d", err, got)
	}
	mustExec(t, conn, "DO RELEASE_LOCK('x')")
	if err := conn.QueryRowContext(ctx, "SELECT IS_FREE_LOCK('x')").Scan(&got); err != nil || got != 1 {
		t.Fatalf("after DO RELEASE_LOCK: IS_FREE_LOCK = %d (%v)", got, err)
	}
	// The client sees no result set, and what follows runs (the driver
	// skips an OK that has more results after it).
	rows, err := conn.QueryContext(ctx, "DO 1")
	if err != nil {
		t.Fatal(err)
	}
	if cols, _ := rows.Columns(); len(cols) != 0 || rows.Next() {
		t.Fatalf("DO returned a result set: %v", cols)
	}
	rows.Close()
	if err := conn.QueryRowContext(ctx, "/* c */ DO GET_LOCK('y', 0); SELECT IS_FREE_LOCK('y')").Scan(&got); err != nil || got != 0 {
		t.Fatalf("SELECT after DO: %d %v", got, err)
	}
	_, err = conn.ExecContext(ctx, "DO nosuch")
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1054 {
		t.Fatalf("DO nosuch: %v, want 1054", err)
	}
}

// resultSets reads every result set of q as rows of strings.
func resultSets(t *testing.T, db execQueryer, q string, args ...any) [][]string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var sets [][]string
	for {
		cols, _ := rows.Columns()
		var set []string
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, v := range vals {
				parts = append(parts, v.String)
			}
			set = append(set, strings.Join(parts, ","))
		}
		sets = append(sets, append([]string{strings.Join(cols, ",")}, set...))
		if !rows.NextResultSet() {
			break
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return sets
}

type execQueryer interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}

// TestCallResultSets: a CALL sends one result set per SELECT it runs, nested
// CALLs included, to a multi-statement client, and the statements after
// it in the same text still run.
func TestCallResultSets(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')")
	mustExec(t, db, `CREATE PROCEDURE inner_p(n INT)
BEGIN
  SELECT n * 100 AS hundred;
END`)
	mustExec(t, db, `CREATE PROCEDURE multi(lo INT)
BEGIN
  DECLARE i INT DEFAULT 0;
  SELECT a, b FROM t WHERE a >= lo ORDER BY a;
  IF lo > 0 THEN
    SET i = lo + 1;
  END IF;
  SELECT i AS i;
  CALL inner_p(lo);
  SELECT COUNT(*) AS n FROM t;
  SELECT 'empty' AS e FROM t WHERE a < 0;
END`)
	want := [][]string{{"a,b", "2,y", "3,z"}, {"i", "3"}, {"hundred", "200"}, {"n", "3"}, {"e"}}
	got := resultSets(t, db, "CALL multi(2)")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("CALL multi(2): %q, want %q", got, want)
	}
	// Statements after the CALL in the same text.
	got = resultSets(t, db, "CALL multi(3); SELECT 'after' AS z")
	want = [][]string{{"a,b", "3,z"}, {"i", "4"}, {"hundred", "300"}, {"n", "3"}, {"e"}, {"z", "after"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("CALL multi(3); SELECT: %q, want %q", got, want)
	}
	// A procedure without SELECTs answers OK.
	mustExec(t, db, "CREATE PROCEDURE ins(v INT) INSERT INTO t VALUES (v, 'w')")
	mustExec(t, db, "CALL ins(9)")
	wantRows(t, db, "SELECT b FROM t WHERE a = 9", "w")
}

// TestCallResultSetsSingleStatement: a client without multi-statements
// (go-sql-driver's default) gets every result set of a CALL too, and still
// cannot send two statements in one text.
func TestCallResultSetsSingleStatement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connectWith("d", "parseTime=true")
	mustExec(t, db, "CREATE PROCEDURE two() BEGIN SELECT 1 AS one; SELECT 2 AS two; END")
	for i := 0; i < 3; i++ {
		got := resultSets(t, db, "CALL two()")
		if want := [][]string{{"one", "1"}, {"two", "2"}}; !reflect.DeepEqual(got, want) {
			t.Fatalf("CALL two(): %q, want %q", got, want)
		}
	}
	if _, err := db.Exec("CALL two(); SELECT 3"); err == nil {
		t.Fatal("two statements ran without multi-statements")
	}
	wantRows(t, db, "SELECT 4", "4")
}

// TestStoredFunctionsRefused: GMS v0.20.0 has no stored functions; the
// server answers as MySQL without them would, not with a syntax error.
func TestStoredFunctionsRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	_, err := db.Exec("CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x * 2")
	wantError(t, "CREATE FUNCTION", err, 1235, "This version of MySQL doesn't yet support 'stored functions'")
	_, err = db.Exec("CREATE DEFINER=`root`@`%` FUNCTION `f`(x INT) RETURNS int DETERMINISTIC RETURN x")
	wantError(t, "CREATE DEFINER FUNCTION", err, 1235, "This version of MySQL doesn't yet support 'stored functions'")
	_, err = db.Exec("DROP FUNCTION f")
	wantError(t, "DROP FUNCTION", err, 1305, "FUNCTION d.f does not exist")
	mustExec(t, db, "DROP FUNCTION IF EXISTS f")
	wantRows(t, db, "SELECT 1", "1")
}

// TestRoutinePrivileges: CREATE ROUTINE, EXECUTE and ALTER ROUTINE are
// checked, with MySQL's errors.
func TestRoutinePrivileges(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE shop")
	mustExec(t, root, "CREATE PROCEDURE shop.p() SELECT 1 AS one")
	mustExec(t, root, "CREATE USER 'u'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT SELECT ON shop.* TO 'u'@'%'")
	u := ts.mustLogin("u", "pw", "shop", "")
	wantError(t, "CREATE PROCEDURE", execErr(u, "CREATE PROCEDURE q() SELECT 2"), 1044,
		"Access denied for user 'u'@'%' to database 'shop'")
	wantError(t, "CALL", execErr(u, "CALL p()"), 1370, "execute command denied to user 'u'@'%' for routine 'shop.p'")
	wantError(t, "DROP PROCEDURE", execErr(u, "DROP PROCEDURE shop.p"), 1370,
		"alter routine command denied to user 'u'@'%' for routine 'shop.p'")
	mustExec(t, root, "GRANT EXECUTE, CREATE ROUTINE, ALTER ROUTINE ON shop.* TO 'u'@'%'")
	wantRows(t, u, "CALL p()", "1")
	mustExec(t, u, "CREATE PROCEDURE q() SELECT 2")
	mustExec(t, u, "DROP PROCEDURE q")
	mustExec(t, u, "DROP PROCEDURE p")
}
