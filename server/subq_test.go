package server

import (
	"fmt"
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
