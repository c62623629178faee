package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	gmssql "github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// TestPreparedOperatorRewrites: a COM_STMT_PREPARE is parsed by the
// protocol library before any handler sees it, and the wire guard gave
// that parser only some of the text passes the engine's parser makes:
// compound INTERVAL units, TRIM(side FROM s), 0b literals, INTERVAL(N,
// ...), @v := x were 1064 prepared while the text protocol answered. Each
// runs here as text and prepared, with its column named as written; the
// -- and $ rewrites of sqltext.Rewrite keep working prepared.
func TestPreparedOperatorRewrites(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT DATE_ADD('2000-01-01', INTERVAL '1:2' DAY_HOUR), '2000-01-01' - INTERVAL '1-2' YEAR_MONTH", want: "2000-01-02 02:00:00 | 1998-11-01"},
		{q: "SELECT TRIM(LEADING FROM '  x  '), TRIM(TRAILING FROM '  x  '), TRIM(BOTH FROM '  x  ')", want: "x   |   x | x"},
		{q: "SELECT 0b101 + 0, INTERVAL(5, 1, 10), NULL IS UNKNOWN, ROW(1, 2) = (1, 2)", want: "5 | 1 | 1 | 1"},
		{q: "SELECT @p18 := 3, @p18 + 1", want: "3 | 4"},
		{q: "SELECT 7--1, 1 AS crafted_alia$", want: "8 | 1"},
		{q: "SELECT TIMESTAMPADD(MINUTE, 1, DATE '2024-01-02')", want: "2024-01-02 00:01:00"},
	})
	ctx := context.Background()
	for _, c := range []struct {
		q    string
		args []any
		want string
		name string
	}{
		{"SELECT DATE_ADD(?, INTERVAL '1:2' DAY_HOUR)", []any{"2000-01-01"}, "2000-01-02 02:00:00", "DATE_ADD(?, INTERVAL '1:2' DAY_HOUR)"},
		{"SELECT DATE_ADD(?, INTERVAL ? MINUTE_SECOND)", []any{"2000-01-01", "1:30"}, "2000-01-01 00:01:30", ""},
		{"SELECT TRIM(LEADING FROM ?)", []any{"  a "}, "a ", "TRIM(LEADING FROM ?)"},
		{"SELECT 1 FROM (SELECT 1 AS x) d WHERE ? > ALL (SELECT 0) AND TRIM(BOTH FROM ?) = 'b'", []any{1, " b "}, "1", ""},
		{"SELECT ?--1", []any{5}, "6", ""},
	} {
		stmt, err := db.PrepareContext(ctx, c.q)
		if err != nil {
			t.Errorf("prepare %s: %v", c.q, err)
			continue
		}
		rows, err := stmt.QueryContext(ctx, c.args...)
		if err != nil {
			t.Errorf("%s: %v", c.q, err)
			stmt.Close()
			continue
		}
		cols, _ := rows.Columns()
		var got sql.NullString
		if !rows.Next() {
			t.Errorf("%s: no row (%v)", c.q, rows.Err())
		} else if err := rows.Scan(&got); err != nil {
			t.Errorf("%s: %v", c.q, err)
		} else if got.String != c.want {
			t.Errorf("%s: got %q, want %q", c.q, got.String, c.want)
		}
		if c.name != "" && (len(cols) != 1 || cols[0] != c.name) {
			t.Errorf("%s: columns %q, want %q", c.q, cols, c.name)
		}
		rows.Close()
		stmt.Close()
	}
}

// recordingParser hands what it parses to inner and keeps the text.
type recordingParser struct {
	inner gmssql.Parser
	got   []string
}

func (r *recordingParser) ParseSimple(q string) (ast.Statement, error) {
	r.got = append(r.got, q)
	return r.inner.ParseSimple(q)
}

func (r *recordingParser) Parse(ctx *gmssql.Context, q string, multi bool) (ast.Statement, string, string, error) {
	r.got = append(r.got, q)
	return r.inner.Parse(ctx, q, multi)
}

func (r *recordingParser) ParseWithOptions(ctx context.Context, q string, d rune, multi bool, o ast.ParserOptions) (ast.Statement, string, string, error) {
	r.got = append(r.got, q)
	return r.inner.ParseWithOptions(ctx, q, d, multi, o)
}

func (r *recordingParser) ParseOneWithOptions(ctx context.Context, q string, o ast.ParserOptions) (ast.Statement, int, error) {
	r.got = append(r.got, q)
	return r.inner.ParseOneWithOptions(ctx, q, o)
}

// TestParserTextIsEngineText: sqltext.ParserText, which the wire guard
// hands the protocol library's parser, is the text the engine's parser
// chain (sqlfunc.Parser over doParser) hands the grammar, for statements
// with each of their passes: the two cannot drift apart unnoticed.
func TestParserTextIsEngineText(t *testing.T) {
	rec := &recordingParser{inner: gmssql.NewMysqlParser()}
	p := sqlfunc.NewParser(&doParser{inner: rec})
	for _, q := range []string{
		"SELECT DATE_ADD(?, INTERVAL '1:2' DAY_HOUR)",
		"SELECT TRIM(LEADING FROM ?), 0b11, x IS NOT UNKNOWN, INTERVAL(1, 2, 3), ROW(1, 2) = ROW(?, ?) FROM t",
		"SELECT @v := a + 1 FROM t",
		"SELECT DATE '2024-01-02', TIME '10:00'",
		"SELECT a FROM t WHERE a > ALL (SELECT b FROM u) GROUP BY a WITH ROLLUP",
		"SELECT a FROM t WHERE a = ANY (SELECT b FROM u WHERE TRIM(BOTH FROM b) = ?)",
		"SELECT 1",
	} {
		rec.got = nil
		if _, err := p.ParseSimple(q); err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		want := sqltext.ParserText(q)
		if len(rec.got) == 0 || rec.got[0] != want {
			t.Errorf("%s:\nengine's grammar read %q\nParserText          %q", q, rec.got, want)
		}
		if strings.Contains(q, "?") && want == q && q != "SELECT 1" {
			t.Errorf("%s: ParserText changed nothing", q)
		}
	}
}

// TestDateAddLongSpans: DATE_ADD, DATE_SUB, TIMESTAMPADD and ± INTERVAL
// with days to microseconds beyond ~292 years, which GMS added as a
// time.Duration that wrapped (INTERVAL 200000 DAY from 2000-01-01 was
// 1963-01-11, 3000000 HOUR 1757-09-07 00:25:26.290448): computed from
// day numbers as MySQL's date_add_interval; beyond 9999-12-31 (or before
// 0001-01-01) NULL with warning 1441, which a DATE or DATETIME argument
// left out. A TIME argument's interval is bounded before it is summed.
func TestDateAddLongSpans(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE da")
	mustExec(t, db, "CREATE TABLE da.t (d DATE, dt DATETIME(6), n BIGINT)")
	mustExec(t, db, "INSERT INTO da.t VALUES ('2000-01-01', '2000-01-01 00:00:00.5', 200000)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT DATE_ADD('2000-01-01', INTERVAL 200000 DAY), DATE_ADD('2000-01-01', INTERVAL '120000 1' DAY_HOUR), DATE_ADD('2000-01-01', INTERVAL 3000000 HOUR)", want: "2547-08-01 | 2328-07-20 01:00:00 | 2342-03-29 00:00:00"},
		{q: "SELECT DATE '2000-01-01' - INTERVAL 200000 DAY, TIMESTAMPADD(DAY, 200000, '2000-01-01'), DATE_ADD('2000-01-01', INTERVAL -3000000 HOUR)", want: "1452-06-02 | 2547-08-01 | 1657-10-05 00:00:00"},
		{q: "SELECT DATE_ADD(DATE '2000-01-01', INTERVAL 2000000 DAY), TIMESTAMPADD(HOUR, 3000000, TIMESTAMP '2000-01-01 00:00:00'), DATE_SUB(DATE '2000-01-01', INTERVAL '120000 1' DAY_HOUR)", want: "7475-10-25 | 2342-03-29 00:00:00 | 1671-06-13 23:00:00", types: "DATE | DATETIME | DATETIME"},
		{q: "SELECT TIMESTAMPADD(MINUTE, 300000000, '2000-01-01'), DATE_ADD(TIMESTAMP '2000-01-01 00:00:00', INTERVAL 10000000000.5 SECOND)", want: "2570-05-25 08:00:00 | 2316-11-20 17:46:40.5"},
		{q: "SELECT d + INTERVAL n DAY, dt - INTERVAL n * 24 HOUR, DATE_ADD(dt, INTERVAL CONCAT(n, ':1') DAY_HOUR) FROM da.t", want: "2547-08-01 | 1452-06-02 00:00:00.500000 | 2547-08-01 01:00:00.500000"},
		{q: "SELECT DATE_ADD(DATE '9999-12-31', INTERVAL 1 DAY)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_SUB(DATE '0001-01-01', INTERVAL 367 DAY)", want: "NULL", warn: 1441},
		// A day count into year 0 is MySQL's zero date (get_date_from_daynr).
		{q: "SELECT DATE_SUB(DATE '0001-01-01', INTERVAL 1 DAY)", want: "0000-00-00"},
		{q: "SELECT DATE_ADD('2000-01-01', INTERVAL 9223372036854775807 SECOND)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_ADD('2000-01-01', INTERVAL 100000000000000.5 SECOND)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_ADD('2000-01-01', INTERVAL 1000000 WEEK)", want: "NULL", warn: 1441},
		{q: "SELECT DATE_ADD(TIME '10:00:00', INTERVAL 106751991167301 DAY)", want: "NULL", warn: 1441},
		{q: "SELECT TIME '10:00:00' + INTERVAL 2562047788015215 HOUR", want: "NULL", warn: 1441},
	})
}

// TestTSIUnitSpellings: the SQL_TSI_ spellings of interval units, which
// MySQL's lexer reads as the units (TIMESTAMPDIFF(SQL_TSI_HOUR, a, b)),
// were 1064; a column called sql_tsi_day is still a column, and the
// result column is named as written.
func TestTSIUnitSpellings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE da")
	mustExec(t, db, "CREATE TABLE da.t (sql_tsi_day INT, d DATE)")
	mustExec(t, db, "INSERT INTO da.t VALUES (3, '2024-02-29')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT TIMESTAMPDIFF(SQL_TSI_HOUR, '2000-01-01', '2000-01-02'), TIMESTAMPDIFF(sql_tsi_month, '2000-01-01', '2001-01-01'), TIMESTAMPDIFF(SQL_TSI_QUARTER, '2000-01-01', '2001-01-01')", want: "24 | 12 | 4"},
		{q: "SELECT TIMESTAMPADD(SQL_TSI_DAY, 1, '2000-01-01'), TIMESTAMPADD(SQL_TSI_WEEK, 1, '2000-01-01'), TIMESTAMPADD(SQL_TSI_SECOND, 1, '2000-01-01'), TIMESTAMPADD(SQL_TSI_MINUTE, 1, '2000-01-01'), TIMESTAMPADD(SQL_TSI_YEAR, 1, '2000-01-01')", want: "2000-01-02 | 2000-01-08 | 2000-01-01 00:00:01 | 2000-01-01 00:01:00 | 2001-01-01"},
		{q: "SELECT d + INTERVAL sql_tsi_day SQL_TSI_DAY, EXTRACT(SQL_TSI_MONTH FROM d), sql_tsi_day FROM da.t", want: "2024-03-03 | 2 | 3"},
	})
	var name string
	rows, err := db.Query("SELECT TIMESTAMPDIFF(SQL_TSI_HOUR, '2000-01-01', '2000-01-02')")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if len(cols) == 1 {
		name = cols[0]
	}
	if want := "TIMESTAMPDIFF(SQL_TSI_HOUR, '2000-01-01', '2000-01-02')"; name != want {
		t.Errorf("column %q, want %q", name, want)
	}
}

// TestTimeYearMonthInterval: TIME ± an interval of years or months is a
// TIME (MySQL's Item_date_add_interval::resolve_type gives a TIME argument
// a TIME result whatever the unit) and NULL with warning 1441 "time field
// overflow" (get_time_internal refuses interval.year and interval.month);
// MariaDB answers a DATETIME. SQL PREPARE reads its text through the
// engine's parser, with every pass.
func TestTimeYearMonthInterval(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT DATE_ADD(TIME '10:00:00', INTERVAL '1-1' YEAR_MONTH)", want: "NULL", warn: 1441, types: "TIME"},
		{q: "SELECT TIME '10:00:00' - INTERVAL 1 MONTH", want: "NULL", warn: 1441, types: "TIME"},
		{q: "SELECT DATE_ADD(TIME '10:00:00', INTERVAL '1:2' DAY_HOUR)", want: "36:00:00", types: "TIME"},
	})
	conn := pinnedConn(t, db)
	defer conn.Close()
	mustExec(t, conn, `PREPARE p18 FROM 'SELECT DATE_ADD(?, INTERVAL ''1:2'' DAY_HOUR), TRIM(LEADING FROM ?), TIMESTAMPDIFF(SQL_TSI_HOUR, ?, ''2000-01-02'')'`)
	mustExec(t, conn, "SET @d = '2000-01-01', @s = '  a'")
	var a, b, c string
	if err := conn.QueryRowContext(context.Background(), "EXECUTE p18 USING @d, @s, @d").Scan(&a, &b, &c); err != nil {
		t.Fatal(err)
	}
	if got := a + " | " + b + " | " + c; got != "2000-01-02 02:00:00 | a | 24" {
		t.Errorf("EXECUTE p18: %s", got)
	}
}
