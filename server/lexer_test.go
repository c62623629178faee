package server

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestStatementText checks statements whose text the protocol library's
// tokenizer reads differently from MySQL 8.0 (see sqltext), through the
// text protocol and server-side prepared statements.
func TestStatementText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE d.acct (id INT PRIMARY KEY, bal INT)")
	reset := func() {
		mustExec(t, db, "DELETE FROM d.acct")
		mustExec(t, db, "INSERT INTO d.acct VALUES (1, 10), (2, 20), (3, 30)")
	}
	balances := func() string {
		var out []string
		for _, r := range queryRows(t, db, "SELECT bal FROM d.acct ORDER BY id") {
			out = append(out, r[0])
		}
		return strings.Join(out, ",")
	}

	reset()
	mustExec(t, db, "UPDATE d.acct SET bal = bal--5 WHERE id = 1")
	if got := balances(); got != "15,20,30" {
		t.Errorf("text protocol: balances after bal--5 on row 1: %s, want 15,20,30", got)
	}
	reset()
	if _, err := db.Exec("UPDATE d.acct SET bal = bal--? WHERE id = ?", 5, 2); err != nil {
		t.Fatal(err)
	}
	if got := balances(); got != "10,25,30" {
		t.Errorf("prepared: balances after bal--? on row 2: %s, want 10,25,30", got)
	}
	reset()
	mustExec(t, db, "UPDATE d.acct SET bal = bal -- comment\n+1 WHERE id = 3")
	if got := balances(); got != "10,20,31" {
		t.Errorf("after a real -- comment: %s, want 10,20,31", got)
	}

	for _, c := range []struct{ q, want string }{
		{"SELECT 1--1", "2"},
		{"SELECT 1---1", "0"},
		{"SELECT 1 --\t1", "1"},
		{"SELECT 2--", "2"},
		{"SELECT '--1'--1", "1"},
		{"SELECT 1 # x--1\n--1", "2"},
		{"SELECT 1 /*!50000 --1 */", "2"},
		{"SELECT 1 /*!80033 +1 */", "2"},
		{"SELECT 1 /*!80034 +1 */", "1"}, // newer than the server: a comment
		{"SELECT 1 /*!99999 +1--1 */--1", "2"},
		{"SELECT 1 /*! +1 */", "2"},
	} {
		if got := queryRows(t, db, c.q); got[0][0] != c.want {
			t.Errorf("%q = %s, want %s", c.q, got[0][0], c.want)
		}
		var got string
		stmt, err := db.Prepare(c.q)
		if err == nil {
			err = stmt.QueryRow().Scan(&got)
			stmt.Close()
		}
		if err != nil || got != c.want {
			t.Errorf("prepared %q = %s (%v), want %s", c.q, got, err, c.want)
		}
	}
	// MySQL has no // comment.
	for _, q := range []string{"SELECT 4//2", "SELECT 4 // 2"} {
		_, err := db.Exec(q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1064 {
			t.Errorf("%q: %v, want error 1064", q, err)
		}
		if _, err := db.Prepare(q); !errors.As(err, &me) || me.Number != 1064 {
			t.Errorf("prepared %q: %v, want error 1064", q, err)
		}
	}
	// A prepared statement the library could not parse before the text was
	// corrected ("--1" read as a comment) is corrected in the packet by the
	// wire guard, so it answers as MySQL does.
	var two string
	if err := db.QueryRow("SELECT (1--1) + ?", 0).Scan(&two); err != nil || two != "2" {
		t.Errorf("prepared SELECT (1--1) + ?: %q %v, want 2", two, err)
	}
	// Any syntax error in a prepared statement is MySQL's 1064 (the
	// library's own parse answered 1105).
	_, err := db.Prepare("SELEC 1")
	var me *mysql.MySQLError
	if want := syntaxPrefix + " near 'SELEC 1' at line 1"; !errors.As(err, &me) || me.Number != 1064 || me.Message != want {
		t.Errorf("prepared SELEC 1: %v, want 1064 %q", err, want)
	}
	if got := queryRows(t, db, "SELECT (1--1)"); got[0][0] != "2" {
		t.Errorf("SELECT (1--1) = %s, want 2", got[0][0])
	}
}

// TestVersionID keeps the version versioned comments are compared with in
// step with the one clients are told.
func TestVersionID(t *testing.T) {
	var a, b, c int
	if _, err := fmt.Sscanf(ServerVersion, "%d.%d.%d", &a, &b, &c); err != nil {
		t.Fatal(err)
	}
	if got := a*10000 + b*100 + c; got != versionID {
		t.Fatalf("versionID %d, ServerVersion %s", versionID, ServerVersion)
	}
}

// TestManyParameters: MySQL accepts up to 65,535 placeholders in a prepared
// statement and refuses more with 1390, and so does Myriad (above 65,528 the
// wire guard decodes the executions, see libMaxParams); the connection
// survives either way.
func TestManyParameters(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO d.t VALUES (1), (7), (65528)")
	in := func(n int) (string, []any) {
		args := make([]any, n)
		for i := range args {
			args[i] = i + 1
		}
		return "SELECT id FROM d.t WHERE id + 0 IN (?" + strings.Repeat(",?", n-1) + ") ORDER BY id", args
	}
	for _, n := range []int{libMaxParams, libMaxParams + 1, maxParams} {
		q, args := in(n)
		rows := 0
		r, err := db.Query(q, args...)
		if err != nil {
			t.Fatalf("%d parameters: %v", n, err)
		}
		for r.Next() {
			rows++
		}
		if err := r.Err(); err != nil || rows != 3 {
			t.Fatalf("%d parameters: %d rows, %v; want 3", n, rows, err)
		}
		r.Close()
	}

	for _, n := range []int{maxParams + 1, 65536 + 7} {
		q, args := in(n)
		_, err := db.Query(q, args...)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1390 {
			t.Fatalf("%d parameters: %v, want error 1390", n, err)
		}
	}
	if got := queryRows(t, db, "SELECT COUNT(*) FROM d.t"); got[0][0] != "3" {
		t.Fatalf("after 1390: %v", got)
	}
}

// TestIntervalNull: an INTERVAL whose value is NULL makes the date
// arithmetic NULL in MySQL, whichever the unit, operator or function.
func TestIntervalNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "multiStatements=true")
	var exprs []string
	for _, unit := range []string{"MICROSECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "QUARTER", "YEAR"} {
		exprs = append(exprs,
			"DATE('2020-01-01') - INTERVAL NULL "+unit,
			"DATE('2020-01-01') + INTERVAL NULL "+unit,
			"INTERVAL NULL "+unit+" + DATE('2020-01-01')",
			"TIMESTAMP('2020-01-01 10:00:00') - INTERVAL NULL "+unit,
			"DATE_ADD('2020-01-01', INTERVAL NULL "+unit+")",
			"DATE_SUB('2020-01-01', INTERVAL NULL "+unit+")",
		)
	}
	exprs = append(exprs, "(SELECT DATE('2020-01-01') - INTERVAL NULL DAY)", "DATE('2020-01-01') - INTERVAL (SELECT NULL) DAY")
	for _, e := range exprs {
		if got := queryRows(t, db, "SELECT "+e); got[0][0] != "NULL" {
			t.Errorf("%s = %s, want NULL", e, got[0][0])
		}
	}
	var got sql.NullString
	if err := db.QueryRow("SELECT DATE('2020-01-01') - INTERVAL ? DAY", nil).Scan(&got); err != nil || got.Valid {
		t.Errorf("prepared INTERVAL ? DAY with NULL: %v %v, want NULL", got, err)
	}
	// Non-NULL intervals are untouched. (With a DATE operand and a date-only
	// unit MySQL's result is a DATE; GMS answers a DATETIME, not fixed here.)
	if got := queryRows(t, db, "SELECT TIMESTAMP('2020-01-01') - INTERVAL 1 DAY, TIMESTAMP('2020-01-01') + INTERVAL 1 MONTH, INTERVAL 2 HOUR + TIMESTAMP('2020-01-01')"); fmt.Sprint(got[0]) != "[2019-12-31 00:00:00 2020-02-01 00:00:00 2020-01-01 02:00:00]" {
		t.Errorf("non-NULL intervals: %v", got[0])
	}
}

// TestPlanAsName: PLAN is not reserved in MySQL; a column (or table) named
// plan works in DDL, the text protocol and prepared statements (whose text
// the protocol library parses before any handler: the wire guard rewrites
// the packet, see blankPrepareLocking).
func TestPlanAsName(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connectWith("d", "interpolateParams=true")
	mustExec(t, db, "CREATE TABLE plan (id INT PRIMARY KEY, plan VARCHAR(10), KEY (plan))")
	mustExec(t, db, "INSERT INTO plan (id, plan) VALUES (1, 'pro'), (2, 'free')")
	mustExec(t, db, "UPDATE plan SET plan = ? WHERE plan = ?", "team", "free")
	wantRows(t, db, "SELECT plan.id, Plan FROM plan WHERE plan > 'a' ORDER BY plan", "1,pro", "2,team")
	var got string
	if err := db.QueryRow("SELECT plan FROM plan WHERE id = ?", 2).Scan(&got); err != nil || got != "team" {
		t.Fatalf("client-side parameters: %q %v", got, err)
	}
	prep := ts.connect("d")
	if err := prep.QueryRow("SELECT plan FROM plan WHERE id = ?", 2).Scan(&got); err != nil || got != "team" {
		t.Fatalf("prepared: %q %v", got, err)
	}
	long := "SELECT plan FROM plan WHERE id = ? AND plan <> '" + strings.Repeat("x", 40000) + "'"
	if err := prep.QueryRow(long, 1).Scan(&got); err != nil || got != "pro" {
		t.Fatalf("prepared, 40 KB text: %q %v", got, err)
	}
	if _, err := prep.Exec("UPDATE plan SET plan = ? WHERE plan = ? -- plan", "free", "team"); err != nil {
		t.Fatal(err)
	}
	if err := prep.QueryRow("SELECT /* plan */ plan FROM plan WHERE id = ?", 2).Scan(&got); err != nil || got != "free" {
		t.Fatalf("prepared after UPDATE: %q %v", got, err)
	}
	if rows := queryRows(t, db, "EXPLAIN FORMAT=TREE PLAN SELECT plan FROM plan WHERE id = 1"); len(rows) == 0 {
		t.Fatal("EXPLAIN ... PLAN printed nothing")
	}
}
