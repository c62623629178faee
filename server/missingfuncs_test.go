package server

import "testing"

// TestTruncateMakeDate: TRUNCATE(X, D) and MAKEDATE(year, day), which GMS
// lacks (1305) and Django's MySQL backend writes for ISO years and for
// truncating dates to quarters and years. The expected values are MySQL's
// (and MariaDB 10.11's) answers.
func TestTruncateMakeDate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE f")
	db := ts.connectWith("f", "multiStatements=true") // DATEs as text
	wantRows(t, db, "SELECT TRUNCATE(201553, -2), TRUNCATE(201553, -2) / 100, TRUNCATE(-201553, -2), TRUNCATE(122, -2)",
		"201500,2015.0000,-201500,100")
	wantRows(t, db, "SELECT TRUNCATE(1.999, 1), TRUNCATE(-1.999, 1), TRUNCATE(1.999e0, 2), TRUNCATE(CAST(12345.678 AS DECIMAL(10,3)), -2), TRUNCATE(NULL, 1)",
		"1.9,-1.9,1.99,12300,NULL")
	wantRows(t, db, "SELECT MAKEDATE(2020, 1), MAKEDATE(2020, 366), MAKEDATE(2021, 366), MAKEDATE(19, 32), MAKEDATE(2020, 0)",
		"2020-01-01,2020-12-31,2022-01-01,2019-02-01,NULL")
	// Django's TruncQuarter and its ISO-year lookup, over a table.
	mustExec(t, db, "CREATE TABLE d (id INT PRIMARY KEY, dt DATETIME(6))")
	mustExec(t, db, "INSERT INTO d VALUES (1, '2015-06-15 14:30:50.000321'), (2, '2016-01-01 00:00:00')")
	wantRows(t, db, "SELECT id, CAST(MAKEDATE(YEAR(dt), 1) + INTERVAL QUARTER(dt) QUARTER - INTERVAL 1 QUARTER AS DATE) FROM d ORDER BY id",
		"1,2015-04-01", "2,2016-01-01")
	wantRows(t, db, "SELECT id, TRUNCATE(YEARWEEK(dt, 3), -2) / 100 FROM d ORDER BY id", "1,2015.0000", "2,2015.0000")
}
