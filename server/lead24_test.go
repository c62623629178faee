package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestLead24OrderByRandSeed: ORDER BY RAND(N) is MySQL's shuffle: each row
// draws its number as it is read (filesort computes sort keys then), so a
// port that relies on `ORDER BY RAND(7)` sees the same order. GMS's Sort
// drew the numbers in comparison order (rows 1 and 2 of eight swapped), a
// LIMIT's TopN drew them again for each kept row, and a RAND(7) in the
// select list showed numbers of its own.
func TestLead24OrderByRandSeed(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.r (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO l24.r VALUES (1),(2),(3),(4),(5),(6),(7),(8)")
	// MySQL's and MariaDB's order for seed 7.
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY RAND(7)", "3", "8", "2", "6", "7", "4", "5", "1")
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY RAND(7) LIMIT 2, 3", "2", "6", "7")
	wantRows(t, db, "SELECT id, RAND(7) FROM l24.r ORDER BY RAND(7) LIMIT 3",
		"3,0.16053751777907602", "8,0.1832333301969183", "2,0.37600881361962185")
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY id DESC, RAND(7) LIMIT 2", "8", "7")
	// Over a GROUP BY whose select list has a column functionally
	// dependent on the grouped key (Django's order_by("?") of an
	// annotated queryset): no 1055, as without the rule.
	mustExec(t, db, "CREATE TABLE l24.au (id INT PRIMARY KEY, name VARCHAR(20))")
	mustExec(t, db, "INSERT INTO l24.au VALUES (1, 'a'), (2, 'b')")
	for _, q := range []string{
		"SELECT au.id, au.name, COUNT(r.id) FROM l24.au LEFT JOIN l24.r ON r.id = au.id GROUP BY au.id ORDER BY RAND() ASC",
		"SELECT au.id, au.name, COUNT(r.id) FROM l24.au LEFT JOIN l24.r ON r.id = au.id GROUP BY au.id ORDER BY RAND(3) ASC",
	} {
		if got := len(queryRows(t, db, q)); got != 2 {
			t.Errorf("%s: %d rows", q, got)
		}
	}
}

// TestLead24TrailingDateText: a date text with characters after it is
// read as its date, with warning 1292, by CAST, date arithmetic, DATEDIFF
// and TIMESTAMP(), as str_to_datetime reads it; they answered NULL (or
// 1292 for TIMESTAMP()).
func TestLead24TrailingDateText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CAST('2024-03-05x' AS DATE)", want: "2024-03-05", warn: 1292},
		{q: "SELECT CAST('2024-03-05 10:11:12x' AS DATETIME)", want: "2024-03-05 10:11:12", warn: 1292},
		{q: "SELECT '2024-03-05x' + INTERVAL 1 DAY, DATE_ADD('2024-03-05 10:00 abc', INTERVAL 1 HOUR)", want: "2024-03-06 | 2024-03-05 11:00:00", warn: 1292},
		{q: "SELECT DATEDIFF('2024-03-05x', '2024-03-01')", want: "4", warn: 1292},
		{q: "SELECT TIMESTAMP('2024-03-05x'), TIMESTAMP('2024-03-05 10:11:12.5x')", want: "2024-03-05 00:00:00 | 2024-03-05 10:11:12.5", warn: 1292},
		{q: "SELECT TIMESTAMP('24-1-3 1:2'), TIMESTAMP('2024-01-31 1')", want: "2024-01-03 01:02:00 | 2024-01-31 01:00:00"},
	})
}

// TestLead24StrToDateWeeks: STR_TO_DATE of a week-based format (%X%V,
// %x%v, %Y%U, %Y%u with a weekday) is the date of that week's day, as
// MySQL's extract_date_time computes it; it was NULL.
func TestLead24StrToDateWeeks(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT STR_TO_DATE('200442 Monday', '%X%V %W'), STR_TO_DATE('200442 Monday', '%x%v %W')", want: "2004-10-18 | 2004-10-11"},
		{q: "SELECT STR_TO_DATE('2004 42 0', '%X %V %w'), STR_TO_DATE('2004 01 Mon', '%x %v %a'), STR_TO_DATE('1999 52 Sat', '%X %V %W')", want: "2004-10-17 | 2003-12-29 | 2000-01-01"},
		{q: "SELECT STR_TO_DATE('2004 00 Mon', '%Y %U %a'), STR_TO_DATE('2004 00 Mon', '%Y %u %a'), STR_TO_DATE('2021 53 Fri', '%x %v %a')", want: "2003-12-29 | 2003-12-22 | 2022-01-07"},
		// %V needs %X (not %Y, not %x); an unknown weekday name is NULL.
		{q: "SELECT STR_TO_DATE('2004 42 Mon', '%Y %V %a') IS NULL, STR_TO_DATE('2004 42 Mon', '%X %v %a') IS NULL, STR_TO_DATE('2004 42 Monx', '%X %V %a') IS NULL", want: "1 | 1 | 1", warn: 1411},
	})
	var typ string
	rows, err := db.Query("SELECT STR_TO_DATE('200442 Monday', '%X%V %W')")
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	typ = cts[0].DatabaseTypeName()
	rows.Close()
	if typ != "DATE" {
		t.Errorf("STR_TO_DATE of a week format is %s, want DATE", typ)
	}
}

// TestLead24ZeroPartDates: where sql_mode lets MySQL keep a zero month or
// day (no NO_ZERO_IN_DATE), a DATE such as 2020-00-10 is refused (1235):
// Myriad's dates cannot hold it and stored 0000-00-00 without a word;
// STR_TO_DATE answered NULL. The zero date itself is MySQL's answer.
func TestLead24ZeroPartDates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	mustExecConn(t, conn, "CREATE DATABASE l24")
	mustExecConn(t, conn, "CREATE TABLE l24.zd (d DATE)")
	mustExecConn(t, conn, "SET sql_mode = ''")
	for _, q := range []string{
		"INSERT INTO l24.zd VALUES ('2020-00-10')",
		"INSERT INTO l24.zd VALUES (20200500)",
		"INSERT INTO l24.zd VALUES ('2020-05-00 10:00:00')",
		"SELECT STR_TO_DATE('2024-00-05', '%Y-%m-%d')",
	} {
		if _, err := conn.ExecContext(context.Background(), q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	mustExecConn(t, conn, "INSERT INTO l24.zd VALUES ('0000-00-00'), ('2020-05-10')")
	var got string
	if err := conn.QueryRowContext(context.Background(), "SELECT CONCAT(STR_TO_DATE('0000-00-00', '%Y-%m-%d'), '/', STR_TO_DATE('2004 42', '%X %V'), '/', GROUP_CONCAT(d ORDER BY d)) FROM l24.zd").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != "0000-00-00/0000-00-00/0000-00-00,2020-05-10" {
		t.Errorf("got %q", got)
	}
	// MySQL's default sql_mode: NULL, and 1292 on INSERT, as before.
	mustExecConn(t, conn, "SET sql_mode = DEFAULT")
	var null any
	if err := conn.QueryRowContext(context.Background(), "SELECT STR_TO_DATE('2024-00-05', '%Y-%m-%d')").Scan(&null); err != nil || null != nil {
		t.Errorf("default sql_mode: got %v, %v; want NULL", null, err)
	}
	if _, err := conn.ExecContext(context.Background(), "INSERT INTO l24.zd VALUES ('2020-00-10')"); mysqlErrNo(err) != 1292 {
		t.Errorf("default sql_mode INSERT: got %v, want 1292", err)
	}
}

func mustExecConn(t *testing.T, conn *sql.Conn, q string) {
	t.Helper()
	if _, err := conn.ExecContext(context.Background(), q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// TestLead24FKCaseOnlyKeyChange: a parent key changed only in case (or
// trailing spaces) is a change to its foreign keys, as InnoDB compares key
// bytes: CASCADE writes the new text into the children, SET NULL clears
// them, RESTRICT refuses with 1451. GMS compared by collation: the
// children kept 'a' and RESTRICT let the UPDATE through.
func TestLead24FKCaseOnlyKeyChange(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"CREATE DATABASE l24",
		"CREATE TABLE l24.pc (id VARCHAR(10) PRIMARY KEY)",
		"CREATE TABLE l24.cc (id INT PRIMARY KEY, p VARCHAR(10), FOREIGN KEY (p) REFERENCES l24.pc(id) ON UPDATE CASCADE)",
		"CREATE TABLE l24.pr (id VARCHAR(10) PRIMARY KEY)",
		"CREATE TABLE l24.cr (id INT PRIMARY KEY, p VARCHAR(10), FOREIGN KEY (p) REFERENCES l24.pr(id))",
		"CREATE TABLE l24.pn (id VARCHAR(10) PRIMARY KEY)",
		"CREATE TABLE l24.cn (id INT PRIMARY KEY, p VARCHAR(10), FOREIGN KEY (p) REFERENCES l24.pn(id) ON UPDATE SET NULL)",
		"INSERT INTO l24.pc VALUES ('a')", "INSERT INTO l24.cc VALUES (1, 'a')",
		"INSERT INTO l24.pr VALUES ('a')", "INSERT INTO l24.cr VALUES (1, 'a')",
		"INSERT INTO l24.pn VALUES ('a')", "INSERT INTO l24.cn VALUES (1, 'a')",
		"UPDATE l24.pc SET id = UPPER(id)",
		"UPDATE l24.pn SET id = 'A'",
	} {
		mustExec(t, db, q)
	}
	wantRows(t, db, "SELECT HEX(p) FROM l24.cc", "41")
	wantRows(t, db, "SELECT COALESCE(p, 'null') FROM l24.cn", "null")
	for _, q := range []string{"UPDATE l24.pr SET id = 'A'", "UPDATE l24.pr SET id = 'a '"} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1451 {
			t.Errorf("%s: got %v, want 1451", q, err)
		}
	}
	wantRows(t, db, "SELECT HEX(id) FROM l24.pr", "61")
	// A change the collation sees still cascades; no change writes nothing.
	mustExec(t, db, "UPDATE l24.pc SET id = 'b'")
	wantRows(t, db, "SELECT p FROM l24.cc", "b")
	mustExec(t, db, "UPDATE l24.pc SET id = 'b'")
	wantRows(t, db, "SELECT p FROM l24.cc", "b")
}

// TestLead24RowCountAfterError: ROW_COUNT() is -1 after a failed statement,
// as in MySQL; an INSERT refused with 1062 kept the previous statement's
// count and one refused with 1442 made it 0. Text and prepared.
func TestLead24RowCountAfterError(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE l24", "USE l24",
		"CREATE TABLE rc (id INT PRIMARY KEY)",
		"CREATE TABLE tl (id INT PRIMARY KEY, n INT)", "CREATE TABLE tr (id INT PRIMARY KEY)",
		"INSERT INTO tl VALUES (1, 1)", "INSERT INTO tr VALUES (1)",
		"CREATE TRIGGER trl AFTER UPDATE ON tl FOR EACH ROW INSERT INTO tr VALUES (NEW.id + 100)",
	} {
		mustExecConn(t, conn, q)
	}
	rowCount := func() int64 {
		t.Helper()
		var n int64
		if err := conn.QueryRowContext(context.Background(), "SELECT ROW_COUNT()").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	mustExecConn(t, conn, "INSERT INTO rc VALUES (1), (2)")
	if n := rowCount(); n != 2 {
		t.Fatalf("after INSERT of 2 rows: %d", n)
	}
	for _, c := range []struct {
		q    string
		args []any
		code int
	}{
		{q: "INSERT INTO rc VALUES (1)", code: 1062},
		{q: "INSERT INTO rc VALUES (?)", args: []any{2}, code: 1062},
		{q: "UPDATE tl SET n = 2 WHERE id IN (SELECT id FROM tr)", code: 1442},
	} {
		mustExecConn(t, conn, "INSERT INTO rc VALUES (3), (4), (5)")
		mustExecConn(t, conn, "DELETE FROM rc WHERE id > 2")
		if _, err := conn.ExecContext(context.Background(), c.q, c.args...); mysqlErrNo(err) != c.code {
			t.Fatalf("%s: got %v, want %d", c.q, err, c.code)
		}
		if n := rowCount(); n != -1 {
			t.Errorf("ROW_COUNT() after %s failed: %d, want -1", c.q, n)
		}
	}
}

// TestLead24RecursiveCteWidths: a recursive CTE's column has its anchor's
// width: CAST(... AS CHAR(n)) is VARCHAR(n) (it was LONGTEXT, so recursive
// rows grew past n where MySQL refuses them, 1406, or cuts them, 1265); an
// anchor that is a string function whose width Myriad does not know, with a
// recursive part computing the column, is refused (1235) instead of
// returning rows MySQL refuses.
func TestLead24RecursiveCteWidths(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	for q, code := range map[string]int{
		"WITH RECURSIVE c AS (SELECT 1 AS n, CAST('a' AS CHAR(1)) AS s UNION ALL SELECT n+1, CONCAT(s, 'b') FROM c WHERE n < 3) SELECT n, s FROM c": 1406,
		"WITH RECURSIVE c AS (SELECT 1 AS n, UPPER('ab') AS s UNION ALL SELECT n+1, CONCAT(s, 'b') FROM c WHERE n < 3) SELECT n, s FROM c":          1235,
	} {
		if _, err := conn.QueryContext(context.Background(), q); mysqlErrNo(err) != code {
			t.Errorf("%s: got %v, want %d", q, err, code)
		}
	}
	var got string
	q := "WITH RECURSIVE c AS (SELECT 1 AS n, CAST('a' AS CHAR(3)) AS s UNION ALL SELECT n+1, CONCAT(s, 'b') FROM c WHERE n < 3) SELECT GROUP_CONCAT(s ORDER BY n) FROM c"
	if err := conn.QueryRowContext(context.Background(), q).Scan(&got); err != nil || got != "a,ab,abb" {
		t.Errorf("%s: %q, %v", q, got, err)
	}
	mustExecConn(t, conn, "SET sql_mode = ''")
	q = "WITH RECURSIVE c AS (SELECT 1 AS n, CAST('a' AS CHAR(2)) AS s UNION ALL SELECT n+1, CONCAT(s, 'b') FROM c WHERE n < 3) SELECT GROUP_CONCAT(s ORDER BY n) FROM c"
	if err := conn.QueryRowContext(context.Background(), q).Scan(&got); err != nil || got != "a,ab,ab" {
		t.Errorf("%s: %q, %v", q, got, err)
	}
	cts := columnTypes(t, db, "SELECT CAST('abc' AS CHAR(2)) AS s")
	if cts[0].DatabaseTypeName() != "VARCHAR" {
		t.Errorf("CAST AS CHAR(2) is %s, want VARCHAR", cts[0].DatabaseTypeName())
	}
}

// TestLead24HexLiteralConvAndBigTimeNumbers: CONV/OCT/BIN of a hex or
// bit-value literal use its integer value (MySQL 8.0; they read its bytes
// as text: 0), and HOUR/TIME_TO_SEC of a number past 838:59:59 but short of
// a datetime are 838:59:59's with a warning (they were NULL).
func TestLead24HexLiteralConvAndBigTimeNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT OCT(x'41'), CONV(b'1111', 10, 8), BIN(0x41), CONV(x'41', 16, 10), CONV(0xFFFFFFFFFFFFFFFF, 10, -10)", want: "101 | 17 | 1000001 | 65 | -1"},
		{q: "SELECT OCT('65'), CONV('ff', 16, 10)", want: "101 | 255"},
		{q: "SELECT HOUR(20240305), TIME_TO_SEC(-20240305)", want: "838 | -3020399", warn: 1292},
		{q: "SELECT HOUR(8385959), HOUR(20240305101112)", want: "838 | 10"},
		{q: "SELECT MINUTE(20240305), SECOND(-20240305)", want: "59 | 59", warn: 1292},
		{q: "SELECT MINUTE(123456), SECOND(123456), MINUTE(20240305101112)", want: "34 | 56 | 11"},
		{q: "SELECT TIME(20240305), TIME(-20240305)", want: "838:59:59 | -838:59:59", warn: 1292},
		{q: "SELECT TIME(20240305101112), TIME(123456)", want: "10:11:12 | 12:34:56"},
	})
}

// TestLead24IndexHintsApplied: a SELECT's IGNORE/USE/FORCE INDEX hints
// take the excluded indexes out of its plan. Where an index lookup and a
// scan disagree (a TIMESTAMP in the repeated daylight-saving hour matches
// two stored instants in a scan, one in a lookup) the hint gives MySQL's
// answer: IGNORE INDEX (ts) counted 1 row (the lookup), MySQL 2.
func TestLead24IndexHintsApplied(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE l24", "USE l24", "SET time_zone = '+00:00'",
		"CREATE TABLE ts3 (id INT PRIMARY KEY, ts TIMESTAMP NULL, a INT, KEY (ts), KEY ka (a))",
		"INSERT INTO ts3 VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 2), (3, '2026-11-01 07:30:00', 3)",
		"SET time_zone = 'America/New_York'",
	} {
		mustExecConn(t, conn, q)
	}
	count := func(q string) int {
		t.Helper()
		var n int
		if err := conn.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	if n := count("SELECT COUNT(*) FROM ts3 IGNORE INDEX (ts) WHERE ts = '2026-11-01 01:30:00'"); n != 2 {
		t.Errorf("IGNORE INDEX (ts): %d rows, want 2 (a scan)", n)
	}
	if n := count("SELECT COUNT(*) FROM ts3 USE INDEX (ka) WHERE ts = '2026-11-01 01:30:00'"); n != 2 {
		t.Errorf("USE INDEX (ka): %d rows, want 2 (a scan)", n)
	}
	// Without a hint the index is used, as MySQL uses it: one instant.
	if n := count("SELECT COUNT(*) FROM ts3 WHERE ts = '2026-11-01 01:30:00'"); n != 1 {
		t.Errorf("no hint: %d rows, want 1 (the index lookup)", n)
	}
	var plan string
	rows, err := conn.QueryContext(context.Background(), "EXPLAIN FORMAT=TREE SELECT * FROM ts3 IGNORE INDEX (ka) WHERE a = 1")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var line string
		_ = rows.Scan(&line)
		plan += line + "\n"
	}
	rows.Close()
	if strings.Contains(plan, "IndexedTableAccess") {
		t.Errorf("IGNORE INDEX (ka) still plans the index:\n%s", plan)
	}
	// The hint is the statement's only: the next one uses the index.
	if n := count("SELECT COUNT(*) FROM ts3 WHERE a = 2"); n != 1 {
		t.Errorf("a = 2: %d", n)
	}
}

// TestLead24NestedCallParameters: GMS binds a called procedure's
// parameters in one session-wide table by name, so a nested CALL whose
// callee has a parameter named like the caller's parameter overwrote the
// caller's value (MySQL: the callee's IN parameter is its own copy). Such
// a CALL is refused (1235) where the overwrite can show; a parameter
// passed as itself to a callee that leaves it, and a callee's parameter
// named like a caller's variable not passed to it, still run (and give
// MySQL's answers).
func TestLead24NestedCallParameters(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE l24", "USE l24",
		"CREATE PROCEDURE show_x(IN x INT) BEGIN SELECT x; END",
		"CREATE PROCEDURE bump_x(IN x INT) BEGIN SET x = x + 10; END",
		"CREATE PROCEDURE p_lit(IN x INT) BEGIN CALL show_x(5); SELECT x; END",
		"CREATE PROCEDURE p_expr(IN x INT) BEGIN CALL show_x(x + 1); SELECT x; END",
		"CREATE PROCEDURE p_bump() BEGIN DECLARE x INT DEFAULT 1; CALL bump_x(x); SELECT x; END",
		"CREATE PROCEDURE p_same(IN x INT) BEGIN CALL show_x(x); SELECT x * 100; END",
		"CREATE PROCEDURE p_var() BEGIN DECLARE x INT DEFAULT 3; CALL show_x(7); SELECT x; END",
	} {
		mustExecConn(t, conn, q)
	}
	for _, q := range []string{"CALL p_lit(1)", "CALL p_expr(1)", "CALL p_bump()"} {
		if _, err := conn.ExecContext(context.Background(), q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	// The last result set of each CALL: the caller's value after the call.
	last := func(q string) string {
		t.Helper()
		rows, err := conn.QueryContext(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rows.Close()
		var v string
		for {
			for rows.Next() {
				if err := rows.Scan(&v); err != nil {
					t.Fatal(err)
				}
			}
			if !rows.NextResultSet() {
				break
			}
		}
		return v
	}
	if got := last("CALL p_same(2)"); got != "200" {
		t.Errorf("CALL p_same(2): %s, want 200", got)
	}
	if got := last("CALL p_var()"); got != "3" {
		t.Errorf("CALL p_var(): %s, want 3", got)
	}
}

// TestLead24ViewLiteralCorrections: a view's query gets the corrections
// Myriad's parser makes to a query's literals (GMS plans a view from the
// stored CREATE VIEW, a definition they skipped): CAST('abc' AS CHAR(0))
// in a view returned 'abc'.
func TestLead24ViewLiteralCorrections(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.dv (id INT PRIMARY KEY, d DECIMAL(5,0))")
	mustExec(t, db, "INSERT INTO l24.dv VALUES (1, 2), (2, 1)")
	mustExec(t, db, "CREATE VIEW l24.v AS SELECT CONCAT('[', CAST('abc' AS CHAR(0)), ']') AS c, 0x41 + 0 AS h, COUNT(*) AS n FROM l24.dv WHERE d = 1.5")
	wantRows(t, db, "SELECT c, h, n FROM l24.v", "[],65,0")
	// The stored text is the statement's as written.
	wantRows(t, db, "SELECT VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_NAME = 'v'",
		"SELECT CONCAT('[', CAST('abc' AS CHAR(0)), ']') AS c, 0x41 + 0 AS h, COUNT(*) AS n FROM l24.dv WHERE d = 1.5")
}

// TestLead24GreatestZeroPartDate: GREATEST/LEAST of a date and a number
// that is a date with a zero day (20200001) is refused (1235): MySQL
// compares 2020-00-01, which Myriad's dates cannot hold; it took the zero
// date (LEAST was NULL).
func TestLead24GreatestZeroPartDate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"SELECT LEAST(CAST('2024-01-01' AS DATE), 20200001)",
		"SELECT GREATEST(CAST('2024-01-01' AS DATE), 20200100)",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT LEAST(CAST('2024-01-01' AS DATE), 20200601), GREATEST(CAST('2024-01-01' AS DATE), 20200601)", want: "2020-06-01 | 2024-01-01"},
	})
}

// TestLead24AlgorithmCopyRecomputes: an explicit ALGORITHM=COPY copies as
// MySQL's does whatever the ALTER (ADD/DROP COLUMN, FORCE, ENGINE=, ADD or
// DROP INDEX): the STORED generated columns over TIMESTAMPs are computed
// again in the session's zone. Myriad ran those ALTERs in place and kept
// the values computed in another zone.
func TestLead24AlgorithmCopyRecomputes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE l24", "USE l24", "SET time_zone = '+00:00'",
		"CREATE TABLE tg (id INT PRIMARY KEY, ts TIMESTAMP NULL, g VARCHAR(30) AS (CAST(ts AS CHAR)) STORED)",
		"INSERT INTO tg (id, ts) VALUES (1, '2024-01-01 10:00:00')",
	} {
		mustExecConn(t, conn, q)
	}
	g := func() string {
		t.Helper()
		var s string
		if err := conn.QueryRowContext(context.Background(), "SELECT g FROM tg").Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct{ zone, alter, want string }{
		{"+05:00", "ALTER TABLE tg ADD COLUMN x INT, ALGORITHM=COPY", "2024-01-01 15:00:00"},
		{"+03:00", "ALTER TABLE tg DROP COLUMN x, ALGORITHM=COPY", "2024-01-01 13:00:00"},
		{"+02:00", "ALTER TABLE tg ENGINE=InnoDB, ALGORITHM=COPY", "2024-01-01 12:00:00"},
		{"+01:00", "ALTER TABLE tg ADD INDEX ig (g), ALGORITHM=COPY", "2024-01-01 11:00:00"},
		{"+04:00", "ALTER TABLE tg DROP INDEX ig, ALGORITHM=COPY", "2024-01-01 14:00:00"},
		{"+00:00", "ALTER TABLE tg FORCE, ALGORITHM=COPY", "2024-01-01 10:00:00"},
		// In place (no ALGORITHM): the stored values stay, as MySQL's.
		{"+06:00", "ALTER TABLE tg ADD COLUMN y INT", "2024-01-01 10:00:00"},
	} {
		mustExecConn(t, conn, "SET time_zone = '"+c.zone+"'")
		mustExecConn(t, conn, c.alter)
		if got := g(); got != c.want {
			t.Errorf("%s under %s: g = %s, want %s", c.alter, c.zone, got, c.want)
		}
	}
}

// TestLead24BigintConstExpr: a constant string expression compared with a
// BIGINT column above 2^53 is the integer it spells, as a string literal
// has been since fix23a (compared as DOUBLE it matched 9007199254740992
// too).
func TestLead24BigintConstExpr(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.bb (id INT PRIMARY KEY, b BIGINT, KEY kb (b))")
	mustExec(t, db, "INSERT INTO l24.bb VALUES (1, 9007199254740993), (2, 9007199254740992)")
	wantRows(t, db, "SELECT id FROM l24.bb WHERE b = CONCAT('9007', '199254740993')", "1")
	wantRows(t, db, "SELECT id FROM l24.bb IGNORE INDEX (kb) WHERE b = CONCAT('9007', '199254740993')", "1")
	wantRows(t, db, "SELECT id FROM l24.bb WHERE b IN (CONCAT('9007', '199254740992'), '5')", "2")
}

// TestLead24RollupAliasOverUnknownColumns: GROUP BY a name WITH ROLLUP that
// is a select alias, over a view or derived table whose columns Myriad
// cannot see (SELECT *, a UNION), is refused (1235): MySQL takes the FROM
// column of that name if there is one, and Myriad grouped by the alias's
// expression (4 groups where MySQL has 2). A view's column names are read
// from its definition, so an alias no view column has still groups.
func TestLead24RollupAliasOverUnknownColumns(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connectWith("", "parseTime=false")
	mustExec(t, root, "CREATE DATABASE l24x")
	mustExec(t, root, "CREATE TABLE l24x.ru (id INT PRIMARY KEY, age INT)")
	mustExec(t, root, "INSERT INTO l24x.ru VALUES (1, 10), (2, 10), (3, 20)")
	mustExec(t, root, "CREATE VIEW l24x.vs AS SELECT * FROM l24x.ru")
	mustExec(t, root, "CREATE VIEW l24x.vr AS SELECT id, age FROM l24x.ru")
	db := ts.connectWith("l24x", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"SELECT id + 0 AS age, COUNT(*) FROM vs GROUP BY age WITH ROLLUP",
		"SELECT id + 0 AS age, COUNT(*) FROM (SELECT * FROM ru) d GROUP BY age WITH ROLLUP",
		"SELECT id + 0 AS age, COUNT(*) FROM (SELECT id, age FROM ru UNION ALL SELECT 9, 10) d GROUP BY age WITH ROLLUP",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	wantRows(t, db, "SELECT id + 1 AS k, COUNT(*) FROM vr GROUP BY k WITH ROLLUP", "2,1", "3,1", "4,1", "NULL,3")
}

// TestLead24OracleDecimalInString: the oracles' NoREC finding of session
// 24: `1.00 IN (1e3, c1)` over an indexed VARCHAR c1 counted 0 rows (the
// IN's pair `1.00 = c1` kept a string comparison, through an index range
// of '1.00'), where MySQL compares as DOUBLE and finds '1' and '1.0'.
func TestLead24OracleDecimalInString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.o (id INT PRIMARY KEY, c1 VARCHAR(8) COLLATE utf8mb4_bin, KEY k1 (c1))")
	mustExec(t, db, "INSERT INTO l24.o VALUES (1, 'a'), (2, '1'), (3, ''), (4, '1.0'), (5, NULL)")
	wantRows(t, db, "SELECT id FROM l24.o WHERE 1.00 IN (1e3, c1) ORDER BY id", "2", "4")
	wantRows(t, db, "SELECT SUM(CASE WHEN 1.00 IN (1e3, c1) THEN 1 ELSE 0 END) FROM l24.o", "2")
}

// TestLead24OracleMinSubqueryLike: the oracles' second finding of session
// 24: a scalar subquery's MIN of a utf8mb4_bin column LIKE 'a%' matched
// 'A' (its type, Myriad's PAD SPACE wrapper, was taken for no string by
// the collation aggregation, so the literal's collation won).
func TestLead24OracleMinSubqueryLike(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.m (id INT PRIMARY KEY, c0 VARCHAR(8) COLLATE utf8mb4_bin, c1 VARCHAR(8) COLLATE utf8mb4_bin, KEY k1 (c1))")
	mustExec(t, db, "INSERT INTO l24.m VALUES (1, 'A', 'A'), (2, 'a', 'a'), (3, 'e', 'ab'), (4, 'A', NULL), (5, 'b', 'A')")
	wantRows(t, db, "SELECT (SELECT MIN(s1.c1) FROM l24.m AS s1 WHERE s1.c1 = 'A') LIKE 'a%'", "0")
	wantRows(t, db, "SELECT id FROM l24.m WHERE (SELECT MIN(s1.c1) FROM l24.m AS s1 WHERE s1.c1 = m.c0) LIKE 'a%' ORDER BY id", "2")
}
