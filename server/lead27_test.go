package server

import (
	"context"
	"strings"
	"testing"
)

// TestLead27CteRecursionDepth: a recursive CTE stops with 3636 once it
// would run more iterations than cte_max_recursion_depth, as MySQL's
// FollowTailIterator does. GMS ignored the variable (its own limit is
// 10,001 iterations), so a 2,000-row recursion answered where MySQL
// refuses, and SET cte_max_recursion_depth changed nothing.
func TestLead27CteRecursionDepth(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	const count = "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < %s) SELECT COUNT(*), MAX(n) FROM r"
	q := func(limit string) string { return strings.Replace(count, "%s", limit, 1) }
	// The 1000th iteration reads row 1000 and makes none: allowed.
	if got := strings.Join(connRows(t, c, q("1000")), ";"); got != "1000,1000" {
		t.Errorf("1000 rows: got %q", got)
	}
	for _, tc := range []struct {
		set, limit string
		iterations string
	}{
		{"", "1001", "1001"},
		{"", "2000", "1001"},
		{"SET SESSION cte_max_recursion_depth = 5", "6", "6"},
		{"SET SESSION cte_max_recursion_depth = 0", "2", "1"},
	} {
		if tc.set != "" {
			mustExecConn(t, c, tc.set)
		}
		_, err := c.ExecContext(context.Background(), q(tc.limit))
		if mysqlErrNo(err) != 3636 || !strings.Contains(err.Error(), "aborted after "+tc.iterations+" iterations") {
			t.Errorf("%s; n < %s: got %v, want 3636 after %s iterations", tc.set, tc.limit, err, tc.iterations)
		}
	}
	mustExecConn(t, c, "SET SESSION cte_max_recursion_depth = 5")
	// Five iterations are allowed, also where one statement runs the CTE
	// several times: every execution counts from zero.
	for _, tc := range []struct{ q, want string }{
		{q("5"), "5,5"},
		{"WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT COUNT(*) FROM r a JOIN r b ON a.n <= b.n", "15"},
		{"SELECT COUNT(*) FROM (" + q("5") + ") x, (" + q("5") + ") y", "1"},
		{"SELECT (" + strings.Replace(q("5"), "COUNT(*), MAX(n)", "COUNT(*)", 1) + ") + k FROM (SELECT 0 AS k UNION ALL SELECT 1) t ORDER BY 1", "5;6"},
		// UNION DISTINCT ends when an iteration adds nothing new.
		{"WITH RECURSIVE r AS (SELECT 1 AS n UNION SELECT n FROM r) SELECT COUNT(*) FROM r", "1"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
	mustExecConn(t, c, "SET SESSION cte_max_recursion_depth = DEFAULT")
	if got := strings.Join(connRows(t, c, "SELECT @@cte_max_recursion_depth"), ";"); got != "1000" {
		t.Errorf("default depth: got %q", got)
	}
}
