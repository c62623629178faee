package server

import (
	"fmt"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// setReadCopyRows sets the process-wide myriad_ddl_read_copy_rows through a
// client of a server of its own (the tests it wraps start theirs), and
// puts the default back when the test ends.
func setReadCopyRows(t *testing.T, n int64) {
	t.Helper()
	set := func(n int64) {
		ts := startServer(t, t.TempDir())
		mustExec(t, ts.connect(""), fmt.Sprintf("SET GLOBAL %s = %d", engine.ReadCopyRowsVar, n))
		ts.srv.Close()
	}
	set(n)
	t.Cleanup(func() { set(engine.DefaultReadCopyRows) })
}

// The online-build tests again with every backfill reading a read copy
// (their tables are smaller than the default threshold): the index agrees
// with the table under concurrent DML, the batches whose rows changed
// since the copy were redone from the store, a duplicate a client writes
// during the build still fails CREATE UNIQUE INDEX.
func TestOnlineIndexFromReadCopy(t *testing.T) {
	setReadCopyRows(t, 0)
	copies, fromCopy, redone := engine.BackfillCopyCounts()
	t.Run("UnderDML", TestOnlineIndexUnderDML)
	c, f, r := engine.BackfillCopyCounts()
	t.Logf("under DML: %d copies, %d batches from a copy, %d redone from the store", c-copies, f-fromCopy, r-redone)
	if c == copies || f == fromCopy || r == redone {
		t.Fatalf("the build under DML did not both read copies and redo batches: %d copies, %d batches from a copy, %d redone",
			c-copies, f-fromCopy, r-redone)
	}
	copies = c
	t.Run("UniqueViolation", TestOnlineUniqueIndexViolation)
	if c, _, _ := engine.BackfillCopyCounts(); c == copies {
		t.Fatal("the unique builds took no read copy")
	}
	t.Run("KillQuery", TestOnlineIndexKillQuery)
}
