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
