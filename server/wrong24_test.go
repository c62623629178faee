package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestKeylessMultiTableDeleteCount: a DELETE with explicit targets counts
// the identical rows of a keyless table one by one, as MySQL does; wrong22's
// count deduped them by content (two identical rows deleted counted 1).
func TestKeylessMultiTableDeleteCount(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	mustExec(t, conn, "CREATE DATABASE w24")
	mustExec(t, conn, "USE w24")
	left := "SELECT (SELECT COUNT(*) FROM p), (SELECT COUNT(*) FROM c)"
	for _, c := range []struct {
		p, c string // rows of p (id) and c (pid), both keyless
		del  string
		want int64
		rest string
	}{
		// Two identical rows of p, one row of c: 2 + 1.
		{p: "(1), (1), (2)", c: "(1), (2)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3, rest: "1 1"},
		// One row of p joined to two identical rows of c: 1 + 2.
		{p: "(1), (2)", c: "(1), (1), (2)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3, rest: "1 1"},
		// Two identical rows of p, each joined to two identical rows of c.
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2, rest: "1 2"},
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE p, c FROM p JOIN c ON c.pid = p.id", want: 4, rest: "1 0"},
		{p: "(1), (1), (2)", c: "(1), (1)", del: "DELETE c FROM p JOIN c ON c.pid = p.id", want: 2, rest: "3 0"},
		// Distinct rows still count once each, however often they are joined.
		{p: "(1), (2)", c: "(1), (1), (2)", del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2, rest: "0 3"},
	} {
		mustExec(t, conn, "DROP TABLE IF EXISTS c, p")
		mustExec(t, conn, "CREATE TABLE p (id INT)")
		mustExec(t, conn, "CREATE TABLE c (pid INT)")
		mustExec(t, conn, "INSERT INTO p VALUES "+c.p)
		mustExec(t, conn, "INSERT INTO c VALUES "+c.c)
		res, err := conn.ExecContext(ctx, c.del)
		if err != nil {
			t.Fatalf("%s: %v", c.del, err)
		}
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("p %s, c %s: %s: %d rows affected, want %d", c.p, c.c, c.del, n, c.want)
		}
		var rc int64
		if err := conn.QueryRowContext(ctx, "SELECT ROW_COUNT()").Scan(&rc); err != nil || rc != c.want {
			t.Errorf("p %s, c %s: %s: ROW_COUNT() = %d (%v), want %d", c.p, c.c, c.del, rc, err, c.want)
		}
		rows, err := conn.QueryContext(ctx, left)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.rest {
			t.Errorf("p %s, c %s: %s: left %s, want %s", c.p, c.c, c.del, got, c.rest)
		}
	}
}

// TestStringFunctionsDecimalDatetimeText: every string function reads a
// DECIMAL argument at its type's scale (AVG keeps 9-digit words inside) and
// a DATETIME(n)/DATE as MySQL prints it (n digits of fraction, trailing
// zeros kept; a DATE without a time of day). wrong22 fixed CONCAT and CAST
// AS CHAR only: CONCAT_WS(',', AVG(x)) was 1.500000000, LENGTH(dt6) 21 for
// '.100000', QUOTE(dt6) '....1', SUBSTRING(AVG(x), 1) failed with 1105 and
// SUBSTRING(dt6, 12) with 1292. Both protocols.
func TestStringFunctionsDecimalDatetimeText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	mustExec(t, conn, "CREATE DATABASE w24")
	mustExec(t, conn, "USE w24")
	mustExec(t, conn, "CREATE TABLE ct (id INT PRIMARY KEY, x INT, d DECIMAL(10,2), dt DATETIME(6), d3 DATETIME(3), dd DATE)")
	mustExec(t, conn, "INSERT INTO ct VALUES (1, 1, 1.10, '2024-01-01 00:00:00.100000', '2024-01-01 00:00:00.120', '2024-01-01'), "+
		"(2, 2, 2.25, '2024-01-01 00:00:01', '2024-01-01 00:00:01', '2024-01-02')")
	for _, c := range []struct{ expr, want string }{
		{"CONCAT_WS(',', AVG(x), AVG(d))", "1.5000,1.675000"},
		{"LENGTH(AVG(x))", "6"},
		{"CHAR_LENGTH(AVG(d))", "8"},
		{"SUBSTRING(AVG(x), 1, 10)", "1.5000"},
		{"LEFT(AVG(x), 3)", "1.5"},
		{"REPLACE(AVG(x), '.', ',')", "1,5000"},
		{"LPAD(AVG(x), 8, '*')", "**1.5000"},
		{"UPPER(AVG(x))", "1.5000"},
		{"REVERSE(AVG(x))", "0005.1"},
		{"AVG(x) LIKE '1.5000'", "1"},
		{"QUOTE(AVG(x))", "'1.5000'"},
		{"REGEXP_REPLACE(AVG(x), '0', 'z')", "1.5zzz"},
		{"COALESCE(AVG(x), 'a')", "1.5000"},
		{"LOCATE('0', AVG(x))", "4"},
		{"MD5(AVG(x))", "d9c4ece50a350b635f648fac5a076f82"},
		// Numbers where the function wants one: HEX of a number is its
		// hexadecimal, a length is the number's value.
		{"HEX(AVG(x))", "2"},
		{"LPAD('a', AVG(x) + 1, '*')", "**a"},
		{"CONCAT_WS(',', MIN(dt), MIN(d3), MIN(dd))", "2024-01-01 00:00:00.100000,2024-01-01 00:00:00.120,2024-01-01"},
		{"LENGTH(MIN(dt))", "26"},
		{"CHAR_LENGTH(MIN(d3))", "23"},
		{"SUBSTRING(MIN(dt), 12)", "00:00:00.100000"},
		{"REPLACE(MAX(dt), '-', '/')", "2024/01/01 00:00:01.000000"},
		{"RPAD(MAX(d3), 25, '*')", "2024-01-01 00:00:01.000**"},
		{"LENGTH(MIN(dd))", "10"},
		{"HEX(MIN(dd))", "323032342D30312D3031"},
		{"QUOTE(MIN(dt))", "'2024-01-01 00:00:00.100000'"},
		{"GROUP_CONCAT(dt ORDER BY dt DESC)", "2024-01-01 00:00:01.000000,2024-01-01 00:00:00.100000"},
		{"GROUP_CONCAT(d ORDER BY d DESC)", "2.25,1.10"},
		{"LENGTH(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6)))", "26"},
		{"CONCAT_WS('|', CAST('2024-01-01' AS DATE), 1/3)", "2024-01-01|0.3333"},
	} {
		q := "SELECT " + c.expr + " FROM ct"
		for _, prepared := range []bool{false, true} {
			var got sql.NullString
			var err error
			if prepared {
				err = conn.QueryRowContext(ctx, q+" WHERE id > ?", 0).Scan(&got)
			} else {
				err = conn.QueryRowContext(ctx, q).Scan(&got)
			}
			if err != nil {
				t.Errorf("%s (prepared %v): %v", q, prepared, err)
				continue
			}
			if got.String != c.want {
				t.Errorf("%s (prepared %v) = %q, want %q", q, prepared, got.String, c.want)
			}
		}
	}
}

// TestCurDateIsDate: CURDATE() and CURRENT_DATE are DATE in the result
// metadata and values of both protocols (GMS: text, so clients saw a
// VARCHAR/BLOB column, a driver scanning into time.Time failed), compare as
// dates with strings and as numbers with numbers, pair by pair in a mixed IN
// list (CURDATE() IN (20261127, 'x') was 0; MySQL and MariaDB 1).
func TestCurDateIsDate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	var today string
	if err := conn.QueryRowContext(ctx, "SELECT DATE_FORMAT(NOW(), '%Y-%m-%d')").Scan(&today); err != nil {
		t.Fatal(err)
	}
	num := strings.ReplaceAll(today, "-", "")
	for _, prepared := range []bool{false, true} {
		q := "SELECT CURDATE(), CURRENT_DATE, UTC_DATE()"
		var rows *sql.Rows
		var err error
		if prepared {
			rows, err = conn.QueryContext(ctx, q+" FROM DUAL WHERE ? = 1", 1)
		} else {
			rows, err = conn.QueryContext(ctx, q)
		}
		if err != nil {
			t.Fatal(err)
		}
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		for _, ct := range cts {
			if ct.DatabaseTypeName() != "DATE" {
				t.Errorf("%s (prepared %v): column %s is %s, want DATE", q, prepared, ct.Name(), ct.DatabaseTypeName())
			}
		}
		// The test driver parses DATE columns (parseTime): a text column
		// would come back as the bare text.
		d := today + "T00:00:00Z"
		if got := joinRows(scanRows(t, rows)); got != d+" "+d+" "+d {
			t.Errorf("%s (prepared %v) = %s, want %s three times", q, prepared, got, d)
		}
	}
	for _, c := range []struct{ expr, want string }{
		{"CURDATE() IN (" + num + ", 'x')", "1"},
		{"CURDATE() IN ('" + today + "', 1)", "1"},
		{"CURDATE() IN (1, 2)", "0"},
		{"CURDATE() IN (1, '2000-01-01')", "0"},
		{"CURDATE() IN (1, NULL, '2000-01-01')", "NULL"},
		{"CURDATE() NOT IN (" + num + ", '2000-01-01')", "0"},
		{"CURDATE() = " + num, "1"},
		{"CURDATE() = '" + today + "'", "1"},
		{"CURDATE() = '" + today + " 00:00:00'", "1"},
		{"CURDATE() < " + num + "1", "1"},
		{"CURDATE() + 0", num},
		{"CURDATE() + INTERVAL 0 DAY = CURDATE()", "1"},
		{"DATEDIFF(CURDATE(), '" + today + "')", "0"},
		{"CONCAT(CURDATE())", today},
		{"LENGTH(CURRENT_DATE)", "10"},
		{"CAST(CURDATE() AS SIGNED)", num},
		{"CURDATE() = UTC_DATE() OR CURDATE() <> UTC_DATE()", "1"},
	} {
		q := "SELECT " + c.expr
		var got sql.NullString
		if err := conn.QueryRowContext(ctx, q).Scan(&got); err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		s := "NULL"
		if got.Valid {
			s = got.String
		}
		if s != c.want {
			t.Errorf("%s = %s, want %s", q, s, c.want)
		}
	}
}

// TestInsertOutOfRangeRow: a strict INSERT's 1264 names the column and the
// row of the VALUES list, as MySQL's does; GMS's said "for column (300 does
// not fit tinyint) at row 1" whatever the row.
func TestInsertOutOfRangeRow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE w24")
	db = ts.connect("w24")
	mustExec(t, db, "CREATE TABLE ti (a TINYINT, b INT UNSIGNED, d DECIMAL(4,2))")
	for _, c := range []struct{ q, want string }{
		{"INSERT INTO ti VALUES (1, 1, 1), (2, 2, 2), (300, 3, 3)", "Error 1264 (22003): Out of range value for column 'a' at row 3"},
		{"INSERT INTO ti (b, a) VALUES (1, 1), (-2, 2)", "Error 1264 (22003): Out of range value for column 'b' at row 2"},
		{"INSERT INTO ti (d) VALUES (1), (2), (123.4)", "Error 1264 (22003): Out of range value for column 'd' at row 3"},
		{"INSERT INTO ti VALUES (500, 1, 1)", "Error 1264 (22003): Out of range value for column 'a' at row 1"},
	} {
		_, err := db.Exec(c.q)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.q, err, c.want)
		}
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM ti").Scan(&n); err != nil || n != 0 {
		t.Errorf("rows stored: %d (%v), want 0", n, err)
	}
	// Not strict: GMS's path still refuses (MySQL clips and warns); the
	// check is only for the strict modes.
	mustExec(t, db, "INSERT IGNORE INTO ti VALUES (1, 1, 1), (500, 1, 1)")
	if err := db.QueryRow("SELECT MAX(a) FROM ti").Scan(&n); err != nil || n != 127 {
		t.Errorf("INSERT IGNORE stored MAX(a) %d (%v), want 127", n, err)
	}
}
