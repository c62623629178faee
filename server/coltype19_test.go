package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// TestYearZero: a YEAR column stores the string '0000' as YEAR 0000 and
// '0', '00', '000' as 2000 (Field_year::store keeps 0 only for a
// four-character string), through literals, prepared parameters,
// UPDATE and a non-strict sql_mode. Myriad stored '0000' as 2000 and '000'
// as 0. go-sql-driver reads a YEAR's text as a number, so the four digits
// the text protocol prints are checked on the callback (TestYearDigits).
func TestYearZero(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE yz")
	db = ts.connect("yz")
	c := pinnedConn(t, db)
	mustExec(t, c, "CREATE TABLE y (id INT PRIMARY KEY, y YEAR)")
	mustExec(t, c, "INSERT INTO y VALUES (1, '0000'), (2, '0'), (3, '00'), (4, 0), (5, '000'), (6, '2000')")
	mustExec(t, c, "INSERT INTO y VALUES (7, ?)", "0000")
	mustExec(t, c, "INSERT INTO y VALUES (8, ?)", "000")
	mustExec(t, c, "INSERT INTO y VALUES (9, 1999), (10, 1999)")
	mustExec(t, c, "UPDATE y SET y = '0000' WHERE id = 9")
	mustExec(t, c, "UPDATE y SET y = ? WHERE id = 10", "00")
	mustExec(t, c, "SET sql_mode = ''")
	mustExec(t, c, "INSERT INTO y VALUES (11, '0000'), (12, '000')")
	mustExec(t, c, "SET sql_mode = DEFAULT")
	want := "1,0 2,2000 3,2000 4,0 5,2000 6,2000 7,0 8,2000 9,0 10,2000 11,0 12,2000"
	var got []string
	for _, r := range queryRows(t, db, "SELECT id, y + 0 FROM y ORDER BY id") {
		got = append(got, strings.Join(r, ","))
	}
	if g := strings.Join(got, " "); g != want {
		t.Errorf("rows:\n got %s\nwant %s", g, want)
	}
	if g := rowsText(t, ts, "yz", "SELECT y, COUNT(*) FROM y GROUP BY y ORDER BY y"); g != "0,5 2000,7" {
		t.Errorf("GROUP BY: got %s", g)
	}
	if g := rowsText(t, ts, "yz", "SELECT id FROM y WHERE y = '0000' ORDER BY id"); g != "1 4 7 9 11" {
		t.Errorf("WHERE y = '0000': got %s", g)
	}
}

// TestYearDigits: the text protocol prints a YEAR with four digits, as
// MySQL does (YEAR 0 is "0000", GMS printed "0").
func TestYearDigits(t *testing.T) {
	res := &sqltypes.Result{
		Fields: []*querypb.Field{{Name: "y", Type: querypb.Type_YEAR}, {Name: "n", Type: querypb.Type_INT64}},
		Rows: [][]sqltypes.Value{
			{sqltypes.MakeTrusted(sqltypes.Year, []byte("0")), sqltypes.MakeTrusted(sqltypes.Int64, []byte("0"))},
			{sqltypes.MakeTrusted(sqltypes.Year, []byte("2024")), sqltypes.MakeTrusted(sqltypes.Int64, []byte("7"))},
			{sqltypes.NULL, sqltypes.NULL},
		},
	}
	var got []string
	cb := fieldsCallback(func(r *sqltypes.Result, _ bool) error {
		for _, row := range r.Rows {
			got = append(got, row[0].ToString()+","+row[1].ToString())
		}
		return nil
	}, floatScales{})
	if err := cb(res, false); err != nil {
		t.Fatal(err)
	}
	if g := strings.Join(got, " "); g != "0000,0 2024,7 ," {
		t.Errorf("got %q", g)
	}
}

// TestUnsignedDecimalAndFloat: DECIMAL, FLOAT and DOUBLE columns declared
// UNSIGNED refuse a negative number with 1264 under the default strict
// sql_mode (INSERT VALUES, prepared, INSERT ... SELECT, UPDATE, ON
// DUPLICATE KEY UPDATE) and store 0 with warning 1264 without it or under
// IGNORE; SHOW CREATE TABLE, DESCRIBE and information_schema.COLUMNS say
// unsigned, also after the table is altered and the server restarted.
// Myriad stored the negative numbers and dropped the attribute.
func TestUnsignedDecimalAndFloat(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ud")
	db = ts.connect("ud")
	c := pinnedConn(t, db)
	mustExec(t, c, "CREATE TABLE t (id INT PRIMARY KEY, d DECIMAL(5,2) UNSIGNED, f FLOAT UNSIGNED, g DOUBLE UNSIGNED, h FLOAT(7,3) UNSIGNED, e DECIMAL(5,2))")
	mustExec(t, c, "INSERT INTO t VALUES (1, 1, 1, 1, 1, -1)")
	for _, q := range []struct {
		sql  string
		args []any
		col  string
	}{
		{"INSERT INTO t VALUES (2, -1, 1, 1, 1, 1)", nil, "d"},
		{"INSERT INTO t VALUES (2, 1, -1, 1, 1, 1)", nil, "f"},
		{"INSERT INTO t VALUES (2, 1, 1, -1, 1, 1)", nil, "g"},
		{"INSERT INTO t VALUES (2, 1, 1, 1, -2.5, 1)", nil, "h"},
		{"INSERT INTO t VALUES (2, -0.001, 1, 1, 1, 1)", nil, "d"},
		{"INSERT INTO t VALUES (2, ?, 1, 1, 1, 1)", []any{"-3"}, "d"},
		{"INSERT INTO t VALUES (2, ?, 1, 1, 1, 1)", []any{-3}, "d"},
		{"INSERT INTO t SELECT 2, -d, f, g, h, e FROM t WHERE id = 1", nil, "d"},
		{"UPDATE t SET d = -1 WHERE id = 1", nil, "d"},
		{"UPDATE t SET d = d - ? WHERE id = 1", []any{2}, "d"},
		{"UPDATE t SET g = -1e-300 WHERE id = 1", nil, "g"},
		{"INSERT INTO t (id, d) VALUES (1, 1) ON DUPLICATE KEY UPDATE d = -5", nil, "d"},
	} {
		_, err := c.ExecContext(context.Background(), q.sql, q.args...)
		if err == nil || !strings.Contains(err.Error(), "1264") || !strings.Contains(err.Error(), "column '"+q.col+"' at row 1") {
			t.Errorf("%s: got %v, want 1264 for column %s", q.sql, err, q.col)
		}
	}
	mustExec(t, c, "SET sql_mode = ''")
	mustExec(t, c, "INSERT INTO t VALUES (3, -1, -1, -1, -1, -1), (4, 5, -0.5, 2, 2, 2)")
	if got := rangeWarnings(t, c); got != "1264 d 1;1264 f 1;1264 g 1;1264 h 1;1264 f 2" {
		t.Errorf("warnings: %s", got)
	}
	mustExec(t, c, "SET sql_mode = DEFAULT")
	mustExec(t, c, "INSERT IGNORE INTO t VALUES (5, -1, 1, 1, 1, 1)")
	mustExec(t, c, "UPDATE IGNORE t SET d = -9 WHERE id = 1")
	if g := rowsText(t, ts, "ud", "SELECT id, d, f, g, h, e FROM t ORDER BY id"); g != "1,0.00,1,1,1,-1.00 3,0.00,0,0,0,-1.00 4,5.00,0,2,2,2.00 5,0.00,1,1,1,1.00" {
		t.Errorf("rows: %s", g)
	}
	mustExec(t, c, "ALTER TABLE t ADD COLUMN z INT")
	check := func(ts *testServer) {
		t.Helper()
		var name, create string
		if err := ts.connect("ud").QueryRow("SHOW CREATE TABLE t").Scan(&name, &create); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"`d` decimal(5,2) unsigned", "`f` float unsigned", "`g` double unsigned", "`h` float(7,3) unsigned", "`e` decimal(5,2),"} {
			if !strings.Contains(create, want) {
				t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", want, create)
			}
		}
		if g := rowsText(t, ts, "ud", "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'ud' AND TABLE_NAME = 't' AND COLUMN_NAME IN ('d', 'f', 'g', 'e') ORDER BY ORDINAL_POSITION"); g != "d,decimal(5,2) unsigned f,float unsigned g,double unsigned e,decimal(5,2)" {
			t.Errorf("COLUMN_TYPE: %s", g)
		}
		rows := queryRows(t, ts.connect("ud"), "DESCRIBE t")
		if len(rows) < 2 || rows[1][1] != "decimal(5,2) unsigned" {
			t.Errorf("DESCRIBE: %v", rows)
		}
	}
	check(ts)
	ts.srv.Close()
	ts = startServer(t, dir)
	check(ts)

	// ALTER ... MODIFY to UNSIGNED refuses a negative number already
	// stored; ZEROFILL implies UNSIGNED.
	c = pinnedConn(t, ts.connect("ud"))
	mustExec(t, c, "CREATE TABLE o (id INT PRIMARY KEY, a DECIMAL(5,2))")
	mustExec(t, c, "INSERT INTO o VALUES (1, 5), (2, -5)")
	if _, err := c.ExecContext(context.Background(), "ALTER TABLE o MODIFY a DECIMAL(5,2) UNSIGNED"); err == nil || !strings.Contains(err.Error(), "1264") {
		t.Errorf("ALTER to UNSIGNED over -5: %v, want 1264", err)
	}
	mustExec(t, c, "CREATE TABLE z (a INT(5) ZEROFILL, b DECIMAL(6,2) ZEROFILL)")
	for _, q := range []string{"INSERT INTO z VALUES (-1, 1)", "INSERT INTO z VALUES (1, -1)"} {
		if _, err := c.ExecContext(context.Background(), q); err == nil || !strings.Contains(err.Error(), "1264") {
			t.Errorf("%s: %v, want 1264", q, err)
		}
	}
	mustExec(t, c, "INSERT INTO z VALUES (4294967295, 1)")
}

// rangeWarnings is SHOW WARNINGS as "code column row;..." for 1264's
// "Out of range value for column 'c' at row n".
func rangeWarnings(t *testing.T, c *sql.Conn) string {
	t.Helper()
	rows, err := c.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var level, msg string
		var code int
		if err := rows.Scan(&level, &code, &msg); err != nil {
			t.Fatal(err)
		}
		var col string
		var row int
		if _, err := fmt.Sscanf(strings.TrimPrefix(msg, "Out of range value for column "), "'%1s' at row %d", &col, &row); err != nil {
			out = append(out, fmt.Sprint(code, " ", msg))
			continue
		}
		out = append(out, fmt.Sprint(code, " ", col, " ", row))
	}
	return strings.Join(out, ";")
}
