package server

import (
	"context"
	"testing"
)

// TestLead25YearZeroArithmetic: date arithmetic reaching year 0 answers as
// MySQL's date_add_interval: a day count below 0001-01-01 is the zero date
// (get_date_from_daynr), month and year counts reach real dates of year
// 0. Both answered NULL with 1441. A result GMS cannot hold apart from the
// zero date (0000-01-01 as a DATE, the zero date with a time of day) is
// refused (1235); as text (a string argument) it is MySQL's.
func TestLead25YearZeroArithmetic(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT DATE_ADD('0001-01-01', INTERVAL -1 DAY), ADDDATE('0001-01-05', -5)", want: "0000-00-00 | 0000-00-00"},
		{q: "SELECT DATE_SUB('0001-01-01', INTERVAL 1 YEAR), DATE_SUB('0001-05-01', INTERVAL 5 MONTH)", want: "0000-01-01 | 0000-12-01"},
		{q: "SELECT DATE_ADD('0001-01-01 10:00:00', INTERVAL -1 DAY)", want: "0000-00-00 10:00:00"},
		{q: "SELECT DATE_ADD(DATE '0001-01-01', INTERVAL -1 DAY), DATE_SUB(DATE '0001-03-01', INTERVAL 1 YEAR)", want: "0000-00-00 | 0000-03-01"},
		{q: "SELECT DATE_SUB(DATE '0004-02-29', INTERVAL 4 YEAR), DATE_ADD('0000-03-01', INTERVAL 1 MONTH)", want: "0000-02-28 | 0000-04-01"},
		{q: "SELECT DATE_ADD(DATE '0001-01-01', INTERVAL -367 DAY)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_ADD('0000-01-31', INTERVAL -1 MONTH)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_ADD('0000-00-00', INTERVAL 1 DAY)", want: "NULL", warn: 1292},
		{q: "SELECT DATE_ADD('2024-02-29', INTERVAL 1 YEAR), DATE_ADD('2024-01-31 10:00:00.5', INTERVAL 1 SECOND)", want: "2025-02-28 | 2024-01-31 10:00:01.500000"},
	})
	for _, q := range []string{
		"SELECT DATE_ADD(TIMESTAMP '0001-01-01 10:00:00', INTERVAL -1 DAY)",
		"SELECT DATE_ADD(DATE '0001-01-01', INTERVAL -1 HOUR)",
		"SELECT DATE_SUB(DATE '2000-01-01', INTERVAL 2000 YEAR)",
		"SELECT CAST('0000-01-01' AS DATE)",
		"SELECT DATE '0000-01-01'",
		"SELECT TIMESTAMP '0000-01-01 10:00:00'",
		"SELECT STR_TO_DATE('0000-01-01', '%Y-%m-%d')",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	mustExec(t, db, "CREATE DATABASE l25")
	mustExec(t, db, "CREATE TABLE l25.y0 (d DATE)")
	if _, err := db.Exec("INSERT INTO l25.y0 VALUES ('0000-01-01')"); mysqlErrNo(err) != 1235 {
		t.Errorf("INSERT 0000-01-01: got %v, want 1235", err)
	}
	wantRows(t, db, "SELECT CAST('0000-05-05' AS DATE), CAST('0000-01-02' AS DATE)", "0000-05-05,0000-01-02")
}

// TestLead25DateVsNumberPastDatetimes: a DATE or DATETIME column compared
// with a number no DATETIME can be (above 99991231235959, or negative) is
// compared as numbers, as MySQL does when convert_constant_item cannot
// store the constant into the column: `d < 1e20` is true. It was read as
// the zero date (false for every date).
func TestLead25DateVsNumberPastDatetimes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE l25")
	mustExec(t, db, "CREATE TABLE l25.dc (id INT PRIMARY KEY, d DATE, dt DATETIME(2), KEY (d))")
	mustExec(t, db, "INSERT INTO l25.dc VALUES (1, '2026-11-01', '2026-11-01 10:00:00.5'), (2, '1999-01-01', '1999-01-01 00:00:00')")
	wantRows(t, db, "SELECT d < 1e20, d > 1e20, 1e20 > d, d > -5, dt < 1e20, d < 99991231235960 FROM l25.dc WHERE id = 1", "1,0,1,1,1,1")
	wantRows(t, db, "SELECT COUNT(*) FROM l25.dc WHERE d < 1e20", "2")
	wantRows(t, db, "SELECT COUNT(*) FROM l25.dc WHERE d < 20000101", "1")
}

// TestLead25AlgorithmCopyTableOptions: a table option (COMMENT,
// AUTO_INCREMENT=, CHARACTER SET) with an explicit ALGORITHM=COPY copies
// the table as MySQL does: the rows are counted and STORED generated
// columns over TIMESTAMPs computed again in the session's zone; the
// option itself still applies. Only the option was set (0 rows).
func TestLead25AlgorithmCopyTableOptions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	conn := pinnedConn(t, db)
	ctx := context.Background()
	for _, q := range []string{
		"CREATE DATABASE l25", "USE l25", "SET time_zone = '+00:00'",
		"CREATE TABLE tg (id INT AUTO_INCREMENT PRIMARY KEY, ts TIMESTAMP NULL, g VARCHAR(30) AS (CAST(ts AS CHAR)) STORED)",
		"INSERT INTO tg (ts) VALUES ('2024-01-01 10:00:00'), ('2024-06-01 10:00:00')",
	} {
		mustExecConn(t, conn, q)
	}
	for _, c := range []struct {
		zone, alter, want string
		rows              int64
	}{
		{"+05:00", "ALTER TABLE tg COMMENT 'x', ALGORITHM=COPY", "2024-01-01 15:00:00", 2},
		{"+03:00", "ALTER TABLE tg AUTO_INCREMENT = 100, ALGORITHM=COPY", "2024-01-01 13:00:00", 2},
		{"+02:00", "ALTER TABLE tg CHARACTER SET utf8mb4, ALGORITHM=COPY", "2024-01-01 12:00:00", 2},
		{"+01:00", "ALTER TABLE tg ALGORITHM=COPY, COMMENT 'y'", "2024-01-01 11:00:00", 2},
		// Without ALGORITHM: in place, nothing copied, as in MySQL.
		{"+06:00", "ALTER TABLE tg COMMENT 'z'", "2024-01-01 11:00:00", 0},
	} {
		mustExecConn(t, conn, "SET time_zone = '"+c.zone+"'")
		res, err := conn.ExecContext(ctx, c.alter)
		if err != nil {
			t.Fatalf("%s: %v", c.alter, err)
		}
		if n, _ := res.RowsAffected(); n != c.rows {
			t.Errorf("%s: %d rows affected, want %d", c.alter, n, c.rows)
		}
		var g string
		if err := conn.QueryRowContext(ctx, "SELECT g FROM tg WHERE id = 1").Scan(&g); err != nil {
			t.Fatal(err)
		}
		if g != c.want {
			t.Errorf("%s under %s: g = %s, want %s", c.alter, c.zone, g, c.want)
		}
	}
	mustExecConn(t, conn, "INSERT INTO tg (ts) VALUES (NULL)")
	wantRows(t, db, "SELECT MAX(id), (SELECT table_comment FROM information_schema.tables WHERE table_schema = 'l25' AND table_name = 'tg') FROM l25.tg", "100,z")
}

// TestLead25BigintVsTrailingText: a BIGINT column compared with a string
// constant that has text after its number is compared as DOUBLEs (MySQL's
// convert_constant_item keeps only a constant the column stores without a
// warning), so 9007199254740992 and 9007199254740993 (one DOUBLE) both
// match; GMS converted the constant to the column's integer
// (9007199254740992 only). A clean integer text stays exact (fix23a).
func TestLead25BigintVsTrailingText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE l25")
	mustExec(t, db, "CREATE TABLE l25.bb (id INT PRIMARY KEY, b BIGINT, u BIGINT UNSIGNED, KEY kb (b))")
	mustExec(t, db, "INSERT INTO l25.bb VALUES (1, 9007199254740993, 9007199254740993), (2, 9007199254740992, 9007199254740992), (3, 9007199254740994, 9007199254740994)")
	for q, want := range map[string]string{
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb WHERE b = '9007199254740993abc'":                   "1,2",
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb IGNORE INDEX (kb) WHERE b = '9007199254740993abc'": "1,2",
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb WHERE '9007199254740993abc' = b":                   "1,2",
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb WHERE u = '9007199254740993abc'":                   "1,2",
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb WHERE b <= '9007199254740993abc'":                  "1,2",
		"SELECT GROUP_CONCAT(id ORDER BY id) FROM l25.bb WHERE b = '9007199254740993'":                      "1",
	} {
		wantRows(t, db, q, want)
	}
}

// TestLead25RollupInStoredBodies: WITH ROLLUP inside a trigger, procedure
// or event body is refused when the body is created (1235); it was left
// with the rewrite's marker (1305 FUNCTION myriad_rollup does not exist
// when it ran), and GROUP BY names there cannot be resolved against the
// FROM tables as MySQL resolves them. A procedure reading a derived table
// that holds a UNION fails with an error and the connection goes on (GMS's
// variable substitution panicked and the connection was dropped).
func TestLead25RollupInStoredBodies(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(1)
	mustExec(t, db, "CREATE DATABASE l25")
	mustExec(t, db, "CREATE TABLE l25.t (id INT PRIMARY KEY, age INT, k INT)")
	mustExec(t, db, "CREATE TABLE l25.src (x INT)")
	mustExec(t, db, "CREATE TABLE l25.log (a INT, n INT)")
	for _, q := range []string{
		"CREATE TRIGGER l25.tr AFTER INSERT ON l25.src FOR EACH ROW INSERT INTO l25.log SELECT MAX(k) AS age, COUNT(*) FROM l25.t GROUP BY age WITH ROLLUP",
		"CREATE PROCEDURE l25.pr() SELECT k, COUNT(*) FROM l25.t GROUP BY k WITH ROLLUP",
		"CREATE PROCEDURE l25.pr2() BEGIN SELECT k, COUNT(*) FROM l25.t GROUP BY k WITH ROLLUP; END",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1235 {
			t.Errorf("%s: got %v, want 1235", q, err)
		}
	}
	mustExec(t, db, "CREATE PROCEDURE l25.pu() SELECT * FROM (SELECT 1 a UNION ALL SELECT 2) d")
	conn := pinnedConn(t, db)
	if _, err := conn.ExecContext(context.Background(), "CALL l25.pu()"); err == nil || mysqlErrNo(err) == 0 {
		t.Errorf("CALL of a UNION derived table: got %v, want a server error", err)
	}
	var one int
	if err := conn.QueryRowContext(context.Background(), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("the connection after the failed CALL: %v", err)
	}
}

// TestLead25HybridDateNumbers: a date function whose result is a string
// (its argument is one: DATE_ADD('2024-01-01', INTERVAL 1 DAY), ADDTIME
// and TIMESTAMPADD of texts) reads as the date's or time's number in
// numeric context, as MySQL's Item_temporal_hybrid_func does; GMS took the
// text's numeric prefix (2024, and 0 for unary minus).
func TestLead25HybridDateNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	// CONCAT shows the server's text of each DOUBLE (the driver would
	// print its own).
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT CONCAT(DATE_ADD('2024-01-01', INTERVAL 1 DAY) + 0), CONCAT(DATE_ADD('2024-01-01 10:00:00.5', INTERVAL 1 DAY) + 0)", want: "20240102 | 20240102100000.5"},
		{q: "SELECT CONCAT(-DATE_ADD('2024-01-01', INTERVAL 1 DAY)), CONCAT(ABS(DATE_SUB('2024-01-03', INTERVAL 1 DAY))), DATE_ADD('2024-01-01', INTERVAL 1 DAY) DIV 100", want: "-20240102 | 20240102 | 202401"},
		{q: "SELECT CONCAT(ADDTIME('2024-01-01 10:00:00', '1:00') + 0), CONCAT(ADDTIME('10:00:00', '1:00') + 0), CONCAT(SUBTIME('2024-01-01 10:00:00', '1:00') * 1)", want: "20240101110000 | 110000 | 20240101090000"},
		{q: "SELECT CONCAT(TIMESTAMPADD(DAY, 1, '2024-01-01') + 0), CAST(DATE_ADD('2024-01-01', INTERVAL 1 DAY) AS SIGNED), CAST(DATE_ADD('2024-01-01', INTERVAL 1 DAY) AS DECIMAL(12,2))", want: "20240102 | 20240102 | 20240102.00"},
		{q: "SELECT DATE_ADD('2024-01-01', INTERVAL 1 DAY), CONCAT(DATE_ADD('2024-01-01', INTERVAL 1 DAY), ''), LENGTH(DATE_ADD('2024-01-01', INTERVAL 1 DAY))", want: "2024-01-02 | 2024-01-02 | 10"},
		{q: "SELECT CONCAT(DATE_SUB('0001-01-01', INTERVAL 1 YEAR) + 0)", want: "101"},
		// A cast to an integer rounds the date's decimal half up
		// (val_int_from_decimal).
		{q: "SELECT CAST(DATE_ADD('2024-01-01 10:00:00.5', INTERVAL 1 DAY) AS SIGNED), CAST(DATE_ADD('2024-01-01 10:00:00.123456', INTERVAL 1 DAY) AS DECIMAL(30,6))", want: "20240102100001 | 20240102100000.123456"},
	})
	wantRows(t, db, "SELECT CONCAT(SUM(DATE_ADD('2024-01-01', INTERVAL 1 DAY))), CONCAT(FLOOR(DATE_ADD('2024-01-01', INTERVAL 1 DAY)))", "20240102,20240102")
}

// TestLead25JSONTemporals: a DATE, TIME, DATETIME or TIMESTAMP made JSON
// keeps its type, as MySQL's JSON does: JSON_TYPE says DATE/TIME/DATETIME
// (was STRING), a JSON date is not equal to the JSON string of its text,
// and dates order among JSON types above booleans; the type survives a
// JSON column (stored with its kind), JSON_SET, JSON_ARRAYAGG and
// extraction. Its text reads back through JSON_UNQUOTE, ->>, JSON_VALUE,
// JSON_TABLE and casts to temporal types (CAST(json AS DATE) was NULL for
// every JSON value). JSON_MERGE_PATCH keeps DECIMALs and dates of its
// first document (GMS's copy made them null).
func TestLead25JSONTemporals(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE l25")
	for q, want := range map[string]string{
		"SELECT JSON_TYPE(CAST(CAST('2026-11-01 01:30:00' AS DATETIME) AS JSON)), JSON_TYPE(CAST(DATE '2026-11-01' AS JSON)), JSON_TYPE(CAST(TIME '01:30:00' AS JSON))": "DATETIME,DATE,TIME",
		"SELECT CAST(CAST('2026-11-01 01:30:00' AS DATETIME) AS JSON), JSON_OBJECT('t', DATE '2026-11-01')":                                                             `"2026-11-01 01:30:00.000000",{"t": "2026-11-01"}`,
		"SELECT CAST(DATE '2026-11-01' AS JSON) = CAST('\"2026-11-01\"' AS JSON), JSON_ARRAY(DATE '2026-11-01') = JSON_ARRAY('2026-11-01')":                             "0,0",
		"SELECT CAST(DATE '2026-11-01' AS JSON) < CAST(DATE '2026-11-02' AS JSON), CAST(DATE '2026-11-01' AS JSON) > CAST('true' AS JSON)":                              "1,1",
		"SELECT JSON_TYPE(JSON_EXTRACT(JSON_SET('{}', '$.t', TIME '10:00:00'), '$.t')), JSON_UNQUOTE(CAST(DATE '2026-11-01' AS JSON))":                                  "TIME,2026-11-01",
		"SELECT JSON_VALUE(JSON_OBJECT('t', DATE '2026-11-01'), '$.t'), CAST(CAST(DATE '2026-11-01' AS JSON) AS DATE), CAST(CAST('\"2026-11-02\"' AS JSON) AS DATE)":    "2026-11-01,2026-11-01,2026-11-02",
		"SELECT JSON_MERGE_PATCH(JSON_OBJECT('n', 1.50, 't', DATE '2026-11-01', 's', 'x'), '{\"s\": null}')":                                                            `{"n": 1.50, "t": "2026-11-01"}`,
		"SELECT JSON_STORAGE_SIZE(CAST(DATE '2026-11-01' AS JSON)), JSON_STORAGE_SIZE(JSON_OBJECT('t', DATE '2026-11-01'))":                                             "11,23",
	} {
		wantRows(t, db, q, want)
	}
	mustExec(t, db, "CREATE TABLE l25.j (id INT PRIMARY KEY, d DATE, doc JSON)")
	mustExec(t, db, "INSERT INTO l25.j VALUES (1, '2026-11-01', JSON_OBJECT('t', DATE '2026-11-01', 's', 'x')), (2, '2026-10-01', CAST(TIMESTAMP '2026-10-01 10:00:00' AS JSON)), (3, '2026-12-01', '\"2026-12-01\"')")
	wantRows(t, db, "SELECT id, JSON_TYPE(doc), JSON_TYPE(JSON_EXTRACT(doc, '$.t')), doc->>'$.t' FROM l25.j ORDER BY id",
		"1,OBJECT,DATE,2026-11-01", "2,DATETIME,NULL,NULL", "3,STRING,NULL,NULL")
	wantRows(t, db, "SELECT id FROM l25.j ORDER BY doc", "3", "1", "2")
	// GROUP_CONCAT's ORDER BY sorts JSON as ORDER BY does (it sorted the
	// JSON texts as strings).
	wantRows(t, db, "SELECT GROUP_CONCAT(id ORDER BY doc), GROUP_CONCAT(doc->>'$.t' ORDER BY doc DESC) FROM l25.j", "3,1,2,2026-11-01")
	mustExec(t, db, "CREATE TABLE l25.g (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, `INSERT INTO l25.g VALUES (1, '"b"'), (2, '1'), (3, '[1]'), (4, 'true')`)
	wantRows(t, db, "SELECT GROUP_CONCAT(id ORDER BY doc), GROUP_CONCAT(doc ORDER BY doc DESC) FROM l25.g", `2,1,3,4,true,[1],"b",1`)
	wantRows(t, db, "SELECT JSON_TYPE(JSON_EXTRACT(JSON_ARRAYAGG(d), '$[0]')) FROM l25.j", "DATE")
	wantRows(t, db, "SELECT jt.t FROM l25.j, JSON_TABLE(j.doc, '$' COLUMNS (t DATE PATH '$.t')) AS jt WHERE j.id = 1", "2026-11-01")
}

// TestLead25Latin1StringFunctions: REPLACE, LPAD, RPAD, LEFT, RIGHT,
// REPEAT, INSERT, SUBSTRING_INDEX and ELT of a latin1 column are typed in
// latin1, as MySQL aggregates their arguments' collations: LENGTH counts
// latin1 bytes and HEX shows them (GMS typed them utf8mb4: LENGTH of
// REPLACE(v, ...) of 'éé' was 4, HEX C3A9C3A9). The values are unchanged.
func TestLead25Latin1StringFunctions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE l25")
	mustExec(t, db, "CREATE TABLE l25.l (id INT PRIMARY KEY, v VARCHAR(20) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO l25.l VALUES (1, 'éé')")
	wantRows(t, db, "SELECT LENGTH(REPLACE(v, 'x', 'y')), LENGTH(LPAD(v, 4, 'a')), LENGTH(RPAD(v, 4, 'a')), LENGTH(LEFT(v, 1)), LENGTH(RIGHT(v, 1)), LENGTH(REPEAT(v, 2)), LENGTH(INSERT(v, 1, 1, 'x')), LENGTH(SUBSTRING_INDEX(v, 'x', 1)), LENGTH(ELT(1, v)) FROM l25.l",
		"2,4,4,1,1,4,2,2,2")
	wantRows(t, db, "SELECT HEX(REPLACE(v, 'x', 'y')), REPLACE(v, 'é', 'ü'), LPAD(v, 4, 'a'), REPLACE(v, 'é', 'e') = 'ee' FROM l25.l", "E9E9,üü,aaéé,1")
}
