package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// gcFieldText is a result field's type, length and NOT NULL flag as
// "TEXT 4096 null" / "... notnull".
func gcFieldText(f *querypb.Field) string {
	nn := "null"
	if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
		nn = "notnull"
	}
	blob := ""
	if f.Flags&uint32(querypb.MySqlFlag_BLOB_FLAG) != 0 {
		blob = " blob"
	}
	return fmt.Sprintf("%s %d %s%s", f.Type, f.ColumnLength, nn, blob)
}

// TestMeta27GroupConcatFields: a GROUP_CONCAT result field is nullable and
// as long as MySQL 8.0's Item_func_group_concat makes it (max_chars =
// group_concat_max_len / mbminlen; past 512 characters a BLOB of
// max_chars * mbmaxlen bytes, sent as bytes / mbminlen * the results'
// mbmaxlen; else VARCHAR(max_chars)), also through a derived table, a view
// and a CTE, and under SET NAMES latin1 and character_set_results NULL.
// It was NOT NULL with GMS's TEXT length 262140 whatever the limit.
func TestMeta27GroupConcatFields(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE m27",
		"CREATE TABLE m27.t (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10), n INT NOT NULL)",
		"INSERT INTO m27.t VALUES (1, 'a', 'b', 1), (2, 'c', 'd', 2)",
		"CREATE VIEW m27.vg AS SELECT id, GROUP_CONCAT(v) AS g FROM m27.t GROUP BY id",
	} {
		mustExec(t, db, q)
	}
	q := "SELECT GROUP_CONCAT(v), GROUP_CONCAT(u) AS g2, GROUP_CONCAT(n ORDER BY n DESC) FROM t"
	for _, c := range []struct {
		setup []string
		q     string
		want  []string
		rows  string
	}{
		{nil, q, []string{"TEXT 4096 null", "TEXT 16384 null", "TEXT 16384 null"}, "a,c,b,d,2,1"},
		{[]string{"SET group_concat_max_len = 100"}, q, []string{"VARCHAR 400 null", "VARCHAR 400 null", "VARCHAR 400 null"}, "a,c,b,d,2,1"},
		{[]string{"SET group_concat_max_len = 100000"}, q, []string{"TEXT 400000 null", "TEXT 1600000 null", "TEXT 1600000 null"}, "a,c,b,d,2,1"},
		{[]string{"SET NAMES latin1"}, q, []string{"TEXT 1024 null", "TEXT 4096 null", "TEXT 4096 null"}, "a,c,b,d,2,1"},
		{[]string{"SET character_set_results = NULL"}, q, []string{"TEXT 1024 null", "TEXT 4096 null", "TEXT 4096 null"}, "a,c,b,d,2,1"},
		{nil, "SELECT id, GROUP_CONCAT(u) FROM t GROUP BY id HAVING COUNT(*) > 0 ORDER BY 2 DESC LIMIT 1", []string{"INT32 11 notnull", "TEXT 16384 null"}, "2,d"},
		{nil, "SELECT x FROM (SELECT GROUP_CONCAT(v) AS x FROM t) d WHERE x IS NOT NULL", []string{"TEXT 4096 null blob"}, "a,c"},
		{nil, "SELECT g FROM vg ORDER BY id", []string{"TEXT 4096 null blob"}, "a c"},
		{nil, "WITH c AS (SELECT GROUP_CONCAT(u) AS x FROM t) SELECT x FROM c", []string{"TEXT 16384 null blob"}, "b,d"},
		// A GROUP_CONCAT of no rows is NULL: the flag said it could not be.
		{nil, "SELECT GROUP_CONCAT(v) FROM t WHERE id > 5", []string{"TEXT 4096 null"}, "NULL"},
	} {
		// vitess's client reads results in utf8mb3 unless told.
		rows, fields := rawTextAfter(t, ts, "m27", append([]string{"SET NAMES utf8mb4"}, c.setup...), c.q)
		var got []string
		for _, f := range fields {
			got = append(got, gcFieldText(f))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || strings.ReplaceAll(rows, " ", "") != strings.ReplaceAll(c.rows, " ", "") && rows != c.rows {
			t.Errorf("%v %s: fields %v rows %q, want %v %q", c.setup, c.q, got, rows, c.want, c.rows)
		}
	}

	// go-sql-driver's ColumnTypes (it reports no length), text protocol
	// and prepared (the plan cache's second execution included).
	conn := pinnedConn(t, ts.connect("m27"))
	ctx := context.Background()
	for _, prepared := range []bool{false, true, true} {
		var cts []interface{ Nullable() (bool, bool) }
		if prepared {
			st, err := conn.PrepareContext(ctx, "SELECT GROUP_CONCAT(v) FROM t WHERE id > ?")
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.QueryContext(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			ct, _ := rows.ColumnTypes()
			for _, c := range ct {
				cts = append(cts, c)
			}
			rows.Close()
			st.Close()
		} else {
			rows, err := conn.QueryContext(ctx, "SELECT GROUP_CONCAT(v) FROM t")
			if err != nil {
				t.Fatal(err)
			}
			ct, _ := rows.ColumnTypes()
			for _, c := range ct {
				cts = append(cts, c)
			}
			rows.Close()
		}
		if nullable, ok := cts[0].Nullable(); !ok || !nullable {
			t.Errorf("prepared %v: Nullable %v %v, want true", prepared, nullable, ok)
		}
	}
}

// TestMeta27RoundTruncateText: ROUND(x, D) and TRUNCATE(x, D) of a DOUBLE
// read as a string print D decimals (Item_func_round's decimals, which
// val_str prints with my_fcvt) whatever x's own: CONCAT, LENGTH, CAST AS
// CHAR, LPAD, UPPER, LIKE, GROUP_CONCAT, CONCAT_WS, a string IF, through a
// derived table, a view and a CTE; they printed the shortest DOUBLE ('2.5',
// LENGTH 3). An expression stored into a TEXT or VARCHAR column keeps its
// shortest text (Item::save_in_field stores the double), also a FLOAT(M,D)
// expression (f * 2 into TEXT was '5.00'; MySQL and MariaDB '5').
func TestMeta27RoundTruncateText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE m27",
		"CREATE TABLE m27.f (id INT PRIMARY KEY, f DOUBLE, g FLOAT, s VARCHAR(20), i INT)",
		"INSERT INTO m27.f VALUES (1, 2.5, 2.5, '2.5', 2), (2, -1.23456, 1.25, 'abc', -7), (3, 1e20, 3.5, '1e3', 0)",
		"CREATE VIEW m27.vr AS SELECT id, ROUND(f, 2) AS x FROM m27.f",
		"CREATE TABLE m27.sc (id INT PRIMARY KEY, f FLOAT(7,2))",
		"INSERT INTO m27.sc VALUES (1, 2.5)",
		"CREATE TABLE m27.tv (id INT PRIMARY KEY, v VARCHAR(30), t TEXT)",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT CONCAT(ROUND(f, 2)), LENGTH(TRUNCATE(f, 3)), CONCAT(ROUND(g, 3)), CONCAT(ROUND(s, 2)), CONCAT(ROUND(i, 2)) FROM f ORDER BY id",
			"2.50,5,2.500,2.50,2 -1.23,6,1.250,0.00,-7 100000000000000000000.00,24,3.500,1000.00,0"},
		{"SELECT CAST(ROUND(f, 2) AS CHAR), LPAD(ROUND(f, 1), 8, '*'), UPPER(TRUNCATE(f, 4)), ROUND(f, 2) LIKE '%0', CONCAT(ROUND(f)), CONCAT(ROUND(f, 30)) FROM f WHERE id = 1",
			"2.50,*****2.5,2.5000,1,2,2.500000000000000000000000000000"},
		// D past 30 is not fixed: the shortest text.
		{"SELECT CONCAT(ROUND(f, 40)), CONCAT(ROUND(2.5e0, 2)), CONCAT(ROUND('2.5', 2)), CONCAT(TRUNCATE(2.5e0, 3)), LENGTH(ROUND(2.5e0, 2)) FROM f WHERE id = 2",
			"-1.23456,2.50,2.50,2.500,4"},
		{"SELECT GROUP_CONCAT(ROUND(f, 2) ORDER BY id), CONCAT_WS('|', ROUND(AVG(g), 1), TRUNCATE(MAX(g), 2)) FROM f WHERE id < 3",
			"2.50,-1.23,1.9|2.50"},
		{"SELECT CONCAT(IF(id > 0, ROUND(f, 2), 'x')), CONCAT(ROUND(f, 2) + 0), CONCAT(-ROUND(f, 2)) FROM f ORDER BY id",
			"2.50,2.50,-2.50 -1.23,-1.23,1.23 100000000000000000000.00,100000000000000000000.00,-100000000000000000000.00"},
		{"SELECT CONCAT(x), IF(id > 0, x, 'a') FROM (SELECT id, ROUND(f, 2) AS x FROM f) d ORDER BY id",
			"2.50,2.50 -1.23,-1.23 100000000000000000000.00,100000000000000000000.00"},
		{"SELECT CONCAT(x), LENGTH(x) FROM vr ORDER BY id", "2.50,4 -1.23,5 100000000000000000000.00,24"},
		{"WITH c AS (SELECT id, TRUNCATE(f, 1) AS y FROM f) SELECT CONCAT(y) FROM c ORDER BY id", "2.5 -1.2 100000000000000000000.0"},
		// A comparison with a string compares numbers.
		{"SELECT ROUND(f, 2) = '2.50', ROUND(f, 2) = '2.5' FROM f WHERE id = 1", "1,1"},
	} {
		if got, _ := rawTextAfter(t, ts, "m27", nil, c.q); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.q, got, c.want)
		}
	}
	for _, q := range []string{
		"INSERT INTO tv SELECT id, ROUND(f, 2), ROUND(f, 2) FROM f",
		"INSERT INTO tv SELECT id + 10, f, f FROM sc",
		"INSERT INTO tv SELECT id + 11, f * 2, f * 2 FROM sc",
		"INSERT INTO tv VALUES (20, ROUND(2.5e0, 2), ROUND(2.5e0, 2))",
		"INSERT INTO tv VALUES (21, 'x', 'x')",
		"UPDATE tv SET v = TRUNCATE(2.5e0, 3), t = TRUNCATE(2.5e0, 3) WHERE id = 21",
	} {
		rawTextAfter(t, ts, "m27", []string{q}, "SELECT 1")
	}
	if got, _ := rawTextAfter(t, ts, "m27", nil, "SELECT v, t FROM tv ORDER BY id"); got != "2.5,2.5 -1.23,-1.23 1e20,1e20 2.5,2.50 5,5 2.5,2.5 2.5,2.5" {
		t.Errorf("stored texts: %s", got)
	}
}

// TestMeta27NullableAggregates: MIN, MAX, SUM, AVG, STD/VARIANCE,
// JSON_ARRAYAGG and JSON_OBJECTAGG result fields are nullable (MySQL's
// maybe_null: no rows, or only NULLs, give NULL), also as window
// functions and through a derived table and a view; COUNT and BIT_AND stay
// NOT NULL. GMS flagged them NOT NULL, which go-sql-driver reports as
// ColumnType.Nullable false for a column that is NULL over no rows.
func TestMeta27NullableAggregates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE m27",
		"CREATE TABLE m27.f (id INT PRIMARY KEY, f DOUBLE NOT NULL, s VARCHAR(20) NOT NULL, i INT NOT NULL)",
		"INSERT INTO m27.f VALUES (1, 2.5, 'a', 2), (2, 1.5, 'b', 3)",
		"CREATE VIEW m27.mv AS SELECT id, MIN(f) AS mf, MAX(s) AS ms, COUNT(*) AS c FROM m27.f GROUP BY id",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ q, want, rows string }{
		{"SELECT MIN(s), MAX(i), MIN(f), SUM(f), AVG(i), STD(f), VARIANCE(i), JSON_ARRAYAGG(i), JSON_OBJECTAGG(id, s), COUNT(*), BIT_AND(i) FROM f WHERE id > 5",
			"null null null null null null null null null notnull notnull", "NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,18446744073709551615"},
		{"SELECT id, MAX(i) OVER (), MIN(s) OVER (PARTITION BY id) FROM f ORDER BY id", "notnull null null", "1,3,a 2,3,b"},
		{"SELECT x, y FROM (SELECT MIN(s) AS x, COUNT(*) AS y FROM f WHERE id > 5) d", "null notnull", "NULL,0"},
		{"SELECT mf, ms, c FROM mv ORDER BY id", "null null notnull", "2.5,a,1 1.5,b,1"},
	} {
		rows, fields := rawTextAfter(t, ts, "m27", nil, c.q)
		var got []string
		for _, f := range fields {
			if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
				got = append(got, "notnull")
			} else {
				got = append(got, "null")
			}
		}
		if strings.Join(got, " ") != c.want || rows != c.rows {
			t.Errorf("%s: flags %v rows %q, want %s %q", c.q, got, rows, c.want, c.rows)
		}
	}
	// The binary protocol, twice (the plan cache's run).
	conn := pinnedConn(t, ts.connect("m27"))
	for run := 0; run < 2; run++ {
		st, err := conn.PrepareContext(context.Background(), "SELECT MIN(s), COUNT(*) FROM f WHERE id > ?")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := st.QueryContext(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		cts, _ := rows.ColumnTypes()
		n0, _ := cts[0].Nullable()
		n1, _ := cts[1].Nullable()
		rows.Close()
		st.Close()
		if !n0 || n1 {
			t.Errorf("run %d: Nullable MIN %v COUNT %v, want true false", run, n0, n1)
		}
	}
}

// TestMeta27NullableExpressions: expressions that can be NULL over NOT
// NULL columns are nullable fields: IF with a nullable value (GMS looked
// at the first only), DIV and % (a zero divisor), a function or
// arithmetic over them, CASE without ELSE, and the functions MySQL makes
// maybe_null whatever their arguments (FROM_BASE64, DATE, LAST_DAY, CAST
// AS TIME, SQRT, JSON_EXTRACT ...). They were flagged NOT NULL and then
// sent NULL. An expression that cannot be NULL stays NOT NULL.
func TestMeta27NullableExpressions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE m27",
		"CREATE TABLE m27.nn (id INT PRIMARY KEY, a INT NOT NULL, b INT, s VARCHAR(10) NOT NULL, t VARCHAR(10))",
		"INSERT INTO m27.nn VALUES (1, 0, NULL, 'x', NULL)",
	} {
		mustExec(t, db, q)
	}
	q := "SELECT IF(a > 0, s, t), a DIV a, a % a, IF(a > 0, 1, NULL), UPPER(IF(a > 0, s, t)), (a DIV a) + 1, CONCAT(s, a % a), " +
		"CASE WHEN a > 0 THEN s END, IF(a > 0, s, 'x'), a + 1, LENGTH(s) FROM nn"
	rows, fields := rawTextAfter(t, ts, "m27", nil, q)
	var got []string
	for _, f := range fields {
		if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
			got = append(got, "notnull")
		} else {
			got = append(got, "null")
		}
	}
	want := "null null null null null null null null notnull notnull notnull"
	if strings.Join(got, " ") != want || rows != "NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,x,1,1" {
		t.Errorf("flags %v rows %q, want %s", got, rows, want)
	}
	// Functions MySQL makes nullable whatever their arguments: a value out
	// of their domain, an invalid date, a missing JSON path give NULL.
	q = "SELECT FROM_BASE64(s), INET_ATON(s), DATE(s), LAST_DAY(s), CAST(s AS TIME), YEAR(s), " +
		"JSON_EXTRACT('{}', CONCAT('$.', s)), UNHEX(s), SQRT(a - 1), LOG(a), CONV(s, 10, 2), ASCII(s) FROM nn"
	rows, fields = rawTextAfter(t, ts, "m27", nil, q)
	got = got[:0]
	for _, f := range fields {
		if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
			got = append(got, "notnull")
		} else {
			got = append(got, "null")
		}
	}
	want = "null null null null null null null null null null null notnull"
	if strings.Join(got, " ") != want || rows != "NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,120" {
		t.Errorf("functions: flags %v rows %q, want %s", got, rows, want)
	}
	// Through a derived table.
	_, fields = rawTextAfter(t, ts, "m27", nil, "SELECT x, y FROM (SELECT a DIV a AS x, a + 1 AS y FROM nn) d")
	if len(fields) != 2 || fields[0].Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
		t.Errorf("derived a DIV a: %v", fields)
	}
}
