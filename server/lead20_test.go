package server

import (
	"strings"
	"testing"
)

// TestODBCZeroDateIsNull: MySQL's ODBC rule. For a DATE or DATETIME column
// declared NOT NULL, `col IS NULL` in a WHERE (and ISNULL(col)) finds the
// rows holding the zero date, in SELECT, UPDATE and DELETE alike, through an
// index too; elsewhere (select list, NOT, IF) it stays a plain IS NULL.
// GMS found no row, so an UPDATE ... WHERE d IS NULL changed nothing.
func TestODBCZeroDateIsNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE zn")
	mustExec(t, db, "CREATE TABLE zn.t (id INT PRIMARY KEY, d DATE NOT NULL, dt DATETIME NOT NULL, n DATE NULL, KEY (d))")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO zn.t VALUES (1, '0000-00-00', '0000-00-00 00:00:00', NULL), (2, '2024-01-01', '2024-01-01 00:00:00', '0000-00-00'), (3, '2024-02-02', '0000-00-00 00:00:00', NULL)")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE d IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t FORCE INDEX (d) WHERE d IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE dt IS NULL OR id = 2", want: "1,2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE ISNULL(d) AND dt IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE n IS NULL", want: "1,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE id IN (SELECT id FROM zn.t WHERE d IS NULL)", want: "1"},
		{q: "SELECT GROUP_CONCAT(d IS NULL ORDER BY id), COUNT(*) FROM zn.t WHERE NOT (d IS NULL)", want: "0,0,0 | 3"},
		{q: "SELECT COUNT(*) FROM zn.t WHERE IF(d IS NULL, 1, 0)", want: "0"},
	})
	res, err := db.Exec("UPDATE zn.t SET n = '2020-01-01' WHERE dt IS NULL")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 2 {
		t.Fatalf("UPDATE ... WHERE dt IS NULL changed %d rows, want 2", n)
	}
	res, err = db.Exec("DELETE FROM zn.t WHERE d IS NULL")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("DELETE ... WHERE d IS NULL deleted %d rows, want 1", n)
	}
}

// TestStringIntervalValue: a string interval value of DAY, HOUR, MONTH ...
// is MySQL's val_int of it, the integer at its start. GMS rounded it as a
// number ('1.5' DAY added two days, '-1.5' DAY took two) and failed '2abc'
// DAY with 1366 where MySQL adds two days and warns 1292.
func TestStringIntervalValue(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT DATE_ADD('2024-01-01', INTERVAL '1.5' DAY), DATE_ADD('2024-01-01', INTERVAL '-1.5' DAY), DATE_ADD('2024-01-01', INTERVAL '1e2' DAY)",
			want: "2024-01-02 | 2023-12-31 | 2024-01-02", warn: 1292},
		{q: "SELECT DATE_ADD('2024-01-01', INTERVAL '1.9' HOUR), ADDDATE('2024-01-01', '1.5'), TIMESTAMPADD(MONTH, '1.5', '2024-01-01'), DATE_ADD('2024-01-01', INTERVAL '1.5' SECOND)",
			want: "2024-01-01 01:00:00 | 2024-01-02 | 2024-02-01 | 2024-01-01 00:00:01.500000", warn: 1292},
	})
	conn := pinnedConn(t, db)
	var got string
	if err := conn.QueryRowContext(t.Context(), "SELECT DATE_ADD('2024-01-01', INTERVAL '2abc' DAY)").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != "2024-01-03" {
		t.Fatalf("'2abc' DAY: got %s, want 2024-01-03", got)
	}
	var level, msg string
	var code int
	if err := conn.QueryRowContext(t.Context(), "SHOW WARNINGS").Scan(&level, &code, &msg); err != nil {
		t.Fatal(err)
	}
	if code != 1292 || msg != "Truncated incorrect INTEGER value: '2abc'" {
		t.Fatalf("warning %d %q, want 1292 Truncated incorrect INTEGER value: '2abc'", code, msg)
	}
}

// TestColumnKeyFirstPartOnly: information_schema.COLUMNS.COLUMN_KEY is UNI
// or MUL only for the first column of an index, as MySQL's table.cc flags
// it (Django and SQLAlchemy read it). GMS marked every column of a
// non-unique index MUL.
func TestColumnKeyFirstPartOnly(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE ck")
	mustExec(t, db, "CREATE TABLE ck.t (a INT, b INT, c INT, d INT NOT NULL, KEY (a, b), UNIQUE KEY (c), KEY (c, a), UNIQUE KEY (d, a))")
	rows, err := db.Query("SELECT column_name, column_key FROM information_schema.columns WHERE table_schema = 'ck' AND table_name = 't' ORDER BY ordinal_position")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var n, k string
		if err := rows.Scan(&n, &k); err != nil {
			t.Fatal(err)
		}
		got = append(got, n+":"+k)
	}
	if g, want := strings.Join(got, " "), "a:MUL b: c:UNI d:MUL"; g != want {
		t.Fatalf("COLUMN_KEY %s, want %s", g, want)
	}
}

// TestHourBeyondADay: HOUR of a TIME is its hours, beyond 23 and without
// the sign, as MySQL's Item_func_hour reads its argument as a TIME. GMS gave
// the time of day: HOUR('838:59:59') was 22, a TIME column's -100:00:00 20.
func TestHourBeyondADay(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE hr")
	mustExec(t, db, "CREATE TABLE hr.t (id INT PRIMARY KEY, t TIME)")
	mustExec(t, db, "INSERT INTO hr.t VALUES (1, '838:59:59'), (2, '-100:00:00'), (3, '25:00:00')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT HOUR('838:59:59'), HOUR('-100:00:00'), HOUR('1 10:00:00'), HOUR('2024-01-01 10:00:00'), HOUR(103000)",
			want: "838 | 100 | 34 | 10 | 10"},
		{q: "SELECT GROUP_CONCAT(HOUR(t) ORDER BY id) FROM hr.t", want: "838,100,25"},
	})
}

// TestNestedUnionDecimalText: a UNION chain whose first UNION is DECIMAL and
// a later arm a string printed the decimals with 30 digits (the outer
// conversion to text formatted them with the inner UNION's first type,
// DECIMAL(65,30)).
func TestNestedUnionDecimalText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(x ORDER BY x) FROM (SELECT 1.25 x UNION SELECT 2.50 UNION SELECT 'a') d", want: "1.25,2.50,a"},
		{q: "SELECT GROUP_CONCAT(x ORDER BY x) FROM (SELECT CAST(1.5 AS DECIMAL(3,1)) x UNION ALL SELECT 2.5 UNION ALL SELECT 'b') d", want: "1.5,2.5,b"},
	})
}

// TestStringInNumbersWithNull: `s IN (1.00, NULL)` compares the string
// with the numbers as DOUBLE, as `s IN (1.00)` does (MySQL leaves NULL
// elements out of the comparison type). GMS compared strings and used an
// index range of '1.00': no row for '1' and '1.0' (found by TestOracles).
func TestStringInNumbersWithNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE si")
	mustExec(t, db, "CREATE TABLE si.t (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, KEY (c))")
	mustExec(t, db, "INSERT INTO si.t VALUES (1, '1'), (2, 'A'), (3, NULL), (4, '1.0'), (5, 'b')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM si.t WHERE c IN (1.00, NULL)", want: "1,4", warn: 1292},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM si.t WHERE (c IN (1, NULL)) IS NULL", want: "2,3,5", warn: 1292},
	})
}

// TestConcatOfLiteralsCollation: CONCAT of literals only has the
// connection's collation. It had utf8mb4_0900_bin, so a WHERE holding
// CONCAT of 'a' and the empty string LIKE 'A' (folded to a literal of that type) found no
// row under a case-insensitive connection, and its NOT none either (found by
// TestOracles).
func TestConcatOfLiteralsCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE cl")
	mustExec(t, db, "CREATE TABLE cl.t (id INT PRIMARY KEY, g INT)")
	mustExec(t, db, "INSERT INTO cl.t VALUES (1, 1), (2, 1), (3, 2)")
	setup := "SET NAMES utf8mb4 COLLATE utf8mb4_general_ci"
	runArithCases(t, db, setup, []arithCase{
		{q: "SELECT COUNT(*) FROM cl.t WHERE CONCAT('a', '') LIKE 'A'", want: "3"},
		{q: "SELECT COUNT(*) FROM cl.t WHERE NOT (CONCAT('a', '') LIKE 'A')", want: "0"},
		{q: "SELECT COUNT(*) FROM (SELECT g FROM cl.t GROUP BY g) d WHERE CONCAT('a', '') LIKE 'A'", want: "2"},
	})
}

// TestFloatMDRange: a FLOAT(M,D) or DOUBLE(M,D) column holds at most
// 10^(M-D) - 10^-D in magnitude, compared after rounding to D decimals:
// 1264 in strict mode, the bound with that warning without it. Myriad
// rounded to D decimals but stored 12345.679 in a FLOAT(7,3).
func TestFloatMDRange(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE fm")
	mustExec(t, db, "CREATE TABLE fm.t (id INT PRIMARY KEY, b FLOAT(7,3), d DOUBLE(10,2))")
	for _, q := range []string{
		"INSERT INTO fm.t (id, b) VALUES (1, 12345.6789)",
		"INSERT INTO fm.t (id, b) VALUES (2, 9999.9996)",
		"INSERT INTO fm.t (id, d) VALUES (3, 99999999.995)",
	} {
		if _, err := db.Exec(q); err == nil || !strings.Contains(err.Error(), "1264") {
			t.Fatalf("%s: got %v, want 1264", q, err)
		}
	}
	mustExec(t, db, "INSERT INTO fm.t (id, b, d) VALUES (4, -9999.999, 12345678.99)")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO fm.t (id, b, d) VALUES (5, 12345.6789, -1e10)")
	var b, d float64
	if err := conn.QueryRowContext(t.Context(), "SELECT b, d FROM fm.t WHERE id = 5").Scan(&b, &d); err != nil {
		t.Fatal(err)
	}
	if float32(b) != float32(9999.999) || d != -99999999.99 {
		t.Fatalf("non-strict: b %v d %v, want 9999.999 and -99999999.99", b, d)
	}
}
