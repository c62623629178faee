package server

import "testing"

// TestTimeZoneDSTRepeatedHourPaths: the repeated hour's remaining paths
// (issue #9, tzrep2), over the rows of TestTimeZoneDSTGrouping: id 1 at
// 01:30 EDT (1793511000), id 2 at 01:30 EST (1793514600), id 3 at 01:15
// EST (1793513700), id 4 NULL, under America/New_York.
func TestTimeZoneDSTRepeatedHourPaths(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t1")
		mustExec(t, utc, "CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT)")
		mustExec(t, utc, "INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 1), (3, '2026-11-01 06:15:00', 2), (4, NULL, 2)")
		for _, c := range []struct{ q, want string }{
			// GROUP_CONCAT keeps its values in a temporary table of the
			// column's stored values: DISTINCT keeps both instants, ORDER BY
			// sorts by them.
			{"SELECT GROUP_CONCAT(DISTINCT ts) FROM t1", "2026-11-01 01:30:00,2026-11-01 01:30:00,2026-11-01 01:15:00"},
			{"SELECT GROUP_CONCAT(DISTINCT ts ORDER BY ts) FROM t1", "2026-11-01 01:30:00,2026-11-01 01:15:00,2026-11-01 01:30:00"},
			{"SELECT GROUP_CONCAT(DISTINCT ts ORDER BY ts DESC SEPARATOR ';') FROM t1", "2026-11-01 01:30:00;2026-11-01 01:15:00;2026-11-01 01:30:00"},
			{"SELECT GROUP_CONCAT(id ORDER BY ts) FROM t1", "4,1,3,2"},
			{"SELECT g, GROUP_CONCAT(DISTINCT ts ORDER BY ts) FROM t1 GROUP BY g ORDER BY g", "1 2026-11-01 01:30:00,2026-11-01 01:30:00|2 2026-11-01 01:15:00"},
			// An expression of the column is its wall time.
			{"SELECT GROUP_CONCAT(DISTINCT ts + INTERVAL 0 SECOND ORDER BY ts + INTERVAL 0 SECOND) FROM t1", "2026-11-01 01:15:00,2026-11-01 01:30:00"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
