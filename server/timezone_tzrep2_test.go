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

// TestTimeZoneDSTUnionOrder: a UNION with its own ORDER BY, LIMIT or
// OFFSET deduplicated on wall times (GMS's SetOp keeps them inside) and
// sorted them; MySQL's union temporary table holds the stored values. And
// ORDER BY an expression of the column (IFNULL(ts, ts), MAX(ts)) sorted by
// the instant the engine marked, where MySQL's filesort sorts the wall
// time (only Item_field has the stored value).
func TestTimeZoneDSTUnionOrder(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t1")
		mustExec(t, utc, "CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT)")
		mustExec(t, utc, "INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 1), (3, '2026-11-01 06:15:00', 2), (4, NULL, 2)")
		for _, c := range []struct{ q, want string }{
			{"SELECT UNIX_TIMESTAMP(ts) FROM (SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts) u", "NULL|1793511000|1793513700|1793514600"},
			{"SELECT UNIX_TIMESTAMP(ts) FROM (SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts DESC LIMIT 2) u", "1793514600|1793513700"},
			{"SELECT UNIX_TIMESTAMP(ts) FROM (SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts LIMIT 2 OFFSET 1) u", "1793511000|1793513700"},
			{"SELECT id FROM (SELECT id, ts FROM t1 UNION ALL SELECT id, ts FROM t1 WHERE id = 1 ORDER BY ts, id) u", "4|1|1|3|2"},
			{"SELECT COUNT(*) FROM (SELECT ts FROM t1 UNION SELECT ts + INTERVAL 0 SECOND FROM t1 ORDER BY ts) u", "3"},
			{"SELECT id FROM t1 ORDER BY IFNULL(ts, ts), id", "4|3|1|2"},
			{"SELECT id FROM t1 ORDER BY COALESCE(ts, ts) DESC, id", "1|2|3|4"},
			{"SELECT id FROM (SELECT id, IFNULL(ts, ts) x FROM t1) d ORDER BY x, id", "4|3|1|2"},
			{"SELECT MAX(ts) m FROM t1 GROUP BY id ORDER BY m, id", "NULL|2026-11-01T01:15:00Z|2026-11-01T01:30:00Z|2026-11-01T01:30:00Z"},
			// The column itself sorts by its stored value.
			{"SELECT id FROM t1 ORDER BY ts", "4|1|3|2"},
			{"SELECT id, ts x FROM t1 ORDER BY x DESC", "2 2026-11-01T01:30:00Z|3 2026-11-01T01:15:00Z|1 2026-11-01T01:30:00Z|4 NULL"},
			{"SELECT id, ROW_NUMBER() OVER () FROM t1 ORDER BY ts", "4 4|1 1|3 3|2 2"},
			{"SELECT id FROM (SELECT id, ts FROM t1) d ORDER BY ts", "4|1|3|2"},
			{"SELECT (SELECT id FROM t1 ORDER BY ts DESC LIMIT 1)", "2"},
			// UNIX_TIMESTAMP of an expression: its wall time's earlier instant.
			{"SELECT UNIX_TIMESTAMP(ts + INTERVAL 1 SECOND), UNIX_TIMESTAMP(IFNULL(ts, ts)) FROM t1 ORDER BY id", "1793511001 1793511000|1793511001 1793511000|1793510101 1793510100|NULL NULL"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
