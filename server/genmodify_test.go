package server

import "testing"

// MODIFY/CHANGE of a generated column to a new expression computes the
// column again for every row, as MySQL's copying ALTER does: STORED and
// VIRTUAL (the engine stores both), a plain column made STORED, a column
// an index covers (its entries follow: checkDir), the generated columns
// reading it, alone and with other ALTER parts. An
// expression failing on some row fails the ALTER and keeps the table.
func TestModifyGeneratedExpression(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE gm")
	db = ts.connect("gm")
	mustExec(t, db, "CREATE TABLE s (id INT PRIMARY KEY, a INT, c INT AS (a*2) STORED)")
	mustExec(t, db, "CREATE TABLE v (id INT PRIMARY KEY, a INT, c INT AS (a*2) VIRTUAL)")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, a INT, c INT)")
	mustExec(t, db, "CREATE TABLE x (id INT PRIMARY KEY, a INT, c INT AS (a*2) STORED, d INT AS (c+1) VIRTUAL, KEY kc (c), KEY kd (d))")
	mustExec(t, db, "CREATE TABLE k (a INT, c INT AS (a*2) STORED, UNIQUE KEY uc (c))")
	for _, tb := range []string{"s", "v", "x"} {
		mustExec(t, db, "INSERT INTO "+tb+" (id, a) VALUES (1, 1), (2, 5)")
	}
	mustExec(t, db, "INSERT INTO k (a) VALUES (1), (5)")
	mustExec(t, db, "INSERT INTO p VALUES (1, 1, 7), (2, 5, 7)")

	affected := func(stmt string, want int64) {
		t.Helper()
		n, err := mustExec(t, db, stmt).RowsAffected()
		if err != nil || n != want {
			t.Errorf("%s: %d rows affected (%v), want %d", stmt, n, err, want)
		}
	}
	// STORED is MySQL's copy (the rows count); VIRTUAL is in place (0).
	affected("ALTER TABLE s MODIFY c INT AS (a*4) STORED", 2)
	wantRows(t, db, "SELECT id, c FROM s ORDER BY id", "1,4", "2,20")
	affected("ALTER TABLE v MODIFY c INT AS (a*4) VIRTUAL", 0)
	wantRows(t, db, "SELECT id, c FROM v ORDER BY id", "1,4", "2,20")
	affected("ALTER TABLE s CHANGE c c2 INT AS (a*3) STORED", 2)
	wantRows(t, db, "SELECT id, c2 FROM s ORDER BY id", "1,3", "2,15")
	affected("ALTER TABLE p MODIFY c INT AS (a*4) STORED", 2)
	wantRows(t, db, "SELECT id, c FROM p ORDER BY id", "1,4", "2,20")

	// The index entries are the new values', and d (over c) follows.
	mustExec(t, db, "ALTER TABLE x MODIFY c INT AS (a*10) STORED")
	wantRows(t, db, "SELECT id, c, d FROM x ORDER BY id", "1,10,11", "2,50,51")
	wantRows(t, db, "SELECT id FROM x FORCE INDEX (kc) WHERE c = 50", "2")
	wantRows(t, db, "SELECT id FROM x FORCE INDEX (kc) WHERE c = 10", "1")
	wantRows(t, db, "SELECT id FROM x FORCE INDEX (kc) WHERE c = 2")
	wantRows(t, db, "SELECT id FROM x FORCE INDEX (kd) WHERE d = 51", "2")
	// A keyless table under a unique key on the column; a combined ALTER.
	mustExec(t, db, "ALTER TABLE k MODIFY c INT AS (a+100) STORED, ADD INDEX ka (a)")
	wantRows(t, db, "SELECT a, c FROM k FORCE INDEX (uc) WHERE c > 0 ORDER BY c", "1,101", "5,105")
	// With an ADD COLUMN of a per-row default (GMS's parts, not combined).
	mustExec(t, db, "ALTER TABLE v ADD COLUMN z INT DEFAULT (id+100), MODIFY c INT AS (a*6) VIRTUAL")
	wantRows(t, db, "SELECT id, c, z FROM v ORDER BY id", "1,6,101", "2,30,102")

	// A new expression failing on a row fails the ALTER; nothing changes.
	mustExec(t, db, "SET sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO'")
	for _, tc := range []struct {
		stmt string
		num  int
	}{
		{"ALTER TABLE x MODIFY c BIGINT AS (a*2147483647*2147483647*4) STORED", 1690},
		{"ALTER TABLE x MODIFY c INT AS (a DIV (a - 1)) STORED", 1365},
		{"ALTER TABLE x MODIFY c INT AS (a DIV (a - 1)) STORED, ADD INDEX ka (a)", 1365},
	} {
		wantErrNo(t, db, tc.num, tc.stmt)
		wantRows(t, db, "SELECT id, c, d FROM x ORDER BY id", "1,10,11", "2,50,51")
		wantRows(t, db, "SELECT id FROM x FORCE INDEX (kc) WHERE c = 50", "2")
	}
	// A plain column made VIRTUAL is refused (MySQL refuses it too).
	wantErrNo(t, db, 1235, "ALTER TABLE p MODIFY a INT AS (id) VIRTUAL")
	// Writes after the ALTER use the new expression.
	mustExec(t, db, "UPDATE s SET a = 7 WHERE id = 1")
	wantRows(t, db, "SELECT id, c2 FROM s ORDER BY id", "1,21", "2,15")
	ts.srv.Close()
	checkDir(t, dir)
}
