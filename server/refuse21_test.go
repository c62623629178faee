package server

import (
	"strconv"
	"strings"
	"testing"
)

// TestPerRowRandInWhere: a condition over RAND() is evaluated for each row,
// as in MySQL. GMS's simplifyFilters evaluated it once and kept all rows or
// none; RAND(N) takes the next number of MySQL's seeded sequence per row.
func TestPerRowRandInWhere(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	var vals []string
	for i := 1; i <= 200; i++ {
		vals = append(vals, "("+strconv.Itoa(i)+")")
	}
	for _, q := range []string{"CREATE DATABASE prr", "USE prr", "CREATE TABLE t (id INT PRIMARY KEY)",
		"INSERT INTO t VALUES " + strings.Join(vals, ",")} {
		mustExec(t, conn, q)
	}
	// 200 rows at one half each: all or none is 2^-199 away.
	for _, q := range []string{"SELECT COUNT(*) FROM t WHERE RAND() < 0.5",
		"SELECT COUNT(*) FROM t a JOIN t b ON a.id = b.id AND RAND() < 0.5"} {
		got := connRows(t, conn, q)
		if len(got) != 1 || got[0] == "0" || got[0] == "200" {
			t.Errorf("%s: %q, want some rows", q, got)
		}
	}
	// MySQL 8.0 and MariaDB agree on the seeded sequence.
	q := "SELECT GROUP_CONCAT(id ORDER BY id) FROM t WHERE id <= 10 AND RAND(3) < 0.5"
	if got := connRows(t, conn, q); strings.Join(got, ";") != "2,3,6,7,10" {
		t.Errorf("%s: %q, want 2,3,6,7,10", q, got)
	}
}

// TestUpdateTargetInSubquery: UPDATE/DELETE reading their target table in
// a subquery fail with MySQL 8.0's 1093; through a derived table they run.
func TestUpdateTargetInSubquery(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE utt", "USE utt", "CREATE TABLE t (id INT PRIMARY KEY, a INT)",
		"INSERT INTO t VALUES (1,1),(2,2)"} {
		mustExec(t, conn, q)
	}
	for _, q := range []string{"UPDATE t SET a = 1 WHERE id IN (SELECT id FROM t)",
		"DELETE FROM t WHERE id IN (SELECT id FROM t WHERE id > 100)",
		"UPDATE t SET a = (SELECT MAX(a) FROM t)"} {
		_, err := conn.ExecContext(t.Context(), q)
		if err == nil || !strings.Contains(err.Error(), "1093") {
			t.Errorf("%s: %v, want error 1093", q, err)
		}
	}
	mustExec(t, conn, "UPDATE t SET a = a + 1 WHERE id IN (SELECT * FROM (SELECT id FROM t) x)")
	mustExec(t, conn, "INSERT INTO t SELECT id + 10, a FROM t")
}
