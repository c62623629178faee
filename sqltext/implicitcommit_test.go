package sqltext

import "testing"

func TestCommitsImplicitly(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"CREATE TABLE t (a int)", true},
		{"create index i on t (a)", true},
		{"DROP TABLE IF EXISTS t", true},
		{"/* x */ ALTER TABLE t ADD COLUMN c int", true},
		{"RENAME TABLE a TO b", true},
		{"TRUNCATE t", true},
		{"CREATE DATABASE d", true},
		{"DROP VIEW v", true},
		{"GRANT SELECT ON d.* TO u", true},
		{"LOCK TABLES t WRITE", true},
		{"CREATE TEMPORARY TABLE t (a int)", false},
		{"DROP TEMPORARY TABLE IF EXISTS t", false},
		{"DROP PREPARE s", false},
		{"SELECT 'CREATE TABLE'", false},
		{"INSERT INTO t VALUES (1)", false},
		{"UPDATE t SET a = 1", false},
		{"", false},
		{"  -- x\n/* c */ drop table t", true},
		{"SELECT 1 FROM altered", false},
		{"ANALYZE TABLE t", true},
		{"analyze local table t, u", true},
		{"CHECK TABLE t", false},
		{"OPTIMIZE NO_WRITE_TO_BINLOG TABLE t", false},
		{"REPAIR TABLE t", false},
		{"FLUSH TABLES", true},
		{"FLUSH PRIVILEGES", true},
		{"RESET MASTER", false},
		{"RESET PERSIST", false},
		{"CACHE INDEX t IN hot", false},
		{"LOAD INDEX INTO CACHE t", false},
		{"LOAD DATA INFILE 'f' INTO TABLE t", false},
		{"SET PASSWORD = 'x'", true},
		{"SET @a = 1", false},
		{"SET autocommit = 0", false},
		{"ANALYZE SELECT 1", false},
	}
	for _, c := range cases {
		if got := CommitsImplicitly(c.in); got != c.want {
			t.Errorf("%q: %v, want %v", c.in, got, c.want)
		}
	}
}

func TestCommitsImplicitlyNoAllocation(t *testing.T) {
	q := "SELECT c FROM sbtest1 WHERE id = 5"
	if n := testing.AllocsPerRun(100, func() { CommitsImplicitly(q) }); n != 0 {
		t.Fatalf("%v allocations for a SELECT", n)
	}
}
