package sqltext

import (
	"reflect"
	"strings"
	"testing"
)

func TestLockingClause(t *testing.T) {
	cases := []struct {
		in, out string
		want    *Locking
	}{
		{"SELECT * FROM t WHERE id = 1 FOR UPDATE", "SELECT * FROM t WHERE id = 1 ", &Locking{}},
		{"select * from t for update;", "select * from t ;", &Locking{}},
		{"SELECT * FROM t FOR SHARE", "SELECT * FROM t ", &Locking{Share: true}},
		{"SELECT * FROM t LOCK IN SHARE MODE", "SELECT * FROM t ", &Locking{Share: true}},
		{"SELECT * FROM t FOR UPDATE NOWAIT", "SELECT * FROM t ", &Locking{NoWait: true}},
		{"SELECT * FROM t FOR UPDATE SKIP LOCKED", "SELECT * FROM t ", &Locking{SkipLocked: true}},
		{"SELECT * FROM t, u FOR SHARE OF t, `u` NOWAIT", "SELECT * FROM t, u ", &Locking{Share: true, NoWait: true, Of: []string{"t", "`u`"}}},
		{"WITH c AS (SELECT 1) SELECT * FROM c FOR UPDATE", "WITH c AS (SELECT 1) SELECT * FROM c ", &Locking{}},
		{"SELECT * FROM t /* c */ FOR UPDATE -- x\n", "SELECT * FROM t /* c */  -- x\n", &Locking{}},
		// Not a trailing clause of the top-level SELECT.
		{"SELECT * FROM (SELECT * FROM t FOR UPDATE) d", "", nil},
		{"SELECT 'FOR UPDATE'", "", nil},
		{"SELECT `for update` FROM t", "", nil},
		{"UPDATE t SET a = 1", "", nil},
		{"SELECT * FROM t WHERE a = 'x' OR b = 2", "", nil},
		{"SELECT for_update FROM t", "", nil},
	}
	for _, c := range cases {
		got, l, ok := LockingClause(c.in)
		if c.want == nil {
			if ok || got != c.in {
				t.Errorf("%q: found %+v -> %q", c.in, l, got)
			}
			continue
		}
		if !ok || got != c.out || !reflect.DeepEqual(l, *c.want) {
			t.Errorf("%q: got %q %+v %v, want %q %+v", c.in, got, l, ok, c.out, *c.want)
		}
	}
	// The in-place form blanks the same clause and keeps the length.
	for _, c := range cases {
		b := []byte(c.in)
		l, ok := BlankLockingClause(b)
		if c.want == nil {
			if ok || string(b) != c.in {
				t.Errorf("blank %q: found %+v -> %q", c.in, l, b)
			}
			continue
		}
		if !ok || len(b) != len(c.in) || !reflect.DeepEqual(l, *c.want) {
			t.Errorf("blank %q: got %q %+v %v", c.in, b, l, ok)
		}
		if squeeze(string(b)) != squeeze(c.out) {
			t.Errorf("blank %q: got %q, want %q with spaces", c.in, b, c.out)
		}
	}
}

// squeeze drops spaces, so a blanked text compares with a cut one.
func squeeze(s string) string { return strings.ReplaceAll(s, " ", "") }

func BenchmarkLockingClauseMiss(b *testing.B) {
	q := "SELECT c FROM sbtest1 WHERE id = 4711"
	for i := 0; i < b.N; i++ {
		LockingClause(q)
	}
}

func TestDDLTable(t *testing.T) {
	cases := []struct{ in, db, table string }{
		{"ALTER TABLE t ADD COLUMN c int", "", "t"},
		{"alter table `my db`.`t``x` add index (a)", "my db", "t`x"},
		{"ALTER ONLINE TABLE s.t DROP COLUMN c", "s", "t"},
		{"CREATE INDEX i ON t (a)", "", "t"},
		{"CREATE UNIQUE INDEX i ON s.t (a)", "s", "t"},
		{"DROP INDEX i ON t", "", "t"},
		{"TRUNCATE TABLE t", "", "t"},
		{"TRUNCATE t", "", "t"},
		{"SELECT * FROM t", "", ""},
		{"CREATE TABLE t (a int, INDEX (a))", "", ""},
		{"DROP TABLE t", "", "t"},
		{"drop table if exists s.t, u", "s", "t"},
		{"DROP TEMPORARY TABLE t", "", ""},
	}
	for _, c := range cases {
		db, table, ok := DDLTable(c.in)
		if ok != (c.table != "") || db != c.db || table != c.table {
			t.Errorf("%q: %q %q %v, want %q %q", c.in, db, table, ok, c.db, c.table)
		}
	}
}
