package server

import (
	"testing"
)

// TestIndexAlgorithmLockClauses sends CREATE INDEX and DROP INDEX with
// MySQL's ALGORITHM and LOCK clauses through go-sql-driver: accepted with
// the levels an online build meets, 1845 for ALGORITHM=INSTANT on CREATE
// INDEX, 1221 for INSTANT with a LOCK; the index exists (or not) as the
// answer says, and a multi-statement text keeps its second statement.
func TestIndexAlgorithmLockClauses(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, `algorithm` INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 10, 100, 7), (2, 20, 200, 8)")
	cases := []struct {
		stmt  string
		errNo int    // 0: succeeds
		index string // the index that must exist afterwards ("" none checked)
		gone  string // the index that must not exist afterwards
	}{
		{"CREATE INDEX ia ON t (a) ALGORITHM=INPLACE LOCK=NONE", 0, "ia", ""},
		{"CREATE INDEX ib ON t (b) ALGORITHM INPLACE", 0, "ib", ""},
		{"create unique index iab using btree on d.t (a, b) comment 'x' lock = shared algorithm=default", 0, "iab", ""},
		{"CREATE INDEX ic ON t (`algorithm`) ALGORITHM=COPY, LOCK=EXCLUSIVE", 1064, "", "ic"}, // no comma in MySQL either
		{"CREATE INDEX ic ON t (`algorithm`) ALGORITHM=COPY LOCK=EXCLUSIVE", 0, "ic", ""},
		{"CREATE INDEX ix ON t (a, b) ALGORITHM=INSTANT", 1845, "", "ix"},
		{"CREATE INDEX ix ON t (a, b) ALGORITHM=INSTANT LOCK=NONE", 1221, "", "ix"},
		{"CREATE INDEX ix ON t (a, b) LOCK=SHARED", 0, "ix", ""},
		{"DROP INDEX ix ON t ALGORITHM=INSTANT", 0, "", "ix"},
		{"DROP INDEX ia ON t ALGORITHM=INPLACE LOCK=NONE", 0, "", "ia"},
		{"DROP INDEX ib ON t ALGORITHM=INSTANT LOCK=NONE", 1221, "ib", ""},
		{"DROP INDEX ib ON t LOCK=NONE; INSERT INTO t VALUES (3, 30, 300, 9)", 0, "", "ib"},
	}
	for _, c := range cases {
		_, err := db.Exec(c.stmt)
		if got := mysqlErrNo(err); got != c.errNo {
			t.Errorf("%s: error %v (number %d), want %d", c.stmt, err, got, c.errNo)
		}
		exists := func(name string) bool {
			return queryRows(t, db, "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'd' AND TABLE_NAME = 't' AND INDEX_NAME = ?", name)[0][0] != "0"
		}
		if c.index != "" && !exists(c.index) {
			t.Errorf("%s: index %s missing", c.stmt, c.index)
		}
		if c.gone != "" && exists(c.gone) {
			t.Errorf("%s: index %s exists", c.stmt, c.gone)
		}
	}
	if got := queryRows(t, db, "SELECT COUNT(*) FROM t")[0][0]; got != "3" {
		t.Errorf("the INSERT after DROP INDEX in one text did not run: %s rows", got)
	}
}
