package server

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnionBranchCollation: a join comparing a utf8mb4_bin column with a
// utf8mb4_general_ci one compares under utf8mb4_bin (MySQL's rule for equal
// coercibilities), inside a UNION branch as outside. The branch joined
// through the general_ci index and counted 'A' = 'a' and 'é' = 'e'
// (TestOracles' finding 130_oracle_findings.sql f13/f14).
func TestUnionBranchCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE uc")
	mustExec(t, db, "CREATE TABLE uc.a (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin, KEY (c))")
	mustExec(t, db, "CREATE TABLE uc.b (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, KEY (c))")
	mustExec(t, db, "INSERT INTO uc.a VALUES (1, 'a'), (2, 'B'), (3, NULL), (4, 'e')")
	mustExec(t, db, "INSERT INTO uc.b VALUES (1, 'A'), (2, 'B'), (3, NULL), (4, 'é'), (5, 'b'), (6, 'e')")
	for _, op := range []string{"<=>", "="} {
		join := fmt.Sprintf("SELECT COUNT(*) FROM uc.a JOIN uc.b ON uc.a.c %s uc.b.c", op)
		want := "2" // 'B' = 'B', 'e' = 'e'
		if op == "<=>" {
			want = "3" // and NULL <=> NULL
		}
		for _, q := range []string{join, join + " UNION ALL " + join, "SELECT 0 UNION ALL " + join,
			"SELECT * FROM (" + join + " UNION ALL " + join + ") u"} {
			for _, r := range queryRows(t, db, q) {
				if r[0] != want && r[0] != "0" {
					t.Errorf("%s: %s, want %s", q, r[0], want)
				}
			}
		}
	}
}

// TestQuantifiedComparisons: ALL / ANY / SOME with MySQL's three-valued
// semantics, NULLs on either side and empty subqueries, in WHERE and in the
// select list, correlated, inside UNION branches, views and procedures
// (the parser had none: 1064).
func TestQuantifiedComparisons(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE qc")
	db = ts.connect("qc")
	mustExec(t, db, "CREATE TABLE n (id INT PRIMARY KEY, a INT, s VARCHAR(5) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "INSERT INTO n VALUES (1, 1, 'a'), (2, NULL, 'b'), (3, 3, 'c'), (4, NULL, NULL), (5, 1, 'A ')")
	ids := func(q string) string {
		t.Helper()
		var out []string
		for _, r := range queryRows(t, db, q) {
			out = append(out, strings.Join(r, ","))
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT id FROM n WHERE a > ALL (SELECT a FROM n WHERE id = 1) ORDER BY id", "3"},
		{"SELECT id FROM n WHERE a > ALL (SELECT a FROM n) ORDER BY id", ""},                         // NULL in S: never TRUE
		{"SELECT id FROM n WHERE a < ALL (SELECT a FROM n WHERE id > 100) ORDER BY id", "1 2 3 4 5"}, // empty S: TRUE, NULL a too
		{"SELECT id FROM n WHERE a > ANY (SELECT a FROM n WHERE id > 100) ORDER BY id", ""},
		{"SELECT id FROM n WHERE a > ANY (SELECT a FROM n) ORDER BY id", "3"},
		{"SELECT id FROM n WHERE a >= SOME (SELECT a FROM n) ORDER BY id", "1 3 5"},
		{"SELECT id FROM n WHERE a = ANY (SELECT a FROM n WHERE id IN (1, 2)) ORDER BY id", "1 5"},
		{"SELECT id FROM n WHERE a <> ALL (SELECT a FROM n WHERE id IN (1, 2)) ORDER BY id", ""},
		{"SELECT id FROM n WHERE a <> ALL (SELECT a FROM n WHERE id = 1) ORDER BY id", "3"},
		{"SELECT id FROM n WHERE a = ALL (SELECT a FROM n WHERE id IN (1, 5)) ORDER BY id", "1 5"},
		{"SELECT id FROM n WHERE a != ANY (SELECT a FROM n WHERE id IN (1, 3)) ORDER BY id", "1 3 5"},
		{"SELECT id FROM n WHERE NOT (a = ANY (SELECT a FROM n WHERE id IN (1, 3))) ORDER BY id", ""},
		{"SELECT id, a > ALL (SELECT a FROM n WHERE id IN (1, 3)), a <> ANY (SELECT a FROM n WHERE id IN (1, 3)) FROM n ORDER BY id",
			"1,0,1 2,NULL,NULL 3,0,1 4,NULL,NULL 5,0,1"},
		{"SELECT id FROM n o WHERE a >= ALL (SELECT a FROM n i WHERE i.id <= o.id AND i.a IS NOT NULL) ORDER BY id", "1 3"},
		{"SELECT id FROM n WHERE id = 1 UNION ALL SELECT id FROM n WHERE a < ALL (SELECT a FROM n WHERE id = 3) ORDER BY id", "1 1 5"},
		{"SELECT id FROM n WHERE s = ANY (SELECT 'a') ORDER BY id", "1 5"}, // general_ci and PAD SPACE: 'A ' = 'a'
		{"SELECT id FROM n WHERE s > ALL (SELECT s FROM n WHERE id IN (1, 2)) ORDER BY id", "3"},
		{"SELECT 2 > ALL (SELECT 1), 2 > ALL (SELECT NULL), NULL > ALL (SELECT 1 FROM n WHERE id > 100), 1 = ANY (SELECT 1)", "1,NULL,1,1"},
	} {
		if got := ids(c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// The column is named as written.
	rows, err := db.Query("SELECT 1 > ALL (SELECT 0)")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	if cols[0] != "1 > ALL (SELECT 0)" {
		t.Errorf("column %q", cols[0])
	}
	mustExec(t, db, "CREATE VIEW v AS SELECT id FROM n WHERE a > ALL (SELECT a FROM n WHERE id = 1)")
	if got := ids("SELECT id FROM v"); got != "3" {
		t.Errorf("view: %q", got)
	}
	if got := queryRows(t, db, "SHOW CREATE VIEW v")[0][1]; !strings.Contains(got, "> ALL (") {
		t.Errorf("view text %s", got)
	}
	mustExec(t, db, "CREATE PROCEDURE p() SELECT id FROM n WHERE a < ANY (SELECT 3)")
	if got := ids("CALL p()"); got != "1 5" {
		t.Errorf("procedure: %q", got)
	}
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, a INT)")
	mustExec(t, db, "INSERT INTO u SELECT id, a FROM n")
	mustExec(t, db, "DELETE FROM u WHERE a >= ALL (SELECT a FROM n WHERE a IS NOT NULL)")
	if got := ids("SELECT id FROM u ORDER BY id"); got != "1 2 4 5" {
		t.Errorf("delete: %q", got)
	}
	mustExec(t, db, "UPDATE u SET a = 0 WHERE a = ANY (SELECT 1)")
	if got := ids("SELECT id FROM u WHERE a = 0 ORDER BY id"); got != "1 5" {
		t.Errorf("update: %q", got)
	}
	wantErrNo(t, db, 1241, "SELECT id FROM n WHERE a > ALL (SELECT a, s FROM n)")
	wantErrNo(t, db, 1064, "SELECT id FROM n WHERE a = ANY (SELECT a FROM n) + 1")
}

// TestTruncateAffectedRows: TRUNCATE TABLE reports 0 rows affected, as
// MySQL; DELETE without WHERE (which GMS runs as a truncation) still
// reports the rows it deleted.
func TestTruncateAffectedRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE tr")
	mustExec(t, db, "CREATE TABLE tr.t (id INT AUTO_INCREMENT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO tr.t (v) VALUES (1), (2), (3)")
	if n, _ := mustExec(t, db, "TRUNCATE TABLE tr.t").RowsAffected(); n != 0 {
		t.Errorf("TRUNCATE: %d rows affected, want 0", n)
	}
	mustExec(t, db, "INSERT INTO tr.t (v) VALUES (1), (2)")
	if got := queryRows(t, db, "SELECT MIN(id) FROM tr.t")[0][0]; got != "1" {
		t.Errorf("AUTO_INCREMENT after TRUNCATE starts at %s", got)
	}
	if n, _ := mustExec(t, db, "DELETE FROM tr.t").RowsAffected(); n != 2 {
		t.Errorf("DELETE: %d rows affected, want 2", n)
	}
}

// TestDDLErrorNumbers: statements MySQL refuses with its own error numbers
// (GMS answered 1105, or accepted them).
func TestDDLErrorNumbers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE de")
	db = ts.connect("de")
	mustExec(t, db, "CREATE TABLE g (a INT, b INT GENERATED ALWAYS AS (a * 2) STORED)")
	wantErrNo(t, db, 3105, "INSERT INTO g VALUES (1, 1)")
	wantErrNo(t, db, 1068, "CREATE TABLE pk1 (id INT PRIMARY KEY, PRIMARY KEY (id))")
	wantErrNo(t, db, 1068, "CREATE TABLE pk2 (a INT PRIMARY KEY, b INT PRIMARY KEY)")
	wantErrNo(t, db, 1068, "CREATE TABLE pk3 (a INT PRIMARY KEY, b INT, PRIMARY KEY (b))")
	mustExec(t, db, "CREATE TABLE pk4 (a INT, b INT, PRIMARY KEY (a, b))")
	wantErrNo(t, db, 1427, "CREATE TABLE f1 (a FLOAT(10, 20))")
	wantErrNo(t, db, 1427, "CREATE TABLE f2 (a DOUBLE(3, 4))")
	wantErrNo(t, db, 1427, "CREATE TABLE f3 (a DECIMAL(5, 6))")
	wantErrNo(t, db, 1427, "ALTER TABLE pk4 ADD COLUMN c FLOAT(2, 3)")
	wantErrNo(t, db, 1427, "ALTER TABLE pk4 MODIFY COLUMN b DECIMAL(1, 2)")
	mustExec(t, db, "CREATE TABLE f4 (a FLOAT(10, 10), b DECIMAL(5, 0))")
	if got := queryRows(t, db, "SHOW TABLES"); len(got) != 3 {
		t.Errorf("tables %v, want g, pk4, f4", got)
	}
	mustExec(t, db, "INSERT INTO pk4 VALUES (1, 1), (2, 1)")
	wantErrNo(t, db, 1111, "SELECT SUM(a) FROM pk4 GROUP BY SUM(a)")
	wantErrNo(t, db, 1111, "SELECT a FROM pk4 WHERE SUM(a) > 1")
	wantErrNo(t, db, 1111, "SELECT x.a FROM pk4 x JOIN pk4 y ON COUNT(*) > 0")
	wantErrNo(t, db, 1111, "DELETE FROM pk4 WHERE MAX(a) > 0")
	wantErrNo(t, db, 1111, "SELECT 1 FROM pk4 WHERE a IN (SELECT a FROM pk4 WHERE AVG(b) > 0)")
	// Aggregates where they belong, and inside a subquery of WHERE.
	for _, q := range []string{"SELECT b, SUM(a) FROM pk4 GROUP BY b HAVING SUM(a) > 1",
		"SELECT a FROM pk4 WHERE a > (SELECT MIN(a) FROM pk4)", "SELECT a, SUM(b) OVER () FROM pk4"} {
		queryRows(t, db, q)
	}
}
