package engine_test

import (
	"testing"

	"github.com/myriaddb/myriad/catalog"
)

// TestAlter runs each schema change on a table of three rows with a unique
// and a plain index, then checks the result through SQL and the raw store:
// the table's data span holds exactly its rows and their index entries, and
// a change that rebuilt the table left nothing under the old prefix.
func TestAlter(t *testing.T) {
	setup := []string{
		"CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(10), UNIQUE KEY ub (b), KEY ka (a))",
		"INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 10, 'z')",
	}
	cases := []struct {
		name    string
		steps   []step
		table   string // the table afterwards
		rows    int
		rebuilt bool // the old definition's prefix must be empty
	}{
		{name: "add column", table: "t", rows: 4, steps: []step{
			{q: "ALTER TABLE t ADD COLUMN c VARCHAR(5) NOT NULL DEFAULT 'd' AFTER id"},
			{q: "SELECT id, c, a, b FROM t ORDER BY id", rows: rows("1|d|10|x", "2|d|20|y", "3|d|10|z")},
			{q: "INSERT INTO t (id, a, b) VALUES (4, 40, 'w')"},
			{q: "SELECT c FROM t WHERE b = 'w'", rows: rows("d")},
		}},
		{name: "drop column", table: "t", rows: 3, steps: []step{
			{q: "ALTER TABLE t DROP COLUMN a"},
			{q: "SELECT * FROM t ORDER BY id", rows: rows("1|x", "2|y", "3|z")},
			{q: "INSERT INTO t VALUES (4, 'x')", err: 1062},
		}},
		{name: "modify column", table: "t", rows: 3, rebuilt: true, steps: []step{
			{q: "ALTER TABLE t MODIFY COLUMN a BIGINT, MODIFY COLUMN b VARCHAR(20)"},
			{q: "INSERT INTO t VALUES (4, 5000000000, 'a-longer-value')"},
			{q: "DELETE FROM t WHERE id = 4"},
			{q: "SELECT id FROM t WHERE a = 10 ORDER BY id", rows: rows("1", "3")},
			{q: "SELECT id FROM t WHERE b = 'y'", rows: rows("2")},
		}},
		{name: "create index", table: "t", rows: 3, steps: []step{
			{q: "CREATE INDEX kab ON t (a, b)"},
			{q: "SELECT id FROM t WHERE a = 10 AND b = 'z'", rows: rows("3")},
		}},
		{name: "create unique index over duplicates fails", table: "t", rows: 3, steps: []step{
			{q: "CREATE UNIQUE INDEX ua ON t (a)", err: 1062},
			{q: "INSERT INTO t VALUES (4, 10, 'w')"},
			{q: "DELETE FROM t WHERE id = 4"},
		}},
		{name: "drop index", table: "t", rows: 3, steps: []step{
			{q: "DROP INDEX ub ON t"},
			{q: "INSERT INTO t VALUES (4, 40, 'x')"},
			{q: "SELECT id FROM t WHERE b = 'x' ORDER BY id", rows: rows("1", "4")},
			{q: "DELETE FROM t WHERE id = 4"},
		}},
		{name: "truncate", table: "t", rows: 1, rebuilt: true, steps: []step{
			{q: "TRUNCATE TABLE t"},
			{q: "SELECT COUNT(*) FROM t", rows: rows("0")},
			{q: "INSERT INTO t VALUES (1, 10, 'x')"},
		}},
		{name: "rename", table: "r", rows: 3, steps: []step{
			{q: "RENAME TABLE t TO r"},
			{q: "SELECT * FROM t", err: 1146},
			{q: "SELECT id FROM r WHERE b = 'y'", rows: rows("2")},
			{q: "ALTER TABLE r RENAME TO r2"},
			{q: "ALTER TABLE r2 RENAME TO r"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			s.exec(setup...)
			before := s.table("t")
			s.script(c.steps)
			s.consistent(c.table, c.rows)
			after := s.table(c.table)
			// +1: the table's row count key.
			if got, want := s.span(after.DataPrefix()), c.rows*(1+len(after.Indexes))+1; got != want {
				t.Fatalf("data span of %s: %d entries, want %d rows x %d indexes + the row count", c.table, got, c.rows, 1+len(after.Indexes))
			}
			if c.rebuilt {
				if after.ID == before.ID {
					t.Fatalf("%s was not rebuilt under a new table ID", c.table)
				}
				if n := s.span(before.DataPrefix()); n != 0 {
					t.Fatalf("%d entries left under the old table ID", n)
				}
			}
			droppedIndexesEmpty(t, s, before, after)
		})
	}
}

// droppedIndexesEmpty checks that an index of before that after no longer
// has holds no entries.
func droppedIndexesEmpty(t *testing.T, s *store, before, after *catalog.Table) {
	t.Helper()
	for _, ix := range before.Indexes {
		if _, ok := after.IndexByName(ix.Name); ok && after.ID == before.ID {
			continue
		}
		if n := s.span(before.IndexPrefix(ix.ID)); n != 0 {
			t.Fatalf("dropped index %s still has %d entries", ix.Name, n)
		}
	}
}
