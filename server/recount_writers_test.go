package server

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// A table without a stored row count that writers change without pause
// gets its count stored by one read of TABLE_ROWS (the recount's base
// takes the writes committed during it as deltas on top). It did not: the
// recount stored its count only if no row was written between its
// snapshot and its commit, so under a continuous writer every read of
// TABLE_ROWS scanned the whole table again and stored nothing. Readers
// recounting at once must not add two bases up either.
func TestRecountConvergesUnderWriters(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(16)
	mustExec(t, db, "CREATE DATABASE rw")
	mustExec(t, db, "CREATE TABLE rw.t (id INT PRIMARY KEY AUTO_INCREMENT, w INT, pad VARCHAR(100))")
	// Enough rows that a recount's scan takes a while (a TABLE_ROWS read
	// may count more than once; each must overlap a commit for the old
	// check to fail): writers commit during it.
	for i := 0; i < 100; i++ {
		q := "INSERT INTO rw.t (w, pad) VALUES " + "(0, REPEAT('x', 100))"
		for j := 1; j < 500; j++ {
			q += ", (0, REPEAT('x', 100))"
		}
		mustExec(t, db, q)
	}
	sch, err := ts.srv.cat.Schema(nil, "rw")
	if err != nil || sch == nil {
		t.Fatalf("schema: %v", err)
	}
	def, err := ts.srv.cat.Table(nil, sch, "t")
	if err != nil || def == nil {
		t.Fatalf("table: %v", err)
	}
	key := keys.RowCount(def.DataSchemaID, def.ID)
	dropBase := func() {
		t.Helper()
		wb := kv.NewWriteBatch()
		wb.Delete(key)
		if err := ts.srv.db.Apply(wb); err != nil {
			t.Fatal(err)
		}
	}
	stored := func() (int64, bool) {
		t.Helper()
		v, ok, err := ts.srv.db.Get(key)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return 0, false
		}
		n, exact, err := kv.DecodeCount(v)
		if err != nil {
			t.Fatal(err)
		}
		return n, exact
	}
	tableRows := func() int64 {
		t.Helper()
		r := queryRows(t, db, "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'rw' AND TABLE_NAME = 't'")
		n, err := strconv.ParseInt(r[0][0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	// Writers: autocommit INSERTs and DELETEs until stop.
	var commits atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Point writes by primary key, each its own commit: a DELETE
			// that scanned for its row made a few commits a second.
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				id := w*10_000_000 + i
				q := fmt.Sprintf("INSERT INTO rw.t VALUES (%d, %d, 'y')", id, w)
				if i%3 == 2 {
					q = fmt.Sprintf("DELETE FROM rw.t WHERE id = %d", id-1)
				}
				if _, err := db.Exec(q); err != nil {
					errs <- err
					return
				}
				commits.Add(1)
			}
		}(w)
	}
	stopWriters := func() {
		close(stop)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("writer: %v", err)
		}
	}

	// One reader: the first read recounts and stores the base, though
	// writers committed while it ran. Rounds in which no writer happened
	// to commit during the read prove nothing and are not counted.
	for overlapped, tries := 0, 0; overlapped < 3; tries++ {
		if tries == 100 {
			t.Fatal("no writer committed during any of 100 recounts: the test shows nothing")
		}
		dropBase()
		if _, exact := stored(); exact {
			t.Fatal("the base is still there")
		}
		c0 := commits.Load()
		tableRows()
		if commits.Load() == c0 {
			continue
		}
		overlapped++
		if _, exact := stored(); !exact {
			stopWriters()
			t.Fatalf("one recount under continuous writers stored no count (%d commits during it)", commits.Load()-c0)
		}
	}

	// Concurrent readers: at most one base is added.
	dropBase()
	var rg sync.WaitGroup
	for r := 0; r < 6; r++ {
		rg.Add(1)
		go func() {
			defer rg.Done()
			var n string
			if err := db.QueryRow("SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'rw' AND TABLE_NAME = 't'").Scan(&n); err != nil {
				t.Error(err)
			}
		}()
	}
	rg.Wait()
	stopWriters()
	n, exact := stored()
	count := queryRows(t, db, "SELECT COUNT(*) FROM rw.t")[0][0]
	if !exact || strconv.FormatInt(n, 10) != count {
		t.Fatalf("stored count %d (exact=%v), COUNT(*) %s", n, exact, count)
	}
	if got := tableRows(); strconv.FormatInt(got, 10) != count {
		t.Fatalf("TABLE_ROWS %d, COUNT(*) %s", got, count)
	}
}
