package server

import (
	"strings"
	"testing"
)

// TestCollationWindowPeers: strings equal under a _ci collation ('a', 'A'
// and, PAD SPACE, 'a ') are one peer group and one partition, as in MySQL
// 8.0. Issue #9 listed this as a silent wrong answer; it already holds, and
// this guards it next to TestDecimalWindowPeers.
func TestCollationWindowPeers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	conn := pinnedConn(t, ts.connect(""))
	for _, q := range []string{"CREATE DATABASE cwp", "USE cwp",
		"CREATE TABLE w (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_bin)",
		"INSERT INTO w VALUES (1,'a','a'),(2,'A','A'),(3,'b','b'),(4,'a ','a'),(5,'B','B'),(6,NULL,NULL)"} {
		mustExec(t, conn, q)
	}
	cases := []struct {
		q    string
		want []string
	}{
		{"SELECT id, RANK() OVER (ORDER BY s), DENSE_RANK() OVER (ORDER BY s DESC), COUNT(*) OVER (ORDER BY s) FROM w ORDER BY id",
			[]string{"1,2,2,4", "2,2,2,4", "3,5,1,6", "4,2,2,4", "5,5,1,6", "6,1,3,1"}},
		{"SELECT id, COUNT(*) OVER (PARTITION BY s), RANK() OVER (PARTITION BY id > 2 ORDER BY s) FROM w ORDER BY id",
			[]string{"1,3,1", "2,3,1", "3,2,3", "4,3,2", "5,2,3", "6,1,1"}},
		// A _bin collation keeps 'a' and 'A' apart.
		{"SELECT id, RANK() OVER (ORDER BY b) FROM w ORDER BY id",
			[]string{"1,4", "2,2", "3,6", "4,4", "5,3", "6,1"}},
	}
	for _, c := range cases {
		if got := connRows(t, conn, c.q); strings.Join(got, ";") != strings.Join(c.want, ";") {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
