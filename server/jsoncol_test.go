package server

import (
	"testing"
	"time"
)

// TestJSONColumnTemporal: a DATE, DATETIME, TIMESTAMP or TIME value written
// into a JSON column is refused with 3140, as MySQL 8.0 refuses it
// (Field_json::store_time is unsupported_conversion(), "not a JSON text,
// may need CAST"; a temporal column copied in is stored through its text,
// which is no JSON document), on every write path: INSERT VALUES, INSERT
// ... SELECT (a projection, and a source with LIMIT or UNION), REPLACE,
// UPDATE, multi-table UPDATE, ON DUPLICATE KEY UPDATE, a trigger's SET
// NEW.j, a procedure, and ALTER TABLE's copy. Nothing is written. GMS
// stored RFC 3339 text ("2026-11-01T01:30:00.5Z", a TIMESTAMP's New York
// wall time labelled Z) and a TIME as a number of nanoseconds. CAST(x AS
// JSON), MySQL's way in, stores the value's text with six fractional
// digits. A temporal argument where a JSON function reads a document is
// 3146 (GMS: 1105). Each statement takes a parameter, so that the binary
// protocol prepares it; go-sql-driver sends a time.Time parameter as text,
// which is no JSON document either (3140 in MySQL too).
func TestJSONColumnTemporal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		utc := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, utc, "DROP TABLE IF EXISTS u, t, t2, src")
		mustExec(t, utc, "DROP PROCEDURE IF EXISTS p")
		mustExec(t, utc, "CREATE TABLE u (id INT PRIMARY KEY, ts TIMESTAMP(1) NULL, dt DATETIME(1), d DATE, tm TIME(2))")
		mustExec(t, utc, "INSERT INTO u VALUES (1, '2026-11-01 05:30:00.5', '2026-11-01 01:30:00.5', '2026-11-01', '-01:30:00.25')")
		mustExec(t, utc, "CREATE TABLE t (id INT PRIMARY KEY, j JSON, dt DATETIME(1))")
		mustExec(t, utc, `INSERT INTO t VALUES (1, '{"a": 1}', '2026-11-01 01:30:00.5'), (2, '[]', NULL)`)
		mustExec(t, utc, "CREATE TABLE t2 (id INT PRIMARY KEY, j JSON, dt DATETIME(1))")
		mustExec(t, utc, "CREATE TRIGGER t2j BEFORE INSERT ON t2 FOR EACH ROW SET NEW.j = NEW.dt")
		mustExec(t, utc, "CREATE PROCEDURE p(x DATETIME(1)) INSERT INTO t (id, j) VALUES (20, x)")
		ny := nyConn(t, ts, binary, nil)
		const before = `1 {"a": 1} 2026-11-01 01:30:00.5|2 [] NULL`
		for _, c := range []struct {
			q    string
			arg  any
			want int
		}{
			{"INSERT INTO t (id, j) VALUES (?, CAST('2026-11-01 01:30:00.5' AS DATETIME(1)))", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, NOW())", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, CURDATE())", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, CURTIME(3))", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, DATE '2026-01-02')", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, TIMESTAMP '2026-01-02 03:04:05')", 10, 3140},
			{"INSERT INTO t (id, j) VALUES (?, TIME '10:00:00')", 10, 3140},
			{"INSERT INTO t (j, id, dt) VALUES (CURDATE(), ?, NULL)", 10, 3140},
			{"INSERT INTO t (dt, j) VALUES (NULL, CURDATE()), (?, '[]')", nil, 3140},
			{"INSERT INTO t (id, j) VALUES (10, ?)", time.Date(2026, 11, 1, 1, 30, 0, 500_000_000, time.UTC), 3140},
			{"INSERT INTO t (id, j) SELECT ?, dt FROM u", 10, 3140},
			{"INSERT INTO t (id, j) SELECT ?, ts FROM u", 10, 3140},
			{"INSERT INTO t (id, j) SELECT ?, d FROM u", 10, 3140},
			{"INSERT INTO t (id, j) SELECT ?, tm FROM u", 10, 3140},
			{"INSERT INTO t (id, j) SELECT ?, dt FROM u LIMIT 1", 10, 3140},
			{"INSERT INTO t (id, j) SELECT ?, dt FROM u UNION ALL SELECT 11, d FROM u", 10, 3140},
			{"INSERT INTO t (id, j) SELECT id + ?, MAX(ts) FROM u GROUP BY id", 10, 3140},
			{"REPLACE INTO t (id, j) VALUES (?, CURDATE())", 1, 3140},
			{"UPDATE t SET j = dt WHERE id = ?", 1, 3140},
			{"UPDATE t SET j = (SELECT ts FROM u) WHERE id = ?", 2, 3140},
			{"UPDATE t SET j = ADDTIME(dt, '01:00:00') WHERE id = ?", 1, 3140},
			{"UPDATE t JOIN u ON t.id = u.id SET t.j = u.d WHERE u.id = ?", 1, 3140},
			{"INSERT INTO t (id, j) VALUES (?, '[]') ON DUPLICATE KEY UPDATE j = t.dt", 1, 3140},
			{"INSERT INTO t (id, j) VALUES (?, '[]') ON DUPLICATE KEY UPDATE j = NOW()", 1, 3140},
			{"INSERT INTO t2 (id, dt) VALUES (?, '2026-11-01 01:30:00.5')", 1, 3140},
			{"CALL p(?)", "2026-11-01 01:30:00.5", 3140},
			{"SELECT JSON_MERGE_PATCH('{}', dt) FROM u WHERE id = ?", 1, 3146},
			{"SELECT JSON_MERGE_PRESERVE(d, '[1]') FROM u WHERE id = ?", 1, 3146},
			{"SELECT JSON_EXTRACT(ts, '$') FROM u WHERE id = ?", 1, 3146},
		} {
			var err error
			if c.q[0] == 'S' {
				var rows interface{ Close() error }
				rows, err = ny.Query(c.q, c.arg)
				if err == nil {
					rows.Close()
				}
			} else {
				_, err = ny.Exec(c.q, c.arg)
			}
			if got := mysqlErrno(err); got != c.want {
				t.Errorf("binary=%v %s: %v, want %d", binary, c.q, err, c.want)
			}
		}
		// A prepared INSERT run again comes from the plan cache (the
		// engine's direct single-row INSERT, with the bound plan's
		// expressions).
		st, err := ny.Prepare("INSERT INTO t (id, j) VALUES (?, CURRENT_TIMESTAMP(1))")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			if _, err := st.Exec(40 + i); mysqlErrno(err) != 3140 {
				t.Errorf("binary=%v prepared INSERT, run %d: %v, want 3140", binary, i+1, err)
			}
		}
		st.Close()
		if _, err := ny.Exec("ALTER TABLE u MODIFY dt JSON"); mysqlErrno(err) != 3140 {
			t.Errorf("binary=%v ALTER TABLE u MODIFY dt JSON: %v, want 3140", binary, err)
		}
		if got := joinRows(queryRows(t, ny, "SELECT id, j, CAST(dt AS CHAR) FROM t ORDER BY id")); got != before {
			t.Errorf("binary=%v: t is %s after the refused writes, want %s", binary, got, before)
		}
		if got := joinRows(queryRows(t, ny, "SELECT COUNT(*) FROM t2")); got != "0" {
			t.Errorf("binary=%v: t2 has %s rows, want 0", binary, got)
		}
		if got := joinRows(queryRows(t, ny, "SELECT CAST(dt AS CHAR) FROM u")); got != "2026-11-01 01:30:00.5" {
			t.Errorf("binary=%v: u.dt is %s after the refused ALTER", binary, got)
		}

		// MySQL's way in: CAST(x AS JSON), the value's text with six
		// fractional digits (a TIMESTAMP as the session's wall time); a
		// NULL temporal is SQL NULL; JSON text in a string is a document.
		mustExec(t, ny, "INSERT INTO t (id, j) SELECT 30, CAST(ts AS JSON) FROM u")
		mustExec(t, ny, "INSERT INTO t (id, j) VALUES (31, CAST(DATE '2026-01-02' AS JSON))")
		mustExec(t, ny, "UPDATE t SET j = CAST(dt AS JSON) WHERE id = 1")
		mustExec(t, ny, "UPDATE t SET j = dt WHERE id = 2") // dt is NULL
		mustExec(t, ny, "INSERT INTO t (id, j) VALUES (32, ?)", `"2026-11-01 01:30:00.500000"`)
		mustExec(t, ny, "INSERT INTO t (dt, id, j) VALUES (NOW(), ?, '[1.50, 1e2]')", 33)
		want := `1 "2026-11-01 01:30:00.500000"|2 NULL|30 "2026-11-01 01:30:00.500000"|31 "2026-01-02"|32 "2026-11-01 01:30:00.500000"|33 [1.5, 100.0]`
		if got := joinRows(queryRows(t, ny, "SELECT id, j FROM t ORDER BY id")); got != want {
			t.Errorf("binary=%v: %s, want %s", binary, got, want)
		}
		for _, c := range []struct{ q, want string }{
			{"SELECT JSON_MERGE_PRESERVE('[1]', CAST(ts AS JSON), CAST(tm AS JSON)) FROM u", `[1, "2026-11-01 01:30:00.500000", "-01:30:00.250000"]`},
			{`SELECT JSON_MERGE_PATCH('{"a": 1}', JSON_OBJECT('b', d)) FROM u`, `{"a": 1, "b": "2026-11-01"}`},
		} {
			if got := joinRows(queryRows(t, ny, c.q)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestJSONColumnListOrder: an INSERT whose column list is not the table's
// order, or names fewer columns, reads the text going into a JSON column as
// a JSON document with MySQL's number kinds (1e2 is the DOUBLE 100.0), and
// leaves the text going into a VARCHAR column as it is. The JSON reading
// was applied by position in the table's order: `(id, s, j)` read s's text
// as a document and stored it reprinted ('{"a": 1}' for '{"a":1}'), and
// j's text went to GMS's parser ([100]).
func TestJSONColumnListOrder(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, db, "DROP TABLE IF EXISTS tt")
		mustExec(t, db, "CREATE TABLE tt (id INT PRIMARY KEY, j JSON, s VARCHAR(20), n INT)")
		mustExec(t, db, `INSERT INTO tt (id, s, j) VALUES (?, '{"a":1}', '[1e2]')`, 1)
		mustExec(t, db, `INSERT INTO tt (s, j, id) SELECT '[1.0]', '{"b":1e1}', ?`, 2)
		mustExec(t, db, `INSERT INTO tt (j, id) VALUES ('[2.5e0]', ?)`, 3)
		want := `1 [100.0] {"a":1} NULL|2 {"b": 10.0} [1.0] NULL|3 [2.5] NULL NULL`
		if got := joinRows(queryRows(t, db, "SELECT id, j, s, n FROM tt ORDER BY id")); got != want {
			t.Errorf("binary=%v: %s, want %s", binary, got, want)
		}
	}
}
