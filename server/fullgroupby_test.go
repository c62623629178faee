package server

import "testing"

// ONLY_FULL_GROUP_BY (MySQL's default sql_mode): an aggregate query without
// GROUP BY that selects a column outside any aggregate fails with 1140
// (issue #9: GMS answered one row with the column from an arbitrary row).
// Without the mode, or with ANY_VALUE, or a correlated subquery's outer
// column, the query runs.
func TestOnlyFullGroupBy(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE TABLE g (id INT PRIMARY KEY, k VARCHAR(5), v INT)")
	mustExec(t, db, "INSERT INTO g VALUES (1, 'a', 10), (2, 'b', 20), (3, 'a', 30)")
	for _, q := range []string{
		"SELECT k, COUNT(*) FROM g",
		"SELECT MAX(id), k FROM g",
		"SELECT k, AVG(v) FROM g WHERE k = 'a'",
		"SELECT SUM(v) + id FROM g",
		"SELECT x.k, COUNT(*) FROM g AS x",
	} {
		wantErrNo(t, db, 1140, q)
	}
	for q, want := range map[string]string{
		"SELECT COUNT(*), SUM(v) FROM g":                                                       "3 60",
		"SELECT ANY_VALUE(k) IS NOT NULL, COUNT(*) FROM g":                                     "1 3",
		"SELECT k, COUNT(*) FROM g GROUP BY k ORDER BY k":                                      "a 2|b 1",
		"SELECT id, (SELECT MAX(v) + g.id FROM g AS h) FROM g ORDER BY id":                     "1 31|2 32|3 33",
		"SELECT id FROM g WHERE v = (SELECT MAX(h.v) FROM g AS h WHERE h.k = g.k) ORDER BY id": "2|3",
	} {
		if s := joinRows(queryRows(t, db, q)); s != want {
			t.Errorf("%s: %s, want %s", q, s, want)
		}
	}
	mustExec(t, db, "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'")
	if got := queryRows(t, db, "SELECT COUNT(*) FROM (SELECT k, COUNT(*) FROM g) AS x"); got[0][0] != "1" {
		t.Errorf("without ONLY_FULL_GROUP_BY: %v, want one row", got)
	}
}
