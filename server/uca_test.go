package server

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/keyenc"
)

// UCA expansions through a real client: under utf8mb4_0900_ai_ci (MySQL
// 8.0's default) and utf8mb4_unicode_ci, 'ß' = 'ss' wherever strings are
// compared, grouped, sorted or keyed, with bound parameters as with
// literals, with and without an index; LIKE matches per character. MySQL
// 8.0's answers (MariaDB's for unicode_ci).
func TestUCAExpansionsClient(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE uca")
	db := ts.connect("uca")
	for _, coll := range []string{"utf8mb4_0900_ai_ci", "utf8mb4_unicode_ci"} {
		t.Run(coll, func(t *testing.T) {
			tbl := "t_" + strings.TrimPrefix(coll, "utf8mb4_")
			mustExec(t, db, "CREATE TABLE "+tbl+" (id INT PRIMARY KEY, c VARCHAR(20) COLLATE "+coll+", KEY kc (c))")
			mustExec(t, db, "INSERT INTO "+tbl+" VALUES (1, 'ß'), (2, 'ss'), (3, 'st'), (4, 's'), (5, 'ßa'), (6, 'SS'), (7, 'ﬁ'), (8, 'fi')")
			cases := []struct {
				q    string
				args []any
				want string // rows joined by ";", values by ","
			}{
				{"SELECT id FROM T WHERE c = 'ss' ORDER BY id", nil, "1;2;6"},
				{"SELECT id FROM T WHERE c = ? ORDER BY id", []any{"ß"}, "1;2;6"},
				{"SELECT id FROM T IGNORE INDEX (kc) WHERE c = ? ORDER BY id", []any{"SS"}, "1;2;6"},
				{"SELECT id FROM T WHERE c = ? ORDER BY id", []any{"fi"}, "7;8"},
				{"SELECT id FROM T WHERE c > ? ORDER BY id", []any{"ss"}, "3;5"},
				{"SELECT id FROM T WHERE c < ? ORDER BY id", []any{"ß"}, "4;7;8"},
				{"SELECT id FROM T WHERE c IN (?, 'x') ORDER BY id", []any{"ß"}, "1;2;6"},
				{"SELECT id FROM T WHERE c BETWEEN ? AND ? ORDER BY id", []any{"ß", "ssz"}, "1;2;5;6"},
				{"SELECT id FROM T WHERE c LIKE ? ORDER BY id", []any{"s%"}, "2;3;4;6"},
				{"SELECT id FROM T WHERE c LIKE ? ORDER BY id", []any{"ß%"}, "1;5"},
				{"SELECT id FROM T WHERE c LIKE 'ss' ORDER BY id", nil, "2;6"},
				{"SELECT MIN(id), COUNT(*) FROM T GROUP BY c ORDER BY MIN(id)", nil, "1,3;3,1;4,1;5,1;7,2"},
				{"SELECT COUNT(DISTINCT c) FROM T", nil, "5"},
				{"SELECT COUNT(*) FROM (SELECT DISTINCT c FROM T ) d", nil, "5"},
				{"SELECT id FROM T WHERE id IN (3, 4, 5, 1) ORDER BY c, id", nil, "4;1;5;3"},
				{"SELECT x.id FROM T x JOIN T y ON x.c = y.c WHERE y.id = 2 ORDER BY x.id", nil, "1;2;6"},
			}
			for _, c := range cases {
				q := strings.TrimSpace(strings.ReplaceAll(c.q+" ", " T ", " "+tbl+" "))
				var rows []string
				for _, r := range queryRows(t, db, q, c.args...) {
					rows = append(rows, strings.Join(r, ","))
				}
				if got := strings.Join(rows, ";"); got != c.want {
					t.Errorf("%s %v: got %s, want %s", q, c.args, got, c.want)
				}
			}
			u := "u_" + strings.TrimPrefix(coll, "utf8mb4_")
			mustExec(t, db, "CREATE TABLE "+u+" (c VARCHAR(20) COLLATE "+coll+" PRIMARY KEY)")
			mustExec(t, db, "INSERT INTO "+u+" VALUES (?)", "Straße")
			if _, err := db.Exec("INSERT INTO "+u+" VALUES (?)", "STRASSE"); mysqlErrno(err) != 1062 {
				t.Errorf("duplicate of 'Straße': %v, want 1062", err)
			}
		})
	}
}

func mysqlErrno(err error) int {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return int(me.Number)
	}
	return 0
}

// A data directory written before key format 1 (through keyenc's test
// hook): the server rebuilds its tables with such keys when it starts, so
// an indexed lookup finds what an unindexed one does.
func TestUCAOldDataDir(t *testing.T) {
	dir := t.TempDir()
	keyenc.SetKeyFormatForTest(0)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE old")
	db := ts.connect("old")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20), KEY kc (c))")
	mustExec(t, db, "CREATE TABLE p (c VARCHAR(20) PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'ß'), (2, 'ss'), (3, 'st')")
	mustExec(t, db, "INSERT INTO p VALUES ('Straße')")
	if got := queryRows(t, db, "SELECT id FROM t WHERE c = 'ss'"); len(got) != 1 {
		t.Fatalf("format 0 answers %v", got)
	}
	db.Close()
	ts.srv.Close()

	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	ts = startServer(t, dir)
	db = ts.connect("old")
	for _, q := range []string{"SELECT id FROM t WHERE c = ? ORDER BY id", "SELECT id FROM t IGNORE INDEX (kc) WHERE c = ? ORDER BY id"} {
		got := queryRows(t, db, q, "SS")
		if len(got) != 2 || got[0][0] != "1" || got[1][0] != "2" {
			t.Errorf("%s: %v, want 1, 2", q, got)
		}
	}
	if got := queryRows(t, db, "SELECT c FROM p WHERE c = 'STRASSE'"); len(got) != 1 {
		t.Errorf("primary key lookup of 'STRASSE': %v", got)
	}
	if _, err := db.Exec("INSERT INTO p VALUES ('strasse')"); mysqlErrno(err) != 1062 {
		t.Errorf("duplicate of 'Straße': %v, want 1062", err)
	}
}
