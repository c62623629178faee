package server

import "testing"

// TestJSONTemporalText: a DATE, DATETIME, TIMESTAMP or TIME put into a JSON
// value prints as MySQL prints it there ('YYYY-MM-DD', 'YYYY-MM-DD
// hh:mm:ss.uuuuuu', 'hh:mm:ss.uuuuuu': six fractional digits, the manual's
// "The JSON Data Type"), a TIMESTAMP as the session's wall time, as SELECT
// shows it. GMS printed RFC 3339 ("2026-11-01T05:30:00Z"), without the
// fraction, and a TIMESTAMP's New York wall time with a Z.
func TestJSONTemporalText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, utc, "DROP TABLE IF EXISTS t")
		mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, ts TIMESTAMP(1) NULL, dt DATETIME(1), d DATE, tm TIME(2), dt0 DATETIME)")
		mustExec(t, utc, "INSERT INTO t VALUES (1, '2026-11-01 05:30:00.5', '2026-11-01 01:30:00.5', '2026-11-01', '-01:30:00.25', '2026-11-01 01:30:00')")
		ny := nyConn(t, ts, binary, nil)
		const stamp, dtime = `"2026-11-01 01:30:00.500000"`, `"2026-11-01 01:30:00.500000"`
		for _, c := range []struct{ q, want string }{
			{"SELECT JSON_OBJECT('t', ts, 'dt', dt, 'd', d, 'tm', tm) FROM t", `{"d": "2026-11-01", "t": ` + stamp + `, "dt": ` + dtime + `, "tm": "-01:30:00.250000"}`},
			{"SELECT JSON_ARRAY(ts, dt, d, tm, dt0) FROM t", `[` + stamp + `, ` + dtime + `, "2026-11-01", "-01:30:00.250000", "2026-11-01 01:30:00.000000"]`},
			{"SELECT JSON_ARRAYAGG(ts) FROM t", `[` + stamp + `]`},
			{"SELECT JSON_ARRAYAGG(d) FROM t", `["2026-11-01"]`},
			{"SELECT JSON_OBJECTAGG(id, dt) FROM t", `{"1": ` + dtime + `}`},
			{"SELECT JSON_OBJECTAGG(id, tm) FROM t", `{"1": "-01:30:00.250000"}`},
			{"SELECT CAST(ts AS JSON) FROM t", stamp},
			{"SELECT CAST(dt AS JSON) FROM t", dtime},
			{"SELECT CAST(d AS JSON) FROM t", `"2026-11-01"`},
			{"SELECT CAST(tm AS JSON) FROM t", `"-01:30:00.250000"`},
			{"SELECT JSON_SET('{}', '$.a', ts) FROM t", `{"a": ` + stamp + `}`},
			{"SELECT JSON_INSERT('{}', '$.a', dt) FROM t", `{"a": ` + dtime + `}`},
			{"SELECT JSON_REPLACE('{\"a\": 1}', '$.a', d) FROM t", `{"a": "2026-11-01"}`},
			{"SELECT JSON_ARRAY_APPEND('[]', '$', tm) FROM t", `["-01:30:00.250000"]`},
			{"SELECT JSON_UNQUOTE(JSON_EXTRACT(JSON_ARRAY(ts), '$[0]')) FROM t", `2026-11-01 01:30:00.500000`},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}
