package server

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// rowsText renders q's rows as "a,b c,d" for compact expectations.
func rowsText(t *testing.T, ts *testServer, db string, q string, args ...any) string {
	t.Helper()
	var out []string
	for _, r := range queryRows(t, ts.connect(db), q, args...) {
		out = append(out, strings.Join(r, ","))
	}
	return strings.Join(out, " ")
}

// TestRowInListNulls: a row IN list is the OR of row equalities, each the
// AND of its elements' equalities, so a NULL element gives NULL unless a
// row matches or an element differs. GMS failed with 1105 ("value not nil")
// on a NULL literal in the left row and answered 0 for a NULL column;
// the prepared path (the plan cache) answers the same.
func TestRowInListNulls(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ri")
	mustExec(t, db, "CREATE TABLE ri.t (id INT PRIMARY KEY, a INT, b INT, KEY ab (a, b))")
	mustExec(t, db, "INSERT INTO ri.t VALUES (1, 1, 2), (2, 3, 4), (3, NULL, 5), (4, 1, NULL)")
	for _, c := range []struct{ q, want string }{
		{"SELECT (NULL, 1) IN ((1, 1), (2, 2)), (1, NULL) IN ((1, 1), (2, 2)), (1, NULL) IN ((2, 1)), (1, 2) IN ((1, 3), (1, NULL))", "NULL,NULL,0,NULL"},
		{"SELECT (1, (2, NULL)) IN ((1, (2, 3))), (1, (2, NULL)) IN ((1, (3, 3))), (1, 2) IN ((1, 2))", "NULL,0,1"},
		{"SELECT id, (a, b) IN ((1, 2), (3, 4)), (a, 5) IN ((a, 5)), (a, b) NOT IN ((1, 2), (NULL, 5)) FROM t ORDER BY id",
			"1,1,1,0 2,1,1,1 3,0,NULL,NULL 4,NULL,1,NULL"},
		{"SELECT id FROM t WHERE (a, b) IN ((1, 2), (3, 4), (NULL, 5)) ORDER BY id", "1 2"},
		{"SELECT id FROM t WHERE (a, b) NOT IN ((1, 2), (NULL, 5)) ORDER BY id", "2"},
		{"SELECT id FROM t WHERE (a, b) IN ((1, NULL)) IS NULL ORDER BY id", "1 3 4"},
	} {
		if got := rowsText(t, ts, "ri", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// prepared, twice (the second execution runs the cached plan)
	for i := 0; i < 2; i++ {
		if got := rowsText(t, ts, "ri", "SELECT id, (a, b) IN ((?, 2), (3, ?)) FROM t ORDER BY id", 1, 4); got != "1,1 2,1 3,0 4,NULL" {
			t.Errorf("prepared row IN, run %d: %q", i, got)
		}
	}
}

// TestInsertMissingDefault: in strict mode, VALUES () or DEFAULT for a NOT
// NULL column without a default is MySQL's 1364, as leaving the column out
// is; GMS inserted NULL and failed with 1048. Nothing is written.
func TestInsertMissingDefault(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE md")
	db = ts.connect("md")
	mustExec(t, db, "CREATE TABLE df (id INT PRIMARY KEY, a INT DEFAULT 2, n INT NOT NULL, z INT, ai INT AUTO_INCREMENT, KEY (ai))")
	for _, q := range []string{
		"INSERT INTO df () VALUES ()",
		"INSERT INTO df VALUES (1, 1, DEFAULT, 1, 1)",
		"INSERT INTO df (id, n) VALUES (1, DEFAULT)",
		"INSERT INTO df (id, n) VALUES (1, 1), (2, DEFAULT)",
	} {
		wantErrNo(t, db, 1364, q)
	}
	if _, err := db.Exec("INSERT INTO df (id, n) VALUES (?, DEFAULT)", 3); mysqlErrNo(err) != 1364 {
		t.Errorf("prepared DEFAULT: %v, want 1364", err)
	}
	mustExec(t, db, "INSERT INTO df (id, n, z, a, ai) VALUES (1, 1, DEFAULT, DEFAULT, DEFAULT)")
	if got := rowsText(t, ts, "md", "SELECT id, a, n, z, ai FROM df"); got != "1,2,1,NULL,1" {
		t.Errorf("rows: %q", got)
	}
}

// TestOnlyFullGroupByMessage: 1140 names the select-list position of the
// bare column, with MySQL's words and SQLSTATE 42000, through the text and
// the binary protocol. GMS numbered GroupBy's own columns (aggregates
// first) and answered HY000.
func TestOnlyFullGroupByMessage(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE fg")
	mustExec(t, db, "CREATE TABLE fg.t (id INT PRIMARY KEY, a INT, b INT)")
	const tail = " of SELECT list contains nonaggregated column "
	for _, c := range []struct{ q, want string }{
		{"SELECT a, COUNT(*) FROM t", "#1" + tail + "'fg.t.a'"},
		{"SELECT COUNT(*), a FROM t", "#2" + tail + "'fg.t.a'"},
		{"SELECT 1, SUM(a), b FROM t", "#3" + tail + "'fg.t.b'"},
		{"SELECT SUM(a), id, b * 2 FROM t", "#2" + tail + "'fg.t.id'"},
	} {
		for _, prep := range []bool{false, true} {
			var err error
			if prep {
				_, err = ts.connect("fg").Query(c.q+" WHERE id > ?", 0)
			} else {
				_, err = ts.connect("fg").Query(c.q)
			}
			var me *mysql.MySQLError
			if !errors.As(err, &me) {
				t.Errorf("%s (prepared %v): %v, want 1140", c.q, prep, err)
				continue
			}
			want := "In aggregated query without GROUP BY, expression " + c.want + "; this is incompatible with sql_mode=only_full_group_by"
			if me.Number != 1140 || string(me.SQLState[:]) != "42000" || me.Message != want {
				t.Errorf("%s (prepared %v): %d %s %q, want 1140 42000 %q", c.q, prep, me.Number, me.SQLState[:], me.Message, want)
			}
		}
	}
}

// TestPreparedQuantified: quantified comparisons (ALL / ANY / SOME) in a
// COM_STMT_PREPARE. The protocol library parses the prepared text before any
// handler and failed with 1064; the result column keeps the user's text.
// Each statement runs twice (the second run takes the plan cache).
func TestPreparedQuantified(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE pq")
	db = ts.connect("pq")
	mustExec(t, db, "CREATE TABLE n (id INT PRIMARY KEY, a INT)")
	mustExec(t, db, "INSERT INTO n VALUES (1, 1), (2, NULL), (3, 3), (4, 5)")
	for _, c := range []struct {
		q    string
		args []any
		want string
	}{
		{"SELECT id FROM n WHERE a > ALL (SELECT a FROM n WHERE id < ?) ORDER BY id", []any{2}, "3 4"},
		{"SELECT id FROM n WHERE a > ALL (SELECT a FROM n WHERE id < ?) ORDER BY id", []any{3}, ""},
		{"SELECT id FROM n WHERE a = ANY (SELECT a FROM n WHERE id >= ?) ORDER BY id", []any{3}, "3 4"},
		{"SELECT id FROM n WHERE a <> SOME (SELECT ?) AND id > ? ORDER BY id", []any{3, 1}, "4"},
		{"SELECT id, a >= ALL (SELECT a FROM n WHERE id IN (1, 3)) FROM n WHERE id <= ? ORDER BY id", []any{4}, "1,0 2,NULL 3,1 4,1"},
	} {
		for run := 0; run < 2; run++ {
			if got := rowsText(t, ts, "pq", c.q, c.args...); got != c.want {
				t.Errorf("%s %v (run %d): %q, want %q", c.q, c.args, run, got, c.want)
			}
		}
	}
	rows, err := db.Query("SELECT a > ALL (SELECT ?) FROM n WHERE id = 1", 0)
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if len(cols) != 1 || cols[0] != "a > ALL (SELECT ?)" {
		t.Errorf("column names %q", cols)
	}
}

// TestViewInOtherSchemaWithoutDatabase: `SELECT * FROM s.v` with no current
// database reads the view (GMS's planner asked for the current database
// before binding the view's definition: 1046), from a client that sends
// multi-statement texts (GMS's ComMultiQuery) and from one that does not
// (ComQuery). A statement naming a table without its schema, read or
// written, is still 1046, as are CREATE VIEW and CREATE TABLE ... SELECT
// naming what they create without its schema, and nothing stays selected
// afterwards.
func TestViewInOtherSchemaWithoutDatabase(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE DATABASE vs")
	mustExec(t, db, "CREATE TABLE vs.t (id INT PRIMARY KEY, a INT)")
	mustExec(t, db, "INSERT INTO vs.t VALUES (1, 10), (2, 20)")
	mustExec(t, db, "CREATE VIEW vs.q AS SELECT id, a * 2 AS d FROM vs.t")
	mustExec(t, db, "USE vs")
	mustExec(t, db, "CREATE VIEW u AS SELECT id FROM t WHERE a > 10")
	db.Close()
	for _, params := range []string{"parseTime=true&multiStatements=true", "parseTime=true"} {
		db = ts.connectWith("", params)
		db.SetMaxOpenConns(1)
		for q, want := range map[string]string{
			"SELECT * FROM vs.q ORDER BY id":                                "1,20 2,40",
			"SELECT * FROM vs.u":                                            "2",
			"SELECT q.d FROM vs.q JOIN vs.t ON q.id = t.id WHERE t.a = 10":  "20",
			"SELECT (SELECT COUNT(*) FROM vs.u), (SELECT MAX(d) FROM vs.q)": "1,40",
		} {
			var out []string
			for _, r := range queryRows(t, db, q) {
				out = append(out, strings.Join(r, ","))
			}
			if got := strings.Join(out, " "); got != want {
				t.Errorf("%s %s: %q, want %q", params, q, got, want)
			}
		}
		wantErrNo(t, db, 1046, "SELECT * FROM vs.q, t")
		// The table written is named without its schema: no view's
		// schema is lent (it went into vs.t).
		wantErrNo(t, db, 1046, "INSERT INTO t SELECT id + 10, d FROM vs.q")
		if got := queryRows(t, db, "SELECT COUNT(*) FROM vs.t"); got[0][0] != "2" {
			t.Errorf("%s: INSERT INTO t without a current database wrote vs.t: %v rows", params, got)
		}
		// DDL creates what it names without a schema in the current
		// database: 1046 with none, not the view's schema lent.
		wantErrNo(t, db, 1046, "CREATE VIEW w AS SELECT * FROM vs.q")
		wantErrNo(t, db, 1046, "CREATE TABLE c AS SELECT * FROM vs.q")
		wantErrNo(t, db, 1046, "CREATE TABLE c2 SELECT d FROM vs.q WHERE id = 1")
		if got := queryRows(t, db, "SELECT COUNT(*) FROM information_schema.tables WHERE table_name IN ('w', 'c', 'c2')"); got[0][0] != "0" {
			t.Errorf("%s: DDL without a current database created %v tables", params, got)
		}
		// Named with its schema, it is created there (as in MySQL;
		// CREATE TABLE vs.c3 ... SELECT was 1046).
		mustExec(t, db, "CREATE OR REPLACE VIEW vs.w2 AS SELECT d FROM vs.q WHERE id = 2")
		if got := queryRows(t, db, "SELECT d FROM vs.w2"); len(got) != 1 || got[0][0] != "40" {
			t.Errorf("%s: vs.w2: %v", params, got)
		}
		mustExec(t, db, "DROP TABLE IF EXISTS vs.c3")
		mustExec(t, db, "CREATE TABLE vs.c3 AS SELECT d FROM vs.q WHERE id = 2")
		if got := queryRows(t, db, "SELECT d FROM vs.c3"); len(got) != 1 || got[0][0] != "40" {
			t.Errorf("%s: vs.c3: %v", params, got)
		}
		if got := queryRows(t, db, "SELECT DATABASE()"); got[0][0] != "NULL" {
			t.Errorf("%s: DATABASE() after reading a view: %v", params, got)
		}
	}
}

// TestAlterCopiedRows: an ALTER MySQL runs by copying the table (a column's
// type changed, DROP PRIMARY KEY alone) reports the table's rows as
// affected; in-place and instant ones report 0 (GMS: 0 for all). A
// narrowing that would cut data is 1265. DESCRIBE prints a string type
// without its collation.
func TestAlterCopiedRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ac")
	db = ts.connect("ac")
	mustExec(t, db, "CREATE TABLE e1 (id INT PRIMARY KEY, a INT, b VARCHAR(10), e ENUM('x','y'))")
	mustExec(t, db, "INSERT INTO e1 VALUES (1, 1, 'a', 'x'), (2, 2, 'abc', 'y'), (3, NULL, NULL, NULL)")
	wantErrNo(t, db, 1265, "ALTER TABLE e1 MODIFY COLUMN b VARCHAR(2)")
	for _, c := range []struct {
		q    string
		want int64
	}{
		{"ALTER TABLE e1 MODIFY COLUMN b VARCHAR(3)", 3},
		{"ALTER TABLE e1 MODIFY COLUMN b VARCHAR(5)", 0},
		{"ALTER TABLE e1 MODIFY e ENUM('x','y','z')", 0},
		{"ALTER TABLE e1 MODIFY e ENUM('y','x','z')", 3},
		{"ALTER TABLE e1 ADD COLUMN c INT", 0},
		{"ALTER TABLE e1 MODIFY a BIGINT", 3},
		{"ALTER TABLE e1 CHANGE a aa BIGINT", 0},
		{"ALTER TABLE e1 DROP PRIMARY KEY", 3},
		{"ALTER TABLE e1 ADD PRIMARY KEY (id)", 0},
		{"ALTER TABLE e1 DROP PRIMARY KEY, ADD PRIMARY KEY (id)", 0},
	} {
		n, err := mustExec(t, db, c.q).RowsAffected()
		if err != nil || n != c.want {
			t.Errorf("%s: %d rows affected (%v), want %d", c.q, n, err, c.want)
		}
	}
	var got []string
	for _, r := range queryRows(t, db, "DESCRIBE e1") {
		got = append(got, r[0]+" "+r[1])
	}
	if s := strings.Join(got, ", "); s != "id int, aa bigint, b varchar(5), e enum('y','x','z'), c int" {
		t.Errorf("DESCRIBE: %s", s)
	}
}

// TestRecursiveCteWidth: a recursive CTE's string column is as wide as its
// anchor's, so a longer recursive row is 1406 in strict mode (GMS returned
// 'aa', 'aaa' from an anchor of 'a'); a wide enough anchor runs.
func TestRecursiveCteWidth(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE rc")
	mustExec(t, db, "CREATE TABLE rc.t (id INT PRIMARY KEY, s VARCHAR(2))")
	mustExec(t, db, "INSERT INTO rc.t VALUES (1, 'a')")
	db = ts.connect("rc")
	for _, q := range []string{
		"WITH RECURSIVE s (x) AS (SELECT 'a' UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 3) SELECT x FROM s",
		"WITH RECURSIVE s (x) AS (SELECT s FROM t UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 3) SELECT x FROM s",
	} {
		if _, err := db.Query(q); mysqlErrNo(err) != 1406 {
			t.Errorf("%s: %v, want 1406", q, err)
		}
	}
	for q, want := range map[string]string{
		"WITH RECURSIVE s (x) AS (SELECT CAST('a' AS CHAR(5)) UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 3) SELECT x FROM s ORDER BY x": "a aa aaa",
		"WITH RECURSIVE s (x) AS (SELECT s FROM t UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 2) SELECT x FROM s ORDER BY x":             "a aa",
		"WITH RECURSIVE s (n, x) AS (SELECT 1, 'abc' UNION ALL SELECT n + 1, 'x' FROM s WHERE n < 3) SELECT n, x FROM s ORDER BY n":                   "1,abc 2,x 3,x",
		"WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5) SELECT COUNT(*) FROM s":                                         "5",
	} {
		if got := rowsText(t, ts, "rc", q); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}

// TestWindowOverAggregates: window functions over a grouped query's rows
// (`RANK() OVER (ORDER BY SUM(v))` with GROUP BY), which GMS's planner
// refused with an unformatted 1140; the result columns keep their names.
func TestWindowOverAggregates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE wa")
	mustExec(t, db, "CREATE TABLE wa.w (id INT PRIMARY KEY, grp VARCHAR(5), v INT)")
	mustExec(t, db, "INSERT INTO wa.w VALUES (1, 'a', 50), (2, 'a', 30), (3, 'b', 10), (4, 'c', 7), (5, 'c', 2)")
	for q, want := range map[string]string{
		"SELECT grp, SUM(v), RANK() OVER (ORDER BY SUM(v) DESC) FROM w GROUP BY grp ORDER BY grp":                                          "a,80,1 b,10,2 c,9,3",
		"SELECT grp, SUM(v) AS s, SUM(SUM(v)) OVER () AS tot FROM w WHERE v > 5 GROUP BY grp HAVING COUNT(*) >= 1 ORDER BY s DESC LIMIT 2": "a,80,97 b,10,97",
		"SELECT COUNT(*), RANK() OVER (ORDER BY COUNT(*)) FROM w":                                                                          "5,1",
		"SELECT w.grp, ROW_NUMBER() OVER (PARTITION BY MAX(v) > 20 ORDER BY w.grp DESC) FROM w GROUP BY w.grp ORDER BY w.grp":              "a,1 b,2 c,1",
	} {
		if got := rowsText(t, ts, "wa", q); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
	rows, err := ts.connect("wa").Query("SELECT grp, SUM(v), RANK() OVER (ORDER BY SUM(v) DESC) FROM w GROUP BY grp")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if strings.Join(cols, "|") != "grp|SUM(v)|RANK() OVER (ORDER BY SUM(v) DESC)" {
		t.Errorf("columns %q", cols)
	}
}
