package server

import (
	"strings"
	"testing"
)

// TestCollationOnlyUpdates: an UPDATE that changes a value only in ways its
// collation ignores (case, accents, trailing spaces under PAD SPACE) is a
// change in MySQL: it is counted ("Changed: 1") and the new bytes are
// stored, also when the column is the primary key or uniquely indexed.
// Expected counts and values are MariaDB 10.11's (same as MySQL 8.0).
func TestCollationOnlyUpdates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE cu")
	db = ts.connect("cu")
	cases := []struct {
		name, coll, from, to string
		key                  string // "", "PRIMARY KEY", "UNIQUE"
	}{
		{"case", "utf8mb4_general_ci", "one", "ONE", ""},
		{"case default", "utf8mb4_0900_ai_ci", "one", "ONE", ""},
		{"accent", "utf8mb4_0900_ai_ci", "e", "é", ""},
		{"accent unicode", "utf8mb4_unicode_ci", "e", "é", ""},
		{"trailing space", "utf8mb4_general_ci", "x", "x ", ""},
		{"trailing space bin", "utf8mb4_bin", "x ", "x", ""},
		{"latin1", "latin1_swedish_ci", "abc", "ABC", ""},
		{"pk case", "utf8mb4_general_ci", "abc", "ABC", "PRIMARY KEY"},
		{"pk space", "utf8mb4_general_ci", "abc", "abc ", "PRIMARY KEY"},
		{"pk accent", "utf8mb4_0900_ai_ci", "cafe", "café", "PRIMARY KEY"},
		{"unique case", "utf8mb4_general_ci", "abc", "aBc", "UNIQUE"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tbl := "t" + string(rune('a'+i))
			mustExec(t, db, "CREATE TABLE "+tbl+" (id int, s varchar(20) COLLATE "+c.coll+" "+c.key+")")
			mustExec(t, db, "INSERT INTO "+tbl+" VALUES (1, ?)", c.from)
			res := mustExec(t, db, "UPDATE "+tbl+" SET s = ? WHERE s = ?", c.to, c.from)
			if n, _ := res.RowsAffected(); n != 1 {
				t.Errorf("rows affected %d, want 1", n)
			}
			got := queryRows(t, db, "SELECT CONCAT('[', s, ']') FROM "+tbl)
			if len(got) != 1 || got[0][0] != "["+c.to+"]" {
				t.Errorf("stored %v, want [%s]", got, c.to)
			}
			// Setting the same bytes again is no change.
			res = mustExec(t, db, "UPDATE "+tbl+" SET s = ? WHERE id = 1", c.to)
			if n, _ := res.RowsAffected(); n != 0 {
				t.Errorf("identical update: rows affected %d, want 0", n)
			}
		})
	}
	// INSERT ... ON DUPLICATE KEY UPDATE: 2 for a changed row, 0 for an
	// unchanged one (MariaDB 10.11 / MySQL 8.0).
	mustExec(t, db, "CREATE TABLE od (id int PRIMARY KEY, s varchar(20) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "INSERT INTO od VALUES (1, 'one')")
	for _, c := range []struct {
		q    string
		want int64
	}{
		{"INSERT INTO od VALUES (1, 'ONE') ON DUPLICATE KEY UPDATE s = VALUES(s)", 2},
		{"INSERT INTO od VALUES (1, 'ONE') ON DUPLICATE KEY UPDATE s = VALUES(s)", 0},
		{"INSERT INTO od VALUES (1, 'x') ON DUPLICATE KEY UPDATE s = 'ONE '", 2},
		{"INSERT INTO od VALUES (2, 'x'), (1, 'y') ON DUPLICATE KEY UPDATE s = 'one '", 3},
		{"REPLACE INTO od VALUES (1, 'One ')", 2},
	} {
		res := mustExec(t, db, c.q)
		if n, _ := res.RowsAffected(); n != c.want {
			t.Errorf("%s: rows affected %d, want %d", c.q, n, c.want)
		}
	}
	if got := queryRows(t, db, "SELECT CONCAT('[', s, ']') FROM od ORDER BY id"); len(got) != 2 || got[0][0] != "[One ]" || got[1][0] != "[x]" {
		t.Errorf("od %v, want [One ] [x]", got)
	}
	// Multi-table UPDATE over an inner join.
	mustExec(t, db, "CREATE TABLE j1 (id int PRIMARY KEY, s varchar(20) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "CREATE TABLE j2 (id int PRIMARY KEY, s varchar(20))")
	mustExec(t, db, "INSERT INTO j1 VALUES (1, 'one'), (2, 'two')")
	mustExec(t, db, "INSERT INTO j2 VALUES (1, 'x'), (2, 'y')")
	res := mustExec(t, db, "UPDATE j1 JOIN j2 ON j1.id = j2.id SET j1.s = UPPER(j1.s), j2.s = 'y'")
	if n, _ := res.RowsAffected(); n != 3 {
		t.Errorf("join update: rows affected %d, want 3", n)
	}
	if got := queryRows(t, db, "SELECT j1.s, j2.s FROM j1 JOIN j2 ON j1.id = j2.id ORDER BY j1.id"); len(got) != 2 ||
		strings.Join(got[0], ",") != "ONE,y" || strings.Join(got[1], ",") != "TWO,y" {
		t.Errorf("join update stored %v, want ONE,y TWO,y", got)
	}
	// The trigger sees both values.
	mustExec(t, db, "CREATE TABLE tr (id int PRIMARY KEY, s varchar(20) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "CREATE TABLE lg (msg varchar(50))")
	mustExec(t, db, "CREATE TRIGGER trg AFTER UPDATE ON tr FOR EACH ROW INSERT INTO lg VALUES (CONCAT(old.s, '>', new.s))")
	mustExec(t, db, "INSERT INTO tr VALUES (1, 'a')")
	mustExec(t, db, "UPDATE tr SET s = 'A' WHERE id = 1")
	if got := queryRows(t, db, "SELECT msg FROM lg"); len(got) != 1 || got[0][0] != "a>A" {
		t.Errorf("trigger log %v, want a>A", got)
	}
	if got := queryRows(t, db, "SELECT s FROM tr"); strings.Join(got[0], "") != "A" {
		t.Errorf("tr %v, want A", got)
	}
}
