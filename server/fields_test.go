package server

import (
	"bytes"
	"context"
	"database/sql"
	"math"
	"net"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestResultMetadata: column metadata drivers act on, as MySQL sends it,
// through go-sql-driver's text and binary protocols: BIT scans as bytes
// (binary character set), FLOAT/DOUBLE have no fixed decimals, YEAR is
// unsigned.
func TestResultMetadata(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, f FLOAT, d DOUBLE, y YEAR, b BIT(8), n DECIMAL(6,2), s VARCHAR(5))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 1.5, 2.5, 2020, b'01000010', 3.25, 'x')")
	check := func(name string, rows *sql.Rows) {
		t.Helper()
		defer rows.Close()
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]*sql.ColumnType{}
		for _, ct := range cts {
			byName[ct.Name()] = ct
		}
		for _, c := range []string{"f", "d"} {
			p, s, ok := byName[c].DecimalSize()
			if !ok || p != math.MaxInt64 || s != math.MaxInt64 {
				t.Errorf("%s: %s DecimalSize = %d, %d, %v; want not fixed (31 decimals)", name, c, p, s, ok)
			}
		}
		if p, s, ok := byName["n"].DecimalSize(); !ok || p != 6 || s != 2 {
			t.Errorf("%s: DECIMAL(6,2) DecimalSize = %d, %d, %v", name, p, s, ok)
		}
		if st := byName["b"].ScanType(); st != reflect.TypeOf([]byte{}) {
			t.Errorf("%s: BIT scan type %v, want []byte (binary character set)", name, st)
		}
		if st := byName["y"].ScanType(); st.Kind() != reflect.Struct && st.Kind() != reflect.Uint16 && st.Kind() != reflect.Uint64 {
			t.Errorf("%s: YEAR scan type %v, want an unsigned integer", name, st)
		}
		if st := byName["s"].ScanType(); st != reflect.TypeOf(sql.NullString{}) {
			t.Errorf("%s: VARCHAR scan type %v", name, st)
		}
		if !rows.Next() {
			t.Fatalf("%s: no row", name)
		}
		var f, d float64
		var y int
		var b []byte
		var n, s string
		if err := rows.Scan(&f, &d, &y, &b, &n, &s); err != nil {
			t.Fatal(err)
		}
		if f != 1.5 || d != 2.5 || y != 2020 || string(b) != "B" || n != "3.25" || s != "x" {
			t.Errorf("%s: row %v %v %v %q %v %v", name, f, d, y, b, n, s)
		}
	}
	const q = "SELECT f, d, y, b, n, s FROM t WHERE id = ?"
	rows, err := db.Query(q, 1) // binary protocol
	if err != nil {
		t.Fatal(err)
	}
	check("prepared", rows)
	text := ts.connectWith("m", "interpolateParams=true")
	rows, err = text.Query(q, 1)
	if err != nil {
		t.Fatal(err)
	}
	check("text", rows)
}

// TestSetAffectsNoRows: every SET statement reports 0 affected rows, as in
// MySQL (PyMySQL's cursor.execute returns it); statements around it keep
// their counts.
func TestSetAffectsNoRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 1), (2, 2)")
	for _, q := range []string{"SET @foo = 'bar'", "set @a = 1, @b = 2", "SET NAMES utf8mb4",
		"/* c */ SET SESSION sql_mode = DEFAULT", "SET autocommit = 1", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED"} {
		if n := rowsAffected(t, mustExec(t, db, q)); n != 0 {
			t.Errorf("%s: %d rows affected, want 0", q, n)
		}
	}
	if n := rowsAffected(t, mustExec(t, db, "UPDATE t SET v = v + 1")); n != 2 {
		t.Errorf("UPDATE ... SET: %d rows affected, want 2", n)
	}
	var v string
	if err := db.QueryRow("SELECT @foo").Scan(&v); err != nil || v != "bar" {
		t.Fatalf("SELECT @foo: %q, %v", v, err)
	}
}

// TestAliasCase: a result column's table is its alias as the statement
// spells it (go-sql-driver's columnsWithAlias names columns table.column).
func TestAliasCase(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	mustExec(t, ts.connect("m"), "CREATE TABLE users (id INT PRIMARY KEY, Users INT)")
	db := ts.connectWith("m", "columnsWithAlias=true")
	for q, want := range map[string][]string{
		"SELECT * FROM (SELECT 1 AS one) AS A":      {"A.one"},
		"SELECT id, Users FROM users AS Tx":         {"Tx.id", "Tx.Users"},
		"SELECT Users, id FROM users":               {"users.Users", "users.id"},
		"SELECT `B`.id FROM users AS `B` WHERE 1=1": {"B.id"},
	} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, err := rows.Columns()
		rows.Close()
		if err != nil || !reflect.DeepEqual(cols, want) {
			t.Errorf("%s: columns %q, want %q (%v)", q, cols, want, err)
		}
	}
}

// TestFloatScaleMetadata: FLOAT(M,D) and DOUBLE(M,D) keep their declared
// scale (go-sql-driver's TestRowsColumnTypes, float74null): the field's
// decimals are D and its length M in both protocols, values are stored
// rounded to D decimals and printed with D digits in the text protocol, SHOW
// CREATE TABLE prints the declaration, and the scale survives a restart (it
// is in the catalog record), ALTER TABLE ADD/MODIFY COLUMN, and is dropped
// by MODIFY to a plain FLOAT.
func TestFloatScaleMetadata(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a FLOAT(7,4), b DOUBLE(10,2), c FLOAT, d DOUBLE, e REAL(6,1), h FLOAT(30,2))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 13.37, 1234.5678, 1.5, 2.25, 3.14159, 1.25)")
	type want struct {
		scale, length int64
	}
	wants := map[string]want{"a": {4, 7}, "b": {2, 10}, "c": {math.MaxInt64, 12}, "d": {math.MaxInt64, 22}, "e": {1, 6}, "h": {2, 30}}
	check := func(name string, db *sql.DB, q string) {
		t.Helper()
		rows, err := db.Query(q, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		for _, ct := range cts {
			w := wants[ct.Name()]
			p, s, ok := ct.DecimalSize()
			if !ok || p != math.MaxInt64 || s != w.scale {
				t.Errorf("%s: %s DecimalSize = %d, %d, %v; want scale %d", name, ct.Name(), p, s, ok, w.scale)
			}
		}
		if !rows.Next() {
			t.Fatalf("%s: no row", name)
		}
		var a, b, c, d, e, h string
		if err := rows.Scan(&a, &b, &c, &d, &e, &h); err != nil {
			t.Fatal(err)
		}
		// The driver parses floats in both protocols: the values as
		// stored, rounded to D decimals.
		got := []string{a, b, c, d, e, h}
		if want := []string{"13.37", "1234.57", "1.5", "2.25", "3.1", "1.25"}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: values %q, want %q", name, got, want)
		}
	}
	const q = "SELECT a, b, c, d, e, h FROM t WHERE id = ?"
	check("prepared", db, q)
	check("text", ts.connectWith("m", "interpolateParams=true"), q)

	// The text as sent (the mariadb CLI prints it unparsed).
	if got, want := cliRun(t, ts, "m", "SELECT a, b, c, d, e, h FROM t; SELECT a, b FROM t WHERE id = 1"),
		"13.3700\t1234.57\t1.5\t2.25\t3.1\t1.25\n13.3700\t1234.57\n"; got != want {
		t.Errorf("text protocol:\n%q want\n%q", got, want)
	}

	// Column lengths, as PyMySQL's description reports them.
	out := pyRun(t, ts, "m", `cur.execute("SELECT a, b, c, d, e, h FROM t")
for d in cur.description: print(d[0], d[3], d[5])`)
	if want := "a 7 4\nb 10 2\nc 12 31\nd 22 31\ne 6 1\nh 30 2\n"; out != want {
		t.Errorf("PyMySQL description:\n%s want\n%s", out, want)
	}

	var tbl, create string
	if err := db.QueryRow("SHOW CREATE TABLE t").Scan(&tbl, &create); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"`a` float(7,4)", "`b` double(10,2)", "`c` float", "`e` double(6,1)", "`h` float(30,2)"} {
		if !strings.Contains(create, "  "+line+",") && !strings.Contains(create, "  "+line+" ") {
			t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", line, create)
		}
	}

	mustExec(t, db, "ALTER TABLE t ADD COLUMN x DOUBLE(8,3), MODIFY COLUMN a FLOAT")
	mustExec(t, db, "UPDATE t SET x = 2.71828 WHERE id = 1")
	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("m")
	rows := queryRows(t, db, "SELECT x, b FROM t")
	if len(rows) != 1 || rows[0][0] != "2.718" || rows[0][1] != "1234.57" {
		t.Errorf("after restart: %v, want [2.718 1234.57]", rows)
	}
	out = pyRun(t, ts, "m", `cur.execute("SELECT a, x FROM t")
for d in cur.description: print(d[0], d[3], d[5])`)
	if want := "a 12 31\nx 8 3\n"; out != want {
		t.Errorf("after ALTER and restart:\n%s want\n%s", out, want)
	}
}

// pyRun runs body under PyMySQL (/usr/bin/python3, or $MYRIAD_PYTHON) with
// cur a cursor on database db of ts, and returns what it printed.
func pyRun(t *testing.T, ts *testServer, db, body string) string {
	t.Helper()
	python := "/usr/bin/python3"
	if p := os.Getenv("MYRIAD_PYTHON"); p != "" {
		python = p
	}
	_, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	prog := "import pymysql\nc = pymysql.connect(host='127.0.0.1', port=" + port + ", user='root', db='" + db + "')\ncur = c.cursor()\n" + body + "\n"
	cmd := exec.CommandContext(ctx, python, "-c", prog)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("python: %v\n%s%s", err, out.String(), errOut.String())
	}
	return out.String()
}

// cliRun runs statements with the mariadb CLI (batch mode, no column
// names) on database db of ts and returns its output.
func cliRun(t *testing.T, ts *testServer, db, stmts string) string {
	t.Helper()
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "mariadb", "--no-defaults", "--protocol=tcp", "-h"+host, "-P"+port, "-uroot",
		"--batch", "--skip-column-names", "-D"+db, "-e", stmts)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("mariadb: %v\n%s%s", err, out.String(), errOut.String())
	}
	return out.String()
}

// TestFloatScaleThroughExpressions: a FLOAT(M,D)/DOUBLE(M,D) column selected
// under an alias or through a table alias, and expressions and aggregates
// over one, report the decimals MariaDB 10.11 reports for them (compared
// with PyMySQL's cursor.description on the same table), in both protocols
// and on a plan-cache hit, and the text protocol prints that many digits;
// what does not follow from declared scales keeps 31.
func TestFloatScaleThroughExpressions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	mustExec(t, db, "CREATE TABLE f (id INT PRIMARY KEY, a FLOAT(7,4), b DOUBLE(10,2), c FLOAT, k INT)")
	mustExec(t, db, "INSERT INTO f VALUES (1, 13.37, 2.5, 1.5, 1), (2, 1.1, 3.25, 2.5, 1)")
	const q = "SELECT a AS x, t.b, a+1, b*2, -a, ABS(a), a/2, ROUND(a,1), COALESCE(a,b), a+c, c FROM f t WHERE id = ?"
	wantScale := []int64{4, 2, 4, 2, 4, 4, 8, 1, 4, math.MaxInt64, math.MaxInt64}
	check := func(name string, db *sql.DB, q string, want []int64) {
		t.Helper()
		rows, err := db.Query(q, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, ct := range cts {
			_, s, _ := ct.DecimalSize()
			got = append(got, s)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s scales %v, want %v", name, q, got, want)
		}
	}
	for round := 0; round < 3; round++ { // later rounds from the plan cache
		check("prepared", db, q, wantScale)
		check("text", ts.connectWith("m", "interpolateParams=true"), q, wantScale)
	}
	const agg = "SELECT SUM(a), MIN(a), MAX(b), AVG(a), AVG(b) FROM f WHERE k = ?"
	check("aggregates", db, agg, []int64{4, 4, 2, 8, 6})
	check("aggregates, text", ts.connectWith("m", "interpolateParams=true"), agg, []int64{4, 4, 2, 8, 6})

	// The text as MariaDB 10.11 prints it for the same statements: D digits.
	if got, want := cliRun(t, ts, "m", "SELECT a AS x, f.a, a+1, SUM(a), AVG(a) FROM f WHERE id = 1 GROUP BY id, a; SELECT b*2, ROUND(a,1) FROM f t WHERE t.id = 1"),
		"13.3700\t13.3700\t14.3700\t13.3700\t13.36999989\n5.00\t13.4\n"; got != want {
		t.Errorf("text protocol:\n%q want\n%q", got, want)
	}
	// Lengths: the column's M under an alias; an expression's stays GMS's.
	out := pyRun(t, ts, "m", `cur.execute("SELECT a AS x, t.b FROM f t")
for d in cur.description: print(d[0], d[3], d[5])`)
	if want := "x 7 4\nb 10 2\n"; out != want {
		t.Errorf("PyMySQL description:\n%s want\n%s", out, want)
	}
}
