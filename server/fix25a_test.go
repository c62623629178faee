package server

import (
	"strings"
	"testing"
)

// TestFix25aSubquerySumAlias: a DECIMAL SUM subquery alias read above GROUP
// BY (or through a derived table) is MySQL's DECIMAL, printing 1.50; it
// reached the client as DOUBLE 1.5, the type GMS's planner copied into the
// reference before Myriad's SUM replaced GMS's. A CASE over a derived
// table's `%` column is BIGINT (was DECIMAL: GMS's type of the modulo).
func TestFix25aSubquerySumAlias(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f25")
	mustExec(t, db, "CREATE TABLE f25.t (k INT, d DECIMAL(10,2), i INT)")
	mustExec(t, db, "INSERT INTO f25.t VALUES (1, 1.50, 7), (2, 2.25, 9)")
	for _, q := range []string{
		"SELECT k, (SELECT SUM(d) FROM f25.t b WHERE b.k = a.k) AS s FROM f25.t a GROUP BY a.k ORDER BY k",
		"SELECT k, s FROM (SELECT k, (SELECT SUM(d) FROM f25.t b WHERE b.k = a.k) AS s FROM f25.t a GROUP BY a.k) x ORDER BY k",
	} {
		cts := columnTypes(t, db, q)
		if got := cts[1].DatabaseTypeName(); got != "DECIMAL" {
			t.Errorf("%s: s is %s, want DECIMAL", q, got)
		}
		if got := queryRows(t, db, q); len(got) != 2 || got[0][1] != "1.50" {
			t.Errorf("%s: got %q, want s 1.50", q, got)
		}
	}
	q := "SELECT CASE WHEN c > 0 THEN c ELSE 0 END AS cc, IF(c > 0, c, 0) AS ic FROM (SELECT i % 4 AS c FROM f25.t) z ORDER BY cc"
	cts := columnTypes(t, db, q)
	for _, ct := range cts {
		if got := ct.DatabaseTypeName(); got != "BIGINT" {
			t.Errorf("%s: %s is %s, want BIGINT", q, ct.Name(), got)
		}
	}
}

// TestFix25aYearWithIntegers: CASE/IF/IFNULL/COALESCE of a YEAR and an
// integer is the integer's type (MySQL's field_types_merge_rules), in a
// result and through CREATE TABLE ... SELECT (was VARCHAR(11), IFNULL
// YEAR); YEAR UNION SMALLINT is SMALLINT (was LONGTEXT), YEAR UNION
// SMALLINT UNSIGNED SMALLINT UNSIGNED (was LONGTEXT sorting 8 after
// 2024); a TINYINT beside a YEAR makes a TINYINT column that refuses 2024.
func TestFix25aYearWithIntegers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f25")
	mustExec(t, db, "CREATE TABLE f25.y (yr YEAR, si SMALLINT, ti TINYINT, i INT, su SMALLINT UNSIGNED)")
	mustExec(t, db, "INSERT INTO f25.y VALUES (2024, -5, 3, 6, 8), (NULL, 9, 4, 7, 9)")
	q := "SELECT COALESCE(yr, i) AS c, IFNULL(yr, i) AS c2, COALESCE(yr, si) AS c3 FROM f25.y ORDER BY c"
	var names []string
	for _, ct := range columnTypes(t, db, q) {
		names = append(names, ct.DatabaseTypeName())
	}
	if got, want := strings.Join(names, " "), "INT INT SMALLINT"; got != want {
		t.Errorf("branch types: got %s, want %s", got, want)
	}
	mustExec(t, db, "CREATE TABLE f25.c AS SELECT COALESCE(yr, i) AS c, IFNULL(yr, i) AS c2, COALESCE(yr, si) AS c3 FROM f25.y")
	if got, want := ctasColumns(t, db, "f25", "c"), "c int, c2 int, c3 smallint"; got != want {
		t.Errorf("CTAS of branches: got %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE f25.u AS SELECT yr FROM f25.y UNION SELECT si FROM f25.y")
	if got, want := ctasColumns(t, db, "f25", "u"), "yr smallint"; got != want {
		t.Errorf("CTAS of YEAR UNION SMALLINT: got %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT yr FROM f25.y UNION SELECT su FROM f25.y ORDER BY 1"); len(got) != 4 || got[1][0] != "8" || got[3][0] != "2024" {
		t.Errorf("YEAR UNION SMALLINT UNSIGNED: got %q, want NULL, 8, 9, 2024 sorted as numbers", got)
	}
	_, err := db.Exec("CREATE TABLE f25.ti AS SELECT COALESCE(yr, ti) AS c FROM f25.y")
	if mysqlErrNo(err) != 1264 {
		t.Errorf("CTAS of COALESCE(yr, ti): got %v, want 1264 (a TINYINT column)", err)
	}
}

// TestFix25aCTASStrings: CREATE TABLE ... SELECT of FORMAT is MySQL's
// VARCHAR (was LONGTEXT), of a float literal beside a string VARCHAR of the
// literal's text (was TEXT), of an ENUM column UNION NULL the ENUM (was
// varchar), of two ENUMs VARCHAR (was the ENUM, or LONGTEXT).
func TestFix25aCTASStrings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f25")
	mustExec(t, db, "CREATE TABLE f25.s (t TINYINT, d DECIMAL(6,2), e ENUM('lo','medium','hi'), e2 ENUM('x','y'))")
	mustExec(t, db, "INSERT INTO f25.s VALUES (1, 1234.5, 'hi', 'x'), (0, 1, 'lo', 'y')")
	mustExec(t, db, "CREATE TABLE f25.f AS SELECT FORMAT(d, 2, 'de_DE') AS f, IF(t, 'abc', 1.5e0) AS a FROM f25.s")
	if got, want := ctasColumns(t, db, "f25", "f"), "f varchar(42), a varchar(5)"; got != want {
		t.Errorf("FORMAT and IF: got %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT f, a FROM f25.f ORDER BY a"); len(got) != 2 || got[0][0] != "1,00" || got[0][1] != "1.5" || got[1][0] != "1.234,50" {
		t.Errorf("FORMAT and IF rows: got %q", got)
	}
	mustExec(t, db, "CREATE TABLE f25.en AS SELECT e FROM f25.s UNION SELECT NULL")
	mustExec(t, db, "CREATE TABLE f25.ee AS SELECT e FROM f25.s UNION SELECT e2 FROM f25.s")
	if got, want := ctasColumns(t, db, "f25", "en")+"; "+ctasColumns(t, db, "f25", "ee"), "e enum('lo','medium','hi'); e varchar(6)"; got != want {
		t.Errorf("ENUM unions: got %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT e + 0 FROM f25.en ORDER BY 1"); len(got) != 3 || got[1][0] != "1" || got[2][0] != "3" {
		t.Errorf("ENUM copy: got %q, want NULL, 1, 3", got)
	}
}
