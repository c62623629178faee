package server

import (
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

// zoneConn opens a pool whose every connection runs SET time_zone = zone
// (go-sql-driver's DSN parameter), over the text protocol (interpolated
// parameters) or the binary one (server-side prepared statements).
func zoneConn(t *testing.T, ts *testServer, zone string, binary bool) *sql.DB {
	t.Helper()
	return ts.connectWith("d", fmt.Sprintf("parseTime=true&interpolateParams=%v&time_zone=%s", !binary, url.QueryEscape("'"+zone+"'")))
}

// TestTimeZoneVariable: time_zone takes MySQL's offsets ([+-]H[H]:MM,
// -13:59 to +14:00), the tz database's names and SYSTEM, shows them as
// MySQL does ('+5:00' is '+05:00'), refuses anything else with 1298, and a
// GLOBAL value is the next sessions' default. SYSTEM is UTC
// (system_time_zone), whatever the host's zone (issue #9).
func TestTimeZoneVariable(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=true")
	db.SetMaxOpenConns(1)
	for _, c := range []struct{ set, want string }{
		{"'+05:00'", "+05:00"},
		{"'+5:00'", "+05:00"},
		{"'-3:30'", "-03:30"},
		{"'+14:00'", "+14:00"},
		{"'-13:59'", "-13:59"},
		{"'-00:00'", "+00:00"},
		{"'Europe/Berlin'", "Europe/Berlin"},
		{"'utc'", "UTC"},
		{"'system'", "SYSTEM"},
		{"DEFAULT", "SYSTEM"},
	} {
		mustExec(t, db, "SET time_zone = "+c.set)
		if got := scalar(t, db, "SELECT @@session.time_zone"); got != c.want {
			t.Errorf("SET time_zone = %s: @@time_zone %q, want %q", c.set, got, c.want)
		}
	}
	for _, bad := range []string{"'nowhere'", "'+15:00'", "'-14:00'", "'+05:60'", "'Local'", "''", "'europe/berlin'", "'5:00'", "'+05'"} {
		wantErrNo(t, db, 1298, "SET time_zone = "+bad)
	}
	if got := scalar(t, db, "SELECT @@system_time_zone"); got != "UTC" {
		t.Errorf("system_time_zone %q, want UTC", got)
	}
	mustExec(t, db, "SET GLOBAL time_zone = '+01:00'")
	other := ts.connectWith("", "parseTime=true")
	if got := scalar(t, other, "SELECT CONCAT(@@global.time_zone, ' ', @@session.time_zone)"); got != "+01:00 +01:00" {
		t.Errorf("after SET GLOBAL: %q, want +01:00 +01:00", got)
	}
	mustExec(t, db, "SET GLOBAL time_zone = 'SYSTEM'")
}

// TestTimeZoneTimestamp: a TIMESTAMP is stored as UTC and read and written
// in the session's zone, a DATETIME is never converted, over both
// protocols (literals and parameters), for two sessions in different zones
// reading the same rows, through full scans, secondary and primary key
// lookups and ranges, UPDATE, DELETE, ON DUPLICATE KEY UPDATE and DEFAULT
// CURRENT_TIMESTAMP. Before, every zone but UTC was refused (1235), and
// GMS alone would have ignored it: a row written at 12:00 UTC read 12:00
// under '+05:00', where MySQL says 17:00.
func TestTimeZoneTimestamp(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	setup := ts.connectWith("d", "parseTime=true")
	mustExec(t, setup, "CREATE TABLE tz (id INT PRIMARY KEY, ts TIMESTAMP NULL, dt DATETIME NULL, KEY (ts))")
	mustExec(t, setup, "CREATE TABLE tk (ts TIMESTAMP(3) PRIMARY KEY, n INT)")
	mustExec(t, setup, "CREATE TABLE td (id INT PRIMARY KEY, ts TIMESTAMP DEFAULT CURRENT_TIMESTAMP, dt DATETIME)")
	for _, binary := range []bool{false, true} {
		t.Run(fmt.Sprint("binary=", binary), func(t *testing.T) {
			utc := zoneConn(t, ts, "+00:00", binary)
			plus5 := zoneConn(t, ts, "+05:00", binary)
			minus330 := zoneConn(t, ts, "-03:30", binary)
			berlin := zoneConn(t, ts, "Europe/Berlin", binary)
			for _, db := range []*sql.DB{utc} {
				mustExec(t, db, "DELETE FROM tz")
				mustExec(t, db, "DELETE FROM tk")
			}
			// Written at 12:00 UTC, and at 17:00 '+05:00' = 12:00 UTC.
			mustExec(t, utc, "INSERT INTO tz VALUES (1, '2024-01-01 12:00:00', '2024-01-01 12:00:00')")
			mustExec(t, plus5, "INSERT INTO tz VALUES (2, ?, ?)", "2024-01-01 17:00:00", "2024-01-01 17:00:00")
			mustExec(t, minus330, "INSERT INTO tz VALUES (3, '2024-07-01 08:30:00', '2024-07-01 08:30:00')")
			read := func(db *sql.DB, q string, args ...any) string {
				t.Helper()
				return joinRows(queryRows(t, db, q, args...))
			}
			for _, c := range []struct {
				db   *sql.DB
				name string
				want string
			}{
				{utc, "utc", "1 2024-01-01T12:00:00Z 2024-01-01T12:00:00Z 1704110400|2 2024-01-01T12:00:00Z 2024-01-01T17:00:00Z 1704110400|3 2024-07-01T12:00:00Z 2024-07-01T08:30:00Z 1719835200"},
				{plus5, "+05:00", "1 2024-01-01T17:00:00Z 2024-01-01T12:00:00Z 1704110400|2 2024-01-01T17:00:00Z 2024-01-01T17:00:00Z 1704110400|3 2024-07-01T17:00:00Z 2024-07-01T08:30:00Z 1719835200"},
				{minus330, "-03:30", "1 2024-01-01T08:30:00Z 2024-01-01T12:00:00Z 1704110400|2 2024-01-01T08:30:00Z 2024-01-01T17:00:00Z 1704110400|3 2024-07-01T08:30:00Z 2024-07-01T08:30:00Z 1719835200"},
				// Berlin is +01:00 in January and +02:00 (DST) in July.
				{berlin, "Berlin", "1 2024-01-01T13:00:00Z 2024-01-01T12:00:00Z 1704110400|2 2024-01-01T13:00:00Z 2024-01-01T17:00:00Z 1704110400|3 2024-07-01T14:00:00Z 2024-07-01T08:30:00Z 1719835200"},
			} {
				if got := read(c.db, "SELECT id, ts, dt, UNIX_TIMESTAMP(ts) FROM tz ORDER BY id"); got != c.want {
					t.Errorf("%s: scan\n got %s\nwant %s", c.name, got, c.want)
				}
			}
			// Comparisons with the session's wall time, by the secondary
			// index on ts and without it.
			for _, c := range []struct {
				db     *sql.DB
				q      string
				args   []any
				want   string
				reason string
			}{
				{plus5, "SELECT id FROM tz WHERE ts = '2024-01-01 17:00:00' ORDER BY id", nil, "1|2", "+05:00 point by index"},
				{plus5, "SELECT id FROM tz IGNORE INDEX (ts) WHERE ts = ? ORDER BY id", []any{"2024-01-01 17:00:00"}, "1|2", "+05:00 point, no index"},
				{plus5, "SELECT id FROM tz WHERE ts = ? ORDER BY id", []any{time.Date(2024, 1, 1, 17, 0, 0, 0, time.UTC)}, "1|2", "+05:00 time.Time parameter"},
				{utc, "SELECT id FROM tz WHERE ts = '2024-01-01 17:00:00'", nil, "", "utc: 17:00 is no row"},
				{plus5, "SELECT id FROM tz WHERE ts > '2024-01-01 16:59:59' AND ts < '2024-07-01 17:00:00' ORDER BY id", nil, "1|2", "+05:00 range"},
				{plus5, "SELECT id FROM tz WHERE ts >= '2024-07-01 17:00:00'", nil, "3", "+05:00 lower bound"},
				{minus330, "SELECT id FROM tz WHERE ts BETWEEN '2024-01-01 08:30:00' AND '2024-01-01 08:30:00' ORDER BY id", nil, "1|2", "-03:30 BETWEEN"},
				{berlin, "SELECT id FROM tz WHERE ts = '2024-07-01 14:00:00'", nil, "3", "Berlin DST point"},
				{berlin, "SELECT id FROM tz WHERE ts < '2024-01-01 13:00:01' ORDER BY id", nil, "1|2", "Berlin range"},
				{berlin, "SELECT id FROM tz WHERE ts < '2024-01-01 13:00:00'", nil, "", "Berlin range, exclusive"},
				{plus5, "SELECT COUNT(*) FROM tz WHERE dt = '2024-01-01 17:00:00'", nil, "1", "DATETIME is not converted"},
			} {
				if got := read(c.db, c.q, c.args...); got != c.want {
					t.Errorf("%s: %s: got %q, want %q", c.reason, c.q, got, c.want)
				}
			}
			// UPDATE and DELETE in one zone, read in another.
			mustExec(t, plus5, "UPDATE tz SET ts = '2024-06-01 10:00:00' WHERE id = 1")
			if got := read(utc, "SELECT ts FROM tz WHERE id = 1"); got != "2024-06-01T05:00:00Z" {
				t.Errorf("UPDATE under +05:00 read in UTC: %s", got)
			}
			mustExec(t, plus5, "UPDATE tz SET dt = '2000-01-01 00:00:00' WHERE ts = '2024-06-01 10:00:00'")
			if got := read(berlin, "SELECT ts, dt FROM tz WHERE id = 1"); got != "2024-06-01T07:00:00Z 2000-01-01T00:00:00Z" {
				t.Errorf("UPDATE by ts under +05:00 read in Berlin: %s", got)
			}
			mustExec(t, minus330, "DELETE FROM tz WHERE ts = '2024-01-01 08:30:00'")
			if got := read(utc, "SELECT id FROM tz ORDER BY id"); got != "1|3" {
				t.Errorf("DELETE by ts under -03:30 left %s, want 1|3", got)
			}
			// ON DUPLICATE KEY UPDATE reads the stored row in the zone.
			mustExec(t, plus5, "INSERT INTO tz VALUES (3, '2000-01-01 00:00:00', NULL) ON DUPLICATE KEY UPDATE dt = ts")
			if got := read(utc, "SELECT ts, dt FROM tz WHERE id = 3"); got != "2024-07-01T12:00:00Z 2024-07-01T17:00:00Z" {
				t.Errorf("ON DUPLICATE KEY UPDATE dt = ts under +05:00: %s", got)
			}

			// A TIMESTAMP primary key: point reads, UPDATE and DELETE by key.
			mustExec(t, plus5, "INSERT INTO tk VALUES ('2024-03-01 05:00:00.250', 1), ('2024-03-01 06:00:00', 2)")
			if got := read(utc, "SELECT ts, n FROM tk ORDER BY ts"); got != "2024-03-01T00:00:00.25Z 1|2024-03-01T01:00:00Z 2" {
				t.Errorf("TIMESTAMP key written under +05:00, read in UTC: %s", got)
			}
			if got := read(plus5, "SELECT n FROM tk WHERE ts = ?", "2024-03-01 05:00:00.250"); got != "1" {
				t.Errorf("TIMESTAMP key point read under +05:00: %q", got)
			}
			if got := read(berlin, "SELECT n FROM tk WHERE ts = '2024-03-01 02:00:00'"); got != "2" {
				t.Errorf("TIMESTAMP key point read in Berlin: %q", got)
			}
			mustExec(t, plus5, "UPDATE tk SET n = 20 WHERE ts = '2024-03-01 06:00:00'")
			mustExec(t, plus5, "DELETE FROM tk WHERE ts = '2024-03-01 05:00:00.25'")
			if got := read(utc, "SELECT ts, n FROM tk"); got != "2024-03-01T01:00:00Z 20" {
				t.Errorf("UPDATE/DELETE by TIMESTAMP key under +05:00: %s", got)
			}
			mustExec(t, plus5, "INSERT INTO tk VALUES ('2024-03-01 05:00:00', 3)")
			if _, err := plus5.Exec("INSERT INTO tk VALUES ('2024-03-01 06:00:00', 4)"); mysqlErrNo(err) != 1062 ||
				!strings.Contains(err.Error(), "'2024-03-01 06:00:00") {
				t.Errorf("duplicate TIMESTAMP key under +05:00: %v, want 1062 showing the session's time", err)
			}
		})
	}
	// DEFAULT CURRENT_TIMESTAMP is the session's NOW(): stored as the
	// current UTC instant whatever the writer's zone.
	plus5 := zoneConn(t, ts, "+05:00", false)
	utc := zoneConn(t, ts, "+00:00", false)
	mustExec(t, plus5, "INSERT INTO td (id, dt) VALUES (1, NOW())")
	if got := scalar(t, utc, "SELECT ABS(TIMESTAMPDIFF(SECOND, ts, UTC_TIMESTAMP())) < 60 FROM td"); got != "1" {
		t.Errorf("DEFAULT CURRENT_TIMESTAMP under +05:00 read in UTC is not now: %s", joinRows(queryRows(t, utc, "SELECT ts, UTC_TIMESTAMP() FROM td")))
	}
	if got := scalar(t, utc, "SELECT TIMESTAMPDIFF(MINUTE, ts, dt) FROM td"); got != "300" {
		t.Errorf("NOW() under +05:00 into a DATETIME is 5 hours ahead of the TIMESTAMP: %s min", got)
	}
}

// TestTimeZoneFunctions: NOW() and its kin are the session's wall time,
// UNIX_TIMESTAMP and FROM_UNIXTIME convert through the zone, CONVERT_TZ
// takes offsets and names.
func TestTimeZoneFunctions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+05:30", binary)
		for _, c := range []struct{ q, want string }{
			{"SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW())", "330"},
			{"SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), SYSDATE())", "330"},
			{"SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), LOCALTIME())", "330"},
			{"SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), CURRENT_TIMESTAMP(6))", "330"},
			{"SELECT CURDATE() = DATE(NOW())", "1"},
			{"SELECT TIME_TO_SEC(TIMEDIFF(CURTIME(), TIME(NOW()))) BETWEEN -1 AND 1", "1"},
			{"SELECT UNIX_TIMESTAMP('2024-01-01 05:30:00')", "1704067200"},
			{"SELECT UNIX_TIMESTAMP(NOW()) - UNIX_TIMESTAMP() BETWEEN -1 AND 1", "1"},
			{"SELECT FROM_UNIXTIME(1704067200)", "2024-01-01T05:30:00Z"},
			{"SELECT CONVERT_TZ('2024-01-01 12:00:00', '+00:00', '+5:00')", "2024-01-01T17:00:00Z"},
			{"SELECT CONVERT_TZ('2024-07-01 12:00:00', 'UTC', 'Europe/Berlin')", "2024-07-01T14:00:00Z"},
			{"SELECT CONVERT_TZ('2024-01-01 12:00:00', 'nowhere', '+00:00')", "NULL"},
		} {
			if got := joinRows(queryRows(t, db, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
	// At any instant one of these zones has another date than UTC: GMS's
	// CURDATE() was UTC's.
	for _, zone := range []string{"+14:00", "-12:00"} {
		db := zoneConn(t, ts, zone, false)
		q := "SELECT CURDATE() = DATE(NOW()), CURRENT_DATE = DATE(NOW()), CURRENT_DATE() = DATE(UTC_TIMESTAMP() + INTERVAL " +
			map[string]string{"+14:00": "14", "-12:00": "-12"}[zone] + " HOUR)"
		if got := joinRows(queryRows(t, db, q)); got != "1 1 1" {
			t.Errorf("%s: %s: %s", zone, q, got)
		}
	}
}

// TestTimeZonePlanCache: a plan cached (or a constant folded) under one
// zone is not served under another: the zone is part of the plan cache's
// key. FROM_UNIXTIME(n) folds to the zone's wall time of n, and the row
// stored at that instant matches it in every zone; served under the wrong
// zone, the constant would miss the row or the TIMESTAMP read back would
// be in the wrong zone.
func TestTimeZonePlanCache(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	setup := ts.connectWith("d", "parseTime=true")
	mustExec(t, setup, "CREATE TABLE pc (id INT PRIMARY KEY, ts TIMESTAMP NULL, KEY (ts))")
	mustExec(t, setup, "INSERT INTO pc VALUES (1, FROM_UNIXTIME(1704110400)), (2, FROM_UNIXTIME(1704196800))")
	zones := []struct{ zone, want string }{
		{"+00:00", "1 2024-01-01T12:00:00Z"}, {"+05:00", "1 2024-01-01T17:00:00Z"},
		{"-03:30", "1 2024-01-01T08:30:00Z"}, {"Europe/Berlin", "1 2024-01-01T13:00:00Z"},
		{"+00:00", "1 2024-01-01T12:00:00Z"}, {"+05:00", "1 2024-01-01T17:00:00Z"},
	}
	for _, binary := range []bool{false, true} {
		db := ts.connectWith("d", fmt.Sprintf("parseTime=true&interpolateParams=%v", !binary))
		c, err := db.Conn(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			"SELECT id, ts FROM pc WHERE ts = FROM_UNIXTIME(?)",
			"SELECT id, ts FROM pc WHERE id = ?",
		} {
			arg := map[bool]any{true: 1, false: 1704110400}[strings.Contains(q, "id = ?")]
			for round := 0; round < 2; round++ {
				for _, z := range zones {
					mustExec(t, c, "SET time_zone = '"+z.zone+"'")
					rows, err := c.QueryContext(t.Context(), q, arg)
					if err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					var got []string
					for rows.Next() {
						var id int
						var v time.Time
						if err := rows.Scan(&id, &v); err != nil {
							t.Fatal(err)
						}
						got = append(got, fmt.Sprintf("%d %s", id, v.Format(time.RFC3339)))
					}
					rows.Close()
					if strings.Join(got, "|") != z.want {
						t.Errorf("binary=%v %s under %s (round %d): %v, want %s", binary, q, z.zone, round, got, z.want)
					}
				}
			}
		}
		c.Close()
	}
}

// TestTimeZoneAlter: an ALTER that turns values into or out of TIMESTAMP,
// or gives existing rows a TIMESTAMP default, converts through the ALTER
// session's zone, as MySQL's copy does: a DATETIME '17:00' made TIMESTAMP
// under '+05:00' is 12:00 UTC, a TIMESTAMP made DATETIME keeps the wall
// time the session read.
func TestTimeZoneAlter(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	plus5 := zoneConn(t, ts, "+05:00", false)
	plus5.SetMaxOpenConns(1)
	utc := zoneConn(t, ts, "+00:00", false)
	for _, algo := range []string{"", ", ALGORITHM=COPY"} {
		mustExec(t, plus5, "DROP TABLE IF EXISTS a")
		mustExec(t, plus5, "CREATE TABLE a (id INT PRIMARY KEY, dt DATETIME NULL, ts TIMESTAMP NULL)")
		mustExec(t, plus5, "INSERT INTO a VALUES (1, '2024-01-01 17:00:00', '2024-01-01 17:00:00')")
		mustExec(t, plus5, "ALTER TABLE a MODIFY dt TIMESTAMP NULL"+algo)
		mustExec(t, plus5, "ALTER TABLE a MODIFY ts DATETIME NULL"+algo)
		// A constant TIMESTAMP DEFAULT under +05:00 is refused
		// (TestTimeZoneConstDefault); given in UTC it is the same instant.
		wantErrNo(t, plus5, 1235, "ALTER TABLE a ADD COLUMN c TIMESTAMP NOT NULL DEFAULT '2024-02-01 05:00:00'"+algo)
		mustExec(t, utc, "ALTER TABLE a ADD COLUMN c TIMESTAMP NOT NULL DEFAULT '2024-02-01 00:00:00'"+algo)
		mustExec(t, plus5, "ALTER TABLE a ADD COLUMN n TIMESTAMP NULL DEFAULT CURRENT_TIMESTAMP"+algo)
		if got := joinRows(queryRows(t, utc, "SELECT dt, ts, c, ABS(TIMESTAMPDIFF(SECOND, n, UTC_TIMESTAMP())) < 60 FROM a")); got != "2024-01-01T12:00:00Z 2024-01-01T17:00:00Z 2024-02-01T00:00:00Z 1" {
			t.Errorf("ALTERs under +05:00%s, read in UTC: %s", algo, got)
		}
	}
}

// TestTimeZoneAlterInTransaction: a MODIFY after a column rename on a table
// with a foreign key runs its parts one by one (engine/pkrewrite.go,
// renamesKeyColumn), so it copies the rows inside the ALTER's transaction
// instead of rewriting online (engine/alter.go); the copy converts
// TIMESTAMP to and from DATETIME through the session's zone as the online
// rewrite does (it took the stored UTC instant as the wall time, and the
// wall time as UTC).
func TestTimeZoneAlterInTransaction(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	plus5 := zoneConn(t, ts, "+05:00", false)
	plus5.SetMaxOpenConns(1)
	utc := zoneConn(t, ts, "+00:00", false)
	for _, algo := range []string{"", ", ALGORITHM=COPY"} {
		mustExec(t, plus5, "DROP TABLE IF EXISTS a")
		mustExec(t, plus5, "DROP TABLE IF EXISTS p")
		mustExec(t, plus5, "CREATE TABLE p (id INT PRIMARY KEY)")
		mustExec(t, plus5, "INSERT INTO p VALUES (1)")
		mustExec(t, plus5, "CREATE TABLE a (id INT PRIMARY KEY, pid INT, x INT, dt DATETIME NULL, ts TIMESTAMP NULL, FOREIGN KEY (pid) REFERENCES p (id))")
		mustExec(t, plus5, "INSERT INTO a VALUES (1, 1, 0, '2024-01-01 17:00:00', '2024-01-01 17:00:00')")
		mustExec(t, plus5, "ALTER TABLE a RENAME COLUMN x TO x1, MODIFY dt TIMESTAMP NULL"+algo)
		mustExec(t, plus5, "ALTER TABLE a RENAME COLUMN x1 TO x2, MODIFY ts DATETIME NULL"+algo)
		if got := joinRows(queryRows(t, utc, "SELECT dt, ts FROM a")); got != "2024-01-01T12:00:00Z 2024-01-01T17:00:00Z" {
			t.Errorf("ALTERs under +05:00%s, read in UTC: %s", algo, got)
		}
		if got := joinRows(queryRows(t, plus5, "SELECT dt, ts FROM a")); got != "2024-01-01T17:00:00Z 2024-01-01T17:00:00Z" {
			t.Errorf("ALTERs under +05:00%s, read in +05:00: %s", algo, got)
		}
	}
}
