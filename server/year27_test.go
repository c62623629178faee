package server

import (
	"strings"
	"testing"
)

// TestYear27ExpressionText: a YEAR expression that is not a column prints
// YEAR 0 as 0 in the text protocol, a column as 0000 (MySQL 8.0's
// Item::send sends MYSQL_TYPE_YEAR with store_short and no zerofill, a
// Field_year pads to its width 4); a grouped, DISTINCT or windowed SELECT
// reads every select item out of a temporary table's YEAR field, 0000.
// Myriad padded every YEAR result. Read through the mariadb CLI, which
// shows the text protocol's bytes; expected values are MariaDB 10.11's,
// which prints as MySQL 8.0 here.
func TestYear27ExpressionText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE y27")
	mustExec(t, db, "CREATE TABLE y27.y (id INT PRIMARY KEY, y YEAR, t TINYINT)")
	mustExec(t, db, "INSERT INTO y27.y VALUES (1, 2024, 8), (2, 0, 2), (3, '69', 100)")
	mustExec(t, db, "CREATE VIEW y27.v AS SELECT y, IFNULL(y, y) AS i FROM y27.y")
	mustExec(t, db, "CREATE ALGORITHM=TEMPTABLE VIEW y27.vt AS SELECT y, IFNULL(y, y) AS i FROM y27.y")
	for _, c := range []struct{ q, want string }{
		{"SELECT y, y AS a, (y) FROM y WHERE id = 2", "0000,0000,0000"},
		{"SELECT MIN(y), MAX(y) FROM y WHERE id = 2", "0,0"},
		{"SELECT IFNULL(y, y), COALESCE(y, y), CASE WHEN id > 0 THEN y END, IF(id > 0, y, y) FROM y WHERE id = 2", "0,0,0,0"},
		{"SELECT (SELECT MIN(y) FROM y), MIN(y) FROM y", "0,0"},
		// GREATEST/LEAST of YEARs is a YEAR expression (was BIGINT), beside
		// a DECIMAL a DECIMAL (was 1105).
		{"SELECT GREATEST(y, y), LEAST(y, y), LEAST(y, 1.5), GREATEST(y, 2.25) FROM y WHERE id = 2", "0,0,0.0,2.25"},
		{"SELECT y, MIN(y), IFNULL(y, y) FROM y GROUP BY y ORDER BY y", "0000,0000,0000 2024,2024,2024 2069,2069,2069"},
		{"SELECT DISTINCT IFNULL(y, y) FROM y WHERE t = 2", "0000"},
		{"SELECT IFNULL(y, y), COUNT(*) OVER () FROM y WHERE id = 2", "0000,1"},
		// ROLLUP aggregates sorted rows, no temporary table.
		{"SELECT y, MIN(y) FROM y GROUP BY y WITH ROLLUP", "0000,0 2024,2024 2069,2069 NULL,0"},
		// A merged derived table's or view's column is the expression it
		// names; a materialized one's (LIMIT, aggregate, TEMPTABLE) a field.
		{"SELECT d.i, d.y FROM (SELECT IFNULL(y, y) i, y FROM y) d WHERE d.y = 0", "0,0000"},
		{"SELECT d.i FROM (SELECT IFNULL(y, y) i, y FROM y LIMIT 5) d WHERE d.y = 0", "0000"},
		{"SELECT d.i FROM (SELECT MIN(y) i FROM y) d", "0000"},
		{"SELECT v.i, v.y FROM v WHERE v.y = 0", "0,0000"},
		{"SELECT i, y FROM vt WHERE y = 0", "0000,0000"},
		{"WITH c AS (SELECT IFNULL(y, y) i, y FROM y) SELECT i, y FROM c WHERE y = 0", "0,0000"},
		{"WITH c AS (SELECT MIN(y) i FROM y) SELECT i FROM c", "0000"},
	} {
		got := strings.Join(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(cliRun(t, ts, "y27", c.q), "\t", ","), "\n", " ")), " ")
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}

// TestYear27UnionTinyint: a YEAR column UNION a TINYINT is TINYINT (MySQL
// 8.0's field_types_merge_rules, row MYSQL_TYPE_YEAR; Item::aggregate_type
// does not widen a mix of signs for a YEAR), and a set operation MySQL
// writes to its temporary table (UNION DISTINCT, ORDER BY over the union,
// a derived table, CREATE TABLE ... SELECT of a UNION DISTINCT,
// INSERT ... SELECT) clamps a YEAR past 127 to 127 as Field_tiny::store
// does; a SELECT's UNION ALL, which MySQL streams, keeps 2024 (SMALLINT
// here). Myriad made the column LONGTEXT and sorted 8 after 2024.
func TestYear27UnionTinyint(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE y27")
	db := ts.connectWith("y27", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE y (id INT PRIMARY KEY, y YEAR, t TINYINT, tu TINYINT UNSIGNED, s SMALLINT)")
	mustExec(t, db, "INSERT INTO y VALUES (1, 2024, 8, 8, 8), (2, 0, 2, 2, 2), (3, 1999, 100, 200, 100)")
	for _, c := range []struct{ q, typ, want string }{
		{"SELECT y FROM y UNION SELECT t FROM y ORDER BY 1", "TINYINT", "0 2 8 100 127"},
		{"SELECT y FROM y UNION ALL SELECT t FROM y ORDER BY 1", "TINYINT", "0 2 8 100 127 127"},
		{"SELECT y FROM y UNION SELECT tu FROM y ORDER BY 1", "UNSIGNED TINYINT", "0 2 8 200 255"},
		{"SELECT t FROM y UNION SELECT y FROM y ORDER BY 1", "TINYINT", "0 2 8 100 127"},
		{"SELECT u FROM (SELECT y AS u FROM y UNION ALL SELECT t FROM y) d ORDER BY 1", "TINYINT", "0 2 8 100 127 127"},
		{"SELECT y FROM y UNION ALL SELECT t FROM y", "SMALLINT", "2024 0 1999 8 2 100"},
		{"SELECT y FROM y UNION ALL SELECT tu FROM y LIMIT 4", "UNSIGNED SMALLINT", "2024 0 1999 8"},
		// A last UNION DISTINCT materializes the UNION ALL before it; a
		// nested UNION's retyped column is not text in the outer one (was
		// LONGTEXT, sorting 8 after 127).
		{"SELECT y FROM y UNION ALL SELECT t FROM y UNION SELECT t FROM y ORDER BY 1", "TINYINT", "0 2 8 100 127"},
		{"SELECT t FROM y UNION SELECT y FROM y UNION SELECT t FROM y ORDER BY 1", "TINYINT", "0 2 8 100 127"},
		{"SELECT y FROM y UNION SELECT s FROM y UNION SELECT 5 ORDER BY 1", "BIGINT", "0 2 5 8 100 1999 2024"},
		{"SELECT y FROM y UNION SELECT s FROM y UNION SELECT tu FROM y ORDER BY 1", "SMALLINT", "0 2 8 100 200 1999 2024"},
	} {
		var names []string
		for _, ct := range columnTypes(t, db, c.q) {
			names = append(names, ct.DatabaseTypeName())
		}
		if got := strings.Join(names, " "); got != c.typ {
			t.Errorf("%s: type %s, want %s", c.q, got, c.typ)
		}
		var vals []string
		for _, r := range queryRows(t, db, c.q) {
			vals = append(vals, r[0])
		}
		if got := strings.Join(vals, " "); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// CASE/IF/IFNULL/COALESCE of a YEAR and a TINYINT: MySQL's TINYINT,
	// sent unclamped; SMALLINT here (was VARCHAR sorting as text, and
	// IFNULL of a NULL YEAR failed "value 100 is not a valid Year").
	mustExec(t, db, "INSERT INTO y VALUES (4, NULL, 9, 9, NULL)")
	q := "SELECT COALESCE(y, t) AS c, IFNULL(y, t), IF(y IS NULL, t, y), COALESCE(y, tu) FROM y ORDER BY c"
	var names []string
	for _, ct := range columnTypes(t, db, q) {
		names = append(names, ct.DatabaseTypeName())
	}
	if got, want := strings.Join(names, " "), "SMALLINT SMALLINT SMALLINT UNSIGNED SMALLINT"; got != want {
		t.Errorf("YEAR beside TINYINT in branches: types %s, want %s", got, want)
	}
	var rows []string
	for _, r := range queryRows(t, db, q) {
		rows = append(rows, strings.Join(r, ","))
	}
	if got, want := strings.Join(rows, " "), "0,0,0,0 9,9,9,9 1999,1999,1999,1999 2024,2024,2024,2024"; got != want {
		t.Errorf("YEAR beside TINYINT in branches: %q, want %q", got, want)
	}
	mustExec(t, db, "DELETE FROM y WHERE id = 4")
	mustExec(t, db, "CREATE TABLE c AS SELECT y FROM y UNION SELECT t FROM y")
	if got, want := ctasColumns(t, db, "y27", "c"), "y tinyint"; got != want {
		t.Errorf("CTAS of YEAR UNION TINYINT: %q, want %q", got, want)
	}
	if _, err := db.Exec("CREATE TABLE c2 AS SELECT y FROM y UNION ALL SELECT t FROM y"); mysqlErrNo(err) != 1264 {
		t.Errorf("CTAS of YEAR UNION ALL TINYINT: %v, want 1264 (streamed into a TINYINT column)", err)
	}
	mustExec(t, db, "CREATE TABLE ti (a TINYINT)")
	mustExec(t, db, "INSERT INTO ti SELECT y FROM y UNION ALL SELECT t FROM y WHERE id = 1")
	if got := queryRows(t, db, "SELECT a FROM ti ORDER BY a"); len(got) != 4 || got[0][0] != "0" || got[1][0] != "8" || got[3][0] != "127" {
		t.Errorf("INSERT ... SELECT of YEAR UNION ALL TINYINT: %q, want 0, 8, 127, 127", got)
	}
}
