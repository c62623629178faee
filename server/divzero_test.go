package server

import (
	"context"
	"database/sql"
	"testing"
)

// ERROR_FOR_DIVISION_BY_ZERO with a strict mode (MySQL's default sql_mode):
// storing a division by zero fails with 1365 and stores nothing; IGNORE or
// a non-strict mode stores NULL with warning 1365; SELECT answers NULL with
// the warning (issue #9: GMS stored NULL in every mode).
func TestDivisionByZeroMode(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1) // SHOW WARNINGS reads the previous statement's.
	mustExec(t, db, "CREATE TABLE z (id INT PRIMARY KEY, a INT, b DECIMAL(10,2), c DOUBLE)")
	mustExec(t, db, "INSERT INTO z VALUES (1, 1, 1, 1)")

	for _, q := range []string{
		"INSERT INTO z VALUES (2, 1/0, NULL, NULL)",
		"INSERT INTO z VALUES (2, NULL, 2.5/0, NULL), (3, 1, 1, 1)",
		"INSERT INTO z VALUES (2, NULL, NULL, 1e0/0)",
		"INSERT INTO z VALUES (2, 5 DIV 0, NULL, NULL)",
		"INSERT INTO z VALUES (2, 5 MOD 0, NULL, NULL)",
		"INSERT INTO z VALUES (2, COALESCE(1/0, 7), NULL, NULL)",
		"INSERT INTO z SELECT 2, a/0, NULL, NULL FROM z WHERE id = 1",
		"INSERT INTO z VALUES (1, 0, 0, 0) ON DUPLICATE KEY UPDATE a = a MOD 0",
		"UPDATE z SET a = a / 0 WHERE id = 1",
		"UPDATE z SET b = b DIV 0",
	} {
		wantErrNo(t, db, 1365, q)
	}
	if s := joinRows(queryRows(t, db, "SELECT * FROM z ORDER BY id")); s != "1 1 1.00 1" {
		t.Errorf("after refused statements: %s, want only row 1 unchanged", s)
	}
	// A prepared statement (the binary protocol).
	prep := ts.connectWith("d", "interpolateParams=false")
	if _, err := prep.Exec("INSERT INTO z VALUES (?, ? / 0, NULL, NULL)", 4, 1); mysqlErrNo(err) != 1365 {
		t.Errorf("prepared INSERT: %v, want 1365", err)
	}

	warned := func(q, want string) {
		t.Helper()
		mustExec(t, db, q)
		w := queryRows(t, db, "SHOW WARNINGS")
		if len(w) == 0 || w[0][1] != "1365" || w[0][2] != "Division by 0" {
			t.Errorf("%s: warnings %v, want 1365 Division by 0", q, w)
		}
		if s := joinRows(queryRows(t, db, "SELECT * FROM z WHERE id = 2")); s != want {
			t.Errorf("%s: row 2 %s, want %s", q, s, want)
		}
	}
	warned("INSERT IGNORE INTO z VALUES (2, 1/0, 2.5/0, 1e0/0)", "2 NULL NULL NULL")
	warned("UPDATE IGNORE z SET a = 7 DIV 0 WHERE id = 2", "2 NULL NULL NULL")
	mustExec(t, db, "SET SESSION sql_mode = 'ERROR_FOR_DIVISION_BY_ZERO'")
	warned("UPDATE z SET a = 1, b = 3 MOD 0 WHERE id = 2", "2 1 NULL NULL")
	mustExec(t, db, "SET SESSION sql_mode = DEFAULT")

	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var v sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT 1/0").Scan(&v); err != nil || v.Valid {
		t.Errorf("SELECT 1/0: %v %v, want NULL", v, err)
	}
	var level, msg string
	var code int
	if err := conn.QueryRowContext(ctx, "SHOW WARNINGS").Scan(&level, &code, &msg); err != nil || code != 1365 {
		t.Errorf("SELECT 1/0 warning: %d %q %v", code, msg, err)
	}
}

// The strict handler covers an UPDATE's or DELETE's WHERE as well as the
// values it stores (MySQL 8.0: UPDATE t SET v = 2 WHERE v = 1/0 and DELETE
// FROM t WHERE v = 1/0 fail with 1365); with IGNORE or without strictness
// the condition is NULL with warning 1365 and no row changes. GMS changed
// nothing and only warned, so a strict client's UPDATE "succeeded" with 0
// rows, and DELETE ... WHERE v DIV 0 IS NULL deleted every row.
func TestDivisionByZeroInWhere(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE TABLE w (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO w VALUES (1, 1), (2, 2)")
	for _, q := range []string{
		"UPDATE w SET v = 5 WHERE v = 1/0",
		"UPDATE w SET v = 5 WHERE v > v MOD 0",
		"DELETE FROM w WHERE v = 1/0",
		"DELETE FROM w WHERE v DIV 0 IS NULL",
	} {
		wantErrNo(t, db, 1365, q)
	}
	if s := joinRows(queryRows(t, db, "SELECT * FROM w ORDER BY id")); s != "1 1|2 2" {
		t.Errorf("after refused statements: %s, want both rows unchanged", s)
	}
	for _, q := range []string{
		"UPDATE IGNORE w SET v = 5 WHERE v = 1/0",
	} {
		res, err := db.Exec(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if n, _ := res.RowsAffected(); n != 0 {
			t.Errorf("%s: %d rows affected, want 0", q, n)
		}
		if w := queryRows(t, db, "SHOW WARNINGS"); len(w) == 0 || w[0][1] != "1365" {
			t.Errorf("%s: warnings %v, want 1365", q, w)
		}
	}
	// A SELECT's WHERE only warns.
	if s := joinRows(queryRows(t, db, "SELECT id FROM w WHERE v/0 IS NULL ORDER BY id")); s != "1|2" {
		t.Errorf("SELECT with v/0 in WHERE: %s, want 1 2", s)
	}
	mustExec(t, db, "SET SESSION sql_mode = 'ERROR_FOR_DIVISION_BY_ZERO'")
	mustExec(t, db, "DELETE FROM w WHERE v = 1/0")
	mustExec(t, db, "SET SESSION sql_mode = DEFAULT")
	if s := joinRows(queryRows(t, db, "SELECT * FROM w ORDER BY id")); s != "1 1|2 2" {
		t.Errorf("at the end: %s, want both rows unchanged", s)
	}
}

// An INSERT ... SELECT's WHERE is under the strict handler as well (MySQL
// 8.0: INSERT INTO t SELECT ... WHERE v = 1/0 fails with 1365); GMS only
// warned and inserted nothing. INSERT IGNORE and a non-strict mode warn.
func TestDivisionByZeroInInsertSelectWhere(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE TABLE s (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "CREATE TABLE d (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO s VALUES (1, 1), (2, 2)")
	for _, q := range []string{
		"INSERT INTO d SELECT * FROM s WHERE 1/0",
		"INSERT INTO d SELECT * FROM s WHERE v = 1/0",
		"INSERT INTO d SELECT id, v FROM s WHERE v MOD 0 IS NULL",
		"INSERT INTO d (id, v) SELECT id, 7 FROM s WHERE v DIV 0 IS NULL ON DUPLICATE KEY UPDATE v = 8",
	} {
		wantErrNo(t, db, 1365, q)
	}
	if s := joinRows(queryRows(t, db, "SELECT COUNT(*) FROM d")); s != "0" {
		t.Errorf("after refused statements d has %s rows, want 0", s)
	}
	for _, q := range []string{
		"INSERT IGNORE INTO d SELECT * FROM s WHERE 1/0",
	} {
		mustExec(t, db, q)
		if w := queryRows(t, db, "SHOW WARNINGS"); len(w) == 0 || w[0][1] != "1365" {
			t.Errorf("%s: warnings %v, want 1365", q, w)
		}
	}
	mustExec(t, db, "SET SESSION sql_mode = 'ERROR_FOR_DIVISION_BY_ZERO'")
	mustExec(t, db, "INSERT INTO d SELECT * FROM s WHERE v/0 IS NULL")
	mustExec(t, db, "SET SESSION sql_mode = DEFAULT")
	if s := joinRows(queryRows(t, db, "SELECT * FROM d ORDER BY id")); s != "1 1|2 2" {
		t.Errorf("non-strict INSERT ... SELECT: %s, want both rows", s)
	}
	// A WHERE that cannot divide keeps working (and its fast paths).
	mustExec(t, db, "INSERT INTO d SELECT id + 10, v FROM s WHERE id = 1")
	if s := joinRows(queryRows(t, db, "SELECT COUNT(*) FROM d")); s != "3" {
		t.Errorf("plain INSERT ... SELECT: %s rows, want 3", s)
	}
}

// A strict UPDATE's or DELETE's key condition that divides by zero fails
// too: `id = 1/0` on the primary key became an index lookup whose constant
// was evaluated with only a warning (GMS's single-table shortcut).
func TestDivisionByZeroInKeyCondition(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE TABLE k (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO k VALUES (1, 1), (2, 2)")
	for _, q := range []string{
		"DELETE FROM k WHERE id = 1/0",
		"UPDATE k SET v = 3 WHERE id = 1/0",
		"DELETE FROM k WHERE id = 5 DIV 0 OR id = 1",
	} {
		wantErrNo(t, db, 1365, q)
	}
	mustExec(t, db, "DELETE IGNORE FROM k WHERE id = 1/0")
	if s := joinRows(queryRows(t, db, "SELECT * FROM k ORDER BY id")); s != "1 1|2 2" {
		t.Errorf("after refused statements: %s, want both rows unchanged", s)
	}
}
