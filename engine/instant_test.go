package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keyenc"
)

// rawRows is every committed key and value under prefix.
func (s *store) rawRows(prefix []byte) map[string]string {
	s.t.Helper()
	it, err := s.kv.NewIter(prefix, keyenc.PrefixEnd(prefix))
	if err != nil {
		s.t.Fatal(err)
	}
	defer it.Close()
	m := map[string]string{}
	for ok := it.First(); ok; ok = it.Next() {
		m[string(it.Key())] = string(it.Value())
	}
	if err := it.Error(); err != nil {
		s.t.Fatal(err)
	}
	return m
}

// TestInstantAlter runs each schema change on a table of three rows, checks
// whether it was instant (same table ID and every stored row byte for byte
// unchanged: the ALTER wrote no row) or rebuilt (a new table ID, nothing
// left under the old one), then checks the rows as SQL sees them and the
// raw store (one index entry per row, myriad check clean).
func TestInstantAlter(t *testing.T) {
	setup := []string{
		"CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(10), e ENUM('x','y') NOT NULL, UNIQUE KEY ub (b), KEY ka (a))",
		"INSERT INTO t VALUES (1, 10, 'p', 'x'), (2, 20, 'q', 'y'), (3, NULL, 'r', 'x')",
		"CREATE TABLE k (a INT, b INT)",
	}
	cases := []struct {
		name    string
		alter   string
		err     int // the ALTER fails with this error; the table must be unchanged
		instant bool
		steps   []step
		table   string
		rows    int
	}{
		{name: "add nullable column", alter: "ALTER TABLE t ADD COLUMN c INT", instant: true, rows: 3, steps: []step{
			{q: "SELECT id, c FROM t ORDER BY id", rows: rows("1|NULL", "2|NULL", "3|NULL")},
		}},
		{name: "add NOT NULL DEFAULT first, then SET DEFAULT", alter: "ALTER TABLE t ADD COLUMN c INT NOT NULL DEFAULT 7 FIRST", instant: true, rows: 4, steps: []step{
			{q: "SELECT * FROM t ORDER BY id", rows: rows("7|1|10|p|1", "7|2|20|q|2", "7|3|NULL|r|1")},
			{q: "ALTER TABLE t ALTER COLUMN c SET DEFAULT 9"},
			{q: "INSERT INTO t (id, a, b, e) VALUES (4, 40, 's', 'y')"},
			{q: "UPDATE t SET a = 11 WHERE id = 1"},
			{q: "SELECT c, id, a FROM t ORDER BY id", rows: rows("7|1|11", "7|2|20", "7|3|NULL", "9|4|40")},
			{q: "SELECT id FROM t WHERE c = 7 ORDER BY id", rows: rows("1", "2", "3")},
		}},
		{name: "add NOT NULL without default: implicit defaults", alter: "ALTER TABLE t ADD COLUMN n INT NOT NULL, ADD COLUMN s VARCHAR(3) NOT NULL, ADD COLUMN d DECIMAL(5,2) NOT NULL DEFAULT 1.5, ADD COLUMN g ENUM('k','l') NOT NULL DEFAULT 'l'", instant: true, rows: 3, steps: []step{
			{q: "SELECT id, n, concat('<', s, '>'), d, g FROM t ORDER BY id", rows: rows("1|0|<>|1.50|2", "2|0|<>|1.50|2", "3|0|<>|1.50|2")},
		}},
		{name: "implicit defaults MySQL fills: first ENUM member, CHAR without trailing spaces", alter: "ALTER TABLE t ADD COLUMN g ENUM('k','l') NOT NULL, ADD COLUMN ch CHAR(4) NOT NULL DEFAULT 'ab  '", instant: true, rows: 3, steps: []step{
			{q: "SELECT id, g, concat('<', ch, '>') FROM t ORDER BY id", rows: rows("1|1|<ab>", "2|1|<ab>", "3|1|<ab>")},
			{q: "SELECT COUNT(*) FROM t WHERE ch = 'ab'", rows: rows("3")},
		}},
		{name: "index on an added column holds its fill", alter: "ALTER TABLE t ADD COLUMN c INT DEFAULT 5", instant: true, rows: 4, steps: []step{
			{q: "CREATE INDEX kc ON t (c)"},
			{q: "INSERT INTO t (id, b, e, c) VALUES (4, 's', 'x', 6)"},
			{q: "SELECT id FROM t WHERE c = 5 ORDER BY id", rows: rows("1", "2", "3")},
			{q: "ALTER TABLE t ADD UNIQUE INDEX uc (c)", err: 1062},
		}},
		{name: "drop column with its single-column index", alter: "ALTER TABLE t DROP COLUMN b", instant: true, rows: 4, steps: []step{
			{q: "SELECT * FROM t ORDER BY id", rows: rows("1|10|1", "2|20|2", "3|NULL|1")},
			{q: "INSERT INTO t VALUES (4, 10, 'y')"},
			{q: "SELECT id FROM t WHERE a = 10 ORDER BY id", rows: rows("1", "4")},
		}},
		{name: "drop and add back: old values do not return", alter: "ALTER TABLE t DROP COLUMN a", instant: true, rows: 3, steps: []step{
			{q: "ALTER TABLE t ADD COLUMN a INT DEFAULT 5"},
			{q: "SELECT id, a FROM t ORDER BY id", rows: rows("1|5", "2|5", "3|5")},
			{q: "DELETE FROM t WHERE id = 2"},
			{q: "UPDATE t SET a = 6 WHERE id = 3"},
			{q: "INSERT INTO t (id, b, e) VALUES (4, 's', 'y')"},
			{q: "SELECT id, a, b FROM t ORDER BY id", rows: rows("1|5|p", "3|6|r", "4|5|s")},
		}},
		{name: "rename column keeps its index", alter: "ALTER TABLE t RENAME COLUMN a TO aa", instant: true, rows: 3, steps: []step{
			{q: "SELECT id FROM t WHERE aa = 20", rows: rows("2")},
		}},
		{name: "widen varchar", alter: "ALTER TABLE t MODIFY b VARCHAR(30)", instant: true, rows: 4, steps: []step{
			{q: "INSERT INTO t VALUES (4, 40, 'a longer value than ten', 'y')"},
			{q: "SELECT id FROM t WHERE b = 'a longer value than ten'", rows: rows("4")},
			{q: "INSERT INTO t VALUES (5, 50, 'q', 'y')", err: 1062},
		}},
		{name: "append enum member", alter: "ALTER TABLE t MODIFY e ENUM('x','y','z') NOT NULL", instant: true, rows: 4, steps: []step{
			{q: "INSERT INTO t VALUES (4, 40, 's', 'z')"},
			{q: "SELECT id, e FROM t ORDER BY id", rows: rows("1|1", "2|2", "3|1", "4|3")},
		}},
		{name: "reorder and NOT NULL -> NULL", alter: "ALTER TABLE t MODIFY e ENUM('x','y') NULL AFTER id", instant: true, rows: 3, steps: []step{
			{q: "SELECT * FROM t ORDER BY id", rows: rows("1|1|10|p", "2|2|20|q", "3|1|NULL|r")},
			{q: "UPDATE t SET e = NULL WHERE id = 2"},
			{q: "SELECT id FROM t WHERE e IS NULL", rows: rows("2")},
		}},
		{name: "type change rebuilds", alter: "ALTER TABLE t MODIFY a BIGINT", rows: 3, steps: []step{
			{q: "SELECT id FROM t WHERE a = 20", rows: rows("2")},
		}},
		{name: "shrinking varchar rebuilds", alter: "ALTER TABLE t MODIFY b VARCHAR(5)", rows: 3},
		{name: "NULL -> NOT NULL rebuilds and checks", alter: "ALTER TABLE t MODIFY a INT NOT NULL", err: 1138},
		{name: "ALGORITHM=COPY rebuilds an instant change", alter: "ALTER TABLE t ADD COLUMN c INT DEFAULT 3, ALGORITHM=COPY", rows: 3, steps: []step{
			{q: "SELECT id, c FROM t ORDER BY id", rows: rows("1|3", "2|3", "3|3")},
		}},
		{name: "ALGORITHM=COPY fills MySQL's implicit defaults in one pass", alter: "ALTER TABLE t ADD COLUMN g ENUM('k','l') NOT NULL, ADD COLUMN ch CHAR(4) DEFAULT 'ab  ' FIRST, ALGORITHM=COPY", rows: 3, steps: []step{
			{q: "SELECT id, g, concat('<', ch, '>') FROM t ORDER BY id", rows: rows("1|1|<ab>", "2|1|<ab>", "3|1|<ab>")},
		}},
		{name: "ALGORITHM=INSTANT, LOCK=DEFAULT", alter: "ALTER TABLE t ADD COLUMN c INT, ALGORITHM=INSTANT, LOCK=DEFAULT", instant: true, rows: 3},
		{name: "ALGORITHM=INPLACE for an instant change", alter: "ALTER TABLE t DROP COLUMN a, ALGORITHM=INPLACE, LOCK=NONE", instant: true, rows: 3},
		{name: "ALGORITHM=INSTANT for a type change", alter: "ALTER TABLE t MODIFY a BIGINT, ALGORITHM=INSTANT", err: 1846},
		{name: "ALGORITHM=INPLACE for a type change", alter: "ALTER TABLE t MODIFY a BIGINT, ALGORITHM=INPLACE", err: 1846},
		{name: "ALGORITHM=INSTANT with LOCK", alter: "ALTER TABLE t ADD COLUMN c INT, ALGORITHM=INSTANT, LOCK=NONE", err: 1221},
		{name: "LOCK=NONE for a rebuild", alter: "ALTER TABLE t MODIFY a BIGINT, LOCK=NONE", err: 1846},
		{name: "LOCK=NONE for an online index build", alter: "ALTER TABLE t ADD INDEX kab (a, b), ALGORITHM=INPLACE, LOCK=NONE", instant: true, rows: 3},
		{name: "LOCK=NONE for an index added with a column", alter: "ALTER TABLE t ADD COLUMN c INT, ADD INDEX kc (c), LOCK=NONE", err: 1846},
		{name: "LOCK=SHARED for a rebuild", alter: "ALTER TABLE t MODIFY a BIGINT, LOCK=SHARED", rows: 3},
		{name: "ALGORITHM=INSTANT for ADD INDEX", alter: "ALTER TABLE t ADD INDEX kb (b, a), ALGORITHM=INSTANT", err: 1845},
		{name: "ALGORITHM=INSTANT fails the whole statement", alter: "ALTER TABLE t ADD COLUMN c INT, MODIFY a BIGINT, ALGORITHM=INSTANT", err: 1846},
		{name: "ALGORITHM=INSTANT for an expression default", alter: "ALTER TABLE t ADD COLUMN c DOUBLE DEFAULT (RAND()), ALGORITHM=INSTANT", err: 1845},
		{name: "ALGORITHM=INSTANT for an AUTO_INCREMENT column", alter: "ALTER TABLE t ADD COLUMN c INT AUTO_INCREMENT UNIQUE, ALGORITHM=INSTANT", err: 1845},
		{name: "ALGORITHM=INSTANT dropping a column a keyless table hashes", alter: "ALTER TABLE k DROP COLUMN b, ALGORITHM=INSTANT", err: 1846},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			s.exec(setup...)
			before := s.table("t")
			raw := s.rawRows(before.DataPrefix())
			if c.err != 0 {
				s.fails(c.alter, c.err)
				after := s.table("t")
				if after.ID != before.ID || len(after.Columns) != len(before.Columns) {
					t.Fatalf("a failed ALTER changed the table: %d columns, ID %d -> %d", len(after.Columns), before.ID, after.ID)
				}
				s.consistent("t", 3)
				return
			}
			s.exec(c.alter)
			after := s.table("t")
			if c.instant {
				if after.ID != before.ID {
					t.Fatalf("rebuilt under a new table ID")
				}
				now := s.rawRows(after.IndexPrefix(1))
				for k, v := range now {
					if raw[k] != v {
						t.Fatalf("a stored row was rewritten")
					}
				}
				if len(now) != 3 {
					t.Fatalf("%d rows stored", len(now))
				}
			} else {
				if after.ID == before.ID {
					t.Fatalf("not rebuilt")
				}
				if n := s.span(before.DataPrefix()); n != 0 {
					t.Fatalf("%d entries left under the old table ID", n)
				}
			}
			droppedIndexesEmpty(t, s, before, after)
			s.script(c.steps)
			s.consistent("t", c.rows)
		})
	}
}

// TestInstantAlterEveryType reads rows of every stored type written under
// an older definition through a newer one (a column added first, one
// dropped, one renamed): every value must read as it did before the ALTERs,
// rows rewritten by UPDATE too, and the added columns read their fills.
func TestInstantAlterEveryType(t *testing.T) {
	s := newStore(t)
	s.exec(
		"CREATE TABLE t (id INT PRIMARY KEY, ti TINYINT, si SMALLINT UNSIGNED, mi MEDIUMINT, bi BIGINT UNSIGNED, "+
			"f FLOAT, d DOUBLE, de DECIMAL(30,10), ch CHAR(4), vc VARCHAR(20), tx TEXT, bn BINARY(3), vb VARBINARY(8), bl BLOB, "+
			"dt DATE, dtm DATETIME(3), ts TIMESTAMP(6) NULL, tm TIME, yr YEAR, en ENUM('a','b'), st SET('x','y','z'), bt BIT(5), js JSON, gone INT)",
		"INSERT INTO t VALUES (1, -5, 65000, -8000000, 18000000000000000000, 1.5, -2.25, 12345678901234567890.0123456789, 'ab', 'héllo', 'long text', 'xyz', x'00ff', x'deadbeef', "+
			"'2024-02-29', '2024-02-29 12:34:56.789', '2024-03-01 01:02:03.456789', '-12:00:01', 2024, 'b', 'x,z', b'10101', '{\"k\": [1, 2]}', 7)",
		"INSERT INTO t (id) VALUES (2)",
	)
	cols := "id, ti, si, mi, bi, f, d, de, ch, vc, tx, bn, vb, bl, dt, dtm, ts, tm, yr, en, st, bt, js"
	before := s.query("SELECT " + cols + " FROM t ORDER BY id")
	s.exec(
		"ALTER TABLE t ADD COLUMN a1 DATETIME NOT NULL DEFAULT '2020-01-02 03:04:05' FIRST, ADD COLUMN a2 VARBINARY(4) DEFAULT 'ab' AFTER bl, ALGORITHM=INSTANT",
		"ALTER TABLE t DROP COLUMN gone, RENAME COLUMN vc TO vc2, ALGORITHM=INSTANT",
		"ALTER TABLE t ADD COLUMN a3 DECIMAL(6,3) NOT NULL DEFAULT 2.5, ALGORITHM=INSTANT",
	)
	renamed := strings.Replace(cols, "vc,", "vc2,", 1)
	if after := s.query("SELECT " + renamed + " FROM t ORDER BY id"); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Fatalf("rows changed:\nbefore %q\nafter  %q", before, after)
	}
	s.want("SELECT id, a1, a2, a3 FROM t ORDER BY id", "1|2020-01-02 03:04:05|ab|2.500", "2|2020-01-02 03:04:05|ab|2.500")
	s.exec("UPDATE t SET a3 = 1 WHERE id = 1")
	if after := s.query("SELECT " + renamed + " FROM t ORDER BY id"); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Fatalf("rows changed by a rewrite:\nbefore %q\nafter  %q", before, after)
	}
	s.want("SELECT id, a1, a2, a3 FROM t ORDER BY id", "1|2020-01-02 03:04:05|ab|1.000", "2|2020-01-02 03:04:05|ab|2.500")
	s.consistent("t", 2)
	s.reopen()
	if after := s.query("SELECT " + renamed + " FROM t ORDER BY id"); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Fatalf("rows changed by a reopen:\nbefore %q\nafter  %q", before, after)
	}
}

// TestFailedAlterKeepsEarlierWork: a failed ALTER leaves no trace, and what
// its transaction did before it is kept (MySQL commits it before the DDL),
// whether the ALTER fails while GMS builds the plan (a multi-part ALTER) or
// while its iterator runs (then GMS commits on close).
func TestFailedAlterKeepsEarlierWork(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY, a INT)", "INSERT INTO t VALUES (1, NULL)")
	s.exec("BEGIN", "INSERT INTO t VALUES (2, 20)")
	s.fails("ALTER TABLE t MODIFY a INT NOT NULL", 1138)
	s.exec("COMMIT")
	s.want("SELECT * FROM t ORDER BY id", "1|NULL", "2|20")
	s.exec("SET autocommit = 0", "INSERT INTO t VALUES (3, 30)")
	s.fails("ALTER TABLE t ADD COLUMN c INT, MODIFY a BIGINT, ALGORITHM=INSTANT", 1846)
	s.exec("INSERT INTO t VALUES (4, 40)", "COMMIT", "SET autocommit = 1")
	s.want("SELECT * FROM t ORDER BY id", "1|NULL", "2|20", "3|30", "4|40")
	s.consistent("t", 4)
	if n := len(s.table("t").Columns); n != 2 {
		t.Fatalf("%d columns after the failed ALTERs", n)
	}
}

// TestAddColumnKeyless: a table without a primary key adds a column
// instantly, like a keyed one (its row hash entries cover only the columns it
// was created with), and its identical rows stay distinct, deletable and
// consistent with their entries.
func TestAddColumnKeyless(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE k (a INT, b VARCHAR(5), KEY ka (a))", "INSERT INTO k VALUES (1, 'x'), (1, 'x'), (2, 'y')")
	before := s.table("k")
	s.exec("ALTER TABLE k ADD COLUMN e ENUM('p','q') NOT NULL AFTER a")
	if s.table("k").ID != before.ID {
		t.Fatal("rebuilt")
	}
	s.want("SELECT a, e, b FROM k ORDER BY a", "1|1|x", "1|1|x", "2|1|y")
	s.consistent("k", 3)
	s.exec("DELETE FROM k WHERE a = 1 LIMIT 1", "UPDATE k SET e = 'q' WHERE a = 2")
	s.want("SELECT a, e, b FROM k ORDER BY a", "1|1|x", "2|2|y")
	s.consistent("k", 2)
}

// TestKeylessOlderLayout: a table without a primary key created before
// ordered row IDs (RowIDHashBelow 0: rows keyed by a hash of their values)
// keeps that layout and works as before; a rebuilding ALTER moves it to
// ordered row IDs, after which new rows come last in a scan.
func TestKeylessOlderLayout(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE k (a INT, b VARCHAR(5), KEY ka (a))")
	old := s.table("k").Clone()
	old.RowIDHashBelow = 0
	sch, err := s.cat.Schema(nil, s.db)
	if err != nil {
		t.Fatal(err)
	}
	tx := s.kv.Begin()
	if _, err := s.cat.Write(tx, new(catalog.Change).PutTable(sch, old)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	s.reopen()
	if s.table("k").OrderedRowIDs() {
		t.Fatal("the older record reads as ordered")
	}
	s.exec("INSERT INTO k VALUES (3, 'c'), (1, 'x'), (1, 'x'), (2, 'y')")
	// Hash-keyed rows: present, deletable one copy at a time, consistent.
	s.want("SELECT a, b FROM k ORDER BY a, b", "1|x", "1|x", "2|y", "3|c")
	s.exec("DELETE FROM k WHERE a = 1 LIMIT 1", "UPDATE k SET b = 'z' WHERE a = 2")
	s.want("SELECT a, b FROM k ORDER BY a", "1|x", "2|z", "3|c")
	s.consistent("k", 3)
	before := s.table("k").ID
	s.fails("ALTER TABLE k ADD COLUMN e INT, ALGORITHM=INSTANT", 1846)
	s.exec("ALTER TABLE k ADD COLUMN e INT")
	if now := s.table("k"); now.ID == before || !now.OrderedRowIDs() {
		t.Fatalf("ADD COLUMN on the older layout: ID %d -> %d, ordered %v", before, now.ID, now.OrderedRowIDs())
	}
	s.exec("INSERT INTO k VALUES (0, 'a', 5)")
	got := s.query("SELECT a, b, e FROM k")
	if len(got) != 4 || got[3] != "0|a|5" {
		t.Fatalf("after the rebuild, a new row is not last: %q", got)
	}
	s.exec("DELETE FROM k WHERE a = 1")
	s.consistent("k", 3)
}

// Rows stored before instant ALTERs decode a subset of their columns as rows
// of the current definition do: the needed ones as decodeRow reads them,
// the others nil (added columns' fills included).
func TestDecodeSomeOlderRows(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE d (id INT PRIMARY KEY, a INT, c VARCHAR(20), pad VARCHAR(20))",
		"INSERT INTO d VALUES (1, 10, 'c1', 'p1'), (2, 20, 'c2', 'p2')",
		"ALTER TABLE d ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT",
		"INSERT INTO d VALUES (3, 30, 'c3', 'p3', 8)",
		"ALTER TABLE d DROP COLUMN a, ALGORITHM=INSTANT",
		"INSERT INTO d VALUES (4, 'c4', 'p4', 9)")
	def := s.table("d")
	header := engine.CurrentHeaderForTest(def)
	prefix := def.IndexPrefix(catalog.PrimaryIndexID)
	it, err := s.kv.NewIter(prefix, keyenc.PrefixEnd(prefix))
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	older := 0
	for ok := it.First(); ok; ok = it.Next() {
		v := it.Value()
		full, err := engine.DecodeRowForTest(def, v)
		if err != nil {
			t.Fatal(err)
		}
		if string(v[:len(header)]) != string(header) {
			older++
		}
		// Columns now: id, c, pad, x.
		for _, need := range [][]bool{{false, true}, {true, false, false, true}, {false, false, true, true}, {true, true, true, true}} {
			// Twice: the second read takes the last-version shortcut.
			for try := 0; try < 2; try++ {
				got, err := engine.DecodeSomeForTest(def, v, need)
				if err != nil {
					t.Fatal(err)
				}
				for p := range full {
					want := any(nil)
					if p < len(need) && need[p] {
						want = full[p]
					}
					if fmt.Sprint(got[p]) != fmt.Sprint(want) {
						t.Fatalf("row %v, need %v: column %d is %v, want %v", full, need, p, got[p], want)
					}
				}
			}
		}
	}
	if older != 3 {
		t.Fatalf("%d rows under older definitions, want 3", older)
	}
	s.want("SELECT c FROM d WHERE id BETWEEN 1 AND 4", "c1", "c2", "c3", "c4")
	s.want("SELECT id, x FROM d WHERE id BETWEEN 2 AND 4 ORDER BY id", "2|7", "3|8", "4|9")
}
