package e2e

import (
	"context"
	"strings"
	"testing"
)

// TestOperatorSyntax runs, through go-sql-driver, the MySQL syntax the
// parser lacks (sqltext.Operators, sqlfunc's fixOperators) and the row
// comparisons and functions of issue 9's round 13, beyond the differential
// corpus's single cases: values, column names, and the text of strings
// left alone. Expected values are MySQL 8.0's (its manual's examples where
// it has them).
func TestOperatorSyntax(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	ctx := context.Background()
	conn, err := s.DB("").Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, c := range []struct{ q, want string }{
		// INTERVAL(N, N1, ...): the manual's examples.
		{"SELECT INTERVAL(23, 1, 15, 17, 30, 44, 200), INTERVAL(10, 1, 10, 100, 1000), INTERVAL(22, 23, 30, 44, 200)", "3 2 0"},
		{"SELECT DATE_ADD('2024-01-01', INTERVAL (1) DAY)", "2024-01-02"},
		// bit-value and hexadecimal literals: strings, numbers in arithmetic
		{"SELECT CONCAT(0b1000001), CONCAT(b'1000010'), 0b1000001 + 0, b'11' * 2, 0x41 + 0, X'0100' | 0", "A B 65 6 65 256"},
		{"SELECT ~0, ~0 >> 63, ~5 & 0xFF, ~-1, ~1.5, -~0", "18446744073709551615 1 250 0 18446744073709551613 -18446744073709551615"},
		// IS [NOT] UNKNOWN
		{"SELECT NULL IS UNKNOWN, 0 IS UNKNOWN, (1 > NULL) IS NOT UNKNOWN, 1 IS NOT UNKNOWN", "1 0 0 1"},
		// rows
		{"SELECT ROW(1, 2) = (1, 2), (1, NULL) = (1, 2), (1, NULL) = (2, 2), (1, NULL) <=> (1, NULL)", "1 NULL 0 1"},
		{"SELECT (1, 2) < (1, 3), (1, NULL) < (2, 0), (NULL, 1) < (2, 0), (2, NULL) > (1, 5), (1, 2) >= (1, 2)", "1 1 NULL 1 1"},
		{"SELECT ((1, 2), 3) = ((1, 2), 3), ((1, NULL), 3) = ((1, 2), 3)", "1 NULL"},
		// the C library's trigonometry, as MySQL
		{"SELECT SIN(2.5), COS(1), COT(1), TAN(1)", "0.5984721441039565 0.5403023058681398 0.6420926159343306 1.5574077246549023"},
		// JSON_STORAGE_SIZE: the manual's examples
		{`SELECT JSON_STORAGE_SIZE('[100, "sakila", [1, 3, 5], 425.05]'), JSON_STORAGE_SIZE('{"a": 1000, "b": "wxyz", "c": "[1, 3, 5, 7]"}'), JSON_STORAGE_SIZE(NULL)`, "45 47 NULL"},
		{"SELECT JSON_TYPE(NULL), JSON_TYPE('null')", "NULL NULL"},
		// PI() is shown with MySQL's 6 decimals (an expression over it
		// too), computed with all of them (the manual's example)
		{"SELECT PI(), PI() + 0, CONCAT(PI() + 0.000000000000000000)", "3.141593 3.141593 3.141592653589793000"},
		// a DECIMAL remainder has its dividend's sign, also when zero
		{"SELECT -3 MOD -0.5, -3 MOD 0.5, 3 MOD -0.5, 0 MOD -0.5, -2.00 % 1, (-3 MOD 0.5) + 1, -3.5 MOD 2", "-0.0 -0.0 0.0 0.0 -0.00 1.0 -1.5"},
		// text that only looks like the syntax
		{"SELECT 'a := 1 IS UNKNOWN 0b1 ROW(1,2) INTERVAL(1,2) ~0', `0b1`.x FROM (SELECT 7 AS x) AS `0b1`", "a := 1 IS UNKNOWN 0b1 ROW(1,2) INTERVAL(1,2) ~0 7"},
	} {
		rows := queryRows(t, conn, c.q)
		if len(rows) != 1 || strings.Join(rows[0], " ") != c.want {
			t.Errorf("%s\n got %v\nwant %s", c.q, rows, c.want)
		}
	}
	if got := queryRows(t, conn, "SELECT JSON_TYPE('null') IS NULL, JSON_TYPE(NULL) IS NULL"); strings.Join(got[0], " ") != "0 1" {
		t.Errorf("JSON_TYPE: a JSON null is 'NULL', an SQL NULL is NULL: got %v", got)
	}

	// @v := expr: per row, in the select list and in WHERE, and named as written.
	mustExec(t, conn, "SET @r := 0")
	if got := queryRows(t, conn, "SELECT @r := @r + 1 AS rn, v FROM (SELECT 10 AS v UNION ALL SELECT 20 UNION ALL SELECT 30) t ORDER BY v"); len(got) != 3 ||
		got[0][0] != "1" || got[1][0] != "2" || got[2][0] != "3" {
		t.Errorf("row numbers: %v", got)
	}
	if got := queryRows(t, conn, "SELECT @r, @a := @b := 5, @a + @b"); strings.Join(got[0], " ") != "3 5 10" {
		t.Errorf("chained assignment: %v", got)
	}
	if got := queryRows(t, conn, "SELECT COUNT(*) FROM (SELECT 1 AS x UNION ALL SELECT 2) t WHERE (@s := x) > 0"); got[0][0] != "2" {
		t.Errorf("assignment in WHERE: %v", got)
	}
	rows, err := conn.QueryContext(ctx, "SELECT @x := 1, NULL IS UNKNOWN, 0b11 + 0, ROW(1,2) = ROW(1,2), ~0")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	types, _ := rows.ColumnTypes()
	rows.Close()
	if got := strings.Join(cols, "|"); got != "@x := 1|NULL IS UNKNOWN|0b11 + 0|ROW(1,2) = ROW(1,2)|~0" {
		t.Errorf("column names: %s", got)
	}
	if got := types[4].DatabaseTypeName(); got != "UNSIGNED BIGINT" {
		t.Errorf("~0 is %s, want UNSIGNED BIGINT", got)
	}

	mustExec(t, conn, "SET @d = 1.5")
	if got := queryRows(t, conn, "SELECT @d * 2"); got[0][0] != "3.000000000000000000000000000000" {
		t.Errorf("DECIMAL user variable: %v", got)
	}

	// user variables are BIGINT / DOUBLE / text whatever the assigned literal's type
	mustExec(t, conn, "SET @i = 10, @f = 1e0, @s = 'x'")
	rows, err = conn.QueryContext(ctx, "SELECT @i, @f, @s")
	if err != nil {
		t.Fatal(err)
	}
	types, _ = rows.ColumnTypes()
	rows.Close()
	var names []string
	for _, ct := range types {
		names = append(names, ct.DatabaseTypeName())
	}
	if got := strings.Join(names, " "); got != "BIGINT DOUBLE TEXT" {
		t.Errorf("user variable types: %s", got)
	}
}
