package server

import "testing"

// TestMergeJoinOnExpressions: GMS planned a merge join over two primary-key
// scans for a join on expressions of the key columns (`a.id % 2 = b.id %
// 2`); the scans are sorted by the columns, not the expressions, so the
// merge stepped past matches (4 rows of 8; a LEFT JOIN filled NULLs for rows
// with partners). engine.UnmergeMismatchedOrders keeps a merge only when
// both keys are columns as read. Expected counts are MariaDB 10.11's.
func TestMergeJoinOnExpressions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE mj")
	mustExec(t, db, "CREATE TABLE mj.a (id INT PRIMARY KEY, k INT, KEY (k))")
	mustExec(t, db, "CREATE TABLE mj.b (id INT PRIMARY KEY, k INT, KEY (k))")
	mustExec(t, db, "INSERT INTO mj.a VALUES (1, 10), (2, 20), (3, 30), (4, 40)")
	mustExec(t, db, "INSERT INTO mj.b VALUES (1, 40), (2, 30), (3, 20), (4, 10)")
	for _, proto := range []string{"interpolateParams=true", "interpolateParams=false"} {
		c := ts.connectWith("mj", proto)
		for q, want := range map[string]string{
			"SELECT COUNT(*) FROM a JOIN b ON a.id % 2 = b.id % 2":                             "8",
			"SELECT COUNT(*) FROM a LEFT JOIN b ON a.id % 2 = b.id % 2":                        "8",
			"SELECT COUNT(*) FROM a JOIN b ON a.id + 1 = b.id":                                 "3",
			"SELECT COUNT(*) FROM a JOIN b ON -a.k = -b.k":                                     "4",
			"SELECT COUNT(*) FROM a JOIN b ON 50 - a.k = b.k":                                  "4",
			"SELECT COUNT(*) FROM a WHERE a.id % 2 IN (SELECT b.id % 2 FROM b)":                "4",
			"SELECT GROUP_CONCAT(a.id, b.id ORDER BY a.id, b.id) FROM a JOIN b ON a.id = b.id": "11,22,33,44",
		} {
			if got := queryRows(t, c, q)[0][0]; got != want {
				t.Errorf("%s (%s): %s, want %s", q, proto, got, want)
			}
		}
	}
}
