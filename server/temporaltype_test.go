package server

import (
	"fmt"
	"testing"
)

// TestUnionTemporalTypes: a UNION column of DATE, DATETIME and TIMESTAMP
// mixed is DATETIME with the larger fractional digits in MySQL 8.0
// (Field::field_type_merge), its DATE rows at 00:00:00 and its TIMESTAMP
// rows the session's wall time; GMS typed it TEXT and printed each row in
// its own kind ("2024-01-02" for the DATE row).
func TestUnionTemporalTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		ny := nyConn(t, ts, binary, nil)
		mustExec(t, utc, "DROP TABLE IF EXISTS t")
		mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME, dt3 DATETIME(3), ts TIMESTAMP NULL, ts6 TIMESTAMP(6) NULL)")
		// ts: the later 01:30 of America/New_York's 2026-11-01 (EST).
		mustExec(t, utc, "INSERT INTO t VALUES (1, '2024-01-02', '2024-01-02 03:04:05', '2024-01-02 03:04:05.125', '2026-11-01 06:30:00', '2026-11-01 06:30:00.5')")
		for _, c := range []struct{ q, typ, want string }{
			{"SELECT d FROM t UNION ALL SELECT dt FROM t", "DATETIME 0", "2024-01-02T00:00:00Z|2024-01-02T03:04:05Z"},
			{"SELECT d FROM t UNION SELECT dt3 FROM t", "DATETIME 3", "2024-01-02T00:00:00Z|2024-01-02T03:04:05.125Z"},
			{"SELECT dt FROM t UNION ALL SELECT d FROM t", "DATETIME 0", "2024-01-02T03:04:05Z|2024-01-02T00:00:00Z"},
			{"SELECT ts FROM t UNION ALL SELECT dt FROM t", "DATETIME 0", "2026-11-01T01:30:00Z|2024-01-02T03:04:05Z"},
			{"SELECT ts FROM t UNION SELECT ts + INTERVAL 0 SECOND FROM t", "DATETIME 0", "2026-11-01T01:30:00Z"},
			{"SELECT ts6 FROM t UNION ALL SELECT d FROM t", "DATETIME 6", "2026-11-01T01:30:00.5Z|2024-01-02T00:00:00Z"},
			{"SELECT d FROM t UNION ALL SELECT ts FROM t", "DATETIME 0", "2024-01-02T00:00:00Z|2026-11-01T01:30:00Z"},
			// Unchanged: one kind.
			{"SELECT dt FROM t UNION ALL SELECT dt3 FROM t", "DATETIME 3", "2024-01-02T03:04:05Z|2024-01-02T03:04:05.125Z"},
			{"SELECT d FROM t UNION ALL SELECT d FROM t", "DATE 0", "2024-01-02T00:00:00Z|2024-01-02T00:00:00Z"},
		} {
			rows, err := ny.Query(c.q)
			if err != nil {
				t.Errorf("binary=%v %s: %v", binary, c.q, err)
				continue
			}
			cts, err := rows.ColumnTypes()
			rows.Close()
			if err != nil {
				t.Fatal(err)
			}
			_, scale, _ := cts[0].DecimalSize()
			if got := fmt.Sprintf("%s %d", cts[0].DatabaseTypeName(), scale); got != c.typ {
				t.Errorf("binary=%v %s: type %s, want %s", binary, c.q, got, c.typ)
			}
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
