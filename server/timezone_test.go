package server

import (
	"database/sql"
	"testing"
	"time"
)

// TestTimeZoneRefused: Myriad does not convert TIMESTAMP values (or NOW())
// between time zones, so a session time_zone that would need a conversion
// is refused (1235; an unknown zone 1298, as MySQL) instead of being
// accepted and ignored: with '+05:00' MySQL shows a TIMESTAMP stored at
// 12:00 UTC as 17:00 and Myriad showed 12:00 (issue #9). Zones that are
// UTC are accepted and change nothing, for TIMESTAMP and DATETIME columns
// alike, over the text and the binary protocol.
func TestTimeZoneRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE TABLE tz (id INT PRIMARY KEY, ts TIMESTAMP NULL, dt DATETIME NULL)")
	mustExec(t, db, "INSERT INTO tz VALUES (1, '2024-01-01 12:00:00', '2024-01-01 12:00:00')")
	for _, c := range []struct {
		q    string
		want int
	}{
		{"SET time_zone = '+05:00'", 1235},
		{"SET SESSION time_zone = '-08:00'", 1235},
		{"SET @@time_zone = '+00:30'", 1235},
		{"SET GLOBAL time_zone = '+01:00'", 1235},
		{"SET time_zone = 'Europe/Berlin'", 1298},
		{"SET time_zone = 'nowhere'", 1298},
		{"SET time_zone = '+15:00'", 1298},
	} {
		wantErrNo(t, db, c.want, c.q)
	}
	if s := joinRows(queryRows(t, db, "SELECT @@session.time_zone, @@global.time_zone")); s != "SYSTEM SYSTEM" {
		t.Errorf("after refused SETs: %s, want SYSTEM SYSTEM", s)
	}
	// A client asking for a zone through its DSN fails to connect.
	bad, err := sql.Open("mysql", "root@tcp("+ts.srv.Addr().String()+")/d?time_zone=%27%2B05%3A00%27")
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	if err := bad.Ping(); mysqlErrNo(err) != 1235 {
		t.Errorf("DSN time_zone='+05:00': %v, want 1235", err)
	}
	want := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, zone := range []string{"'+00:00'", "'UTC'", "'-00:00'", "DEFAULT", "'SYSTEM'"} {
		mustExec(t, db, "SET time_zone = "+zone)
		for _, params := range []string{"parseTime=true&interpolateParams=true", "parseTime=true&interpolateParams=false"} {
			c := ts.connectWith("d", params)
			c.SetMaxOpenConns(1)
			mustExec(t, c, "SET time_zone = "+zone)
			var tsv, dtv time.Time
			var unix int64
			if err := c.QueryRow("SELECT ts, dt, UNIX_TIMESTAMP(ts) FROM tz WHERE id = ?", 1).Scan(&tsv, &dtv, &unix); err != nil {
				t.Fatalf("%s %s: %v", zone, params, err)
			}
			if !tsv.Equal(want) || !dtv.Equal(want) || unix != want.Unix() {
				t.Errorf("%s %s: ts %v dt %v unix %d, want %v", zone, params, tsv, dtv, unix, want)
			}
			c.Close()
		}
	}
}
