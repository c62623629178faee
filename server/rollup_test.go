package server

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestGroupByWithRollup: GROUP BY ... WITH ROLLUP answers as MySQL 8.0
// (the parser had no ROLLUP: 1064). Super-aggregate rows follow the rows
// they sum up, rolled-up columns (also inside expressions) are NULL,
// HAVING, ORDER BY and LIMIT apply after the rollup, GROUPING() reads the
// levels, and the shapes the rewrite cannot answer exactly are refused with
// MySQL's 1235, never answered differently. The answers without ORDER BY
// are compared in order: the rollup's own order is part of what MySQL
// returns.
func TestGroupByWithRollup(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ru")
	mustExec(t, db, "CREATE TABLE ru.g (id INT PRIMARY KEY, k VARCHAR(5), j INT, i INT)")
	mustExec(t, db, "INSERT INTO ru.g VALUES (1,'a',1,1),(2,'a',2,2),(3,'b',1,NULL),(4,'b',NULL,4),(5,NULL,1,5),(6,NULL,NULL,6),(7,'c',3,7)")
	mustExec(t, db, "CREATE TABLE ru.e (a INT, b INT)")
	for _, c := range []struct{ q, want string }{
		{"SELECT k, SUM(i) FROM g GROUP BY k WITH ROLLUP", "NULL,11 a,3 b,4 c,7 NULL,25"},
		{"SELECT k, j, SUM(i), COUNT(*) FROM g GROUP BY k, j WITH ROLLUP",
			"NULL,NULL,6,1 NULL,1,5,1 NULL,NULL,11,2 a,1,1,1 a,2,2,1 a,NULL,3,2 b,NULL,4,1 b,1,NULL,1 b,NULL,4,2 c,3,7,1 c,NULL,7,1 NULL,NULL,25,7"},
		{"SELECT k, SUM(i) + 1, k IS NULL FROM g GROUP BY k WITH ROLLUP HAVING SUM(i) > 3", "NULL,12,1 b,5,0 c,8,0 NULL,26,1"},
		{"SELECT k, j, SUM(i) s FROM g GROUP BY k, j WITH ROLLUP HAVING s > 4", "NULL,NULL,6 NULL,1,5 NULL,NULL,11 c,3,7 c,NULL,7 NULL,NULL,25"},
		{"SELECT CONCAT(k, 'x') c, SUM(i) FROM g GROUP BY k WITH ROLLUP", "NULL,11 ax,3 bx,4 cx,7 NULL,25"},
		{"SELECT k, SUM(i) FROM g GROUP BY k WITH ROLLUP LIMIT 2", "NULL,11 a,3"},
		{"SELECT k AS kk, SUM(i) FROM g GROUP BY kk WITH ROLLUP", "NULL,11 a,3 b,4 c,7 NULL,25"},
		{"SELECT k, SUM(i) FROM g GROUP BY 1 WITH ROLLUP", "NULL,11 a,3 b,4 c,7 NULL,25"},
		{"SELECT k, SUM(DISTINCT j), COUNT(DISTINCT j) FROM g GROUP BY k WITH ROLLUP", "NULL,1,1 a,3,2 b,1,1 c,3,1 NULL,6,3"},
		{"SELECT k, MAX(i) FROM g WHERE id > 1 GROUP BY k WITH ROLLUP", "NULL,6 a,2 b,4 c,7 NULL,7"},
		{"SELECT j + 1, COUNT(*) FROM g GROUP BY j + 1 WITH ROLLUP", "NULL,2 2,3 3,1 4,1 NULL,7"},
		{"SELECT a.k, COUNT(*) FROM g a JOIN g b ON a.k = b.k GROUP BY a.k WITH ROLLUP", "a,4 b,4 c,1 NULL,9"},
		{"SELECT * FROM (SELECT k, COUNT(*) c FROM g GROUP BY k WITH ROLLUP) x WHERE c > 2 ORDER BY c", "NULL,7"},
		// No groups, no grand total.
		{"SELECT a, SUM(b) FROM e GROUP BY a WITH ROLLUP", ""},
		// MySQL 8.0.12+: ORDER BY sorts the whole result; GROUPING().
		{"SELECT k, SUM(i), GROUPING(k) FROM g GROUP BY k WITH ROLLUP ORDER BY GROUPING(k) DESC, k DESC", "NULL,25,1 c,7,0 b,4,0 a,3,0 NULL,11,0"},
		{"SELECT k, j, GROUPING(k, j) gg, GROUPING(j) FROM g GROUP BY k, j WITH ROLLUP HAVING gg > 0 ORDER BY gg, k LIMIT 2 OFFSET 1", "a,NULL,1,1 b,NULL,1,1"},
		{"SELECT IF(GROUPING(k), 'ALL', k) kk, SUM(i) FROM g GROUP BY k WITH ROLLUP", "NULL,11 a,3 b,4 c,7 ALL,25"},
		{"SELECT k, COUNT(*) FROM g GROUP BY k WITH ROLLUP ORDER BY 2, 1", "c,1 NULL,2 a,2 b,2 NULL,7"},
		{"SELECT (SELECT COUNT(*) FROM g GROUP BY k WITH ROLLUP ORDER BY 1 DESC LIMIT 1)", "7"},
		// A CTE called rollup is no ROLLUP.
		{"WITH rollup AS (SELECT 1 AS x) SELECT x FROM rollup", "1"},
	} {
		if got := rowsText(t, ts, "ru", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// Prepared (COM_STMT_PREPARE): the protocol library parses the text
	// first and knew no ROLLUP either.
	if got := rowsText(t, ts, "ru", "SELECT k, SUM(i) FROM g WHERE id > ? GROUP BY k WITH ROLLUP", 2); got != "NULL,11 b,4 c,7 NULL,22" {
		t.Errorf("prepared: %q", got)
	}
	rows, err := ts.connect("ru").Query("SELECT k, SUM(i), (SELECT COUNT(*) FROM g GROUP BY k WITH ROLLUP LIMIT 1) FROM g GROUP BY k")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if strings.Join(cols, "|") != "k|SUM(i)|(SELECT COUNT(*) FROM g GROUP BY k WITH ROLLUP LIMIT 1)" {
		t.Errorf("columns %q", cols)
	}
	mustExec(t, db, "CREATE VIEW ru.v AS SELECT k, COUNT(*) AS c FROM ru.g GROUP BY k WITH ROLLUP")
	if got := rowsText(t, ts, "ru", "SELECT k, c FROM v"); got != "NULL,2 a,2 b,2 c,1 NULL,7" {
		t.Errorf("view: %q", got)
	}
	// CREATE TABLE ... AS SELECT, INSERT ... SELECT and EXPLAIN hold the
	// query where the parser's walk does not look.
	mustExec(t, db, "CREATE TABLE ru.c AS SELECT k, COUNT(*) AS c FROM ru.g GROUP BY k WITH ROLLUP")
	mustExec(t, db, "INSERT INTO ru.c SELECT k, COUNT(*) FROM ru.g WHERE id < 3 GROUP BY k WITH ROLLUP")
	if got := rowsText(t, ts, "ru", "SELECT k, c FROM c ORDER BY c, k"); got != "c,1 NULL,2 NULL,2 a,2 a,2 b,2 NULL,7" {
		t.Errorf("CREATE TABLE/INSERT ... SELECT: %q", got)
	}
	if _, err := ts.connect("ru").Exec("EXPLAIN SELECT k, COUNT(*) FROM g GROUP BY k WITH ROLLUP"); err != nil {
		t.Errorf("EXPLAIN: %v", err)
	}
	for _, c := range []struct {
		q    string
		code uint16
	}{
		{"SELECT DISTINCT k, COUNT(*) FROM g GROUP BY k WITH ROLLUP", 1235},
		{"SELECT k, COUNT(*), RANK() OVER (ORDER BY COUNT(*)) FROM g GROUP BY k WITH ROLLUP", 1235},
		{"SELECT k, (SELECT 1) FROM g GROUP BY k WITH ROLLUP", 1235},
		{"SELECT * FROM g GROUP BY id WITH ROLLUP", 1235},
		{"SELECT k, j FROM g GROUP BY k WITH ROLLUP", 1235},
		{"SELECT k, GROUPING(j) FROM g GROUP BY k WITH ROLLUP", 3602},
	} {
		_, err := ts.connect("ru").Query(c.q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != c.code {
			t.Errorf("%s: %v, want error %d", c.q, err, c.code)
		}
	}
}
