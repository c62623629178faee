package server

import (
	"database/sql"
	"fmt"
	"net/url"
	"testing"
)

// Europe/Berlin's DST changes of 2024, at 01:00 UTC both: on 2024-03-31
// the wall clock skips from 02:00 to 03:00 (02:30 does not exist), on
// 2024-10-27 it repeats 02:00-03:00 (02:30 is 00:30 and 01:30 UTC).
// America/New_York's (2024-03-10 and 2024-11-03, at 07:00 and 06:00 UTC)
// have negative offsets, where Go's time.Date resolves a skipped wall time
// to the other side of the change than in Berlin.
//
// Unix times used: 1711846800 = 2024-03-31 01:00:00 UTC, 1711848600 =
// 01:30 UTC; 1729989000 = 2024-10-27 00:30:00 UTC, 1729992600 = 01:30 UTC,
// 1729989900 = 00:45, 1729991700 = 01:15.

// TestTimeZoneDSTWallTimes: a wall time a DST change skips is the instant
// of the change, the first second of the new offset, with its fraction
// (MySQL's TIME_to_gmt_sec, sql/tztime.cc: "If we are in spring time gap
// then it will return beginning of the gap"; the manual's UNIX_TIMESTAMP
// example: '2005-03-27 02:00:00' and '03:00:00' in MET are both
// 1111885200); a repeated wall time is its earlier instant ("if it has
// two answers it will give the smaller one"). Go's time.Date answered
// 03:30 for Berlin's skipped 02:30 and the later instant for its repeated
// one. FROM_UNIXTIME takes the offset at the instant (GMS took it at the
// instant whose wall time is the UTC time: an hour off after a change).
func TestTimeZoneDSTWallTimes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "Europe/Berlin", binary)
		for _, c := range []struct{ q, want string }{
			{"SELECT UNIX_TIMESTAMP('2024-03-31 02:30:00')", "1711846800"},
			{"SELECT UNIX_TIMESTAMP('2024-03-31 02:00:00')", "1711846800"},
			{"SELECT UNIX_TIMESTAMP('2024-03-31 03:00:00')", "1711846800"},
			{"SELECT UNIX_TIMESTAMP('2024-03-31 02:59:59.250')", "1711846800.250"},
			{"SELECT UNIX_TIMESTAMP(CAST('2024-03-31 02:30:00' AS DATETIME))", "1711846800"},
			{"SELECT UNIX_TIMESTAMP('2024-10-27 02:30:00')", "1729989000"},
			{"SELECT UNIX_TIMESTAMP('2024-10-27 03:30:00')", "1729996200"},
			{"SELECT FROM_UNIXTIME(1711848600)", "2024-03-31T03:30:00Z"},
			{"SELECT FROM_UNIXTIME(1711846799)", "2024-03-31T01:59:59Z"},
			{"SELECT FROM_UNIXTIME(1729989000), FROM_UNIXTIME(1729992600)", "2024-10-27T02:30:00Z 2024-10-27T02:30:00Z"},
			{"SELECT FROM_UNIXTIME(1711848600.5)", "2024-03-31T03:30:00.5Z"},
			{"SELECT FROM_UNIXTIME(1711848600, '%H:%i')", "03:30"},
			{"SELECT FROM_UNIXTIME(1711848600, 123), FROM_UNIXTIME(1711848600, NULL), FROM_UNIXTIME(NULL, '%H')", "123 NULL NULL"},
			{"SELECT CONVERT_TZ('2024-03-31 02:30:00', 'Europe/Berlin', 'UTC')", "2024-03-31T01:00:00Z"},
			{"SELECT CONVERT_TZ('2024-03-31 02:30:00.5', 'Europe/Berlin', '+00:00')", "2024-03-31T01:00:00.5Z"},
			{"SELECT CONVERT_TZ('2024-10-27 02:30:00', 'Europe/Berlin', 'UTC')", "2024-10-27T00:30:00Z"},
			{"SELECT CONVERT_TZ('2024-03-31 01:30:00', 'UTC', 'Europe/Berlin')", "2024-03-31T03:30:00Z"},
			{"SELECT CONVERT_TZ('2024-03-10 02:30:00', 'America/New_York', 'UTC')", "2024-03-10T07:00:00Z"},
			{"SELECT CONVERT_TZ('2024-11-03 01:30:00', 'America/New_York', 'UTC')", "2024-11-03T05:30:00Z"},
			{"SELECT CONVERT_TZ('2024-03-31 02:30:00', 'Europe/Berlin', 'America/New_York')", "2024-03-30T21:00:00Z"},
		} {
			if got := joinRows(queryRows(t, db, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestTimeZoneDSTTimestamp: TIMESTAMP columns across Berlin's changes. A
// skipped wall time is stored as the change's instant (MySQL: "'2003-03-30
// 02:30:00 MSK' -> '2003-03-30 03:00:00 MSK'"), a repeated one as its
// earlier instant. A value read in the repeated hour's later instant is
// still that instant where MySQL uses the stored value: UNIX_TIMESTAMP
// ("returns the internal timestamp value directly"), ORDER BY (filesort
// sorts the stored value), an UPDATE of another column and the row an
// UPDATE or DELETE finds by a TIMESTAMP primary key. Before, all of these
// converted the wall time back, to the earlier instant: an hour off, and
// the UPDATE moved the row (or hit another). Comparisons and MIN/MAX stay
// in wall time, as MySQL compares a TIMESTAMP read without an index
// (manual, "Indexed Lookups from TIMESTAMP Columns"; Item_sum_hybrid
// compares val_date_temporal, the wall time).
func TestTimeZoneDSTTimestamp(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		berlin := zoneConn(t, ts, "Europe/Berlin", binary)
		mustExec(t, utc, "DROP TABLE IF EXISTS t, p")
		mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, ts TIMESTAMP(3) NULL, v INT)")
		// Skipped wall times are stored adjusted only outside a strict
		// sql_mode (strict: 1292, TestTimeZoneDSTSkippedWrite).
		loose := ts.connectWith("d", fmt.Sprintf("parseTime=true&interpolateParams=%v&time_zone=%s&sql_mode=%s", !binary, url.QueryEscape("'Europe/Berlin'"), url.QueryEscape("''")))
		mustExec(t, loose, "INSERT INTO t VALUES (1, '2024-03-31 02:30:00', 0), (2, '2024-10-27 02:30:00', 0), (3, '2024-03-31 02:15:00.125', 0)")
		mustExec(t, utc, "INSERT INTO t VALUES (4, '2024-10-27 01:30:00', 0), (5, '2024-10-27 00:45:00', 0), (6, '2024-10-27 01:15:00', 0)")
		mustExec(t, berlin, "UPDATE t SET v = v + 1")
		mustExec(t, berlin, "UPDATE t SET v = v + 1 WHERE id = 4")
		mustExec(t, utc, "CREATE TABLE p (ts TIMESTAMP PRIMARY KEY, v INT)")
		mustExec(t, utc, "INSERT INTO p VALUES ('2024-10-27 00:30:00', 0), ('2024-10-27 01:30:00', 0), ('2024-10-27 02:30:00', 0)")
		mustExec(t, berlin, "UPDATE p SET v = v + 1")
		mustExec(t, berlin, "DELETE FROM p WHERE v = 1 AND UNIX_TIMESTAMP(ts) = 1729992600")
		for _, c := range []struct {
			db      *sql.DB
			q, want string
		}{
			{utc, "SELECT id, ts, v FROM t ORDER BY id", "1 2024-03-31T01:00:00Z 1|2 2024-10-27T00:30:00Z 1|3 2024-03-31T01:00:00.125Z 1|4 2024-10-27T01:30:00Z 2|5 2024-10-27T00:45:00Z 1|6 2024-10-27T01:15:00Z 1"},
			{berlin, "SELECT id, ts FROM t WHERE id IN (1, 3) ORDER BY id", "1 2024-03-31T03:00:00Z|3 2024-03-31T03:00:00.125Z"},
			{berlin, "SELECT id, UNIX_TIMESTAMP(ts) FROM t WHERE id IN (2, 4, 5, 6) ORDER BY id", "2 1729989000.000|4 1729992600.000|5 1729989900.000|6 1729991700.000"},
			{berlin, "SELECT id FROM t WHERE id >= 2 AND id <> 3 ORDER BY ts, id", "2|5|6|4"},
			{berlin, "SELECT id FROM t WHERE id >= 2 AND id <> 3 ORDER BY ts DESC, id", "4|6|5|2"},
			{berlin, "SELECT id FROM t WHERE ts = '2024-10-27 02:30:00' ORDER BY id", "2|4"},
			{berlin, "SELECT MIN(ts), MAX(ts) FROM t WHERE id IN (5, 6)", "2024-10-27T02:15:00Z 2024-10-27T02:45:00Z"},
			{utc, "SELECT ts, v FROM p ORDER BY ts", "2024-10-27T00:30:00Z 1|2024-10-27T02:30:00Z 1"},
		} {
			if got := joinRows(queryRows(t, c.db, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestTimeZoneAlterRecomputesStored: MySQL's copying ALTER (ALGORITHM=COPY:
// a column's type or character set changing, adding a STORED generated
// column) computes every STORED generated column again, in the ALTER
// session's zone (copy_data_between_tables); an instant or in-place ALTER
// keeps the stored values. Myriad kept them in every ALTER: a DATE(ts)
// computed by a writer under '+05:00' stayed after a copying ALTER under
// UTC, where MySQL has the UTC date.
func TestTimeZoneAlterRecomputesStored(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	utc := zoneConn(t, ts, "+00:00", false)
	plus5 := zoneConn(t, ts, "+05:00", false)
	berlin := zoneConn(t, ts, "Europe/Berlin", false)
	mustExec(t, utc, "CREATE TABLE g (id INT PRIMARY KEY, ts TIMESTAMP NULL, n INT, c VARCHAR(10), "+
		"s DATE AS (DATE(ts)) STORED, h INT AS (HOUR(ts)) STORED, k INT AS (n + 1) STORED)")
	mustExec(t, plus5, "INSERT INTO g (id, ts, n, c) VALUES (1, '2024-01-02 02:00:00', 1, 'a')")
	mustExec(t, utc, "INSERT INTO g (id, ts, n, c) VALUES (2, '2024-01-01 22:00:00', 2, 'b')")
	const q = "SELECT id, s, h, k FROM g ORDER BY id"
	for _, c := range []struct {
		db        *sql.DB
		alter     string
		wantAfter string // read under UTC
	}{
		// Instant: kept, as MySQL's ALGORITHM=INSTANT.
		{plus5, "ALTER TABLE g ADD COLUMN x INT", "1 2024-01-02T00:00:00Z 2 2|2 2024-01-01T00:00:00Z 22 3"},
		// A type change copies: computed again in the ALTER's zone.
		{utc, "ALTER TABLE g MODIFY n BIGINT", "1 2024-01-01T00:00:00Z 21 2|2 2024-01-01T00:00:00Z 22 3"},
		{plus5, "ALTER TABLE g MODIFY n INT", "1 2024-01-02T00:00:00Z 2 2|2 2024-01-02T00:00:00Z 3 3"},
		{utc, "ALTER TABLE g MODIFY c VARCHAR(10) CHARACTER SET latin1", "1 2024-01-01T00:00:00Z 21 2|2 2024-01-01T00:00:00Z 22 3"},
		{berlin, "ALTER TABLE g CONVERT TO CHARACTER SET utf8mb4", "1 2024-01-01T00:00:00Z 22 2|2 2024-01-01T00:00:00Z 23 3"},
		{plus5, "ALTER TABLE g ADD COLUMN w INT AS (DAYOFWEEK(ts)) STORED", "1 2024-01-02T00:00:00Z 2 2|2 2024-01-02T00:00:00Z 3 3"},
	} {
		mustExec(t, c.db, c.alter)
		if got := joinRows(queryRows(t, utc, q)); got != c.wantAfter {
			t.Errorf("after %s: %s, want %s", c.alter, got, c.wantAfter)
		}
	}
}

// TestTimeZoneDSTCopyStored: MySQL copies a TIMESTAMP's stored value when
// UPDATE writes it back unchanged (SET ts = ts), so a later instant of a
// repeated hour (Berlin's 02:30 CET on 2024-10-27) keeps its instant under
// Europe/Berlin and is not moved to the earlier one (02:30 CEST) by going
// through the wall time. (INSERT ... SELECT ts still moves it:
// docs/COMPATIBILITY.md, tz3b.)
func TestTimeZoneDSTCopyStored(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	utc := zoneConn(t, ts, "+00:00", false)
	berlin := zoneConn(t, ts, "Europe/Berlin", false)
	mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
	mustExec(t, utc, "INSERT INTO t VALUES (1, '2024-10-27 00:30:00'), (2, '2024-10-27 01:30:00')")
	mustExec(t, berlin, "UPDATE t SET ts = ts")
	if got := joinRows(queryRows(t, utc, "SELECT id, UNIX_TIMESTAMP(ts) FROM t ORDER BY id")); got != "1 1729989000|2 1729992600" {
		t.Errorf("after UPDATE t SET ts = ts under Europe/Berlin: %s", got)
	}
}
