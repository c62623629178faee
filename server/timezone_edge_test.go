package server

import (
	"database/sql"
	"testing"
)

// TestTimeZoneConvertTzPrecision: CONVERT_TZ is DATETIME with its
// argument's precision, as MySQL types it (GMS: DATETIME(6) always, six
// zero digits on every value).
func TestTimeZoneConvertTzPrecision(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := ts.connectWith("d", map[bool]string{false: "interpolateParams=true", true: ""}[binary])
		for _, c := range []struct{ q, want string }{
			{"SELECT CONVERT_TZ('2024-01-01 12:00:00', '+00:00', '+05:00')", "2024-01-01 17:00:00"},
			{"SELECT CONVERT_TZ('2024-01-01 12:00:00.5', '+00:00', '+05:00')", "2024-01-01 17:00:00.5"},
			{"SELECT CONVERT_TZ(CAST('2024-01-01 12:00:00.123456' AS DATETIME(3)), '+00:00', '-01:00')", "2024-01-01 11:00:00.123"},
			{"SELECT CONVERT_TZ(DATE '2024-01-01', '+00:00', '+05:00')", "2024-01-01 05:00:00"},
			{"SELECT CONVERT_TZ(TIMESTAMP '2024-01-01 12:00:00.25', '+00:00', '+05:00')", "2024-01-01 17:00:00.25"},
		} {
			if got := joinRows(queryRows(t, db, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestTimeZoneStampRange: the TIMESTAMP range ('1970-01-01 00:00:01' to
// '2038-01-19 03:14:07' UTC) is checked on the UTC value, as MySQL does,
// not on the session's wall time: under '+05:00' GMS stored
// '1970-01-01 00:00:01' (before the epoch in UTC), under '-05:00'
// '2038-01-18 22:14:08' (after the range in UTC).
func TestTimeZoneStampRange(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	utc := zoneConn(t, ts, "+00:00", false)
	mustExec(t, utc, "CREATE TABLE r (id INT PRIMARY KEY, ts TIMESTAMP NULL)")
	for _, binary := range []bool{false, true} {
		mustExec(t, utc, "DELETE FROM r")
		plus5 := zoneConn(t, ts, "+05:00", binary)
		minus5 := zoneConn(t, ts, "-05:00", binary)
		wantErrNo(t, plus5, 1292, "INSERT INTO r VALUES (1, '1970-01-01 00:00:01')")
		if _, err := plus5.Exec("INSERT INTO r VALUES (1, ?)", "1970-01-01 04:59:59"); mysqlErrNo(err) != 1292 {
			t.Errorf("binary=%v: a parameter before the range in UTC: %v, want 1292", binary, err)
		}
		mustExec(t, plus5, "INSERT INTO r VALUES (1, '1970-01-01 05:00:01')")
		wantErrNo(t, minus5, 1292, "INSERT INTO r VALUES (2, '2038-01-18 22:14:08')")
		mustExec(t, minus5, "INSERT INTO r VALUES (2, '2038-01-18 22:14:07')")
		wantErrNo(t, plus5, 1292, "UPDATE r SET ts = '1970-01-01 04:00:00' WHERE id = 1")
		wantErrNo(t, minus5, 1292, "INSERT INTO r VALUES (2, '2038-01-01 00:00:00') ON DUPLICATE KEY UPDATE ts = '2038-01-19 00:00:00'")
		if got := joinRows(queryRows(t, utc, "SELECT id, ts FROM r ORDER BY id")); got != "1 1970-01-01T00:00:01Z|2 2038-01-19T03:14:07Z" {
			t.Errorf("binary=%v: rows read in UTC: %s", binary, got)
		}
	}
	// A DATETIME made TIMESTAMP by an ALTER under '+05:00': its wall
	// time is in range, its UTC value is not.
	for _, algo := range []string{"", ", ALGORITHM=COPY"} {
		mustExec(t, utc, "DROP TABLE IF EXISTS m")
		mustExec(t, utc, "CREATE TABLE m (id INT PRIMARY KEY, dt DATETIME NULL)")
		mustExec(t, utc, "INSERT INTO m VALUES (1, '1970-01-01 00:00:01')")
		plus5 := zoneConn(t, ts, "+05:00", false)
		wantErrNo(t, plus5, 1292, "ALTER TABLE m MODIFY dt TIMESTAMP NULL"+algo)
		mustExec(t, utc, "ALTER TABLE m MODIFY dt TIMESTAMP NULL"+algo)
	}
}

// TestTimeZoneGenerated: generated columns and functional indexes over a
// TIMESTAMP mean the session's wall time, as in MySQL. A STORED column is
// computed by GMS from the row as written (the writer's zone, as MySQL);
// ALTER ... ADD of one computes it in the ALTER session's zone (it read
// the stored UTC value), and, a copying ALTER in MySQL, computes the other
// STORED columns again there too (tz3); a functional index, which holds the expression
// over the stored UTC value, is not used for a lookup under another zone
// (it found no row); what would compute in the wrong zone is refused with
// 1235: a VIRTUAL column over a TIMESTAMP (MySQL computes it in the
// reader's zone) and a write to a UNIQUE functional index over one.
func TestTimeZoneGenerated(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	utc := zoneConn(t, ts, "+00:00", false)
	plus5 := zoneConn(t, ts, "+05:00", false)
	mustExec(t, utc, "CREATE TABLE g (id INT PRIMARY KEY, ts TIMESTAMP NULL, s DATE AS (DATE(ts)) STORED, KEY k ((CAST(ts AS DATE))))")
	mustExec(t, utc, "INSERT INTO g (id, ts) VALUES (1, '2024-01-01 22:00:00')")
	mustExec(t, plus5, "INSERT INTO g (id, ts) VALUES (2, '2024-01-02 02:00:00')")
	mustExec(t, plus5, "ALTER TABLE g ADD COLUMN a DATE AS (DATE(ts)) STORED")
	for _, c := range []struct {
		db      *sql.DB
		q, want string
	}{
		{utc, "SELECT id, s, a FROM g ORDER BY id", "1 2024-01-02T00:00:00Z 2024-01-02T00:00:00Z|2 2024-01-02T00:00:00Z 2024-01-02T00:00:00Z"},
		{plus5, "SELECT id FROM g WHERE CAST(ts AS DATE) = '2024-01-02' ORDER BY id", "1|2"},
		{utc, "SELECT id FROM g WHERE CAST(ts AS DATE) = '2024-01-01' ORDER BY id", "1|2"},
		{plus5, "SELECT id FROM g WHERE CAST(ts AS DATE) < '2024-01-02' ORDER BY id", ""},
	} {
		if got := joinRows(queryRows(t, c.db, c.q)); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}

	mustExec(t, utc, "CREATE TABLE v (id INT PRIMARY KEY, ts TIMESTAMP NULL, d DATE AS (DATE(ts)) VIRTUAL)")
	mustExec(t, utc, "INSERT INTO v (id, ts) VALUES (1, '2024-01-01 22:00:00')")
	if got := joinRows(queryRows(t, utc, "SELECT id, d FROM v")); got != "1 2024-01-01T00:00:00Z" {
		t.Errorf("VIRTUAL column read in UTC: %s", got)
	}
	wantErrNo(t, plus5, 1235, "SELECT id, d FROM v")
	wantErrNo(t, plus5, 1235, "INSERT INTO v (id, ts) VALUES (2, '2024-01-02 02:00:00')")
	wantErrNo(t, plus5, 1235, "UPDATE v SET ts = NULL WHERE id = 1")

	mustExec(t, utc, "CREATE TABLE u (id INT PRIMARY KEY, ts TIMESTAMP NULL, UNIQUE KEY k ((CAST(ts AS DATE))))")
	mustExec(t, utc, "INSERT INTO u VALUES (1, '2024-01-01 22:00:00')")
	wantErrNo(t, plus5, 1235, "INSERT INTO u VALUES (2, '2024-01-02 02:00:00')")
	wantErrNo(t, utc, 1062, "INSERT INTO u VALUES (2, '2024-01-01 01:00:00')")
}

// TestTimeZoneConstDefault: MySQL fixes a TIMESTAMP column's constant
// DEFAULT once, in the zone of the CREATE or ALTER; GMS evaluates the
// literal per row, which the engine took for the writer's wall time (a
// default '2024-02-01 05:00:00' from UTC was stored 00:00 UTC by an
// INSERT under '+05:00'). Under a zone other than UTC, a row taking the
// default and a DDL giving one are refused with 1235; under UTC both are
// MySQL's.
func TestTimeZoneConstDefault(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	utc := zoneConn(t, ts, "+00:00", false)
	plus5 := zoneConn(t, ts, "+05:00", false)
	mustExec(t, utc, "CREATE TABLE cd (id INT PRIMARY KEY, ts TIMESTAMP NOT NULL DEFAULT '2024-02-01 05:00:00', n TIMESTAMP NULL DEFAULT CURRENT_TIMESTAMP)")
	wantErrNo(t, plus5, 1235, "INSERT INTO cd (id) VALUES (1)")
	mustExec(t, plus5, "INSERT INTO cd (id, ts) VALUES (2, '2024-03-01 05:00:00')")
	wantErrNo(t, plus5, 1235, "UPDATE cd SET ts = DEFAULT WHERE id = 2")
	mustExec(t, plus5, "UPDATE cd SET n = NULL WHERE id = 2")
	mustExec(t, utc, "INSERT INTO cd (id) VALUES (3)")
	if got := joinRows(queryRows(t, plus5, "SELECT id, ts FROM cd ORDER BY id")); got != "2 2024-03-01T05:00:00Z|3 2024-02-01T10:00:00Z" {
		t.Errorf("read under +05:00: %s", got)
	}
	wantErrNo(t, plus5, 1235, "CREATE TABLE cd2 (id INT PRIMARY KEY, ts TIMESTAMP NOT NULL DEFAULT '2024-01-01 00:00:00')")
	wantErrNo(t, plus5, 1235, "ALTER TABLE cd ADD COLUMN c TIMESTAMP NOT NULL DEFAULT '2024-02-01 05:00:00'")
	mustExec(t, plus5, "CREATE TABLE cd3 (id INT PRIMARY KEY, ts TIMESTAMP NULL DEFAULT NULL, n TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, dt DATETIME DEFAULT '2024-01-01 00:00:00')")
	mustExec(t, plus5, "INSERT INTO cd3 (id) VALUES (1)")
}
