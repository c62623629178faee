package server

import (
	"context"
	"testing"
)

// TestIndexNewerThanSnapshot: a transaction whose snapshot predates an
// index build reads through the new index only what the index can give
// it — rows it sees that were deleted before the build have no entry —
// so, as MySQL does, such a read fails with 1412 (ER_TABLE_DEF_CHANGED)
// instead of returning too few rows; the table read without the index,
// and every read after the transaction, are unaffected.
func TestIndexNewerThanSnapshot(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, k INT, v VARCHAR(10))")
	mustExec(t, db, "CREATE TABLE other (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 5, 'a'), (2, 5, 'b'), (3, 6, 'c')")
	ctx := context.Background()
	// One connection: the transaction's.
	c := ts.connect("d")
	c.SetMaxOpenConns(1)
	mustExec(t, c, "START TRANSACTION WITH CONSISTENT SNAPSHOT")
	mustExec(t, db, "DELETE FROM t WHERE id = 2")
	mustExec(t, db, "CREATE INDEX kx ON t (k)")
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM t WHERE k + 0 = 5").Scan(&n); err != nil || n != 2 {
		t.Fatalf("snapshot read without the index: %d rows, %v; want 2", n, err)
	}
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM t FORCE INDEX (kx) WHERE k = 5").Scan(&n)
	if err == nil {
		t.Fatalf("snapshot read through the newer index returned %d rows (the snapshot holds 2), want 1412", n)
	}
	wantError(t, "read through the newer index", err, 1412, "Table definition has changed, please retry transaction")
	mustExec(t, c, "COMMIT")
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM t FORCE INDEX (kx) WHERE k = 5").Scan(&n); err != nil || n != 1 {
		t.Fatalf("read through the index after the transaction: %d rows, %v; want 1", n, err)
	}
}
