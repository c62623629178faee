package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// America/New_York's DST changes of 2026: on 2026-03-08 the wall clock
// skips 02:00-03:00 (02:30 does not exist; 03:00 EDT is 07:00 UTC,
// 1772953200); on 2026-11-01 it repeats 01:00-02:00 (01:30 is 05:30 UTC
// EDT, 1793511000, and 06:30 UTC EST, 1793514600).

// nyConn is a pool under America/New_York with the given sql_mode (nil:
// the server's default, strict).
func nyConn(t *testing.T, ts *testServer, binary bool, sqlMode *string) *sql.DB {
	t.Helper()
	p := fmt.Sprintf("parseTime=true&interpolateParams=%v&time_zone=%s", !binary, url.QueryEscape("'America/New_York'"))
	if sqlMode != nil {
		p += "&sql_mode=" + url.QueryEscape("'"+*sqlMode+"'")
	}
	return ts.connectWith("d", p)
}

// TestTimeZoneDSTInsertSelect: INSERT ... SELECT and CREATE TABLE ...
// SELECT copy a TIMESTAMP's stored value, as MySQL copies the field: the
// repeated hour's later instant (01:30 EST) stays 06:30 UTC. GMS's insert
// converts each value with the column's type, which dropped the mark of the
// later instant, so the copy stored 05:30 UTC, an hour off.
func TestTimeZoneDSTInsertSelect(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t1, t2, t3, t4, t5, t6")
		mustExec(t, utc, "CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
		mustExec(t, utc, "INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:30:00'), (3, NULL)")
		mustExec(t, utc, "CREATE TABLE t2 (id INT PRIMARY KEY, ts TIMESTAMP NULL, n INT DEFAULT 7)")
		mustExec(t, utc, "CREATE TABLE t4 (ts TIMESTAMP NULL, id INT PRIMARY KEY)")
		mustExec(t, utc, "CREATE TABLE t6 (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
		for _, q := range []string{
			"INSERT INTO t2 (id, ts) SELECT id, ts FROM t1",
			"INSERT INTO t2 (ts, id) SELECT ts, id + 10 FROM t1 ORDER BY id DESC",
			"INSERT INTO t2 (id, ts) SELECT a.id + 20, b.ts FROM t1 a JOIN t1 b ON a.id = b.id",
			"INSERT INTO t2 (id, ts) SELECT id + 30, ts FROM (SELECT id, ts FROM t1) d",
			"REPLACE INTO t2 (id, ts) SELECT id, ts FROM t1",
			"INSERT INTO t4 SELECT ts, id FROM t1",
			"CREATE TABLE t3 AS SELECT id, ts FROM t1",
			"CREATE TABLE t5 AS SELECT * FROM t1",
			// An expression of the column is a wall time to MySQL, stored
			// as its earlier instant (05:30 UTC); only a plain column
			// reference copies the stored value.
			"INSERT INTO t6 (id, ts) SELECT id, IFNULL(ts, '2020-01-01 00:00:00') FROM t1 WHERE id < 3",
			"INSERT INTO t6 (id, ts) SELECT 12, (SELECT ts FROM t1 WHERE id = 2)",
			"INSERT INTO t6 (id, ts) SELECT 22, MAX(ts) FROM t1 WHERE id = 2",
			"INSERT INTO t6 (id, ts) SELECT id + 30, LAG(ts) OVER (ORDER BY id) FROM t1",
			"INSERT INTO t6 (ts, id) SELECT ts + INTERVAL 0 SECOND, id + 40 FROM t1 WHERE id = 2",
			"INSERT INTO t6 SELECT id + 50, COALESCE(ts) FROM t1 WHERE id = 2",
		} {
			mustExec(t, ny, q)
		}
		for _, c := range []struct{ q, want string }{
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t2 ORDER BY id", "1 1793511000|2 1793514600|3 NULL|11 1793511000|12 1793514600|13 NULL|21 1793511000|22 1793514600|23 NULL|31 1793511000|32 1793514600|33 NULL"},
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t3 ORDER BY id", "1 1793511000|2 1793514600|3 NULL"},
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t4 ORDER BY id", "1 1793511000|2 1793514600|3 NULL"},
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t5 ORDER BY id", "1 1793511000|2 1793514600|3 NULL"},
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t6 ORDER BY id", "1 1793511000|2 1793511000|12 1793511000|22 1793511000|31 NULL|32 1793511000|33 1793511000|42 1793511000|52 1793511000"},
		} {
			if got := joinRows(queryRows(t, utc, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestTimeZoneDSTSkippedWrite: a TIMESTAMP written as a wall time that a
// DST change skips. MySQL's Field_temporal::set_datetime_warning: under a
// strict sql_mode (and no IGNORE) it is 1292 "Incorrect datetime value"
// (an error); otherwise the value is stored adjusted to the change's
// instant with warning 1299 "Invalid TIMESTAMP value in column 'ts' at row
// N". MariaDB agrees. Myriad stored it adjusted, silently, in every mode.
func TestTimeZoneDSTSkippedWrite(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	loose := ""
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, utc, "DROP TABLE IF EXISTS t")
		mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, ts TIMESTAMP(1) NULL)")

		strict := nyConn(t, ts, binary, nil)
		for _, q := range []string{
			"INSERT INTO t VALUES (1, '2026-03-08 02:30:00')",
			"INSERT INTO t VALUES (1, '2026-03-08 01:30:00'), (2, '2026-03-08 02:00:00')",
		} {
			_, err := strict.Exec(q)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1292 || !strings.Contains(me.Message, "for column 'ts' at row") {
				t.Errorf("binary=%v strict %s: %v, want 1292", binary, q, err)
			}
		}
		if got := joinRows(queryRows(t, utc, "SELECT COUNT(*) FROM t")); got != "0" {
			t.Errorf("binary=%v: strict failures left %s rows", binary, got)
		}

		conn, err := nyConn(t, ts, binary, &loose).Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ q, warn string }{
			{"INSERT INTO t VALUES (1, '2026-03-08 01:30:00'), (2, '2026-03-08 02:30:00'), (3, '2026-03-08 02:59:59.5')",
				// Oldest first, as MySQL lists them (midstream2; GMS listed newest first).
				"warning Warning 1299 Invalid TIMESTAMP value in column 'ts' at row 2\nwarning Warning 1299 Invalid TIMESTAMP value in column 'ts' at row 3\n"},
			{"INSERT INTO t VALUES (4, '2026-03-08 03:00:00')", ""},
			{"UPDATE t SET ts = '2026-03-08 02:10:00' WHERE id = 4", "warning Warning 1299 Invalid TIMESTAMP value in column 'ts' at row 1\n"},
		} {
			if _, err := conn.ExecContext(context.Background(), c.q); err != nil {
				t.Fatalf("binary=%v %s: %v", binary, c.q, err)
			}
			if got := showWarnings(t, conn); got != c.warn {
				t.Errorf("binary=%v %s: warnings %q, want %q", binary, c.q, got, c.warn)
			}
		}
		conn.Close()
		if got, want := joinRows(queryRows(t, utc, "SELECT id, UNIX_TIMESTAMP(ts) FROM t ORDER BY id")), "1 1772951400.0|2 1772953200.0|3 1772953200.5|4 1772953200.0"; got != want {
			t.Errorf("binary=%v stored: %s, want %s", binary, got, want)
		}
	}
}

// TestTimeZoneDSTIndexedEquality: `ts = constant` in a repeated hour.
// MySQL's index lookup converts the constant to one instant, the earlier
// (TIME_to_gmt_sec), and finds one row; its scan compares wall times and
// finds both (manual, "Indexed Lookups from TIMESTAMP Columns"). Myriad
// answered both rows also where the column leads an index, whether it read
// the index or not; now such an equality compares instants on every access
// path, and a column that leads no index keeps MySQL's scan answer.
func TestTimeZoneDSTIndexedEquality(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS ti, tn, tp")
		mustExec(t, utc, "CREATE TABLE ti (id INT PRIMARY KEY, ts TIMESTAMP NULL, KEY (ts))")
		mustExec(t, utc, "CREATE TABLE tn (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
		mustExec(t, utc, "CREATE TABLE tp (ts TIMESTAMP PRIMARY KEY, id INT)")
		for _, tb := range []string{"ti", "tn"} {
			mustExec(t, utc, "INSERT INTO "+tb+" VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:30:00'), (3, NULL), (4, '2026-11-01 07:00:00')")
		}
		mustExec(t, utc, "INSERT INTO tp VALUES ('2026-11-01 05:30:00', 1), ('2026-11-01 06:30:00', 2)")
		for _, c := range []struct{ q, want string }{
			{"SELECT id FROM ti WHERE ts = '2026-11-01 01:30:00' ORDER BY id", "1"},
			{"SELECT id FROM ti WHERE '2026-11-01 01:30:00' = ts ORDER BY id", "1"},
			{"SELECT id FROM ti WHERE ts <=> '2026-11-01 01:30:00' ORDER BY id", "1"},
			{"SELECT id FROM ti WHERE ts = TIMESTAMP '2026-11-01 01:30:00' ORDER BY id", "1"},
			{"SELECT id FROM ti WHERE ts = '2026-11-01 01:30:00' OR id = 4 ORDER BY id", "1|4"},
			{"SELECT id FROM ti WHERE ts = '2026-11-01 02:00:00' ORDER BY id", "4"},
			{"SELECT id FROM ti WHERE ts <=> NULL ORDER BY id", "3"},
			{"SELECT id FROM ti WHERE ts > '2026-11-01 01:00:00' ORDER BY id", "1|2|4"},
			{"SELECT COUNT(*) FROM ti WHERE ts = '2026-11-01 01:30:00'", "1"},
			{"SELECT ti.id, tn.id FROM ti JOIN tn ON tn.id = ti.id WHERE ti.ts = '2026-11-01 01:30:00' ORDER BY ti.id", "1 1"},
			{"SELECT id FROM tp WHERE ts = '2026-11-01 01:30:00'", "1"},
			// No index: MySQL's scan, both.
			{"SELECT id FROM tn WHERE ts = '2026-11-01 01:30:00' ORDER BY id", "1|2"},
			{"SELECT id FROM tn WHERE ts <=> '2026-11-01 01:30:00' ORDER BY id", "1|2"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
		// A parameter is a constant too.
		if got := joinRows(queryRows(t, ny, "SELECT id FROM ti WHERE ts = ? ORDER BY id", "2026-11-01 01:30:00")); got != "1" {
			t.Errorf("binary=%v ts = ?: %s, want 1", binary, got)
		}
	}
}

// TestTimeZoneDSTRepeatedPaths: a TIMESTAMP of the repeated hour through
// expressions. MySQL has a TIMESTAMP's stored instant only where it reads
// the column itself (Item_field::get_timeval; a derived table's column is
// a field too); every other item (IFNULL, a scalar subquery, MIN/MAX, a
// window function) answers UNIX_TIMESTAMP from its wall time, the earlier
// instant (Item::get_timeval: get_date, then TIME_to_gmt_sec). Myriad
// answered the stored instant wherever GMS passed the engine's mark
// through unchanged (IFNULL, subqueries, MIN/MAX, LAG). Comparisons and
// joins are in wall time, as MySQL's without an index.
// id 1: 01:30 EDT (1793511000), id 2: 01:30 EST (1793514600), id 3: 01:15
// EST (1793513700; its wall time's earlier instant is 1793510100).
func TestTimeZoneDSTRepeatedPaths(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t1")
		mustExec(t, utc, "CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
		mustExec(t, utc, "INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:30:00'), (3, '2026-11-01 06:15:00')")
		for _, c := range []struct{ q, want string }{
			{"SELECT id, UNIX_TIMESTAMP(ts) FROM t1 ORDER BY id", "1 1793511000|2 1793514600|3 1793513700"},
			{"SELECT id, UNIX_TIMESTAMP(IFNULL(ts, NULL)) FROM t1 ORDER BY id", "1 1793511000|2 1793511000|3 1793510100"},
			{"SELECT id, UNIX_TIMESTAMP(COALESCE(ts)), UNIX_TIMESTAMP(CASE WHEN id > 0 THEN ts END), UNIX_TIMESTAMP(IF(id > 0, ts, NULL)) FROM t1 WHERE id = 2", "2 1793511000 1793511000 1793511000"},
			{"SELECT id, UNIX_TIMESTAMP(GREATEST(ts, ts)), UNIX_TIMESTAMP(LEAST(ts, ts)) FROM t1 WHERE id = 2", "2 1793511000 1793511000"},
			{"SELECT id, UNIX_TIMESTAMP((SELECT ts FROM t1 x WHERE x.id = t1.id)) FROM t1 ORDER BY id", "1 1793511000|2 1793511000|3 1793510100"},
			{"SELECT UNIX_TIMESTAMP(MAX(ts)), UNIX_TIMESTAMP(MIN(ts)), MAX(ts), MIN(ts) FROM t1", "1793511000 1793510100 2026-11-01T01:30:00Z 2026-11-01T01:15:00Z"},
			{"SELECT id, UNIX_TIMESTAMP(LAG(ts) OVER (ORDER BY id)) FROM t1 ORDER BY id", "1 NULL|2 1793511000|3 1793511000"},
			{"SELECT UNIX_TIMESTAMP(ts) FROM (SELECT ts FROM t1) d ORDER BY 1", "1793511000|1793513700|1793514600"},
			{"SELECT a.id, b.id FROM t1 a JOIN t1 b ON a.ts = b.ts ORDER BY 1, 2", "1 1|1 2|2 1|2 2|3 3"},
			{"SELECT id FROM t1 WHERE ts = (SELECT ts FROM t1 WHERE id = 2) ORDER BY id", "1|2"},
			{"SELECT id FROM t1 ORDER BY ts, id", "1|3|2"},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
