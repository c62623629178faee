package server

import (
	"database/sql"
	"strings"
	"testing"
)

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
		norecAgrees(t, db, "t0", c.pred, c.want)
	}
}

// TestOracleFindingsSession13: the randomized oracles' two NoREC findings
// of seed 1795811458939751641 on a go-sql-driver connection
// (utf8mb4_general_ci). ABS of a string was NULL (GMS's AbsVal has no
// string case; MySQL reads the numeric prefix: ABS('12abc') is 12) and typed
// as text, so a CASE around it compared with a string column as text in
// the select list and as numbers in WHERE; and a constant CONCAT folded by
// GMS into a utf8mb4_0900_bin literal read as an EXPLICIT COLLATE, which beat
// the column's utf8mb4_general_ci ('é' < 'ea ' was false in WHERE only).
// WHERE and the select list must agree, with MySQL's counts.
func TestOracleFindingsSession13(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "collation=utf8mb4_general_ci")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE o13", "USE o13",
		"CREATE TABLE t0 (id INT PRIMARY KEY, c0 VARCHAR(8) COLLATE utf8mb4_general_ci, c1 DECIMAL(8,2), KEY k0 (c0))",
		"INSERT INTO t0 VALUES (1, 'B', NULL), (2, '-2', 1.50), (3, 'B', -3.25), (5, NULL, 0.50), (7, 'a ', -1.50), (8, 'a ', NULL), (10, 'é', -2.01)",
	} {
		mustExec(t, db, q)
	}
	if got := strings.Join(queryRows(t, db, "SELECT ABS('12abc'), ABS('ab'), ABS(''), ABS('-3.5x')")[0], "|"); got != "12|0|0|3.5" {
		t.Errorf("ABS of strings: %q, want 12|0|0|3.5", got)
	}
	for _, c := range []struct{ pred, want string }{
		{"t0.c0 <= (CASE WHEN t0.c1 THEN 2 ELSE ABS('ab') END)", "6"},
		{"t0.c0 < CONCAT(COALESCE(NULL, 'e'), 'a ')", "6"},
		{"t0.c0 = CONCAT('a', ' ')", "2"},
	} {
		norecAgrees(t, db, "t0", c.pred, c.want)
	}
}

// TestHashJoinTupleKeysCollation: a hash join on several equalities hashes a
// tuple of keys, which the collation wrapping of single keys did not reach,
// so under a case- and accent-insensitive collation 'a' = 'A' held in the
// ON clause but the hash missed it (`a.s = b.s AND a.t = b.t` lost rows;
// the oracle's NoREC finding, seed 1795812567466181469).
func TestHashJoinTupleKeysCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE hj", "USE hj",
		"CREATE TABLE a (id INT PRIMARY KEY, s VARCHAR(8), u VARCHAR(8) COLLATE utf8mb4_general_ci)",
		"CREATE TABLE b (id INT PRIMARY KEY, s VARCHAR(8), u VARCHAR(8) COLLATE utf8mb4_general_ci)",
		"INSERT INTO a VALUES (1, 'a', 'x'), (2, 'B', 'y '), (3, 'é', 'Z'), (4, 'x', 'w')",
		"INSERT INTO b VALUES (1, 'A', 'X'), (2, 'b', 'y'), (3, 'e', 'z'), (4, 'x', 'v')",
	} {
		mustExec(t, db, q)
	}
	for _, c := range []struct{ on, want string }{
		{"a.s = b.s", "4"},
		{"a.s = b.s AND a.s = b.s", "4"},
		{"a.s = b.s AND a.u = b.u", "3"},
		{"a.u = b.u AND a.id = b.id", "3"},
	} {
		if got := queryRows(t, db, "SELECT COUNT(*) FROM a JOIN b ON "+c.on)[0][0]; got != c.want {
			t.Errorf("JOIN ON %s: %s rows, want %s", c.on, got, c.want)
		}
	}
}

// norecAgrees checks pred as the oracles' NoREC does: the rows of from it
// keeps in WHERE and the rows its CASE counts in the select list are both
// want.
func norecAgrees(t *testing.T, db *sql.DB, from, pred, want string) {
	t.Helper()
	where := queryRows(t, db, "SELECT COUNT(*) FROM "+from+" WHERE "+pred)[0][0]
	sum := queryRows(t, db, "SELECT SUM(CASE WHEN "+pred+" THEN 1 ELSE 0 END) FROM "+from)[0][0]
	if where != want || sum != want {
		t.Errorf("%s: WHERE counts %s, the select list %s; want %s", pred, where, sum, want)
	}
}
