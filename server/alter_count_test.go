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
