package e2e

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestZeroDateStrictMode: sql_mode defaults to MySQL 8.0's, whose
// NO_ZERO_DATE with STRICT_TRANS_TABLES refuses '0000-00-00' in a DATE,
// DATETIME or TIMESTAMP column (1292) for INSERT ... VALUES, INSERT ...
// SELECT, UPDATE and ON DUPLICATE KEY UPDATE; INSERT IGNORE and a
// non-strict mode store it with warning 1292; a dump holding zero dates
// (mariadb-dump sets its own sql_mode) loads back.
func TestZeroDateStrictMode(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	out := string(s.RunTool(t, nil, client, "-N", "-e", "SELECT @@session.sql_mode, @@global.sql_mode"))
	for _, m := range []string{"ONLY_FULL_GROUP_BY", "STRICT_TRANS_TABLES", "NO_ZERO_IN_DATE", "NO_ZERO_DATE",
		"ERROR_FOR_DIVISION_BY_ZERO", "NO_ENGINE_SUBSTITUTION"} {
		if strings.Count(out, m) != 2 {
			t.Fatalf("sql_mode lacks %s: %q", m, out)
		}
	}
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE zd")
	mustExec(t, db, "CREATE TABLE zd.t (id INT PRIMARY KEY, d DATE, dt DATETIME, ts TIMESTAMP NULL)")
	mustExec(t, db, "INSERT INTO zd.t VALUES (1, '2024-01-01', '2024-01-01 10:00:00', NULL)")
	for _, q := range []string{
		"INSERT INTO zd.t VALUES (2, '0000-00-00', NULL, NULL)",
		"INSERT INTO zd.t (dt, id) VALUES ('0000-00-00 00:00:00', 3)",
		"INSERT INTO zd.t (id, ts) VALUES (4, 0)",
		"INSERT INTO zd.t VALUES (5, ?, NULL, NULL)",
		"UPDATE zd.t SET d = '0000-00-00' WHERE id = 1",
		"INSERT INTO zd.t VALUES (1, NULL, NULL, NULL) ON DUPLICATE KEY UPDATE dt = '0000-00-00'",
	} {
		var args []any
		if strings.Contains(q, "?") {
			args = append(args, "0000-00-00")
		}
		if _, err := db.Exec(q, args...); mysqlErrNo(err) != 1292 {
			t.Fatalf("%s: got %v, want error 1292", q, err)
		}
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "INSERT IGNORE INTO zd.t VALUES (6, '0000-00-00', NULL, NULL)")
	if w := queryRows(t, conn, "SHOW WARNINGS"); len(w) != 1 || w[0][1] != "1292" {
		t.Fatalf("INSERT IGNORE warnings: %v", w)
	}
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO zd.t VALUES (7, '0000-00-00', '0000-00-00 00:00:00', NULL)")
	mustExec(t, conn, "SET sql_mode = 'NO_ZERO_DATE'")
	mustExec(t, conn, "INSERT INTO zd.t VALUES (8, '0000-00-00', NULL, NULL)")
	if w := queryRows(t, conn, "SHOW WARNINGS"); len(w) != 1 || w[0][1] != "1292" {
		t.Fatalf("non-strict NO_ZERO_DATE warnings: %v", w)
	}
	mustExec(t, conn, "SET sql_mode = DEFAULT")
	if _, err := conn.ExecContext(ctx, "INSERT INTO zd.t SELECT 9, d, dt, ts FROM zd.t WHERE id = 7"); mysqlErrNo(err) != 1292 {
		t.Fatalf("INSERT ... SELECT of a zero date: got %v, want error 1292", err)
	}
	got := queryRows(t, db, "SELECT id, d, dt FROM zd.t ORDER BY id")
	var lines []string
	for _, r := range got {
		lines = append(lines, strings.Join(r, " "))
	}
	if w := "1 2024-01-01 2024-01-01 10:00:00|6 0000-00-00 NULL|7 0000-00-00 0000-00-00 00:00:00|8 0000-00-00 NULL"; strings.Join(lines, "|") != w {
		t.Fatalf("rows %q, want %q", strings.Join(lines, "|"), w)
	}
	first := s.RunTool(t, nil, dump, "--databases", "zd")
	if !bytes.Contains(first, []byte("'0000-00-00'")) {
		t.Fatalf("dump lacks the zero dates:\n%s", first)
	}
	mustExec(t, db, "DROP DATABASE zd")
	s.RunTool(t, first, client)
	if n := queryRows(t, db, "SELECT COUNT(*) FROM zd.t WHERE d = '0000-00-00'"); n[0][0] != "3" {
		t.Fatalf("reloaded zero dates: %v", n)
	}
}
