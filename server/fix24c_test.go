package server

import (
	"database/sql"
	"strings"
	"testing"
)

// ctasColumns is information_schema.COLUMNS.COLUMN_TYPE of each column of
// db.table, "name type" joined by ", " in column order.
func ctasColumns(t *testing.T, db *sql.DB, schema, table string) string {
	t.Helper()
	var out []string
	for _, r := range queryRows(t, db, "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", schema, table) {
		out = append(out, r[0]+" "+r[1])
	}
	return strings.Join(out, ", ")
}

// TestFix24cCTASTypedLiterals: CREATE TABLE ... SELECT of a typed temporal
// literal makes MySQL's DATE, TIME(n) and DATETIME(n) column; the passes
// left the CREATE statement's literals plain strings (a LONGTEXT column).
// CAST(x AS TIME(2)) makes TIME(2) (was TIME(6), printing six digits), and
// arithmetic with NULL is DOUBLE (MySQL's Item_num_op reads NULL as REAL;
// it was DECIMAL(2,1)).
func TestFix24cCTASTypedLiterals(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.l AS SELECT DATE '2024-01-02' AS d, TIME '10:11:12.5' AS t, TIMESTAMP '2024-01-02 03:04:05' AS ts")
	if got, want := ctasColumns(t, db, "c24", "l"), "d date, t time(1), ts datetime"; got != want {
		t.Errorf("typed literals: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.tm AS SELECT CAST('10:00:00.123' AS TIME(2)) AS t, 2.5 - NULL AS x, NULL * 2 AS y, 2.5 / NULL AS z")
	if got, want := ctasColumns(t, db, "c24", "tm"), "t time(2), x double, y double, z double"; got != want {
		t.Errorf("CAST and NULL arithmetic: got %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT t FROM c24.tm")[0][0]; got != "10:00:00.12" {
		t.Errorf("TIME(2) value: got %q, want 10:00:00.12", got)
	}
	// The literal in a column definition's default stays as written.
	mustExec(t, db, "CREATE TABLE c24.df (d DATE DEFAULT (DATE '2024-01-02'))")
	mustExec(t, db, "INSERT INTO c24.df VALUES ()")
	if got := queryRows(t, db, "SELECT d FROM c24.df")[0][0]; got != "2024-01-02" {
		t.Errorf("default: got %q", got)
	}
}

// TestFix24cCTASAttributes: a CREATE TABLE ... SELECT column copied from a
// DECIMAL/FLOAT/DOUBLE UNSIGNED, a FLOAT(M,D) or an integer ZEROFILL column
// keeps the attribute (MySQL copies the column's Field); the copy was a
// signed column that took negative values, or a plain `int unsigned`.
func TestFix24cCTASAttributes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.u (d DECIMAL(6,2) UNSIGNED, f FLOAT UNSIGNED, f2 FLOAT(7,3), db DOUBLE UNSIGNED, z INT(5) ZEROFILL, i INT)")
	mustExec(t, db, "INSERT INTO c24.u VALUES (1.5, 2.5, 3.25, 4.5, 42, 7)")
	mustExec(t, db, "CREATE TABLE c24.a AS SELECT d, f, f2, db, z, i FROM c24.u")
	want := "d decimal(6,2) unsigned, f float unsigned, f2 float(7,3), db double unsigned, z int(5) unsigned zerofill, i int"
	if got := ctasColumns(t, db, "c24", "a"); got != want {
		t.Errorf("columns: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.b AS SELECT x.d AS dd, x.z AS zz FROM c24.u x WHERE x.i > 0")
	if got, want := ctasColumns(t, db, "c24", "b"), "dd decimal(6,2) unsigned, zz int(5) unsigned zerofill"; got != want {
		t.Errorf("aliases: got %q, want %q", got, want)
	}
	_, err := db.Exec("INSERT INTO c24.a (d) VALUES (-1)")
	if mysqlErrNo(err) != 1264 {
		t.Errorf("negative into the UNSIGNED copy: got %v, want 1264", err)
	}
}

// TestFix24cCTASUnionStrings: a UNION column (top level or a derived
// table's, read by name) of strings beside numbers makes MySQL's
// VARCHAR(n), n the longest side in characters; GMS made LONGTEXT, or the
// derived table's first side's TINYINT, which stored the '1.0' row as 1.
// TRIM/LTRIM/RTRIM of a string make VARCHAR of its length (were LONGTEXT).
func TestFix24cCTASUnionStrings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.n (i INT, v VARCHAR(10))")
	mustExec(t, db, "INSERT INTO c24.n VALUES (9, ' ab ')")
	mustExec(t, db, "CREATE TABLE c24.d AS SELECT c FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d")
	if got, want := ctasColumns(t, db, "c24", "d"), "c varchar(3)"; got != want {
		t.Errorf("derived union: got %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT c FROM c24.d ORDER BY c"); len(got) != 2 || got[1][0] != "1.0" {
		t.Errorf("derived union rows: got %q, want 1, 1.0", got)
	}
	mustExec(t, db, "CREATE TABLE c24.u AS SELECT 'ab' AS c UNION SELECT 1")
	if got, want := ctasColumns(t, db, "c24", "u"), "c varchar(2)"; got != want {
		t.Errorf("union: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.u3 AS SELECT i AS c FROM c24.n UNION ALL SELECT 'x' UNION ALL SELECT 2.50")
	if got, want := ctasColumns(t, db, "c24", "u3"), "c varchar(11)"; got != want {
		t.Errorf("three sides: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.un AS SELECT c FROM (SELECT 'a' AS c UNION SELECT NULL UNION SELECT 7) d ORDER BY c")
	if got, want := ctasColumns(t, db, "c24", "un"), "c varchar(1)"; got != want {
		t.Errorf("with NULL: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.tr AS SELECT TRIM('  ab ') AS t, LTRIM(' a') AS l, RTRIM(v) AS r FROM c24.n")
	if got, want := ctasColumns(t, db, "c24", "tr"), "t varchar(5), l varchar(2), r varchar(10)"; got != want {
		t.Errorf("TRIM: got %q, want %q", got, want)
	}
}

// TestFix24cTimestampUnion: TIMESTAMP(2) UNION TIMESTAMP(6) is a
// TIMESTAMP(6) column printing six digits (MySQL); GMS joined the types to
// LONGTEXT, a BLOB printing `.12` beside `.123456`.
func TestFix24cTimestampUnion(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.s (a TIMESTAMP(2) NULL, b TIMESTAMP(6) NULL)")
	mustExec(t, db, "INSERT INTO c24.s VALUES ('2024-01-01 11:00:00.12', '2024-01-01 11:00:00.123456')")
	rows, err := db.Query("SELECT a FROM c24.s UNION ALL SELECT b FROM c24.s")
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	rows.Close()
	if name := cts[0].DatabaseTypeName(); name != "TIMESTAMP" {
		t.Errorf("type: got %s, want TIMESTAMP", name)
	}
	if want := "2024-01-01 11:00:00.120000 2024-01-01 11:00:00.123456"; strings.Join(got, " ") != want {
		t.Errorf("rows: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE c24.u AS SELECT a FROM c24.s UNION ALL SELECT b FROM c24.s")
	if got, want := ctasColumns(t, db, "c24", "u"), "a timestamp(6)"; got != want {
		t.Errorf("CTAS: got %q, want %q", got, want)
	}
}

// TestFix24cLagDefaultType: LAG/LEAD(e, n, default) are typed from e and
// the default together (MySQL's Item_lead_lag): `LAG(id, 1, 'x')` was a
// BIGINT column holding 'x', which go-sql-driver failed to scan into an
// int64 and typed clients misread; an INT beside a DECIMAL default is a
// DECIMAL (the default printed rounded before).
func TestFix24cLagDefaultType(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.j (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO c24.j VALUES (1), (2), (3)")
	rows, err := db.Query("SELECT LAG(id, 1, 'x') OVER (ORDER BY id), LAG(id, 1, 1.5) OVER (ORDER BY id) FROM c24.j ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	var got []string
	for rows.Next() {
		var a, b string
		if err := rows.Scan(&a, &b); err != nil {
			t.Fatal(err)
		}
		got = append(got, a+"/"+b)
	}
	rows.Close()
	if a, b := cts[0].DatabaseTypeName(), cts[1].DatabaseTypeName(); a != "VARCHAR" || b != "DECIMAL" {
		t.Errorf("types: got %s %s, want VARCHAR DECIMAL", a, b)
	}
	if want := "x/1.5 1/1.0 2/2.0"; strings.Join(got, " ") != want {
		t.Errorf("rows: got %q, want %q", strings.Join(got, " "), want)
	}
}

// TestFix24cEnumUnionNull: an ENUM column beside NULL in a UNION keeps the
// ENUM (MySQL 8.0's Item_aggregate_type keeps the typelib and its result
// table holds a Field_enum, sent as MYSQL_TYPE_STRING with the ENUM flag;
// fix26a); GMS's was LONGTEXT, a BLOB on the wire, and fix24c's VARCHAR.
func TestFix24cEnumUnionNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE c24")
	mustExec(t, db, "CREATE TABLE c24.e (e ENUM('x','yy'))")
	mustExec(t, db, "INSERT INTO c24.e VALUES ('yy')")
	for _, q := range []string{"SELECT e FROM c24.e UNION ALL SELECT NULL", "SELECT NULL UNION ALL SELECT e FROM c24.e"} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cts, _ := rows.ColumnTypes()
		var got []string
		for rows.Next() {
			var s sql.NullString
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			got = append(got, s.String)
		}
		rows.Close()
		if name := cts[0].DatabaseTypeName(); name != "ENUM" {
			t.Errorf("%s: type %s, want ENUM", q, name)
		}
		if strings.Join(got, ",") != "yy," && strings.Join(got, ",") != ",yy" {
			t.Errorf("%s: rows %q", q, got)
		}
	}
}
