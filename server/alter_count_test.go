package server

import "testing"

// TestCopyingAlterRowCount: an ALTER whose parts copy the table in the
// statement's own transaction (a RENAME COLUMN of a referenced column
// next to a type change, or several changes at once) reports the rows it
// copied, as MySQL's copying ALTER does, and commits. Counting them used
// to read committed state, where the new copy did not exist yet: the
// recount stored a base over the copy's span in a transaction of its own,
// and the ALTER's commit then conflicted with it (1213).
func TestCopyingAlterRowCount(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "CREATE TABLE c (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p(id))")
	mustExec(t, db, "CREATE TABLE k (a INT, n INT, s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO p VALUES (1, 1), (2, 2), (3, 3)")
	mustExec(t, db, "INSERT INTO k VALUES (1, 1, 'a'), (2, 2, 'b'), (2, 2, 'b'), (NULL, NULL, NULL)")
	for _, tc := range []struct {
		stmt string
		rows int64
		tbl  string
		want []string
	}{
		{"ALTER TABLE p RENAME COLUMN id TO pk, MODIFY n BIGINT", 3, "SELECT pk, n FROM p ORDER BY pk", []string{"1,1", "2,2", "3,3"}},
		{"ALTER TABLE p MODIFY n VARCHAR(5), ADD COLUMN x INT DEFAULT 4", 3, "SELECT pk, n, x FROM p ORDER BY pk", []string{"1,1,4", "2,2,4", "3,3,4"}},
		{"ALTER TABLE k MODIFY n BIGINT, MODIFY s VARCHAR(300), ADD COLUMN x INT", 4, "SELECT COUNT(*), SUM(n) FROM k", []string{"4,5"}},
	} {
		res := mustExec(t, db, tc.stmt)
		if n, err := res.RowsAffected(); err != nil || n != tc.rows {
			t.Errorf("%s: %d rows affected (%v), want %d", tc.stmt, n, err, tc.rows)
		}
		wantRows(t, db, tc.tbl, tc.want...)
	}
	ts.srv.Close()
	checkDir(t, dir)
}

// TestAlterRowCountByKind: each ALTER kind reports MySQL's affected rows:
// the table's rows for what MySQL runs with ALGORITHM=COPY (a STORED
// generated column added or changed, a DEFAULT that differs per row, a
// type change, DROP PRIMARY KEY alone), 0 for what it does in place or
// instantly. Adding a column with a per-row DEFAULT or a STORED column
// answered 0.
func TestAlterRowCountByKind(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a INT, s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c')")
	for _, tc := range []struct {
		stmt string
		rows int64
	}{
		{"ALTER TABLE t ADD COLUMN b INT DEFAULT (a + 1)", 3},
		{"ALTER TABLE t ADD COLUMN c INT AS (a * 2) STORED", 3},
		{"ALTER TABLE t ADD COLUMN v INT AS (a * 3) VIRTUAL", 0},
		{"ALTER TABLE t ADD COLUMN e INT DEFAULT 5", 0},
		{"ALTER TABLE t ADD COLUMN y INT DEFAULT (1)", 0},
		{"ALTER TABLE t ADD COLUMN n DATETIME DEFAULT (NOW())", 0},
		{"ALTER TABLE t ADD COLUMN u VARCHAR(40) DEFAULT (UUID())", 3},
		{"ALTER TABLE t ADD COLUMN w INT DEFAULT (a * 10), ADD COLUMN x INT", 3},
		{"ALTER TABLE t ADD INDEX ia (a)", 0},
		{"ALTER TABLE t RENAME COLUMN s TO s2", 0},
		{"ALTER TABLE t ALTER COLUMN a SET DEFAULT 9", 0},
		{"ALTER TABLE t MODIFY a BIGINT", 3},
		{"ALTER TABLE t DROP PRIMARY KEY", 3},
		{"ALTER TABLE t ADD PRIMARY KEY (id)", 0},
	} {
		res := mustExec(t, db, tc.stmt)
		if n, err := res.RowsAffected(); err != nil || n != tc.rows {
			t.Errorf("%s: %d rows affected (%v), want %d", tc.stmt, n, err, tc.rows)
		}
	}
	// A changed STORED expression is MySQL's copy
	// (TestModifyGeneratedExpression).
	if n, err := mustExec(t, db, "ALTER TABLE t MODIFY c INT AS (a * 4) STORED").RowsAffected(); err != nil || n != 3 {
		t.Errorf("MODIFY c: %d rows affected (%v), want 3", n, err)
	}
	wantRows(t, db, "SELECT id, a, b, c, v, e, y, w, x, LENGTH(u) FROM t ORDER BY id",
		"1,1,2,4,3,5,1,10,NULL,36", "2,2,3,8,6,5,1,20,NULL,36", "3,3,4,12,9,5,1,30,NULL,36")
	ts.srv.Close()
	checkDir(t, dir)
}
