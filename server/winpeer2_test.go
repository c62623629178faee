package server

import (
	"testing"
)

// TestWindowValueDefaultFrame: FIRST_VALUE and LAST_VALUE without a frame
// clause use MySQL's default frame, RANGE BETWEEN UNBOUNDED PRECEDING AND
// CURRENT ROW, whose end is the current row's last peer; without ORDER BY
// every row is a peer, so the frame is the whole partition. GMS read only up
// to the current row, so LAST_VALUE answered each tie's own value. Peers'
// order is unspecified, so the checks are that every peer gets one answer and
// that it is a peer's value (and, for a tie group of one value, that value).
func TestWindowValueDefaultFrame(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, db, "DROP TABLE IF EXISTS t")
		mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, g INT, k INT, k2 INT, x INT)")
		mustExec(t, db, "INSERT INTO t VALUES (1, 1, 1, 1, 10), (2, 1, 1, 1, 20), (3, 1, 2, 1, 30), (4, 1, 2, 2, NULL), "+
			"(5, 1, 3, 1, 50), (6, 2, 1, 1, 60), (7, 2, 1, 1, 70), (8, 2, NULL, 1, 80), (9, 2, NULL, 1, 90)")
		// per groups by key: peers' distinct answers, and whether the answer is a peer's id.
		per := func(over string) string {
			return "SELECT COUNT(DISTINCT v), MIN(v IN (SELECT id FROM t t2 WHERE t2.g = x.g AND t2.k <=> x.k)) " +
				"FROM (SELECT g, k, " + over + " v FROM t WHERE id > ?) x GROUP BY g, k ORDER BY g, k"
		}
		for _, c := range []struct{ q, want string }{
			{per("LAST_VALUE(id) OVER (PARTITION BY g ORDER BY k)"), "1 1|1 1|1 1|1 1|1 1"},
			// FIRST_VALUE: the partition's first row (the highest key), one answer per partition.
			{"SELECT g, COUNT(DISTINCT v), MIN(k) FROM (SELECT g, FIRST_VALUE(k) OVER (PARTITION BY g ORDER BY k DESC) v, k FROM t WHERE id > ?) x GROUP BY g ORDER BY g", "1 1 1|2 1 1"},
			{"SELECT DISTINCT g, FIRST_VALUE(k) OVER (PARTITION BY g ORDER BY k DESC) FROM t WHERE id > ? ORDER BY g", "1 3|2 1"},
			{per("LAST_VALUE(id) OVER (PARTITION BY g ORDER BY k RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"), "1 1|1 1|1 1|1 1|1 1"},
			{per("LAST_VALUE(id) OVER (PARTITION BY g, k)"), "1 1|1 1|1 1|1 1|1 1"},
			// Named windows take the same default.
			{"SELECT COUNT(DISTINCT v) FROM (SELECT k, LAST_VALUE(id) OVER w v FROM t WHERE g = 1 AND id > ? WINDOW w AS (ORDER BY k)) x GROUP BY k ORDER BY k", "1|1|1"},
			// A tie group's last peer reaches the row's value where the peers share it.
			{"SELECT id, LAST_VALUE(k * 10 + g) OVER (PARTITION BY g ORDER BY k) FROM t WHERE id > ? ORDER BY id", "1 11|2 11|3 21|4 21|5 31|6 12|7 12|8 NULL|9 NULL"},
			// Two keys: peers only where both tie.
			{"SELECT id, LAST_VALUE(k2) OVER (PARTITION BY g ORDER BY k, k2) FROM t WHERE id > ? ORDER BY id", "1 1|2 1|3 1|4 2|5 1|6 1|7 1|8 1|9 1"},
			{"SELECT COUNT(DISTINCT v) FROM (SELECT g, k, k2, LAST_VALUE(id) OVER (PARTITION BY g ORDER BY k, k2) v FROM t WHERE id > ?) x GROUP BY g, k, k2 ORDER BY g, k, k2", "1|1|1|1|1|1"},
			// No ORDER BY: the partition's last row for every row.
			{"SELECT g, COUNT(DISTINCT v), COUNT(*) FROM (SELECT g, LAST_VALUE(id) OVER (PARTITION BY g) v FROM t WHERE id > ?) x GROUP BY g ORDER BY g", "1 1 5|2 1 4"},
			// A frame that ends at the current row stays ROWS.
			{"SELECT id, LAST_VALUE(id) OVER (ORDER BY k, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t WHERE id > ? AND g = 1 ORDER BY id", "1 1|2 2|3 3|4 4|5 5"},
			{"SELECT id, LAST_VALUE(id) OVER (PARTITION BY g ORDER BY id) FROM t WHERE id > ? ORDER BY id", "1 1|2 2|3 3|4 4|5 5|6 6|7 7|8 8|9 9"},
			// The aggregates' default frame over the same ties (already right; kept beside them).
			{"SELECT id, SUM(x) OVER (PARTITION BY g ORDER BY k), COUNT(x) OVER (PARTITION BY g ORDER BY k), MAX(x) OVER (PARTITION BY g ORDER BY k), MIN(x) OVER (PARTITION BY g ORDER BY k DESC) FROM t WHERE id > ? ORDER BY id",
				"1 30 2 20 10|2 30 2 20 10|3 60 3 30 30|4 60 3 30 30|5 110 4 50 50|6 300 4 90 60|7 300 4 90 60|8 170 2 90 60|9 170 2 90 60"},
		} {
			if got := joinRows(queryRows(t, db, c.q, 0)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
