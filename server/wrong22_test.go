package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// TestMultiTableDeleteCount: a DELETE with explicit targets reports the
// rows it deleted, each once (MySQL), not the joined rows it walked: GMS
// said 1 for one row deleted from each of two tables, and counted a row
// joined to two rows twice. ROW_COUNT() agrees.
func TestMultiTableDeleteCount(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	mustExec(t, conn, "CREATE DATABASE w22")
	mustExec(t, conn, "USE w22")
	for _, c := range []struct {
		setup []string
		del   string
		want  int64
		left  string // SELECT answering what is left
		rest  string
	}{
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 2", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,3 1,2"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 3,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "2,3 3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p FROM p JOIN c ON c.pid = p.id", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "3 1,2,3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE c FROM p JOIN c ON c.pid = p.id WHERE p.id = 1", want: 2,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,2,3 3"},
		{setup: []string{"INSERT INTO p VALUES (1), (2), (3)", "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)"},
			del: "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = 9", want: 0,
			left: "SELECT (SELECT GROUP_CONCAT(id ORDER BY id) FROM p), (SELECT GROUP_CONCAT(id ORDER BY id) FROM c)", rest: "1,2,3 1,2,3"},
	} {
		mustExec(t, conn, "DROP TABLE IF EXISTS c, p")
		mustExec(t, conn, "CREATE TABLE p (id INT PRIMARY KEY)")
		mustExec(t, conn, "CREATE TABLE c (id INT PRIMARY KEY, pid INT)")
		for _, q := range c.setup {
			mustExec(t, conn, q)
		}
		res, err := conn.ExecContext(ctx, c.del)
		if err != nil {
			t.Fatalf("%s: %v", c.del, err)
		}
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("%s: %d rows affected, want %d", c.del, n, c.want)
		}
		var rc int64
		if err := conn.QueryRowContext(ctx, "SELECT ROW_COUNT()").Scan(&rc); err != nil || rc != c.want {
			t.Errorf("%s: ROW_COUNT() = %d (%v), want %d", c.del, rc, err, c.want)
		}
		rows, err := conn.QueryContext(ctx, c.left)
		if err != nil {
			t.Fatal(err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.rest {
			t.Errorf("%s: left %s, want %s", c.del, got, c.rest)
		}
	}

	// Prepared (a cached plan, run again): each run counts its own rows.
	mustExec(t, conn, "DROP TABLE IF EXISTS c, p")
	mustExec(t, conn, "CREATE TABLE p (id INT PRIMARY KEY)")
	mustExec(t, conn, "CREATE TABLE c (id INT PRIMARY KEY, pid INT)")
	mustExec(t, conn, "INSERT INTO p VALUES (1), (2), (3)")
	mustExec(t, conn, "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2), (4, 3)")
	st, err := conn.PrepareContext(ctx, "DELETE p, c FROM p JOIN c ON c.pid = p.id WHERE p.id = ?")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ id, want int64 }{{1, 3}, {2, 2}, {9, 0}, {3, 2}} {
		res, err := st.ExecContext(ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("prepared DELETE for p.id = %d: %d rows affected, want %d", c.id, n, c.want)
		}
	}
	st.Close()

	// IGNORE: a row a foreign key keeps is not counted.
	for _, q := range []string{
		"CREATE TABLE fp (id INT PRIMARY KEY)",
		"CREATE TABLE fc (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES fp(id))",
		"CREATE TABLE fo (id INT PRIMARY KEY, pid INT)",
		"INSERT INTO fp VALUES (1), (2), (3)",
		"INSERT INTO fc VALUES (1, 1)",
		"INSERT INTO fo VALUES (1, 1), (2, 2), (3, 3)",
	} {
		mustExec(t, conn, q)
	}
	res, err := conn.ExecContext(ctx, "DELETE IGNORE fp, fo FROM fp JOIN fo ON fo.pid = fp.id WHERE fp.id <= 2")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 3 {
		t.Errorf("DELETE IGNORE: %d rows affected, want 3 (fp 2, fo 1 and 2)", n)
	}
}

// TestUnsignedAutoIncNegative: a negative value given for an UNSIGNED
// AUTO_INCREMENT column fails with 1264 in strict mode; otherwise (or with
// IGNORE) it is 0 with warning 1264, and 0 generates an id (stored as 0
// with NO_AUTO_VALUE_ON_ZERO), as in MySQL. It was stored wrapped
// (18446744073709551576) and the sequence wrapped to 0, on both the
// direct single-row INSERT and GMS's path.
func TestUnsignedAutoIncNegative(t *testing.T) {
	_, root, direct, general := directPair(t)
	ctx := context.Background()
	for _, db := range []string{"fa", "fb"} {
		mustExec(t, root, "CREATE TABLE "+db+".un (id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY, v INT)")
		mustExec(t, root, "CREATE TABLE "+db+".sg (id INT AUTO_INCREMENT PRIMARY KEY, v INT)")
	}
	for _, p := range []struct {
		name string
		c    *sql.Conn
		db   string
	}{{"direct", direct, "fa"}, {"general", general, "fb"}} {
		c := p.c
		mustExec(t, c, "INSERT INTO "+p.db+".un VALUES (5, 0)")
		mustExec(t, c, "INSERT INTO "+p.db+".sg VALUES (5, 0)")
		for _, mode := range []string{"STRICT_TRANS_TABLES", ""} {
			mustExec(t, c, "SET SESSION sql_mode = '"+mode+"'")
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{"INSERT INTO un (id, v) VALUES (?, 1)", []any{-40}},
				{"INSERT INTO un (id, v) VALUES (?, 1)", []any{"-3"}},
				{"INSERT INTO un (id, v) VALUES (-40, 1)", nil},
				{"INSERT INTO un (id, v) VALUES (7 - 8, 1), (-2, 1)", nil},
			} {
				for i := 0; i < 3; i++ { // the direct path takes a cached plan
					_, err := c.ExecContext(ctx, q.sql, q.args...)
					if mode != "" {
						if mysqlErrNo(err) != 1264 {
							t.Errorf("%s strict: %s %v: %v, want 1264", p.name, q.sql, q.args, err)
						}
						continue
					}
					if err != nil {
						t.Errorf("%s non-strict: %s %v: %v", p.name, q.sql, q.args, err)
						continue
					}
					var level, msg string
					var code int
					if err := c.QueryRowContext(ctx, "SHOW WARNINGS").Scan(&level, &code, &msg); err != nil || code != 1264 {
						t.Errorf("%s non-strict: %s: warning %d %q (%v), want 1264", p.name, q.sql, code, msg, err)
					}
				}
			}
		}
		mustExec(t, c, "SET SESSION sql_mode = DEFAULT")
		mustExec(t, c, "INSERT IGNORE INTO un (id, v) VALUES (-9, 2)")
		mustExec(t, c, "SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO'")
		mustExec(t, c, "INSERT INTO un (id, v) VALUES (-9, 3)")
		mustExec(t, c, "SET SESSION sql_mode = DEFAULT")
		mustExec(t, c, "INSERT INTO un (v) VALUES (4)")
		mustExec(t, c, "INSERT INTO sg (id, v) VALUES (-40, 5)")
		for q, want := range map[string]string{
			// 5, then 3 x 5 generated ids (one statement of two rows) in
			// non-strict mode, IGNORE's, NO_AUTO_VALUE_ON_ZERO's 0, and
			// the next id.
			"SELECT COUNT(*), MIN(id), MAX(id), SUM(v) FROM un": "19 0 22 24",
			"SELECT id FROM un WHERE v = 3":                     "0",
			"SELECT id FROM sg WHERE v = 5":                     "-40",
		} {
			rows, err := c.QueryContext(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if got := joinRows(scanRows(t, rows)); got != want {
				t.Errorf("%s: %s = %s, want %s", p.name, q, got, want)
			}
		}
	}
}

// TestConcatDecimalAndDatetimeText: CONCAT and CAST AS CHAR write a DECIMAL argument at its
// type's scale (AVG's value carries 9 digits of fraction: 1.500000000,
// MySQL 1.5000) and a DATETIME(n) argument with its n digits, trailing
// zeros kept (00:00:00.1, MySQL 00:00:00.100000), a DATE without a time.
func TestConcatDecimalAndDatetimeText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE w22", "USE w22",
		"CREATE TABLE a (id INT PRIMARY KEY, x INT, d DECIMAL(10,2), dt DATETIME(6), d3 DATETIME(3))",
		"INSERT INTO a VALUES (1, 1, 1.10, '2024-01-01 00:00:00.100000', '2024-01-01 00:00:00.120'), (2, 2, 2.25, '2024-01-01 00:00:01', '2024-01-01 00:00:01')",
	} {
		mustExec(t, conn, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT CONCAT(AVG(x)), CONCAT(AVG(d)), CONCAT(AVG(x) + 0), CONCAT(SUM(d)), CONCAT(1/3) FROM a", "1.5000 1.675000 1.5000 3.35 0.3333"},
		{"SELECT CONCAT('<', AVG(x), '>') FROM a GROUP BY x ORDER BY x", "<1.0000>|<2.0000>"},
		{"SELECT CONCAT(dt), CONCAT(d3) FROM a ORDER BY id", "2024-01-01 00:00:00.100000 2024-01-01 00:00:00.120|2024-01-01 00:00:01.000000 2024-01-01 00:00:01.000"},
		{"SELECT CONCAT(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6))), CONCAT(CAST('2024-01-01' AS DATE))", "2024-01-01 00:00:00.100000 2024-01-01"},
		{"SELECT CAST(AVG(x) AS CHAR), CAST(AVG(x) + 0 AS CHAR), CONVERT(AVG(d), CHAR), CAST(MAX(dt) AS CHAR) FROM a", "1.5000 1.5000 1.675000 2024-01-01 00:00:01.000000"},
		{"SELECT CAST(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6)) AS CHAR), CAST(CAST('2024-01-01' AS DATE) AS CHAR)", "2024-01-01 00:00:00.100000 2024-01-01"},
	} {
		rows, err := conn.QueryContext(ctx, c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		var got []string
		for _, r := range scanRows(t, rows) {
			got = append(got, strings.Join(r, " "))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s = %s, want %s", c.q, g, c.want)
		}
	}
}

// TestRoundDecimalScale: ROUND(decimal, D) declares D decimals (MySQL's
// Item_func_round), also above the argument's scale: ROUND(1/3, 6) said 4
// in its column metadata while its value had 6 digits.
func TestRoundDecimalScale(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	rows, err := db.Query("SELECT ROUND(1/3, 6), ROUND(2.5, 3), ROUND(1.25, 1), ROUND(123.456, 0), ROUND(1/3, 2)")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ct := range cts {
		_, scale, ok := ct.DecimalSize()
		got = append(got, fmt.Sprintf("%s:%d:%v", ct.DatabaseTypeName(), scale, ok))
	}
	if g, want := strings.Join(got, " "), "DECIMAL:6:true DECIMAL:3:true DECIMAL:1:true DECIMAL:0:true DECIMAL:2:true"; g != want {
		t.Errorf("types %s, want %s", g, want)
	}
	if got := joinRows(scanRows(t, rows)); got != "0.333333 2.500 1.3 123 0.33" {
		t.Errorf("values %s", got)
	}
}
