package server

import (
	"strings"
	"testing"

	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/kv"
)

// Ignorable characters through a real client: MySQL's UCA collations skip
// U+0000, zero-width joiners, combining accents (at the primary strength)
// and, from UCA 6.0.0 on, the soft hyphen, in =, <, GROUP BY, DISTINCT,
// ORDER BY, joins and keys, with and without an index; LIKE still matches
// per character ('a\0b' LIKE 'ab' is 0, 'a\0b' LIKE 'a_b' is 1). MariaDB
// 10.11's answers for the unicode collations; for utf8mb4_0900_ai_ci
// MySQL 8.0's, which MariaDB's uca1400_ai_ci gives too.
func TestUCAIgnorablesClient(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async})
	mustExec(t, ts.connect(""), "CREATE DATABASE ign")
	db := ts.connect("ign")
	rows := []any{1, "a", 2, "a\x00", 3, "a\u200d", 4, "a\u0301", 5, "á", 6, "b", 7, "\x00b", 8, "ab",
		9, "a\x00b", 10, "a\u00adb"}
	for _, coll := range []string{"utf8mb4_0900_ai_ci", "utf8mb4_unicode_ci", "utf8mb4_unicode_520_ci"} {
		t.Run(coll, func(t *testing.T) {
			// The soft hyphen weighs under UCA 4.0.0 and 5.2.0.
			shy := coll == "utf8mb4_0900_ai_ci"
			pick := func(with, without string) string {
				if shy {
					return with
				}
				return without
			}
			tbl := "t_" + strings.TrimPrefix(coll, "utf8mb4_")
			mustExec(t, db, "CREATE TABLE "+tbl+" (id INT PRIMARY KEY, c VARCHAR(20) COLLATE "+coll+", KEY kc (c))")
			mustExec(t, db, "INSERT INTO "+tbl+" VALUES (?,?),(?,?),(?,?),(?,?),(?,?),(?,?),(?,?),(?,?),(?,?),(?,?)", rows...)
			cases := []struct {
				q    string
				args []any
				want string // rows joined by ";", values by ","
			}{
				{"SELECT id FROM T WHERE c = 'a' ORDER BY id", nil, "1;2;3;4;5"},
				{"SELECT id FROM T WHERE c = ? ORDER BY id", []any{"A\x00"}, "1;2;3;4;5"},
				{"SELECT id FROM T IGNORE INDEX (kc) WHERE c = ? ORDER BY id", []any{"\u200da"}, "1;2;3;4;5"},
				{"SELECT id FROM T WHERE c = 'a\\0' ORDER BY id", nil, "1;2;3;4;5"},
				{"SELECT id FROM T WHERE c = ? ORDER BY id", []any{"ab"}, pick("8;9;10", "8;9")},
				{"SELECT id FROM T IGNORE INDEX (kc) WHERE c = ? ORDER BY id", []any{"ab"}, pick("8;9;10", "8;9")},
				{"SELECT id FROM T WHERE c > ? ORDER BY id", []any{"a"}, "6;7;8;9;10"},
				{"SELECT id FROM T WHERE c <= ? ORDER BY id", []any{"a\x00\x00"}, "1;2;3;4;5"},
				{"SELECT id FROM T WHERE c IN (?, 'zz') ORDER BY id", []any{"b\x00"}, "6;7"},
				{"SELECT MIN(id), COUNT(*) FROM T GROUP BY c ORDER BY MIN(id)", nil, pick("1,5;6,2;8,3", "1,5;6,2;8,2;10,1")},
				{"SELECT COUNT(DISTINCT c) FROM T", nil, pick("3", "4")},
				{"SELECT COUNT(*) FROM (SELECT DISTINCT c FROM T ) d", nil, pick("3", "4")},
				{"SELECT id FROM T WHERE id IN (6, 8, 10, 2) ORDER BY c, id", nil, pick("2;8;10;6", "2;10;8;6")},
				{"SELECT x.id FROM T x JOIN T y ON x.c = y.c WHERE y.id = 8 ORDER BY x.id", nil, pick("8;9;10", "8;9")},
				{"SELECT STRCMP(c, 'AB') FROM T WHERE id = 9", nil, "0"},
				// LIKE compares character by character.
				{"SELECT id FROM T WHERE c LIKE ? ORDER BY id", []any{"a%"}, "1;2;3;4;5;8;9;10"},
				{"SELECT id FROM T WHERE c LIKE 'ab%' ORDER BY id", nil, "8"},
				{"SELECT id FROM T WHERE c LIKE ? ORDER BY id", []any{"ab"}, "8"},
				{"SELECT id FROM T WHERE c LIKE 'a_b' ORDER BY id", nil, "9;10"},
			}
			for _, c := range cases {
				q := strings.TrimSpace(strings.ReplaceAll(c.q+" ", " T ", " "+tbl+" "))
				var got []string
				for _, r := range queryRows(t, db, q, c.args...) {
					got = append(got, strings.Join(r, ","))
				}
				if g := strings.Join(got, ";"); g != c.want {
					t.Errorf("%s %q: got %s, want %s", q, c.args, g, c.want)
				}
			}
			u := "u_" + strings.TrimPrefix(coll, "utf8mb4_")
			mustExec(t, db, "CREATE TABLE "+u+" (c VARCHAR(20) COLLATE "+coll+" PRIMARY KEY)")
			mustExec(t, db, "INSERT INTO "+u+" VALUES (?)", "x")
			for _, v := range []string{"x\x00", "\u200bX", "x\u0300"} {
				if _, err := db.Exec("INSERT INTO "+u+" VALUES (?)", v); mysqlErrno(err) != 1062 {
					t.Errorf("duplicate %q of 'x': %v, want 1062", v, err)
				}
			}
			_, err := db.Exec("INSERT INTO "+u+" VALUES (?)", "x\u00ad")
			if shy && mysqlErrno(err) != 1062 || !shy && err != nil {
				t.Errorf("'x' + soft hyphen: %v", err)
			}
		})
	}
}

// Hangul under the _0900_ collations: MySQL 8.0 weighs a syllable as its
// jamo (strings/ctype-uca.cc, my_decompose_hangul_syllable), so '한' equals
// the three jamo it is made of; UCA 4.0.0 (utf8mb4_unicode_ci) gives the
// syllable a weight of its own (MariaDB's answer).
func TestUCAHangulClient(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async})
	mustExec(t, ts.connect(""), "CREATE DATABASE h")
	db := ts.connect("h")
	mustExec(t, db, "CREATE TABLE h (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, KEY kc (c))")
	mustExec(t, db, "INSERT INTO h VALUES (1, ?), (2, ?), (3, ?), (4, ?)", "한", "\u1112\u1161\u11ab", "하", "\u1112\u1161")
	for _, c := range []struct {
		q, want string
	}{
		{"SELECT id FROM h WHERE c = '한' ORDER BY id", "1;2"},
		{"SELECT id FROM h IGNORE INDEX (kc) WHERE c = '하' ORDER BY id", "3;4"},
		{"SELECT COUNT(DISTINCT c) FROM h", "2"},
		{"SELECT id FROM h ORDER BY c, id", "3;4;1;2"},
		{"SELECT '한' = _utf8mb4 X'E18492E185A1E186AB' COLLATE utf8mb4_unicode_ci", "0"},
	} {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, strings.Join(r, ","))
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%s: got %s, want %s", c.q, g, c.want)
		}
	}
	mustExec(t, db, "CREATE TABLE u (c VARCHAR(20) PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO u VALUES ('가')")
	if _, err := db.Exec("INSERT INTO u VALUES (?)", "\u1100\u1161"); mysqlErrno(err) != 1062 {
		t.Errorf("jamo of '가': %v, want 1062", err)
	}
}

// A data directory written in key format 1 (ignorables weighing, through
// keyenc's test hook): the server rebuilds its UCA-keyed tables when it
// starts, so an indexed lookup finds what an unindexed one does and a
// primary key refuses 'k\0' beside 'k'.
func TestUCAIgnorablesOldDataDir(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async}
	keyenc.SetKeyFormatForTest(1)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	ts := startServerWith(t, dir, cfg)
	mustExec(t, ts.connect(""), "CREATE DATABASE old")
	db := ts.connect("old")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20), KEY kc (c))")
	mustExec(t, db, "CREATE TABLE p (c VARCHAR(20) PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO t VALUES (1, ?), (2, ?), (3, ?)", "k", "k\x00", "\u1100\u1161")
	mustExec(t, db, "INSERT INTO p VALUES (?)", "k")
	if got := queryRows(t, db, "SELECT id FROM t WHERE c = 'k'"); len(got) != 1 {
		t.Fatalf("format 1 answers %v", got)
	}
	db.Close()
	ts.srv.Close()

	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	cfg.Port = 0
	ts = startServerWith(t, dir, cfg)
	db = ts.connect("old")
	for _, c := range []struct{ q, arg, want string }{
		{"SELECT id FROM t WHERE c = ? ORDER BY id", "K", "1;2"},
		{"SELECT id FROM t IGNORE INDEX (kc) WHERE c = ? ORDER BY id", "K", "1;2"},
		{"SELECT id FROM t WHERE c = ? ORDER BY id", "가", "3"},
	} {
		var got []string
		for _, r := range queryRows(t, db, c.q, c.arg) {
			got = append(got, r[0])
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%s %q: %s, want %s", c.q, c.arg, g, c.want)
		}
	}
	if _, err := db.Exec("INSERT INTO p VALUES (?)", "k\x00"); mysqlErrno(err) != 1062 {
		t.Errorf("'k\\0' beside 'k': %v, want 1062", err)
	}
}
