package server

import (
	"strings"
	"testing"
)

// TestWindowPeersRepeatedHour: MySQL 8.0 sorts a window's TIMESTAMP keys by
// the stored instant but tells partitions and peers apart by comparing each
// row's wall time with the previous row's (Cached_item_temporal): the two
// instants of America/New_York's 01:30 on 2026-11-01 are one partition and
// peers where they are neighbours in that order, two where a row sorts
// between them.
func TestWindowPeersRepeatedHour(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS n, s, ns")
		// n: 01:30 EDT (id 1) and 01:30 EST (id 2) are neighbours.
		mustExec(t, utc, "CREATE TABLE n (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT, c VARCHAR(5) COLLATE utf8mb4_general_ci)")
		mustExec(t, utc, "INSERT INTO n VALUES (1, '2026-11-01 05:30:00', 1, 'a'), (2, '2026-11-01 06:30:00', 1, 'a '), "+
			"(3, '2026-11-01 07:00:00', 1, 'b'), (4, '2026-11-01 04:00:00', 2, 'b'), (5, NULL, 2, 'b')")
		// s: 01:15 EST (id 2) sorts between them.
		mustExec(t, utc, "CREATE TABLE s (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
		mustExec(t, utc, "INSERT INTO s VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:15:00'), (3, '2026-11-01 06:30:00')")
		// ns: TIMESTAMP(6), the repeated hour's neighbours a microsecond apart in wall time too.
		mustExec(t, utc, "CREATE TABLE ns (id INT PRIMARY KEY, ts TIMESTAMP(6) NULL)")
		mustExec(t, utc, "INSERT INTO ns VALUES (1, '2026-11-01 05:30:00.000001'), (2, '2026-11-01 06:30:00.000001'), (3, '2026-11-01 06:30:00.000002')")
		for _, c := range []struct{ q, want string }{
			// Neighbours: one peer group.
			{"SELECT id, RANK() OVER (ORDER BY ts) FROM n ORDER BY id", "1 3|2 3|3 5|4 2|5 1"},
			{"SELECT id, DENSE_RANK() OVER (ORDER BY ts) FROM n ORDER BY id", "1 3|2 3|3 4|4 2|5 1"},
			{"SELECT id, PERCENT_RANK() OVER (ORDER BY ts) FROM n ORDER BY id", "1 0.5|2 0.5|3 1|4 0.25|5 0"},
			{"SELECT id, CUME_DIST() OVER (ORDER BY ts) FROM n ORDER BY id", "1 0.8|2 0.8|3 1|4 0.4|5 0.2"},
			{"SELECT id, SUM(id) OVER (ORDER BY ts) FROM n ORDER BY id", "1 12|2 12|3 15|4 9|5 5"},
			{"SELECT id, COUNT(*) OVER (ORDER BY ts) FROM n ORDER BY id", "1 4|2 4|3 5|4 2|5 1"},
			{"SELECT id, LAST_VALUE(id) OVER (ORDER BY ts RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM n ORDER BY id", "1 2|2 2|3 3|4 4|5 5"},
			{"SELECT id, FIRST_VALUE(id) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM n ORDER BY id", "1 1|2 1|3 3|4 4|5 5"},
			{"SELECT id, RANK() OVER (ORDER BY ts DESC) FROM n ORDER BY id", "1 2|2 2|3 1|4 4|5 5"},
			// The order stays the stored one.
			{"SELECT id, ROW_NUMBER() OVER (ORDER BY ts) FROM n ORDER BY id", "1 3|2 4|3 5|4 2|5 1"},
			{"SELECT id, LAG(id) OVER (ORDER BY ts) FROM n ORDER BY id", "1 4|2 1|3 2|4 5|5 NULL"},
			// Neighbours: one partition.
			{"SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM n ORDER BY id", "1 2|2 2|3 1|4 1|5 1"},
			// The sort is by (ts, id DESC) on the stored ts: within the
			// one partition the rows stay in stored order.
			{"SELECT id, ROW_NUMBER() OVER (PARTITION BY ts ORDER BY id DESC) FROM n ORDER BY id", "1 1|2 2|3 1|4 1|5 1"},
			{"SELECT id, SUM(id) OVER (PARTITION BY g ORDER BY ts) FROM n ORDER BY id", "1 3|2 3|3 6|4 9|5 5"},
			{"SELECT id, RANK() OVER (PARTITION BY ts ORDER BY g) FROM n ORDER BY id", "1 1|2 1|3 1|4 1|5 1"},
			// A PAD SPACE _ci key beside it: 'a' and 'a ' are equal.
			{"SELECT id, RANK() OVER (ORDER BY ts, c) FROM n ORDER BY id", "1 3|2 3|3 5|4 2|5 1"},
			{"SELECT id, COUNT(*) OVER (PARTITION BY c, ts) FROM n ORDER BY id", "1 2|2 2|3 1|4 1|5 1"},
			// Two definitions in one select list, and in a derived table.
			{"SELECT id, RANK() OVER (ORDER BY ts), COUNT(*) OVER (PARTITION BY ts), ROW_NUMBER() OVER (ORDER BY ts DESC) FROM n ORDER BY id",
				"1 3 2 3|2 3 2 2|3 5 1 1|4 2 1 4|5 1 1 5"},
			{"SELECT id, ROW_NUMBER() OVER (ORDER BY ts), ROW_NUMBER() OVER (ORDER BY ts DESC) FROM s ORDER BY id", "1 1 3|2 2 2|3 3 1"},
			{"SELECT id, r FROM (SELECT id, RANK() OVER (ORDER BY ts) r FROM n) x ORDER BY id", "1 3|2 3|3 5|4 2|5 1"},
			{"SELECT (SELECT MAX(r) FROM (SELECT RANK() OVER (ORDER BY ts) r FROM n WHERE id < 3) x)", "1"},
			// A row between them: two peer groups, two partitions.
			{"SELECT id, RANK() OVER (ORDER BY ts) FROM s ORDER BY id", "1 1|2 2|3 3"},
			{"SELECT id, DENSE_RANK() OVER (ORDER BY ts) FROM s ORDER BY id", "1 1|2 2|3 3"},
			{"SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM s ORDER BY id", "1 1|2 1|3 1"},
			{"SELECT id, RANK() OVER (ORDER BY ts) FROM s WHERE id <> 2 ORDER BY id", "1 1|3 1"},
			// Fractional seconds: peers only where the wall times are equal.
			{"SELECT id, RANK() OVER (ORDER BY ts) FROM ns ORDER BY id", "1 1|2 1|3 3"},
			// An expression of the column sorts and compares its wall time.
			{"SELECT id, RANK() OVER (ORDER BY ts + INTERVAL 0 SECOND) FROM s ORDER BY id", "1 2|2 1|3 2"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
		// Two definitions that number rows within a peer group in
		// opposite orders: one order of rows cannot serve both.
		var n int
		err := ny.QueryRow("SELECT COUNT(*) FROM (SELECT ROW_NUMBER() OVER (ORDER BY ts) a, ROW_NUMBER() OVER (ORDER BY ts DESC) b FROM n) x").Scan(&n)
		if err == nil || !strings.Contains(err.Error(), "1235") {
			t.Errorf("binary=%v two opposite ROW_NUMBERs over neighbours: %v (%d), want 1235", binary, err, n)
		}
		// Under UTC every instant is its own wall time.
		if got, want := joinRows(queryRows(t, utc, "SELECT id, RANK() OVER (ORDER BY ts) FROM n ORDER BY id")), "1 3|2 4|3 5|4 2|5 1"; got != want {
			t.Errorf("binary=%v UTC RANK: %s, want %s", binary, got, want)
		}
	}
}
