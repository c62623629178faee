package server

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
)

// TestOnlineIndexBuildHeapBound builds indexes over rows a backfill
// decodes partly (only the key's columns, ixmem19): rows stored before an
// instant ADD COLUMN, a prefix part, a functional part (every column
// decoded) and a UNIQUE index (its check reads the key the batch carved
// from its reused slab). Each must agree with the table. While the
// backfill runs the server has a memory limit (myriad_ddl_backfill_gc_headroom_mb),
// the one from before when it ends; 0 leaves the limit alone.
func TestOnlineIndexBuildHeapBound(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 3000, func(i int) int { return (i * 7919) % 3001 })
	mustExec(t, db, "ALTER TABLE t ADD COLUMN w VARCHAR(40) NOT NULL DEFAULT 'added later', ALGORITHM=INSTANT")
	mustExec(t, db, "UPDATE t SET w = CONCAT('w', id % 97) WHERE id % 3 = 0")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")

	const before = int64(6 << 40)
	prev := debug.SetMemoryLimit(before)
	defer debug.SetMemoryLimit(prev)
	var lowest int64 = before
	pauseBackfill(t, "t", func(int64) { lowest = min(lowest, debug.SetMemoryLimit(-1)) })

	for _, c := range []struct{ ddl, ix, q string }{
		{"CREATE INDEX kw ON t (w(5), k)", "kw", "SELECT id, k, v, w FROM t %s WHERE w >= '' ORDER BY id"},
		{"CREATE UNIQUE INDEX ku ON t (k, id)", "ku", "SELECT id, k, v, w FROM t %s WHERE k >= 0 ORDER BY id"},
		{"CREATE INDEX kf ON t ((k + LENGTH(v)), w)", "kf", "SELECT id, k, v, w FROM t %s WHERE k + LENGTH(v) >= 0 ORDER BY id"},
	} {
		mustExec(t, db, c.ddl)
		byIndex := queryRows(t, db, fmt.Sprintf(c.q, "FORCE INDEX ("+c.ix+")"))
		scan := queryRows(t, db, fmt.Sprintf(c.q, "IGNORE INDEX ("+c.ix+")"))
		if len(scan) != 3000 || fmt.Sprint(byIndex) != fmt.Sprint(scan) {
			t.Fatalf("%s: index gives %d rows, the table %d", c.ix, len(byIndex), len(scan))
		}
		if plan := fmt.Sprint(queryRows(t, db, "EXPLAIN FORMAT=TREE "+fmt.Sprintf(c.q, "FORCE INDEX ("+c.ix+")"))); !strings.Contains(plan, "IndexedTableAccess(t)") {
			t.Fatalf("%s: the query does not read the index: %s", c.ix, plan)
		}
	}
	if lowest >= before {
		t.Fatalf("no memory limit below %d while the backfills ran", before)
	}
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Fatalf("memory limit %d after the builds, want %d", l, before)
	}
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_gc_headroom_mb = 0")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_gc_headroom_mb = DEFAULT")
	lowest = before
	mustExec(t, db, "CREATE INDEX k0 ON t (k)")
	if lowest != before {
		t.Fatalf("memory limit %d during a build with myriad_ddl_backfill_gc_headroom_mb = 0, want %d", lowest, before)
	}
}
