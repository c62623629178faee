package server

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// procCallResult runs q (text, or prepared with args) on conn and renders
// its last result set as "col:TYPE,... | v,v ; v,v", or "error N". A
// column named e_... is shown without its type.
func procCallResult(t *testing.T, conn *sql.Conn, prepared bool, q string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	var rows *sql.Rows
	var err error
	if prepared {
		var st *sql.Stmt
		st, err = conn.PrepareContext(ctx, q)
		if err == nil {
			defer st.Close()
			rows, err = st.QueryContext(ctx, args...)
		}
	} else {
		rows, err = conn.QueryContext(ctx, q)
	}
	if err != nil {
		return "error " + strconv.Itoa(mysqlErrNo(err))
	}
	defer rows.Close()
	var out string
	for {
		cols, _ := rows.ColumnTypes()
		var head []string
		for _, c := range cols {
			if strings.HasPrefix(c.Name(), "e_") { // an expression's type is not under test
				head = append(head, c.Name())
			} else {
				head = append(head, c.Name()+":"+c.DatabaseTypeName())
			}
		}
		var body []string
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var r []string
			for _, v := range vals {
				if v.Valid {
					r = append(r, v.String)
				} else {
					r = append(r, "NULL")
				}
			}
			body = append(body, strings.Join(r, ","))
		}
		if err := rows.Err(); err != nil {
			return "error " + strconv.Itoa(mysqlErrNo(err))
		}
		if len(cols) > 0 {
			out = strings.Join(head, ",") + " | " + strings.Join(body, " ; ")
		}
		if !rows.NextResultSet() {
			break
		}
	}
	return out
}

// TestProcedureVariableConversions: a routine's variables and parameters
// hold the value of their declared type, as MySQL stores them (into a
// Field of that type), and read back typed. GMS's interpreter kept any
// value as it came: SELECT ... INTO a DATETIME kept Go's text, a DEFAULT
// expression read back as the Go dump of its syntax tree, an INT set from
// 2.7 failed 1105, a VARCHAR(3) kept 'abcdef', a DECLARE without DEFAULT
// was 0 (MySQL NULL), IN parameters were bound unchecked (a DATETIME read
// back as `2024-01-02 10:00:00 +0000 UTC`), an OUT parameter started with
// the caller's value, `SELECT v` was a VARCHAR named by the value, and a
// parameter name used by an earlier CALL with another type kept that type.
// Answers checked against MariaDB 10.11 (column types and 1406/1264's row
// number aside: MySQL says row 1, MariaDB row 0). Each case runs as text
// and as a prepared CALL, on one session after all the others (so records
// GMS keeps per session between CALLs are exercised).
func TestProcedureVariableConversions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE pvc")
	db = ts.connectWith("pvc", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a DECIMAL(6,3), d DATETIME, s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 2.7, '2024-01-02 10:00:00', 'abc'), (2, 1.25, '2025-06-07 08:09:10', 'abcdef')")
	cases := []struct {
		create string // the procedure, named P
		call   string // CALL P(...) text
		pcall  string // its prepared form ("" : call)
		args   []any
		after  string // a query run after the CALL ("" : none)
		want   string
	}{
		// 1. SELECT ... INTO converts to the declared type.
		{create: "BEGIN DECLARE v DATETIME; SELECT NOW() INTO v; SELECT v = NOW() AS e_same, LENGTH(v) AS e_len; END",
			want: "e_same,e_len | 1,19"},
		{create: "BEGIN DECLARE x INT; DECLARE y DATETIME; SELECT a, d INTO x, y FROM t WHERE id = 1; SELECT x, y, y + INTERVAL 1 DAY AS z; END",
			want: "x:INT,y:DATETIME,z:DATETIME | 3,2024-01-02 10:00:00,2024-01-03 10:00:00"},
		{create: "BEGIN DECLARE x VARCHAR(3); SELECT s INTO x FROM t WHERE id = 2; SELECT x; END", want: "error 1406"},
		{create: "BEGIN DECLARE x DECIMAL(4,1); DECLARE j JSON; SELECT a, CONCAT('{\"k\": ', id, '}') INTO x, j FROM t WHERE id = 2; SELECT x, j; END",
			want: "x:DECIMAL,j:JSON | 1.3,{\"k\": 2}"},
		// 2. DEFAULT is an expression, evaluated at each DECLARE, converted.
		{create: "BEGIN DECLARE v DATETIME DEFAULT NOW(); SELECT v = NOW() AS e_same, LENGTH(v) AS e_len; END",
			want: "e_same,e_len | 1,19"},
		{create: "BEGIN DECLARE v INT DEFAULT 1 + 1; DECLARE w VARCHAR(5) DEFAULT CONCAT('a','b'); DECLARE m INT DEFAULT (SELECT MAX(id) FROM t); SELECT v, w, m; END",
			want: "v:INT,w:VARCHAR,m:INT | 2,ab,2"},
		{create: "BEGIN DECLARE a, b DECIMAL(4,1) DEFAULT 1.25; DECLARE n INT; SELECT a, b, n; END",
			want: "a:DECIMAL,b:DECIMAL,n:INT | 1.3,1.3,NULL"},
		{create: "BEGIN DECLARE i INT DEFAULT 0; DECLARE s VARCHAR(20) DEFAULT ''; WHILE i < 3 DO BEGIN DECLARE w INT DEFAULT i * 10; SET s = CONCAT(s, w, ','); SET i = i + 1; END; END WHILE; SELECT s, i; END",
			want: "s:VARCHAR,i:INT | 0,10,20,,3"},
		{create: "BEGIN DECLARE v TINYINT DEFAULT 2.5; SELECT v; END", want: "v:TINYINT | 3"},
		// 3. SET rounds into an integer; out of range is 1264.
		{create: "BEGIN DECLARE v INT; SET v = 2.7; SELECT v; END", want: "v:INT | 3"},
		{create: "BEGIN DECLARE v INT; SET v = -2.5; SELECT v; END", want: "v:INT | -3"},
		{create: "BEGIN DECLARE v INT; SET v = 99999999999; SELECT v; END", want: "error 1264"},
		{create: "BEGIN DECLARE v DECIMAL(5,2); SET v = 12345; SELECT v; END", want: "error 1264"},
		{create: "BEGIN DECLARE v INT; SET v = 'abc'; SELECT v; END", want: "error 1366"},
		{create: "BEGIN DECLARE v FLOAT DEFAULT 0.1; DECLARE w DOUBLE; SET w = v * 2; SELECT v, w > 0.2 AND w < 0.2001 AS e_near; END",
			want: "v:FLOAT,e_near | 0.1,1"},
		// 4. CHAR/VARCHAR length: 1406 in strict mode.
		{create: "BEGIN DECLARE v VARCHAR(3); SET v = 'abcdef'; SELECT v; END", want: "error 1406"},
		{create: "BEGIN DECLARE v CHAR(3) DEFAULT 'abcd'; SELECT v; END", want: "error 1406"},
		{create: "BEGIN DECLARE v VARCHAR(3); SET v = 'abc'; SELECT v, LENGTH(v) AS e_n; END", want: "v:VARCHAR,e_n | abc,3"},
		// 5. Parameters: IN bound to the declared type, OUT NULL at entry
		// and copied back as the declared type's value.
		{create: "(IN d DATETIME, IN n INT, IN s VARCHAR(3), OUT o DECIMAL(5,2)) BEGIN SELECT d, n, s, o; SET o = 1.5; END",
			call: "CALL P('2024-01-02 10:00', 2.7, 'ab', @o)", pcall: "CALL P(?, ?, ?, @o)", args: []any{"2024-01-02 10:00", "2.7", "ab"},
			after: "SELECT @o", want: "d:DATETIME,n:INT,s:VARCHAR,o:DECIMAL | 2024-01-02 10:00:00,3,ab,NULL => @o:DECIMAL | 1.50"},
		{create: "(IN d DATETIME, IN n INT, IN s VARCHAR(3), OUT o DECIMAL(5,2)) BEGIN SET o = 1.5; END",
			call: "CALL P('2024-01-02 10:00', 2.7, 'abcdef', @o)", pcall: "CALL P(?, ?, ?, @o)", args: []any{"2024-01-02 10:00", "2.7", "abcdef"},
			want: "error 1406"},
		{create: "(IN n TINYINT) BEGIN SELECT n; END", call: "CALL P(300)", pcall: "CALL P(?)", args: []any{300}, want: "error 1264"},
		{create: "(INOUT io DECIMAL(5,2), OUT o DATETIME) BEGIN SET io = io + 1; SET o = '2024-01-02'; END",
			call: "SET @io = 1.5; CALL P(@io, @o)", pcall: "CALL P(@io, @o)", after: "SELECT @io, @o",
			want: " => @io:DECIMAL,@o:DATETIME | 2.50,2024-01-02 00:00:00"},
		// The columns d and s, which the CALLs above had as parameters: GMS
		// kept the records for the session and replaced the column names by
		// the old arguments (no row; 'ab').
		{create: "BEGIN SELECT id, s FROM t WHERE d > '2024-06-01'; END", want: "id:INT,s:VARCHAR | 2,abcdef"},
		// A parameter name an earlier CALL used with another type (x is
		// DATETIME in the case above's neighbours): GMS printed 3 as text of
		// that type and failed.
		{create: "(IN x DATETIME) BEGIN SELECT x; END", call: "CALL P('2020-01-01')", pcall: "CALL P(?)", args: []any{"2020-01-01"},
			want: "x:DATETIME | 2020-01-01 00:00:00"},
		{create: "(IN x INT) BEGIN SELECT x + 1 AS e_y, x; END", call: "CALL P(2.5)", pcall: "CALL P(?)", args: []any{"2.5"},
			want: "e_y,x:INT | 4,3"},
		// A variable passed to a nested CALL: its own value and type, IN by
		// value, INOUT back.
		{create: "BEGIN DECLARE xv DATETIME DEFAULT '2024-05-06 07:08:09'; DECLARE n INT DEFAULT 1; CALL pvc_in(xv, n); SELECT xv, n; END",
			want: "xv:DATETIME,n:INT | 2024-05-06 07:08:09,101"},
		// 6. Reads are typed: arithmetic and comparison as the declared type.
		{create: "BEGIN DECLARE v DATE DEFAULT '2024-01-02'; SELECT v + 1 AS e_n, v = '2024-01-02' AS e_e, DATE_FORMAT(v, '%Y') AS e_y, v; END",
			want: "e_n,e_e,e_y,v:DATE | 20240103,1,2024,2024-01-02"},
		{create: "BEGIN DECLARE v DECIMAL(5,2) DEFAULT 1.5; IF v = '1.5' THEN SELECT 'eq' AS e_r, v; ELSE SELECT 'ne' AS e_r, v; END IF; END",
			want: "e_r,v:DECIMAL | eq,1.50"},
		{create: "BEGIN DECLARE d0 DATETIME DEFAULT '2024-01-02 12:00:00'; SELECT id FROM t WHERE d > d0 ORDER BY id; END",
			want: "id:INT | 2"},
		{create: "BEGIN DECLARE n INT DEFAULT 1; SELECT id FROM t ORDER BY id LIMIT n; END", want: "id:INT | 1"},
		{create: "BEGIN DECLARE v DATE DEFAULT '2024-01-02'; SET @u = v; END", after: "SELECT @u AS e_u", want: " => e_u | 2024-01-02"},
	}
	mustExec(t, db, "CREATE PROCEDURE pvc_in(IN x DATETIME, INOUT n INT) BEGIN SET x = NULL; SET n = n + 100; END")
	for _, prepared := range []bool{false, true} {
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			name := fmt.Sprintf("p%d_%v", i, prepared)
			mustExec(t, conn, "CREATE PROCEDURE "+name+strings.Replace(" ()"+c.create, " ()(", " (", 1))
			call := c.call
			if call == "" {
				call = "CALL P()"
			}
			q, args := call, []any(nil)
			if prepared {
				if c.pcall != "" {
					q, args = c.pcall, c.args
				}
				if c.call != "" && strings.HasPrefix(c.call, "SET ") {
					mustExec(t, conn, strings.SplitN(c.call, "; ", 2)[0])
				}
			}
			got := procCallResult(t, conn, prepared, strings.ReplaceAll(q, "P(", name+"("), args...)
			if c.after != "" && !strings.HasPrefix(got, "error") {
				got += " => " + procCallResult(t, conn, false, c.after)
			}
			if got != c.want {
				t.Errorf("prepared=%v %s %s: got %q, want %q", prepared, c.create, call, got, c.want)
			}
		}
		conn.Close()
	}
}
