package server

import "testing"

// TestTimeZoneDSTGrouping: GROUP BY, DISTINCT, COUNT(DISTINCT), UNION and
// windows over a TIMESTAMP column holding both instants of a repeated wall
// time. MySQL's temporary tables key on the column's stored value (two
// groups, two rows, a count of two) and its filesort sorts a window by it;
// an expression over the column (DATE(ts), ts + INTERVAL 0 SECOND) is a
// wall time and keys as one. Myriad hashed and sorted the wall time: one
// group, one row, windows in wall-time order. An indexed `ts IN (...)` is
// MySQL's range lookup: each constant is its earlier instant.
// id 1: 01:30 EDT (1793511000), id 2: 01:30 EST (1793514600), id 3: 01:15
// EST (1793513700), id 4: NULL.
func TestTimeZoneDSTGrouping(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t1, ti")
		mustExec(t, utc, "CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT)")
		mustExec(t, utc, "INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 1), (3, '2026-11-01 06:15:00', 2), (4, NULL, 2)")
		mustExec(t, utc, "CREATE TABLE ti (id INT PRIMARY KEY, ts TIMESTAMP NULL, KEY (ts))")
		mustExec(t, utc, "INSERT INTO ti SELECT id, ts FROM t1")
		for _, c := range []struct{ q, want string }{
			// The column as read: its stored value.
			{"SELECT UNIX_TIMESTAMP(ts), COUNT(*), MAX(id) FROM t1 GROUP BY ts ORDER BY 1", "NULL 1 4|1793511000 1 1|1793513700 1 3|1793514600 1 2"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM t1 GROUP BY ts) d", "4"},
			{"SELECT g, COUNT(*) FROM (SELECT g, ts FROM t1 GROUP BY g, ts) d GROUP BY g ORDER BY g", "1 2|2 2"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM ti GROUP BY ts) d", "4"},
			{"SELECT COUNT(DISTINCT ts) FROM t1", "3"},
			{"SELECT g, COUNT(DISTINCT ts) FROM t1 GROUP BY g ORDER BY g", "1 2|2 1"},
			{"SELECT UNIX_TIMESTAMP(ts) FROM (SELECT DISTINCT ts FROM t1) d ORDER BY 1", "NULL|1793511000|1793513700|1793514600"},
			{"SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM t1 ORDER BY ts) d", "4"},
			{"SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM ti) d", "4"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM t1 WHERE id = 1 UNION SELECT ts FROM t1 WHERE id = 2) u", "2"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM t1 UNION SELECT ts FROM t1) u", "4"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM t1 UNION ALL SELECT ts FROM t1) u", "8"},
			// In subqueries (the outer scope's values come first in a row).
			{"SELECT id FROM t1 WHERE 4 = (SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM t1) x) ORDER BY id", "1|2|3|4"},
			{"SELECT id, (SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM t1 b WHERE b.g = a.g) x) FROM t1 a ORDER BY id", "1 2|2 2|3 2|4 2"},
			{"SELECT (SELECT COUNT(*) FROM (SELECT ts FROM t1 GROUP BY ts) x)", "4"},
			// An expression of it: its wall time.
			{"SELECT DATE(ts), COUNT(*) FROM t1 GROUP BY DATE(ts) ORDER BY 1", "NULL 1|2026-11-01T00:00:00Z 3"},
			{"SELECT COUNT(*) FROM (SELECT ts + INTERVAL 0 SECOND x FROM t1 GROUP BY x) d", "3"},
			{"SELECT COUNT(DISTINCT ts + INTERVAL 0 SECOND) FROM t1", "2"},
			{"SELECT COUNT(*) FROM (SELECT DISTINCT IFNULL(ts, NULL) FROM t1) d", "3"},
			// Windows sort by the stored value.
			{"SELECT id, ROW_NUMBER() OVER (ORDER BY ts) FROM t1 ORDER BY id", "1 2|2 4|3 3|4 1"},
			{"SELECT id, RANK() OVER (ORDER BY ts) FROM t1 ORDER BY id", "1 2|2 4|3 3|4 1"},
			{"SELECT id, LAG(id) OVER (ORDER BY ts) FROM t1 ORDER BY id", "1 4|2 3|3 1|4 NULL"},
			{"SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts DESC) FROM t1 ORDER BY id", "1 2|2 1|3 1|4 2"},
			{"SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM t1 ORDER BY id", "1 1|2 1|3 1|4 1"},
			// IN on an indexed TIMESTAMP: the range lookup of each
			// constant's earlier instant; without an index, wall times.
			{"SELECT id FROM ti WHERE ts IN ('2026-11-01 01:30:00', '2026-11-01 01:15:00') ORDER BY id", "1"},
			{"SELECT id FROM ti WHERE ts IN ('2026-11-01 01:30:00', '2026-11-01 01:15:00', NULL) ORDER BY id", "1"},
			{"SELECT id FROM t1 WHERE ts IN ('2026-11-01 01:30:00', '2026-11-01 01:15:00') ORDER BY id", "1|2|3"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
		// With a PAD SPACE _ci string beside it (PadSpace makes the
		// DISTINCT and the UNION a GROUP BY on collation keys first).
		mustExec(t, utc, "DROP TABLE IF EXISTS ts3")
		mustExec(t, utc, "CREATE TABLE ts3 (id INT PRIMARY KEY, ts TIMESTAMP NULL, s VARCHAR(10) COLLATE utf8mb4_general_ci)")
		mustExec(t, utc, "INSERT INTO ts3 VALUES (1, '2026-11-01 05:30:00', 'a'), (2, '2026-11-01 06:30:00', 'a '), (3, '2026-11-01 06:30:00', 'A')")
		for _, q := range []string{
			"SELECT COUNT(*) FROM (SELECT DISTINCT ts, s FROM ts3) x",
			"SELECT COUNT(*) FROM (SELECT ts, s FROM ts3 UNION SELECT ts, s FROM ts3) x",
			"SELECT COUNT(*) FROM (SELECT ts, s FROM ts3 GROUP BY ts, s) x",
		} {
			if got := joinRows(queryRows(t, ny, q)); got != "2" {
				t.Errorf("binary=%v %s: %s, want 2", binary, q, got)
			}
		}
		// INSERT ... SELECT of a GROUP BY's column copies the temporary
		// table's field, the stored value; of MAX(ts), an expression, its
		// wall time's earlier instant (tz4b).
		mustExec(t, utc, "DROP TABLE IF EXISTS t2")
		mustExec(t, utc, "CREATE TABLE t2 (n INT, ts TIMESTAMP NULL)")
		mustExec(t, ny, "INSERT INTO t2 SELECT 1, ts FROM t1 GROUP BY ts")
		mustExec(t, ny, "INSERT INTO t2 SELECT 2, MAX(ts) FROM t1 WHERE id = 2 GROUP BY ts")
		if got, want := joinRows(queryRows(t, utc, "SELECT n, UNIX_TIMESTAMP(ts) FROM t2 ORDER BY 1, 2")), "1 NULL|1 1793511000|1 1793513700|1 1793514600|2 1793511000"; got != want {
			t.Errorf("binary=%v INSERT ... SELECT ... GROUP BY ts: %s, want %s", binary, got, want)
		}
	}
}
