package server

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// uniontypeCase is a query's one column: its type as the wire names it,
// its length where want > 0 (-1: not checked), and its rows joined by "|".
type uniontypeCase struct {
	q, typ string
	length int64
	rows   string
}

// checkColumnTypes runs each case, text and prepared (a driver parses a
// value by the column type of either protocol).
func checkColumnTypes(t *testing.T, ts *testServer, dbName string, cases []uniontypeCase) {
	t.Helper()
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith(dbName, params)
		for _, c := range cases {
			rows, err := db.Query(c.q)
			if strings.Contains(params, "false") {
				// A statement with a parameter goes through COM_STMT_PREPARE.
				rows, err = db.Query("SELECT * FROM ("+c.q+") dt WHERE ? = 1", 1)
			}
			if err != nil {
				t.Errorf("%s %s: %v", params, c.q, err)
				continue
			}
			if got := columnTypeText(t, rows, c.length >= 0); got != typeText(c.typ, c.length) {
				t.Errorf("%s %s: column %s, want %s", params, c.q, got, typeText(c.typ, c.length))
			}
			if got := joinRowsOf(t, rows); got != c.rows {
				t.Errorf("%s %s: rows %q, want %q", params, c.q, got, c.rows)
			}
		}
		db.Close()
	}
}

func typeText(typ string, length int64) string {
	if length >= 0 {
		return fmt.Sprintf("%s(%d)", typ, length)
	}
	return typ
}

func columnTypeText(t *testing.T, rows *sql.Rows, withLength bool) string {
	t.Helper()
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	if len(cts) != 1 {
		return fmt.Sprintf("%d columns", len(cts))
	}
	typ := cts[0].DatabaseTypeName()
	if !withLength {
		return typ
	}
	l, _ := cts[0].Length()
	return typeText(typ, l)
}

// TestUnionOfNumericBranches: a UNION side that is an IF or CASE of an
// integer and a DECIMAL is DECIMAL with the branches' scale, as MySQL
// aggregates the branches and then the sides. GMS typed the side
// DECIMAL(65,1) when it converted the sides and this package retyped it
// DECIMAL(2,1) afterwards, so the conversions no longer matched and the
// statement failed with 1105 "the schema of the left side of union does
// not match the right side". Values are MariaDB 10.11's (MySQL's too:
// both aggregate IF's and the UNION's types by Item_aggregate_type).
func TestUnionOfNumericBranches(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ut4")
	db = ts.connect("ut4")
	mustExec(t, db, "CREATE TABLE e (id INT PRIMARY KEY, f FLOAT, dbl DOUBLE)")
	mustExec(t, db, "INSERT INTO e VALUES (1, 2.5, 1.5), (2, 0.5, NULL)")
	checkColumnTypes(t, ts, "ut4", []uniontypeCase{
		{"SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT 3", "DECIMAL", -1, "2.5|1.0|3.0"},
		{"SELECT CASE WHEN id>1 THEN 1 ELSE 2.5 END FROM e UNION SELECT 3", "DECIMAL", -1, "2.5|1.0|3.0"},
		{"SELECT 3 UNION SELECT IF(id>1, 1, 2.5) FROM e", "DECIMAL", -1, "3.0|2.5|1.0"},
		{"SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT 1.5", "DECIMAL", -1, "2.5|1.0|1.5"},
		{"SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT IF(id>1, 1, 2.55) FROM e", "DECIMAL", -1, "2.50|1.00|2.55"},
		{"SELECT IF(id>1, id, f) FROM e UNION SELECT 1", "DOUBLE", -1, "2.5|2|1"},
		{"SELECT CASE WHEN id>1 THEN id ELSE dbl END FROM e UNION ALL SELECT 3 UNION ALL SELECT IF(id>1, 1, 2.5) FROM e", "DOUBLE", -1, "1.5|2|3|2.5|1"},
	})
}

// TestUnionOfTimeAndDate: a TIME beside a DATE, DATETIME or TIMESTAMP in a
// UNION is MySQL 8.0's DATETIME (field_types_merge_rules in sql/field.cc),
// with the larger fractional precision, a TIME row being that time on the
// current date. GMS made the column LONGTEXT and a TIME row its bare text
// ('10:00:00'). MariaDB 10.11 answers the same.
func TestUnionOfTimeAndDate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ut1")
	db = ts.connect("ut1")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME(3), ts TIMESTAMP, tm TIME(2))")
	mustExec(t, db, "INSERT INTO t VALUES (1, '2024-01-01', '2024-01-02 03:04:05.678', '2024-01-03 00:00:01', '10:00:00.25')")
	var today string
	if err := db.QueryRow("SELECT DATE_FORMAT(CURDATE(), '%Y-%m-%d')").Scan(&today); err != nil {
		t.Fatal(err)
	}
	checkColumnTypes(t, ts, "ut1", []uniontypeCase{
		{"SELECT CAST('2024-01-01' AS DATE) UNION SELECT CAST('10:00:00' AS TIME)", "DATETIME", -1, "2024-01-01 00:00:00|" + today + " 10:00:00"},
		{"SELECT d FROM t UNION ALL SELECT tm FROM t", "DATETIME", -1, "2024-01-01 00:00:00.00|" + today + " 10:00:00.25"},
		{"SELECT tm FROM t UNION ALL SELECT dt FROM t", "DATETIME", -1, today + " 10:00:00.250|2024-01-02 03:04:05.678"},
		{"SELECT ts FROM t UNION ALL SELECT tm FROM t", "DATETIME", -1, "2024-01-03 00:00:01.00|" + today + " 10:00:00.25"},
		{"SELECT tm FROM t UNION ALL SELECT d FROM t UNION ALL SELECT NULL", "DATETIME", -1, today + " 10:00:00.25|2024-01-01 00:00:00.00|NULL"},
	})
}
