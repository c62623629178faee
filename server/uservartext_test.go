package server

import (
	"strings"
	"testing"
)

// TestUserVariableTemporalText: a user variable set from a DATE, DATETIME,
// TIMESTAMP or TIME holds MySQL's text of the value (the manual: a temporal
// value "is converted to a binary string"), by SET, SELECT ... INTO and a
// prepared SET; GMS kept the Go time and printed `2024-01-02
// 00:00:00.000000`, so `@d + 0` was 20240102000000. The variable still
// compares with and writes into temporal columns. sqlfunc/uservartext.go;
// expected values are MariaDB 10.11's (it agrees with the manual).
func TestUserVariableTemporalText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE uv")
	mustExec(t, db, "CREATE TABLE uv.t (id INT PRIMARY KEY, dd DATE, dt DATETIME(2), tm TIME, KEY (dt))")
	mustExec(t, db, "INSERT INTO uv.t VALUES (1, '2024-01-02', '2024-01-02 03:04:05.67', '10:11:12'), (2, '2024-03-04', '2024-03-04 00:00:00', '-01:00:00')")
	c := ts.connectWith("uv", "interpolateParams=false")
	c.SetMaxOpenConns(1)
	steps := []struct{ q, want string }{
		{"SET @d = CAST('2024-01-02' AS DATE), @t = CAST('10:00:00.5' AS TIME(1)), @y = TIMESTAMP('2024-01-02 10:00:00.25')", ""},
		{"SELECT @d, @t, @y, CONCAT(@d), @d + 0", "2024-01-02|10:00:00.5|2024-01-02 10:00:00.25|2024-01-02|2024"},
		{"SET @e = (SELECT dt FROM t WHERE id = 1), @m = (SELECT tm FROM t WHERE id = 2)", ""},
		{"SELECT @e, @m", "2024-01-02 03:04:05.67|-01:00:00"},
		{"SELECT dd, dt INTO @d2, @e2 FROM t WHERE id = 2", ""},
		{"SELECT @d2, @e2", "2024-03-04|2024-03-04 00:00:00.00"},
		{"SELECT dt, id INTO @e3, @i FROM t ORDER BY id LIMIT 1", ""},
		{"SELECT @e3, @i", "2024-01-02 03:04:05.67|1"},
		// Still a date to comparisons and writes.
		{"SELECT GROUP_CONCAT(id ORDER BY id) FROM t WHERE dt >= @e", "1,2"},
		{"SELECT id FROM t WHERE dt = @e", "1"},
		{"INSERT INTO t VALUES (3, @d, @e, @m)", ""},
		{"SELECT dd, dt, tm FROM t WHERE id = 3", "2024-01-02|2024-01-02 03:04:05.67|-01:00:00"},
		{"SELECT CURDATE() INTO @c", ""},
		{"SELECT @c = CURDATE(), LENGTH(@c)", "1|10"},
	}
	for _, s := range steps {
		if s.want == "" {
			mustExec(t, c, s.q)
			continue
		}
		rows := queryRows(t, c, s.q)
		if got := strings.Join(rows[0], "|"); got != s.want {
			t.Errorf("%s: %s, want %s", s.q, got, s.want)
		}
	}
}
