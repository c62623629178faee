package server

import "testing"

// TestEnumSetMinMax: MIN() and MAX() of an ENUM or SET compare the
// members' text under the column's collation, as MySQL's manual says
// for MAX() ("by their string value rather than by the string's relative
// position in the set"), MIN() alike; GMS compared member numbers (MAX of
// a SET('p','q') holding 'p,q', '', 'q' was 'p,q'). Grouped, ungrouped
// and windowed; expected values are MariaDB 10.11's.
func TestEnumSetMinMax(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE em")
	mustExec(t, db, "CREATE TABLE em.t (id INT PRIMARY KEY, k INT, s SET('p','q'), e ENUM('zz','a','m','B'))")
	mustExec(t, db, "INSERT INTO em.t VALUES (1, 1, 'p,q', 'zz'), (2, 1, '', 'a'), (3, 2, 'q', 'm'), (4, 2, 'p', 'B')")
	for _, c := range []struct{ q, want string }{
		{"SELECT MAX(s), MIN(s), MAX(e), MIN(e) FROM t", "q,,zz,a"},
		{"SELECT k, MAX(s), MIN(s), MAX(e), MIN(e) FROM t GROUP BY k ORDER BY k", "1,p,q,,zz,a 2,q,p,m,B"},
		{"SELECT id, MAX(e) OVER (), MIN(e) OVER (), MAX(s) OVER (PARTITION BY k) FROM t ORDER BY id",
			"1,zz,a,p,q 2,zz,a,p,q 3,zz,a,q 4,zz,a,q"},
		{"SELECT MAX(e) FROM t WHERE k = 2", "m"},
	} {
		if got := rowsText(t, ts, "em", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
