package server

import "testing"

// TestFoldedNullInCase: a constant of NULLs alone (CONCAT(NULL, NULL)) in a
// CASE branch folded into a LONGBLOB NULL, which made the CASE a BLOB that
// GMS compared bytewise in WHERE, so under a case-insensitive connection
// collation 'a' <= CASE ... ELSE 'A' END was false there and true in the
// select list (the randomized oracles' NoREC finding, seed
// 1795809440667157818). WHERE and the select list must agree, as in MySQL.
func TestFoldedNullInCase(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "collation=utf8mb4_general_ci")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE fn", "USE fn",
		"CREATE TABLE t0 (id INT PRIMARY KEY, c0 BIGINT)",
		"INSERT INTO t0 VALUES (1, 0), (2, NULL), (3, 1)",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ pred, want string }{
		{"'a' <= (CASE WHEN t0.c0 THEN CONCAT(NULL, NULL) ELSE 'A' END)", "2"},
		{"'a' = (CASE WHEN t0.c0 THEN CONCAT(NULL, NULL) ELSE 'A' END)", "2"},
		{"'a' <= (CASE WHEN t0.c0 THEN CONCAT('x', NULL) ELSE 'A' END)", "2"},
		{"'a' = COALESCE(CONCAT(NULL, NULL), 'A')", "3"},
	} {
		where := queryRows(t, db, "SELECT COUNT(*) FROM t0 WHERE "+c.pred)[0][0]
		sum := queryRows(t, db, "SELECT SUM(CASE WHEN "+c.pred+" THEN 1 ELSE 0 END) FROM t0")[0][0]
		if where != c.want || sum != c.want {
			t.Errorf("%s: WHERE counts %s, the select list %s; want %s", c.pred, where, sum, c.want)
		}
	}
}
