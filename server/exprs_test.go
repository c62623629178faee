package server

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// TestExpressionColumnTypes checks the column types expressions declare on
// the wire, which decide how clients decode the values: a DECIMAL SUM sent
// as DOUBLE reaches Django as 270.26999999999998, a DATETIME(0) drops the
// microseconds. Values are in testdata/sql/exprs.test.
func TestExpressionColumnTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE e")
	mustExec(t, db, "USE e")
	db = ts.connectWith("e", "")
	mustExec(t, db, `CREATE TABLE m (id int PRIMARY KEY, amount decimal(12,2), ti tinyint, i int, bi bigint, u int unsigned, f float, d double, g int,
		d6 datetime(6), d3 datetime(3), d0 datetime, dd date, t6 time(6))`)
	mustExec(t, db, `INSERT INTO m VALUES (1, 100.10, 1, 1, 1, 1, 1.5, 0.5, 1, '2020-01-01 10:00:00.123456', '2020-01-01 10:00:00.123', '2020-01-01 10:00:00', '2020-01-01', '10:00:00.25'),
		(2, 170.17, 2, 2, 2, 2, 2.5, 0.25, 1, NULL, NULL, NULL, NULL, NULL)`)

	cases := []struct {
		expr      string
		typ       string // DatabaseTypeName
		prec, dec int64  // DecimalSize, for DECIMAL
		value     string
	}{
		{"SUM(amount)", "DECIMAL", 34, 2, "270.27"},
		{"AVG(amount)", "DECIMAL", 16, 6, "135.135000"},
		{"SUM(i)", "DECIMAL", 32, 0, "3"},
		{"AVG(i)", "DECIMAL", 14, 4, "1.5000"},
		{"SUM(ti)", "DECIMAL", 25, 0, "3"},
		{"AVG(ti)", "DECIMAL", 7, 4, "1.5000"},
		{"SUM(bi)", "DECIMAL", 41, 0, "3"},
		{"SUM(u)", "DECIMAL", 32, 0, "3"},
		{"SUM(f)", "DOUBLE", 0, 0, "4"},
		{"AVG(d)", "DOUBLE", 0, 0, "0.375"},
		{"SUM(DISTINCT amount)", "DECIMAL", 34, 2, "270.27"},
		{"MAX(s) FROM (SELECT SUM(amount) AS s FROM m GROUP BY g) x --", "DECIMAL", 34, 2, "270.27"},
		{"amount * 99999999999", "DECIMAL", 23, 2, "10009999999899.90"},
		{"amount + 1", "DECIMAL", 13, 2, "101.10"},
		{"amount * i", "DECIMAL", 22, 2, "100.10"},
		{"amount * amount * amount * amount * amount * amount", "DECIMAL", 65, 12, "1006015020015.006001000000"},
		{"CAST(1 AS DECIMAL(10,2)) * 3", "DECIMAL", 11, 2, "3.00"},
		{"i + 1", "BIGINT", 0, 0, "2"},
		{"u - 1", "UNSIGNED BIGINT", 0, 0, "0"},
		{"u + i", "UNSIGNED BIGINT", 0, 0, "2"},
		{"i DIV 2", "BIGINT", 0, 0, "0"},
		{"i MOD 2", "BIGINT", 0, 0, "1"},
		{"-u", "BIGINT", 0, 0, "-1"},
		{"CAST('12abc' AS SIGNED)", "BIGINT", 0, 0, "12"},
		{"d6 + INTERVAL 1 SECOND", "DATETIME", 0, 0, "2020-01-01 10:00:01.123456"},
		{"d3 - INTERVAL 1 SECOND", "DATETIME", 0, 0, "2020-01-01 09:59:59.123"},
		{"d0 + INTERVAL 1 SECOND", "DATETIME", 0, 0, "2020-01-01 10:00:01"},
		{"dd + INTERVAL 1 DAY", "DATE", 0, 0, "2020-01-02"},
		{"dd + INTERVAL 1 HOUR", "DATETIME", 0, 0, "2020-01-01 01:00:00"},
		{"DATE_ADD(d6, INTERVAL 1 DAY)", "DATETIME", 0, 0, "2020-01-02 10:00:00.123456"},
		{"DATE_SUB(d6, INTERVAL 1 MICROSECOND)", "DATETIME", 0, 0, "2020-01-01 10:00:00.123455"},
		{"ADDTIME(d6, '01:00:00')", "DATETIME", 0, 0, "2020-01-01 11:00:00.123456"},
		{"ADDTIME(t6, '01:00:00')", "TIME", 0, 0, "11:00:00.250000"},
		{"TIMESTAMP('2020-01-01 10:00:00.5')", "DATETIME", 0, 0, "2020-01-01 10:00:00.5"},
		// Django's Min(time_field, default=TruncHour(...)): a TIME(6) column
		// and a TIME(0) CAST are a TIME(6), not the string GMS's LONGTEXT
		// made of it (mysqlclient handed Django '10:00:00.250000').
		{"COALESCE(MIN(t6), CAST('09:00:00' AS TIME)) FROM m --", "TIME", 0, 0, "10:00:00.250000"},
		{"COALESCE(t6, CAST('09:00:00' AS TIME))", "TIME", 0, 0, "10:00:00.250000"},
		{"IFNULL(NULL, COALESCE(CAST('09:00:00.5' AS TIME(1)), t6))", "TIME", 0, 0, "09:00:00.500000"},
	}
	for _, c := range cases {
		q := fmt.Sprintf("SELECT %s FROM m WHERE id = 1", c.expr)
		if strings.HasPrefix(c.expr, "SUM") || strings.HasPrefix(c.expr, "AVG") {
			q = fmt.Sprintf("SELECT %s FROM m", c.expr)
		}
		if strings.HasSuffix(c.expr, "--") {
			q = "SELECT " + c.expr
		}
		rows, err := db.Query(q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		var v []byte
		if !rows.Next() {
			t.Errorf("%s: no row", q)
			rows.Close()
			continue
		}
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		ct := cts[0]
		if ct.DatabaseTypeName() != c.typ {
			t.Errorf("%s: type %s, want %s", q, ct.DatabaseTypeName(), c.typ)
		}
		if c.typ == "DECIMAL" {
			if p, s, ok := ct.DecimalSize(); !ok || p != c.prec || s != c.dec {
				t.Errorf("%s: DECIMAL(%d,%d), want DECIMAL(%d,%d)", q, p, s, c.prec, c.dec)
			}
		}
		if string(v) != c.value {
			t.Errorf("%s = %s, want %s", q, v, c.value)
		}
	}

	// With parseTime, go-sql-driver decodes a DATETIME column into a
	// time.Time with its microseconds; a TEXT column would not decode.
	var got time.Time
	if err := ts.connect("e").QueryRow("SELECT DATE_ADD(d6, INTERVAL 1 SECOND) FROM m WHERE id = 1").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2020, 1, 1, 10, 0, 1, 123456000, time.UTC); !got.Equal(want) {
		t.Errorf("DATE_ADD(d6, INTERVAL 1 SECOND) = %v, want %v", got, want)
	}
	var sum float64
	var sumText string
	if err := db.QueryRow("SELECT SUM(amount), CAST(SUM(amount) AS CHAR) FROM m").Scan(&sum, &sumText); err != nil {
		t.Fatal(err)
	}
	if sumText != "270.27" {
		t.Errorf("CAST(SUM(amount) AS CHAR) = %s, want 270.27", sumText)
	}
}

// TestExpressionsPrepared runs the replacements through server-side
// prepared statements (go-sql-driver prepares whenever there are
// arguments), where parameters are bound after the statement is analyzed.
func TestExpressionsPrepared(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE e")
	db := ts.connectWith("e", "")
	mustExec(t, db, "CREATE TABLE m (id int PRIMARY KEY, u int unsigned, amount decimal(12,2))")
	mustExec(t, db, "INSERT INTO m VALUES (1, 0, 1.10), (2, 5, 2.20)")

	var s string
	err := db.QueryRow("SELECT ? + 1", int64(math.MaxInt64)).Scan(&s)
	if me, ok := err.(*mysql.MySQLError); !ok || me.Number != 1690 {
		t.Errorf("SELECT ? + 1 with MaxInt64: %v %v, want error 1690", s, err)
	}
	_, err = db.Exec("UPDATE m SET u = u - ? WHERE id = ?", 1, 1)
	if me, ok := err.(*mysql.MySQLError); !ok || me.Number != 1690 {
		t.Errorf("UPDATE u = u - 1 at 0: %v, want error 1690", err)
	}
	if got := queryRows(t, db, "SELECT u FROM m WHERE id = 1"); got[0][0] != "0" {
		t.Errorf("u after the failed UPDATE = %s, want 0", got[0][0])
	}
	rows, err := db.Query("SELECT SUM(amount) FROM m WHERE id > ?", 0)
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	if !rows.Next() {
		t.Fatal("no row")
	}
	if err := rows.Scan(&s); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if cts[0].DatabaseTypeName() != "DECIMAL" || s != "3.30" {
		t.Errorf("prepared SUM(amount) = %s %s, want DECIMAL 3.30", cts[0].DatabaseTypeName(), s)
	}
}
