package server

import "testing"

// A UNION of primary-key lookups returns a row per part: GMS marked the
// whole statement as returning at most one row (each lookup does) and the
// handler failed it with "result max1Row iterator returned more than one
// row", through the text protocol and prepared statements alike.
func TestUnionOfKeyLookups(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 10), (2, 20)")
	wantRows(t, db, "SELECT id FROM t WHERE id = 1 UNION ALL SELECT id FROM t WHERE id = 1", "1", "1")
	wantRows(t, db, "SELECT id FROM t WHERE id = 1 UNION SELECT id FROM t WHERE id = 1", "1")
	wantRows(t, db, "SELECT a FROM t WHERE id = 1 UNION ALL SELECT a FROM t WHERE id = 2 ORDER BY a", "10", "20")
	// Prepared (go-sql-driver prepares a statement with arguments), twice:
	// the second execution comes from the plan cache.
	for i := 0; i < 2; i++ {
		var got []string
		for _, r := range queryRows(t, db, "SELECT a FROM t WHERE id = ? UNION ALL SELECT a FROM t WHERE id = ?", 1, 2) {
			got = append(got, r[0])
		}
		if len(got) != 2 || got[0] != "10" || got[1] != "20" {
			t.Fatalf("prepared UNION ALL, execution %d: %q", i+1, got)
		}
	}
	wantRows(t, db, "SELECT a FROM t WHERE id = 2", "20")
}
