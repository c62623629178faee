package server

import "testing"

// A date or datetime expression compared with a number is compared as a
// number (YYYYMMDD, YYYYMMDDhhmmss), as MySQL does, unless it is a column
// and the number a constant (then the constant is read as a date). GMS
// compared CURDATE()'s text with the number (prefix 2026) and read a number
// column as a date: CURDATE() = 20261127 and d = n were 0.
func TestTemporalComparedWithNumber(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE dn")
	db = ts.connect("dn")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME, n INT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, '2026-11-27', '2026-11-27 10:30:00', 20261127), (2, '2026-11-28', '2026-11-28 00:00:00', 20261127), (3, NULL, NULL, NULL)")
	const today = "CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED)"
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT CURDATE() = " + today + ", CURDATE() IN (" + today + ", 1), CURDATE() <=> " + today +
			", CURDATE() < 20000101, NOW() > 20000101, CURDATE() BETWEEN 20000101 AND 30000101", []string{"1,1,1,0,1,1"}},
		{"SELECT DATE_ADD('2026-11-27', INTERVAL 1 DAY) = 20261128, DATE_ADD('2026-11-27', INTERVAL 1 DAY) IN (20261128, 3)," +
			" DATE('2026-11-27 10:00') <=> 20261127, TIMESTAMP('2026-11-27 10:30:00') = 20261127103000," +
			" DATE_ADD('2026-11-27 10:30:00', INTERVAL 1 SECOND) = 20261127103001, DATE('2026-11-27') < 20261127.5", []string{"1,1,1,1,1,1"}},
		{"SELECT id, d = n, d < n, d <=> n, d IN (n, 5), d BETWEEN n AND n, DATE_ADD(d, INTERVAL 0 DAY) = n, d = 20261127, dt = 20261127103000 FROM t ORDER BY id",
			[]string{"1,1,0,1,1,1,1,1,1", "2,0,0,0,0,0,0,0,0", "3,NULL,NULL,1,NULL,NULL,NULL,NULL,NULL"}},
		// MySQL converts a number constant to the type of a column only
		// (convert_constant_item); against any other date it compares
		// numbers, where MariaDB compares datetimes (0, 0 and 1 here).
		{"SELECT DATE('2026-11-27') = 20261127000000, TIMESTAMP('2026-11-27 10:30:00') < 20261128," +
			" TIMESTAMP('2026-11-27 10:30:00') BETWEEN 20261127 AND 20261128, TIMESTAMP('2026-11-27 10:30:00') IN (20261127, 20261127103000)",
			[]string{"0,0,0,1"}},
		{"SELECT id FROM t WHERE d = n", []string{"1"}},
		{"SELECT id FROM t WHERE DATE(dt) <= n ORDER BY id", []string{"1"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
	// A parameter is a constant: against a column it is read as a date
	// (2026-11-28 00:00:00 is 20261128), not compared as a number.
	var ids []int
	rows, err := db.Query("SELECT id FROM t WHERE dt = ? ORDER BY id", 20261128)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ids) != 1 || ids[0] != 2 {
		t.Fatalf("dt = ? (20261128): got ids %v, want [2]", ids)
	}
}
