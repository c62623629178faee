package server

import (
	"database/sql"
	"math"
	"reflect"
	"testing"
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
