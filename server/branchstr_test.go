package server

import "testing"

// TestBranchOfTemporalAndString: COALESCE, IFNULL, IF and CASE over a
// temporal branch and a string are MySQL's VARCHAR(n) (n the longest
// branch's display length), a temporal branch giving its own text. GMS
// typed them LONGTEXT/TEXT, printed a DATE as a DATETIME (COALESCE(d, 'x')
// was '2024-01-02 00:00:00'), gave ” for a TIME under IF/CASE, NULL for
// IFNULL(time, varchar) and failed IFNULL(time, 'x') (issue #9). Expected
// values are MariaDB 10.11's.
func TestBranchOfTemporalAndString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		mustExec(t, db, "DROP TABLE IF EXISTS tt")
		mustExec(t, db, "CREATE TABLE tt (id INT PRIMARY KEY, t TIME, d DATE, dt DATETIME, ts TIMESTAMP(3) NULL, v VARCHAR(5))")
		mustExec(t, db, "INSERT INTO tt VALUES (1, '10:00:00', '2024-01-02', '2024-01-02 03:04:05', '2024-01-02 03:04:05.25', 'ab'), (2, NULL, NULL, NULL, NULL, NULL)")
		for _, c := range []struct {
			expr, want string
		}{
			{"COALESCE(t, 'x')", "10:00:00|x"},
			{"COALESCE(d, 'x')", "2024-01-02|x"},
			{"COALESCE(dt, 'x')", "2024-01-02 03:04:05|x"},
			{"COALESCE(ts, 'x')", "2024-01-02 03:04:05.250|x"},
			{"IFNULL(t, 'x')", "10:00:00|x"},
			{"IFNULL(d, v)", "2024-01-02|NULL"},
			{"IFNULL(t, v)", "10:00:00|NULL"},
			{"COALESCE(v, d)", "ab|NULL"},
			{"IF(t IS NULL, 'x', t)", "10:00:00|x"},
			{"CASE WHEN d IS NULL THEN 'none' ELSE d END", "2024-01-02|none"},
			{"CASE t WHEN '10:00:00' THEN d ELSE 'no' END", "2024-01-02|no"},
		} {
			q := "SELECT " + c.expr + " FROM tt ORDER BY id"
			rows, err := db.Query(q, []any{}...)
			if err != nil {
				t.Errorf("%s %s: %v", params, q, err)
				continue
			}
			cts, err := rows.ColumnTypes()
			if err != nil {
				t.Fatal(err)
			}
			// go-sql-driver reports no length; VARCHAR, not TEXT/BLOB.
			if cts[0].DatabaseTypeName() != "VARCHAR" {
				t.Errorf("%s %s: column %s, want VARCHAR", params, c.expr, cts[0].DatabaseTypeName())
			}
			if got := joinRowsOf(t, rows); got != c.want {
				t.Errorf("%s %s: %q, want %q", params, c.expr, got, c.want)
			}
		}
	}
}
