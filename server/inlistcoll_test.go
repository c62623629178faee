package server

import "testing"

// An IN list mixing strings and numbers compares its strings in one
// collation aggregated over the whole list, as MySQL does, not pair by
// pair: 'a' IN (c_ci, c_bin, 2) compares 'a' with c_ci under c_bin's
// collation (a _bin collation wins between two of one derivation), so 'A'
// in c_ci does not match.
func TestInListCollationAggregated(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE il")
	db = ts.connect("il")
	mustExec(t, db, "CREATE TABLE ic (id INT PRIMARY KEY, a VARCHAR(5) COLLATE utf8mb4_general_ci, b VARCHAR(5) COLLATE utf8mb4_bin)")
	mustExec(t, db, "INSERT INTO ic VALUES (1, 'A', 'x'), (2, 'a', 'a'), (3, 'x', 'A'), (4, NULL, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT id, 'a' IN (a, b, 2), 'a' IN (a, 2), a IN ('A', 2), 'A' NOT IN (a, b, 3) FROM ic ORDER BY id",
			[]string{"1,0,1,1,0", "2,1,1,1,1", "3,0,0,0,0", "4,NULL,NULL,NULL,NULL"}},
		{"SELECT id FROM ic WHERE 'a' IN (a, b, 2) ORDER BY id", []string{"2"}},
		{"SELECT SUM(CASE WHEN 'a' IN (a, b, 2) THEN 1 ELSE 0 END) FROM ic", []string{"1"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
