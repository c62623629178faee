package server

import (
	"strings"
	"testing"

	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/kv"
)

// utf8mb4_0900_as_ci through a real client: MySQL compares all primary
// weights first, then all secondary ones, and a combining accent is the
// precomposed letter's secondary, so 'a' + U+0301 = 'á' and 'ab' < 'áb' <
// 'ac', in =, ranges, ORDER BY, GROUP BY, DISTINCT, joins and keys, with
// and without an index. The expected answers are MariaDB 10.11's under
// utf8mb4_uca1400_as_ci (UCA 14.0.0; MySQL 8.0's 9.0.0 weighs these
// letters and accents alike).
func TestUCAMultiLevelClient(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async})
	mustExec(t, ts.connect(""), "CREATE DATABASE lv")
	db := ts.connect("lv")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_as_ci, KEY kc (c))")
	mustExec(t, db, "INSERT INTO t VALUES (1,?),(2,?),(3,?),(4,?),(5,?),(6,?),(7,?),(8,?),(9,?),(10,?),(11,?),(12,?)",
		"ab", "áb", "ac", "a\u0301b", "a", "á", "a\u0301", "Áb", "àb", "b", "aa", "ä")
	for _, c := range []struct {
		q    string
		args []any
		want string // rows joined by ";", values by ","
	}{
		{"SELECT ? = ? COLLATE utf8mb4_0900_as_ci", []any{"a\u0301", "á"}, "1"},
		{"SELECT ? < ? COLLATE utf8mb4_0900_as_ci", []any{"áb", "ac"}, "1"},
		{"SELECT STRCMP(? COLLATE utf8mb4_0900_as_ci, ?)", []any{"ab", "áb"}, "-1"},
		{"SELECT id FROM t ORDER BY c, id", nil, "5;6;7;12;11;1;2;4;8;9;3;10"},
		{"SELECT id FROM t FORCE INDEX (kc) WHERE c >= 'a' ORDER BY c, id", nil, "5;6;7;12;11;1;2;4;8;9;3;10"},
		{"SELECT id FROM t WHERE c = ? ORDER BY id", []any{"áb"}, "2;4;8"},
		{"SELECT id FROM t IGNORE INDEX (kc) WHERE c = ? ORDER BY id", []any{"A\u0301B"}, "2;4;8"},
		{"SELECT id FROM t WHERE c = ? ORDER BY id", []any{"á"}, "6;7"},
		{"SELECT id FROM t WHERE c > 'ab' AND c < 'ac' ORDER BY id", nil, "2;4;8;9"},
		{"SELECT id FROM t IGNORE INDEX (kc) WHERE c > 'ab' AND c < 'ac' ORDER BY id", nil, "2;4;8;9"},
		{"SELECT id FROM t WHERE c IN (?, 'zz') ORDER BY id", []any{"a\u0301"}, "6;7"},
		{"SELECT MIN(id), COUNT(*) FROM t GROUP BY c ORDER BY MIN(id)", nil, "1,1;2,3;3,1;5,1;6,2;9,1;10,1;11,1;12,1"},
		{"SELECT COUNT(DISTINCT c) FROM t", nil, "9"},
		{"SELECT COUNT(*) FROM (SELECT DISTINCT c FROM t) d", nil, "9"},
		{"SELECT x.id FROM t x JOIN t y ON x.c = y.c WHERE y.id = 4 ORDER BY x.id", nil, "2;4;8"},
		{"SELECT MAX(c) = 'b', MIN(c) = 'a' FROM t", nil, "1,1"},
	} {
		var got []string
		for _, r := range queryRows(t, db, c.q, c.args...) {
			got = append(got, strings.Join(r, ","))
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%s %q: got %s, want %s", c.q, c.args, g, c.want)
		}
	}
	mustExec(t, db, "CREATE TABLE u (c VARCHAR(20) COLLATE utf8mb4_0900_as_ci PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE v (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_as_ci, UNIQUE KEY uc (c))")
	mustExec(t, db, "INSERT INTO u VALUES (?), ('a'), ('áa')", "á")
	mustExec(t, db, "INSERT INTO v VALUES (1, ?), (2, 'a'), (3, 'áa')", "a\u0301")
	for _, tbl := range []string{"u (c)", "v (id, c)"} {
		arg := []any{"a\u0301"}
		if strings.HasPrefix(tbl, "v") {
			arg = []any{9, "Á"}
		}
		q := "INSERT INTO " + tbl + " VALUES (" + strings.TrimSuffix(strings.Repeat("?,", len(arg)), ",") + ")"
		if _, err := db.Exec(q, arg...); mysqlErrno(err) != 1062 {
			t.Errorf("%s %v beside 'á': %v, want 1062", q, arg, err)
		}
	}
}

// A data directory written in key format 2 (as_ci as GMS's one weight per
// character, through keyenc's test hook): the server rebuilds the as_ci
// keyed table at start-up, so an indexed lookup finds what an unindexed
// one does, and the table whose UNIQUE key would now hold 'á' twice
// answers 1459 (ER_TABLE_NEEDS_UPGRADE) rather than a wrong row.
func TestUCAMultiLevelOldDataDir(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async}
	keyenc.SetKeyFormatForTest(2)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	ts := startServerWith(t, dir, cfg)
	mustExec(t, ts.connect(""), "CREATE DATABASE old")
	db := ts.connect("old")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_as_ci, KEY kc (c))")
	mustExec(t, db, "CREATE TABLE p (c VARCHAR(20) COLLATE utf8mb4_0900_as_ci PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO t VALUES (1, ?), (2, ?), (3, ?)", "á", "a\u0301", "a")
	mustExec(t, db, "INSERT INTO p VALUES (?), (?)", "á", "a\u0301")
	if got := queryRows(t, db, "SELECT id FROM t WHERE c = 'á'"); len(got) != 1 {
		t.Fatalf("format 2 answers %v", got)
	}
	db.Close()
	ts.srv.Close()

	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	cfg.Port = 0
	ts = startServerWith(t, dir, cfg)
	db = ts.connect("old")
	for _, c := range []struct{ q, want string }{
		{"SELECT id FROM t WHERE c = ? ORDER BY id", "1;2"},
		{"SELECT id FROM t IGNORE INDEX (kc) WHERE c = ? ORDER BY id", "1;2"},
	} {
		var got []string
		for _, r := range queryRows(t, db, c.q, "Á") {
			got = append(got, r[0])
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%s: %s, want %s", c.q, g, c.want)
		}
	}
	if _, err := db.Query("SELECT * FROM p"); mysqlErrno(err) != 1459 {
		t.Errorf("p holds 'á' twice in its primary key: %v, want 1459", err)
	}
}
